"""Helpers for reading content data files with errors that name the file and the entry.

A game's content may be one file or several, split by the rulebook's sections: `content_files` picks the
files to read (the game's own, some replaced by a designer's), `read_files` merges them into one Reader, each
top-level table in exactly one file, and the Reader's errors name the file each table came from."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
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


def content_files(own: Path, names: Sequence[str], path: str | Path) -> list[Path]:
    """The content files to read, in the order of `names`: each of the game's own (in the folder `own`) unless
    `path` gives one of that name. `path` is a folder (its files named in `names` are used, and any other
    .toml there is refused) or one content file. Raises ContentError for a file that is not one of `names`,
    or a folder holding none of them."""
    path = Path(path)
    given = {p.name: p for p in sorted(path.glob("*.toml"))} if path.is_dir() else {path.name: path}
    expected = ", ".join(names)
    unknown = [name for name in given if name not in names]
    if unknown:
        raise ContentError(f"{', '.join(unknown)}: not one of the game's content files ({expected})")
    if not given:
        raise ContentError(f"{path}: none of the game's content files there ({expected})")
    return [given.get(name, own / name) for name in names]


def read_files(paths: Sequence[str | Path]) -> Reader:
    """The files' top-level tables merged into one Reader; a table defined in two files is refused, naming
    both, since which file an entry lives in must not change what it is."""
    data: dict = {}
    sources: dict[str, Path] = {}
    for path in map(Path, paths):
        for key, value in load_toml(path).items():
            if key in sources:
                raise ContentError(
                    f"{sources[key].name}, {path.name}: {key}: defined in both files (a top-level table lives in one)"
                )
            data[key] = value
            sources[key] = path
    return Reader(paths[0], data, sources, [Path(p).name for p in paths])


class Reader:
    """Typed access to parsed content; every failure names the file and the dotted key. Content read from
    several files (`read_files`) knows which file each top-level table came from (`sources`): a failure names
    that file, or every file when the table is in none."""

    def __init__(
        self, path: str | Path, data: dict, sources: dict[str, Path] | None = None, files: Sequence[str] = ()
    ) -> None:
        self.path = Path(path)
        self.data = data
        self.sources = sources
        self.files = tuple(files) or (self.path.name,)

    def file_of(self, where: str) -> str:
        """The name of the file that holds the entry `where` ("species.t_rex.vp", "news[3]", "top level")."""
        if self.sources is None:
            return self.path.name
        table = re.split(r"[.\[]", where.removeprefix("top level."), maxsplit=1)[0]
        if table in self.sources:
            return self.sources[table].name
        return ", ".join(self.files)

    def fail(self, where: str, message: str) -> ContentError:
        return ContentError(f"{self.file_of(where)}: {where}: {message}")

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
