"""What a seat is allowed to do (the docs' "The Mainland"): the DNA sets it can make, where a dinosaur, a pen or a
facility can go, the prices charged (read by the action texts too, so a text shows what is charged), the City
Center's and the HQ's offers, repairs, open worker spaces, claimable specialists. (The rulebook's 'if you
can' check of an effect's steps, and what it decides - playable cards, placements, Outsource, the Private
Airport - are in steps.py, with the step kinds they go through.)

Nothing here changes the state.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING

from dinotable.games.dinogenics.components import FENCES, REFINED
from dinotable.games.dinogenics.rules.codes import (
    COMMERCIAL,
    DRAWN_STACKS,
    SPECIALISTS,
    SYNTH,
    Tables,
    cell_of,
    facility_of,
    first_place,
    is_damaged,
    places,
    species_of,
)
from dinotable.games.dinogenics.rules.reading import facility_at, meeples_left, perk, regions

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def set_size(s: DinoGenicsState, seat: int, species: int, short: int) -> int:
    """Cards in this seat's set for a species: its DNA, less `short`, 1 for a Gallimimus while the park
    has one (Simple Genome); never below 1."""
    if species == s.t.galli and any(species_of(code) == species for code in s.dinos[seat]):
        return 1
    return max(1, s.c.species[species].dna - short)


def substitutes(s: DinoGenicsState, seat: int) -> int:
    """Polymorphic DNA cards and Refined DNA tokens: each stands in for any card of a set."""
    return s.dna[seat * s.c.kinds + s.t.poly] + s.get(seat, REFINED)


def creatable(s: DinoGenicsState, seat: int, short: int) -> list[int]:
    """Species this seat can create: a set in hand (see `makeable`) and a meeple left in the supply."""
    return [sp for sp in _makeable(s, seat, short) if meeples_left(s, sp) > 0]


def can_create(s: DinoGenicsState, seat: int, short: int) -> bool:
    """Can this seat create any dinosaur? (stops at the first: asked of every space and card that creates)"""
    for sp in _makeable(s, seat, short):  # noqa: SIM110  a loop: any() over a generator costs more here
        if meeples_left(s, sp) > 0:
            return True
    return False


def out_of_meeples(s: DinoGenicsState, seat: int, short: int) -> list[int]:
    """Species this seat holds a set for but cannot create: no meeple of theirs is left."""
    return [sp for sp in _makeable(s, seat, short) if meeples_left(s, sp) <= 0]


def makeable(s: DinoGenicsState, seat: int, short: int) -> list[int]:
    """Species this seat has a set for, with a set `short` cards short, and a habitat to put in: at least one
    card shows the species (a mutant: one card per species it shows), substitutes make up the rest."""
    return list(_makeable(s, seat, short))


def _makeable(s: DinoGenicsState, seat: int, short: int):
    c, t = s.c, s.t
    k = c.kinds
    hand = s.dna[seat * k : seat * k + len(c.species)]
    held = [sp for sp in compress(range(len(hand)), hand) if sp in t.has_dna]  # the species with cards in hand
    if not held:
        return
    subs = substitutes(s, seat)
    land = has_habitat(s, seat)
    aquatic, printed = t.aquatic, t.dna
    galli = t.galli
    for sp in held:
        n = hand[sp] + subs
        # A set is the printed DNA less `short` (never below 1, and n is at least 1) but for the Gallimimus,
        # whose set may be smaller (set_size reads the park).
        if n < printed[sp] - short and (sp != galli or n < set_size(s, seat, sp, short)):
            continue
        if aquatic_room(s, seat, aquatic[sp]) if aquatic[sp] else land:
            yield sp
    if land and len(hand) - hand.count(0) + subs >= set_size(s, seat, t.mutant, short):
        yield t.mutant


def aquatic_room(s: DinoGenicsState, seat: int, size: int) -> list[int]:
    """Undamaged Aquatic Habitats (their first cell) with room for a dinosaur filling `size` spaces."""
    facilities = s.c.facilities
    out = []
    for f in s.facs[seat]:
        if facilities[facility_of(f)].aquatic and not is_damaged(f):
            cell = first_place(f)
            used = sum(s.t.aquatic[species_of(d)] for d in s.dinos[seat] if cell_of(d) == cell)
            if used + size <= facilities[facility_of(f)].aquatic:
                out.append(cell)
    return out


def has_habitat(s: DinoGenicsState, seat: int) -> bool:
    """A park space without a facility (a pen or open space), or an undamaged Biodome."""
    if s.fcells[seat] != (1 << s.geo.num_cells) - 1:
        return True
    return any(s.c.facilities[facility_of(f)].biodome and not is_damaged(f) for f in s.facs[seat])


def habitats(s: DinoGenicsState, seat: int, species: int) -> tuple[list[int], list[int]]:
    """Where a new dinosaur may go: (a cell standing for each pen, Biodome and open space; pens to build),
    or for an aquatic one the Aquatic Habitats with room."""
    if s.t.aquatic[species]:
        return aquatic_room(s, seat, s.t.aquatic[species]), []
    area_of, areas = regions(s, seat)
    facilities = s.c.facilities
    cells = []
    seen = set()
    open_cell = -1
    for cell, area in enumerate(area_of):
        if area < 0:
            code = facility_at(s, seat, cell)
            if facilities[facility_of(code)].biodome and not is_damaged(code):
                cells.append(cell)
        elif areas[area][1]:
            if area not in seen:
                seen.add(area)
                cells.append(cell)
        elif open_cell < 0:
            open_cell = cell
    if open_cell >= 0:
        cells.append(open_cell)
    return sorted(cells), buildable(s, seat)


def buildable(s: DinoGenicsState, seat: int) -> list[int]:
    """Pens (rectangles) this seat can build now with the fences in its supply."""
    fences = s.get(seat, FENCES)
    if not fences:
        return []
    standing = tuple(cell_of(code) for code in s.dinos[seat])
    return list(_buildable(s.geo, fences, s.fence[seat], s.broken[seat], s.fcells[seat], standing))


@lru_cache(maxsize=1 << 14)
def _buildable(geo, fences: int, built: int, broken: int, fcells: int, standing: tuple[int, ...]) -> tuple[int, ...]:
    """`buildable` for a park's fences, facilities and the cells its dinosaurs stand on, kept: parks repeat
    (every park starts empty) and each rectangle is tried."""
    area_of, areas = geo.regions(built & ~broken, fcells)
    free = 0  # cells in open space with no dinosaur standing on them
    for cell, area in enumerate(area_of):
        if area >= 0 and not areas[area][1]:
            free |= 1 << cell
    for cell in standing:
        free &= ~(1 << cell)
    # Dinosaurs in open space must stay there: a new pen may not close a ring around one.
    loose = [cell for cell in standing if area_of[cell] >= 0 and not areas[area_of[cell]][1]]
    out = []
    for i, (cells, perimeter, _) in enumerate(geo.rectangles):
        if cells & free == cells and not perimeter & broken:
            cost = bin(perimeter & ~built).count("1")
            if 0 < cost <= fences and not (loose and _encloses(geo, built | perimeter, broken, fcells, loose)):
                out.append(i)
    return tuple(out)


def _encloses(geo, fences: int, broken: int, fcells: int, cells: list[int]) -> bool:
    area_of, areas = geo.regions(fences & ~broken, fcells)
    return any(areas[area_of[cell]][1] for cell in cells)


def facility_cells(s: DinoGenicsState, seat: int) -> list[int]:
    """Open-space park cells with nothing on them, where a park facility may go."""
    area_of, areas = regions(s, seat)
    used = 0
    for code in s.dinos[seat]:
        used |= 1 << (cell_of(code))
    return [cell for cell, a in enumerate(area_of) if a >= 0 and not areas[a][1] and not used >> cell & 1]


def large_spots(s: DinoGenicsState, seat: int) -> tuple[int, ...]:
    """Where a large park facility may go: cell * 2 (with the cell to its right) or cell * 2 + 1 (with the
    cell below), both free open-space cells."""
    free = 0
    for cell in facility_cells(s, seat):
        free |= 1 << cell
    return _spots(s.geo, free)


@lru_cache(maxsize=1 << 12)
def _spots(geo, free: int) -> tuple[int, ...]:
    columns, cells = geo.columns, geo.num_cells
    out = []
    for cell in range(cells):
        if free >> cell & 1:
            if (cell + 1) % columns and free >> (cell + 1) & 1:
                out.append(cell * 2)
            if cell + columns < cells and free >> (cell + columns) & 1:
                out.append(cell * 2 + 1)
    return tuple(out)


def commercial_free(s: DinoGenicsState, seat: int, need: int = 1) -> list[int]:
    """The first `need` free commercial spaces, or [] if there are fewer."""
    used = {x for f in s.facs[seat] for x in places(f)}
    free = [COMMERCIAL + i for i in range(s.c.numbers["commercial_spaces"]) if COMMERCIAL + i not in used]
    return free[:need] if len(free) >= need else []


def can_place(s: DinoGenicsState, seat: int, f: int) -> bool:
    fac = s.c.facilities[f]
    if fac.park:
        return bool(large_spots(s, seat) if fac.large else facility_cells(s, seat))
    return bool(commercial_free(s, seat, 2 if fac.large else 1))


# Prices: the rules and the action texts read these same functions, so a text shows what is charged.
def facility_price(s: DinoGenicsState, seat: int, f: int, discount: int) -> int:
    """A facility's price for this seat: its cost less the discount and the seat's specialists' (the Master
    Architect's), then doubled in CC6 at the City Center and the HQ."""
    if s.get(seat, SPECIALISTS):
        discount += perk(s, seat, "facility_discount")
    return doubled(s, max(0, s.c.facilities[f].cost - discount))


