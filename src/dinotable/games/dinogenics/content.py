"""DinoGenics content: content.toml validated and pre-indexed into tuples the rules read directly.

The base rulebook is absent; its published facts (GAPS.md section 3.1) come first in the data, and what
no source gives is marked designed. Effects (action spaces, cards, news) are lists of steps, read and checked
by the step kinds registered in rules/steps.py into tuples of (kind, value) that the rules run. The records
made here (Species, Space, Card...) and the names the rules use are in components.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from dinotable.core.content import Reader, load_toml, provenance_item, read_numbers
from dinotable.games.dinogenics.components import (
    COUNTS,
    DIETS,
    DROWNING,
    END_COUNTS,
    EXPANSION_TRAITS,
    FACES,
    MAX_COMMERCIAL,
    MAX_PARK,
    SECTORS,
    TRAITS,
    Card,
    Content,
    Facility,
    News,
    Perks,
    Space,
    Specialist,
    Species,
)
from dinotable.games.dinogenics.rules.steps import EFFECTS, read_steps
from dinotable.games.dinogenics.step_values import read_amounts

CONTENT_PATH = Path(__file__).with_name("content.toml")
_AUTOMATIC = ("gain", "lose", "per", "rampage")  # steps Breaking News applies to every player


def _steps(r: Reader, entry: dict, where: str, key: str = "steps") -> tuple:
    """An effect's steps (entry[key]), read by the step kinds registered in rules/steps.py."""
    return read_steps(r, r.get(entry, key, list, where), f"{where}.{key}")


def _positive(r: Reader, table: dict, key: str, where: str) -> int:
    value = r.get(table, key, int, where)
    if value < 1:
        raise r.fail(f"{where}.{key}", "expected at least 1")
    return value


def _int_keys(r: Reader, table: dict, where: str) -> dict:
    out = {}
    for key, value in table.items():
        if not key.isdigit():
            raise r.fail(where, f"{key!r} is not a whole number")
        out[int(key)] = value
    return out


