"""The Farm: its Enclosures, where a dinosaur may stand, and Adapt the Farm (Barriers, placing, lifting).

A common dinosaur stands in an Enclosure holding nothing or only its species; a Unique Dinosaur on any
empty space whose area (Enclosure or open) holds no common one. The grid's geometry is in grid.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dinotable.games.tiny_epic_dinosaurs.components import EMPTY, UNIQUE
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, zones

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


class Adapting(NamedTuple):
    """The context of Adapt the Farm: the spaces whose dinosaur was placed in this phase, as bits (such a
    dinosaur is not lifted again, `moving once`)."""

    settled: int


NOTHING_SETTLED = Adapting(0)


def farm_zones(s: TinyEpicDinosaursState, seat: int) -> tuple[int, ...]:
    return zones(s.c.geometry, s.c.farms[s.farm[seat]].dotted, s.fence[seat])


def farm_counts(s: TinyEpicDinosaursState, seat: int) -> list[int]:
    """Common dinosaurs on the Farm by species, and Unique Dinosaurs as the fifth count."""
    n = s.c.geometry.num_cells
    counts = [0] * 5
    for code in s.cells[seat * n : (seat + 1) * n]:
        if code >= 0:
            counts[min(code, UNIQUE)] += 1
    return counts


def zone_contents(s: TinyEpicDinosaursState, seat: int) -> dict[int, int]:
    """Per zone code: what stands there, as bits: 1 << species, and 1 << UNIQUE for any Unique Dinosaur.
    (An Enclosure may take a common species k when it holds nothing else: contents & ~(1 << k) == 0.)"""
    n = s.c.geometry.num_cells
    zone, cells, base = s.zones[seat], s.cells, seat * n
    out: dict = {}
    for cell in range(n):
        code = cells[base + cell]
        if code >= 0:
            z = zone[cell]
            out[z] = out.get(z, 0) | 1 << (code if code < UNIQUE else UNIQUE)
    return out


def alike(s: TinyEpicDinosaursState, seat: int) -> list[tuple]:
    """Per Farm space, what tells its dinosaur apart for a choice: two common dinosaurs of one species in
    one Enclosure over the same symbol are interchangeable; a Unique Dinosaur is always its own."""
    n = s.c.geometry.num_cells
    zone, symbols = s.zones[seat], s.c.farms[s.farm[seat]].symbols
    cells = s.cells[seat * n : (seat + 1) * n]
    return [(code, zone[x], symbols[x]) if 0 <= code < UNIQUE else (code, x) for x, code in enumerate(cells)]


COMMON = (1 << UNIQUE) - 1  # the bits of the common species in zone_contents


def put_actions(s: TinyEpicDinosaursState, seat: int, commons, uniques) -> list[int]:
    """Where dinosaurs waiting to be placed may go: commons in an Enclosure with none but their own
    species, Unique Dinosaurs anywhere without common ones."""
    if not uniques and not any(commons):
        return []
    n = s.c.geometry.num_cells
    zone, cells, base = s.zones[seat], s.cells, seat * n
    contents = zone_contents(s, seat)
    empty = [cell for cell in range(n) if cells[base + cell] == EMPTY]
    out = []
    first = s.ids.put
    for k in range(4):
        if commons[k]:
            others = ~(1 << k)
            for cell in empty:
                z = zone[cell]
                if z < OPEN and not contents.get(z, 0) & others:
                    out.append(first + k * n + cell)
    if uniques:
        first = s.ids.put_unique
        for card in sorted(set(uniques)):
            for cell in empty:
                if not contents.get(zone[cell], 0) & COMMON:
                    out.append(first + card * n + cell)
    return out


def adapt_actions(s: TinyEpicDinosaursState, seat: int, ctx: Adapting) -> list[int]:
    """Barriers, waiting dinosaurs to put, dinosaurs to lift, and Done only when nothing waiting fits."""
    ids = s.ids
    out = put_actions(s, seat, s.hold[seat * 4 : seat * 4 + 4], s.hold_unique[seat])
    waiting_fits = bool(out)
    if s.barriers[seat]:
        first = ids.fence
        free = s.c.farms[s.farm[seat]].dotted & ~s.fence[seat]
        while free:  # the free dotted lines, lowest edge first
            low = free & -free
            out.append(first + low.bit_length() - 1)
            free ^= low
    n = s.c.geometry.num_cells
    cells, base, settled, first = s.cells, seat * n, ctx.settled, ids.lift
    for cell in range(n):
        if cells[base + cell] >= 0 and not settled >> cell & 1:
            out.append(first + cell)
    if not waiting_fits:
        out.append(ids.done)  # done only when nothing waiting can be placed: such dinosaurs escape
    return out


def place_barrier(s: TinyEpicDinosaursState, seat: int, edge: int) -> None:
    s.barriers[seat] -= 1
    s.fence[seat] |= 1 << edge
    s.zones[seat] = farm_zones(s, seat)


def put_common(s: TinyEpicDinosaursState, seat: int, k: int, cell: int) -> None:
    """A common dinosaur of species `k` from the Containment Zone onto a Farm space."""
    s.hold[seat * 4 + k] -= 1
    s.cells[seat * s.c.geometry.num_cells + cell] = k


def put_unique(s: TinyEpicDinosaursState, seat: int, card: int, cell: int) -> None:
    """The Unique Dinosaur of Research card `card` from the Containment Zone onto a Farm space."""
    held = list(s.hold_unique[seat])
    held.remove(card)
    s.hold_unique[seat] = tuple(held)
    s.cells[seat * s.c.geometry.num_cells + cell] = UNIQUE + card


def lift(s: TinyEpicDinosaursState, seat: int, cell: int) -> None:
    """A dinosaur off the Farm back to the Containment Zone, to be placed again."""
    n = s.c.geometry.num_cells
    code = s.cells[seat * n + cell]
    s.cells[seat * n + cell] = EMPTY
    if code < UNIQUE:
        s.hold[seat * 4 + code] += 1
    else:
        s.hold_unique[seat] = (*s.hold_unique[seat], code - UNIQUE)


def lift_misplaced(s: TinyEpicDinosaursState, seat: int) -> None:
    """Common dinosaurs outside an Enclosure, or sharing one with another species or a Unique
    Dinosaur (after a Barrier was lost), must be placed again: they go back to the Containment Zone."""
    n = s.c.geometry.num_cells
    base = seat * n
    zone = s.zones[seat]
    contents = zone_contents(s, seat)
    for cell in range(n):
        code = s.cells[base + cell]
        if 0 <= code < UNIQUE and (zone[cell] >= OPEN or _two_kinds(contents[zone[cell]])):
            s.cells[base + cell] = EMPTY
            s.hold[seat * 4 + code] += 1


def _two_kinds(contents: int) -> bool:
    """Whether a zone holds more than one kind (species, or Unique Dinosaurs): more than one bit set."""
    return bool(contents & (contents - 1))