def doubled(s: DinoGenicsState, cost: int) -> int:
    """CC6: City Center and HQ actions cost double, discounts applied first."""
    return 2 * cost if s.doubled else cost


def stack_tile(s: DinoGenicsState, i: int) -> int:
    """The facility on top of a City Center stack (0: the Basic Hotels), -1 for an empty one."""
    if i == 0:
        return s.t.hotel if s.hotels_left else -1
    return s.stacks[i - 1][-1] if s.stacks[i - 1] else -1


def offers(s: DinoGenicsState, seat: int, discount: int, budget: int) -> list[int]:
    """City Center stacks (0 = Basic Hotels) whose top facility this seat can buy and place (in the co-op,
    also in the other branch's park, for 1 credit more)."""
    return list(_offers(s, seat, discount, budget))


def any_offer(s: DinoGenicsState, seat: int, discount: int, budget: int) -> bool:
    """Is there any? (stops at the first: asked of every space and card that buys a facility)"""
    return next(_offers(s, seat, discount, budget), None) is not None


def _offers(s: DinoGenicsState, seat: int, discount: int, budget: int):
    fits: dict = {}  # (park, sector is park): room for a facility, looked up once

    def room_in(park: int, f: int) -> bool:
        key = (park, s.c.facilities[f].park)
        if key not in fits:
            fits[key] = can_place(s, park, f)
        return fits[key]

    for i in range(1 + DRAWN_STACKS):
        f = stack_tile(s, i)
        if f < 0:
            continue
        price = facility_price(s, seat, f, discount)
        if price <= budget and room_in(seat, f) or s.coop and price + 1 <= budget and room_in(1 - seat, f):
            yield i


