"""Why a target of the board cannot be chosen now (State.targets, State.unavailable), for the front ends.

The targets are the open decision's board elements, in the keys `action_info` gives them:
- Allocate Dinofarmers: every action space of this side of the Action Boards ({"action_space": id}), for a
  Dinofarmer or the Foreman;
- a Research Lab's choice: every card of the Research row ({"research": name});
- a Contract space's choice: the Public Contracts in the row and the mover's own Private Contracts
  ({"contract": name}); these name the mover's secret cards, so they are for the mover only, as
  `unavailable` is.
Other decisions (a species, a trade, the Farm) are chosen from a list or on the seat's own Farm: no targets.

The reasons follow the legality code in the order a player checks (spaces.placements: your own Dinofarmers
there, strength, cost, at least part of the action; effects' `can` and `options` for the rest), in the
rulebook's words. Nothing here runs while playing: only a front end and the conformance check ask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dinotable.core.words import counted
from dinotable.games.tiny_epic_dinosaurs.cards import contracts_open, dinosaurs_owned
from dinotable.games.tiny_epic_dinosaurs.components import CHOOSE, NUM_RESOURCES, PLACE, RESOURCES, UNIQUE
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS, UNCOUNTED, amounts_text
from dinotable.games.tiny_epic_dinosaurs.spaces import placement_actions, space_cost

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.content import Space
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def targets(s: TinyEpicDinosaursState) -> list[dict[str, Any]]:
    c = s.c
    if s.phase == PLACE:
        return [{"action_space": c.spaces[index].id} for index in s.slots]
    if s.phase == CHOOSE:
        kind = s.ctx.step[0]
        if kind == "research":
            return [{"research": c.research[k].name} for k in s.research_row]
        if kind == "contract":
            return [{"contract": c.contracts[k].name} for k in contracts_open(s, s.cur)]
    return []


def unavailable(s: TinyEpicDinosaursState) -> list[dict[str, Any]]:
    """The reasons for the seat to move (FlatState.unavailable asks only for it)."""
    seat, c = s.cur, s.c
    out = []
    if s.phase == PLACE:
        offered = {(a - s.ids.place) // 2 for a in placement_actions(s, seat)}
        for slot, index in enumerate(s.slots):
            if slot not in offered:
                out.append({"target": {"action_space": c.spaces[index].id}, "reason": place_reason(s, seat, slot)})
    elif s.phase == CHOOSE and s.ctx.step[0] == "research":
        offered = set(EFFECTS.options(s, seat, s.ctx.step))
        for i, k in enumerate(s.research_row):
            if s.ids.research + i not in offered:
                out.append({"target": {"research": c.research[k].name}, "reason": research_reason(s, seat, k)})
    elif s.phase == CHOOSE and s.ctx.step[0] == "contract":
        offered = set(EFFECTS.options(s, seat, s.ctx.step))
        for k in contracts_open(s, seat):
            if s.ids.contract + k not in offered:
                out.append({"target": {"contract": c.contracts[k].name}, "reason": contract_reason(s, seat, k)})
    return out


# ---------------------------------------------------------------------------------- Allocate Dinofarmers
def place_reason(s: TinyEpicDinosaursState, seat: int, slot: int) -> str:
    """Why the seat can put neither a Dinofarmer nor the Foreman on the action space at `slot`."""
    c = s.c
    space = c.spaces[s.slots[slot]]
    name = space.name
    here = s.occupants(slot)
    if here[seat]:  # "You CANNOT allocate Dinofarmers to action spaces where you already have other Dinofarmers."
        if s.foreman_at[seat] == slot:
            return f"{name}: your Foreman is already there"
        return f"{name}: you already have Dinofarmers there"
    most = max(here)
    need = most + 1 if most else 1
    strength = c.numbers["foreman_strength"]
    normals, foreman = s.normals[seat], s.foreman[seat]
    if not (normals >= need or foreman and normals >= need - strength):
        return f"{name}: {_strongest(s, slot, most)}, so it takes {need} to enter; {_yours(normals, foreman, strength)}"
    cost = space_cost(s, seat, space)
    short = _short(cost, s.resources(seat))
    if short:
        return f"{name}: it costs {amounts_text(cost)}, and you have {short}"
    paid = " once it is paid" if any(cost) else ""
    return f"{name}: you could do no part of its action{paid} ({'; '.join(_cannot(s, seat, space, cost))})"


def _strongest(s: TinyEpicDinosaursState, slot: int, most: int) -> str:
    """Who holds the space most strongly: 'player 2 has 2 there (a Foreman counts as 2 Dinofarmers)'."""
    here = s.occupants(slot)
    who = [h for h, strength in enumerate(here) if strength == most]
    names = [("the Rival's card" if h >= s.num_players else s.game.seat_name(s, h)) for h in who]
    verb = "has" if len(names) == 1 else "each have"
    # A Foreman sent to Medical Leave keeps its foreman_at until Retrieve: only a strength it could give counts.
    foreman = most >= s.c.numbers["foreman_strength"] and any(
        h < s.num_players and s.foreman_at[h] == slot for h in who
    )
    note = f" (a Foreman counts as {s.c.numbers['foreman_strength']} Dinofarmers)" if foreman else ""
    strength = "a strength of" if who[0] >= s.num_players else ""
    return f"{' and '.join(names)} {verb} {strength + ' ' if strength else ''}{most} there{note}"


def _yours(normals: int, foreman: bool, strength: int) -> str:
    """What the seat has left to place, and its strength: 'you have only the Foreman and 1 Dinofarmer left, 3 in
    all'."""
    if not foreman:
        return f"you have only {counted(normals, 'Dinofarmer')} left"
    if not normals:
        return f"you have only the Foreman left, which counts as {strength}"
    return f"you have only the Foreman and {counted(normals, 'Dinofarmer')} left, {normals + strength} in all"