def load_content(path: str | Path = CONTENT_PATH) -> Content:
    r = Reader(path, load_toml(path))
    data = r.data
    prov: list[dict] = []
    numbers = read_numbers(
        r,
        prov,
        (
            "seasons",
            "hand_limit",
            "visitor_center",
            "credits_per_visitor",
            "vp_per_two_visitors",
            "first_bonus_visitors",
            "dinosaur_value_max",
            "end_species_in_habitat",
            "end_credits_per_vp",
            "end_dna_per_vp",
            "end_vp_per_scandal",
            "start_credits",
            "start_dna",
            "start_manipulation",
            "start_fences",
            "start_goats",
            "fences_gained",
            "park",
            "commercial_spaces",
            "pen_max",
            "market_size",
            "market_buy",
            "market_sell",
            "repair_fence",
            "mutant_goats",
            "solo_target",
            "open_ocean_vp_loss",
            "crash_tokens",
            "large_offer",
            "job_market",
            "contractor_fee",
            "terror_vp",
            "tree_harvester_vp",
        ),
    )
    for name in ("park_rows", "park_columns", "market_buy_cards", "market_sell_cards"):
        if name not in numbers:
            raise r.fail("numbers", f"missing {name!r}")
    if numbers["park_rows"] * numbers["park_columns"] != numbers["park"]:
        raise r.fail("numbers.park", "value must be rows x columns")
    # A dinosaur's park space and a facility's place are stored in 4 and 5 bits.
    if not 1 <= numbers["park"] <= MAX_PARK or not 0 <= numbers["commercial_spaces"] <= MAX_COMMERCIAL:
        raise r.fail(
            "numbers", f"the park holds 1 to {MAX_PARK} spaces and the commercial sector 0 to {MAX_COMMERCIAL}"
        )
    players = range(numbers["min_players"], numbers["max_players"] + 1)
    seasons = numbers["seasons"]

    entry = r.table(data, "workers", "top level")
    r.provenance(entry, "workers")
    prov.append(provenance_item("rule", "workers", entry))
    workers = _int_keys(r, r.table(entry, "counts", "workers"), "workers.counts")
    for n in players:
        pair = workers.get(n)
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int) and v > 0 for v in pair)):
            raise r.fail("workers.counts", f"{n} players: expected [workers before, workers from the season]")
        workers[n] = tuple(pair)

    entry = r.table(data, "visitors", "top level")
    r.provenance(entry, "visitors")
    prov.append(provenance_item("rule", "visitors", entry))
    bonus = _int_keys(r, r.table(entry, "bonus", "visitors"), "visitors.bonus")
    columns = {}
    for size, width in (("small", 3), ("large", 5)):
        table = _int_keys(r, r.table(entry, size, "visitors"), f"visitors.{size}")
        for season in range(2, seasons + 1):
            row = table.get(season)
            if not (isinstance(row, list) and len(row) == width and all(isinstance(v, int) and v >= 0 for v in row)):
                raise r.fail(f"visitors.{size}", f"Season {season}: expected {width} visitor counts")
            if not isinstance(bonus.get(season), int):
                raise r.fail("visitors.bonus", f"Season {season}: expected the bonus pool")
        columns[size] = {season: tuple(table[season]) for season in range(2, seasons + 1)}
    visitors = {n: columns["small" if n <= 3 else "large"] for n in players}

    species = []
    for key, entry in r.table(data, "species", "top level").items():
        where = f"species.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("species", key, entry))
        diet = r.get(entry, "diet", str, where)
        if diet not in DIETS:
            raise r.fail(f"{where}.diet", f"expected one of {', '.join(DIETS)}")
        trait = entry.get("trait", "")
        if trait and trait not in TRAITS + EXPANSION_TRAITS:
            raise r.fail(f"{where}.trait", f"{trait!r} is not a trait the engine knows")
        values = [r.get(entry, name, int, where) for name in ("vp", "reputation", "pen", "dna", "goats")]
        aquatic = entry.get("aquatic", 0)
        if any(v < 0 for v in values[2:]) or aquatic not in (0, 1, 2):
            raise r.fail(where, "pen, dna and goats cannot be negative; an aquatic dinosaur fills 1 or 2 spaces")
        species.append(
            Species(
                len(species),
                key,
                r.get(entry, "name", str, where),
                DIETS.index(diet),
                *values,
                trait,
                bool(entry.get("expansion", False)),
                aquatic,
                read_amounts(r, entry.get("on_placement", {}), f"{where}.on_placement"),
                bool(entry.get("elites", False)),
                bool(entry.get("scenario", False)),
            )
        )
    if len(species) > 31:
        raise r.fail("species", "at most 31 species (a dinosaur's species is stored in 5 bits)")
    species = _meeples(r, data, prov, species)
    for trait in TRAITS + EXPANSION_TRAITS:
        holders = [sp.key for sp in species if sp.trait == trait]
        if len(holders) > 1 or (not holders and trait in TRAITS):
            has = f"{', '.join(holders)} have" if holders else "no species has"
            raise r.fail("species", f"{has} the trait {trait!r}; the rules need it on exactly one species")

    entry = r.table(data, "rampage_die", "top level")
    r.provenance(entry, "rampage_die")
    prov.append(provenance_item("component", "rampage die", entry))
    faces = r.get(entry, "faces", list, "rampage_die")
    if not faces or any(f not in FACES for f in faces):
        raise r.fail("rampage_die.faces", f"faces must be among {', '.join(FACES)}")

    species_keys = [sp.key for sp in species]

    entry, cards = _deck(r, data, prov, "dna_deck", "DNA deck", species)
    dna_deck = tuple(cards.get(key, 0) for key in species_keys)
    if any(species[k].aquatic for k, n in enumerate(dna_deck) if n):
        raise r.fail("dna_deck.cards", "aquatic species' cards are eDNA (edna_deck)")

    entry, cards = _deck(r, data, prov, "edna_deck", "eDNA deck", species)
    polymorphic = r.get(entry, "polymorphic", int, "edna_deck")
    if polymorphic < 0:
        raise r.fail("edna_deck.polymorphic", "expected a whole number of cards")
    edna_deck = (*(cards.get(key, 0) for key in species_keys), polymorphic)
    for sp in species:
        if sp.aquatic and not edna_deck[sp.index]:
            raise r.fail("edna_deck.cards", f"the aquatic {sp.key} needs eDNA cards")

    entry = r.table(data, "upkeep_die", "top level")
    r.provenance(entry, "upkeep_die")
    prov.append(provenance_item("component", "Upkeep die", entry))
    upkeep_faces = r.get(entry, "faces", list, "upkeep_die")
    if not upkeep_faces or any(
        f != "drowning" and not (isinstance(f, int) and not isinstance(f, bool) and f > 0) for f in upkeep_faces
    ):
        raise r.fail("upkeep_die.faces", 'faces are credit costs (positive whole numbers) or "drowning"')
    upkeep_die = tuple(DROWNING if f == "drowning" else f for f in upkeep_faces)

    spaces = []
    for key, entry in r.table(data, "spaces", "top level").items():
        where = f"spaces.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("space", key, entry))
        slots = r.get(entry, "slots", int, where)
        blocked = _int_keys(r, entry.get("blocked", {}), f"{where}.blocked")
        if any(not isinstance(b, int) or isinstance(b, bool) for b in blocked.values()):
            raise r.fail(f"{where}.blocked", "expected a whole number of blocking tokens per player count")
        if slots < 1 or any(not 0 <= b < slots for b in blocked.values()):
            raise r.fail(where, "a space needs a slot, and blocking tokens must leave one open")
        spaces.append(
            Space(
                len(spaces),
                key,
                r.get(entry, "name", str, where),
                slots,
                blocked,
                _steps(r, entry, where),
                0,
                bool(entry.get("expansion", False)),
            )
        )
    space_keys = [sp.key for sp in spaces]

    facilities = []
    for key, entry in r.table(data, "facilities", "top level").items():
        where = f"facilities.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("facility", key, entry))
        sector = r.get(entry, "sector", str, where)
        if sector not in SECTORS:
            raise r.fail(f"{where}.sector", f"expected one of {', '.join(SECTORS)}")
        per = entry.get("per", {})
        if not isinstance(per, dict):
            raise r.fail(f"{where}.per", "expected a table: species, and vp or credits")
        per_species = -1
        if per:
            if per.get("species") not in species_keys:
                raise r.fail(f"{where}.per", "expected the species whose dinosaurs earn it")
            per_species = species_keys.index(per["species"])
        vals = {}
        for name in ("count", "cost", "rooms", "reputation", "end_vp", "hand_limit"):
            vals[name] = entry.get(name, 0)
            if not isinstance(vals[name], int) or isinstance(vals[name], bool):
                raise r.fail(f"{where}.{name}", "expected a whole number")
        if vals["count"] < 1 or vals["cost"] < 0 or vals["rooms"] < 0 or vals["hand_limit"] < 0:
            raise r.fail(where, "a facility needs a count of at least 1, and no negative cost, rooms or hand limit")
        extra = _facility_extras(r, entry, where, sector == "park")
        facilities.append(
            Facility(
                len(facilities),
                key,
                r.get(entry, "name", str, where),
                bool(entry.get("stack", False)),
                vals["count"],
                sector == "park",
                vals["cost"],
                vals["rooms"],
                bool(entry.get("biodome", False)),
                vals["reputation"],
                vals["end_vp"],
                read_amounts(r, entry.get("upkeep", {}), f"{where}.upkeep"),
                per_species,
                per.get("vp", 0),
                per.get("credits", 0),
                vals["hand_limit"],
                **extra,
            )
        )
    if sum(f.stack for f in facilities) != 1:
        raise r.fail("facilities", "exactly one facility (the Basic Hotel) is the City Center's first stack")

    manipulation = []
    for key, entry in r.table(data, "manipulation", "top level").items():
        where = f"manipulation.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("manipulation card", key, entry))
        card_steps = _steps(r, entry, where)
        count = r.get(entry, "count", int, where)
        text = r.get(entry, "text", str, where)
        opponents = any(kind in ("opponent", "each_opponent") for kind, _ in card_steps)
        manipulation.append(
            Card(
                len(manipulation),
                key,
                r.get(entry, "name", str, where),
                count,
                card_steps,
                text,
                opponents,
                bool(entry.get("expansion", False)),
            )
        )

    specialists = []
    for key, entry in r.table(data, "specialists", "top level").items():
        where = f"specialists.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("specialist", key, entry))
        cost = r.get(entry, "cost", int, where)
        if not 1 <= cost <= 3:
            raise r.fail(f"{where}.cost", "a specialist costs 1 to 3 Manipulation cards")
        perks = _perks(r, r.table(entry, "perks", where), f"{where}.perks", space_keys)
        specialists.append(
            Specialist(
                len(specialists), key, r.get(entry, "name", str, where), cost, perks, r.get(entry, "text", str, where)
            )
        )

    news = []
    for i, entry in enumerate(r.get(data, "news", list, "top level")):
        where = f"news[{i}]"
        r.provenance(entry, where)
        chaos = entry.get("chaos", False) is True
        name = r.get(entry, "name", str, where)
        number = 0 if chaos else r.get(entry, "number", int, where)
        prov.append(provenance_item("breaking news", f"Chaos Theory: {name}" if chaos else f"{number} {name}", entry))
        numbered = sum(1 for n in news if not n.chaos)
        if not chaos and number != numbered + 1:
            raise r.fail(where, f"Breaking News cards are numbered in order from 1; expected {numbered + 1}")
        space = -1
        if "space" in entry:
            s_entry = r.table(entry, "space", where)
            space = len(spaces)
            spaces.append(
                Space(
                    space,
                    f"news_{number}",
                    r.get(s_entry, "name", str, f"{where}.space"),
                    _positive(r, s_entry, "slots", f"{where}.space"),
                    {},
                    _steps(r, s_entry, f"{where}.space"),
                    number,
                    False,
                )
            )
        closed = -1
        if "closed" in entry:
            if entry["closed"] not in space_keys:
                raise r.fail(f"{where}.closed", f"{entry['closed']!r} is not a Mainland space")
            closed = space_keys.index(entry["closed"])
        extra = ()
        if "bonus" in entry:
            b = r.table(entry, "bonus", where)
            if b.get("space") not in space_keys:
                raise r.fail(f"{where}.bonus.space", f"{b.get('space')!r} is not a Mainland space")
            extra = (space_keys.index(b["space"]), read_amounts(r, b.get("gain", {}), f"{where}.bonus.gain"))
        each = _steps(r, entry, where, "each_player") if "each_player" in entry else ()
        synth = ()
        if entry.get("synth") is True:
            synth = (
                _synth_steps(r, entry, where, space_keys),
                _steps(r, entry, where, "west"),
                _steps(r, entry, where, "east"),
            )
            for branch, part in (("west", synth[1]), ("east", synth[2])):
                if any(kind not in _AUTOMATIC for kind, _ in part):
                    raise r.fail(f"{where}.{branch}", f"only {', '.join(_AUTOMATIC)} steps")
        # Every player does these at once, with nobody at a decision: no step that asks a choice (Chaos
        # Theory cards have each player choose an opponent, in player order).
        allowed = (*_AUTOMATIC, "opponent") if chaos else _AUTOMATIC
        if any(kind not in allowed for kind, _ in each):
            raise r.fail(f"{where}.each_player", f"only {', '.join(allowed)} steps apply to every player")
        news.append(
            News(
                number,
                name,
                each,
                space,
                closed,
                extra,
                bool(entry.get("refresh_market", False)),
                r.get(entry, "text", str, where),
                chaos,
                synth,
                _crash(r, entry, where, space_keys, numbers["crash_tokens"]),
            )
        )

    index = {
        "species": {sp.key: sp.index for sp in species},
        "facility": {f.key: f.index for f in facilities},
        "specialist": {sp.key: sp.index for sp in specialists},
        "space": {sp.key: sp.index for sp in spaces if not sp.news},
        "news": {n.number: i for i, n in enumerate(news) if not n.chaos},
    }
    scenarios = _scenarios(r, data, prov, index)

    rules = []
    for i, entry in enumerate(r.get(data, "rule", list, "top level")):
        where = f"rule[{i}]"
        r.provenance(entry, where)
        rules.append(r.get(entry, "name", str, where))
        prov.append(provenance_item("rule", rules[-1], entry))

    return Content(
        version=r.get(data, "version", str, "top level"),
        numbers=numbers,
        workers=workers,
        workers_from_season=r.get(r.data["workers"], "from_season", int, "workers"),
        visitors=visitors,
        bonus_visitors={season: bonus[season] for season in range(2, seasons + 1)},
        species=tuple(species),
        rampage_die=tuple(FACES.index(f) for f in faces),
        dna_deck=dna_deck,
        edna_deck=edna_deck,
        upkeep_die=upkeep_die,
        specialists=tuple(specialists),
        scenarios=scenarios,
        coop=_coop(r, data, prov, index),
        spaces=tuple(spaces),
        facilities=tuple(facilities),
        manipulation=tuple(manipulation),
        news=tuple(news),
        rules=tuple(rules),
        provenance=tuple(prov),
    )


