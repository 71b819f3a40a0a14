"""Research cards and Contracts: taking a card from the Research row, keeping a Private Contract at setup,
and fulfilling a Contract with the dinosaurs it asks for.

A Contract's common dinosaurs come from the Containment Zone first, then the Farm, and return to the
supply; a Unique Dinosaur it asks for stays where it is (`contract dinosaurs`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.tiny_epic_dinosaurs.components import (
    COMMON_SPECIES,
    EMPTY,
    UNIQUE,
    event,
    gain_barriers,
)
from dinotable.games.tiny_epic_dinosaurs.farm import farm_counts
from dinotable.games.tiny_epic_dinosaurs.hunting import take_dinosaur

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def keep_contract(s: TinyEpicDinosaursState, seat: int, k: int, events: list) -> None:
    """Setup: the seat keeps one of the Private Contracts dealt to it; the other goes back to the deck."""
    dealt = s.dealt[seat]
    s.private[seat] = (*s.private[seat], k)
    s.returned[seat] = tuple(x for x in dealt if x != k)
    s.private_deck.extend(s.returned[seat])
    s.dealt[seat] = ()
    s.queue = s.queue[1:]
    events.append(event("keep", seat))


def take_research(s: TinyEpicDinosaursState, seat: int, pos: int, events: list) -> None:
    """The card at `pos` of the Research row, paid for; what it gives at once, and a Unique Dinosaur."""
    card_index = s.research_row.pop(pos)
    card = s.c.research[card_index]
    s.pay(seat, card.cost)
    s.owned[seat] = (*s.owned[seat], card_index)
    s.gain_each(seat, card.gain)
    gain_barriers(s, seat, card.gain[3])
    if card.gain_dinosaur >= 0:
        take_dinosaur(s, seat, card.gain_dinosaur)
    if card.unique_diet >= 0:
        s.hold_unique[seat] = (*s.hold_unique[seat], card_index)
    events.append(event("research", seat, card=card.name))


def contracts_open(s: TinyEpicDinosaursState, seat: int):
    """The Contracts a seat may fulfil: the Public row and its own Private Contracts."""
    yield from s.public_row
    yield from s.private[seat]


def dinosaurs_owned(s: TinyEpicDinosaursState, seat: int) -> list[int]:
    """Common dinosaurs by species on the Farm and in the Containment Zone, then the Unique ones."""
    have = farm_counts(s, seat)
    for k, count in enumerate(s.held_commons(seat)):
        have[k] += count
    have[UNIQUE] += len(s.hold_unique[seat])
    return have


def can_fulfil(s: TinyEpicDinosaursState, seat: int, k: int, have: list[int] | None = None) -> bool:
    """Whether the seat's Farm and Containment Zone hold a Contract's dinosaurs (`have`: see dinosaurs_owned)."""
    contract = s.c.contracts[k]
    have = have or dinosaurs_owned(s, seat)
    need = contract.need
    return (
        need[0] <= have[0] and need[1] <= have[1] and need[2] <= have[2] and need[3] <= have[3]
    ) and contract.unique <= have[UNIQUE]


def fulfil(s: TinyEpicDinosaursState, seat: int, k: int, events: list) -> None:
    contract = s.c.contracts[k]
    for sp in range(COMMON_SPECIES):
        need = contract.need[sp]
        from_hold = min(need, s.held(seat, sp))
        s.add_held(seat, sp, -from_hold)
        need -= from_hold
        for cell in range(s.c.geometry.num_cells - 1, -1, -1):
            if need and s.space(seat, cell) == sp:
                s.set_space(seat, cell, EMPTY)
                need -= 1
        s.supply[sp] += contract.need[sp]
    if contract.public:
        s.public_row.remove(k)
    else:
        s.private[seat] = tuple(p for p in s.private[seat] if p != k)
    s.fulfilled[seat] = (*s.fulfilled[seat], k)
    events.append(event("contract", seat, contract=contract.name, vp=contract.vp))
