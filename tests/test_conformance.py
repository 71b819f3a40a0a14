"""The conformance suite (dinotable.core.conformance) against every registered game, every player count
and every option set the game declares. A new game is covered by registering it."""

import importlib
import os
from dataclasses import replace

import pytest

import dinotable
from dinotable.core import Event, conformance
from dinotable.core.decisions import Decisions
from dinotable.core.rng import Rng, derive_seed
from dinotable.games.dinogenics.components import CREDITS

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


# The suite itself must catch what it is for: each of these breaks one thing on purpose, in every game,
# and the check made for it must fail with its own message (not the broken game crashing).
GAMES = dinotable.list_games()


def _broken(monkeypatch, name: str, attr: str, make):
    """The game's state class with `attr` replaced by make(the real one); returns the game."""
    game = dinotable.get_game(name)
    cls = type(game.new_game(2, 1))
    monkeypatch.setattr(cls, attr, make(getattr(cls, attr)))
    return game


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_view_that_leaks_a_secret(monkeypatch, name):
    game = _broken(
        monkeypatch, name, "view", lambda real: lambda s, seat: {**real(s, seat), "x": repr(s.secrets(seat))}
    )
    with pytest.raises(AssertionError, match="differs on a copy determinized for it"):
        conformance.check_views(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_copy_that_keeps_every_hidden_thing(monkeypatch, name):
    def keeps_all(real):
        def determinize(s, seat, seed):
            copy = s.clone()
            s._reseed_copy(copy, seed)
            return copy

        return determinize

    game = _broken(monkeypatch, name, "_determinize", keeps_all)
    with pytest.raises(AssertionError, match="keeps the true"):
        conformance.check_secrets(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_re_deal_that_follows_the_hidden_order(monkeypatch, name):
    """A copy that shuffles the hidden things from the order they truly lie in depends on that order: a copy
    of a copy then differs from a copy of the true game, and a search on either would differ."""
    import dinotable.core.rng as rng

    module = importlib.import_module(type(dinotable.get_game(name).new_game(2, 1)).__module__)
    monkeypatch.setattr(module, "redeal", rng.shuffle)
    with pytest.raises(AssertionError, match="copy of a copy"):
        conformance.check_views(dinotable.get_game(name), 2, {}, 1)


def test_suite_catches_a_dinogenics_copy_that_keeps_the_movers_hands(monkeypatch):
    """The defect the review found: copies made for another seat kept the true hands of a seat creating
    a dinosaur or playing a Manipulation card."""

    def keeps_mover(real):
        return lambda s, new, seat, others, rng, keep: real(s, new, seat, [o for o in others if o != s.cur], rng, keep)

    game = _broken(monkeypatch, "dinogenics", "_redeal", keeps_mover)
    with pytest.raises(AssertionError, match=r"keeps the true .*seat \d's (DNA|Manipulation) hand"):
        for seed in range(1, 6):
            conformance.check_secrets(game, 3, {}, seed)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_an_event_not_named_in_snake_case(monkeypatch, name):
    def renames(real):
        def apply(s, action):
            return [Event(e.kind.replace("_", "-") + "-X", e.seat, e.detail) for e in real(s, action)]

        return apply

    game = _broken(monkeypatch, name, "apply", renames)
    with pytest.raises(AssertionError, match="is not snake_case"):
        conformance.check_event_names(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_an_event_that_tells_a_secret(monkeypatch, name):
    def tells(real):
        def apply(s, action, *viewer):
            events = real(s, action, *viewer)
            return [*events, Event("peek", None, {"secrets": repr(s.secrets(None))})]

        return apply

    _broken(monkeypatch, name, "apply", tells)
    game = _broken(monkeypatch, name, "apply_told", tells)
    with pytest.raises(AssertionError, match="on a copy it cannot tell apart"):
        conformance.check_events(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_decision_told_to_others_as_its_mover_reads_it(monkeypatch, name):
    """A decision text that names what only the mover sees (the told text replaced by the mover's own text
    plus the mover's secrets) is caught: two choices that look alike to a viewer read differently."""

    def tells(real):
        def action_text(s, action, viewer=...):
            own = real(s, action)
            return own if viewer is ... or viewer == s.current_player else f"{own} {s.secrets(viewer)!r}"

        return action_text

    game = _broken(monkeypatch, name, "action_text", tells)
    with pytest.raises(AssertionError, match="look alike to seat|on a copy it cannot tell apart"):
        for seed in range(1, 4):
            conformance.check_told(game, 2, {}, seed)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_an_event_text_with_an_internal_key(monkeypatch, name):
    game = dinotable.get_game(name)
    monkeypatch.setattr(type(game), "event_text", lambda self, state, event: f"{event.kind} {event.detail}")
    with pytest.raises(AssertionError, match="is not the game's words"):
        conformance.check_event_texts(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_shallow_clone(monkeypatch, name):
    def shallow(real):
        def clone(s):
            new = type(s).__new__(type(s))
            new.__dict__ = s.__dict__.copy()
            return new

        return clone

    game = _broken(monkeypatch, name, "clone", shallow)
    with pytest.raises(AssertionError, match="changed the original|changed its clone"):
        conformance.check_clone(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_duplicate_legal_actions(monkeypatch, name):
    game = _broken(monkeypatch, name, "legal_actions", lambda real: lambda s: real(s) + real(s)[:1])
    with pytest.raises(AssertionError, match="duplicate"):
        conformance.check_soak(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_view_that_hands_out_the_states_own_list(monkeypatch, name):
    game = _broken(monkeypatch, name, "view", lambda real: lambda s, seat: {**real(s, seat), "log": s.history})
    with pytest.raises(AssertionError, match="changed the state"):
        conformance.check_handouts(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_view_that_hands_out_a_table_it_keeps(monkeypatch, name):
    kept = {"made once": ["and shared by every view"]}
    game = _broken(monkeypatch, name, "view", lambda real: lambda s, seat: {**real(s, seat), "kept": kept})
    with pytest.raises(AssertionError, match="changed the next view"):
        conformance.check_handouts(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_record_that_drops_its_last_decision(monkeypatch, name):
    def drops(real):
        return lambda s: {**real(s), "history": s.history[:-1]}

    game = _broken(monkeypatch, name, "to_json", drops)
    with pytest.raises(AssertionError, match="from_json\\(to_json\\(\\)\\) differs"):
        conformance.check_replay(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_an_action_that_is_taken_though_illegal(monkeypatch, name):
    def lenient(real):
        return lambda s, action: [] if action == -1 else real(s, action)

    game = _broken(monkeypatch, name, "apply", lenient)
    with pytest.raises(AssertionError, match="illegal action -1 was accepted"):
        conformance.check_actions(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_an_action_that_changes_the_state_when_refused(monkeypatch, name):
    def leaves_a_trace(real):
        def apply(s, action):
            if action not in s.legal_actions():
                s.history.append(-1)
            return real(s, action)

        return apply

    game = _broken(monkeypatch, name, "apply", leaves_a_trace)
    with pytest.raises(AssertionError, match="changed the state"):
        conformance.check_actions(game, 2, {}, 1)


def _takes_a_bone(s) -> None:
    s.supply -= 1
    s.bones[s.cur] += 1


def _gains_a_credit(s) -> None:
    s.add(s.cur, CREDITS, 1)


def _takes_a_stegosaurus(s) -> None:
    s.supply[0] -= 1


# Per game, a description that moves the state as it describes: My Funny Dinos takes a bone token from the
# supply, DinoGenics pays the mover a credit, Tiny Epic Dinosaurs takes a Stegosaurus from the supply.
MOVES_THE_STATE = {
    "my-funny-dinos": _takes_a_bone,
    "dinogenics": _gains_a_credit,
    "tiny-epic-dinosaurs": _takes_a_stegosaurus,
}


def _broken_info(monkeypatch, name: str, make):
    """The game with every decision record's `info` replaced by make(the record)."""
    game = dinotable.get_game(name)
    cls = type(game.new_game(2, 1))
    broken = Decisions()
    for decision in cls.decisions:
        broken.add(replace(decision, info=make(decision)))
    monkeypatch.setattr(cls, "decisions", broken)
    return game


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_description_that_changes_the_state(monkeypatch, name):
    """Decision records describing an action by moving the state (My Funny Dinos: a bone token taken from the
    supply; DinoGenics: a credit to the mover; Tiny Epic Dinosaurs: a dinosaur off the supply):
    check_action_info must see the state changed."""

    def moves(decision):
        def info(s, action, ctx):
            MOVES_THE_STATE[name](s)
            return decision.info(s, action, ctx)

        return info

    game = _broken_info(monkeypatch, name, moves)
    with pytest.raises(AssertionError, match="action_info changed the state"):
        conformance.check_action_info(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_actions_on_offer_that_name_two_decisions(monkeypatch, name):
    """A description whose "decision" names the action as well as the decision: the actions on offer no longer
    name one decision."""

    def renames(decision):
        return lambda s, action, ctx: {**decision.info(s, action, ctx), "decision": f"{decision.name} {action}"}

    game = _broken_info(monkeypatch, name, renames)
    with pytest.raises(AssertionError, match="the actions on offer name two decisions"):
        conformance.check_action_info(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_description_without_a_kind(monkeypatch, name):
    game = _broken_info(monkeypatch, name, lambda decision: lambda s, action, ctx: {"kind": ""})
    with pytest.raises(AssertionError, match=r"action_info\(\d+\) has no kind"):
        conformance.check_action_info(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_description_of_an_action_not_on_offer(monkeypatch, name):
    def describes_anything(real):
        return lambda s, action: {"decision": s.decisions[s.phase].name, "kind": s.layout.kind(action)[0]}

    game = _broken(monkeypatch, name, "action_info", describes_anything)
    with pytest.raises(AssertionError, match=r"action_info described \d+, which is not on offer"):
        conformance.check_action_info(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_forced_decision_told_with_what_the_viewer_cannot_see(monkeypatch, name):
    """check_forced: a decision that resolved itself is told to each viewer as that viewer sees it. Broken
    here: apply_told's "forced" events carry, in their text, what the viewer cannot see (its secrets after
    the action); the true state and a copy determinized for the viewer then tell it different things though
    they look alike to it. The other events are left as they are."""

    def tells(real):
        def apply_told(s, action, viewer):
            events = real(s, action, viewer)
            return [
                Event("forced", e.seat, {"text": f"{e.detail['text']} {s.secrets(viewer)!r}"})
                if e.kind == "forced"
                else e
                for e in events
            ]

        return apply_told

    game = _broken(monkeypatch, name, "apply_told", tells)
    with pytest.raises(
        AssertionError,
        match=r"after action \d+ at decision \d+, seat (None|\d) is told .* on the "
        r"true state but .* on a copy it cannot tell apart",
    ):
        conformance.check_forced(game, 2, {}, 1)


def test_a_decision_that_resolved_itself_is_told_to_each_viewer_as_they_see_it():
    """apply_told narrates a forced decision: its own seat reads the card it kept, the other seat and a
    spectator only that a card was kept; apply tells no forced decision at all."""
    game = dinotable.get_game("dinogenics")
    for seed in range(5):
        state, rng = game.new_game(2, seed, {}), Rng(seed)
        while not state.is_over:
            a = state.legal_actions()[rng.below(len(state.legal_actions()))]
            told = {v: [e for e in state.clone().apply_told(a, v) if e.kind == "forced"] for v in (0, 1, None)}
            keeps = [e for e in told[0] if e.detail["text"].startswith("Keep a")]
            if keeps:
                owner = keeps[0].seat
                texts = {v: [e.detail["text"] for e in events] for v, events in told.items()}
                assert texts[1 - owner] == texts[None] != texts[owner]
                assert any(t.startswith("Keep one of the cards drawn") for t in texts[None])
                assert not [e for e in state.clone().apply(a) if e.kind == "forced"]
                return
            state.apply(a)
    pytest.fail("no forced keep of a drawn card in five games")


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_status_line_wider_than_the_terminal(monkeypatch, name):
    game = dinotable.get_game(name)
    monkeypatch.setattr(type(game), "status_line", lambda self, state, seat: "x" * 81)
    with pytest.raises(AssertionError, match="the status line of seat None has a line of 81 characters"):
        conformance.check_screen(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_two_actions_on_offer_with_one_name(monkeypatch, name):
    game = dinotable.get_game(name)
    for attr in ("board_text", "screen_text", "status_line"):
        monkeypatch.setattr(type(game), attr, lambda self, state, seat: "a table")
    monkeypatch.setattr(type(game), "seat_board_text", lambda self, state, viewer, seat: "a board")
    monkeypatch.setattr(type(game), "action_label", lambda self, state, action: "an action")
    monkeypatch.setattr(type(game), "action_name", lambda self, state, action: "dig")
    with pytest.raises(AssertionError, match="are both named 'dig'"):
        conformance.check_screen(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_two_actions_on_offer_that_read_alike(monkeypatch, name):
    game = dinotable.get_game(name)
    state_class = type(game.new_game(2, 1))
    monkeypatch.setattr(state_class, "action_text", lambda self, action, viewer=None: "Dig here")
    with pytest.raises(AssertionError, match="both read 'Dig here'"):
        conformance.check_screen(game, 2, {}, 1)


# ------------------------------------------------------------------------ the score now, and the reasons


def _secret_number(s, seat) -> int:
    """A number that follows what `seat` cannot see (a copy determinized for it re-deals that), in its order
    too: a re-deal that only moves cards between hands or shuffles a deck keeps every character's count."""
    return sum(i * ord(ch) for i, ch in enumerate(repr(sorted(s.secrets(seat).items())))) % 97


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_score_now_that_tells_a_secret(monkeypatch, name):
    def tells(real):
        def score_now(s, viewer):
            rows = real(s, viewer)
            rows[0]["parts"].append({"name": "Luck", "points": _secret_number(s, viewer)})
            rows[0]["total"] += _secret_number(s, viewer)
            return rows

        return score_now

    game = _broken(monkeypatch, name, "score_now", tells)
    with pytest.raises(AssertionError, match="differs on a copy determinized for it"):
        conformance.check_score_now(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_score_now_that_is_not_the_final_score(monkeypatch, name):
    def one_more(real):
        def score_now(s, viewer):
            rows = real(s, viewer)
            rows[0]["parts"].append({"name": "A point too many", "points": 1})
            rows[0]["total"] += 1
            return rows

        return score_now

    game = _broken(monkeypatch, name, "score_now", one_more)
    with pytest.raises(AssertionError, match="at the end, score_now gives"):
        conformance.check_score_now(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_score_total_that_is_not_its_parts(monkeypatch, name):
    def miscounts(real):
        def score_now(s, viewer):
            rows = real(s, viewer)
            rows[-1]["total"] += 1
            return rows

        return score_now

    game = _broken(monkeypatch, name, "score_now", miscounts)
    with pytest.raises(AssertionError, match="a total is not the sum of its parts"):
        conformance.check_score_now(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_target_without_an_action_or_a_reason(monkeypatch, name):
    game = _broken(monkeypatch, name, "unavailable", lambda real: lambda s, seat: [])
    with pytest.raises(AssertionError, match="has neither an action nor a reason"):
        conformance.check_unavailable(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_reason_given_for_a_target_on_offer(monkeypatch, name):
    def every_target(real):
        return lambda s, seat: [{"target": t, "reason": "Not now."} for t in s.targets()] if seat == s.cur else []

    game = _broken(monkeypatch, name, "unavailable", every_target)
    with pytest.raises(AssertionError, match="is offered and given a reason"):
        conformance.check_unavailable(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_a_reason_that_tells_a_secret(monkeypatch, name):
    def tells(real):
        def unavailable(s, seat):
            return [{**entry, "reason": f"{entry['reason']} ({_secret_number(s, seat)})"} for entry in real(s, seat)]

        return unavailable

    game = _broken(monkeypatch, name, "unavailable", tells)
    with pytest.raises(AssertionError, match="the reasons differ on a copy determinized for seat"):
        conformance.check_unavailable(game, 2, {}, 1)


@pytest.mark.parametrize("name", GAMES)
def test_suite_catches_reasons_told_to_a_seat_that_is_not_deciding(monkeypatch, name):
    def everyone(real):
        return lambda s, seat: real(s, s.cur)

    game = _broken(monkeypatch, name, "unavailable", everyone)
    with pytest.raises(AssertionError, match="is given reasons"):
        conformance.check_unavailable(game, 2, {}, 1)
