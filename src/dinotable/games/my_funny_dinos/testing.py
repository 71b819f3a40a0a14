"""Builders of My Funny Dinos positions, for tests.

A rule's test wants exactly the situation the rule speaks of (a seat holding a given set of tiles, a red
mission about to be met, an excavation that must fail), not a game played up to it by chance. These place
tiles straight into the flat state as the rules would have, steer the state's generator before an
excavation, and then work out the open decision's options again, checking the game's invariants, so a
built position is one the rules could have reached.

Tiles are named by kind (`kind("green", "leg", 1)`), as the deal decides which physical tile #0-#39 each
kind is; the builders return the physical tiles, which the action ids name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import next_below, next_float, seed_state
from dinotable.games.my_funny_dinos import GAME
from dinotable.games.my_funny_dinos.content import EVENT, ICONS, PARTS
from dinotable.games.my_funny_dinos.rules import (
    EXCAVATE,
    FULLY_KNOWN,
    NOBODY,
    NUM_TILES,
    PICK,
    RESTORE,
    Dinosaur,
    failure_chances,
)

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

C = GAME.content


def new(num_players: int = 3, seed: int = 1, **options):
    return GAME.new_game(num_players, seed, options)


# -------------------------------------------------------------------------------------------- tiles
def kind(colour: str, part: str, nth: int = 0) -> int:
    """The kind of the nth tile of that colour and part ("head", "tail", "leg", "event")."""
    matches = [k for k in range(NUM_TILES) if C.colours[C.kind_colour[k]] == colour and PARTS[C.kind_part[k]] == part]
    return matches[nth]


def event_kind(icon: str, nth: int = 0) -> int:
    """The kind of the nth event tile with that icon ("exchange", "shovel", "bone_pile", "two")."""
    return [k for k in range(NUM_TILES) if C.kind_part[k] == EVENT and ICONS[C.kind_icon[k]] == icon][nth]


def tile(s: MyFunnyDinosState, k: int) -> int:
    """The physical tile that is of kind k in this deal."""
    return s.kind.index(k)


def top_tile(s: MyFunnyDinosState, spot: int) -> int:
    return s.stacks[spot][-1]


def body_tile_on_top(s: MyFunnyDinosState, spot_filter=lambda spot: True) -> int:
    """A face-up body-part tile (not an event) on top of a stack, so that excavating it has no effect."""
    for spot, stack in enumerate(s.stacks):
        if stack and spot_filter(spot) and C.kind_part[s.kind[stack[-1]]] != EVENT:
            return stack[-1]
    raise AssertionError("no such tile")


def base_spot(s: MyFunnyDinosState) -> int:
    """A spot with a base and its rocks on it (where an excavation can collapse the rocks)."""
    return next(spot for spot, rocks in enumerate(s.base_rocks) if rocks)


# ------------------------------------------------------------------------------------------ positions
def reopen(s: MyFunnyDinosState) -> None:
    """Works out the open decision's options again after a position was edited, and checks it."""
    s.relist()
    GAME.check_invariants(s)


def give_tiles(s: MyFunnyDinosState, seat: int, *kinds: int) -> list[int]:
    """Moves the tiles of these kinds from the pile to a seat's loose tiles; returns the tiles."""
    tiles = []
    for k in kinds:
        p = tile(s, k)
        if s.owner[p] != NOBODY:
            raise ValueError(f"tile #{p} (kind {k}) is already owned")
        s.stacks[s.spot[p]].remove(p)
        s.spot[p] = -1
        s.pile.remove(p)
        s.owner[p] = seat
        s.known[p] = FULLY_KNOWN
        s.add_loose(seat, C.kind_part[k], 1)
        tiles.append(p)
    reopen(s)
    return tiles


def complete_set(s: MyFunnyDinosState, seat: int, colours=("green", "green", "green", "green")) -> list[int]:
    """Gives a seat a head, a tail and two legs of these colours; returns them in that order."""
    head, tail, leg1, leg2 = colours
    return give_tiles(
        s,
        seat,
        kind(head, "head"),
        kind(tail, "tail"),
        kind(leg1, "leg", 0),
        kind(leg2, "leg", 1 if leg2 == leg1 else 0),
    )


