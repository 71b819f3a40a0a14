"""Builders of Tiny Epic Dinosaurs positions, for tests.

A test starts from a real new game, sets what its position needs (a dinosaur on a Farm space, resources,
Barriers, Research cards, Contracts) and then runs the engine's own flow: `settle` runs whatever needs no
decision and lists the legal actions again; `to_adapt`, `to_feed` and `next_round` jump to a phase; chance
is steered with `steer_die`. Things are named as at the table: Farm spaces "A1", edges between two spaces,
cards and Contracts by name. Builders that change fields by hand keep the components conserved (a dinosaur
comes from the supply, a card from wherever it lies), so the game's invariants still hold.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from dinotable.core.rng import next_below, seed_state
from dinotable.games.tiny_epic_dinosaurs import TinyEpicDinosaurs
from dinotable.games.tiny_epic_dinosaurs.components import (
    EMPTY,
    FEED,
    KEEP,
    PLACE,
    is_common,
    order_from_first,
    unique_card,
    unique_code,
)
from dinotable.games.tiny_epic_dinosaurs.content import CONTENT_PATH, load_content
from dinotable.games.tiny_epic_dinosaurs.farm import farm_zones, free_dotted
from dinotable.games.tiny_epic_dinosaurs.feeding import breed
from dinotable.games.tiny_epic_dinosaurs.grid import has, members
from dinotable.games.tiny_epic_dinosaurs.rules import end_round
from dinotable.games.tiny_epic_dinosaurs.rules import settle as settle_rules
from dinotable.games.tiny_epic_dinosaurs.spaces import next_turn

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


# ---------------------------------------------------------------------------------------------- the game
def game_with_farm(name: str, picture: str) -> TinyEpicDinosaurs:
    """The game with a copy of the shipped content in which Farm `name` has this picture (its symbols and
    edges), so that a test's Farm stays as the test drew it when the shipped one is retuned."""
    text = CONTENT_PATH.read_text()
    begin = text.index('picture = """\n', text.index(f'name = "{name}"')) + len('picture = """\n')
    end = text.index('"""', begin)
    path = Path(tempfile.mkdtemp()) / "content.toml"
    path.write_text(text[:begin] + picture + text[end:])
    return TinyEpicDinosaurs(load_content(path))


# ----------------------------------------------------------------------------------- things by name
def cell(c, name: str) -> int:
    """A Farm space's number from its name ("A1" top left)."""
    return next(x for x in range(c.geometry.num_cells) if c.geometry.cell_name(x) == name)


def edge(c, a: str, b: str) -> int:
    """The line between two neighbouring Farm spaces."""
    pair = {cell(c, a), cell(c, b)}
    return next(e for e, ab in enumerate(c.geometry.edge_cells) if set(ab) == pair)


def outside(c, name: str, farm: str) -> list[int]:
    """The dotted lines between a Farm space and the outside of Farm `farm`."""
    dotted = c.farms[farm_index(c, farm)].dotted
    return [e for e, ab in enumerate(c.geometry.edge_cells) if ab == (cell(c, name), -1) and has(dotted, e)]


def farm_index(c, name: str) -> int:
    return next(f.index for f in c.farms if f.name == name)


def card(c, name: str) -> int:
    """A Research card's number."""
    return next(r.index for r in c.research if r.name == name)


def unique(c, name: str) -> int:
    """A Unique Dinosaur as a Farm space or an escape holds it."""
    return unique_code(card(c, name))


def contract(c, name: str) -> int:
    return next(k.index for k in c.contracts if k.name == name)


def rival_card(c, name: str) -> int:
    return next(r.index for r in c.rival_cards if r.name == name)


def space_slot(s: TinyEpicDinosaursState, space_id: str) -> int:
    """An action space's slot on this game's side of the Action Boards."""
    return next(i for i, sp in enumerate(s.slots) if s.c.spaces[sp].id == space_id)


# -------------------------------------------------------------------------------------------- action ids
def place_id(s: TinyEpicDinosaursState, space_id: str, foreman: bool = False) -> int:
    return s.ids.place + space_slot(s, space_id) * 2 + int(foreman)


