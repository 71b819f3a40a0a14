"""The Farm: its Enclosures, where a dinosaur may stand, and Adapt the Farm (Barriers, placing, lifting).

A common dinosaur stands in an Enclosure holding nothing or only its species; a Unique Dinosaur on any
empty space whose area (Enclosure or open) holds no common one. The grid's geometry is in grid.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dinotable.games.tiny_epic_dinosaurs.components import (
    COMMON_SPECIES,
    EMPTY,
    UNIQUE,
    is_common,
    unique_card,
    unique_code,
)
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, members, zones

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


class Adapting(NamedTuple):
    """The context of Adapt the Farm: the spaces whose dinosaur was placed in this phase, as bits (such a
    dinosaur is not lifted again, `moving once`)."""

    settled: int

    def settling(self, cell: int) -> Adapting:
        """The context once the dinosaur on this space has been placed."""
        return Adapting(self.settled | 1 << cell)  # with_, inline: every dinosaur placed


NOTHING_SETTLED = Adapting(0)


# What stands in a zone (zone_contents), as bits: one per common species, and one (at UNIQUE) for any
# Unique Dinosaur.
def kind_bit(code: int) -> int:
    """A dinosaur's bit in zone_contents."""
    return 1 << min(code, UNIQUE)


COMMON = kind_bit(UNIQUE) - 1  # the bits of the common species
KIND_BITS = tuple(kind_bit(k) for k in range(UNIQUE + 1))  # kind_bit by min(code, UNIQUE), for hot loops


def only(contents: int, code: int) -> bool:
    """Whether a zone holds this kind of dinosaur and nothing else."""
    return contents == KIND_BITS[code if code < UNIQUE else UNIQUE]


def _two_kinds(contents: int) -> bool:
    """Whether a zone holds more than one kind (species, or Unique Dinosaurs): more than one bit set."""
    return bool(contents & (contents - 1))


def farm_zones(s: TinyEpicDinosaursState, seat: int) -> tuple[int, ...]:
    return zones(s.c.geometry, s.c.farms[s.farm[seat]].dotted, s.fence[seat])


def farm_counts(s: TinyEpicDinosaursState, seat: int) -> list[int]:
    """Common dinosaurs on the Farm by species, and Unique Dinosaurs as the fifth count."""
    counts = [0] * (COMMON_SPECIES + 1)
    for code in s.farm_spaces(seat):
        if code >= 0:
            counts[min(code, UNIQUE)] += 1
    return counts


def zone_contents(s: TinyEpicDinosaursState, seat: int, cells: list[int] | None = None) -> dict[int, int]:
    """Per zone code: what stands there, as bits (kind_bit): one per species, one for any Unique Dinosaur.
    (`cells`: the seat's Farm spaces, if the caller has them already.)"""
    zone = s.zones[seat]
    out: dict = {}
    for cell, code in enumerate(cells or s.farm_spaces(seat)):
        if code >= 0:
            z = zone[cell]
            out[z] = out.get(z, 0) | KIND_BITS[code if code < UNIQUE else UNIQUE]
    return out


def alike(s: TinyEpicDinosaursState, seat: int) -> list[tuple]:
    """Per Farm space, what tells its dinosaur apart for a choice: two common dinosaurs of one species in
    one Enclosure over the same symbol are interchangeable; a Unique Dinosaur is always its own."""
    zone, symbols = s.zones[seat], s.c.farms[s.farm[seat]].symbols
    cells = s.farm_spaces(seat)
    # 0 <= code < UNIQUE: is_common, inline in this hot loop
    return [(code, zone[x], symbols[x]) if 0 <= code < UNIQUE else (code, x) for x, code in enumerate(cells)]