def _meeples(r: Reader, data: dict, prov: list, species: list) -> list:
    """Each species' meeple count, from [meeples] (the rulebook's) and [meeples_designed]: every species has
    exactly one, of at least 1."""
    counts: dict = {}
    for name in ("meeples", "meeples_designed"):
        entry = r.table(data, name, "top level")
        r.provenance(entry, name)
        prov.append(provenance_item("component", name.replace("_", " "), entry))
        for key, n in r.table(entry, "counts", name).items():
            if key not in {sp.key for sp in species} or key in counts:
                raise r.fail(f"{name}.counts", f"{key!r} is not a species, or has a count already")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise r.fail(f"{name}.counts.{key}", "expected a positive number of meeples")
            counts[key] = n
    missing = [sp.key for sp in species if sp.key not in counts]
    if missing:
        raise r.fail("meeples", f"no meeple count for {', '.join(missing)}")
    return [replace(sp, meeples=counts[sp.key]) for sp in species]


def _crash(r: Reader, entry: dict, where: str, space_keys: list[str], tokens: int) -> tuple:
    spaces = entry.get("crash", [])
    if not isinstance(spaces, list) or len(spaces) > tokens or any(key not in space_keys for key in spaces):
        raise r.fail(f"{where}.crash", f"expected at most {tokens} Mainland space keys (the Crash Tokens)")
    return tuple(space_keys.index(key) for key in spaces)


