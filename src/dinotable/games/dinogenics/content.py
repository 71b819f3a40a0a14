"""DinoGenics content: content.toml validated and pre-indexed into tuples the rules read directly.

The base rulebook is absent; its published facts (GAPS.md section 3.1) come first in the data, and what
no source gives is marked designed. The game is not registered until its engine plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dinotable.core.content import Reader, load_toml, provenance_item, read_numbers

CONTENT_PATH = Path(__file__).with_name("content.toml")

DIETS = ("herbivore", "carnivore", "omnivore")
HERBIVORE, CARNIVORE, OMNIVORE = range(3)
FACES = ("fatality", "slash", "naive_visitor")
FATALITY, SLASH, NAIVE_VISITOR = range(3)
TRAITS = (
    "open_space",
    "two_rampage_dice",
    "shares_any",
    "biodome",
    "credit_each_upkeep",
    "claw_kills_extra",
    "value_per_pair",
    "breeds_on_two_goats",
)


@dataclass(frozen=True)
class Species:
    index: int
    key: str
    diet: int
    vp: int  # Dinosaur Value scored each Upkeep
    reputation: int
    pen: int  # minimum pen spaces; 0 lives in open space
    dna: int  # DNA cards in a full set
    goats: int  # eaten each Upkeep
    trait: str


@dataclass(frozen=True)
class Content:
    version: str
    numbers: dict
    workers: dict  # player count -> (Seasons before from_season, from then on)
    workers_from_season: int
    visitors: dict  # player count -> {season: per-position visitors}
    bonus_visitors: dict  # season -> bonus pool
    species: tuple[Species, ...]
    rampage_die: tuple[int, ...]
    provenance: tuple[dict, ...]

    def workers_in(self, num_players: int, season: int) -> int:
        before, after = self.workers[num_players]
        return after if season >= self.workers_from_season else before


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
        ),
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
        trait = r.get(entry, "trait", str, where)
        if trait not in TRAITS:
            raise r.fail(f"{where}.trait", f"{trait!r} is not a trait the engine knows")
        values = [r.get(entry, name, int, where) for name in ("vp", "reputation", "pen", "dna", "goats")]
        if any(v < 0 for v in values):
            raise r.fail(where, "numbers cannot be negative")
        species.append(Species(len(species), key, DIETS.index(diet), *values, trait))

    entry = r.table(data, "rampage_die", "top level")
    r.provenance(entry, "rampage_die")
    prov.append(provenance_item("component", "rampage die", entry))
    faces = r.get(entry, "faces", list, "rampage_die")
    if not faces or any(f not in FACES for f in faces):
        raise r.fail("rampage_die.faces", f"faces must be among {', '.join(FACES)}")

    return Content(
        version=r.get(data, "version", str, "top level"),
        numbers=numbers,
        workers=workers,
        workers_from_season=r.get(r.data["workers"], "from_season", int, "workers"),
        visitors=visitors,
        bonus_visitors={season: bonus[season] for season in range(2, seasons + 1)},
        species=tuple(species),
        rampage_die=tuple(FACES.index(f) for f in faces),
        provenance=tuple(prov),
    )