def restore_directly(s: MyFunnyDinosState, seat: int, *kinds: int) -> None:
    """Gives a seat these four tiles (head, tail, leg, leg) as a dinosaur it has restored."""
    tiles = give_tiles(s, seat, *kinds)
    colours = {C.kind_colour[k] for k in kinds}
    for p in tiles:
        s.restored[p] = True
        s.add_loose(seat, C.kind_part[s.kind[p]], -1)
    exhibited = len(s.dinos) < C.numbers["exhibition_tiles"]
    value = C.numbers["single_colour_dinosaur" if len(colours) == 1 else "mixed_dinosaur"]
    s.dinos.append(Dinosaur(seat, tuple(tiles), value, exhibited, len(colours)))
    reopen(s)


def set_bones(s: MyFunnyDinosState, bones: list[int]) -> None:
    """Each seat's bone tokens; the supply gives or takes the difference."""
    s.supply += sum(s.bones) - sum(bones)
    s.bones = list(bones)
    reopen(s)


def set_missions(s: MyFunnyDinosState, missions: tuple[int, ...], owners: list[int] | None = None) -> None:
    """The three missions on the table (indexes into the content's missions) and who took or leads each
    (NOBODY by default); a red mission nobody took is open to be met."""
    owners = [NOBODY] * len(missions) if owners is None else list(owners)
    s.missions = tuple(missions)
    s.mission_owner = owners
    s.red_open = tuple(
        slot for slot, m in enumerate(missions) if C.missions[m].border == "red" and owners[slot] == NOBODY
    )
    reopen(s)


def start_turn(s: MyFunnyDinosState, seat: int) -> None:
    """It is `seat`'s turn, at its start: one excavation, or restoring if the pile is empty."""
    s.cur = seat
    s.digs = 1
    s.ctx = ()
    s.phase = EXCAVATE if s.pile else RESTORE
    reopen(s)


# --------------------------------------------------------------------------------------------- chance
def steer(s: MyFunnyDinosState, low: float, high: float) -> None:
    """Sets the generator so that the next uniform draw falls in [low, high)."""
    for i in range(1_000_000):
        state = seed_state(i)
        if low <= next_float(state)[1] < high:
            s.rng = state
            return
    raise AssertionError("no generator state found")


def steer_die(s: MyFunnyDinosState, roll: int) -> None:
    """Sets the generator so that the next roll of the twelve-sided die is `roll`."""
    for i in range(1000):
        state = seed_state(i)
        if next_below(state, C.dice["sides"])[1] + 1 == roll:
            s.rng = state
            return
    raise AssertionError(f"no generator state rolls {roll}")


def succeed(s: MyFunnyDinosState, p: int) -> list:
    """The seat to move excavates tile p, and the model lets it succeed; returns the events."""
    steer(s, 0.9999, 1.0)
    return s.apply(p)


def fail_rocks(s: MyFunnyDinosState, p: int) -> list:
    """The seat to move attempts tile p, and the rocks collapse; returns the events."""
    rock, _ = failure_chances(s, p, s.cur)
    if rock <= 0:
        raise ValueError(f"the rocks cannot collapse on tile #{p}")
    steer(s, 0.0, rock)
    return s.apply(p)


# ------------------------------------------------------------------------------------ to a decision
def to_restore(s: MyFunnyDinosState) -> None:
    """Ends the current excavation with a failure (no tile changes hands), reaching `restore`."""
    fail_rocks(s, s.pile[0])
    if s.phase != RESTORE:
        raise AssertionError(f"not at restore but at {s.decisions[s.phase].name!r}")


def restore_now(s: MyFunnyDinosState, tiles) -> None:
    """Plays the restoration of exactly these tiles (head, tail, two legs) from `restore`; a choice with
    one option resolves itself, every other must be on offer."""
    head, tail, *legs = tiles
    for p in (head, tail, *sorted(legs)):
        if s.dinos and p in s.dinos[-1].pieces or p in s.ctx:
            continue  # the engine took it as the only option
        if PICK + p not in s.legal_actions():
            raise AssertionError(f"tile #{p} is not on offer")
        s.apply(PICK + p)
    if not (s.dinos and sorted(s.dinos[-1].pieces) == sorted(tiles)):
        raise AssertionError("the dinosaur restored is not made of these tiles")


def to_exchange(s: MyFunnyDinosState) -> int:
    """The seat to move excavates the exchange tile, which it then may give; returns that tile."""
    exchange = tile(s, event_kind("exchange"))
    succeed(s, exchange)
    return exchange