def put_actions(s: TinyEpicDinosaursState, seat: int, commons, uniques, cells: list[int] | None = None) -> list[int]:
    """Where dinosaurs waiting to be placed may go: commons in an Enclosure with none but their own
    species, Unique Dinosaurs anywhere without common ones. (`cells`: as in zone_contents.)"""
    if not uniques and not any(commons):
        return []
    n = s.c.geometry.num_cells
    zone = s.zones[seat]
    cells = cells or s.farm_spaces(seat)
    contents = zone_contents(s, seat, cells)
    empty = [cell for cell, code in enumerate(cells) if code == EMPTY]
    out = []
    first = s.ids.put
    for k in range(COMMON_SPECIES):
        if commons[k]:
            others = ~KIND_BITS[k]  # an Enclosure holding any other kind may not take k
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
    # Every Adapt decision asks: the Farm spaces and the Containment Zone are read in place, as
    # s.farm_spaces and s.held_commons do (seat * spaces + space, seat * COMMON_SPECIES + species).
    ids, n, k = s.ids, s.c.geometry.num_cells, seat * COMMON_SPECIES
    cells = s.cells[seat * n : seat * n + n]
    out = put_actions(s, seat, s.hold[k : k + COMMON_SPECIES], s.hold_unique[seat], cells)
    waiting_fits = bool(out)
    if s.barriers[seat]:
        first = ids.fence
        free = s.c.farms[s.farm[seat]].dotted & ~s.fence[seat]  # free_dotted
        out += [first + edge for edge in members(free)]
    first, settled = ids.lift, members(ctx.settled)
    for cell, code in enumerate(cells):
        if code >= 0 and cell not in settled:
            out.append(first + cell)
    if not waiting_fits:
        out.append(ids.done)  # done only when nothing waiting can be placed: such dinosaurs escape
    return out


def free_dotted(s: TinyEpicDinosaursState, seat: int) -> int:
    """The dotted lines of the seat's Farm with no Barrier on them (a set of edges)."""
    return s.c.farms[s.farm[seat]].dotted & ~s.fence[seat]


def place_barrier(s: TinyEpicDinosaursState, seat: int, edge: int) -> None:
    s.barriers[seat] -= 1
    s.set_barrier(seat, edge)
    s.zones[seat] = farm_zones(s, seat)


def put_common(s: TinyEpicDinosaursState, seat: int, k: int, cell: int) -> None:
    """A common dinosaur of species `k` from the Containment Zone onto a Farm space."""
    s.add_held(seat, k, -1)
    s.set_space(seat, cell, k)


def put_unique(s: TinyEpicDinosaursState, seat: int, card: int, cell: int) -> None:
    """The Unique Dinosaur of Research card `card` from the Containment Zone onto a Farm space."""
    held = list(s.hold_unique[seat])
    held.remove(card)
    s.hold_unique[seat] = tuple(held)
    s.set_space(seat, cell, unique_code(card))


def lift(s: TinyEpicDinosaursState, seat: int, cell: int) -> None:
    """A dinosaur off the Farm back to the Containment Zone, to be placed again."""
    code = s.space(seat, cell)
    s.set_space(seat, cell, EMPTY)
    if is_common(code):
        s.add_held(seat, code, 1)
    else:
        s.hold_unique[seat] = (*s.hold_unique[seat], unique_card(code))


def lift_misplaced(s: TinyEpicDinosaursState, seat: int) -> None:
    """Common dinosaurs outside an Enclosure, or sharing one with another species or a Unique
    Dinosaur (after a Barrier was lost), must be placed again: they go back to the Containment Zone."""
    zone, cells = s.zones[seat], s.farm_spaces(seat)
    contents = zone_contents(s, seat, cells)
    for cell, code in enumerate(cells):
        # 0 <= code < UNIQUE: is_common, inline as every seat's Farm is looked at every round
        if 0 <= code < UNIQUE and (zone[cell] >= OPEN or _two_kinds(contents[zone[cell]])):
            s.set_space(seat, cell, EMPTY)
            s.add_held(seat, code, 1)