def large_offers(s: DinoGenicsState, seat: int, discount: int, budget: int) -> list[int]:
    """HQ offers (0: the Aquatic Habitat stack, 1-5: the revealed Large Facilities) this seat can buy and
    place (in the co-op, also in the other branch's park, for 1 credit more)."""
    return list(_large_offers(s, seat, discount, budget))


def any_large_offer(s: DinoGenicsState, seat: int, discount: int, budget: int) -> bool:
    """Is there any? (stops at the first: asked of the HQ's every choice)"""
    return next(_large_offers(s, seat, discount, budget), None) is not None


def _large_offers(s: DinoGenicsState, seat: int, discount: int, budget: int):
    facilities = s.c.facilities
    room = {}  # (park, park sector or commercial): is there room for a large tile (looked up once)

    def fits(park: int, f: int) -> bool:
        key = (park, facilities[f].park)
        if key not in room:
            room[key] = can_place(s, park, f)
        return room[key]

    def buyable(f: int) -> bool:
        price = facility_price(s, seat, f, discount)
        if price <= budget and fits(seat, f):
            return True
        return s.coop and price + 1 <= budget and fits(1 - seat, f)

    if s.habitats_left and buyable(s.t.habitat_tile):
        yield 0
    for i, f in enumerate(s.large_offer):
        if f >= 0 and buyable(f):
            yield i + 1


