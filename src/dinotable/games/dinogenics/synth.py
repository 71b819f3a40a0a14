"""Synth Re-Activated, the DinoGenics co-op: the West (seat 0) and East (seat 1) Branches against Synth
(park SYNTH), which the engine plays from its turn chart. Here are Synth's setup, turns, placements,
clean-up and damage, and the branches' shared player order, visitors and docks. The rules' decisions, Breaking
News and Season call them where the co-op changes a step; this module uses only the rules below those (it
starts nothing of theirs), and the co-op's outcome is counted with the scores (scoring.coop_result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import next_below
from dinotable.games.dinogenics.components import (
    FACES,
    GOATS,
    SCANDALS,
    VISITORS,
    VP,
)
from dinotable.games.dinogenics.rules.allowed import (
    can_place,
    commercial_free,
    facility_cells,
    free_slot,
    space_open,
    stack_tile,
)
from dinotable.games.dinogenics.rules.codes import (
    COMMERCIAL,
    DRAWN_STACKS,
    GIFT,
    PLACE,
    SHARE,
    SYNTH,
    TEAM_ORDER,
    WORKERS,
    GiftContext,
    ShareContext,
    as_repaired,
    cell_of,
    decide,
    event,
    facility_of,
    first_place,
    is_damaged,
    species_of,
)
from dinotable.games.dinogenics.rules.damage import damage_facility
from dinotable.games.dinogenics.rules.dinosaurs import place_dinosaur
from dinotable.games.dinogenics.rules.effects import draw_dna, gain, lose, tell_gains, tell_losses
from dinotable.games.dinogenics.rules.facilities import add_facility, start_facility, take_from_stack
from dinotable.games.dinogenics.rules.reading import hand_size, improper, meeples_left, reputation, room
from dinotable.games.dinogenics.rules.steps import (
    airport_open,
    has_placement,
)
from dinotable.games.dinogenics.rules.visitors import season_visitor_perks

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

SPACES = {
    "build_cheapest": "city_center",
    "remove_priciest": "city_center",
    "dinosaur_lowest": "iom",
    "dinosaur_highest": "iom",
    "market_card": "site_a",
    "agency_scandal": "agency",
    "time_share": "time_share",
    "ferry_vp": "ferry",
    "farm": "farm",  # farm_or_outsource: the Farm with fewer than 5 goats,
    "outsource": "outsource",  # else Outsource
}


_TRIES = 20  # rerolls before a Synth worker with nowhere to go stays home


def setup(s: DinoGenicsState) -> None:
    """Synth's starting park (2 Basic Hotels, 3 Biodomes, an Aquatic Habitat) on its first free spaces."""
    for f in s.c.coop["synth_facilities"]:
        start_facility(s, SYNTH, f)


