"""Helpers for reading content data files with errors that name the file and the entry."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from dinotable.core.errors import ContentError

PROVENANCES = ("rulebook", "published", "designed")


def load_toml(path: str | Path) -> dict:
    path = Path(path)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read content file: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None


class Reader:
    """Typed access to a parsed content file; every failure names the file and the dotted key."""

    def __init__(self, path: str | Path, data: dict) -> None:
        self.path = Path(path)
        self.data = data

    def fail(self, where: str, message: str) -> ContentError:
        return ContentError(f"{self.path.name}: {where}: {message}")

    def get(self, table: dict, key: str, kind: type | tuple, where: str) -> Any:
        if key not in table:
            raise self.fail(where, f"missing {key!r}")
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.fail(f"{where}.{key}", f"expected {kinds[0].__name__}, got {value!r}")
        if not isinstance(value, kinds):
            raise self.fail(f"{where}.{key}", f"expected {kinds[0].__name__}, got {value!r}")
        return value

    def table(self, table: dict, key: str, where: str) -> dict:
        return self.get(table, key, dict, where)

    def provenance(self, entry: dict, where: str) -> str:
        value = self.get(entry, "provenance", str, where)
        if value not in PROVENANCES:
            raise self.fail(f"{where}.provenance", f"{value!r} is not one of {', '.join(PROVENANCES)}")
        if value == "rulebook" and not isinstance(entry.get("source"), str):
            raise self.fail(where, "a rulebook entry must quote its rulebook sentence in 'source'")
        return value


def read_numbers(r: Reader, prov: list[dict], required: tuple[str, ...]) -> dict:
    """The [numbers] table: each entry a `value` with its provenance (recorded in `prov`); `players`, which
    every game has, gives `min` and `max` (min_players, max_players); any other whole number in an entry,
    such as `easy`, is kept as <name>_<key>. Raises ContentError for a missing or malformed number."""
    numbers = {}
    for name, entry in r.table(r.data, "numbers", "top level").items():
        where = f"numbers.{name}"
        if not isinstance(entry, dict):
            raise r.fail(where, "expected a table")
        r.provenance(entry, where)
        prov.append(provenance_item("number", name, entry))
        if name == "players":
            numbers["min_players"] = r.get(entry, "min", int, where)
            numbers["max_players"] = r.get(entry, "max", int, where)
            continue
        numbers[name] = r.get(entry, "value", int, where)
        for key in entry:
            if key not in ("value", "provenance", "source", "why", "text"):
                numbers[f"{name}_{key}"] = r.get(entry, key, int, where)
    if "min_players" not in numbers:
        raise r.fail("numbers", "missing 'players' (every game has a player count)")
    for name in required:
        if name not in numbers:
            raise r.fail("numbers", f"missing {name!r}")
    return numbers


def provenance_item(kind: str, name: str, entry: dict, describe: str = "") -> dict:
    """One row of a game's provenance listing: the rulebook quote, or why it was designed, or what it is."""
    return {
        "kind": kind,
        "name": name,
        "provenance": entry["provenance"],
        "text": entry.get("source") or entry.get("why") or entry.get("text") or describe,
    }
