"""The game-agnostic core: randomness, options, match records, the registry and content loading."""

import json
import re
from pathlib import Path

import pytest

import dinotable
from dinotable.core import rng
from dinotable.core.errors import ContentError, RecordError
from dinotable.core.options import OptionSpec, parse_option_args, validate_options
from dinotable.core.record import load_doc, save
from dinotable.games.my_funny_dinos.content import CONTENT_PATH, load_content

GAME = dinotable.get_game("my-funny-dinos")


# ------------------------------------------------------------------------------------------- rng
def test_rng_is_deterministic_and_seeds_differ():
    a, b, c = rng.Rng(5), rng.Rng(5), rng.Rng(6)
    xs = [a.random() for _ in range(50)]
    assert xs == [b.random() for _ in range(50)]
    assert xs != [c.random() for _ in range(50)]
    assert all(0.0 <= x < 1.0 for x in xs)


def test_rng_below_is_uniform_enough():
    r = rng.Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(abs(c - 10_000) < 500 for c in counts)  # > 5 sigma from uniform would fail


def test_shuffle_is_a_permutation_and_derive_seed_separates_paths():
    items = list(range(30))
    rng.shuffle(rng.seed_state(3), items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    seeds = {rng.derive_seed(7, i) for i in range(1000)} | {rng.derive_seed(7, 0, i) for i in range(1000)}
    assert len(seeds) == 2000
    assert rng.derive_seed(7, 1, 2) != rng.derive_seed(7, 2, 1)


# --------------------------------------------------------------------------------------- options
def test_validate_options_fills_defaults_and_names_bad_ones():
    specs = (
        OptionSpec("size", "int", 3, "", minimum=1, maximum=5),
        OptionSpec("mode", "choice", "a", "", choices=("a", "b")),
        OptionSpec("fast", "bool", False, ""),
        OptionSpec("skill", "per_seat_float", 1.0, "", minimum=0.5, maximum=2.0),
    )
    assert validate_options(specs, {}, 2) == {"size": 3, "mode": "a", "fast": False, "skill": (1.0, 1.0)}
    assert validate_options(specs, {"skill": [0.5, 2]}, 2)["skill"] == (0.5, 2.0)
    for bad, name in (
        ({"size": 9}, "size"),
        ({"size": "3"}, "size"),
        ({"mode": "c"}, "mode"),
        ({"fast": 1}, "fast"),
        ({"skill": [1.0]}, "skill"),
        ({"skill": float("nan")}, "skill"),
        ({"skill": [1.0, float("inf")]}, "skill"),
        ({"size": 3.0}, "size"),
        ({"mode": True}, "mode"),
        ({"skill": 3.0}, "skill"),
        ({"colour": 1}, "colour"),
    ):
        with pytest.raises(ValueError, match=re.escape(repr(name))):
            validate_options(specs, bad, 2)


def test_option_command_line_parsing():
    specs = GAME.option_specs
    assert parse_option_args(specs, ["rocks_per_base=2", "dexterity=1.5,0.5", "shaky_stacks=yes"]) == {
        "rocks_per_base": 2,
        "dexterity": [1.5, 0.5],
        "shaky_stacks": True,
    }
    for bad in (["rocks_per_base"], ["nosuch=1"], ["shaky_stacks=maybe"], ["dexterity=fast"]):
        with pytest.raises(ValueError):
            parse_option_args(specs, bad)


# ---------------------------------------------------------------------------------------- records
def _finished(seed=3):
    state = GAME.new_game(3, seed)
    r = rng.Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[r.below(len(legal))])
    return state


def test_record_round_trip_through_a_file(tmp_path):
    state = _finished()
    path = save(state, tmp_path / "game.json")
    doc = load_doc(path)
    assert set(doc) == {"game", "version", "num_players", "options", "seed", "history"}
    assert GAME.from_json(doc) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("history"), "missing the field"),
        (lambda d: d.update(game="tiny-chess"), "not 'my-funny-dinos'"),
        (lambda d: d.update(version="0.0"), "version 0.0"),
        (lambda d: d.update(seed="x"), "'seed' must be a whole number"),
        (lambda d: d.update(num_players=9), "cannot start its game"),
        (lambda d: d.update(options={"nosuch": 1}), "nosuch"),
        (lambda d: d["history"].insert(0, 80), "record step 0"),
        (lambda d: d["history"].insert(2, "x"), "record step 2"),
        (lambda d: d["history"].append(0), "already over"),
    ],
)
def test_bad_records_are_refused_with_the_reason(change, message):
    doc = _finished().to_json()
    change(doc)
    with pytest.raises(RecordError, match=re.escape(message)):
        GAME.from_json(doc)