def _deck(r: Reader, data: dict, prov: list, name: str, title: str, species: list) -> tuple[dict, dict]:
    """A deck's table and its cards per species key, checked."""
    entry = r.table(data, name, "top level")
    r.provenance(entry, name)
    prov.append(provenance_item("component", title, entry))
    cards = r.table(entry, "cards", name)
    keys = [sp.key for sp in species]
    for key, n in cards.items():
        if key not in keys or species[keys.index(key)].trait == "breeds_on_two_goats":
            raise r.fail(f"{name}.cards", f"{key!r} is not a species with DNA cards")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise r.fail(f"{name}.cards.{key}", "expected a positive number of cards")
    return entry, cards


def _synth_steps(r: Reader, entry: dict, where: str, space_keys: list[str]) -> tuple:
    """Synth's own step of a Synth deck card: occupy a space, or gain / lose on its board."""
    out = []
    for i, step in enumerate(r.get(entry, "synth_steps", list, where)):
        at = f"{where}.synth_steps[{i}]"
        if isinstance(step, dict) and set(step) == {"occupy"}:
            if step["occupy"] not in space_keys:
                raise r.fail(f"{at}.occupy", f"{step['occupy']!r} is not a Mainland space")
            out.append(("occupy", space_keys.index(step["occupy"])))
        elif isinstance(step, dict) and len(step) == 1 and next(iter(step)) in ("gain", "lose"):
            ((kind, value),) = step.items()
            out.append((kind, EFFECTS.kinds[kind].parse(r, value, at)))
        else:
            raise r.fail(at, "Synth's steps occupy a space, gain or lose")
    return tuple(out)


