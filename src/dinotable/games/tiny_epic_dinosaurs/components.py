"""What every area of the rules shares: the phase numbers, how a Farm space or an escaping dinosaur is
coded, the resource tracks and the Barrier supply, the Hunting Die's faces, Research card abilities, turn
order and events.

Nothing here decides anything; the areas (spaces, farm, cards, feeding, escapes, the round) build on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.contract import Event

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

# The decisions' phase numbers, in the order decisions.py registers them (the golden files record them).
KEEP, PLACE, CHOOSE, ADAPT, FEED, ESCAPE, NEWBORN, OVER = range(8)
RESOURCES = ("plant", "meat", "supply")  # the three resource tracks
PLANT, MEAT, SUPPLY = range(3)
FACES = ("net", "damage", "egg")  # the Hunting Die's faces
NET, DAMAGE, EGG = range(3)
UNIQUE = 4  # a Farm space or an escaping dinosaur holds UNIQUE + Research card for a Unique Dinosaur
EMPTY = -1


def event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


def order_from_first(s: TinyEpicDinosaursState) -> tuple[int, ...]:
    """The seats in turn order from the First Player Marker (the solo Rival is not a seat)."""
    first = s.first if s.first < s.num_players else 0
    return tuple((first + i) % s.num_players for i in range(s.num_players))


def diet(c, code: int) -> int:
    return c.species[code].diet if code < UNIQUE else c.research[code - UNIQUE].unique_diet


def food(c, code: int) -> int:
    return c.species[code].food if code < UNIQUE else c.research[code - UNIQUE].unique_food


def code_key(c, code: int) -> str:
    """A dinosaur in events: the species key, or a Unique Dinosaur's card name."""
    return c.species[code].key if code < UNIQUE else c.research[code - UNIQUE].name


def gain_resource(s: TinyEpicDinosaursState, seat: int, r: int, amount: int) -> int:
    """Moves a resource marker up, stopping at 13; returns what was actually gained."""
    i = seat * 3 + r
    new = min(s.res[i] + amount, s.c.numbers["track_max"])
    got = new - s.res[i]
    s.res[i] = new
    return got


def gain_barriers(s: TinyEpicDinosaursState, seat: int, amount: int) -> int:
    got = min(amount, s.barrier_supply)
    s.barrier_supply -= got
    s.barriers[seat] += got
    return got


def ability(s: TinyEpicDinosaursState, seat: int, name: str) -> int:
    """The sum of an ability (a Research card field) over the seat's cards."""
    return sum(getattr(s.c.research[card], name) for card in s.owned[seat])
