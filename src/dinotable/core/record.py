"""The match record: {game, version, num_players, options, seed, history}. Loading a record replays it,
so a saved game is small, readable, and can never hold a state the rules would not reach."""

from __future__ import annotations

import json
from pathlib import Path

from dinotable.core.errors import IllegalAction, RecordError, shown

RECORD_FIELDS = ("game", "version", "num_players", "options", "seed", "history")
# Besides what replays, a saved terminal game names who sat where (a person, or an agent's spec), so that
# `play --load` seats them again, and a record may keep the seats' display names; neither changes what a
# replay reaches.
OPTIONAL_FIELDS = ("players", "names")


def plain(value):
    """A fresh JSON-ready copy (tuples become lists), so that nothing handed out aliases a state."""
    return json.loads(json.dumps(value, allow_nan=False))


def make_record(state) -> dict:
    doc = {
        "game": state.game.name,
        "version": state.game.version,
        "num_players": state.num_players,
        "options": plain(state.options),
        "seed": state.seed,
        "history": list(state.history),
    }
    if state.names:
        doc["names"] = list(state.names)
    return doc


def parse(doc) -> dict:
    """The record as a dict with every field of the right type (JSON text is read first); RecordError."""
    if isinstance(doc, str | bytes):
        try:
            doc = json.loads(doc, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        except RecursionError:
            raise RecordError("record is not a match record: its JSON is nested too deeply") from None
        except ValueError as exc:  # Python's limit on the digits of an integer read from text
            raise RecordError(f"record holds a number too long to be a seed or an action: {exc}") from None
    if not isinstance(doc, dict):
        raise RecordError(f"record must be a JSON object, got {type(doc).__name__}")
    missing = [f for f in RECORD_FIELDS if f not in doc]
    if missing:
        raise RecordError(f"record is missing the field(s): {', '.join(missing)}")
    unknown = sorted(str(f) for f in doc if f not in RECORD_FIELDS + OPTIONAL_FIELDS)
    if unknown:
        # A record holds nothing but what replays: a stray "scores" would only pretend to be the result.
        raise RecordError(
            f"record has unknown field(s): {', '.join(shown(f) for f in unknown[:5])}; "
            f"a record holds only {', '.join(RECORD_FIELDS + OPTIONAL_FIELDS)}"
        )
    players = doc.get("players")
    if players is not None and (not isinstance(players, list) or not all(isinstance(p, str) and p for p in players)):
        raise RecordError(f"record field 'players' must be a list of seat names, got {shown(players)}")
    for field, kind in (("game", str), ("version", str), ("options", dict), ("history", list)):
        if not isinstance(doc[field], kind):
            raise RecordError(f"record field {field!r} must be a {kind.__name__}, got {shown(doc[field])}")
    for field in ("num_players", "seed"):
        value = doc[field]
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"record field {field!r} must be a whole number, got {shown(value)}")
        if value.bit_length() > 64:
            raise RecordError(f"record field {field!r} must fit in 64 bits, got {shown(value)}")
    if players is not None and len(players) != doc["num_players"]:
        raise RecordError(f"record names {len(players)} players for a game of {doc['num_players']}")
    return doc


def _refuse_constant(name: str):
    raise RecordError(f"record is not valid JSON: {name} is not a number JSON allows")


def start(game, doc: dict):
    """The record's game before its first decision, its seats named as the record names them; RecordError
    saying what is wrong. (`doc` is parsed already.)"""
    if doc["game"] != game.name:
        raise RecordError(f"record is a game of {doc['game']!r}, not {game.name!r}")
    if doc["version"] != game.version:
        raise RecordError(
            f"record was made with {game.name} rules version {doc['version']}, this is version {game.version}"
        )
    try:
        state = game.new_game(doc["num_players"], doc["seed"], doc["options"])
    except ValueError as exc:
        raise RecordError(f"record cannot start its game: {exc}") from None
    if "names" in doc:
        try:
            state.name_seats(doc["names"])
        except ValueError as exc:
            raise RecordError(f"record field 'names': {exc}") from None
    return state


def replay(game, doc):
    """The state the record describes, or RecordError saying what is wrong."""
    doc = parse(doc)
    state = start(game, doc)
    for step, action in enumerate(doc["history"]):
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < game.num_distinct_actions:
            raise RecordError(
                f"record step {step}: history entry {shown(action)} is not an action id of {game.name} "
                f"(a whole number from 0 to {game.num_distinct_actions - 1})"
            )
        if state.is_over:
            raise RecordError(f"record step {step}: the game was already over")
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"record step {step}: {exc}") from None
    return state


def save(state, path: str | Path, players: list[str] | None = None) -> Path:
    """Writes the state's record (and, for a terminal game, who sits where) as JSON."""
    path = Path(path)
    doc = state.to_json()
    if players is not None:
        doc["players"] = list(players)
    path.write_text(json.dumps(doc, indent=1, allow_nan=False) + "\n")
    return path


def load_doc(path: str | Path) -> dict:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file, so not a record (a record is JSON)") from None
    try:
        return parse(text)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
