"""The terminal at 80x24 for Tiny Epic Dinosaurs: the status line, the 14-line screen, the whole table and
one seat's board at 80 columns, the names a person may type for an action and its short label in a menu,
and the statistics' names in a designer's report.

Everything here reads the state as the viewer may see it: another seat's Private Contracts are a count
until the end, when every one is shown.
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from dinotable.core.words import a, counted, upper_first
from dinotable.games.tiny_epic_dinosaurs.components import (
    CHOOSE,
    ESCAPE,
    KEEP,
    OVER,
    PLACE,
    RESOURCES,
    diet,
    food,
    is_common,
)
from dinotable.games.tiny_epic_dinosaurs.content import OMNIVORE
from dinotable.games.tiny_epic_dinosaurs.effects import amounts_text
from dinotable.games.tiny_epic_dinosaurs.escapes import escaping_now
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN
from dinotable.games.tiny_epic_dinosaurs.render import (
    ESCAPE_PHASE,
    FACE_NAMES,
    LEGEND,
    PHASE_OF,
    PHASES,
    cell_parts,
    code_name,
    contract_text,
    enclosure_names,
    farm_lines,
    holder_name,
    research_text,
    rival_rules,
    space_text,
)
from dinotable.games.tiny_epic_dinosaurs.scoring import breakdown, rival_breakdown
from dinotable.games.tiny_epic_dinosaurs.spaces import entry_strength

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

WIDTH, SCREEN_LINES = 80, 14
ENCLOSURE_MARKS = "123456789abcdefghijklmnopqrstuvwxyz"  # one character per Enclosure on the screen's Farm
RESOURCE_LETTERS = "pms"  # plant, meat, supply: the letters the Farms use for their symbols
RIVAL_SUMMARY = "  Its cards block spaces, hunt, steal, research; it scores like you, never feeds"
SHORT_PHASES = {"Allocate Dinofarmers": "Allocate", "Adapt the Farm": "Adapt", "Feed Dinosaurs": "Feed"}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def phase_name(s: TinyEpicDinosaursState) -> str:
    if s.phase == KEEP:
        return "Setup: keep a Private Contract"
    if s.phase == OVER:
        return "game over"
    index = ESCAPE_PHASE[s.ctx.back_to] if s.phase == ESCAPE else PHASE_OF[s.phase]
    return f"phase {index + 1} {PHASES[index]}" + (", Dinosaur Escape" if s.phase == ESCAPE else "")


def _resources(s: TinyEpicDinosaursState, seat: int) -> str:
    """A seat's tracks and Barriers in the Farms' letters: '4p 3m 2s, 2 Barriers'."""
    tracks = " ".join(f"{v}{RESOURCE_LETTERS[r]}" for r, v in enumerate(s.resources(seat)))
    return f"{tracks}, {counted(s.barriers[seat], 'Barrier')}"


def _fits(*choices: str) -> str:
    """The first of the texts that fits the width (the last one, cut, if none does)."""
    for text in choices:
        if len(text) <= WIDTH:
            return text
    return choices[-1][: WIDTH - 3] + "..."


# ----------------------------------------------------------------------------------------- status
def status_line(s: TinyEpicDinosaursState, seat: int | None) -> str:
    title = s.game.title
    rnd = f"Round {s.round}/{s.c.numbers['rounds']}"
    who = None if s.over else holder_name(s, s.current_player)
    if s.over:
        turn = short_turn = "game over"
    elif s.current_player == seat:
        turn = short_turn = "your turn"
    else:
        turn, short_turn = f"{who} to move", who
    mine = f" | {_resources(s, seat)}" if seat is not None else ""
    full = phase_name(s)
    short = full.split(" ", 2)[-1].split(",")[0]
    short = "Escape" if s.phase == ESCAPE else "Setup" if s.phase == KEEP else SHORT_PHASES.get(short, short)
    if s.over:
        winners = s.winners()
        won = f"{holder_name(s, winners[0])} wins" if winners else "the Rival wins"
        return _fits(f"{title} | game over, {won}{mine}", f"{title} | {won}{mine}")
    return _fits(
        f"{title} | {rnd} {full} | {turn}{mine}",
        f"{title} | {rnd} {short} | {turn}{mine}",
        f"{title} | {rnd} {short} | {short_turn}{mine}",
        f"{title} {rnd} {short} | {short_turn}{mine}",
    )


# ----------------------------------------------------------------------------------------- screen
def _short_terms(c, k: int) -> str:
    contract = c.contracts[k]
    need = [f"{v}{c.species[sp].letter}" for sp, v in enumerate(contract.need) if v]
    if contract.unique:
        need.append(f"{contract.unique} Unique")
    return f"{'+'.join(need)} {contract.vp}VP"


def _short_cost(values) -> str:
    return " ".join(f"{v}{RESOURCE_LETTERS[r]}" for r, v in enumerate(values) if v) or "free"


def _holders(s: TinyEpicDinosaursState, slot: int) -> str:
    here = []
    for h, strength in enumerate(s.occupants(slot)):
        if strength:
            who = "R" if h >= s.num_players else f"P{h + 1}"
            here.append(who + (f"x{strength}" if strength > 1 else ""))
    return " ".join(here)


def _pack(chunks: list[str], head: str, width: int = WIDTH) -> list[str]:
    """The chunks on lines of `width`, `head` first, ' . ' between them; a chunk never splits."""
    lines, line = [], head
    for chunk in chunks:
        sep = "" if line == head else " . "
        if len(line) + len(sep) + len(chunk) > width and line != head:
            lines.append(line)
            line, sep = "  ", ""
        line += sep + chunk
    lines.append(line)
    return [x[:width] for x in lines]


def shared_lines(s: TinyEpicDinosaursState) -> list[list[str]]:
    """The shared table in brief, as sections of lines: the Action Boards, Contracts, Research, supply."""
    c = s.c
    taken = [
        f"{c.spaces[space].board} {c.spaces[space].name} {_holders(s, slot)}"
        for slot, space in enumerate(s.slots)
        if any(s.occupants(slot))
    ]
    boards = _pack(taken, "Boards: ") if taken else ["Boards: every action space is free"]
    contracts = _pack([f"{c.contracts[k].name} {_short_terms(c, k)}" for k in s.public_row], "Contracts: ")
    research = _pack(
        [f"{c.research[k].name} {_short_cost(c.research[k].cost)} {c.research[k].vp}VP" for k in s.research_row],
        "Research: ",
    )
    if not s.research_row:
        research = ["Research: none left this round"]
    supply = " ".join(f"{sp.letter} {s.supply[sp.index]}" for sp in c.species)
    die, short_die = "not rolled yet", "-"
    if s.last_roll:
        who, k, face = s.last_roll
        name = "R" if who >= s.num_players else f"P{who + 1}"
        die = f"{FACE_NAMES[face]} ({name} {c.species[k].name})"
        short_die = f"{FACE_NAMES[face]} ({name} {c.species[k].letter})"
    line = _fits(
        f"Supply {supply}, Barriers {s.barrier_supply} | Hunting Die: {die}",
        f"Supply {supply}, Barriers {s.barrier_supply} | Hunting Die: {short_die}",
    )
    return [boards, contracts, research, [line]]


def other_line(s: TinyEpicDinosaursState, p: int) -> str:
    c = s.c
    farm: dict = {}
    for code in s.farm_spaces(p):
        if code >= 0:
            name = c.species[code].letter if is_common(code) else " Unique"
            farm[name] = farm.get(name, 0) + 1
    dinos = " ".join(f"{n}{name}" for name, n in farm.items()) or "empty"
    who = upper_first(holder_name(s, p)) + (" (first player)" if s.first == p else "")
    private = f"{len(s.private[p])} Private face down"
    if s.over:  # the final score's parts, and every Private Contract is shown
        b = breakdown(s, p)
        kept = ", ".join(c.contracts[k].name for k in s.private[p]) or "none"
        return _fits(
            f"{who}: {b['total']} VP (Contracts {b['contracts']}, Research {b['research']}, dinosaurs "
            f"{b['dinosaurs']}) | Private unmet: {kept}",
            f"{who}: {b['total']} VP (Contracts {b['contracts']}, Research {b['research']}, dinosaurs "
            f"{b['dinosaurs']})",
        )
    foreman = " + Foreman" if s.foreman[p] else ""
    place = f"{s.normals[p]}{foreman} to place" if s.normals[p] or s.foreman[p] else "all placed"
    if s.phase not in (PLACE, CHOOSE):  # after Allocate: what waits in the Containment Zone instead
        held = [f"{n}{c.species[k].letter}" for k, n in enumerate(s.held_commons(p)) if n]
        held += [f"1 {c.research[k].name}" for k in s.hold_unique[p]]
        place = "waiting " + " ".join(held) if held else "none waiting"
    # What matters most first: a long Farm is what the width cuts.
    return _fits(
        f"{who}: {s.scores()[p]} VP | {_resources(s, p)} | {place} | {private} | Farm {dinos}",
        f"{who.replace('first player', '1st')}: {s.scores()[p]} VP, {_resources(s, p)}, "
        f"{place.replace(' + Foreman', '+F')}, {len(s.private[p])} Private, Farm {dinos}",
    )


def rival_lines(s: TinyEpicDinosaursState, seat: int | None) -> list[str]:
    """The Rival's score beside the player's, its columns, the cards it played this round (the last one
    where it went), and how it plays in one line."""
    c = s.c
    you = f" (you {s.scores()[0]})" if seat == 0 else ""
    cols = " ".join(f"{s.rival_cols[sp.index]}{sp.letter}" for sp in c.species)
    head = f"Rival: {rival_breakdown(s)['total']} VP{you} | {cols} | {s.rival_hand} to play"
    played = [c.rival_cards[card].name for card, _ in s.rival_played]
    if played:
        card, slot = s.rival_played[-1]
        where = f" on {c.spaces[s.slots[slot]].name}" if slot >= 0 else ""
        head = _fits(
            f"{head} | played {', '.join(played)}{where}",
            f"{head} | played {', '.join(played[:-1])}, ... {played[-1]}{where}",
            f"{head} | last {played[-1]}{where}",
            f"{head} | last {played[-1]}",
        )
    return [head, RIVAL_SUMMARY]


def _cell(s: TinyEpicDinosaursState, seat: int, cell: int, number: dict) -> str:
    """A Farm space in 5 characters: its Enclosure's number (. in the open), its dinosaur (* when fed) and
    its symbol."""
    zone = s.zones[seat][cell]
    where = "." if zone >= OPEN else ENCLOSURE_MARKS[number.setdefault(zone, len(number)) % len(ENCLOSURE_MARKS)]
    dinosaur, mark = cell_parts(s, seat, cell)
    return f"{where}{dinosaur or '   '}{mark}"


def _counts(s: TinyEpicDinosaursState, values, uniques=()) -> str:
    c = s.c
    parts = [f"{n} {c.species[k].name}" for k, n in enumerate(values) if n]
    return ", ".join(parts + [c.research[k].name for k in uniques])


def own_lines(s: TinyEpicDinosaursState, seat: int) -> list[str]:
    """The seat's own board, nearest the prompt: the Farm in three rows beside what it holds, and its
    Private Contracts with what each needs and gives."""
    c = s.c
    geo = c.geometry
    notes = [
        f"{counted(s.normals[seat], 'Dinofarmer')}{' + Foreman' if s.foreman[seat] else ''} to place, "
        f"{breakdown(s, seat)['total']} VP" + (", first player" if s.first == seat else ""),
    ]
    held = _counts(s, s.held_commons(seat), s.hold_unique[seat])
    if held:
        notes.append(f"Containment: {held}")
    leave = _counts(s, [s.on_leave(seat, k) for k in range(len(c.species))])
    if leave:
        notes.append(f"Medical Leave: {leave}")
    born = _counts(s, s.newborn_commons(seat))
    if born:
        notes.append(f"Newly hatched: {born}")
    if escaping_now(s) and s.cur == seat:
        notes.append("Escaping: " + ", ".join(code_name(c, code) for code in escaping_now(s)))
    if s.owned[seat]:
        notes.append("Research: " + ", ".join(c.research[k].name for k in s.owned[seat]))
    if s.fulfilled[seat]:
        notes.append("Done: " + ", ".join(c.contracts[k].name for k in s.fulfilled[seat]))
    left = ["  " + " ".join(f" {'ABCDEFGH'[x]}   " for x in range(geo.cols)).rstrip()]
    number: dict = {}
    for y in range(geo.rows):
        left.append(f"{y + 1} " + " ".join(_cell(s, seat, y * geo.cols + x, number) for x in range(geo.cols)))
    pad = max(len(x) for x in left)
    right_width = WIDTH - pad - 3
    head = f"You, {holder_name(s, seat)} ({c.farms[s.farm[seat]].name}): {_resources(s, seat)}"
    right = [head[:right_width]]
    for note in notes:
        right += textwrap.wrap(note, right_width, subsequent_indent="  ")
    rows = len(left)
    if len(right) < rows:
        right.append("(1 2: Enclosures, * fed, p m s: symbols)"[:right_width])
    if len(right) > rows:  # the last row says how much more `board` shows
        right = right[: rows - 1] + [right[rows - 1][: right_width - 4] + " ..."]
    lines = [f"{left[i].ljust(pad)} | {right[i] if i < len(right) else ''}".rstrip() for i in range(rows)]
    privates = [f"{c.contracts[k].name}: {_short_terms(c, k)}" for k in s.private[seat]]
    if s.phase == KEEP and s.dealt[seat]:
        privates = [f"choose from {', '.join(c.contracts[k].name for k in s.dealt[seat])}"]
    lines += _pack(privates, "Private Contract: " if len(privates) == 1 else "Private Contracts: ")
    return lines


def screen_text(s: TinyEpicDinosaursState, seat: int | None) -> str:
    top = [status_line(s, seat)]
    others = [other_line(s, p) for p in range(s.num_players) if p != seat]
    if s.solo:
        others = rival_lines(s, seat)
    own = own_lines(s, seat) if seat is not None else []
    sections = shared_lines(s)
    room = SCREEN_LINES - len(top) - len(others) - len(own)
    shared = [line for section in sections for line in section]
    if len(shared) > room:
        # Each section keeps its first line (and the supply line): the rest is in `board`.
        shared = [section[0] for section in sections]
        shared = shared[:room]
    return "\n".join(top + shared + others + own)


# ------------------------------------------------------------------------------------------ board
def _wrapped(lines: list[str]) -> list[str]:
    """Lines cut to 80 columns at word boundaries, a continuation indented under its line."""
    out = []
    for line in lines:
        if len(line) <= WIDTH:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        out += textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
    return out


def seat_lines(s: TinyEpicDinosaursState, viewer: int | None, p: int) -> list[str]:
    c = s.c
    out = [
        f"{upper_first(holder_name(s, p))} - Farm {c.farms[s.farm[p]].name} - {amounts_text(s.resources(p))}, "
        f"{counted(s.barriers[p], 'Barrier')}, {counted(s.normals[p], 'Dinofarmer')} to place"
        + (" + the Foreman" if s.foreman[p] else "")
        + f" - {breakdown(s, p)['total']} VP so far"
    ]
    out.extend(farm_lines(s, p))
    # numbered as the screen's Farm and the board number them: 1 for the one whose first space comes first
    names = [f"{i + 1} ({', '.join(cells)})" for i, cells in enumerate(enclosure_names(s, p))]
    out.append("  Enclosures: " + ("; ".join(names) or "none"))
    held = _counts(s, s.held_commons(p), s.hold_unique[p])
    if held:
        out.append("  Containment Zone: " + held)
    leave = _counts(s, [s.on_leave(p, k) for k in range(len(c.species))])
    if leave:
        out.append("  Medical Leave: " + leave)
    if s.owned[p]:
        out.append("  Research: " + ", ".join(c.research[k].name for k in s.owned[p]))
    out.append("  Contracts fulfilled: " + (", ".join(c.contracts[k].name for k in s.fulfilled[p]) or "none"))
    if p == viewer or s.over:  # your own Private Contracts (all of them at the end), with their needs and VP
        out.extend(f"  Private Contract {contract_text(c, k)}" for k in s.private[p])
    else:
        out.append(f"  Private Contracts: {counted(len(s.private[p]), 'card')}, face down")
    return _wrapped(out)


def seat_board_text(s: TinyEpicDinosaursState, viewer: int | None, seat: int) -> str:
    return "\n".join(seat_lines(s, viewer, seat))


def board_text(s: TinyEpicDinosaursState, viewer: int | None) -> str:
    c = s.c
    out = [f"Round {s.round} of {c.numbers['rounds']} - {phase_name(s)}"]
    out.append(f"First Player Marker: {holder_name(s, s.first)}")
    if s.last_roll:
        who, k, face = s.last_roll
        out.append(f"Hunting Die: {FACE_NAMES[face]} ({holder_name(s, who)} hunting {c.species[k].name})")
    out.append("Action Boards:")
    for slot, space in enumerate(s.slots):
        here = [f"{holder_name(s, x)} x{strength}" for x, strength in enumerate(s.occupants(slot)) if strength]
        out.append(f"  {space_text(c, c.spaces[space])}" + (f"  ({', '.join(here)})" if here else ""))
    out.append("Public Contracts:" + ("" if s.public_row else " none"))
    out.extend(f"  {contract_text(c, k)}" for k in s.public_row)
    out.append("Research row:" + ("" if s.research_row else " none"))
    out.extend(f"  {research_text(c, k)}" for k in s.research_row)
    out.append(
        "Supply: " + ", ".join(f"{sp.name} {s.supply[sp.index]}" for sp in c.species) + f", Barriers {s.barrier_supply}"
    )
    for p in range(s.num_players):
        out.append("")
        out.extend(seat_lines(s, viewer, p))
    if s.solo:
        b = rival_breakdown(s)
        out.append("")
        out.append(
            f"Rival - {b['total']} VP - columns: "
            + ", ".join(f"{sp.name} {s.rival_cols[sp.index]}" for sp in c.species)
            + f"; {amounts_text(s.rival_res)}; {counted(s.rival_hand, 'card')} left this round"
        )
        if s.rival_contracts:
            out.append("  Contracts: " + ", ".join(c.contracts[k].name for k in s.rival_contracts))
        if s.rival_research:
            out.append("  Research: " + ", ".join(c.research[k].name for k in s.rival_research))
        if s.rival_played:
            played = [
                c.rival_cards[card].name + (f" on {c.spaces[s.slots[slot]].name}" if slot >= 0 else "")
                for card, slot in s.rival_played
            ]
            out.append("  Cards played this round: " + ", ".join(played))
        out.append("  " + rival_rules(c))
    if escaping_now(s):
        out.append("Escaping: " + ", ".join(code_name(c, code) for code in escaping_now(s)))
    out.append("")
    out.append(LEGEND)
    return "\n".join(_wrapped(out))


# ---------------------------------------------------------------------------------- names, labels
def action_name(s: TinyEpicDinosaursState, action: int) -> str:
    """The printed names as a person types them: 'hunt-herbivore', 'foreman-hunt-herbivore', 'stegosaurus',
    a Research card or Contract by name, 'plant-for-meat', 'barrier-d2-d3', 'stegosaurus-d3', 'lift-d3',
    'done', feeding 'd3' (an omnivore: 'd3-plant', 'd3-meat'), 'eat-d3', 'remove-barrier-d2-d3'."""
    c, ids, geo = s.c, s.ids, s.c.geometry
    cell = lambda x: geo.cell_name(x).lower()  # noqa: E731
    edge = lambda e: _slug(geo.edge_names[e].replace("|", " "))  # noqa: E731
    if action < ids.species:
        slot, foreman = divmod(action - ids.place, 2)
        name = space_slug(c.spaces[s.slots[slot]].name)
        return f"foreman-{name}" if foreman else name
    if action < ids.research:
        return _slug(c.species[action - ids.species].name)
    if action < ids.contract:
        return _slug(c.research[s.research_row[action - ids.research]].name)
    if action < ids.trade:
        return _slug(c.contracts[action - ids.contract].name)
    if action < ids.fence:
        paid, got = divmod(action - ids.trade, len(RESOURCES))
        return f"{RESOURCES[paid]}-for-{RESOURCES[got]}"
    if action < ids.put:
        return f"barrier-{edge(action - ids.fence)}"
    if action < ids.put_unique:
        k, x = divmod(action - ids.put, geo.num_cells)
        return f"{_slug(c.species[k].name)}-{cell(x)}"
    if action < ids.lift:
        card, x = divmod(action - ids.put_unique, geo.num_cells)
        return f"{_slug(c.research[card].name)}-{cell(x)}"
    if action < ids.done:
        return f"lift-{cell(action - ids.lift)}"
    if action < ids.feed:
        return "done"
    if action < ids.eat:
        x, meat = divmod(action - ids.feed, 2)
        code = s.space(s.cur, x)
        return cell(x) + (f"-{'meat' if meat else 'plant'}" if diet(c, code) == OMNIVORE else "")
    if action < ids.eat_common:
        return f"eat-{cell(action - ids.eat)}"
    if action < ids.eat_unique:
        return f"eat-{_slug(c.species[action - ids.eat_common].name)}"
    if action < ids.unfence:
        return f"eat-{_slug(c.research[action - ids.eat_unique].name)}"
    if action < ids.omni:
        return f"remove-barrier-{edge(action - ids.unfence)}"
    return "carnivores" if action - ids.omni else "herbivores"


def space_slug(name: str) -> str:
    """An action space's name to type: its printed name without the articles and 'Dinosaur'."""
    words = [w for w in _slug(name).split("-") if w not in ("a", "an", "the", "dinosaur")]
    return "-".join(words)


