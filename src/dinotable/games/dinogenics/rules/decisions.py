"""Decisions: for each kind of decision, its options (`..._options(s, ctx)`, the legal action ids in a fixed
order) and what an answer does (`(s, action, ctx, events)`); and whose turn to place a worker comes next. The
records that join these with their texts and descriptions are decisions.py, one level up (it imports the texts,
which import these rules); a pick of DNA cards and destroying a dinosaur are answered in dinosaurs.py.

Every answer first closes its decision (`s.phase = NONE`), so that `settle` runs the Season on from there unless
the answer opened another one. The seat answering is `s.cur`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics import synth
from dinotable.games.dinogenics.components import CREDITS, GOATS, VISITORS
from dinotable.games.dinogenics.rules.allowed import (
    aquatic_room,
    buildable,
    claimable,
    creatable,
    facility_cells,
    free_slot,
    habitats,
    large_offers,
    large_spots,
    offers,
    opponents,
    repairs,
)
from dinotable.games.dinogenics.rules.codes import (
    AIRPORT_USED,
    BUILD,
    GIFT,
    HABITAT,
    MANIP_PAY,
    NEW,
    NONE,
    OUTSOURCE,
    PLACE,
    SHARE,
    WORKERS,
    ChooseContext,
    CityContext,
    CreateContext,
    DiscountContext,
    GiftContext,
    GraftContext,
    HabitatContext,
    MutantContext,
    OceanContext,
    OpponentContext,
    ParkContext,
    PaymentContext,
    PlacingContext,
    ShareContext,
    TargetContext,
    decide,
    event,
    spot_second,
)
from dinotable.games.dinogenics.rules.damage import damage_facility, damage_targets
from dinotable.games.dinogenics.rules.dinosaurs import create, place_dinosaur
from dinotable.games.dinogenics.rules.effects import affect, draw_dna, lose_vp, use_space
from dinotable.games.dinogenics.rules.facilities import (
    add_facility,
    build,
    buy_facility,
    buy_large,
    city,
    city_choices,
    claim,
    place_bought,
    repair,
)
from dinotable.games.dinogenics.rules.reading import mutant_goats, room
from dinotable.games.dinogenics.rules.steps import (
    airport_open,
    can,
    outsource_spaces,
    placements,
    playable,
)
from dinotable.games.dinogenics.rules.visitors import bonus_answer

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


# ------------------------------------------------------------------------------------- place a worker
def worker_spaces(s: DinoGenicsState, ctx: object) -> list[int]:
    """The PLACE decision's options: those the Season worked out when it offered the worker (taken once, so
    a later look works them out again), or worked out now."""
    offered, s.offered = s.offered, None
    return offered if offered is not None else places_for(s, s.cur)


def places_for(s: DinoGenicsState, seat: int) -> list[int]:
    """Where this seat can send a worker: Mainland spaces, the Private Airport, the co-op's docks."""
    ids = s.ids
    out = [ids.space + i for i in placements(s, seat)]
    if s.expansion and airport_open(s, seat):
        out.append(ids.airport)
    if s.coop and synth.docks_open(s, seat):
        out.append(ids.docks)
    return out


