"""The terminal's 80x24 screen for My Funny Dinos: the status line, the screen in brief, one seat's board,
the whole table, and the short names and labels of the actions.

The excavation menu lists the tiles one can attempt with their chances, so the screen shows the pile
compactly (each spot's top tile and how many tiles lie there). Everything here reads only what the table
shows: tiles by `render.tile_name`, which describes a tile as far as it is known.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from dinotable.core.words import counted, listed
from dinotable.games.my_funny_dinos.content import EVENT, HEAD, ICON_NAMES, ICONS, LEG, PARTS, TAIL
from dinotable.games.my_funny_dinos.render import (
    dinosaur_ref,
    known_level,
    mission_terms,
    outlook,
    player_name,
    score_lines,
    tile_name,
)
from dinotable.games.my_funny_dinos.rules import (
    COLOUR_KNOWN,
    DIG,
    EXCAVATE,
    FULLY_KNOWN,
    GIVE,
    OVER,
    PASS,
    PICK,
    RESTORE,
    TAKE,
    loose_tiles,
    success_chance,
)
from dinotable.games.my_funny_dinos.scoring import breakdown, mission_owners

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

WIDTH = 80
SCREEN_LINES = 14
LABEL = 30
PART_GROUPS = ((HEAD, "heads"), (TAIL, "tails"), (LEG, "legs"), (EVENT, "events"))
# What the seat to move is doing, by phase (the restoration's part steps all read "restores").
DOING = {EXCAVATE: "excavates", GIVE: "exchanges", TAKE: "exchanges", RESTORE: "may restore"}
YOU_DO = {EXCAVATE: "excavate", GIVE: "exchange", TAKE: "exchange", RESTORE: "restore?"}


def pts(n: int) -> str:
    return counted(n, "pt")


def wrapped(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]


def packed(head: str, items: list[str], sep: str, indent: str = "  ") -> list[str]:
    """Items after a head, as many a line as fit, never broken inside an item."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + (sep if i < len(items) - 1 else "")
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += piece
    return [*lines, line.rstrip()]


def short(s: MyFunnyDinosState, p: int) -> str:
    """A tile in a word or two: "green leg", "red shovel", "red ?" (colour ribbon only), "?" (buried)."""
    known = known_level(s, p)
    if known < COLOUR_KNOWN:
        return "?"
    kind = s.kind[p]
    colour = s.c.colours[s.c.kind_colour[kind]]
    if known < FULLY_KNOWN:
        return f"{colour} ?"
    part = s.c.kind_part[kind]
    return f"{colour} {ICON_NAMES[ICONS[s.c.kind_icon[kind]]] if part == EVENT else PARTS[part]}"


# ------------------------------------------------------------------------------------------- status
def status_line(s: MyFunnyDinosState, seat: int | None) -> str:
    """Game, round, dinosaurs restored of the five that end it, whose turn, and the seat's bones and points;
    the count of dinosaurs is shortened, then left out, when the line would pass 80."""
    n = s.c.numbers
    when = f"Round {s.round}" + (" (last)" if s.final_round else "")
    if s.over:
        turn = "game over"
    elif s.cur == seat:
        turn = f"your turn: {YOU_DO.get(s.phase, 'restore')}"
    else:
        turn = f"{player_name(s, s.cur)} {DOING.get(s.phase, 'restores')}"
    mine = f" | you: {counted(s.bones[seat], 'bone')}, {pts(breakdown(s)[seat]['total'])}" if seat is not None else ""
    restored = f"{len(s.dinos)}/{n['dinosaurs_to_end']}"
    for dinos in (f" | dinosaurs {restored}", f" | dinos {restored}", ""):
        line = f"My Funny Dinos | {when}{dinos} | {turn}{mine}"
        if len(line) <= WIDTH:
            break
    return line


# ------------------------------------------------------------------------------------------- screen
def screen_text(s: MyFunnyDinosState, seat: int | None) -> str:
    """Status, the pile in brief, missions and bones, the other seats in a line each, the seat's own last."""
    legend = f"Pile, by spot: its top tile, xN: N tiles there; R: base tile; {edge_range(s)}: edge"
    others = [seat_line(s, other) for other in range(s.num_players) if other != seat]
    own = own_lines(s, seat) if seat is not None else []
    shared = [*pile_lines(s), *mission_lines(s)]
    if 1 + len(shared) + len(others) + len(own) > SCREEN_LINES:
        shared = [*pile_lines(s), *mission_lines(s, brief=True)]
    if seat is not None and 1 + len(shared) + len(others) + len(own) > SCREEN_LINES:
        own = own_lines(s, seat, brief=True)
    lines = [status_line(s, seat)]
    if 1 + 1 + len(shared) + len(others) + len(own) <= SCREEN_LINES:
        lines.append(legend)
    lines += shared + others + own
    return "\n".join(lines[:1] + lines[1 - SCREEN_LINES :] if len(lines) > SCREEN_LINES else lines)


