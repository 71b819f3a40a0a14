"""Allocate Dinofarmers and the action spaces: where a Dinofarmer or the Foreman may go, whose turn it is,
and an action space's steps, run in order.

A space takes exactly one more than the strongest holder there (`exact strength`), and only where its
cost can be paid and part of its action done. A step with several options is a choice (the CHOOSE
decision, its context a `Choice`); with one it just happens; with none it is skipped.
"""

from __future__ import annotations

from typing import NamedTuple

from dinotable.games.tiny_epic_dinosaurs.cards import can_fulfil, contracts_open, dinosaurs_owned, fulfil, take_research
from dinotable.games.tiny_epic_dinosaurs.components import CHOOSE, PLACE, ability, event, gain_barriers, gain_resource
from dinotable.games.tiny_epic_dinosaurs.hunting import hunt_roll, take_dinosaur


class Choice(NamedTuple):
    """The context of a choice inside an action space: the step waiting for it, the space's steps after
    it, and the space's slot (a hunt's Damage frees it)."""

    step: tuple
    rest: tuple
    slot: int


def entry_strength(here) -> int:
    """What it takes to enter a space: 1 if empty, else one more than the strongest holder there."""
    most = max(here)
    return most + 1 if most else 1


def space_cost(s, seat: int, space) -> tuple[int, int, int]:
    cost = space.cost
    if space.is_market and any(cost):
        off = ability(s, seat, "market_discount")
        if off:
            cost = tuple(max(0, v - off) for v in cost)
    return cost


def step_options(s, seat: int, step: tuple) -> list[int]:
    """The choices a step offers the seat (action ids); [] if it cannot be performed."""
    ids, kind = s.ids, step[0]
    res = s.res[seat * 3 : seat * 3 + 3]
    if kind in ("hunt", "dinosaur"):
        return [ids.species + k for k in step[1:] if s.supply[k] > 0]
    if kind == "research":
        research = s.c.research
        return [
            ids.research + i
            for i, k in enumerate(s.research_row)
            if all(res[r] >= research[k].cost[r] for r in range(3))
        ]
    if kind == "contract":
        have = dinosaurs_owned(s, seat)
        return [ids.contract + k for k in contracts_open(s, seat) if can_fulfil(s, seat, k, have)]
    if kind == "trade":
        top = s.c.numbers["track_max"]
        return [ids.trade + a * 3 + b for a in range(3) for b in range(3) if a != b and res[a] and res[b] < top]
    return []


def step_possible(s, seat: int, step: tuple, plant: int, meat: int, supply: int, top: int) -> bool:
    """Whether a step that depends on the table (a Space's `checked` steps: hunt, dinosaur, research,
    contract, trade) can be performed with these resources (after the space's cost): whether step_options
    would offer anything, without listing it."""
    kind = step[0]
    if kind == "hunt" or kind == "dinosaur":
        stock = s.supply
        for k in step[1:]:  # noqa: SIM110  a loop: any() over a generator costs more in this hot path
            if stock[k] > 0:
                return True
        return False
    if kind == "research":
        research = s.c.research
        for k in s.research_row:
            cost = research[k].cost
            if cost[0] <= plant and cost[1] <= meat and cost[2] <= supply:
                return True
        return False
    if kind == "contract":
        have = dinosaurs_owned(s, seat)
        return any(can_fulfil(s, seat, k, have) for k in contracts_open(s, seat))
    if kind == "trade":
        res = (plant, meat, supply)
        return any(res[a] and res[b] < top for a in range(3) for b in range(3) if a != b)
    raise ValueError(f"step {kind!r} is not looked at on the table")


FREE = (0, 0, 0)


def placements(s, seat: int) -> list[int]:
    """The seat's legal placements: slot * 2, + 1 with the Foreman (and any Dinofarmers it needs). A
    Dinofarmer may go only where its cost can be paid and at least part of the action performed."""
    c = s.c
    h, occ = s.holders, s.occ
    normals, foreman = s.normals[seat], s.foreman[seat]
    foreman_strength, top = c.numbers["foreman_strength"], c.numbers["track_max"]
    plant, meat, supply = s.res[seat * 3 : seat * 3 + 3]
    barriers = s.barrier_supply > 0
    spaces, first = c.spaces, s.ids.place
    discount = -1  # the Market discount, worked out at the first Market
    memo: dict = {}  # a step found on several free spaces (a contract, a research) is looked at once
    out = []
    for slot, index in enumerate(s.slots):
        b = slot * h
        if occ[b + seat]:
            continue  # never where you already stand
        most = max(occ[b : b + h])
        need = most + 1 if most else 1  # entry_strength
        with_normals = normals >= need
        with_foreman = foreman and normals >= need - foreman_strength
        if not (with_normals or with_foreman):
            continue
        space = spaces[index]
        cost = space.cost
        p, m, u = plant, meat, supply
        if cost != FREE:
            if space.is_market:  # space_cost
                if discount < 0:
                    discount = ability(s, seat, "market_discount")
                if discount:
                    cost = tuple(max(0, v - discount) for v in cost)
            p, m, u = plant - cost[0], meat - cost[1], supply - cost[2]
            if p < 0 or m < 0 or u < 0:
                continue
        gives = space.gives
        ok = space.sure or gives[0] and p < top or gives[1] and m < top or gives[2] and u < top or gives[3] and barriers
        if not ok:
            paid = p != plant or m != meat or u != supply
            for st in space.checked:
                done = None if paid else memo.get(st)
                if done is None:
                    done = step_possible(s, seat, st, p, m, u, top)
                    if not paid:
                        memo[st] = done
                if done:
                    ok = True
                    break
        if ok:
            if with_normals:
                out.append(first + slot * 2)
            if with_foreman:
                out.append(first + slot * 2 + 1)
    return out