def _short(cost: Sequence[int], have: Sequence[int]) -> str:
    """The resources the seat has too few of for a cost: 'only 1 plant and 0 supplies' ('' if it can pay)."""
    short = [
        counted(have[r], RESOURCES[r], UNCOUNTED.get(RESOURCES[r])) for r in range(NUM_RESOURCES) if have[r] < cost[r]
    ]
    return "only " + " and ".join(short) if short else ""


def _cannot(s: TinyEpicDinosaursState, seat: int, space: Space, cost: Sequence[int]) -> list[str]:
    """Why each step of a space's action cannot be done, with its cost paid (the rulebook: 'you MUST pay the
    necessary resources immediately and then perform at least part of the corresponding action')."""
    paid = s.clone()
    paid.pay(seat, cost)
    top = s.c.numbers["track_max"]
    res = paid.resources(seat)
    out: list[str] = []
    for kind, value in space.actions:
        if EFFECTS.kinds[kind].can(paid, seat, value):
            continue
        if kind == "gain":
            full = [RESOURCES[r] for r in range(NUM_RESOURCES) if value[r] and res[r] >= top]
            if full:
                out.append(f"your {' and '.join(full)} {'track is' if len(full) == 1 else 'tracks are'} at {top}")
            if value[3]:
                out.append("no Barriers are left in the supply")
        elif kind in ("hunt", "dinosaur"):
            out.append(f"no {' or '.join(value.names)} is left in the supply")
        elif kind == "research":
            out.append("you can pay for no card of the Research row" if s.research_row else "the Research row is empty")
        elif kind == "contract":
            out.append("your dinosaurs meet no open Contract")
        elif kind == "trade":
            out.append(f"you have nothing to trade for a resource below {top}")
    return out or ["nothing it gives can be taken now"]


# ------------------------------------------------------------------------------- choices on a space
def research_reason(s: TinyEpicDinosaursState, seat: int, k: int) -> str:
    card = s.c.research[k]
    return f"{card.name}: it costs {amounts_text(card.cost)}, and you have {_short(card.cost, s.resources(seat))}"


def contract_reason(s: TinyEpicDinosaursState, seat: int, k: int) -> str:
    """The dinosaurs a Contract needs that the seat's Farm and Containment Zone lack."""
    c = s.c
    contract = c.contracts[k]
    have = dinosaurs_owned(s, seat)
    needs = [(contract.need[sp], have[sp], c.species[sp].name) for sp in range(UNIQUE)]
    needs.append((contract.unique, have[UNIQUE], "Unique Dinosaur"))
    short = [(need, got, name) for need, got, name in needs if got < need]
    wanted = " and ".join(
        f"{need} {name}" if name != "Unique Dinosaur" else counted(need, name) for need, _, name in short
    )
    held = " and ".join(
        f"{got or 'no'} {name}" if name != "Unique Dinosaur" else _uniques(got) for _, got, name in short
    )
    return f"{contract.name}: it needs {wanted}; you have {held}"


def _uniques(n: int) -> str:
    return "no Unique Dinosaur" if n == 0 else counted(n, "Unique Dinosaur")
