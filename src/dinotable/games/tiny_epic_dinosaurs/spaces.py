"""Allocate Dinofarmers and the action spaces: where a Dinofarmer or the Foreman may go, whose turn it is,
and an action space's steps, run in order by the game's step kinds (effects.EFFECTS).

A space takes exactly one more than the strongest holder there (`exact strength`), and only where its
cost can be paid and part of its action done. A step with several options is a choice (the CHOOSE
decision, its context a `Choice`: where the space goes on after it); with one it just happens; with none
it is skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dinotable.games.tiny_epic_dinosaurs.components import NUM_RESOURCES, PLACE, ability, event
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


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


def space_cost(s: TinyEpicDinosaursState, seat: int, space) -> tuple[int, int, int]:
    cost = space.cost
    if space.is_market and any(cost):
        off = ability(s, seat, "market_discount")
        if off:
            cost = tuple(max(0, v - off) for v in cost)
    return cost


FREE = (0, 0, 0)


def placements(s: TinyEpicDinosaursState, seat: int) -> list[int]:
    """The seat's legal placements: slot * 2, + 1 with the Foreman (and any Dinofarmers it needs). A
    Dinofarmer may go only where its cost can be paid and at least part of the action performed."""
    c = s.c
    # The hottest loop reads the holders' strengths and sets the seat's tracks for a look in place, as
    # s.occupants and s.set_resources do (slot * holders + holder, seat * NUM_RESOURCES + resource).
    occ, holders, res, at = s.occ, s.holders, s.res, seat * NUM_RESOURCES
    here = occ[seat::holders]  # by slot
    strongest = list(map(max, *[occ[holder::holders] for holder in range(holders)]))  # at least 2 holders
    tracks = slice(at, at + NUM_RESOURCES)
    normals, foreman = s.normals[seat], s.foreman[seat]
    foreman_strength, top = c.numbers["foreman_strength"], c.numbers["track_max"]
    plant, meat, supply = res[tracks]
    barriers = s.barrier_supply > 0
    spaces, first = c.spaces, s.ids.place
    discount = -1  # the Market discount, worked out at the first Market
    memo: dict = {}  # a step found on several free spaces (a contract, a research) is looked at once
    out = []
    for slot, index in enumerate(s.slots):
        if here[slot]:
            continue  # never where you already stand
        most = strongest[slot]
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
            if p != plant or m != meat or u != supply:
                # The step kinds' `can` read the tracks: set as paid for the look, then put back.
                res[tracks] = p, m, u
                try:
                    for can, value in space.checked:
                        if can(s, seat, value):
                            ok = True
                            break
                finally:
                    res[tracks] = plant, meat, supply
            else:
                for st in space.checked:
                    done = memo.get(st)
                    if done is None:
                        done = memo[st] = st[0](s, seat, st[1])  # the step kind's `can`
                    if done:
                        ok = True
                        break
        if ok:
            if with_normals:
                out.append(first + slot * 2)
            if with_foreman:
                out.append(first + slot * 2 + 1)
    return out


def placement_actions(s: TinyEpicDinosaursState, seat: int) -> tuple[int, ...] | list[int]:
    """The PLACE decision's options: those worked out when the turn passed to the seat, if still fresh."""
    cached = s.place_cache
    return cached[1] if cached and cached[0] == seat else placements(s, seat)


def place(s: TinyEpicDinosaursState, seat: int, slot: int, with_foreman: bool, events: list) -> None:
    s.place_cache = None
    need = entry_strength(s.occupants(slot))
    if with_foreman:
        s.foreman[seat] = False
        s.foreman_at[seat] = slot
        normals = max(0, need - s.c.numbers["foreman_strength"])
        strength = normals + s.c.numbers["foreman_strength"]
    else:
        normals = strength = need
    s.normals[seat] -= normals
    s.set_occupant(slot, seat, strength)
    space = s.c.spaces[s.slots[slot]]
    cost = space_cost(s, seat, space)
    events.append(event("place", seat, space=space.id, dinofarmers=normals, foreman=with_foreman, paid=cost))
    s.pay(seat, cost)
    run_steps(s, seat, space.actions, slot, events)


def run_steps(s: TinyEpicDinosaursState, seat: int, steps: tuple, slot: int, events: list) -> None:
    """The steps in order, until one opens a choice (the CHOOSE decision, its context keeping the step and
    the steps after it); after the last, the next turn."""
    i = EFFECTS.run_from(s, seat, steps, 0, events, source=slot)
    if i is not None:
        s.ctx = Choice(steps[i - 1], steps[i:], slot)
        return
    s.phase, s.ctx = PLACE, None
    next_turn(s, events)


def choose(s: TinyEpicDinosaursState, seat: int, ctx: Choice, action: int, events: list) -> None:
    """The choice made: the step performed with it, then the space's remaining steps."""
    EFFECTS.perform(s, seat, ctx.step, action, events, source=ctx.slot)
    run_steps(s, seat, ctx.rest, ctx.slot, events)


def next_turn(s: TinyEpicDinosaursState, events: list) -> None:
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
