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
NUM_RESOURCES = len(RESOURCES)
FACES = ("net", "damage", "egg")  # the Hunting Die's faces
NET, DAMAGE, EGG = range(3)
UNIQUE = 4  # a Farm space or an escaping dinosaur holds UNIQUE + Research card for a Unique Dinosaur
COMMON_SPECIES = UNIQUE  # the common species are codes 0 to UNIQUE - 1
EMPTY = -1


def event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


def order_from_first(s: TinyEpicDinosaursState) -> tuple[int, ...]:
    """The seats in turn order from the First Player Marker (the solo Rival is not a seat)."""
    first = s.first if s.first < s.num_players else 0
    return tuple((first + i) % s.num_players for i in range(s.num_players))


# A dinosaur's code (on a Farm space, escaping, in events): a common species, or UNIQUE + the Research card
# of a Unique Dinosaur; made and read back only through these.
def unique_code(card: int) -> int:
    """The code of the Unique Dinosaur of this Research card."""
    return UNIQUE + card


def unique_card(code: int) -> int:
    """The Research card of a Unique Dinosaur's code."""
    return code - UNIQUE


def is_common(code: int) -> bool:
    """Whether a code is a common dinosaur (not a Unique one, not an empty space)."""
    return 0 <= code < UNIQUE


def is_unique(code: int) -> bool:
    """Whether a code is a Unique Dinosaur."""
    return code >= UNIQUE


# diet, food and code_key read a Unique Dinosaur's card as unique_card does, inline: every feeding asks.
def diet(c, code: int) -> int:
    return c.species[code].diet if code < UNIQUE else c.research[code - UNIQUE].unique_diet


def food(c, code: int) -> int:
    return c.species[code].food if code < UNIQUE else c.research[code - UNIQUE].unique_food


def code_key(c, code: int) -> str:
    """A dinosaur in events: the species key, or a Unique Dinosaur's card name."""
    return c.species[code].key if code < UNIQUE else c.research[code - UNIQUE].name


def gain_barriers(s: TinyEpicDinosaursState, seat: int, amount: int) -> int:
    got = min(amount, s.barrier_supply)
    s.barrier_supply -= got
    s.barriers[seat] += got
    return got


def ability(s: TinyEpicDinosaursState, seat: int, name: str) -> int:
    """The sum of an ability (a Research card field) over the seat's cards."""
    return sum(getattr(s.c.research[card], name) for card in s.owned[seat])
