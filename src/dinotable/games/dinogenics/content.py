"""DinoGenics content: the files of content/ validated and pre-indexed into tuples the rules read directly.

The content is split by the rulebook's sections (CONTENT_FILES; content.toml holds the version, numbers and
setup), each top-level table in one file; they are read as one (core/content.py `read_files`), and an error
names the file and the entry. The base rulebook is absent; its published facts (about the base game) come
first in the data, and what no source gives is marked designed. Effects (action spaces, cards, news) are
lists of steps, read and checked by the step kinds registered in rules/steps.py into tuples of (kind, value)
that the rules run. The records made here (Species, Space, Card...) and the names the rules use are in
components.py; the facilities' and perks' fields are read in content_facilities.py, the solo scenarios and
the co-op in content_scenarios.py.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from dinotable.core.content import Reader, content_files, provenance_item, read_files, read_numbers
from dinotable.games.dinogenics.components import (
    DIETS,
    DROWNING,
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
    Space,
    Specialist,
    Species,
)
from dinotable.games.dinogenics.content_facilities import read_facility_extras, read_perks
from dinotable.games.dinogenics.content_scenarios import read_coop, read_scenarios
from dinotable.games.dinogenics.rules.steps import EFFECTS, read_steps
from dinotable.games.dinogenics.step_values import read_amounts

CONTENT_DIR = Path(__file__).with_name("content")
CONTENT_FILES = (
    "content.toml",
    "species.toml",
    "mainland.toml",
    "facilities.toml",
    "manipulation.toml",
    "specialists.toml",
    "news.toml",
    "scenarios.toml",
    "rules.toml",
    "coop.toml",
    "how_to_play.toml",
)
CONTENT_PATH = CONTENT_DIR / "content.toml"  # the version, numbers and setup
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


def load_content(path: str | Path = CONTENT_DIR) -> Content:
    """The content read from `path`: the game's content folder, another folder holding some of CONTENT_FILES
    (a designer's changes; the rest are the game's own), or one of those files. Raises ContentError, naming
    the file and the entry, for content that breaks a rule of the game."""
    r = read_files(content_files(CONTENT_DIR, CONTENT_FILES, path))
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

    species: list[Species] = []
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
        vp, reputation, pen, dna, goats = (
            r.get(entry, name, int, where) for name in ("vp", "reputation", "pen", "dna", "goats")
        )
        aquatic = entry.get("aquatic", 0)
        if any(v < 0 for v in (pen, dna, goats)) or aquatic not in (0, 1, 2):
            raise r.fail(where, "pen, dna and goats cannot be negative; an aquatic dinosaur fills 1 or 2 spaces")
        species.append(
            Species(
                len(species),
                key,
                r.get(entry, "name", str, where),
                DIETS.index(diet),
                vp,
                reputation,
                pen,
                dna,
                goats,
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

    spaces: list[Space] = []
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

    facilities: list[Facility] = []
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
        extra = read_facility_extras(r, entry, where, sector == "park")
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

    manipulation: list[Card] = []
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

    specialists: list[Specialist] = []
    for key, entry in r.table(data, "specialists", "top level").items():
        where = f"specialists.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("specialist", key, entry))
        cost = r.get(entry, "cost", int, where)
        if not 1 <= cost <= 3:
            raise r.fail(f"{where}.cost", "a specialist costs 1 to 3 Manipulation cards")
        perks = read_perks(r, r.table(entry, "perks", where), f"{where}.perks", space_keys)
        specialists.append(
            Specialist(
                len(specialists), key, r.get(entry, "name", str, where), cost, perks, r.get(entry, "text", str, where)
            )
        )

    news: list[News] = []
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
        space_bonus: tuple = ()
        if "bonus" in entry:
            b = r.table(entry, "bonus", where)
            if b.get("space") not in space_keys:
                raise r.fail(f"{where}.bonus.space", f"{b.get('space')!r} is not a Mainland space")
            space_bonus = (space_keys.index(b["space"]), read_amounts(r, b.get("gain", {}), f"{where}.bonus.gain"))
        each = _steps(r, entry, where, "each_player") if "each_player" in entry else ()
        synth: tuple[tuple, ...] = ()
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
                space_bonus,
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
    scenarios = read_scenarios(r, data, prov, index)

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
        coop=read_coop(r, data, prov, index),
        spaces=tuple(spaces),
        facilities=tuple(facilities),
        manipulation=tuple(manipulation),
        news=tuple(news),
        rules=tuple(rules),
        provenance=tuple(prov),
        how_to_play=read_how_to_play(r, data),
    )


# The sections of the Controlled Chaos rulebook a "How to play" section may cite (its table of contents).
RULEBOOK = "DinoGenics: Controlled Chaos rulebook, "
RULEBOOK_SECTIONS = (
    "Components",
    "Expansion Setup",
    "IntelliGen Designs Side Board",
    "Aquatic Dinosaurs",
    "Additional Clarifications",
    "Solo Scenarios",
    "Two Player Co-Op Scenario Overview",
    "Synth Re-Activated",
    "Synth Turn Chart",
    "Chaos Theory Module",
    "Dinosaur Elites Module",
    "Dinosaur Reference",
    "Large Facilities",
    "Standard Facilities",
    "Quick Reference",
)


def read_how_to_play(r: Reader, data: dict) -> tuple[dict, ...]:
    """The [[how_to_play]] sections: a title, a text and what each follows (`rulebook`): a section of the
    Controlled Chaos rulebook (RULEBOOK + one of RULEBOOK_SECTIONS, then anything), "published: ..." for a
    published fact about the absent base rulebook, or "designed"."""
    out = []
    for i, entry in enumerate(r.get(data, "how_to_play", list, "top level")):
        where = f"how_to_play[{i}]"
        if not isinstance(entry, dict):
            raise r.fail(where, "expected a table with title, text and rulebook")
        unknown = sorted(set(entry) - {"title", "text", "rulebook"})
        if unknown:
            raise r.fail(f"{where}.{unknown[0]}", "not a key of a section (title, text, rulebook)")
        section = {key: r.get(entry, key, str, where).strip() for key in ("title", "text", "rulebook")}
        for key, value in section.items():
            if not value:
                raise r.fail(f"{where}.{key}", "expected some words")
        cited = section["rulebook"]
        cites_rulebook = cited.startswith(RULEBOOK) and cited[len(RULEBOOK) :].startswith(RULEBOOK_SECTIONS)
        if not (cites_rulebook or cited.startswith(("published: ", "designed"))):
            raise r.fail(
                f"{where}.rulebook",
                f"cite {RULEBOOK!r} and one of its sections ({', '.join(RULEBOOK_SECTIONS)}), "
                "'published: <what>' or 'designed'",
            )
        out.append(section)
    if not out:
        raise r.fail("how_to_play", "expected at least one section")
    return tuple(out)


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
