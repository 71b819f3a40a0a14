"""My Funny Dinos content: content.toml validated and pre-indexed into tuples the rules read directly."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dinotable.core.content import Reader, load_toml, provenance_item, read_numbers

CONTENT_PATH = Path(__file__).with_name("content.toml")

PARTS = ("head", "tail", "leg", "event")
HEAD, TAIL, LEG, EVENT = range(4)
ICONS = ("exchange", "shovel", "bone_pile", "two")
EXCHANGE, SHOVEL, BONE_PILE, TWO = range(4)
ICON_NAMES = {"exchange": "exchange", "shovel": "shovel", "bone_pile": "bone pile", "two": "circled 2"}
MISSION_CONDITIONS = ("most_colour", "restore_four_colours", "own_bones", "own_event_tiles")
# The rulebook's component list: 8 heads, 8 tails, 16 legs, 8 event tiles.
RULEBOOK_PART_COUNTS = {"head": 8, "tail": 8, "leg": 16, "event": 8}
NUM_MISSIONS = 7


@dataclass(frozen=True)
class Mission:
    index: int
    id: str
    name: str  # as the table calls the tile
    border: str  # "black" (scored at the end) or "red" (taken at once)
    condition: str
    colour: int  # for most_colour, else -1
    count: int
    points: int
    text: str


@dataclass(frozen=True)
class Content:
    version: str
    numbers: dict  # name -> value
    colours: tuple[str, ...]
    colour_styles: tuple[str, ...]  # terminal styles (rich), presentation only
    dinosaurs: tuple[str, ...]
    # Tile kinds, indexed 0..39: colour, part and event icon (-1 for body parts).
    kind_colour: tuple[int, ...]
    kind_part: tuple[int, ...]
    kind_icon: tuple[int, ...]
    kind_points: tuple[int, ...]  # points as a loose tile at the end
    icon_text: tuple[str, ...]
    missions: tuple[Mission, ...]
    centre: int
    spot_edge: tuple[bool, ...]
    spot_neighbours: tuple[tuple[int, ...], ...]
    base_spots: tuple[int, ...]
    bases: int
    see_all_under: int
    see_colour_under: int
    model: dict
    dice: dict
    provenance: tuple[dict, ...]

    @property
    def num_tiles(self) -> int:
        return len(self.kind_part)

    @property
    def num_spots(self) -> int:
        return len(self.spot_edge)

    def kind_name(self, kind: int) -> str:
        colour = self.colours[self.kind_colour[kind]]
        part = self.kind_part[kind]
        if part == EVENT:
            return f"{colour} event ({ICON_NAMES[ICONS[self.kind_icon[kind]]]})"
        return f"{colour} {PARTS[part]}"

    def tile_words(self, kind: int) -> str:
        """A tile's face in a player's words: "green leg", "red bone pile tile" (`kind_name` is the name the
        events keep, part of the rules record)."""
        colour = self.colours[self.kind_colour[kind]]
        part = self.kind_part[kind]
        if part == EVENT:
            return f"{colour} {ICON_NAMES[ICONS[self.kind_icon[kind]]]} tile"
        return f"{colour} {PARTS[part]}"


def load_content(path: str | Path = CONTENT_PATH) -> Content:
    r = Reader(path, load_toml(path))
    data = r.data
    prov: list[dict] = []

    numbers = read_numbers(
        r,
        prov,
        (
            "bone_supply",
            "starting_bones",
            "exhibition_tiles",
            "dinosaurs_to_end",
            "missions_revealed",
            "rocks_per_base",
            "single_colour_dinosaur",
            "mixed_dinosaur",
            "loose_tile",
            "bones_per_point",
        ),
    )
    if not 1 <= numbers["min_players"] <= numbers["max_players"]:
        raise r.fail("numbers.players", "min must be at least 1 and at most max")

    tiles = r.table(data, "tiles", "top level")
    r.provenance(tiles, "tiles")
    prov.append(provenance_item("component", "tiles per colour", tiles))
    per_colour = r.table(tiles, "parts", "tiles")
    if set(per_colour) != set(PARTS):
        raise r.fail("tiles.parts", f"must give a count for each of {', '.join(PARTS)}")

    events = r.table(data, "event", "top level")
    icon_points, icon_text = [], []
    for icon in ICONS:
        entry = r.table(events, icon, "event")
        r.provenance(entry, f"event.{icon}")
        prov.append(provenance_item("event", icon, entry))
        icon_points.append(r.get(entry, "points", int, f"event.{icon}"))
        icon_text.append(r.get(entry, "text", str, f"event.{icon}"))
    unknown_icons = set(events) - set(ICONS)
    if unknown_icons:
        raise r.fail("event", f"unknown event icon {sorted(unknown_icons)[0]!r}")

    colours, colour_styles, dinosaurs = [], [], []
    kind_colour, kind_part, kind_icon, kind_points = [], [], [], []
    for i, entry in enumerate(r.get(data, "colour", list, "top level")):
        where = f"colour[{i}]"
        name = r.get(entry, "name", str, where)
        if name in colours:
            raise r.fail(where, f"colour {name!r} appears twice")
        icon = r.get(entry, "event", str, where)
        if icon not in ICONS:
            raise r.fail(f"{where}.event", f"unknown event icon {icon!r}; known: {', '.join(ICONS)}")
        r.provenance(entry, where)
        dinosaur = r.get(entry, "dinosaur", str, where)
        prov.append(
            provenance_item(
                "colour", name, entry, f"{dinosaur}: head, tail, 2 legs and a {ICON_NAMES[icon]} event tile"
            )
        )
        colours.append(name)
        colour_styles.append(entry.get("style", name) if isinstance(entry.get("style", name), str) else name)
        dinosaurs.append(dinosaur)
        for part, part_name in enumerate(PARTS):
            for _ in range(r.get(per_colour, part_name, int, "tiles.parts")):
                kind_colour.append(i)
                kind_part.append(part)
                kind_icon.append(ICONS.index(icon) if part == EVENT else -1)
                kind_points.append(icon_points[ICONS.index(icon)] if part == EVENT else numbers["loose_tile"])
    counts = {name: sum(1 for p in kind_part if p == i) for i, name in enumerate(PARTS)}
    if counts != RULEBOOK_PART_COUNTS:
        raise r.fail("colour", f"the tiles must be {RULEBOOK_PART_COUNTS} (rulebook), these make {counts}")

    missions = []
    for i, entry in enumerate(r.get(data, "mission", list, "top level")):
        where = f"mission[{i}]"
        condition = r.get(entry, "condition", str, where)
        if condition not in MISSION_CONDITIONS:
            raise r.fail(f"{where}.condition", f"unknown condition {condition!r}")
        border = r.get(entry, "border", str, where)
        if border not in ("black", "red"):
            raise r.fail(f"{where}.border", f"must be 'black' or 'red', not {border!r}")
        if (border == "black") != (condition == "most_colour"):
            raise r.fail(where, "black missions are 'most_colour'; red missions are the others")
        colour = -1
        if condition == "most_colour":
            name = r.get(entry, "colour", str, where)
            if name not in colours:
                raise r.fail(f"{where}.colour", f"unknown colour {name!r}")
            colour = colours.index(name)
        count = r.get(entry, "count", int, where) if condition != "most_colour" else 0
        mission_id = r.get(entry, "id", str, where)
        r.provenance(entry, where)
        points = r.get(entry, "points", int, where)
        text = _mission_text(condition, colours[colour] if colour >= 0 else "", count)
        prov.append(provenance_item("mission", mission_id, entry, f"{border}, {points} points: {text}"))
        name = r.get(entry, "name", str, where)
        missions.append(Mission(i, mission_id, name, border, condition, colour, count, points, text))
    if len(missions) != NUM_MISSIONS:
        raise r.fail("mission", f"there must be {NUM_MISSIONS} mission tiles (rulebook), not {len(missions)}")
    if numbers["missions_revealed"] > len(missions):
        raise r.fail("numbers.missions_revealed", "more than there are mission tiles")

    pile = r.table(data, "pile", "top level")
    r.provenance(pile, "pile")
    prov.append(provenance_item("component", "pile", pile))
    neighbours = r.get(pile, "neighbours", list, "pile")
    num_spots = len(neighbours)
    for i, near in enumerate(neighbours):
        if not isinstance(near, list) or not all(isinstance(s, int) and 0 <= s < num_spots for s in near):
            raise r.fail(f"pile.neighbours[{i}]", f"must list spot numbers below {num_spots}")
        if i in near:
            raise r.fail(f"pile.neighbours[{i}]", "a spot cannot neighbour itself")

    def spot_list(key: str) -> list[int]:
        spots = r.get(pile, key, list, "pile")
        if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < num_spots for s in spots):
            raise r.fail(f"pile.{key}", f"must list spot numbers below {num_spots}")
        return spots

    edge_spots = spot_list("edge_spots")
    base_spots = spot_list("base_spots")
    centre = r.get(pile, "centre", int, "pile")
    bases = r.get(pile, "bases", int, "pile")
    if not 0 <= centre < num_spots:
        raise r.fail("pile.centre", f"must be a spot number below {num_spots}")
    if bases > len(set(base_spots)):
        raise r.fail("pile.bases", "base tiles may not overlap: need at least as many base spots as bases")

    excavation = r.table(data, "excavation", "top level")
    models = {}
    for mode in ("model", "dice"):
        entry = r.table(excavation, mode, "excavation")
        r.provenance(entry, f"excavation.{mode}")
        prov.append(provenance_item("excavation", mode, entry))
        models[mode] = {k: v for k, v in entry.items() if k not in ("provenance", "why", "source")}
        for key, value in models[mode].items():
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise r.fail(f"excavation.{mode}.{key}", f"must be a non-negative number, got {value!r}")
    for key in (
        "rock_base",
        "rock_per_tile_above",
        "rock_base_here",
        "rock_per_rock_here",
        "rock_per_rock_near",
        "rock_shaky_per_round",
        "edge_base",
        "edge_per_tile_above",
        "max_failure",
    ):
        if key not in models["model"]:
            raise r.fail("excavation.model", f"missing {key!r}")
    for key in (
        "sides",
        "risk_base",
        "risk_per_tile_above",
        "risk_above_cap",
        "risk_per_rock_here_beyond_first",
        "risk_edge",
        "risk_shaky_every_rounds",
    ):
        if not isinstance(models["dice"].get(key), int):
            raise r.fail("excavation.dice", f"missing whole number {key!r}")

    for i, entry in enumerate(data.get("rule", [])):
        where = f"rule[{i}]"
        r.get(entry, "text", str, where)
        r.provenance(entry, where)
        prov.append(provenance_item("rule", r.get(entry, "id", str, where), entry))

    return Content(
        version=r.get(data, "version", str, "top level"),
        numbers=numbers,
        colours=tuple(colours),
        colour_styles=tuple(colour_styles),
        dinosaurs=tuple(dinosaurs),
        kind_colour=tuple(kind_colour),
        kind_part=tuple(kind_part),
        kind_icon=tuple(kind_icon),
        kind_points=tuple(kind_points),
        icon_text=tuple(icon_text),
        missions=tuple(missions),
        centre=centre,
        spot_edge=tuple(s in edge_spots for s in range(num_spots)),
        spot_neighbours=tuple(tuple(n) for n in neighbours),
        base_spots=tuple(base_spots),
        bases=bases,
        see_all_under=r.get(pile, "see_all_under", int, "pile"),
        see_colour_under=r.get(pile, "see_colour_under", int, "pile"),
        model=models["model"],
        dice=models["dice"],
        provenance=tuple(prov),
    )


def _mission_text(condition: str, colour: str, count: int) -> str:
    if condition == "most_colour":
        return f"most {colour} tiles at the end (event tiles count as their colour)"
    if condition == "restore_four_colours":
        return f"restore a dinosaur with {count} colours"
    if condition == "own_bones":
        return f"own {count} bone tokens"
    return f"own {count} special (event) tiles"


# ------------------------------------------------------------------------------------------- how to play
HOW_TO_PLAY_PATH = Path(__file__).with_name("how_to_play.toml")
RULEBOOK = "My Funny Dinos rulebook"
# The rulebook's headings (its table of contents), which a section of How to play cites after RULEBOOK.
RULEBOOK_SECTIONS = (
    "I. Game Components",
    "II. Overview",
    "III. Game Setup",
    "IV. How to Play",
    "1. Excavating a Fossil Tile (Mandatory)",
    "Excavation Success",
    "Excavation Failure",
    "2. Restoring Dinosaur (Optional)",
    "Restoration Rules",
    "V. Game End",
    "Scoring",
    "Mission Tiles",
    "Scoring Example",
)
HOW_TO_PLAY_KEYS = ("title", "text", "rulebook")


def load_how_to_play(path: str | Path = HOW_TO_PLAY_PATH) -> tuple[dict, ...]:
    """How to play, in the project's words: [[section]] tables, each a `title`, a `text` (its line breaks
    read as spaces) and `rulebook`, the rulebook's section it follows ("My Funny Dinos rulebook, V. Game End",
    headings from the rulebook's table of contents, several joined by ", ") or "designed"."""
    r = Reader(path, load_toml(path))
    sections = r.get(r.data, "section", list, "top level")
    if not sections:
        raise r.fail("section", "needs at least one section")
    out = []
    for i, entry in enumerate(sections):
        where = f"section[{i}]"
        if not isinstance(entry, dict):
            raise r.fail(where, "expected a table")
        unknown = sorted(set(entry) - set(HOW_TO_PLAY_KEYS))
        if unknown:
            raise r.fail(f"{where}.{unknown[0]}", f"unknown key; a section has {', '.join(HOW_TO_PLAY_KEYS)}")
        section = {key: " ".join(r.get(entry, key, str, where).split()) for key in HOW_TO_PLAY_KEYS}
        for key in ("title", "text"):
            if not section[key]:
                raise r.fail(f"{where}.{key}", "is empty")
        cite = section["rulebook"]
        if cite != "designed":
            if not cite.startswith(f"{RULEBOOK}, "):
                raise r.fail(f"{where}.rulebook", f"must be 'designed' or start with '{RULEBOOK}, ', not {cite!r}")
            headings = cite[len(RULEBOOK) + 2 :].split(", ")
            wrong = [h for h in headings if h not in RULEBOOK_SECTIONS]
            if wrong:
                raise r.fail(f"{where}.rulebook", f"{wrong[0]!r} is not a section of the rulebook")
        out.append(section)
    return tuple(out)
