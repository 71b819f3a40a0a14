"""Bad input gets a clear error naming what was wrong, and changes nothing: records, options, seats, seeds
and action ids from outside, for every game; then hypothesis throws arbitrary JSON values at the contract."""

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dinotable
from dinotable.core.errors import IllegalAction, RecordError

GAMES = dinotable.list_games()
DEEP = "[" * 100_000 + "]" * 100_000
LONG = 7 * 10**4999  # 5,000 digits: past what int() reads from text


def _record(name: str, **changes) -> dict:
    game = dinotable.get_game(name)
    state = game.new_game(game.min_players if game.min_players > 1 else 2, 3)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    return {**state.to_json(), **changes}


def _mid_game(name: str, players: int | None = None):
    game = dinotable.get_game(name)
    state = game.new_game(players or max(2, game.min_players), 11)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    return game, state


# ------------------------------------------------------------------------------------------- records
@pytest.mark.parametrize("name", GAMES)
def test_a_record_nested_100000_deep_is_a_record_error(name):
    game = dinotable.get_game(name)
    with pytest.raises(RecordError, match="nested too deeply"):
        game.from_json(DEEP)
    text = json.dumps(_record(name)).replace('"history": [', f'"history": [{DEEP}, ', 1)
    with pytest.raises(RecordError, match="nested too deeply"):
        game.from_json(text)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("field", ["seed", "history"])
def test_a_5000_digit_number_in_a_record_is_a_record_error(name, field):
    game = dinotable.get_game(name)
    doc = _record(name)
    text = json.dumps(doc)
    value = '"seed": 3' if field == "seed" else '"history": ['
    text = text.replace(value, value.replace("3", "7" * 5000) if field == "seed" else value + "7" * 5000 + ", ")
    with pytest.raises(RecordError, match="number too long"):
        game.from_json(text)
    # The same numbers already parsed (a caller's own dict) are refused too, and the message stays short.
    bad = {**doc, "seed": LONG} if field == "seed" else {**doc, "history": [LONG, *doc["history"]]}
    with pytest.raises(RecordError) as caught:
        game.from_json(bad)
    assert field in str(caught.value) and "5000-digit" in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("name", GAMES)
def test_a_record_with_unknown_fields_is_refused_naming_them(name):
    game = dinotable.get_game(name)
    with pytest.raises(RecordError, match="unknown field.*'scores'"):
        game.from_json(_record(name, scores=[999, 999]))


@pytest.mark.parametrize(
    ("text", "message"),
    [(DEEP, "nested too deeply"), ('{"seed": ' + "9" * 5000 + "}", "number too long")],
    ids=["deep", "long-number"],
)
def test_replay_of_a_hostile_file_exits_2_with_the_reason_and_no_traceback(tmp_path, text, message):
    path = tmp_path / "bad.dinotable.json"
    path.write_text(text)
    main = "import sys; from dinotable.cli.main import main; sys.argv[0] = 'dinotable'; main()"
    result = subprocess.run(
        [sys.executable, "-c", main, "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2
    assert message in " ".join(result.stderr.split()) and "Traceback" not in result.stderr


# ------------------------------------------------------------------------------------------- options
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("options", "message"),
    [
        (5, "options must be a mapping"),
        ([1], "options must be a mapping"),
        (True, "options must be a mapping"),
        ("abc", "options must be a mapping"),
        (0, "options must be a mapping"),
        ("", "options must be a mapping"),
        ([], "options must be a mapping"),
        ({2: 3}, "option names are strings, got 2"),
    ],
)
def test_options_must_be_a_mapping_of_option_names(name, options, message):
    game = dinotable.get_game(name)
    with pytest.raises(ValueError, match=message):
        game.new_game(max(2, game.min_players), 1, options)


def test_no_options_means_the_defaults():
    game = dinotable.get_game("my-funny-dinos")
    assert game.new_game(2, 1, None) == game.new_game(2, 1, {}) == game.new_game(2, 1)


@pytest.mark.parametrize(
    ("players", "options", "named"),
    [
        (1, {"scenario": "CC1", "expansion": False}, "'scenario' and 'expansion'"),
        (2, {"coop": True, "expansion": False}, "'coop' and 'expansion'"),
        (2, {"elites": True, "expansion": False}, "'elites' and 'expansion'"),
        (3, {"chaos_theory": True, "expansion": False}, "'chaos_theory' and 'expansion'"),
    ],
)
def test_dinogenics_refuses_a_controlled_chaos_part_without_the_expansion(players, options, named):
    """A scenario, the co-op or a module is Controlled Chaos: with expansion=false the record would say the
    base game while the table played the expansion."""
    with pytest.raises(ValueError, match=named):
        dinotable.get_game("dinogenics").new_game(players, 1, options)


# ----------------------------------------------------------------------------------- seats and seeds
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [7, -1, "0", 1.5, True, False, [0], {"seat": 0}])
def test_view_and_determinize_refuse_what_is_not_a_seat(name, seat):
    game, state = _mid_game(name)
    snapshot = state.clone()
    with pytest.raises(ValueError, match="is not a seat"):
        state.view(seat)
    with pytest.raises(ValueError, match="is not a seat"):
        state.determinize(seat, 1)
    assert state == snapshot


