"""How the content files write the value of each kind of effect step, read and checked: each function takes the
game's Reader, the value and where it stands, and raises a ContentError naming the file and the entry. The
step kinds registered in rules/steps.py parse with these; content.py reads the facilities' and specialists'
amounts with `read_amounts` too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dinotable.core.words import counted
from dinotable.games.dinogenics.components import COUNTS, CREDITS, RESOURCE_WORDS, RESOURCES

if TYPE_CHECKING:
    from dinotable.core.content import Reader

_STEALABLE = ("credits", "goats", "fences", "dna", "manipulation")


def read_amounts(r: Reader, table, where: str) -> tuple:
    """A table of resources ({ credits = 2 }) as ((resource index, amount), ...); content.py reads the
    facilities' and specialists' amounts with it too."""
    if not isinstance(table, dict):
        raise r.fail(where, "expected a table of resources")
    out = []
    for name, n in table.items():
        if name not in RESOURCES:
            raise r.fail(where, f"{name!r} is not one of {', '.join(RESOURCES)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise r.fail(f"{where}.{name}", "expected a positive whole number")
        out.append((RESOURCES.index(name), n))
    return tuple(out)


def amounts_text(pairs) -> str:
    return ", ".join(resource_count(n, r) for r, n in pairs) or "nothing"


def resource_count(n: int, r: int) -> str:
    """'1 Scandal', '3 credits', '2 VP'."""
    one, many = RESOURCE_WORDS[r]
    return counted(n, one, many)


class Rampage(NamedTuple):
    """The species one of whose dinosaurs rampages: its index for the rules, its name for the text."""

    species: int
    name: str


def amounts(kind: str):
    return lambda r, value, where: read_amounts(r, value, f"{where}.{kind}")


def read_pay(r: Reader, value, where: str) -> int:
    pay = read_amounts(r, value, f"{where}.pay")
    if len(pay) != 1 or pay[0][0] != CREDITS:
        raise r.fail(f"{where}.pay", "only credits are paid")
    return pay[0][1]


def flag(kind: str):
    def parse(r: Reader, value, where: str) -> bool:
        if value is not True:
            raise r.fail(f"{where}.{kind}", "expected true")
        return True

    return parse


def card(kind: str, resource: int):
    """`edna = N` / `refined = N`: short for a gain (rules/steps.read_steps writes them as gains)."""

    def parse(r: Reader, value, where: str) -> tuple:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise r.fail(f"{where}.{kind}", "expected a positive whole number")
        return ((resource, value),)

    return parse


def number(kind: str):
    def parse(r: Reader, value, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise r.fail(f"{where}.{kind}", "expected a whole number")
        if kind == "create" and value > 1:
            raise r.fail(f"{where}.create", "a set is full (0) or one card short (1)")
        return value

    return parse


def pair(kind: str):
    def parse(r: Reader, value, where: str) -> tuple:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and v >= 0 for v in value)):
            raise r.fail(f"{where}.{kind}", "expected [cards, number]")
        return tuple(value)

    return parse


def opponent(kind: str):
    def parse(r: Reader, value, where: str) -> tuple:
        if not isinstance(value, dict) or not value or any(k not in ("gain", "lose", "steal") for k in value):
            raise r.fail(f"{where}.{kind}", "expected a table of gain, lose and steal")
        if kind == "each_opponent" and "steal" in value:
            raise r.fail(f"{where}.{kind}", "steal takes from one chosen opponent")
        stolen = read_amounts(r, value.get("steal", {}), f"{where}.{kind}.steal")
        if any(RESOURCES[res] not in _STEALABLE for res, _ in stolen):
            raise r.fail(f"{where}.{kind}.steal", f"only {', '.join(_STEALABLE)} can be taken")
        return tuple(read_amounts(r, value.get(k, {}), f"{where}.{kind}.{k}") for k in ("gain", "lose", "steal"))

    return parse


def read_per(r: Reader, value, where: str) -> tuple:
    if not isinstance(value, dict) or value.get("count") not in COUNTS:
        raise r.fail(f"{where}.per.count", f"expected one of {', '.join(COUNTS)}")
    top = value.get("max", 99)
    if not isinstance(top, int) or top < 1:
        raise r.fail(f"{where}.per.max", "expected a positive whole number")
    return COUNTS.index(value["count"]), read_amounts(r, value.get("gain", {}), f"{where}.per.gain"), top


def read_rampage(r: Reader, value, where: str) -> Rampage:
    """A species key, numbered in the order of the file's [species] table (content.py reads it first)."""
    species = r.data.get("species", {})
    keys = list(species)
    if value not in keys:
        raise r.fail(f"{where}.rampage", f"{value!r} is not a species")
    return Rampage(keys.index(value), species[value]["name"])
