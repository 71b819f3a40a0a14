"""Pens and facilities (the docs' "Facilities"): building pens, buying a facility at the City Center or a
large one at the HQ and placing it (in the co-op, in either branch's park), a park's starting facilities,
repairs, the City Center's choices, the HQ's Open Ocean roll for a Plesiosaurus, and claiming specialists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import next_below
from dinotable.games.dinogenics.components import CREDITS, DROWNING, FENCES
from dinotable.games.dinogenics.park import cells_of
from dinotable.games.dinogenics.rules.allowed import (
    any_offer,
    can_place,
    commercial_free,
    contractor_price,
    doubled,
    facility_cells,
    facility_price,
    large_spots,
    market_price,
    repair_price,
    repairs,
)
from dinotable.games.dinogenics.rules.codes import (
    BUY,
    BUY_CHOICE,
    CITY,
    CITY_KIND,
    COMMERCIAL,
    FAC_PARK,
    FACILITY,
    FACILITY_CELL,
    FACILITY_CHOICE,
    FENCE_CHOICE,
    LARGE_SPOT,
    MANIP_PAY,
    OCEAN,
    PICK,
    REPAIR,
    REPAIR_CHOICE,
    SELL,
    SELL_CHOICE,
    SPECIALISTS,
    SYNTH,
    CityContext,
    DiscountContext,
    OceanContext,
    ParkContext,
    PaymentContext,
    PickContext,
    PlacingContext,
    as_damaged,
    as_repaired,
    decide,
    event,
    facility_code,
    facility_of,
    spot_second,
)
from dinotable.games.dinogenics.rules.effects import gain, lose_vp
from dinotable.games.dinogenics.rules.reading import hand_size, owns

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def build(s: DinoGenicsState, seat: int, rect: int, events) -> None:
    _, perimeter, _ = s.geo.rectangles[rect]
    new = perimeter & ~s.fence[seat]
    s.take(seat, FENCES, bin(new).count("1"))
    s.fence[seat] |= new
    events.append(event("pen", seat, cells=[s.geo.cell_names[c] for c in cells_of(s.geo.rectangles[rect][0])]))


def buy_facility(s: DinoGenicsState, seat: int, stack: int, discount: int, events) -> None:
    f = take_from_stack(s, stack)
    s.take(seat, CREDITS, facility_price(s, seat, f, discount))
    _which_park(s, seat, f, events)


def _which_park(s: DinoGenicsState, seat: int, f: int, events) -> None:
    """A facility just bought (at the City Center or the HQ) goes into the buyer's park; in the co-op, 'the
    player may spend one additional credit to place it in the other player's park instead'."""
    other = 1 - seat
    if s.coop and s.get(seat, CREDITS) >= 1 and can_place(s, other, f):
        if can_place(s, seat, f):
            decide(s, seat, FAC_PARK, ParkContext(f))  # this park, or the other for 1 credit more
        else:
            s.take(seat, CREDITS, 1)
            place_bought(s, seat, other, f, events)
        return
    place_bought(s, seat, seat, f, events)


def place_bought(s: DinoGenicsState, seat: int, park: int, f: int, events) -> None:
    """A bought facility goes into `park`: the buyer chooses its park space (or spaces), or it takes the
    first free commercial space (or two)."""
    fac = s.c.facilities[f]
    if fac.park:
        decide(s, seat, LARGE_SPOT if fac.large else FACILITY_CELL, PlacingContext(f, park))
    elif fac.large:
        first, second = commercial_free(s, park, 2)
        add_facility(s, park, f, first, events, second)
    else:
        add_facility(s, park, f, commercial_free(s, park)[0], events)


def add_facility(s: DinoGenicsState, seat: int, f: int, place: int, events, second: int = -1) -> None:
    fac = s.c.facilities[f]
    s.facs[seat] = (*s.facs[seat], facility_code(f, place, second))
    if place < COMMERCIAL:
        s.fcells[seat] |= 1 << place | (1 << second if second >= 0 else 0)
    events.append(event("facility", seat, facility=fac.key))
    if fac.on_placement:
        gain(s, seat, fac.on_placement, events)
        if any(r == FENCES for r, _ in fac.on_placement) and not (s.coop and seat == SYNTH):
            s.tasks.append(("steps", seat, (("build", True),), 0))


def take_from_stack(s: DinoGenicsState, i: int) -> int:
    """The top facility of a City Center stack (0: the Basic Hotels)."""
    if i == 0:
        s.hotels_left -= 1
        return s.t.hotel
    pile = list(s.stacks[i - 1])
    f = pile.pop()
    if not pile and s.bag:
        pile.append(s.bag.pop())  # 'If a stack ever empties during play, immediately draw a tile for it.'
    s.stacks[i - 1] = tuple(pile)
    return f


def start_facility(s: DinoGenicsState, park: int, f: int, damaged: bool = False) -> None:
    """A facility a park starts with, taken from the supply (its stack, the bag or the large pile) to the
    first free space in reading order (a large one: the first two side by side)."""
    fac, geo = s.c.facilities[f], s.geo
    if fac.stack:
        s.hotels_left -= 1
    elif fac.hq_stack:
        s.habitats_left -= 1
    elif fac.large:
        if f in s.large_offer:
            s.large_offer[s.large_offer.index(f)] = s.large_pile.pop() if s.large_pile else -1
        else:
            s.large_pile.remove(f)
    else:
        s.bag.remove(f)
    if fac.park and fac.large:
        cell, down = divmod(large_spots(s, park)[0], 2)
        add_facility(s, park, f, cell, [], spot_second(geo, cell, down))
    elif fac.park:
        add_facility(s, park, f, facility_cells(s, park)[0], [])
    else:
        free = commercial_free(s, park, 2 if fac.large else 1)
        add_facility(s, park, f, free[0], [], free[1] if fac.large else -1)
    if damaged:
        facs = list(s.facs[park])
        facs[-1] = as_damaged(facs[-1])
        s.facs[park] = tuple(facs)


def repair(s: DinoGenicsState, seat: int, struct: int, discount: int, events) -> None:
    s.take(seat, CREDITS, repair_price(s, seat, struct, discount))
    top = s.t.max_facilities
    if struct >= top:
        s.broken[seat] &= ~(1 << (struct - top))
        events.append(event("repair", seat, fence=s.geo.edge_names[struct - top]))
    else:
        facs = list(s.facs[seat])
        facs[struct] = as_repaired(facs[struct])
        s.facs[seat] = tuple(facs)
        events.append(event("repair", seat, facility=s.c.facilities[facility_of(facs[struct])].key))


def city_choices(s: DinoGenicsState, seat: int, used: int) -> list[int]:
    budget = s.get(seat, CREDITS)
    out = []
    if not used & 1:
        out.append(FENCE_CHOICE)
    if not used & 2:
        if any_offer(s, seat, 0, budget):
            out.append(FACILITY_CHOICE)
        if repairs(s, seat, 0, budget):
            out.append(REPAIR_CHOICE)
    exchange = s.expansion and owns(s, seat, "market_exchange")
    if not used & 4 and s.market and budget >= market_price(s):
        out.append(BUY_CHOICE)
    if not used & (8 if exchange else 4) and hand_size(s, seat):
        out.append(SELL_CHOICE)
    return out


def city_task(s: DinoGenicsState, task, events) -> None:
    decide(s, task[1], CITY, CityContext(task[2]))


def city(s: DinoGenicsState, seat: int, choice: int, used: int) -> None:
    kind = CITY_KIND[choice]
    if choice == SELL_CHOICE and s.expansion and owns(s, seat, "market_exchange"):
        kind = 8  # buying and selling together count as one choice
    s.tasks.append(("city", seat, used | kind))
    n = s.c.numbers
    if choice == FENCE_CHOICE:
        s.tasks.append(("steps", seat, (("gain", ((FENCES, n["fences_gained"]),)), ("build", True)), 0))
    elif choice == FACILITY_CHOICE:
        decide(s, seat, FACILITY, DiscountContext(0))
    elif choice == REPAIR_CHOICE:
        decide(s, seat, REPAIR, DiscountContext(0))
    elif choice == BUY_CHOICE:
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card bought
        decide(s, seat, PICK, PickContext(BUY, n["market_buy_cards"], market_price(s), 0))
    else:
        decide(s, seat, PICK, PickContext(SELL, n["market_sell_cards"], n["market_sell"], 0))


def buy_large(s: DinoGenicsState, seat: int, offer: int, discount: int, events) -> None:
    if offer == 0:
        f = s.t.habitat_tile
        s.habitats_left -= 1
    else:
        f = s.large_offer[offer - 1]
        # 'Immediately draw a random new large facility into its place.'
        s.large_offer[offer - 1] = s.large_pile.pop() if s.large_pile else -1
    s.take(seat, CREDITS, facility_price(s, seat, f, discount))
    _which_park(s, seat, f, events)


def open_ocean_task(s: DinoGenicsState, task, events) -> None:
    """Roll both Upkeep dice: pay their total for the Plesiosaurus; one Drowning doubles the other die;
    two Drownings (or not paying) lose 1 VP."""
    seat = task[1]
    die = s.c.upkeep_die
    s.rng, a = next_below(s.rng, len(die))
    s.rng, b = next_below(s.rng, len(die))
    a, b = die[a], die[b]
    events.append(event("open_ocean", seat, dice=[a, b]))
    if a == DROWNING and b == DROWNING:
        lose_vp(s, seat, s.c.numbers["open_ocean_vp_loss"], events)
        return
    # One Drowning doubles the other die (the Drowning face counts 0).
    cost = 2 * (b if a == DROWNING else a) if DROWNING in (a, b) else a + b
    decide(s, seat, OCEAN, OceanContext(doubled(s, cost)))


def claim(s: DinoGenicsState, seat: int, i: int, events) -> None:
    if i in s.job_market:
        s.job_market.remove(i)
    else:
        s.contractors.remove(i)
        s.take(seat, CREDITS, contractor_price(s))
    s.put(seat, SPECIALISTS, s.get(seat, SPECIALISTS) | 1 << i)
    events.append(event("specialist", seat, specialist=s.c.specialists[i].key))
    decide(s, seat, MANIP_PAY, PaymentContext(s.c.specialists[i].cost))