def repair_price(s: DinoGenicsState, seat: int, struct: int, discount: int) -> int:
    """Repairing a structure (a facility by its position in the park, or max_facilities + a fence's edge):
    half the facility's cost rounded up, or the fence price, less the discount and the seat's specialists',
    doubled in CC6 at the City Center."""
    top = s.t.max_facilities
    if struct >= top:
        cost = s.c.numbers["repair_fence"]
    else:
        cost = (s.c.facilities[facility_of(s.facs[seat][struct])].cost + 1) // 2
    return doubled(s, max(0, cost - discount - perk(s, seat, "repair_discount")))


def repairs(s: DinoGenicsState, seat: int, discount: int, budget: int) -> list[int]:
    """Structure ids (facility positions, then fence edges) this seat can repair."""
    out = [i for i, f in enumerate(s.facs[seat]) if is_damaged(f) and repair_price(s, seat, i, discount) <= budget]
    if s.broken[seat]:
        base = s.t.max_facilities
        edges = [base + e for e in range(len(s.geo.edges)) if s.broken[seat] >> e & 1]
        if repair_price(s, seat, edges[0], discount) <= budget:
            out += edges
    return out


def contractor_price(s: DinoGenicsState) -> int:
    """The credits an Independent Contractor costs besides its Manipulation cards (doubled in CC6)."""
    return doubled(s, s.c.numbers["contractor_fee"])


def market_price(s: DinoGenicsState) -> int:
    """A DNA card bought at the City Center's DNA Market (doubled in CC6)."""
    return doubled(s, s.c.numbers["market_buy"])


def space_open(s: DinoGenicsState, space: int) -> bool:
    sp = s.c.spaces[space]
    if sp.expansion and not s.expansion:
        return False
    if s.scenario and space in s.scenario.forbidden:
        return False  # a scenario's forbidden space, for Outsource too (designed)
    if sp.news:
        return s.active >= 0 and s.c.news[s.active].space == space
    return not (s.active >= 0 and s.c.news[s.active].closed == space)


def open_spaces(s: DinoGenicsState) -> tuple:
    """The Mainland spaces open now, in order: `space_open` for every space (a worker's placements ask this of
    every space)."""
    return _open_spaces(s.t, s.active, s.expansion, s.scenario.forbidden if s.scenario else ())


@lru_cache(maxsize=1 << 8)
def _open_spaces(t: Tables, active: int, expansion: bool, forbidden: tuple) -> tuple:
    """The spaces open under the news card in effect (-1: none), with or without the expansion, less a
    scenario's forbidden ones; kept, as few such tables exist."""
    news = t.news[active] if active >= 0 else None
    out = []
    for sp in t.spaces:
        if sp.expansion and not expansion or sp.index in forbidden:
            continue
        if sp.news:
            if news is not None and news.space == sp.index:
                out.append(sp)
        elif news is None or news.closed != sp.index:
            out.append(sp)
    return tuple(out)


def free_slot(s: DinoGenicsState, space: int) -> int:
    first = s.slot0[space]
    for i in range(first, first + s.c.spaces[space].slots):
        if s.occ[i] == -1:
            return i
    return -1


def claimable(s: DinoGenicsState, seat: int, budget: int) -> list[int]:
    """Specialists this seat can claim: from the Job Market for their Manipulation cards, or from the
    Independent Contractor stack for 2 credits more."""
    m = len(s.c.manipulation)
    cards = sum(s.manip[seat * m : seat * m + m])
    specialists = s.c.specialists
    out = [i for i in s.job_market if specialists[i].cost <= cards]
    out += [i for i in s.contractors if specialists[i].cost <= cards and contractor_price(s) <= budget]
    return sorted(out)


def opponents(s: DinoGenicsState, seat: int) -> list[int]:
    """Those a card's 'opponent' may be: the other seats; in the co-op only Synth (the two branches are not
    opponents for Manipulation cards)."""
    if s.coop:
        return [SYNTH]
    return [p for p in range(s.num_players) if p != seat]
