"""Property-based tests (hypothesis) for every registered game: whatever legal path a game takes,
the engine keeps its invariants, refuses what is illegal without a trace, and replays exactly."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dinotable
from dinotable.core.errors import IllegalAction

GAMES = dinotable.list_games()


def _walk(data, game):
    num_players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    options = data.draw(st.sampled_from(game.test_option_sets), label="options")
    seed = data.draw(st.integers(-(2**63), 2**63), label="seed")
    state = game.new_game(num_players, seed, options)
    steps = data.draw(st.integers(0, 250), label="steps")
    return state, steps


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_any_legal_path_keeps_the_invariants_and_replays(name, data):
    game = dinotable.get_game(name)
    state, steps = _walk(data, game)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        before = len(state.history)
        state.apply(action)
        assert state.history[before:] == [action]
        game.check_invariants(state)
    assert game.from_json(state.to_json()) == state
    copy = state.clone()
    assert copy == state and copy is not state


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_illegal_actions_leave_no_trace(name, data):
    game = dinotable.get_game(name)
    state, steps = _walk(data, game)
    for _ in range(steps // 5):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    bad = data.draw(
        st.one_of(st.integers(-1000, 1000), st.none(), st.text(max_size=3), st.floats()).filter(
            lambda a: not (type(a) is int and a in state.legal_actions())
        )
    )
    snapshot = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state == snapshot


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(0, 200), data=st.data())
def test_my_funny_dinos_scores_add_up(seed, players, steps, data):
    """My Funny Dinos: a seat's score is what the table shows it has earned, and the 40 tiles are always
    all somewhere."""
    game = dinotable.get_game("my-funny-dinos")
    state = game.new_game(players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    # Each seat's score, counted again from what the table shows (the rulebook's four categories).
    view = state.view(None)
    content = game.content
    missions = {m.id: m.points for m in content.missions}
    for seat, player in enumerate(view["players"]):
        tiles = sum(2 if tile.get("icon") == "two" else 1 for tile in player["tiles"])
        dinosaurs = sum(d["value"] for d in player["dinosaurs"])
        mission_points = sum(missions[m["id"]] for m in view["missions"] if seat in m["owners"])
        assert state.scores()[seat] == dinosaurs + tiles + player["bones"] // 2 + mission_points >= 0
    in_pile = sum(len(spot["tiles"]) for spot in view["pile"])
    held = sum(len(p["tiles"]) + 4 * len(p["dinosaurs"]) for p in view["players"])
    assert in_pile + held == 40