@dataclass(frozen=True)
class Scenario:
    key: str
    name: str
    difficulty: str
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


def _scenarios(r: Reader, data: dict, prov: list, index: dict) -> tuple:
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

        start = {name: _whole(r, entry, name, where) for name in _START}
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
        season = _whole(r, entry, "season", where, 1)
        out.append(
            Scenario(
                key,
                r.get(entry, "name", str, where),
                r.get(entry, "difficulty", str, where),
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


def _coop(r: Reader, data: dict, prov: list, index: dict) -> dict:
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
        "synth_goats": _whole(r, entry, "synth_goats", "coop"),
        "credits": _whole(r, entry, "credits", "coop"),
        "chart": chart,
    }


def _count(r: Reader, table, where: str, counts: tuple) -> int:
    if not isinstance(table, dict) or table.get("count") not in counts:
        raise r.fail(f"{where}.count", f"expected one of {', '.join(counts)}")
    return counts.index(table["count"])


def _whole(r: Reader, table: dict, key: str, where: str, low: int = 0) -> int:
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


def _facility_extras(r: Reader, entry: dict, where: str, park: bool) -> dict:
    """The expansion's facility fields, checked (see the comments above the facilities in content.toml)."""
    out = {name: bool(entry.get(name, False)) for name in _FACILITY_FLAGS}
    out.update({name: _whole(r, entry, name, where) for name in _FACILITY_NUMBERS})
    out["expansion"] = bool(entry.get("expansion", False))
    out["large"] = bool(entry.get("large", False))
    out["aquatic"] = _whole(r, entry, "aquatic", where)
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
        out["end_per"] = (_count(r, per, f"{where}.end_per", END_COUNTS), _whole(r, per, "vp", f"{where}.end_per", 1))
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


def _perks(r: Reader, table: dict, where: str, space_keys: list[str]) -> Perks:
    known = {*_PERK_NUMBERS, *_PERK_FLAGS, "upkeep", "end_per", "space_bonus"}
    for key in table:
        if key not in known:
            raise r.fail(where, f"{key!r} is not a perk the engine knows ({', '.join(sorted(known))})")
    values: dict = {name: _whole(r, table, name, where) for name in _PERK_NUMBERS}
    for name in _PERK_FLAGS:
        if name in table and table[name] is not True:
            raise r.fail(f"{where}.{name}", "expected true")
        values[name] = name in table
    values["upkeep"] = read_amounts(r, table.get("upkeep", {}), f"{where}.upkeep")
    if "end_per" in table:
        per = table["end_per"]
        what = _count(r, per, f"{where}.end_per", END_COUNTS)
        values["end_per"] = (what, _whole(r, per, "vp", f"{where}.end_per", 1), per.get("max", 99))
    if "space_bonus" in table:
        bonus = table["space_bonus"]
        if not isinstance(bonus, dict) or bonus.get("space") not in space_keys:
            raise r.fail(f"{where}.space_bonus.space", f"expected one of {', '.join(space_keys)}")
        gains = read_amounts(r, bonus.get("gain", {}), f"{where}.space_bonus.gain")
        values["space_bonus"] = (space_keys.index(bonus["space"]), gains)
    return Perks(**values)