def test_unreadable_record_files(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_doc(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_doc(tmp_path / "bad.json")
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(RecordError, match="JSON object"):
        load_doc(tmp_path / "list.json")


# --------------------------------------------------------------------------------------- registry
def test_unknown_game_is_named():
    with pytest.raises(ValueError, match="unknown game 'chess'.*my-funny-dinos"):
        dinotable.get_game("chess")


def test_new_game_checks_players_and_seed():
    with pytest.raises(ValueError, match="seed"):
        GAME.new_game(2, "1")
    with pytest.raises(ValueError, match="num_players"):
        GAME.new_game(2.0, 1)


# ---------------------------------------------------------------------------------------- content
def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = CONTENT_PATH.read_text()
    assert old in text
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "[numbers.bone_supply]\nvalue = 32",
            "[numbers.bone_supply]\nvalu = 32",
            "numbers.bone_supply: missing 'value'",
        ),
        ('event = "shovel"', 'event = "spade"', "unknown event icon 'spade'"),
        (
            "parts = { head = 1, tail = 1, leg = 2, event = 1 }",
            "parts = { head = 1, tail = 1, leg = 3, event = 1 }",
            "the tiles must be",
        ),
        ('id = "most-red"', 'id = "most-red"\ncolour = "mauve"', "not valid TOML"),
        ('colour = "red"\npoints = 2', 'colour = "mauve"\npoints = 2', "unknown colour 'mauve'"),
        ('provenance = "designed"\nwhy = "The rulebook says each black', 'provenance = "guessed"\nwhy = "x', "guessed"),
        ('source = "32 Small bone tokens"', "", "must quote its rulebook sentence"),
        ("rock_base = 0.04", "rock_base = -0.04", "non-negative"),
        ("bases = 4", "bases = 7", "base tiles may not overlap"),
    ],
)
def test_broken_content_is_refused_with_file_and_entry(tmp_path, old, new, message):
    with pytest.raises(ContentError, match=re.escape(message)) as err:
        load_content(_broken(tmp_path, old, new))
    assert "content.toml" in str(err.value)


def test_missing_mission_is_refused(tmp_path):
    text = CONTENT_PATH.read_text()
    start = text.index('[[mission]]\nid = "most-red"')
    end = text.index("[[mission]]", start + 5)
    path = tmp_path / "content.toml"
    path.write_text(text[:start] + text[end:])
    with pytest.raises(ContentError, match="7 mission tiles"):
        load_content(path)


def test_provenance_lists_every_designed_item():
    """Every entry of content.toml marked designed is listed as designed by the provenance listing."""
    import tomllib

    data = tomllib.loads(CONTENT_PATH.read_text())
    designed_rules = {r["id"] for r in data["rule"] if r["provenance"] == "designed"}
    designed_missions = {m["id"] for m in data["mission"] if m["provenance"] == "designed"}
    designed_colours = {c["name"] for c in data["colour"] if c["provenance"] == "designed"}
    items = GAME.provenance()
    listed = {(i["kind"], i["name"]) for i in items if i["provenance"] == "designed"}
    assert {("rule", r) for r in designed_rules} <= listed
    assert {("mission", m) for m in designed_missions} <= listed
    assert {("colour", c) for c in designed_colours} <= listed
    assert ("excavation", "model") in listed and ("excavation", "dice") in listed
    assert ("number", "players") in listed
    assert all(i["provenance"] in ("rulebook", "published", "designed") and i["text"] for i in items)
    json.dumps(items)


def test_binary_file_is_not_a_record(tmp_path):
    (tmp_path / "game.bin").write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(RecordError, match="not a text file"):
        load_doc(tmp_path / "game.bin")


def test_records_with_nan_are_refused(tmp_path):
    """A record is strict JSON: NaN and Infinity are refused."""
    doc = GAME.new_game(2, 1).to_json()
    text = json.dumps(doc).replace('"dexterity": [1.0, 1.0]', '"dexterity": [NaN, 1.0]')
    assert "NaN" in text
    with pytest.raises(RecordError, match="NaN"):
        GAME.from_json(text)
    doc["options"]["dexterity"] = [float("nan"), 1.0]
    with pytest.raises(RecordError, match="dexterity"):
        GAME.from_json(doc)


def test_shuffle_gives_every_order_equally_often():
    """All 6 orders of 3 items, and the place of an item among 30, come out uniformly (within 5 sigma)."""
    from collections import Counter

    orders = Counter()
    state = rng.seed_state(9)
    for _ in range(12_000):
        items = [0, 1, 2]
        state = rng.shuffle(state, items)
        orders[tuple(items)] += 1
    assert len(orders) == 6 and all(abs(c - 2000) < 5 * 41 for c in orders.values())
    places = Counter()
    for _ in range(6_000):
        items = list(range(30))
        state = rng.shuffle(state, items)
        places[items.index(0)] += 1
    assert len(places) == 30 and all(abs(c - 200) < 5 * 14 for c in places.values())
