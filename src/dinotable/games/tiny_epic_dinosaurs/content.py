"""Tiny Epic Dinosaurs content: the files of content/ validated and pre-indexed into tuples the rules read directly.

The content is split by the rulebook's sections (CONTENT_FILES), each top-level table in one file; they are
read as one (core/content.py `read_files`), and an error names the file and the entry."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dinotable.core.content import Reader, content_files, provenance_item, read_files, read_numbers
from dinotable.games.tiny_epic_dinosaurs.components import FACES, MEAT, PLANT, RESOURCES, SUPPLY
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS, GAINS, read_amounts, read_species, species_name
from dinotable.games.tiny_epic_dinosaurs.grid import regions

CONTENT_DIR = Path(__file__).with_name("content")
# content.toml: the version, numbers, species, rules, action spaces and Farms; cards.toml: Research cards and
# Contracts; rival.toml: the solo Rival; how_to_play.toml: the game in brief for the table (Game.how_to_play).
CONTENT_FILES = ("content.toml", "cards.toml", "rival.toml", "how_to_play.toml")
CONTENT_PATH = CONTENT_DIR / "content.toml"

DIETS = ("herbivore", "carnivore", "omnivore")
HERBIVORE, CARNIVORE, OMNIVORE = range(3)
SYMBOLS = {"P": PLANT, "M": MEAT, "S": SUPPLY, "-": -1}
EDGE_KINDS = {".": "dotted", "~": "water", "^": "mountain"}
# The rulebook's round-1 collection is the symbols of an empty Farm: 5 plants, 3 meat, 1 supply.
FARM_SYMBOLS = (5, 3, 1)
NUM_COMMON = 4


@dataclass(frozen=True)
class Species:
    index: int
    key: str
    name: str
    colour: str
    style: str
    letter: str
    diet: int
    food: int
    value: int
    supply: int


@dataclass(frozen=True)
class Space:
    index: int
    id: str
    board: str
    name: str
    sides: tuple[int, ...]
    # (kind, value) steps, as effects.EFFECTS reads them: ("pay", (p, m, s)), ("gain", (p, m, s, barriers)),
    # ("hunt", Quarry), ("dinosaur", Quarry), ("trade", amount), ("research", None), ("contract", None),
    # ("first_player", None)
    steps: tuple[tuple, ...]
    cost: tuple[int, ...]  # the first step's payment (plant, meat, supply), if it has one
    actions: tuple[tuple, ...]  # the steps after the cost
    is_market: bool  # a Dinosaur Market (its cost is cut by market_discount)
    # For a quick look at whether part of the action can be done (the legality check of every placement):
    # what its gain steps give (plant, meat, supply, barriers), whether a step is always possible (the First
    # Player Marker), and the other steps, which depend on the table, as (their kind's `can`, value).
    gives: tuple[bool, ...]  # plant, meat, supply, barriers
    sure: bool
    checked: tuple[tuple, ...]


@dataclass(frozen=True)
class ResearchCard:
    index: int
    name: str
    cost: tuple[int, ...]  # plant, meat, supply
    vp: int
    gain: tuple[int, ...]  # plant, meat, supply, barriers at once
    gain_dinosaur: int  # a common species put in the Containment Zone, or -1
    collect: tuple[int, ...]  # plant, meat, supply, barriers every Collect Resources phase
    safe_hunt: bool
    market_discount: int
    contract_bonus: int
    unique_diet: int  # -1 unless the card is a Unique Dinosaur
    unique_food: int


@dataclass(frozen=True)
class Contract:
    index: int
    name: str
    public: bool
    need: tuple[int, ...]  # common dinosaurs delivered, one count per common species
    unique: int  # Unique Dinosaurs that must be on the Farm (they stay)
    vp: int


@dataclass(frozen=True)
class Farm:
    index: int
    name: str
    symbols: tuple[int, ...]  # per space: PLANT, MEAT, SUPPLY or -1
    dotted: int  # bit mask of the edges where a Barrier may go
    edge_kinds: tuple[str, ...]  # per edge: dotted, water or mountain
    picture: tuple[str, ...] = ()  # the content's picture, row by row (the browser's board draws it)


@dataclass(frozen=True)
class RivalCard:
    index: int
    name: str
    spaces: tuple[str, ...]
    slots: tuple[int, ...]  # the spaces' positions on the solo side of the Action Boards
    strength: int
    dinosaurs: tuple[int, ...]
    resources: tuple[int, ...]  # plant, meat, supply
    steal: int
    first_player: bool
    research: bool


@dataclass(frozen=True)
class Geometry:
    """The Farm grid shared by every layout: spaces, edges and which spaces each edge separates."""

    rows: int
    cols: int
    edge_cells: tuple[tuple[int, int], ...]  # (space, other space or -1 for outside the Farm)
    cell_edges: tuple[tuple[int, ...], ...]
    edge_names: tuple[str, ...]
    # The edge drawn at each (line, column) of a Farm picture, -1 where the picture shows a corner or space.
    picture_edges: tuple[tuple[int, ...], ...]
    # Counted once, as plain fields: the rules read them in their inner loops.
    num_cells: int = field(init=False)
    num_edges: int = field(init=False)
    # The zones of each set of open edges already worked out (grid.zones): not content, a memo.
    zones_memo: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "num_cells", self.rows * self.cols)
        object.__setattr__(self, "num_edges", len(self.edge_cells))

    def cell_name(self, cell: int) -> str:
        return _cell(cell, self.cols)


@dataclass(frozen=True)
class Content:
    version: str
    numbers: dict
    seat_bonus: tuple[tuple[int, int, int], ...]
    species: tuple[Species, ...]
    die: tuple[int, ...]
    spaces: tuple[Space, ...]
    spaces_for: dict  # player count -> tuple of space indices on that side, boards A-D in order
    research: tuple[ResearchCard, ...]
    contracts: tuple[Contract, ...]  # public ones first
    farms: tuple[Farm, ...]
    geometry: Geometry
    rival_cards: tuple[RivalCard, ...]
    rival_cards_per_round: int
    rival_cards_from_round_4: int
    provenance: tuple[dict, ...]
    how_to_play: tuple[dict, ...] = ()  # sections {"title", "text", "rulebook"} (read_how_to_play)


def _grid(r: Reader, where: str, picture: str) -> tuple[Geometry, tuple[int, ...], tuple[str, ...]]:
    """Reads a Farm picture: the grid's geometry, each space's symbol and each edge's kind."""
    lines = [line.strip() for line in picture.strip().splitlines()]
    if len(lines) % 2 == 0 or len(lines) < 3:
        raise r.fail(where, "the picture needs edge lines around every row of spaces (an odd number of lines)")
    width = len(lines[0])
    if width % 2 == 0 or any(len(line) != width for line in lines):
        raise r.fail(where, "every line of the picture must have the same odd length")
    rows, cols = len(lines) // 2, width // 2
    edge_cells: list[tuple[int, int]] = []
    edge_names: list[str] = []
    kinds: list[str] = []
    symbols = []
    at = [[-1] * width for _ in lines]
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if y % 2 == 0 and x % 2 == 0:
                if ch != "+":
                    raise r.fail(where, f"line {y + 1}, column {x + 1}: a corner must be '+', got {ch!r}")
                continue
            if y % 2 == 1 and x % 2 == 1:
                if ch not in SYMBOLS:
                    raise r.fail(where, f"line {y + 1}: {ch!r} is not a symbol (P, M, S or -)")
                symbols.append(SYMBOLS[ch])
                continue
            if ch not in EDGE_KINDS:
                raise r.fail(where, f"line {y + 1}, column {x + 1}: {ch!r} is not an edge (., ~ or ^)")
            if y % 2 == 0:  # a horizontal edge between the space above and the one below
                above = (y // 2 - 1) * cols + x // 2 if y > 0 else -1
                below = (y // 2) * cols + x // 2 if y // 2 < rows else -1
                if above < 0:
                    edge, name = (below, -1), f"{_cell(below, cols)} top"
                elif below < 0:
                    edge, name = (above, -1), f"{_cell(above, cols)} bottom"
                else:
                    edge, name = (above, below), f"{_cell(above, cols)}|{_cell(below, cols)}"
            else:  # a vertical edge between the space left and the one right
                left = (y // 2) * cols + x // 2 - 1 if x > 0 else -1
                right = (y // 2) * cols + x // 2 if x // 2 < cols else -1
                if left < 0:
                    edge, name = (right, -1), f"{_cell(right, cols)} left"
                elif right < 0:
                    edge, name = (left, -1), f"{_cell(left, cols)} right"
                else:
                    edge, name = (left, right), f"{_cell(left, cols)}|{_cell(right, cols)}"
            at[y][x] = len(edge_cells)
            edge_cells.append(edge)
            edge_names.append(name)
            kinds.append(EDGE_KINDS[ch])
    cell_edges = tuple(tuple(e for e, ab in enumerate(edge_cells) if cell in ab) for cell in range(rows * cols))
    pictured = tuple(tuple(row) for row in at)
    geometry = Geometry(rows, cols, tuple(edge_cells), cell_edges, tuple(edge_names), pictured)
    return geometry, tuple(symbols), tuple(kinds)


def _cell(cell: int, cols: int) -> str:
    """A Farm space's name: its column letter and row number (A1 top left)."""
    return f"{'ABCDEFGH'[cell % cols]}{cell // cols + 1}"


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
            "rounds",
            "dinofarmers",
            "new_dinofarmer_round",
            "foreman_strength",
            "track_max",
            "contracts_extra",
            "private_dealt",
            "round4_private",
            "research_row",
            "barrier_supply",
            "starting_barriers",
        ),
    )
    if not 1 <= numbers["min_players"] <= numbers["max_players"] <= 4:
        raise r.fail("numbers.players", "min and max must be between 1 and 4")

    bonus = r.table(data, "seat_bonus", "top level")
    r.provenance(bonus, "seat_bonus")
    prov.append(provenance_item("rule", "seat bonuses", bonus))
    seat_bonus = r.get(bonus, "bonuses", list, "seat_bonus")
    if len(seat_bonus) != 4 or any(not isinstance(b, list) or len(b) != 3 for b in seat_bonus):
        raise r.fail("seat_bonus.bonuses", "expected 4 seats of [plant, meat, supply]")

    species: list[Species] = []
    for key, entry in r.table(data, "species", "top level").items():
        where = f"species.{key}"
        r.provenance(entry, where)
        prov.append(provenance_item("species", key, entry))
        diet = r.get(entry, "diet", str, where)
        if diet not in DIETS[:2]:
            raise r.fail(f"{where}.diet", f"a common species is a herbivore or a carnivore, not {diet!r}")
        species.append(
            Species(
                len(species),
                key,
                species_name(key),
                r.get(entry, "colour", str, where),
                r.get(entry, "style", str, where),
                r.get(entry, "letter", str, where),
                DIETS.index(diet),
                r.get(entry, "food", int, where),
                r.get(entry, "value", int, where),
                r.get(entry, "supply", int, where),
            )
        )
    if len(species) != NUM_COMMON:
        raise r.fail("species", f"expected the {NUM_COMMON} common species, got {len(species)}")

    for i, entry in enumerate(r.get(data, "rule", list, "top level")):
        where = f"rule[{i}]"
        r.provenance(entry, where)
        prov.append(provenance_item("rule", r.get(entry, "name", str, where), entry))

    die_entry = r.table(data, "die", "top level")
    r.provenance(die_entry, "die")
    prov.append(provenance_item("component", "Hunting Die", die_entry))
    faces = r.get(die_entry, "faces", list, "die")
    if not faces or any(f not in FACES for f in faces):
        raise r.fail("die.faces", f"faces must be among {', '.join(FACES)}")
    die = tuple(FACES.index(f) for f in faces)

    spaces: list[Space] = []
    for i, entry in enumerate(r.get(data, "space", list, "top level")):
        where = f"space[{i}]"
        r.provenance(entry, where)
        sid = r.get(entry, "id", str, where)
        where = f"space.{sid}"
        prov.append(provenance_item("action space", sid, entry))
        sides = tuple(r.get(entry, "sides", list, where))
        if not sides or any(not isinstance(n, int) or not 1 <= n <= 4 for n in sides):
            raise r.fail(f"{where}.sides", "expected player counts from 1 to 4")
        steps = EFFECTS.parse(r, r.get(entry, "steps", list, where), f"{where}.steps")
        kinds = [kind for kind, _ in steps]
        if "pay" in kinds[1:]:
            raise r.fail(where, "a space pays its cost once, in its first step")
        pays = kinds[:1] == ["pay"]
        actions = steps[1:] if pays else steps
        gains = [value for kind, value in actions if kind == "gain"]
        spaces.append(
            Space(
                len(spaces),
                sid,
                r.get(entry, "board", str, where),
                r.get(entry, "name", str, where),
                sides,
                steps,
                steps[0][1] if pays else (0, 0, 0),
                actions,
                "dinosaur" in kinds,
                tuple(any(g[r] for g in gains) for r in range(4)),
                any(kind == "first_player" for kind, _ in actions),
                tuple(
                    (EFFECTS.kinds[kind].can, value) for kind, value in actions if kind not in ("gain", "first_player")
                ),
            )
        )
    ids = [s.id for s in spaces]
    if len(set(ids)) != len(ids):
        raise r.fail("space", "two spaces share an id")
    spaces_for = {}
    for n in range(numbers["min_players"], numbers["max_players"] + 1):
        spaces_for[n] = tuple(s.index for s in sorted(spaces, key=lambda s: s.board) if n in s.sides)
        if not spaces_for[n]:
            raise r.fail("space", f"no action space shows on the side for {n} players")

    research: list[ResearchCard] = []
    for i, entry in enumerate(r.get(data, "research", list, "top level")):
        where = f"research[{i}]"
        r.provenance(entry, where)
        name = r.get(entry, "name", str, where)
        prov.append(provenance_item("research card", name, entry))
        gain = dict(entry.get("gain", {}))
        dinosaur = gain.pop("dinosaur", None)
        unique = entry.get("unique")
        if unique is not None:
            diet = r.get(unique, "diet", str, f"{where}.unique")
            if diet not in DIETS:
                raise r.fail(f"{where}.unique.diet", f"expected one of {', '.join(DIETS)}")
        research.append(
            ResearchCard(
                len(research),
                name,
                read_amounts(r, r.table(entry, "cost", where), RESOURCES, f"{where}.cost"),
                r.get(entry, "vp", int, where),
                read_amounts(r, gain, GAINS, f"{where}.gain"),
                read_species(r, dinosaur, f"{where}.gain.dinosaur")[0] if dinosaur is not None else -1,
                read_amounts(r, entry.get("collect", {}), GAINS, f"{where}.collect"),
                bool(entry.get("safe_hunt", False)),
                int(entry.get("market_discount", 0)),
                int(entry.get("contract_bonus", 0)),
                DIETS.index(unique["diet"]) if unique is not None else -1,
                r.get(unique, "food", int, f"{where}.unique") if unique is not None else 0,
            )
        )
    if len(research) < 2 * numbers["research_row"]:
        raise r.fail("research", "too few Research cards to fill the row twice")

    contracts: list[Contract] = []
    for kind in ("public", "private"):
        for i, entry in enumerate(r.get(data, kind, list, "top level")):
            where = f"{kind}[{i}]"
            r.provenance(entry, where)
            name = r.get(entry, "name", str, where)
            prov.append(provenance_item(f"{kind} contract", name, entry))
            need = r.table(entry, "need", where)
            contracts.append(
                Contract(
                    len(contracts),
                    name,
                    kind == "public",
                    read_amounts(r, need, tuple(s.key for s in species), f"{where}.need"),
                    int(entry.get("unique", 0)),
                    r.get(entry, "vp", int, where),
                )
            )
    num_public = sum(c.public for c in contracts)
    if num_public < numbers["max_players"] + numbers["contracts_extra"]:
        raise r.fail("public", "too few Public Contracts for the contract row")
    kept = 1 + numbers["round4_private"]
    if len(contracts) - num_public < numbers["max_players"] * max(numbers["private_dealt"], kept):
        raise r.fail("private", "too few Private Contracts to deal every player")

    farms: list[Farm] = []
    geometry = None
    for i, entry in enumerate(r.get(data, "farm", list, "top level")):
        name = r.get(entry, "name", str, f"farm[{i}]")
        where = f"farm.{name}"
        r.provenance(entry, where)
        prov.append(provenance_item("farm", name, entry))
        picture = r.get(entry, "picture", str, where)
        geo, symbols, edge_kinds = _grid(r, f"{where}.picture", picture)
        dotted = sum(1 << e for e, kind in enumerate(edge_kinds) if kind == "dotted")
        if geometry is None:
            geometry = geo
        elif geo != geometry:
            raise r.fail(where, "every Farm must have the same grid")
        counts = tuple(symbols.count(k) for k in range(3))
        if counts != FARM_SYMBOLS:
            raise r.fail(where, f"a Farm shows 5 plants, 3 meat and 1 supply; this one {counts}")
        rows = tuple(line.strip() for line in picture.strip().splitlines())
        farm = Farm(len(farms), name, symbols, dotted, edge_kinds, rows)
        permanent = [cells for cells, closed in regions(geometry, dotted) if closed]
        if len(permanent) != 1:
            raise r.fail(where, f"a Farm has exactly one permanent Enclosure; this one has {len(permanent)}")
        farms.append(farm)
    if geometry is None:
        raise r.fail("farm", "no Farm boards")

    rival = r.table(data, "rival", "top level")
    r.provenance(rival, "rival")
    prov.append(provenance_item("rule", "Rival cards per round", rival))
    rival_cards: list[RivalCard] = []
    solo_ids = [spaces[i].id for i in spaces_for.get(1, ())]
    for i, entry in enumerate(r.get(data, "rival_card", list, "top level")):
        where = f"rival_card[{i}]"
        r.provenance(entry, where)
        name = r.get(entry, "name", str, where)
        prov.append(provenance_item("rival card", name, entry))
        card_spaces = tuple(r.get(entry, "spaces", list, where))
        for sid in card_spaces:
            if sid not in solo_ids:
                raise r.fail(f"{where}.spaces", f"{sid!r} is not an action space of the solo side")
        rival_cards.append(
            RivalCard(
                len(rival_cards),
                name,
                card_spaces,
                tuple(solo_ids.index(sid) for sid in card_spaces),
                r.get(entry, "strength", int, where),
                read_species(r, entry["dinosaurs"], f"{where}.dinosaurs") if "dinosaurs" in entry else (),
                read_amounts(r, entry.get("resources", {}), RESOURCES, f"{where}.resources"),
                int(entry.get("steal", 0)),
                bool(entry.get("first_player", False)),
                bool(entry.get("research", False)),
            )
        )
    per_round = r.get(rival, "cards_per_round", int, "rival")
    from_4 = r.get(rival, "cards_from_round_4", int, "rival")
    if not 0 < per_round <= from_4 <= len(rival_cards):
        raise r.fail("rival", "cards per round must be at least 1 and at most the Rival deck")

    return Content(
        version=r.get(data, "version", str, "top level"),
        numbers=numbers,
        seat_bonus=tuple(tuple(b) for b in seat_bonus),
        species=tuple(species),
        die=die,
        spaces=tuple(spaces),
        spaces_for=spaces_for,
        research=tuple(research),
        contracts=tuple(contracts),
        farms=tuple(farms),
        geometry=geometry,
        rival_cards=tuple(rival_cards),
        rival_cards_per_round=per_round,
        rival_cards_from_round_4=from_4,
        provenance=tuple(prov),
        how_to_play=read_how_to_play(r),
    )


HOW_TO_PLAY_KEYS = ("title", "text", "rulebook")
RULEBOOK = "Tiny Epic Dinosaurs rulebook, "


def read_how_to_play(r: Reader) -> tuple[dict, ...]:
    """The [[how_to_play]] sections: each a title, a text and where it comes from, either the rulebook section
    it follows ("Tiny Epic Dinosaurs rulebook, 4. Adapt the Farm") or "designed ..." for the project's rules."""
    sections = []
    for i, entry in enumerate(r.get(r.data, "how_to_play", list, "top level")):
        where = f"how_to_play[{i}]"
        if not isinstance(entry, dict):
            raise r.fail(where, "expected a table with a title, a text and a rulebook citation")
        for key in entry:
            if key not in HOW_TO_PLAY_KEYS:
                raise r.fail(f"{where}.{key}", f"unknown key (expected {', '.join(HOW_TO_PLAY_KEYS)})")
        section = {key: r.get(entry, key, str, where).strip() for key in HOW_TO_PLAY_KEYS}
        for key, value in section.items():
            if not value:
                raise r.fail(f"{where}.{key}", "must not be empty")
        cited = section["rulebook"]
        if not (cited.startswith(RULEBOOK) and len(cited) > len(RULEBOOK) or cited.startswith("designed")):
            raise r.fail(
                f"{where}.rulebook",
                f"cite the section it follows ({RULEBOOK}<section>) or say it is designed, not {cited!r}",
            )
        sections.append(section)
    if not sections:
        raise r.fail("how_to_play", "no sections")
    return tuple(sections)
