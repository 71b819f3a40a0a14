"""The conformance suite (dinotable.core.conformance) against every registered game, every player count
and every option set the game declares. A new game is covered by registering it."""

import os

import pytest

import dinotable
from dinotable.core import conformance
from dinotable.core.rng import derive_seed

SOAK_SEEDS = int(os.environ.get("DINOTABLE_SOAK", "3"))


def _cases():
    for name in dinotable.list_games():
        game = dinotable.get_game(name)
        for num_players in range(game.min_players, game.max_players + 1):
            for i, options in enumerate(game.test_option_sets):
                # Some option sets are for some player counts only (a solo scenario: one player).
                if options in game.test_option_sets_for(num_players):
                    yield pytest.param(name, num_players, options, id=f"{name}-{num_players}p-opts{i}")


CASES = list(_cases())


@pytest.mark.parametrize("check", sorted(conformance.CHECKS))
@pytest.mark.parametrize(("name", "num_players", "options"), CASES)
def test_conformance(check, name, num_players, options):
    """Each conformance check on one seed per game, player count and option set."""
    game = dinotable.get_game(name)
    conformance.CHECKS[check](game, num_players, options, derive_seed(1, num_players))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "num_players", "options"), CASES)
def test_soak(name, num_players, options):
    """Seeded random-play soak: DINOTABLE_SOAK seeds (3 by default) of every check."""
    game = dinotable.get_game(name)
    for k in range(SOAK_SEEDS):
        conformance.run_all(game, num_players, options, derive_seed(2, num_players, k))


def test_every_game_is_listed_and_loads():
    """list_games() names every game and get_game() returns it with its static facts."""
    names = dinotable.list_games()
    assert "my-funny-dinos" in names
    for name in names:
        game = dinotable.get_game(name)
        assert game.name == name
        assert 1 <= game.min_players <= game.max_players
        assert game.num_distinct_actions > 0
        assert isinstance(game.title, str) and game.title


# The suite itself must catch what it is for: each of these breaks one thing on purpose.
def test_suite_catches_a_view_that_leaks_buried_tiles(monkeypatch):
    from dinotable.games.my_funny_dinos import render

    monkeypatch.setattr(render, "_known", lambda s, p: 2)
    with pytest.raises(AssertionError, match="determinized"):
        conformance.check_views(dinotable.get_game("my-funny-dinos"), 3, {}, 1)


def test_suite_catches_a_shallow_clone(monkeypatch):
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

    def shallow(self):
        new = MyFunnyDinosState.__new__(MyFunnyDinosState)
        new.__dict__ = self.__dict__.copy()
        return new

    monkeypatch.setattr(MyFunnyDinosState, "clone", shallow)
    # Shared lists corrupt the original: a check fails, or the corrupted game breaks outright.
    with pytest.raises((AssertionError, IndexError, ValueError)):
        conformance.check_clone(dinotable.get_game("my-funny-dinos"), 3, {}, 1)


def test_suite_catches_duplicate_legal_actions(monkeypatch):
    from dinotable.games.my_funny_dinos import rules

    real = rules.legal_actions
    monkeypatch.setattr(rules, "legal_actions", lambda s: real(s) + real(s)[:1] if len(real(s)) > 1 else real(s))
    with pytest.raises(AssertionError, match="duplicate"):
        conformance.check_soak(dinotable.get_game("my-funny-dinos"), 2, {}, 1)


def test_suite_catches_a_view_that_hands_out_the_states_own_list(monkeypatch):
    from dinotable.games.my_funny_dinos import render

    real = render.view
    monkeypatch.setattr(render, "view", lambda s, seat: {**real(s, seat), "pile_tiles": s.pile})
    with pytest.raises(AssertionError, match="changed the state"):
        conformance.check_handouts(dinotable.get_game("my-funny-dinos"), 2, {}, 1)