def order(s: DinoGenicsState, events) -> None:
    """'take the average of the West Branch and East Branch reputation values (... rounding up). If the
    average is more than Synth's reputation, they will become first player.'"""
    team = -(-(reputation(s, 0) + reputation(s, 1)) // 2)
    s.team_first = team > reputation(s, SYNTH)
    s.order = (0, 1, SYNTH) if s.team_first else (SYNTH, 0, 1)
    s.turn = 0
    s.team_todo = 0
    s.docks_used = 0
    events.append(event("order", None, order=list(s.order)))


def visitors(s: DinoGenicsState, events) -> None:
    """The branches take visitors as one player and share them; Synth takes its own column."""
    column = s.c.visitors[3][s.season]
    team, synth = (0, 1) if s.team_first else (1, 0)
    gain(s, SYNTH, ((VISITORS, column[synth]),), events)
    s.pool = s.c.bonus_visitors[s.season]
    season_visitor_perks(s, (0, 1), events)
    # The bonus pool: the first player may take two, then each one at a time; Synth takes while it has
    # room, the branches' share is placed with theirs.
    shared = column[team]
    takers = [SYNTH, -1] if synth == 0 else [-1, SYNTH]
    first = s.c.numbers["first_bonus_visitors"]
    turn, out, taken = 0, 0, 0
    while s.pool and out != 3:
        who = takers[turn % 2]
        count = first if turn == 0 else 1
        for _ in range(count):
            if not s.pool:
                break
            if who == SYNTH:
                if s.get(SYNTH, VISITORS) >= room(s, SYNTH):
                    out |= 1
                    break
                s.add(SYNTH, VISITORS, 1)
                taken += 1
            else:
                if shared + s.get(0, VISITORS) + s.get(1, VISITORS) >= room(s, 0) + room(s, 1):
                    out |= 2
                    break
                shared += 1
            s.pool -= 1
        turn += 1
    if taken:
        events.append(event("visitors", SYNTH, visitors=taken, away=0, source="bonus"))
    if shared:
        s.tasks.append(("share", shared))


def share_task(s: DinoGenicsState, task, events) -> None:
    """The West Branch places the shared visitors in either park with room (designed: West divides)."""
    if any(s.get(p, VISITORS) < room(s, p) for p in (0, 1)):
        decide(s, 0, SHARE, ShareContext(task[1]))


def can_place_worker(s: DinoGenicsState, b: int) -> bool:
    """Has this branch somewhere to send a worker: a Mainland space, the other park's docks, its Private
    Airport?"""
    return has_placement(s, b) or docks_open(s, b) or airport_open(s, b)


def docks_open(s: DinoGenicsState, seat: int) -> bool:
    """The co-op's docks: a worker there gifts the other branch up to two cards, once a Season per dock
    (designed)."""
    m = len(s.c.manipulation)
    has_cards = hand_size(s, seat) or sum(s.manip[seat * m : seat * m + m])
    return bool(has_cards) and not s.docks_used >> (1 - seat) & 1


def workers(s: DinoGenicsState, events) -> bool:
    """Synth's turns and the branches' shared turns alternate from the first player: in a shared turn each
    branch places a worker, in the order they choose."""
    slots = ("team", "synth") if s.team_first else ("synth", "team")
    for _ in range(4):
        if slots[s.turn] == "synth":
            if s.get(SYNTH, WORKERS) > 0:
                take_turn(s, events)
                s.turn ^= 1
                return True
            s.turn ^= 1
            continue
        if not s.team_todo:
            s.team_todo = sum(1 << b for b in (0, 1) if s.get(b, WORKERS) > 0)
        for b in (0, 1):
            # Asked again before each placement: the other branch may have taken the last space.
            if s.team_todo >> b & 1 and not can_place_worker(s, b):
                s.put(b, WORKERS, 0)  # nowhere to go: the worker stays home
                s.team_todo &= ~(1 << b)
                events.append(event("stay_home", b))
        if s.team_todo == 3:
            decide(s, 0, TEAM_ORDER)  # designed: the West Branch chooses who places first
            return True
        if s.team_todo:
            decide(s, 0 if s.team_todo & 1 else 1, PLACE)
            return True
        s.turn ^= 1
        if s.get(SYNTH, WORKERS) <= 0:
            return False
    return False


def _roll(s: DinoGenicsState) -> int:
    s.rng, roll = next_below(s.rng, len(s.c.rampage_die))
    return s.c.rampage_die[roll]


def take_turn(s: DinoGenicsState, events) -> None:
    """Roll two rampage dice and read Synth's turn chart; roll again while the space is taken."""
    late = s.season >= 5
    s.tasks.append(("synth_cleanup",))  # after what the action sets off
    full = []  # the rolls whose space was taken, told with the one that places the worker
    for _ in range(_TRIES):
        faces = tuple(sorted((_roll(s), _roll(s))))
        action = s.c.coop["chart"][faces][late]
        if action == "farm_or_outsource":
            action = "farm" if s.get(SYNTH, GOATS) < 5 else "outsource"
        key = SPACES[action]
        space = s.c.space_index(key)
        slot = free_slot(s, space) if space_open(s, space) else -1
        if slot < 0:
            full.append([FACES[f] for f in faces] + [key])
            continue
        s.occ[slot] = SYNTH
        s.take(SYNTH, WORKERS, 1)
        events.append(
            event("synth", None, action=action, space=key, faces=[FACES[f] for f in faces], full=full, late=late)
        )
        act(s, action, late, events)
        return
    s.take(SYNTH, WORKERS, 1)  # nowhere it could go: the worker stays home
    events.append(event("stay_home", SYNTH))


def act(s: DinoGenicsState, action: str, late: bool, events) -> None:
    facilities = s.c.facilities
    if action in ("build_cheapest", "remove_priciest"):
        # The City Center's stacks, the Basic Hotels first: ties go to the furthest right.
        tops = [(i, stack_tile(s, i)) for i in range(1 + DRAWN_STACKS)]
        tops = [(i, f) for i, f in tops if f >= 0]
        if not tops:
            return
        if action == "build_cheapest":
            i, f = min(tops, key=lambda pair: (facilities[pair[1]].cost, -pair[0]))
        else:
            i, f = max(tops, key=lambda pair: (facilities[pair[1]].cost, pair[0]))
        take_from_stack(s, i)
        if action == "build_cheapest" and can_place(s, SYNTH, f):
            if facilities[f].park:
                add_facility(s, SYNTH, f, facility_cells(s, SYNTH)[0], events)
            else:
                add_facility(s, SYNTH, f, commercial_free(s, SYNTH)[0], events)
        else:
            s.removed.append(f)  # removed from play
            events.append(event("removed", SYNTH, facility=facilities[f].key))
    elif action in ("dinosaur_lowest", "dinosaur_highest"):
        drawn = draw_dna(s, 3)
        events.append(event("synth_draw", SYNTH, cards=[s.c.species[k].key for k in drawn]))
        species = s.c.species
        # A species with no meeple left in the supply cannot be placed (designed).
        kinds = {k for k in drawn if not s.t.aquatic[k] and meeples_left(s, k) > 0}
        if kinds:
            pick = min if action == "dinosaur_lowest" else max
            best = pick(kinds, key=lambda k: (species[k].reputation, species[k].vp))
            place(s, best, events)
        s.dna_discard.extend(drawn)
    elif action == "market_card":
        card = draw_dna(s, 1)
        s.market.extend(card)
        if card:
            events.append(event("market_card", SYNTH, card=s.c.species[card[0]].key))
    elif action in ("agency_scandal", "outsource"):
        s.put(SYNTH, SCANDALS, max(0, s.get(SYNTH, SCANDALS) - 1))
    elif action == "farm":
        s.add(SYNTH, GOATS, 3)
    elif action == "time_share":
        gain(s, SYNTH, ((VISITORS, 2),), events)
    elif action == "ferry_vp":
        s.add(SYNTH, VP, 2)


def place(s: DinoGenicsState, species: int, events) -> None:
    """'Place Synth dinosaurs in biodomes with matching species first, empty biodomes second, mixed species
    third, and outside only as a last resort. Always place Brontosaurus outside of Synth biodomes.'"""
    facilities = s.c.facilities
    domes = []
    for f in s.facs[SYNTH]:
        if facilities[facility_of(f)].biodome and not is_damaged(f):
            cell = first_place(f)
            inside = [species_of(d) for d in s.dinos[SYNTH] if cell_of(d) == cell]
            if len(inside) < 2:
                rank = 0 if inside and set(inside) == {species} else 1 if not inside else 2
                domes.append((rank, cell))
    outside = facility_cells(s, SYNTH)
    if species != s.t.bronto and domes:
        cell = min(domes)[1]
    elif outside:
        cell = outside[0]
    else:
        return  # nowhere to put it
    place_dinosaur(s, SYNTH, species, cell, 0, events)


def cleanup(s: DinoGenicsState, task, events) -> None:
    """'all Synth dinosaurs that are in violation of their habitat requirements are euthanized and removed
    from play. Then if any biodomes have been damaged, Synth employs nano-robots to repair' them."""
    bad = improper(s, SYNTH)
    if any(bad):
        kept = tuple(code for code, wrong in zip(s.dinos[SYNTH], bad, strict=True) if not wrong)
        events.append(event("euthanized", SYNTH, dinosaurs=len(s.dinos[SYNTH]) - len(kept)))
        s.dinos[SYNTH] = kept
    facilities = s.c.facilities
    s.facs[SYNTH] = tuple(as_repaired(f) if facilities[facility_of(f)].biodome else f for f in s.facs[SYNTH])


def damage(s: DinoGenicsState, task, events) -> None:
    """Damage to Synth (a task, started by the rules' damage): its lowest cost, least occupied undamaged
    facility; its Visitor Center never."""
    facilities = s.c.facilities
    best = None
    for j, f in enumerate(s.facs[SYNTH]):
        if is_damaged(f):
            continue
        cell = first_place(f)
        occupied = sum(1 for d in s.dinos[SYNTH] if cell_of(d) == cell and cell < COMMERCIAL)
        key = (facilities[facility_of(f)].cost, occupied, j)
        if best is None or key < best:
            best = key
    if best is not None:
        damage_facility(s, SYNTH, best[2], events)


def upkeep(s: DinoGenicsState, events) -> None:
    if s.coop:
        s.tasks.append(("synth_cleanup",))  # after the Upkeep's rampages too


def news_step(s: DinoGenicsState, steps: tuple, events) -> None:
    """'Anytime a card states "Synth Occupies" an area, take one of its workers and place it on a single
    action space of the designated area.' Synth takes no benefit it cannot use (cards, credits)."""
    for kind, value in steps:
        if kind == "occupy":
            slot = free_slot(s, value)
            if slot >= 0 and s.get(SYNTH, WORKERS) > 0:
                s.occ[slot] = SYNTH
                s.take(SYNTH, WORKERS, 1)
                events.append(event("synth", None, action="occupy", space=s.c.spaces[value].key, faces=[]))
        elif kind == "gain":
            tell_gains(s, SYNTH, value, events)
            gain(s, SYNTH, value, events)
        else:
            tell_losses(s, SYNTH, value, events)
            lose(s, SYNTH, value, events)


def gift(s: DinoGenicsState, seat: int, action: int, given: int, events) -> None:
    """The docks: up to two cards (DNA or Manipulation) from this branch's hand to the other's."""
    ids, other = s.ids, 1 - seat
    if action == ids.done:
        return
    if action < ids.manipulation:
        kind = action - ids.dna
        k = s.c.kinds
        s.dna[seat * k + kind] -= 1
        s.dna[other * k + kind] += 1
        s.tasks.append(("limit", other))
        s.tasks.append(("graft", other, s.t.edna[kind]))
    else:
        card = action - ids.manipulation
        m = len(s.c.manipulation)
        s.manip[seat * m + card] -= 1
        s.manip[other * m + card] += 1
    events.append(event("gift", seat, to=other))
    m = len(s.c.manipulation)
    if given + 1 < 2 and (hand_size(s, seat) or sum(s.manip[seat * m : seat * m + m])):
        decide(s, seat, GIFT, GiftContext(given + 1))