def put_id(s: TinyEpicDinosaursState, species: int, name: str) -> int:
    """A common dinosaur onto a Farm space (Adapt the Farm or Breeding)."""
    return s.ids.put + species * s.c.geometry.num_cells + cell(s.c, name)


def put_unique_id(s: TinyEpicDinosaursState, card_name: str, name: str) -> int:
    return s.ids.put_unique + card(s.c, card_name) * s.c.geometry.num_cells + cell(s.c, name)


def feed_id(s: TinyEpicDinosaursState, name: str, meat: bool) -> int:
    return s.ids.feed + cell(s.c, name) * 2 + int(meat)


# ----------------------------------------------------------------------------------------------- positions
def keep_first_contracts(s: TinyEpicDinosaursState):
    """Every seat keeps the first Private Contract it was dealt: the game reaches round 1's allocation."""
    while s.phase == KEEP:
        s.apply(s.legal_actions()[0])
    return s


def own_card(s: TinyEpicDinosaursState, seat: int, k: int) -> None:
    """A Research card from wherever it lies (deck, row or discard) into a seat's hand."""
    for pile in (s.research_deck, s.research_row, s.research_discard):
        if k in pile:
            pile.remove(k)
            break
    else:
        raise AssertionError(f"Research card {s.c.research[k].name} is already owned")
    s.owned[seat] = (*s.owned[seat], k)


def put_dinosaur(s: TinyEpicDinosaursState, seat: int, name: str, code: int) -> None:
    """A dinosaur straight onto a Farm space: a common one from the supply, or a Unique one (`unique`) with
    its card."""
    x = cell(s.c, name)
    assert s.space(seat, x) == EMPTY, f"Farm space {name} of seat {seat} is taken"
    if is_common(code):
        s.supply[code] -= 1
    else:
        own_card(s, seat, unique_card(code))
    s.set_space(seat, x, code)


def hold(s: TinyEpicDinosaursState, seat: int, species: int, count: int = 1) -> None:
    """Common dinosaurs from the supply into a seat's Containment Zone."""
    s.supply[species] -= count
    s.add_held(seat, species, count)


def hold_unique(s: TinyEpicDinosaursState, seat: int, card_name: str) -> None:
    """A Unique Dinosaur's card into a seat's hand, and the dinosaur into its Containment Zone."""
    k = card(s.c, card_name)
    own_card(s, seat, k)
    s.hold_unique[seat] = (*s.hold_unique[seat], k)


def fence(s: TinyEpicDinosaursState, seat: int, *edges: int) -> None:
    """Barriers from the general supply onto a Farm's free dotted lines; the Enclosures follow."""
    for e in edges:
        assert has(free_dotted(s, seat), e), f"edge {e} takes no Barrier"
        s.set_barrier(seat, e)
        s.barrier_supply -= 1
    s.zones[seat] = farm_zones(s, seat)


def remove_barriers(s: TinyEpicDinosaursState, seat: int, *edges: int) -> None:
    """Barriers off a Farm back to the general supply (as a herbivore escape penalty does); the Enclosures
    follow."""
    for e in edges:
        assert s.has_barrier(seat, e), f"no Barrier on edge {e}"
        s.clear_barrier(seat, e)
        s.barrier_supply += 1
    s.zones[seat] = farm_zones(s, seat)


def no_barriers(s: TinyEpicDinosaursState, seat: int) -> None:
    """The seat's unplaced Barriers go back to the general supply."""
    s.barrier_supply += s.barriers[seat]
    s.barriers[seat] = 0


def set_resources(s: TinyEpicDinosaursState, seat: int, plant: int, meat: int, supply: int) -> None:
    s.set_resources(seat, [plant, meat, supply])


def set_public_row(s: TinyEpicDinosaursState, names) -> None:
    """The Public Contracts in the row, by name, from the row and the deck."""
    ks = [contract(s.c, n) for n in names]
    pool = s.public_row + s.public_deck
    assert all(k in pool for k in ks), "a Contract neither in the row nor in the deck"
    s.public_row = ks
    s.public_deck = [k for k in pool if k not in ks]


