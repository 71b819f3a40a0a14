"""My Funny Dinos' own evaluation, for the greedy agent and for search agents.

It is handed a determinized state (see dinotable.agents) and reads only what its seat may see: a tile
in the pile is valued by what is known of it (its face, its colour ribbon, or nothing), never by its
hidden face.
"""

from __future__ import annotations

from dinotable.games.my_funny_dinos.content import BONE_PILE, EVENT, EXCHANGE, HEAD, LEG, SHOVEL, TAIL
from dinotable.games.my_funny_dinos.rules import (
    COLOUR_KNOWN,
    EXCAVATE,
    FULLY_KNOWN,
    GIVE,
    NUM_TILES,
    PASS,
    PICK,
    RESTORE,
    TAKE,
    success_chance,
)
from dinotable.games.my_funny_dinos.scoring import scores

# Weights of the evaluation (tuned by simulation against the random agent, see the issue notes).
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
            unseen = _unseen_kinds(s)
            fail = BONE_VALUE if s.supply else 0.0
            return [
                (q := success_chance(s, a, seat)) * _expected_gain(s, seat, a, unseen) + (1 - q) * fail
                for a in actions
            ]
        if phase == GIVE:
            return [-_gain(s, seat, s.kind[a - PICK]) for a in actions]
        if phase == TAKE:
            return [
                _gain(s, seat, s.kind[a - PICK]) + 0.5 * _gain(s, s.owner[a - PICK], s.kind[a - PICK])
                for a in actions
            ]
        if phase == RESTORE:
            # Restoring turns four 1-point tiles into a 6- or 10-point dinosaur and moves the end closer.
            return [-1.0 if a == PASS else _colour_matches(s, seat, s.kind[a - PICK]) for a in actions]
        # Tail and legs: keep to the head's colour where possible.
        picked = {s.c.kind_colour[s.kind[p]] for p in s.picks}
        head_colour = s.c.kind_colour[s.kind[s.picks[0]]]
        return [
            2.0 * (s.c.kind_colour[s.kind[a - PICK]] == head_colour)
            + 0.3 * (s.c.kind_colour[s.kind[a - PICK]] not in picked)
            for a in actions
        ]


def _loose(s, seat: int) -> list[int]:
    return [p for p in range(NUM_TILES) if s.owner[p] == seat and not s.restored[p]]


def _complete_sets(s, seat: int) -> int:
    parts = s.parts
    return min(parts[seat * 4 + HEAD], parts[seat * 4 + TAIL], parts[seat * 4 + LEG] // 2)


def _deficit(heads: int, tails: int, legs: int) -> int:
    """Parts still missing for the next dinosaur once every complete set is restored."""
    k = min(heads, tails, legs // 2)
    return max(0, 1 - (heads - k)) + max(0, 1 - (tails - k)) + max(0, 2 - (legs - 2 * k))


def _gain(s, seat: int, kind: int) -> float:
    """What owning a tile of this kind is worth to a seat, beyond nothing."""
    c = s.c
    value = float(c.kind_points[kind])
    part = c.kind_part[kind]
    base = seat * 4
    if part == EVENT:
        icon = c.kind_icon[kind]
        if icon == SHOVEL:
            value += EXTRA_EXCAVATION
        elif icon == EXCHANGE:
            value += EXCHANGE_VALUE
        elif icon == BONE_PILE:
            value += BONE_VALUE * sum(1 for o in range(s.num_players) if o != seat and s.bones[o])
        if any(c.missions[s.missions[slot]].condition == "own_event_tiles" for slot in s.red_open):
            value += RED_MISSION_PROGRESS * (1 + s.parts[base + EVENT]) / 3
        return value
    counts = [s.parts[base + HEAD], s.parts[base + TAIL], s.parts[base + LEG]]
    before = _deficit(*counts)
    counts[part] += 1
    if _deficit(*counts) < before:
        value += COMPLETES_SET
    colour = c.kind_colour[kind]
    value += SAME_COLOUR * sum(
        1 for p in _loose(s, seat) if c.kind_part[s.kind[p]] != EVENT and c.kind_colour[s.kind[p]] == colour
    )
    return value


def _unseen_kinds(s) -> list[int]:
    """Kinds no one at the table has seen: those of pile tiles that are not face up."""
    return [s.kind[p] for p in s.pile if s.known[p] < FULLY_KNOWN]


def _expected_gain(s, seat: int, piece: int, unseen: list[int]) -> float:
    known = s.known[piece]
    if known == FULLY_KNOWN:
        return _gain(s, seat, s.kind[piece])
    if known == COLOUR_KNOWN:
        colour = s.c.kind_colour[s.kind[piece]]
        unseen = [k for k in unseen if s.c.kind_colour[k] == colour]
    return sum(_gain(s, seat, k) for k in unseen) / len(unseen)


def _colour_matches(s, seat: int, head_kind: int) -> float:
    colour = s.c.kind_colour[head_kind]
    return float(sum(1 for p in _loose(s, seat) if s.c.kind_colour[s.kind[p]] == colour))


HEURISTIC = Heuristic()
