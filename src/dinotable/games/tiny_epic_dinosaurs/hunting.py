"""Hunting and the Hunting Die: taking a common dinosaur from the supply, and what the die does to a hunt.

Net: nothing more. Egg: a second dinosaur of the species. Damage: the dinosaur and the Dinofarmer(s) go to
Medical Leave and the action space is free again (a `safe_hunt` Research card turns Damage into Net).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import next_below
from dinotable.games.tiny_epic_dinosaurs.components import DAMAGE, EGG, FACES, ability, event

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def take_dinosaur(s: TinyEpicDinosaursState, seat: int, k: int) -> bool:
    """A common dinosaur from the supply into the seat's Containment Zone."""
    if s.supply[k] <= 0:
        return False  # "Any effect that results in receiving this species is canceled."
    s.supply[k] -= 1
    s.add_held(seat, k, 1)
    return True


def roll(s: TinyEpicDinosaursState) -> int:
    """The Hunting Die, from the state's generator: NET, DAMAGE or EGG."""
    s.rng, face = next_below(s.rng, len(s.c.die))
    return s.c.die[face]


def hunt_roll(s: TinyEpicDinosaursState, seat: int, k: int, slot: int, events: list) -> None:
    """The roll after a hunted dinosaur of species `k` was taken, on the action space at `slot`."""
    face = roll(s)
    s.last_roll = (seat, k, face)
    if face == DAMAGE and ability(s, seat, "safe_hunt"):
        card = next(s.c.research[c].name for c in s.owned[seat] if s.c.research[c].safe_hunt)
        events.append(event("hunt", seat, species=s.c.species[k].key, face="damage", safe=True, card=card))
        return
    if face == EGG:
        take_dinosaur(s, seat, k)
    elif face == DAMAGE:
        # The Dinofarmer(s) and the dinosaur go to Medical Leave; the space is free again.
        s.add_held(seat, k, -1)
        s.add_on_leave(seat, k, 1)
        s.set_occupant(slot, seat, 0)
    events.append(event("hunt", seat, species=s.c.species[k].key, face=FACES[face]))