def place_worker(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    seat, ids = s.cur, s.ids
    s.take(seat, WORKERS, 1)
    _next_turn(s, seat)
    if action == ids.airport:
        s.put(seat, AIRPORT_USED, 1)
        events.append(event("airport", seat))
        decide(s, seat, OUTSOURCE)  # for free, even if Outsource is occupied
    elif action == ids.docks:
        s.docks_used |= 1 << (1 - seat)
        events.append(event("docks", seat))
        decide(s, seat, GIFT, GiftContext(0))
    else:
        space = action - ids.space
        s.occ[free_slot(s, space)] = seat
        events.append(event("place", seat, space=s.c.spaces[space].key))
        use_space(s, seat, space)


def _next_turn(s: DinoGenicsState, seat: int) -> None:
    if s.coop:
        s.team_todo &= ~(1 << seat)
        if not s.team_todo:
            s.turn ^= 1  # the shared turn is over: Synth's
    else:
        s.turn = (s.order.index(seat) + 1) % s.num_players


# ---------------------------------------------------------------------------- choose an option (steps)
def choose_options(s: DinoGenicsState, ctx: ChooseContext) -> list[int]:
    seat = s.cur
    budget = s.get(seat, CREDITS)
    return [s.ids.option + i for i, option in enumerate(ctx.options) if can(s, seat, option, budget)]


def choose(s: DinoGenicsState, action: int, ctx: ChooseContext, events: list) -> None:
    s.phase = NONE
    s.tasks.append(("steps", s.cur, ctx.options[action - s.ids.option], 0))


# ---------------------------------------------------------------------------------- create a dinosaur
def create_options(s: DinoGenicsState, ctx: CreateContext) -> list[int]:
    return [s.ids.species + k for k in creatable(s, s.cur, ctx.short)]


def create_dinosaur(s: DinoGenicsState, action: int, ctx: CreateContext, events: list) -> None:
    s.phase = NONE
    create(s, s.cur, action - s.ids.species, ctx.short)


# -------------------------------------------------------------------------------- place the dinosaur
def habitat_options(s: DinoGenicsState, ctx: HabitatContext) -> list[int]:
    ids = s.ids
    cells, pens = habitats(s, s.cur, ctx.species)
    return [ids.cell + cell for cell in cells] + [ids.pen + i for i in pens]


def place_in_habitat(s: DinoGenicsState, action: int, ctx: HabitatContext, events: list) -> None:
    """A habitat for the new dinosaur, or first a pen built for it (then the habitat is asked again)."""
    s.phase = NONE
    seat, ids = s.cur, s.ids
    if action >= ids.pen:
        build(s, seat, action - ids.pen, events)
        decide(s, seat, HABITAT, ctx)
    else:
        place_dinosaur(s, seat, ctx.species, action - ids.cell, ctx.flags, events)


# ------------------------------------------------------------------------------------------ build pens
def pen_options(s: DinoGenicsState, ctx: object) -> list[int]:
    ids = s.ids
    return [ids.done] + [ids.pen + i for i in buildable(s, s.cur)]


def build_pen(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    if action != s.ids.done:
        build(s, s.cur, action - s.ids.pen, events)
        decide(s, s.cur, BUILD)


# ------------------------------------------------------------------------- buy a facility, and place it
def stack_options(s: DinoGenicsState, ctx: DiscountContext) -> list[int]:
    seat = s.cur
    return [s.ids.stack + i for i in offers(s, seat, ctx.discount, s.get(seat, CREDITS))]


def buy_from_stack(s: DinoGenicsState, action: int, ctx: DiscountContext, events: list) -> None:
    s.phase = NONE
    buy_facility(s, s.cur, action - s.ids.stack, ctx.discount, events)


def facility_cell_options(s: DinoGenicsState, ctx: PlacingContext) -> list[int]:
    return [s.ids.cell + cell for cell in facility_cells(s, ctx.park)]


def place_facility(s: DinoGenicsState, action: int, ctx: PlacingContext, events: list) -> None:
    s.phase = NONE
    add_facility(s, ctx.park, ctx.facility, action - s.ids.cell, events)


# -------------------------------------------------------------------------------- repair and damage
def repair_options(s: DinoGenicsState, ctx: DiscountContext) -> list[int]:
    seat = s.cur
    return [s.ids.structure + i for i in repairs(s, seat, ctx.discount, s.get(seat, CREDITS))]


def repair_structure(s: DinoGenicsState, action: int, ctx: DiscountContext, events: list) -> None:
    s.phase = NONE
    repair(s, s.cur, action - s.ids.structure, ctx.discount, events)


def target_options(s: DinoGenicsState, ctx: TargetContext) -> list[int]:
    return [s.ids.structure + j for j in damage_targets(s, s.cur, ctx.dinosaur)[0]]


def damage_target(s: DinoGenicsState, action: int, ctx: TargetContext, events: list) -> None:
    s.phase = NONE
    damage_facility(s, s.cur, action - s.ids.structure, events)


# ------------------------------------------------------------------------ Manipulation cards, opponents
def card_options(s: DinoGenicsState, ctx: object) -> list[int]:
    return [s.ids.manipulation + k for k in playable(s, s.cur)]


def play_card(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    seat, c = s.cur, s.c
    card = action - s.ids.manipulation
    s.manip[seat * len(c.manipulation) + card] -= 1
    s.manip_discard.append(card)
    events.append(event("play", seat, card=c.manipulation[card].key))
    s.tasks.append(("steps", seat, c.manipulation[card].steps, 0))


def opponent_options(s: DinoGenicsState, ctx: OpponentContext) -> list[int]:
    return [s.ids.seat + p for p in opponents(s, s.cur)]


def choose_opponent(s: DinoGenicsState, action: int, ctx: OpponentContext, events: list) -> None:
    s.phase = NONE
    affect(s, s.cur, action - s.ids.seat, ctx.effect, events)


# ---------------------------------------------------------------------------------------- City Center
def city_options(s: DinoGenicsState, ctx: CityContext) -> list[int]:
    ids = s.ids
    return [ids.done] + [ids.city_center + i for i in city_choices(s, s.cur, ctx.used)]


def city_choice(s: DinoGenicsState, action: int, ctx: CityContext, events: list) -> None:
    s.phase = NONE
    if action != s.ids.done:
        city(s, s.cur, action - s.ids.city_center, ctx.used)


# ------------------------------------------------------------------- bonus visitors, mutants: yes or no
def take_or_stop(s: DinoGenicsState, ctx: object) -> list[int]:
    return [s.ids.done, s.ids.option]


def take_bonus_visitor(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    bonus_answer(s, s.cur, action == s.ids.option, events)


def feed_mutant(s: DinoGenicsState, action: int, ctx: MutantContext, events: list) -> None:
    s.phase = NONE
    if action == s.ids.option:
        seat = s.cur
        s.take(seat, GOATS, mutant_goats(s, seat))
        s.tasks.append(("mutants", seat, ctx.left - 1))
        s.tasks.append(("place", seat, s.t.mutant, NEW))


# ------------------------------------------------------------------------------------------- Outsource
def outsource_options(s: DinoGenicsState, ctx: object) -> list[int]:
    seat = s.cur
    return [s.ids.space + i for i in outsource_spaces(s, seat, s.get(seat, CREDITS))]


def outsource(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    seat, space = s.cur, action - s.ids.space
    events.append(event("outsource", seat, space=s.c.spaces[space].key))
    use_space(s, seat, space, direct=False)  # no worker goes to that space


# ------------------------------------------------------------------------ the HQ: Large Facilities, Open Ocean
def large_options(s: DinoGenicsState, ctx: DiscountContext) -> list[int]:
    seat = s.cur
    return [s.ids.large + i for i in large_offers(s, seat, ctx.discount, s.get(seat, CREDITS))]


def buy_large_facility(s: DinoGenicsState, action: int, ctx: DiscountContext, events: list) -> None:
    s.phase = NONE
    buy_large(s, s.cur, action - s.ids.large, ctx.discount, events)


def spot_options(s: DinoGenicsState, ctx: PlacingContext) -> list[int]:
    return [s.ids.spot + x for x in large_spots(s, ctx.park)]


def place_large_facility(s: DinoGenicsState, action: int, ctx: PlacingContext, events: list) -> None:
    s.phase = NONE
    cell, down = divmod(action - s.ids.spot, 2)
    add_facility(s, ctx.park, ctx.facility, cell, events, spot_second(s.geo, cell, down))


def ocean_options(s: DinoGenicsState, ctx: OceanContext) -> list[int]:
    seat, ids = s.cur, s.ids
    can_pay = s.get(seat, CREDITS) >= ctx.cost and aquatic_room(s, seat, s.t.aquatic[s.t.plesio])
    return [ids.done, ids.option] if can_pay else [ids.done]


def pay_for_plesiosaurus(s: DinoGenicsState, action: int, ctx: OceanContext, events: list) -> None:
    s.phase = NONE
    seat = s.cur
    if action == s.ids.option:
        s.take(seat, CREDITS, ctx.cost)
        s.tasks.append(("place", seat, s.t.plesio, 0))
    else:
        lose_vp(s, seat, s.c.numbers["open_ocean_vp_loss"], events)


# ----------------------------------------------------------------------------------------- specialists
def specialist_options(s: DinoGenicsState, ctx: object) -> list[int]:
    seat = s.cur
    return [s.ids.specialist + i for i in claimable(s, seat, s.get(seat, CREDITS))]


def claim_specialist(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    claim(s, s.cur, action - s.ids.specialist, events)


def payment_options(s: DinoGenicsState, ctx: PaymentContext) -> list[int]:
    seat, m = s.cur, len(s.c.manipulation)
    return [s.ids.manipulation + k for k in range(m) if s.manip[seat * m + k]]


def discard_for_specialist(s: DinoGenicsState, action: int, ctx: PaymentContext, events: list) -> None:
    s.phase = NONE
    seat = s.cur
    card = action - s.ids.manipulation
    s.manip[seat * len(s.c.manipulation) + card] -= 1
    s.manip_discard.append(card)
    if ctx.left > 1:
        decide(s, seat, MANIP_PAY, PaymentContext(ctx.left - 1))


# ------------------------------------------------------------------------------------ Gene Grafting Lab
def graft_options(s: DinoGenicsState, ctx: GraftContext) -> list[int]:
    goats = s.get(s.cur, GOATS)
    return [s.ids.done] + [s.ids.option + i for i in range(min(2, goats))]


def graft(s: DinoGenicsState, action: int, ctx: GraftContext, events: list) -> None:
    s.phase = NONE
    if action != s.ids.done:
        seat = s.cur
        n = action - s.ids.option + 1
        s.take(seat, GOATS, n)
        for kind in draw_dna(s, n, ctx.edna):
            s.dna[seat * s.c.kinds + kind] += 1
        events.append(event("graft", seat, cards=n))


# ------------------------------------------------------------------------------------- the co-op's
def team_order_options(s: DinoGenicsState, ctx: object) -> list[int]:
    # Both branches could place when the choice was set; a copy determinized for one of them re-deals the
    # other's hands, which may leave it nowhere to go (then it stays home when asked again).
    return [s.ids.seat + b for b in (0, 1) if synth.can_place_worker(s, b)]


def team_order(s: DinoGenicsState, action: int, ctx: object, events: list) -> None:
    s.phase = NONE
    decide(s, action - s.ids.seat, PLACE)


def share_options(s: DinoGenicsState, ctx: ShareContext) -> list[int]:
    return [s.ids.seat + p for p in (0, 1) if s.get(p, VISITORS) < room(s, p)]


def share_visitor(s: DinoGenicsState, action: int, ctx: ShareContext, events: list) -> None:
    s.phase = NONE
    p = action - s.ids.seat
    s.add(p, VISITORS, 1)
    events.append(event("shared_visitor", s.cur, to=p))
    if ctx.left > 1:
        decide(s, s.cur, SHARE, ShareContext(ctx.left - 1))
        if not share_options(s, s.ctx):
            s.phase = NONE  # no room left in either park


def park_options(s: DinoGenicsState, ctx: ParkContext) -> list[int]:
    seat = s.cur
    return [s.ids.seat + p for p in (seat, 1 - seat) if p == seat or s.get(seat, CREDITS) >= 1]


def choose_park(s: DinoGenicsState, action: int, ctx: ParkContext, events: list) -> None:
    s.phase = NONE
    seat, target = s.cur, action - s.ids.seat
    if target != seat:
        s.take(seat, CREDITS, 1)  # 'spend one additional credit to place it in the other park'
    place_bought(s, seat, target, ctx.facility, events)


def gift_options(s: DinoGenicsState, ctx: GiftContext) -> list[int]:
    seat, ids = s.cur, s.ids
    k, m = s.c.kinds, len(s.c.manipulation)
    out = [ids.done]  # 'up to two cards'
    out += [ids.dna + kind for kind in range(k) if s.dna[seat * k + kind]]
    return out + [ids.manipulation + card for card in range(m) if s.manip[seat * m + card]]


def gift_card(s: DinoGenicsState, action: int, ctx: GiftContext, events: list) -> None:
    s.phase = NONE
    synth.gift(s, s.cur, action, ctx.given, events)
