"""Dinosaur Escape: what escapes when (at Done in Adapt the Farm, unfed in Feed, without room at
Breeding), and the penalties, each at most once per player per round.

Carnivore: it takes any one other dinosaur with it, on the Farm or escaping. Herbivore: a Barrier of the
player's choice is removed. Omnivores escaping together count as one type, the player's choice, asked
only when the answers differ. The carnivore penalty is resolved first (`penalty order`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    EMPTY,
    ESCAPE,
    FEED,
    NEWBORN,
    code_key,
    diet,
    event,
    is_common,
    unique_card,
    unique_code,
)
from dinotable.games.tiny_epic_dinosaurs.content import CARNIVORE, HERBIVORE, OMNIVORE
from dinotable.games.tiny_epic_dinosaurs.farm import NOTHING_SETTLED, alike, farm_zones
from dinotable.games.tiny_epic_dinosaurs.grid import members

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

HERB_PENALTY, CARN_PENALTY = 1, 2  # the penalties a seat has paid this round (s.has_paid), as bits
# Which penalty decision is open (the escape context's stage).
OMNI_CHOICE, VICTIM, BARRIER_REMOVAL = range(3)
# Why dinosaurs escape, by the phase they escape in (the escape event's `why`).
WHY = {ADAPT: "unplaced", FEED: "hungry", NEWBORN: "no room"}


class Escape(NamedTuple):
    """The context of an escape: what is escaping, what escaping omnivores count as (-1 not yet decided,
    0 herbivores, 1 carnivores), the penalty decision open (a stage), and the phase to go back to."""

    escaping: tuple[int, ...]
    omni_as: int
    stage: int
    back_to: int


def escaping_now(s: TinyEpicDinosaursState) -> tuple[int, ...]:
    """The dinosaurs escaping at this moment (none outside an escape)."""
    return s.ctx.escaping if s.phase == ESCAPE else ()


def is_carnivore(c, code: int, omni_as: int) -> bool:
    d = diet(c, code)
    return d == CARNIVORE or d == OMNIVORE and omni_as == 1


def is_herbivore(c, code: int, omni_as: int) -> bool:
    d = diet(c, code)
    return d == HERBIVORE or d == OMNIVORE and omni_as == 0


def eater(c, escaping, omni_as: int) -> int:
    return next(code for code in escaping if is_carnivore(c, code, omni_as))


def victims(s: TinyEpicDinosaursState, seat: int, escaping, omni_as: int) -> list[int]:
    """What an escaping carnivore may take with it: any other dinosaur on the Farm or escaping."""
    ids = s.ids
    same = alike(s, seat)
    out, seen = [], set()
    for cell, code in enumerate(s.farm_spaces(seat)):
        if code < 0 or same[cell] in seen:
            continue
        seen.add(same[cell])
        out.append(ids.eat + cell)
    others = list(escaping)
    others.remove(eater(s.c, escaping, omni_as))
    for code in sorted(set(others)):
        out.append(ids.eat_common + code if is_common(code) else ids.eat_unique + unique_card(code))
    return out


def escape_actions(s: TinyEpicDinosaursState, seat: int, ctx: Escape) -> list[int]:
    ids = s.ids
    if ctx.stage == OMNI_CHOICE:
        return [ids.omni, ids.omni + 1]
    if ctx.stage == VICTIM:
        return victims(s, seat, ctx.escaping, ctx.omni_as)
    return [ids.unfence + edge for edge in members(s.fence[seat])]


def begin_escape(s: TinyEpicDinosaursState, seat: int, escaping: list, back_to: int, events: list) -> None:
    """The dinosaurs escape; then the phase `back_to` goes on."""
    s.phase = back_to
    if not escaping:
        return
    s.phase = ESCAPE
    s.cur = seat
    why = WHY[back_to]
    events.append(event("escape", seat, dinosaurs=[code_key(s.c, code) for code in escaping], why=why))
    advance_escape(s, seat, Escape(tuple(escaping), -1, -1, back_to), events)


def advance_escape(s: TinyEpicDinosaursState, seat: int, ctx: Escape, events: list) -> None:
    """Resolves the penalties, carnivore first: a carnivore that eats an escaping herbivore spares the
    herbivore penalty, so this order gives the player every outcome the free order would."""
    c = s.c
    escaping, omni_as, stage, back_to = ctx
    if omni_as < 0 and any(diet(c, code) == OMNIVORE for code in escaping):
        # Ask only when the two answers differ: a carnivore penalty with something to take, or a
        # herbivore penalty with a Barrier to lose.
        carnivore_bites = not s.has_paid(seat, CARN_PENALTY) and victims(s, seat, escaping, 1)
        if carnivore_bites or not s.has_paid(seat, HERB_PENALTY) and s.fence[seat]:
            s.ctx = Escape(escaping, -1, OMNI_CHOICE, back_to)
            return
        omni_as = 0
    if stage < VICTIM:
        if any(is_carnivore(c, code, omni_as) for code in escaping) and not s.has_paid(seat, CARN_PENALTY):
            s.mark_paid(seat, CARN_PENALTY)
            if victims(s, seat, escaping, omni_as):
                s.ctx = Escape(escaping, omni_as, VICTIM, back_to)
                return
        stage = VICTIM
    if stage < BARRIER_REMOVAL:
        if any(is_herbivore(c, code, omni_as) for code in escaping) and not s.has_paid(seat, HERB_PENALTY):
            s.mark_paid(seat, HERB_PENALTY)
            if s.fence[seat]:
                s.ctx = Escape(escaping, omni_as, BARRIER_REMOVAL, back_to)
                return
        stage = BARRIER_REMOVAL
    for code in escaping:
        release(s, seat, code)
    s.phase = back_to
    s.ctx = NOTHING_SETTLED if back_to == ADAPT else None


def release(s: TinyEpicDinosaursState, seat: int, code: int) -> None:
    """An escaped or eaten dinosaur returns to the supply; a Unique one's card to the Research discard."""
    if is_common(code):
        s.supply[code] += 1
    else:
        card = unique_card(code)
        s.owned[seat] = tuple(k for k in s.owned[seat] if k != card)
        s.research_discard.append(card)