def placement_actions(s, seat: int) -> tuple[int, ...] | list[int]:
    """The PLACE decision's options: those worked out when the turn passed to the seat, if still fresh."""
    cached = s.place_cache
    return cached[1] if cached and cached[0] == seat else placements(s, seat)


def place(s, seat: int, slot: int, with_foreman: bool, events: list) -> None:
    s.place_cache = None
    h = s.holders
    need = entry_strength(s.occ[slot * h : slot * h + h])
    if with_foreman:
        s.foreman[seat] = False
        normals = max(0, need - s.c.numbers["foreman_strength"])
        strength = normals + s.c.numbers["foreman_strength"]
    else:
        normals = strength = need
    s.normals[seat] -= normals
    s.occ[slot * h + seat] = strength
    space = s.c.spaces[s.slots[slot]]
    events.append(event("place", seat, space=space.id, dinofarmers=normals, foreman=with_foreman))
    cost = space_cost(s, seat, space)
    for r in range(3):
        s.res[seat * 3 + r] -= cost[r]
    run_steps(s, seat, space.actions, slot, events)


def run_steps(s, seat: int, steps: tuple, slot: int, events: list) -> None:
    """The steps in order, until one offers a choice; after the last, the next turn."""
    for i, st in enumerate(steps):
        kind = st[0]
        if kind == "gain":
            got = [gain_resource(s, seat, r, st[1][r]) for r in range(3)]
            got.append(gain_barriers(s, seat, st[1][3]))
            events.append(event("gain", seat, plant=got[0], meat=got[1], supply=got[2], barriers=got[3]))
        elif kind == "first_player":
            s.first = seat
            events.append(event("first_player", seat))
        else:
            options = step_options(s, seat, st)
            if len(options) > 1:
                s.phase, s.ctx = CHOOSE, Choice(st, steps[i + 1 :], slot)
                # The state's key still lists the slot of the last choice (see state.py, `leftover`).
                s.leftover = (slot, *s.leftover[1:])
                return
            if options:
                perform(s, seat, st, options[0], slot, events)
    s.phase, s.ctx = PLACE, None
    next_turn(s, events)


def choose(s, seat: int, ctx: Choice, action: int, events: list) -> None:
    """The choice made: the step performed with it, then the space's remaining steps."""
    perform(s, seat, ctx.step, action, ctx.slot, events)
    run_steps(s, seat, ctx.rest, ctx.slot, events)


def perform(s, seat: int, st: tuple, action: int, slot: int, events: list) -> None:
    ids = s.ids
    kind = st[0]
    if kind in ("hunt", "dinosaur"):
        k = action - ids.species
        take_dinosaur(s, seat, k)
        if kind == "hunt":
            hunt_roll(s, seat, k, slot, events)
        else:
            events.append(event("dinosaur", seat, species=s.c.species[k].key))
    elif kind == "research":
        take_research(s, seat, action - ids.research, events)
    elif kind == "contract":
        fulfil(s, seat, action - ids.contract, events)
    elif kind == "trade":
        a, b = divmod(action - ids.trade, 3)
        s.res[seat * 3 + a] -= 1
        got = gain_resource(s, seat, b, st[1])
        events.append(event("trade", seat, paid=a, gained=b, amount=got))


def next_turn(s, events: list) -> None:
    """The next Dinofarmer goes down clockwise. A player with none left is skipped, and so is one whose
    Dinofarmers have nowhere to go this turn (a space may free up later); the phase ends when nobody
    can place."""
    for step_ in range(1, s.holders + 1):
        h = (s.cur + step_) % s.holders
        if h == s.num_players:  # the solo Rival
            if s.rival_hand:
                s.cur = h
                return
            continue
        if not (s.normals[h] or s.foreman[h]):
            continue
        legal = placements(s, h)
        if legal:
            s.cur = h
            s.place_cache = (h, tuple(legal))  # legal_actions asks next: no need to work it out twice
            return
    s.cur = -1  # everyone is placed, or nobody left can go anywhere