def edge_range(s: MyFunnyDinosState) -> str:
    edges = [spot for spot, edge in enumerate(s.c.spot_edge) if edge]
    return f"spots {edges[0]}-{edges[-1]}" if edges == list(range(edges[0], edges[-1] + 1)) else "edge spots"


def pile_lines(s: MyFunnyDinosState) -> list[str]:
    spots: list[str] = []
    empty: list[int] = []  # a run of empty spots reads as one: "7-9 empty"
    for spot, stack in enumerate([*s.stacks, [-1]]):  # a last sentinel spot ends the last run
        if not stack:
            empty.append(spot)
            continue
        if empty:
            spots.append(f"{empty[0]}{f'-{empty[-1]}' if len(empty) > 1 else ''} empty")
            empty = []
        if spot < len(s.stacks):
            mark = f"{spot}{'R' if s.base_rocks[spot] else ''}"
            spots.append(f"{mark} {short(s, stack[-1])}" + (f" x{len(stack)}" if len(stack) > 1 else ""))
    return packed("Pile: ", spots, " | ")


def mission_lines(s: MyFunnyDinosState, brief: bool = False) -> list[str]:
    """The missions, their points and who took or leads each, and the bone supply; `brief` names the
    players by number alone, to spare a line."""
    items = []
    for slot, index in enumerate(s.missions):
        m = s.c.missions[index]
        owners = mission_owners(s, slot)
        numbers = brief and not s.names  # players named by people are never shortened to a number
        who = listed([str(o + 1) if numbers else player_name(s, o) for o in owners]) if owners else ""
        who = f"player{'s' if len(owners) > 1 else ''} {who}" if numbers and owners else who
        if m.border == "red":
            state = f"taken by {who}" if owners else "open"
        else:
            state = (f"{'scored' if s.over else 'led'} by {who}") if owners else "nobody yet"
        items.append(f"{m.name} ({m.points} pts, {state})")
    return packed("Missions: ", [*items, f"bone supply {s.supply}"], "; ")


def _loose_by_part(s: MyFunnyDinosState, seat: int, skip_empty: bool = False, events: bool = True) -> str:
    """Loose tiles by part, body parts by colour ("heads blue, pink; legs -; events green shovel"); with
    `events` False the event tiles are only counted."""
    groups = []
    for part, name in PART_GROUPS:
        tiles = [short(s, p) for p in loose_tiles(s, seat, part)]
        if part != EVENT:
            tiles = [t.rsplit(" ", 1)[0] for t in tiles]  # the group says the part: "heads blue, pink"
        elif not events and tiles:
            groups.append(counted(len(tiles), "event tile"))
            continue
        if tiles or not skip_empty:
            groups.append(f"{name} {', '.join(tiles) if tiles else '-'}")
    return "; ".join(groups) if loose_tiles(s, seat) else ""


def _dinos(s: MyFunnyDinosState, seat: int) -> str:
    values = [str(d.value) for d in s.dinos if d.seat == seat]
    return f", dinosaurs {'+'.join(values)}" if values else ""


def seat_line(s: MyFunnyDinosState, seat: int) -> str:
    """Another seat in one line: points, bones, dinosaurs and its loose tiles (by part, colours)."""
    amber = " (amber)" if seat == s.first_player else ""
    head = f"{player_name(s, seat)}{amber}: {pts(breakdown(s)[seat]['total'])}, {counted(s.bones[seat], 'bone')}"
    head += _dinos(s, seat)
    if not loose_tiles(s, seat):
        return f"{head}; no loose tile"
    for events in (True, False):
        line = f"{head}; {_loose_by_part(s, seat, skip_empty=True, events=events)}"
        if len(line) <= WIDTH:
            return line
    counts = [counted(s.loose(seat, part), name[:-1]) for part, name in PART_GROUPS if s.loose(seat, part)]
    line = f"{head}; {', '.join(counts)}"
    return line if len(line) <= WIDTH else f"{head}; {counted(len(loose_tiles(s, seat)), 'loose tile')}"


def own_lines(s: MyFunnyDinosState, seat: int, brief: bool = False) -> list[str]:
    """The seat's own board, nearest the prompt: points, bones, dinosaurs (`brief`: their values only), its
    loose tiles by part, and the tiles picked so far in an exchange or a restoration."""
    amber = " (amber)" if seat == s.first_player else ""
    total = pts(breakdown(s)[seat]["total"])
    lines = [f"You, {player_name(s, seat)}{amber}: {total}, {counted(s.bones[seat], 'bone')}"]
    dinos = [
        str(d.value) if brief else f"{d.value} ({', '.join(short(s, p) for p in d.pieces)})"
        for d in s.dinos
        if d.seat == seat
    ]
    lines[0] += f", dinosaurs {'; '.join(dinos)}" if dinos else ", no dinosaur"
    lines = wrapped(lines[0])
    lines += wrapped("  Loose: " + (_loose_by_part(s, seat) or "none"), "    ")
    if s.ctx and s.cur == seat:
        doing = "giving" if s.phase == TAKE else "restoring"
        lines.append(f"  {doing}: " + ", ".join(f"{short(s, p)} #{p}" for p in s.ctx))
    return lines