def set_privates(s: TinyEpicDinosaursState, by_seat: dict) -> None:
    """Every seat's kept Private Contracts back to the deck, then these ones (by name) kept."""
    for seat in range(s.num_players):
        s.private_deck += list(s.private[seat])
        s.private[seat] = ()
    for seat, names in by_seat.items():
        ks = tuple(contract(s.c, n) for n in names)
        for k in ks:
            s.private_deck.remove(k)
        s.private[seat] = ks


def rival_card_next(s: TinyEpicDinosaursState, name: str) -> None:
    """The Rival plays this card next."""
    k = rival_card(s.c, name)
    s.rival_deck.remove(k)
    s.rival_deck.insert(0, k)


def steer_die(s: TinyEpicDinosaursState, face: int) -> None:
    """Sets the generator so that the next roll of the Hunting Die shows this face (NET, DAMAGE or EGG)."""
    die = s.c.die
    for i in range(10_000):
        state = seed_state(i)
        if die[next_below(state, len(die))[1]] == face:
            s.rng = state
            return
    raise AssertionError(f"no generator state rolls face {face}")


# -------------------------------------------------------------------------------------- running the game
def relist(s: TinyEpicDinosaursState) -> None:
    """After fields were set by hand in the middle of a decision: the legal actions worked out afresh."""
    s.place_cache = None  # the placements worked out when the turn passed may no longer hold
    s.relist()


def settle(s: TinyEpicDinosaursState, check: bool = True) -> list:
    """After fields were set by hand: runs what needs no decision, lists the legal actions again and (by
    default) checks the game's invariants. Returns the events."""
    events: list = []
    settle_rules(s, events)
    relist(s)
    if check:
        s.game.check_invariants(s)
    return events


def to_adapt(s: TinyEpicDinosaursState) -> list:
    """Ends the allocation at once: Retrieve Dinofarmers runs, and Adapt the Farm waits for the first player."""
    s.normals = [0] * s.num_players
    s.foreman = [False] * s.num_players
    s.rival_hand = 0
    s.phase, s.cur, s.ctx = PLACE, -1, None
    return settle(s)


def to_feed(s: TinyEpicDinosaursState) -> list:
    """Skips to Feed Dinosaurs, the Farms as they are."""
    s.phase, s.queue, s.ctx, s.fed = FEED, order_from_first(s), None, [0] * s.num_players
    return settle(s)


def next_round(s: TinyEpicDinosaursState) -> list:
    """Prepare for Next Round straight away (the rest of this round skipped), then Collect Resources."""
    events: list = []
    end_round(s, events)
    relist(s)
    s.game.check_invariants(s)
    return events


def run_breeding(s: TinyEpicDinosaursState) -> list:
    """Breeding now, with the Farms and fed dinosaurs as they are: the newborns are counted, not placed."""
    events: list = []
    breed(s, events)
    return events


def pass_turn(s: TinyEpicDinosaursState) -> list:
    """The allocation passes from the seat to move to the next one that can place (s.cur -1: nobody)."""
    events: list = []
    next_turn(s, events)
    return events


# ------------------------------------------------------------------------------------------------ reading
def farm(s: TinyEpicDinosaursState, seat: int = 0) -> dict:
    """What stands on a seat's Farm, by space name."""
    names = s.c.geometry.cell_name
    return {names(x): code for x, code in enumerate(s.farm_spaces(seat)) if code != EMPTY}


def barriers_on(s: TinyEpicDinosaursState, seat: int = 0) -> set[int]:
    """The edges of a seat's Farm that hold a Barrier."""
    return set(members(s.fence[seat]))


def occupants(s: TinyEpicDinosaursState, space_id: str) -> list[int]:
    """The strength of each holder (the seats, then the solo Rival) on an action space."""
    slot = space_slot(s, space_id)
    return s.occupants(slot)