def _clip(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


def action_label(s: TinyEpicDinosaursState, action: int) -> str:
    """A few words under the decision's name: 'Foreman: Hunt a herbivore', 'Ankylosaurus 2s 3VP'."""
    c, ids, geo = s.c, s.ids, s.c.geometry
    if action < ids.species:
        slot, foreman = divmod(action - ids.place, 2)
        space = c.spaces[s.slots[slot]]
        need = entry_strength(s.occupants(slot))
        name = f"{space.board} {space.name.replace('Dinosaur Market', 'Market')}"
        if foreman:
            extra = max(0, need - s.c.numbers["foreman_strength"])
            return _clip(f"Foreman{f'+{extra}' if extra else ''}: {name}")
        return _clip(name + (f" x{need}" if need > 1 else ""))
    if action < ids.research:
        return c.species[action - ids.species].name
    if action < ids.contract:
        k = s.research_row[action - ids.research]
        return _clip(f"{c.research[k].name} {_short_cost(c.research[k].cost)} {c.research[k].vp}VP")
    if action < ids.trade:
        k = action - ids.contract
        return _clip(f"{c.contracts[k].name} {_short_terms(c, k)}")
    if action < ids.fence:
        paid, got = divmod(action - ids.trade, len(RESOURCES))
        return f"1 {RESOURCES[paid]} for {RESOURCES[got]}"
    if action < ids.put:
        return f"Barrier {geo.edge_names[action - ids.fence]}"
    if action < ids.lift:
        n = geo.num_cells
        if action < ids.put_unique:
            k, x = divmod(action - ids.put, n)
            name = c.species[k].name
        else:
            card, x = divmod(action - ids.put_unique, n)
            name = c.research[card].name
        return _clip(f"{name} on {geo.cell_name(x)}")
    if action < ids.done:
        x = action - ids.lift
        return _clip(f"lift {code_name(c, s.space(s.cur, x))} {geo.cell_name(x)}")
    if action < ids.feed:
        return "done"
    if action < ids.eat:
        x, meat = divmod(action - ids.feed, 2)
        code = s.space(s.cur, x)
        return _clip(f"{code_name(c, code)} {geo.cell_name(x)}: {food(c, code)} {'meat' if meat else 'plant'}")
    if action < ids.eat_common:
        x = action - ids.eat
        return _clip(f"eat {code_name(c, s.space(s.cur, x))} {geo.cell_name(x)}")
    if action < ids.eat_unique:
        return f"eat {a(c.species[action - ids.eat_common].name)}"
    if action < ids.unfence:
        return _clip(f"eat {c.research[action - ids.eat_unique].name}")
    if action < ids.omni:
        return f"remove Barrier {geo.edge_names[action - ids.unfence]}"
    return "as carnivores" if action - ids.omni else "as herbivores"


# ------------------------------------------------------------------------------------------ counts
def count_label(c, name: str) -> str:
    """'placed:hunt_herbivore' -> 'Dinofarmers on Hunt a herbivore'; the others in words."""
    kind, _, what = name.partition(":")
    if kind == "placed":
        space = next((sp for sp in c.spaces if sp.id == what), None)
        if space is None:
            return f"Dinofarmers on {what.replace('_', ' ')}"
        board, _, side = space.name.partition(": ")  # "Dinosaur Market: herbivore"
        return f"Dinofarmers on {board}" + (f" ({side})" if side else "")
    words = {
        "escaped": "dinosaurs escaped",
        "born": "dinosaurs newly hatched",
        "contracts": "Contracts fulfilled",
        "research": "Research cards held",
    }
    return words.get(name, name.replace("_", " ").replace(":", " "))
