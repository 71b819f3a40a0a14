"""Tiny Epic Dinosaurs rules: the round, and what runs between decisions.

Setup ends with each player keeping a Private Contract; then six rounds of Collect Resources, Allocate
Dinofarmers, Retrieve Dinofarmers, Adapt the Farm, Feed Dinosaurs, Breeding and Prepare for Next Round.
The simultaneous phases (Adapt the Farm, Feed, Breeding) are played seat by seat from the first player;
nothing decided there is hidden. The solo Rival is played here, inside apply, from the state's generator.

The decisions themselves (their options, effects and texts) are records in decisions.py; each area of
the rulebook has its module: spaces.py (Allocate and the action spaces), hunting.py, cards.py (Research
and Contracts), farm.py (Adapt the Farm), feeding.py (Feed and Breeding), escapes.py, rival.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import shuffle
from dinotable.games.tiny_epic_dinosaurs import reasons
from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    COMMON_SPECIES,
    EMPTY,
    FEED,
    KEEP,
    NEWBORN,
    NUM_RESOURCES,
    OVER,
    PLACE,
    event,
    gain_barriers,
    order_from_first,
)
from dinotable.games.tiny_epic_dinosaurs.escapes import begin_escape
from dinotable.games.tiny_epic_dinosaurs.farm import NOTHING_SETTLED, lift_misplaced, put_actions
from dinotable.games.tiny_epic_dinosaurs.feeding import auto_feed, breed, feed_actions, starve
from dinotable.games.tiny_epic_dinosaurs.rival import rival_turn
from dinotable.games.tiny_epic_dinosaurs.spaces import next_turn

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def targets(s: TinyEpicDinosaursState) -> list[dict]:
    """The board's targets of the open decision (reasons.py)."""
    return reasons.targets(s)


def unavailable(s: TinyEpicDinosaursState) -> list[dict]:
    """Why the seat to move cannot choose each target no legal action touches (reasons.py)."""
    return reasons.unavailable(s)


def settle(s: TinyEpicDinosaursState, events: list) -> None:
    """Runs everything that needs no decision, up to the next decision or the end of the game."""
    while not s.over:
        stage = STAGES[s.phase]
        if stage is None or stage(s, events):
            return


# Each stage runs what its phase does without a decision, and says whether a decision is now open.
def _keeping(s: TinyEpicDinosaursState, events: list) -> bool:
    if s.queue:
        s.cur = s.queue[0]
        return True
    s.rng = shuffle(s.rng, s.private_deck)
    start_round(s, events)
    return False


def _allocating(s: TinyEpicDinosaursState, events: list) -> bool:
    if s.cur < 0:
        retrieve(s, events)
        return False
    if s.cur == s.num_players:
        s.place_cache = None
        rival_turn(s, events)
        next_turn(s, events)
        return False
    return True


def _adapting(s: TinyEpicDinosaursState, events: list) -> bool:
    if not s.queue:
        s.phase, s.queue, s.ctx = FEED, order_from_first(s), None
        s.fed = [0] * s.num_players
        return False
    s.cur = s.queue[0]
    return True


def _feeding(s: TinyEpicDinosaursState, events: list) -> bool:
    if not s.queue:
        breed(s, events)
        s.phase, s.queue = NEWBORN, order_from_first(s)
        return False
    seat = s.cur = s.queue[0]
    if auto_feed(s, seat, events) or not feed_actions(s, seat):
        starve(s, seat, events)
        return False
    return True


def _hatching(s: TinyEpicDinosaursState, events: list) -> bool:
    if not s.queue:
        end_round(s, events)
        return False
    seat = s.cur = s.queue[0]
    born = s.newborn_commons(seat)
    if not any(born):
        s.queue = s.queue[1:]
        return False
    if not put_actions(s, seat, born, ()):
        escaping = [k for k, count in enumerate(born) for _ in range(count)]
        s.clear_newborns(seat)
        s.queue = s.queue[1:]
        begin_escape(s, seat, escaping, NEWBORN, events)
        return False
    return True


