"""DinoGenics content: the solo scenarios (content/scenarios.toml) and the Synth co-op's setup and turn chart
(content/coop.toml), read and checked for content.py once the species, facilities, specialists, spaces and
Breaking News they name are known."""

from __future__ import annotations

from dataclasses import dataclass

from dinotable.core.content import Reader, provenance_item
from dinotable.games.dinogenics.components import FACES
from dinotable.games.dinogenics.content_facilities import whole


@dataclass(frozen=True)
class Scenario:
    key: str
    name: str
    difficulty: str
    story: str  # the rulebook's story, read to the player
    goal: str  # the objective as the rulebook words it
    season: int
    start: dict  # credits, goats, dna, workers, fences, manipulation, scandals
    facilities: tuple  # (facility index, damaged)
    specialists: tuple  # specialist indices
    dinosaurs: tuple  # species indices, in the starting pen
    news: tuple  # Breaking News indices
    forbidden: tuple  # space indices
    visitors: str
    special: frozenset
    objective: dict
    grades: tuple  # (score at least, text, paired species at least)
    failure: str
    text: str


SCENARIO_VISITORS = ("reputation", "half_reputation", "first_column", "researchers")
SCENARIO_SPECIAL = (
    "no_negative_vp",
    "market_grows",
    "double_scandals",
    "damaged_scandals",
    "double_costs",
    "credits_end",
    "destroyed_scandals",
)
_OBJECTIVES = ("vp", "credits", "positive_reputation", "no_scandals", "paired_species", "rooms", "commercial_full")
_START = ("credits", "goats", "dna", "workers", "fences", "manipulation", "scandals")


def read_scenarios(r: Reader, data: dict, prov: list, index: dict) -> tuple:
    """The solo scenarios; `index` maps species, facility, specialist, space keys and news numbers."""
    out = []
    for key, entry in r.table(data, "scenarios", "top level").items():
        where = f"scenarios.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("scenario", key, entry))

        def keys(name: str, kind: str, entry=entry, where=where) -> tuple:
            values = entry.get(name, [])
            if not isinstance(values, list) or any(v not in index[kind] for v in values):
                raise r.fail(f"{where}.{name}", f"expected a list of {kind} keys")
            return tuple(index[kind][v] for v in values)

        start = {name: whole(r, entry, name, where) for name in _START}
        if start["fences"] not in (0, 4, 8):
            raise r.fail(f"{where}.fences", "0, or the fences of one starting pen: 4 (1 space) or 8 (2 x 2)")
        facilities = []
        for i, pair in enumerate(entry.get("facilities", [])):
            if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in index["facility"]):
                raise r.fail(f"{where}.facilities[{i}]", "expected [facility key, damaged]")
            facilities.append((index["facility"][pair[0]], bool(pair[1])))
        visitors = r.get(entry, "visitors", str, where)
        if visitors not in SCENARIO_VISITORS:
            raise r.fail(f"{where}.visitors", f"expected one of {', '.join(SCENARIO_VISITORS)}")
        special = entry.get("special", [])
        if any(rule not in SCENARIO_SPECIAL for rule in special):
            raise r.fail(f"{where}.special", f"expected some of {', '.join(SCENARIO_SPECIAL)}")
        objective = r.table(entry, "objective", where)
        if not objective or any(name not in _OBJECTIVES for name in objective):
            raise r.fail(f"{where}.objective", f"expected some of {', '.join(_OBJECTIVES)}")
        grades = []
        for i, grade in enumerate(r.get(entry, "grades", list, where)):
            if not (isinstance(grade, list) and len(grade) in (2, 3) and isinstance(grade[0], int)):
                raise r.fail(f"{where}.grades[{i}]", "expected [score at least, text] or [score, text, paired species]")
            grades.append((grade[0], str(grade[1]), grade[2] if len(grade) == 3 else 0))
        numbers = entry.get("news", [])
        if not isinstance(numbers, list) or not numbers or any(n not in index["news"] for n in numbers):
            raise r.fail(f"{where}.news", "expected a list of Breaking News card numbers")
        season = whole(r, entry, "season", where, 1)
        out.append(
            Scenario(
                key,
                r.get(entry, "name", str, where),
                r.get(entry, "difficulty", str, where),
                r.get(entry, "story", str, where),
                r.get(entry, "goal", str, where),
                season,
                start,
                tuple(facilities),
                keys("specialists", "specialist"),
                keys("dinosaurs", "species"),
                tuple(index["news"][n] for n in numbers),
                keys("forbidden", "space"),
                visitors,
                frozenset(special),
                objective,
                tuple(sorted(grades, reverse=True)),
                r.get(entry, "failure", str, where),
                entry.get("source", ""),
            )
        )
    return tuple(out)


SYNTH_ACTIONS = (
    "build_cheapest",
    "remove_priciest",
    "dinosaur_lowest",
    "dinosaur_highest",
    "market_card",
    "agency_scandal",
    "farm_or_outsource",
    "time_share",
    "ferry_vp",
)


def read_coop(r: Reader, data: dict, prov: list, index: dict) -> dict:
    """The co-op's setup and Synth's turn chart: every pair of rampage die faces gets a row."""
    entry = r.table(data, "coop", "top level")
    r.provenance(entry, "coop")
    prov.append(provenance_item("rule", "co-op setup", entry))
    blocked = r.table(entry, "blocked", "coop")
    if any(key not in index["space"] for key in blocked):
        raise r.fail("coop.blocked", "expected Mainland or IntelliGen space keys")
    synth = entry.get("synth_facilities", [])
    if not isinstance(synth, list) or any(key not in index["facility"] for key in synth):
        raise r.fail("coop.synth_facilities", "expected a list of facility keys")
    chart = {}
    for name in ("synth_chart", "synth_chart_designed"):
        table = r.table(data, name, "top level")
        r.provenance(table, name)
        prov.append(provenance_item("rule", name.replace("_", " "), table))
        for key, pair in table.items():
            if key in ("provenance", "source", "why"):
                continue
            first = next((f for f in FACES if key.startswith(f + "_")), None)
            second = key[len(first) + 1 :] if first else None
            if first is None or second not in FACES:
                raise r.fail(f"{name}.{key}", "a row is named face_face (fatality, slash, naive_visitor)")
            if not (isinstance(pair, list) and len(pair) == 2 and all(a in SYNTH_ACTIONS for a in pair)):
                raise r.fail(f"{name}.{key}", f"expected [Seasons 1-4, Seasons 5-7] among {', '.join(SYNTH_ACTIONS)}")
            chart[tuple(sorted((FACES.index(first), FACES.index(second))))] = tuple(pair)
    for a in range(len(FACES)):
        for b in range(a, len(FACES)):
            if (a, b) not in chart:
                raise r.fail("synth_chart", f"no row for {FACES[a]} + {FACES[b]}")
    return {
        "blocked": {index["space"][key]: n for key, n in blocked.items()},
        "synth_facilities": tuple(index["facility"][key] for key in synth),
        "synth_goats": whole(r, entry, "synth_goats", "coop"),
        "credits": whole(r, entry, "credits", "coop"),
        "chart": chart,
        # The module's words, for the players: story, objective and its two endings.
        **{name: r.get(entry, name, str, "coop") for name in ("story", "goal", "victory", "defeat")},
    }
