"""My Funny Dinos' own evaluation, for the greedy agent and for search agents.

It is handed a determinized state (see dinotable.agents) and reads only what its seat may see: a tile
in the pile is valued by what is known of it (its face, its colour ribbon, or nothing), never by its
hidden face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.my_funny_dinos.content import BONE_PILE, EVENT, EXCHANGE, HEAD, LEG, SHOVEL, TAIL
from dinotable.games.my_funny_dinos.rules import (
    COLOUR_KNOWN,
    EXCAVATE,
    FULLY_KNOWN,
    GIVE,
    PASS,
    PICK,
    TAKE,
    loose_tiles,
    success_chance,
)
from dinotable.games.my_funny_dinos.scoring import scores

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

# Weights of the evaluation, set by simulation against the random agent.
COMPLETES_SET = 1.5  # a part that brings the next dinosaur closer
SAME_COLOUR = 0.8  # per loose tile of the same colour (towards a 10-point dinosaur)
EXTRA_EXCAVATION = 1.5
EXCHANGE_VALUE = 1.2
BONE_VALUE = 0.5
RED_MISSION_PROGRESS = 0.7


class Heuristic:
    def value(self, s, seat: int) -> float:
        """Score now plus what loose tiles promise, minus the best opponent's."""
        totals = scores(s)
        own = totals[seat] + 2.0 * _complete_sets(s, seat)
        others = [totals[o] + 2.0 * _complete_sets(s, o) for o in range(s.num_players) if o != seat]
        return own - max(others)

    def action_scores(self, s, seat: int, actions: list[int]) -> list[float]:
        phase = s.phase
        if phase == EXCAVATE:
            gains = _gains(s, seat)
            unseen = _unseen_kinds(s)
            fail = BONE_VALUE if s.supply else 0.0
            return [
                (q := success_chance(s, a, seat)) * _expected_gain(s, a, gains, unseen) + (1 - q) * fail
                for a in actions
            ]
        if phase == GIVE:
            gains = _gains(s, seat)
            return [-gains[s.kind[a - PICK]] for a in actions]
        if phase == TAKE:
            own = _gains(s, seat)
            theirs = {o: _gains(s, o) for o in range(s.num_players) if o != seat}
            return [own[s.kind[a - PICK]] + 0.5 * theirs[s.owner[a - PICK]][s.kind[a - PICK]] for a in actions]
        # Restoring: each choice is worth the best dinosaur it can still become. Restoring turns four
        # 1-point tiles into a 6- or 10-point dinosaur, so it always beats ending the turn.
        return [-1.0 if a == PASS else _best_dinosaur(s, seat, (*s.ctx, a - PICK)) for a in actions]


def _best_dinosaur(s: MyFunnyDinosState, seat: int, chosen: tuple[int, ...]) -> float:
    """The value of the best dinosaur that completes the parts chosen so far (head, tail, leg, leg) from
    the seat's loose tiles, counting the four-colour red mission if it is still open."""
    c = s.c
    tails = loose_tiles(s, seat, TAIL) if len(chosen) < 2 else [chosen[1]]
    legs = loose_tiles(s, seat, LEG)
    if len(chosen) == 4:
        pairs = [chosen[2:]]
    elif len(chosen) == 3:
        pairs = [(chosen[2], b) for b in legs if b > chosen[2]]
    else:
        pairs = [(a, b) for a in legs for b in legs if a < b]
    open_missions = [c.missions[s.missions[slot]] for slot in s.red_open]
    four_colour_bonus = sum(m.points for m in open_missions if m.condition == "restore_four_colours")
    best = 0.0
    for tail in tails:
        for pair in pairs:
            colours = len({c.kind_colour[s.kind[p]] for p in (chosen[0], tail, *pair)})
            value = c.numbers["single_colour_dinosaur"] if colours == 1 else c.numbers["mixed_dinosaur"]
            if colours == 4:
                value += four_colour_bonus
            best = max(best, float(value))
    return best


def _complete_sets(s: MyFunnyDinosState, seat: int) -> int:
    loose = s.loose
    return min(loose(seat, HEAD), loose(seat, TAIL), loose(seat, LEG) // 2)


def _deficit(heads: int, tails: int, legs: int) -> int:
    """Parts still missing for the next dinosaur once every complete set is restored."""
    k = min(heads, tails, legs // 2)
    return max(0, 1 - (heads - k)) + max(0, 1 - (tails - k)) + max(0, 2 - (legs - 2 * k))


def _loose_colours(s: MyFunnyDinosState, seat: int) -> list[int]:
    """Loose body parts (not event tiles) a seat holds, per colour."""
    c = s.c
    counts = [0] * len(c.colours)
    for p in loose_tiles(s, seat):
        if c.kind_part[s.kind[p]] != EVENT:
            counts[c.kind_colour[s.kind[p]]] += 1
    return counts


def _gains(s: MyFunnyDinosState, seat: int) -> list[float]:
    """What owning a tile of each kind is worth to a seat, beyond nothing: one entry per kind."""
    c = s.c
    colours = _loose_colours(s, seat)
    counts = (s.loose(seat, HEAD), s.loose(seat, TAIL), s.loose(seat, LEG))
    before = _deficit(*counts)
    helps = []
    for part in (HEAD, TAIL, LEG):
        after = list(counts)
        after[part] += 1
        helps.append(COMPLETES_SET if _deficit(*after) < before else 0.0)
    bone_pile = BONE_VALUE * sum(1 for o in range(s.num_players) if o != seat and s.bones[o])
    events_wanted = any(c.missions[s.missions[slot]].condition == "own_event_tiles" for slot in s.red_open)
    event_progress = RED_MISSION_PROGRESS * (1 + s.loose(seat, EVENT)) / 3 if events_wanted else 0.0
    gains = []
    for kind in range(len(c.kind_part)):
        value = float(c.kind_points[kind])
        part = c.kind_part[kind]
        if part == EVENT:
            icon = c.kind_icon[kind]
            if icon == SHOVEL:
                value += EXTRA_EXCAVATION
            elif icon == EXCHANGE:
                value += EXCHANGE_VALUE
            elif icon == BONE_PILE:
                value += bone_pile
            value += event_progress
        else:
            value += helps[part] + SAME_COLOUR * colours[c.kind_colour[kind]]
        gains.append(value)
    return gains


def _unseen_kinds(s: MyFunnyDinosState) -> list[int]:
    """Kinds no one at the table has seen: those of pile tiles that are not face up."""
    return [s.kind[p] for p in s.pile if s.known[p] < FULLY_KNOWN]


def _expected_gain(s: MyFunnyDinosState, piece: int, gains: list[float], unseen: list[int]) -> float:
    known = s.known[piece]
    if known == FULLY_KNOWN:
        return gains[s.kind[piece]]
    if known == COLOUR_KNOWN:
        colour = s.c.kind_colour[s.kind[piece]]
        unseen = [k for k in unseen if s.c.kind_colour[k] == colour]
    return sum(gains[k] for k in unseen) / len(unseen)


HEURISTIC = Heuristic()