# By phase (components.py); None: the phase is a decision that waits for its seat.
STAGES = (_keeping, _allocating, None, _adapting, _feeding, None, _hatching, None)
assert len(STAGES) == OVER + 1 and STAGES[KEEP] is _keeping and STAGES[NEWBORN] is _hatching


def start_round(s: TinyEpicDinosaursState, events: list) -> None:
    """Collect Resources (and round 4's Dinofarmer and Private Contract), then the first placement."""
    c = s.c
    events.append(event("round", None, round=s.round))
    s.penalties = [0] * s.num_players
    s.fed = [0] * s.num_players
    workers = c.numbers["dinofarmers"] + (s.round >= c.numbers["new_dinofarmer_round"])
    if s.round == c.numbers["new_dinofarmer_round"]:
        for seat in order_from_first(s):
            drawn = s.private_deck[: c.numbers["round4_private"]]
            del s.private_deck[: c.numbers["round4_private"]]
            s.private[seat] = (*s.private[seat], *drawn)
            events.append(event("draw_private", seat, contracts=[c.contracts[k].name for k in drawn]))
    for seat in range(s.num_players):
        symbols = c.farms[s.farm[seat]].symbols
        got = [0] * NUM_RESOURCES
        for cell, code in enumerate(s.farm_spaces(seat)):
            if symbols[cell] >= 0 and code == EMPTY:
                got[symbols[cell]] += 1
        for card in s.owned[seat]:
            collect = c.research[card].collect
            for r in range(NUM_RESOURCES):
                got[r] += collect[r]
            gain_barriers(s, seat, collect[3])
        got = s.gain_each(seat, got)
        events.append(event("collect", seat, plant=got[0], meat=got[1], supply=got[2]))
        s.normals[seat] = workers
        s.foreman[seat] = True
    s.occ = [0] * (len(s.slots) * s.holders)
    if s.solo:
        s.rival_played = ()
        s.rival_deck = list(range(len(c.rival_cards)))
        s.rng = shuffle(s.rng, s.rival_deck)
        late = s.round >= c.numbers["new_dinofarmer_round"]
        s.rival_hand = c.rival_cards_from_round_4 if late else c.rival_cards_per_round
    s.phase = PLACE
    s.cur = (s.first - 1) % s.holders  # so that the next turn is the first player's
    next_turn(s, events)


def retrieve(s: TinyEpicDinosaursState, events: list) -> None:
    """All Dinofarmers come home, Medical Leave included; its dinosaurs go to the Containment Zone."""
    for seat in range(s.num_players):
        back = s.medical[seat * COMMON_SPECIES : (seat + 1) * COMMON_SPECIES]
        if any(back):
            events.append(event("retrieve", seat, **{s.c.species[k].key: n for k, n in enumerate(back) if n}))
    s.hold = [held + on_leave for held, on_leave in zip(s.hold, s.medical, strict=True)]  # one layout
    s.medical = [0] * len(s.medical)
    s.occ = [0] * len(s.occ)
    s.foreman_at = [-1] * s.num_players
    for seat in range(s.num_players):
        lift_misplaced(s, seat)
    s.phase, s.queue, s.ctx = ADAPT, order_from_first(s), NOTHING_SETTLED


def end_round(s: TinyEpicDinosaursState, events: list) -> None:
    """Prepare for Next Round, or after the last round the end of the game."""
    c = s.c
    if s.round >= c.numbers["rounds"]:
        s.over, s.phase, s.cur, s.ctx = True, OVER, -1, None
        events.append(event("game_over", None, scores=s.scores()))
        return
    # Refill the Contracts, replace the Research row, advance the round.
    while len(s.public_row) < s.num_players + c.numbers["contracts_extra"] and s.public_deck:
        s.public_row.append(s.public_deck.pop(0))
    s.research_discard.extend(s.research_row)
    s.research_row = []
    for _ in range(c.numbers["research_row"]):
        if not s.research_deck:
            s.research_deck, s.research_discard = s.research_discard, []
            s.rng = shuffle(s.rng, s.research_deck)
        if s.research_deck:
            s.research_row.append(s.research_deck.pop(0))
    s.round += 1
    start_round(s, events)