# ------------------------------------------------------------------------------------------- boards
def seat_board_text(s: MyFunnyDinosState, viewer: int | None, seat: int) -> str:
    """One seat's board in full: score by its parts, bones, dinosaurs, loose tiles with their numbers and
    missions held (everything a seat holds is face up: `viewer` changes nothing)."""
    amber = ", amber token" if seat == s.first_player else ""
    turn = ", to play" if seat == s.cur and not s.over else ""
    lines = [f"{player_name(s, seat)}{amber}{turn}: {counted(s.bones[seat], 'small bone token')}"]
    lines += wrapped("  score " + score_lines(s)[seat].split(": ", 1)[1], "    ")
    for part, name in PART_GROUPS:
        tiles = [f"{tile_name(s, p)} #{p}" for p in loose_tiles(s, seat, part)]
        lines += wrapped(f"  {name}: " + (", ".join(tiles) or "none"), "    ")
    for d in s.dinos:
        if d.seat == seat:
            parts = ", ".join(short(s, p) for p in d.pieces)
            shown = "exhibited" if d.exhibited else "no exhibition tile"
            lines += wrapped(f"  {dinosaur_ref(d.colours)} ({d.value} pts, {shown}): {parts}", "    ")
    return "\n".join(lines)


def board_text(s: MyFunnyDinosState, seat: int | None) -> str:
    """The whole table: status, missions with their terms, the pile spot by spot (bottom to top), then
    every seat's board."""
    lines = [status_line(s, seat), "Missions:"]
    for slot, index in enumerate(s.missions):
        m = s.c.missions[index]
        owners = listed([player_name(s, o) for o in mission_owners(s, slot)]) if mission_owners(s, slot) else ""
        if m.border == "red":
            held = f"taken by {owners}" if owners else "open"
        else:
            held = f"{'scored' if s.over else 'led'} by {owners}" if owners else "nobody has its colour"
        lines += wrapped(f"  {m.name} ({held}): {mission_terms(s.c, m)}", "    ")
    left = max(0, s.c.numbers["exhibition_tiles"] - len(s.dinos))
    lines.append(f"Bone supply: {s.supply}. Exhibition tiles left: {left}.")
    lines.append(f"Pile, each spot bottom to top (R: base tile with {max(s.base_rocks)} rocks):")
    for spot, stack in enumerate(s.stacks):
        tags = ("edge " if s.c.spot_edge[spot] else "") + ("R" if s.base_rocks[spot] else "")
        tiles = ", ".join(f"#{p} {short(s, p)}" for p in stack) or "empty"
        lines += wrapped(f"  spot {spot:>2} {tags:<6} {tiles}", " " * 17)
    for other in range(s.num_players):
        lines.append(seat_board_text(s, seat, other))
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------ actions
def action_name(s: MyFunnyDinosState, action: int) -> str:
    """A tile by its number ("#26"), to excavate or to pick; ending the turn is "pass"."""
    if action == PASS:
        return "pass"
    return f"#{action - DIG}" if s.phase == EXCAVATE else f"#{action - PICK}"


def action_label(s: MyFunnyDinosState, action: int) -> str:
    if s.phase == OVER:
        return ""
    if action == PASS:
        return "end the turn"
    if s.phase == EXCAVATE:
        p = action - DIG
        chance = f"{success_chance(s, p, s.cur):.0%}"
        what = short(s, p)
        if what == "?":
            what = f"buried, spot {s.spot[p]}"  # how deep shows in the chance; the menu is narrow
        label = f"{what} {chance}"
    else:
        p = action - PICK
        label = short(s, p)
        if s.phase == TAKE:
            label = f"{player_name(s, s.owner[p])}'s {label}"
        elif s.phase != GIVE:  # a part of a dinosaur: the most it can still score
            label += f": {outlook(s, (*s.ctx, p))} points"
    return label[:LABEL]


# ------------------------------------------------------------------------------------- statistics
COUNT_LABELS = {
    "excavated": "tiles excavated",
    "failed:rocks": "excavations failed, rocks collapsed",
    "failed:edge": "excavations failed, tiles off the paper",
    "restored:single": "single-colour dinosaurs restored",
    "restored:mixed": "mixed dinosaurs restored",
    "exchanged": "exchanges",
    "bones": "small bone tokens at the end",
    "loose": "loose tiles at the end",
}


def count_label(c, name: str) -> str:
    """A statistic's name as a designer reads it; a red mission by its tile's name ("Six bone tokens
    taken")."""
    if name.startswith("mission:"):
        mission = next((m for m in c.missions if m.id == name[len("mission:") :]), None)
        return f"{mission.name} taken" if mission else name.replace("_", " ").replace(":", " ")
    return COUNT_LABELS.get(name, name.replace("_", " ").replace(":", " "))
