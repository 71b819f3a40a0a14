"""The decisions of Tiny Epic Dinosaurs, one core.decisions record each, registered in phase order.

Each record joins the area module that works out its options and effects with its texts (render.py) and
its description (`info`: the board elements an action touches, in the names `view` uses). This module
sits above both, so neither imports the other. core.flat.FlatState dispatches through TABLE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.decisions import GAME_OVER, Decision, Decisions
from dinotable.games.tiny_epic_dinosaurs import render
from dinotable.games.tiny_epic_dinosaurs.cards import keep_contract
from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    CHOOSE,
    ESCAPE,
    FEED,
    KEEP,
    NEWBORN,
    OVER,
    PLACE,
    food,
    unique_code,
)
from dinotable.games.tiny_epic_dinosaurs.content import RESOURCES
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS
from dinotable.games.tiny_epic_dinosaurs.escapes import (
    Escape,
    count_omnivores_as,
    eat_escaping,
    eat_from_farm,
    escape_actions,
    escape_unplaced,
    remove_barrier,
)
from dinotable.games.tiny_epic_dinosaurs.farm import (
    Adapting,
    adapt_actions,
    lift,
    place_barrier,
    put_actions,
    put_common,
    put_unique,
)
from dinotable.games.tiny_epic_dinosaurs.feeding import feed, feed_actions, put_newborn
from dinotable.games.tiny_epic_dinosaurs.spaces import (
    Choice,
    choose,
    entry_strength,
    place,
    placement_actions,
)

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


# ------------------------------------------------------------------------------- a Private Contract to keep
def _keep_legal(s: TinyEpicDinosaursState, ctx: object) -> list[int]:
    return [s.ids.contract + k for k in s.dealt[s.cur]]


def _keep(s: TinyEpicDinosaursState, action: int, ctx: object, events: list) -> None:
    keep_contract(s, s.cur, action - s.ids.contract, events)


def _keep_info(s: TinyEpicDinosaursState, action: int, ctx: object) -> dict:
    return {"contract": s.c.contracts[action - s.ids.contract].name}


# -------------------------------------------------------------------------------- Allocate Dinofarmers
def _place_legal(s: TinyEpicDinosaursState, ctx: object) -> tuple[int, ...] | list[int]:
    return placement_actions(s, s.cur)


def _place(s: TinyEpicDinosaursState, action: int, ctx: object, events: list) -> None:
    slot, foreman = divmod(action - s.ids.place, 2)
    place(s, s.cur, slot, foreman == 1, events)


def _place_info(s: TinyEpicDinosaursState, action: int, ctx: object) -> dict:
    slot, foreman = divmod(action - s.ids.place, 2)
    need = entry_strength(s.occupants(slot))
    if foreman:
        need = max(0, need - s.c.numbers["foreman_strength"])
    return {"action_space": _space_id(s, slot), "dinofarmers": need, "foreman": bool(foreman)}


def _space_id(s: TinyEpicDinosaursState, slot: int) -> str:
    return s.c.spaces[s.slots[slot]].id


# ---------------------------------------------------------------------- a choice inside an action space
def _choice_legal(s: TinyEpicDinosaursState, ctx: Choice) -> list[int]:
    return EFFECTS.options(s, s.cur, ctx.step)


def _choose(s: TinyEpicDinosaursState, action: int, ctx: Choice, events: list) -> None:
    choose(s, s.cur, ctx, action, events)


def _choice_info(s: TinyEpicDinosaursState, action: int, ctx: Choice) -> dict:
    c, ids = s.c, s.ids
    out: dict = {"action_space": _space_id(s, ctx.slot)}
    if action < ids.research:
        out["species"] = c.species[action - ids.species].key
    elif action < ids.contract:
        out["research"] = c.research[s.research_row[action - ids.research]].name
    elif action < ids.trade:
        out["contract"] = c.contracts[action - ids.contract].name
    else:
        a, b = divmod(action - ids.trade, 3)
        out.update(pay=RESOURCES[a], gain=RESOURCES[b], amount=ctx.step[1])
    return out


# ------------------------------------------------------------------------------------- Adapt the Farm
def _adapt_legal(s: TinyEpicDinosaursState, ctx: Adapting) -> list[int]:
    return adapt_actions(s, s.cur, ctx)


def _adapt(s: TinyEpicDinosaursState, action: int, ctx: Adapting, events: list) -> None:
    ids, seat, n = s.ids, s.cur, s.c.geometry.num_cells
    if action < ids.put:
        place_barrier(s, seat, action - ids.fence)
    elif action < ids.put_unique:
        k, cell = divmod(action - ids.put, n)
        put_common(s, seat, k, cell)
        s.ctx = ctx.settling(cell)
    elif action < ids.lift:
        card, cell = divmod(action - ids.put_unique, n)
        put_unique(s, seat, card, cell)
        s.ctx = ctx.settling(cell)
    elif action < ids.done:
        lift(s, seat, action - ids.lift)
    else:
        escape_unplaced(s, seat, events)


def _adapt_info(s: TinyEpicDinosaursState, action: int, ctx: Adapting) -> dict:
    c, ids, seat = s.c, s.ids, s.cur
    geo = c.geometry
    if action < ids.put:
        return {"edge": geo.edge_names[action - ids.fence]}
    if action < ids.lift:
        return _put_info(s, action)
    if action < ids.done:
        cell = action - ids.lift
        return {"cell": geo.cell_name(cell), "dinosaur": render.code_name(c, s.space(seat, cell))}
    waiting = [c.species[k].name for k, count in enumerate(s.held_commons(seat)) for _ in range(count)]
    waiting += [c.research[k].name for k in s.hold_unique[seat]]
    return {"escaping": waiting}


def _put_info(s: TinyEpicDinosaursState, action: int) -> dict:
    c, ids = s.c, s.ids
    n = c.geometry.num_cells
    if action < ids.put_unique:
        k, cell = divmod(action - ids.put, n)
        return {"species": c.species[k].key, "cell": c.geometry.cell_name(cell)}
    card, cell = divmod(action - ids.put_unique, n)
    return {"unique": c.research[card].name, "cell": c.geometry.cell_name(cell)}


# ------------------------------------------------------------------------------------- Feed Dinosaurs
def _feed_legal(s: TinyEpicDinosaursState, ctx: object) -> list[int]:
    return feed_actions(s, s.cur)


def _feed(s: TinyEpicDinosaursState, action: int, ctx: object, events: list) -> None:
    cell, meat = divmod(action - s.ids.feed, 2)
    feed(s, s.cur, cell, meat, events)


def _feed_info(s: TinyEpicDinosaursState, action: int, ctx: object) -> dict:
    c = s.c
    cell, meat = divmod(action - s.ids.feed, 2)
    code = s.space(s.cur, cell)
    return {
        "cell": c.geometry.cell_name(cell),
        "dinosaur": render.code_name(c, code),
        "food": RESOURCES[1 if meat else 0],
        "amount": food(c, code),
    }


# ----------------------------------------------------------------------------------- Dinosaur Escape
def _escape_legal(s: TinyEpicDinosaursState, ctx: Escape) -> list[int]:
    return escape_actions(s, s.cur, ctx)


def _escape(s: TinyEpicDinosaursState, action: int, ctx: Escape, events: list) -> None:
    ids, seat = s.ids, s.cur
    if action < ids.eat_common:
        eat_from_farm(s, seat, ctx, action - ids.eat, events)
    elif action < ids.eat_unique:
        eat_escaping(s, seat, ctx, action - ids.eat_common, events)
    elif action < ids.unfence:
        eat_escaping(s, seat, ctx, unique_code(action - ids.eat_unique), events)
    elif action < ids.omni:
        remove_barrier(s, seat, ctx, action - ids.unfence, events)
    else:
        count_omnivores_as(s, seat, ctx, action - ids.omni, events)


def _escape_info(s: TinyEpicDinosaursState, action: int, ctx: Escape) -> dict:
    c, ids = s.c, s.ids
    geo = c.geometry
    if action < ids.eat_common:
        cell = action - ids.eat
        return {"cell": geo.cell_name(cell), "dinosaur": render.code_name(c, s.space(s.cur, cell))}
    if action < ids.eat_unique:
        return {"species": c.species[action - ids.eat_common].key}
    if action < ids.unfence:
        return {"unique": c.research[action - ids.eat_unique].name}
    if action < ids.omni:
        return {"edge": geo.edge_names[action - ids.unfence]}
    return {"omnivores_as": "carnivores" if action - ids.omni else "herbivores"}


# ------------------------------------------------------------------ Breeding: placing newborn dinosaurs
def _newborn_legal(s: TinyEpicDinosaursState, ctx: object) -> list[int]:
    seat = s.cur
    return put_actions(s, seat, s.newborn_commons(seat), ())


def _newborn(s: TinyEpicDinosaursState, action: int, ctx: object, events: list) -> None:
    k, cell = divmod(action - s.ids.put, s.c.geometry.num_cells)
    put_newborn(s, s.cur, k, cell)


def _newborn_info(s: TinyEpicDinosaursState, action: int, ctx: object) -> dict:
    return _put_info(s, action)


TABLE = Decisions()
for phase, decision in (
    (
        KEEP,
        Decision(
            "choosing a Private Contract to keep",
            _keep_legal,
            _keep,
            render.keep_text,
            _keep_info,
            told=render.keep_told,
        ),
    ),
    (PLACE, Decision("Allocate Dinofarmers", _place_legal, _place, render.place_text, _place_info)),
    (CHOOSE, Decision("choose on the action space", _choice_legal, _choose, render.choice_text, _choice_info, Choice)),
    (
        ADAPT,
        Decision(
            "Adapt the Farm", _adapt_legal, _adapt, render.adapt_text, _adapt_info, Adapting, told=render.adapt_told
        ),
    ),
    (FEED, Decision("Feed Dinosaurs", _feed_legal, _feed, render.feed_text, _feed_info)),
    (ESCAPE, Decision("Dinosaur Escape", _escape_legal, _escape, render.escape_text, _escape_info, Escape)),
    (
        NEWBORN,
        Decision(
            "Breeding: placing newly hatched dinosaurs",
            _newborn_legal,
            _newborn,
            render.put_text,
            _newborn_info,
            told=render.put_told,
        ),
    ),
    (OVER, GAME_OVER),
):
    # The phase numbers are the golden files' and the error messages': registration must keep them.
    if TABLE.add(decision) != phase:
        raise AssertionError(f"{decision.name} registered out of phase order")