def count_omnivores_as(s: TinyEpicDinosaursState, seat: int, ctx: Escape, as_carnivores: int, events: list) -> None:
    advance_escape(s, seat, ctx._replace(omni_as=as_carnivores, stage=-1), events)


def remove_barrier(s: TinyEpicDinosaursState, seat: int, ctx: Escape, edge: int, events: list) -> None:
    """The herbivore penalty: the Barrier on `edge` goes back to the supply."""
    s.clear_barrier(seat, edge)
    s.barrier_supply += 1
    s.zones[seat] = farm_zones(s, seat)
    events.append(event("barrier_removed", seat, edge=s.c.geometry.edge_names[edge]))
    advance_escape(s, seat, ctx._replace(stage=BARRIER_REMOVAL + 1), events)


def eat_from_farm(s: TinyEpicDinosaursState, seat: int, ctx: Escape, cell: int, events: list) -> None:
    """The carnivore penalty: the escaping carnivore takes the dinosaur on a Farm space."""
    code = s.space(seat, cell)
    s.set_space(seat, cell, EMPTY)
    s.unfeed(seat, cell)
    _eaten(s, seat, ctx, code, ctx.escaping, events)


def eat_escaping(s: TinyEpicDinosaursState, seat: int, ctx: Escape, code: int, events: list) -> None:
    """The carnivore penalty: the escaping carnivore takes another escaping dinosaur (a species, or a
    Unique Dinosaur's code)."""
    rest = list(ctx.escaping)
    rest.remove(code)
    _eaten(s, seat, ctx, code, tuple(rest), events)


def _eaten(s: TinyEpicDinosaursState, seat: int, ctx: Escape, code: int, escaping: tuple, events: list) -> None:
    release(s, seat, code)
    events.append(event("eaten", seat, dinosaur=code_key(s.c, code)))
    advance_escape(s, seat, ctx._replace(escaping=escaping, stage=VICTIM), events)


def escape_unplaced(s: TinyEpicDinosaursState, seat: int, events: list) -> None:
    """Done adapting the Farm: the dinosaurs still waiting in the Containment Zone escape."""
    escaping = [k for k, count in enumerate(s.held_commons(seat)) for _ in range(count)]
    escaping += [unique_code(card) for card in s.hold_unique[seat]]
    s.clear_held(seat)
    s.hold_unique[seat] = ()
    s.queue = s.queue[1:]
    s.ctx = NOTHING_SETTLED
    begin_escape(s, seat, escaping, ADAPT, events)
