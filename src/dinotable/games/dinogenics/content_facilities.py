"""DinoGenics content: the fields of facilities and of the specialists' perks, read and checked for content.py
(which reads the rest of each entry)."""

from __future__ import annotations

from typing import Any

from dinotable.core.content import Reader
from dinotable.games.dinogenics.components import COUNTS, END_COUNTS, Perks
from dinotable.games.dinogenics.step_values import read_amounts


def _count(r: Reader, table, where: str, counts: tuple) -> int:
    if not isinstance(table, dict) or table.get("count") not in counts:
        raise r.fail(f"{where}.count", f"expected one of {', '.join(counts)}")
    return counts.index(table["count"])


def whole(r: Reader, table: dict, key: str, where: str, low: int = 0) -> int:
    """table[key], a whole number of at least `low`; 0 when it is absent."""
    value = table.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise r.fail(f"{where}.{key}", f"expected a whole number of at least {low}")
    return value


_FACILITY_FLAGS = (
    "hq_stack",
    "fishery",
    "education",
    "market_exchange",
    "airport",
    "gene_grafting",
    "ferry_visitor",
)
_FACILITY_NUMBERS = ("adjacent_aquatic_vp", "adjacent_species_vp", "destroyed_vp", "odd_visitors_vp")


def read_facility_extras(r: Reader, entry: dict, where: str, park: bool) -> dict:
    """The expansion's facility fields, checked (see the comments above the facilities in content/facilities.toml)."""
    out: dict[str, Any] = {name: bool(entry.get(name, False)) for name in _FACILITY_FLAGS}
    out.update({name: whole(r, entry, name, where) for name in _FACILITY_NUMBERS})
    out["expansion"] = bool(entry.get("expansion", False))
    out["large"] = bool(entry.get("large", False))
    out["aquatic"] = whole(r, entry, "aquatic", where)
    if out["aquatic"] and not (out["large"] and park and out["aquatic"] == 2):
        raise r.fail(f"{where}.aquatic", "an Aquatic Habitat is a large park facility of 2 habitat spaces")
    if (out["hq_stack"] or out["airport"] or out["adjacent_aquatic_vp"] or out["adjacent_species_vp"]) and not out[
        "large"
    ]:
        raise r.fail(where, "only large facilities stand on the HQ stack, are airports or score bordering habitats")
    if (out["fishery"] or out["adjacent_aquatic_vp"] or out["adjacent_species_vp"]) and not park:
        raise r.fail(where, "a facility that borders habitats stands in the park sector")
    out["on_placement"] = read_amounts(r, entry.get("on_placement", {}), f"{where}.on_placement")
    if "upkeep_per" in entry:
        per = entry["upkeep_per"]
        what = _count(r, per, f"{where}.upkeep_per", COUNTS)
        gains = read_amounts(r, {k: v for k, v in per.items() if k != "count"}, f"{where}.upkeep_per")
        if len(gains) != 1:
            raise r.fail(f"{where}.upkeep_per", "expected one resource gained per counted thing")
        out["upkeep_per"] = (what, *gains[0])
    if "end_per" in entry:
        per = entry["end_per"]
        out["end_per"] = (_count(r, per, f"{where}.end_per", END_COUNTS), whole(r, per, "vp", f"{where}.end_per", 1))
    return out


_PERK_NUMBERS = (
    "rooms",
    "reputation",
    "hand_limit",
    "end_vp",
    "facility_discount",
    "repair_discount",
    "mutant_goats",
    "visitors_each_season",
    "upkeep_repairs",
    "births",
)
_PERK_FLAGS = ("slash_naive", "fatality_reroll", "drowning_immune", "one_rampage_die", "pair_space")


def read_perks(r: Reader, table: dict, where: str, space_keys: list[str]) -> Perks:
    """A specialist's perks, each key one the engine knows."""
    known = {*_PERK_NUMBERS, *_PERK_FLAGS, "upkeep", "end_per", "space_bonus"}
    for key in table:
        if key not in known:
            raise r.fail(where, f"{key!r} is not a perk the engine knows ({', '.join(sorted(known))})")
    values: dict = {name: whole(r, table, name, where) for name in _PERK_NUMBERS}
    for name in _PERK_FLAGS:
        if name in table and table[name] is not True:
            raise r.fail(f"{where}.{name}", "expected true")
        values[name] = name in table
    values["upkeep"] = read_amounts(r, table.get("upkeep", {}), f"{where}.upkeep")
    if "end_per" in table:
        per = table["end_per"]
        what = _count(r, per, f"{where}.end_per", END_COUNTS)
        values["end_per"] = (what, whole(r, per, "vp", f"{where}.end_per", 1), per.get("max", 99))
    if "space_bonus" in table:
        bonus = table["space_bonus"]
        if not isinstance(bonus, dict) or bonus.get("space") not in space_keys:
            raise r.fail(f"{where}.space_bonus.space", f"expected one of {', '.join(space_keys)}")
        gains = read_amounts(r, bonus.get("gain", {}), f"{where}.space_bonus.gain")
        values["space_bonus"] = (space_keys.index(bonus["space"]), gains)
    return Perks(**values)
