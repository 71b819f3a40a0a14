"""Decisions: what each open decision offers (`legal_actions`) and what choosing an action does (`step`),
for every phase of codes.PHASE_NAMES; and whose turn to place a worker comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics import synth
from dinotable.games.dinogenics.content import CREDITS, GOATS, VISITORS
from dinotable.games.dinogenics.rules.allowed import (
    airport_open,
    aquatic_room,
    buildable,
    can,
    claimable,
    creatable,
    facility_cells,
    free_slot,
    habitats,
    large_offers,
    large_spots,
    offers,
    opponents,
    outsource_spaces,
    placements,
    playable,
    repairs,
)
from dinotable.games.dinogenics.rules.codes import (
    AIRPORT_USED,
    BONUS,
    BUILD,
    CARD,
    CHOOSE,
    CITY,
    CREATE,
    DESTROY,
    FAC_PARK,
    FACILITY,
    FACILITY_CELL,
    GIFT,
    GRAFT,
    HABITAT,
    JOB,
    LARGE,
    LARGE_SPOT,
    MANIP_PAY,
    MUTANT,
    NEW,
    NONE,
    OCEAN,
    OPPONENT,
    OUTSOURCE,
    PICK,
    PLACE,
    REPAIR,
    SHARE,
    TARGET,
    TEAM_ORDER,
    WIDTH,
    WORKERS,
    decide,
    event,
    spot_second,
)
from dinotable.games.dinogenics.rules.damage import damage_facility, damage_targets
from dinotable.games.dinogenics.rules.dinosaurs import create, destroy_choice, pick, pick_legal, place_dinosaur, victims
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
from dinotable.games.dinogenics.rules.visitors import bonus_answer

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def legal_actions(s: DinoGenicsState) -> list[int]:
    phase = s.phase
    ids = s.ids
    seat = s.cur
    if phase == PLACE:
        out = [ids.space + i for i in placements(s, seat)]
        if s.expansion and airport_open(s, seat):
            out.append(ids.airport)
        if s.coop and synth.docks_open(s, seat):
            out.append(ids.docks)
        return out
    if phase == CHOOSE:
        budget = s.res[seat * WIDTH + CREDITS]
        return [ids.option + i for i, option in enumerate(s.ctx[0]) if can(s, seat, option, budget)]
    if phase == CREATE:
        return [ids.species + k for k in creatable(s, seat, s.ctx[0])]
    if phase == PICK:
        return pick_legal(s, seat)
    if phase == HABITAT:
        cells, pens = habitats(s, seat, s.ctx[0])
        return [ids.cell + cell for cell in cells] + [ids.pen + i for i in pens]
    if phase == BUILD:
        return [ids.done] + [ids.pen + i for i in buildable(s, seat)]
    if phase == FACILITY:
        return [ids.stack + i for i in offers(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == FACILITY_CELL:
        return [ids.cell + cell for cell in facility_cells(s, s.ctx[1])]
    if phase == REPAIR:
        return [ids.struct + i for i in repairs(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == TARGET:
        return [ids.struct + j for j in damage_targets(s, seat, s.ctx[0])[0]]
    if phase == CARD:
        return [ids.manip + k for k in playable(s, seat)]
    if phase == OPPONENT:
        return [ids.seat + p for p in opponents(s, seat)]
    if phase == CITY:
        return [ids.done] + [ids.menu + i for i in city_choices(s, seat, s.ctx[0])]
    if phase in (BONUS, MUTANT):
        return [ids.done, ids.option]
    if phase == OUTSOURCE:
        return [ids.space + i for i in outsource_spaces(s, seat, s.res[seat * WIDTH + CREDITS])]
    if phase == LARGE:
        return [ids.large + i for i in large_offers(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == LARGE_SPOT:
        return [ids.spot + x for x in large_spots(s, s.ctx[1])]
    if phase == OCEAN:
        can_pay = s.res[seat * WIDTH + CREDITS] >= s.ctx[0] and aquatic_room(s, seat, s.t.aquatic[s.t.plesio])
        return [ids.done, ids.option] if can_pay else [ids.done]
    if phase == JOB:
        return [ids.specialist + i for i in claimable(s, seat, s.res[seat * WIDTH + CREDITS])]
    if phase == DESTROY:
        # done: the Spinosaurus rolls the Upkeep die instead; a Mosasaur is fed as usual.
        return [ids.done] + [ids.victim + v for v in victims(s, seat, s.ctx[1])]
    if phase == GRAFT:
        goats = s.res[seat * WIDTH + GOATS]
        return [ids.done] + [ids.option + i for i in range(min(2, goats))]
    if phase == MANIP_PAY:
        m = len(s.c.manipulation)
        return [ids.manip + k for k in range(m) if s.manip[seat * m + k]]
    if phase == TEAM_ORDER:
        # Both branches could place when the choice was set; a copy determinized for one of them re-deals the
        # other's hands, which may leave it nowhere to go (then it stays home when asked again).
        return [ids.seat + b for b in (0, 1) if synth.can_place_worker(s, b)]
    if phase == SHARE:
        return [ids.seat + p for p in (0, 1) if s.res[p * WIDTH + VISITORS] < room(s, p)]
    if phase == FAC_PARK:
        return [ids.seat + p for p in (seat, 1 - seat) if p == seat or s.res[seat * WIDTH + CREDITS] >= 1]
    if phase == GIFT:
        k, m = s.c.kinds, len(s.c.manipulation)
        out = [ids.done]  # 'up to two cards'
        out += [ids.dna + kind for kind in range(k) if s.dna[seat * k + kind]]
        return out + [ids.manip + card for card in range(m) if s.manip[seat * m + card]]
    return []


def step(s: DinoGenicsState, action: int, events: list) -> None:
    phase, seat, ctx, ids = s.phase, s.cur, s.ctx, s.ids
    s.phase = NONE
    if phase == PLACE:
        s.res[seat * WIDTH + WORKERS] -= 1
        _next_turn(s, seat)
    if phase == PLACE and action == ids.airport:
        s.res[seat * WIDTH + AIRPORT_USED] = 1
        events.append(event("airport", seat))
        decide(s, seat, OUTSOURCE)  # for free, even if Outsource is occupied
    elif phase == PLACE and action == ids.docks:
        s.docks_used |= 1 << (1 - seat)
        events.append(event("docks", seat))
        decide(s, seat, GIFT, (0,))
    elif phase == PLACE:
        space = action - ids.space
        s.occ[free_slot(s, space)] = seat
        events.append(event("place", seat, space=s.c.spaces[space].key))
        use_space(s, seat, space)
    elif phase == CHOOSE:
        s.tasks.append(("steps", seat, ctx[0][action - ids.option], 0))
    elif phase == CREATE:
        create(s, seat, action - ids.species, ctx[0])
    elif phase == PICK:
        pick(s, seat, action, events)
    elif phase == HABITAT:
        if action >= ids.pen:
            build(s, seat, action - ids.pen, events)
            decide(s, seat, HABITAT, ctx)
        else:
            place_dinosaur(s, seat, ctx[0], action - ids.cell, ctx[1], events)
    elif phase == BUILD:
        if action != ids.done:
            build(s, seat, action - ids.pen, events)
            decide(s, seat, BUILD)
    elif phase == FACILITY:
        buy_facility(s, seat, action - ids.stack, ctx[0], events)
    elif phase == FACILITY_CELL:
        add_facility(s, ctx[1], ctx[0], action - ids.cell, events)
    elif phase == REPAIR:
        repair(s, seat, action - ids.struct, ctx[0], events)
    elif phase == TARGET:
        damage_facility(s, seat, action - ids.struct, events)
    elif phase == CARD:
        card = action - ids.manip
        s.manip[seat * len(s.c.manipulation) + card] -= 1
        s.manip_discard.append(card)
        events.append(event("play", seat, card=s.c.manipulation[card].key))
        s.tasks.append(("steps", seat, s.c.manipulation[card].steps, 0))
    elif phase == OPPONENT:
        affect(s, seat, action - ids.seat, ctx[0], events)
    elif phase == CITY:
        if action != ids.done:
            city(s, seat, action - ids.menu, ctx[0])
    elif phase == BONUS:
        bonus_answer(s, seat, action == ids.option, events)
    elif phase == MUTANT:
        if action == ids.option:
            s.res[seat * WIDTH + GOATS] -= mutant_goats(s, seat)
            s.tasks.append(("mutants", seat, ctx[0] - 1))
            s.tasks.append(("place", seat, s.t.mutant, NEW))
    elif phase == OUTSOURCE:
        space = action - ids.space
        events.append(event("outsource", seat, space=s.c.spaces[space].key))
        use_space(s, seat, space, direct=False)  # no worker goes to that space
    elif phase == LARGE:
        buy_large(s, seat, action - ids.large, ctx[0], events)
    elif phase == LARGE_SPOT:
        cell, down = divmod(action - ids.spot, 2)
        add_facility(s, ctx[1], ctx[0], cell, events, spot_second(s.geo, cell, down))
    elif phase == OCEAN:
        if action == ids.option:
            s.res[seat * WIDTH + CREDITS] -= ctx[0]
            s.tasks.append(("place", seat, s.t.plesio, 0))
        else:
            lose_vp(s, seat, s.c.numbers["open_ocean_vp_loss"], events)
    elif phase == JOB:
        claim(s, seat, action - ids.specialist, events)
    elif phase == DESTROY:
        destroy_choice(s, seat, action, ctx, events)
    elif phase == GRAFT:
        if action != ids.done:
            n = action - ids.option + 1
            s.res[seat * WIDTH + GOATS] -= n
            for kind in draw_dna(s, n, ctx[0]):
                s.dna[seat * s.c.kinds + kind] += 1
            events.append(event("graft", seat, cards=n))
    elif phase == TEAM_ORDER:
        decide(s, action - ids.seat, PLACE)
    elif phase == SHARE:
        p = action - ids.seat
        s.res[p * WIDTH + VISITORS] += 1
        if ctx[0] > 1:
            decide(s, seat, SHARE, (ctx[0] - 1,))
            if not legal_actions(s):
                s.phase = NONE  # no room left in either park
    elif phase == FAC_PARK:
        target = action - ids.seat
        if target != seat:
            s.res[seat * WIDTH + CREDITS] -= 1  # 'spend one additional credit to place it in the other park'
        place_bought(s, seat, target, ctx[0], events)
    elif phase == GIFT:
        synth.gift(s, seat, action, ctx[0], events)
    elif phase == MANIP_PAY:
        card = action - ids.manip
        s.manip[seat * len(s.c.manipulation) + card] -= 1
        s.manip_discard.append(card)
        if ctx[0] > 1:
            decide(s, seat, MANIP_PAY, (ctx[0] - 1,))


def _next_turn(s: DinoGenicsState, seat: int) -> None:
    if s.coop:
        s.team_todo &= ~(1 << seat)
        if not s.team_todo:
            s.turn ^= 1  # the shared turn is over: Synth's
    else:
        s.turn = (s.order.index(seat) + 1) % s.num_players
