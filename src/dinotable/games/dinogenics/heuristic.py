"""DinoGenics' own evaluation, for the greedy agent and for search agents.

`value` estimates a seat's final score: End Game Scoring as it stands, plus what the park will earn in
the Upkeeps left (Dinosaur Value, facilities, visitors), what DNA sets in hand promise, and the worth of
resources, less what improper habitats and hungry carnivores are about to cost. `action_scores` looks
one decision ahead, through the seat's own choices inside the same action (a species, its pen, a card).
It is handed a determinized state (see dinotable.agents) and reads only what its seat may see.
"""

from __future__ import annotations

from dinotable.games.dinogenics.content import CREDITS, FENCES, GOATS, VISITORS, VP
from dinotable.games.dinogenics.rules import (
    DAMAGED,
    OPEN,
    PLACE,
    STAGES,
    WIDTH,
    dinosaur_value,
    habitat_keys,
    improper,
    regions,
    reputation,
    room,
)
from dinotable.games.dinogenics.scoring import breakdown

# Weights, set by simulation (greedy against random and against itself).
CREDIT = 0.45  # beyond the 1 VP per 3 credits of End Game Scoring
GOAT = 0.5
FENCE = 0.5
CARD = 1.2  # a Manipulation card
SET_IN_HAND = 0.55  # a full DNA set, times what the dinosaur would score in the Upkeeps left
PARTIAL_SET = 0.25  # the same, times the share of the set in hand
IMPROPER = 6.0  # a dinosaur in an improper habitat, per rampage check ahead
HUNGRY = 4.0  # a carnivore the goats in stock will not feed
ROOM = 0.9  # a room for a visitor, per Season left with visitors
FREE_PEN_SPACE = 0.8  # room in a pen for a next dinosaur
REPUTATION = 0.35  # player order and visitors
OPPONENT = 0.4  # share of the best opponent's score subtracted

_VP_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "vp")


class Heuristic:
    def value(self, s, seat: int) -> float:
        if s.over:
            return _final(s, seat)
        return _value(s, seat)

    def action_scores(self, s, seat: int, actions: list[int]) -> list[float]:
        return [_lookahead(s, seat, a, 3) for a in actions]


def _final(s, seat: int) -> float:
    totals = [breakdown(s, p)["total"] for p in range(s.num_players)]
    others = [t for p, t in enumerate(totals) if p != seat]
    return totals[seat] - (OPPONENT * max(others) if others else 0.0)


def _lookahead(s, seat: int, action: int, depth: int) -> float:
    new = s.clone()
    new.apply(action)
    if new.over:
        return _final(new, seat)
    # A choice inside the same action (a species, a habitat, a card) is the seat's own: take the best.
    if depth and new.current_player == seat and new.phase != PLACE:
        return max(_lookahead(new, seat, a, depth - 1) for a in new.legal_actions())
    return _value(new, seat)


def _upkeeps_left(s) -> int:
    return s.c.numbers["seasons"] - s.season + (1 if s.stage <= _VP_STAGE else 0)


def _value(s, seat: int) -> float:
    c, t = s.c, s.t
    upkeeps = _upkeeps_left(s)
    res = s.res[seat * WIDTH : seat * WIDTH + WIDTH]
    total = float(breakdown(s, seat)["total"])
    keys = habitat_keys(s, seat)
    bad = improper(s, seat, keys)

    # What the park earns each Upkeep from now on.
    per_upkeep = dinosaur_value(s, seat, keys)
    kinds = [code & 15 for code in s.dinos[seat]]
    facilities = c.facilities
    for f in s.facs[seat]:
        if f & DAMAGED:
            continue
        fac = facilities[f & 63]
        per_upkeep += sum(n for r, n in fac.upkeep if r == VP)
        per_upkeep += sum(CREDIT * n for r, n in fac.upkeep if r == CREDITS)
        per_upkeep += sum(GOAT * n for r, n in fac.upkeep if r == GOATS)
        if fac.per_species >= 0:
            per_upkeep += (fac.per_vp + CREDIT * fac.per_credits) * kinds.count(fac.per_species)
    per_upkeep += CREDIT * kinds.count(t.stego)
    total += per_upkeep * upkeeps

    # Visitors: those here leave for VP at the Upkeep; rooms draw more in the Seasons left.
    if s.stage <= _VP_STAGE:
        total += 1.5 * res[VISITORS]
    total += ROOM * room(s, seat) * max(0, upkeeps - 1)

    # Trouble ahead: rampage checks for improper habitats, carnivores short of goats.
    total -= IMPROPER * sum(bad) * (1 + min(upkeeps, 2)) / 2
    need = sorted(c.species[k].goats for k in kinds if t.carnivore[k])
    goats = res[GOATS]
    hungry = 0
    for n in need:
        if goats >= n:
            goats -= n
        else:
            hungry += 1
    if upkeeps:
        total -= HUNGRY * hungry
    total += GOAT * min(goats, 6) + FENCE * min(res[FENCES], 8) + CREDIT * res[CREDITS]

    # DNA in hand: sets a dinosaur away from scoring every Upkeep left.
    if upkeeps > 1:
        k = len(c.species)
        hand = s.dna[seat * k : seat * k + k]
        for sp in t.with_dna:
            if hand[sp]:
                species = c.species[sp]
                worth = species.vp * (upkeeps - 1) + 3 + REPUTATION * species.reputation
                full, part = divmod(hand[sp], species.dna)
                total += worth * (SET_IN_HAND * full + PARTIAL_SET * part / species.dna)
    m = len(c.manipulation)
    total += CARD * sum(s.manip[seat * m : seat * m + m]) * (1 if upkeeps else 0)

    # Room in pens for dinosaurs still to come.
    if upkeeps > 1:
        _, areas = regions(s, seat)
        used: dict[int, int] = {}
        for code, key in zip(s.dinos[seat], keys, strict=True):
            if key != OPEN and key < len(areas):
                used[key] = used.get(key, 0) + t.pen[code & 15]
        for a, (cells, closed) in enumerate(areas):
            if closed:
                total += FREE_PEN_SPACE * max(0, bin(cells).count("1") - used.get(a, 0))
    total += REPUTATION * reputation(s, seat) * min(upkeeps, 3)
    others = [breakdown(s, p)["total"] for p in range(s.num_players) if p != seat]
    if others:
        total -= OPPONENT * max(others)
    return total


HEURISTIC = Heuristic()