def test_view_of_true_is_not_seat_one():
    """DinoGenics' view(True) once showed seat 1's hand."""
    _, state = _mid_game("dinogenics")
    with pytest.raises(ValueError):
        state.view(True)
    assert state.view(1) != state.view(None)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "seed", [None, "0", 1.5, True, LONG, 2**64], ids=["none", "str", "float", "bool", "5000d", "2^64"]
)
def test_determinize_refuses_what_is_not_a_seed(name, seed):
    game, state = _mid_game(name)
    with pytest.raises(ValueError, match="seed"):
        state.determinize(0, seed)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [None, "0", 1.5, True, LONG], ids=["none", "str", "float", "bool", "5000d"])
def test_new_game_refuses_what_is_not_a_seed(name, seed):
    game = dinotable.get_game(name)
    with pytest.raises(ValueError, match="seed") as caught:
        game.new_game(max(2, game.min_players), seed)
    assert len(str(caught.value)) < 200


# ------------------------------------------------------------------------------------------- action ids
@pytest.mark.parametrize("name", GAMES)
def test_action_text_refuses_ids_that_apply_refuses(name):
    """Tiny Epic Dinosaurs once raised IndexError past the last id; DinoGenics read -1 as a real action."""
    game, state = _mid_game(name)
    legal = set(state.legal_actions())
    for bad in [-1, game.num_distinct_actions, 10**6, LONG, None, "0", 1.5, True]:
        with pytest.raises(IllegalAction):
            state.action_text(bad)
    for a in range(game.num_distinct_actions):
        if a not in legal:
            with pytest.raises(IllegalAction, match="not legal"):
                state.action_text(a)
    assert all(state.action_text(a) for a in legal)


# ----------------------------------------------------------------------------------------- properties
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
# What the contract documents: ValueError and its kinds (IllegalAction, RecordError), each with a message.
DOCUMENTED = (ValueError,)


def _refused_or_fine(call) -> None:
    try:
        call()
    except DOCUMENTED as exc:
        assert str(exc), f"{type(exc).__name__} without a message"


@pytest.mark.parametrize("name", GAMES)
@given(players=JSON | st.integers(0, 6), seed=JSON, options=JSON)
def test_arbitrary_values_at_new_game(name, players, seed, options):
    game = dinotable.get_game(name)
    _refused_or_fine(lambda: game.new_game(players, seed, options))


@pytest.mark.parametrize("name", GAMES)
@given(doc=JSON, field=st.sampled_from(["game", "version", "num_players", "options", "seed", "history", "x"]))
def test_arbitrary_values_at_from_json(name, doc, field):
    game = dinotable.get_game(name)
    _refused_or_fine(lambda: game.from_json(doc))
    _refused_or_fine(lambda: game.from_json(json.dumps(doc)))
    _refused_or_fine(lambda: game.from_json({**_record(name), field: doc}))


@pytest.mark.parametrize("name", GAMES)
@given(value=JSON | st.integers(-3, 2000), seed=JSON | st.integers())
def test_arbitrary_values_at_a_states_methods_change_nothing(name, value, seed):
    game, state = _mid_game(name)
    snapshot = state.clone()
    _refused_or_fine(lambda: state.view(value))
    _refused_or_fine(lambda: state.determinize(value, seed))
    _refused_or_fine(lambda: state.action_text(value))
    assert state == snapshot
    try:
        state.apply(value)
    except DOCUMENTED as exc:
        assert str(exc)
        assert state == snapshot, "a refused action changed the state"
    else:
        assert state.history == snapshot.history + [value]


@pytest.mark.parametrize("name", dinotable.list_games())
def test_action_text_for_a_viewer_refuses_a_bad_seat_and_an_action_not_on_offer(name):
    """`action_text(a, viewer=v)` takes a seat or None: True, a seat past the table or a string is refused
    naming it; an id not on offer is refused as for the mover, whoever asks."""
    state = dinotable.get_game(name).new_game(2, 1)
    legal = state.legal_actions()
    for viewer in (True, 2, -1, "0"):
        with pytest.raises(ValueError, match=repr(viewer) if isinstance(viewer, str) else str(viewer)):
            state.action_text(legal[0], viewer=viewer)
    offered = set(legal)
    stray = next(a for a in range(10_000) if a not in offered)
    for viewer in (None, 0, 1):
        with pytest.raises(IllegalAction, match=f"action {stray} is not legal now"):
            state.action_text(stray, viewer=viewer)
