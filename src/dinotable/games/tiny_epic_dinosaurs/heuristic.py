"""Tiny Epic Dinosaurs' own evaluation, for the greedy agent and for search agents.

`value` estimates what a seat's position is worth in points: the score now, plus what its dinosaurs,
Enclosures, resources, cards and Private Contracts promise for the rounds left, minus what its hungry or
homeless dinosaurs are about to cost. `action_scores` looks one decision ahead (through the seat's own
choices inside the same action, such as which species to hunt) and scores each action by that value.
It is handed a determinized state (see dinotable.agents) and reads only what its seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    CHOOSE,
    COMMON_SPECIES,
    ESCAPE,
    FEED,
    NEWBORN,
    PLACE,
    UNIQUE,
    diet,
    food,
    unique_code,
)
from dinotable.games.tiny_epic_dinosaurs.content import CARNIVORE, HERBIVORE, MEAT, PLANT, SUPPLY
from dinotable.games.tiny_epic_dinosaurs.farm import free_dotted
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, has
from dinotable.games.tiny_epic_dinosaurs.scoring import breakdown

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

# Weights, set by simulation (greedy against random and against itself).
RESOURCE = (0.3, 0.4, 0.55)  # plant, meat, supply in stock
BARRIER = 0.35  # a Barrier in stock
WAITING = 0.75  # a dinosaur waiting to be placed is worth this share of one on the Farm
BREEDING = 0.6  # per expected newborn, times its value
FREE_SPACE = 0.25  # a free space in an Enclosure
ENCLOSABLE = 0.12  # per space of an open area, divided by the Barriers it still needs
HUNGER = 1.6  # per unit of food missing at the next feeding
HOMELESS = 1.5  # per dinosaur waiting with nowhere to go, besides its value
PRIVATE_PROGRESS = 0.45  # share of a Private Contract's points, times the share of its dinosaurs owned
ABILITY = 0.35  # per resource a card will collect, per round left
FIRST_PLAYER = 1.0
INCOME = 0.5  # an uncovered symbol, times its resource's weight


class Heuristic:
    def value(self, s, seat: int) -> float:
        if s.over:
            return float(breakdown(s, seat)["total"])
        return _value(s, seat)

    def action_scores(self, s, seat: int, actions: list[int]) -> list[float]:
        return [_lookahead(s, seat, a, 2) for a in actions]


def _lookahead(s: TinyEpicDinosaursState, seat: int, action: int, depth: int) -> float:
    new = s.clone()
    new.apply(action)
    # A choice inside the same action (a species, a card, a Contract) is the seat's own: take the best.
    if depth and not new.over and new.current_player == seat and new.phase in (CHOOSE, ESCAPE):
        return max(_lookahead(new, seat, a, depth - 1) for a in new.legal_actions())
    return _value(new, seat) if not new.over else float(breakdown(new, seat)["total"])


def _value(s: TinyEpicDinosaursState, seat: int) -> float:
    c = s.c
    n = c.geometry.num_cells
    rounds_left = c.numbers["rounds"] - s.round  # full rounds after this one
    breeding_left = rounds_left + (s.phase in (PLACE, CHOOSE, ADAPT, FEED))
    total = float(breakdown(s, seat)["total"])
    cells = s.farm_spaces(seat)
    zone = s.zones[seat]
    species = c.species

    # Enclosures: what stands in each, and free spaces.
    kinds: dict = {}
    free: dict = {}
    for cell in range(n):
        z = zone[cell]
        code = cells[cell]
        if code >= 0:
            kinds.setdefault(z, set()).add(min(code, UNIQUE))
        elif z < OPEN:
            free[z] = free.get(z, 0) + 1
    for z, count in free.items():
        if z not in kinds:
            total += FREE_SPACE * count
    # Expected breeding: pairs in closed Enclosures with room to grow.
    if breeding_left:
        for z, what in kinds.items():
            if z < OPEN and len(what) == 1:
                (k,) = what
                if k < UNIQUE:
                    members = sum(1 for cell in range(n) if zone[cell] == z and cells[cell] == k)
                    room = free.get(z, 0)
                    born = min(members // 2, room)
                    if breeding_left > 1:
                        born += min(members // 2, room - born)
                    total += BREEDING * species[k].value * born
    # Open areas that Barriers could still close.
    barriers = s.barriers[seat]
    if s.phase in (PLACE, CHOOSE, ADAPT) or rounds_left:
        dotted = free_dotted(s, seat)
        open_edges: dict = {}
        for e, (a, b) in enumerate(c.geometry.edge_cells):
            if b < 0 and has(dotted, e):
                open_edges[zone[a]] = open_edges.get(zone[a], 0) + 1
        for z, k in open_edges.items():
            size = sum(1 for cell in range(n) if zone[cell] == z)
            if k <= barriers + 2:
                total += ENCLOSABLE * size / k
    total += BARRIER * barriers

    # Dinosaurs waiting (Containment Zone, Medical Leave, newborns) and whether they have a home.
    waiting = [s.held(seat, k) + s.on_leave(seat, k) + s.newborn(seat, k) for k in range(COMMON_SPECIES)]
    # Enclosures already holding a species take more of it; each empty one can take one species.
    empty = sorted((free[z] for z in free if z not in kinds), reverse=True)
    spare_barriers = barriers >= 2
    for k in sorted(range(COMMON_SPECIES), key=lambda k: -species[k].value):
        if not waiting[k]:
            continue
        room = sum(free.get(z, 0) for z in free if kinds.get(z) == {k})
        while room < waiting[k] and (empty or spare_barriers):
            if empty:
                room += empty.pop(0)
            else:
                room, spare_barriers = room + 1, False
        placed = min(waiting[k], room)
        total += WAITING * species[k].value * placed - HOMELESS * (waiting[k] - placed)

    # Food for the next feeding.
    res = s.resources(seat)
    plants, meat = res[PLANT], res[MEAT]
    if s.phase not in (PLACE, CHOOSE, ADAPT, FEED):
        symbols = c.farms[s.farm[seat]].symbols
        for cell in range(n):
            if cells[cell] < 0 and symbols[cell] == PLANT:
                plants += 1
            elif cells[cell] < 0 and symbols[cell] == MEAT:
                meat += 1
    need_plant = need_meat = need_any = 0
    fed = s.fed[seat] if s.phase in (FEED, ESCAPE, NEWBORN) else 0
    for cell in range(n):
        code = cells[cell]
        if code < 0 or has(fed, cell):
            continue
        d, f = diet(c, code), food(c, code)
        if d == HERBIVORE:
            need_plant += f
        elif d == CARNIVORE:
            need_meat += f
        else:
            need_any += f
    for k in range(COMMON_SPECIES):
        if species[k].diet == HERBIVORE:
            need_plant += species[k].food * waiting[k]
        else:
            need_meat += species[k].food * waiting[k]
    for card in s.hold_unique[seat]:
        d, f = diet(c, unique_code(card)), food(c, unique_code(card))
        if d == HERBIVORE:
            need_plant += f
        elif d == CARNIVORE:
            need_meat += f
        else:
            need_any += f
    short = max(0, need_plant - plants) + max(0, need_meat - meat)
    spare = max(0, plants - need_plant) + max(0, meat - need_meat)
    short += max(0, need_any - spare)
    total -= HUNGER * short
    total += RESOURCE[PLANT] * min(plants, 13) + RESOURCE[MEAT] * min(meat, 13) + RESOURCE[SUPPLY] * res[SUPPLY]
    # Symbols left uncovered are next rounds' income.
    if rounds_left:
        symbols = c.farms[s.farm[seat]].symbols
        total += sum(INCOME * RESOURCE[symbols[cell]] for cell in range(n) if cells[cell] < 0 and symbols[cell] >= 0)

    # Cards that keep giving, and Private Contracts under way.
    for card in s.owned[seat]:
        collect = c.research[card].collect
        total += ABILITY * rounds_left * sum(collect)
    have = [sum(1 for code in cells if code == k) + waiting[k] for k in range(COMMON_SPECIES)]
    for k in s.private[seat]:
        contract = c.contracts[k]
        need = sum(contract.need)
        got = sum(min(have[sp], contract.need[sp]) for sp in range(COMMON_SPECIES))
        total += PRIVATE_PROGRESS * contract.vp * got / need
    if s.first == seat:
        total += FIRST_PLAYER
    return total


HEURISTIC = Heuristic()
