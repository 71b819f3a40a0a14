"""What the risks to a park are expected to cost DinoGenics' evaluation (heuristic.py): a Scandal, and the
next Upkeep's rampage checks, hit by hit, where the rules would put each one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics import rampage, rules
from dinotable.games.dinogenics.components import FATALITY, SLASH, VISITORS
from dinotable.games.dinogenics.rules import STAGES, cell_of, facility_of, is_damaged, species_of
from dinotable.games.dinogenics.weights import CREDIT, FACILITY_HIT, FENCE_HIT, SCANDAL

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

_RAMPAGE_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "rampage")


def scandal_cost(s: DinoGenicsState) -> float:
    """What gaining a Scandal costs: twice as much in CC4, where each one gained is two."""
    return SCANDAL * (2 if rules.special(s, "double_scandals") else 1)


def damage_ahead(s: DinoGenicsState, seat: int, bad: list[bool]) -> float:
    """What the next Upkeep's rampage checks are expected to cost (dinosaurs in improper habitats, and a
    Corrupted T-Rex always): each die's chance of a Fatality kills a visitor, and each expected hit lands
    where the rules would put it (rampage.targets), one after the other: the cheapest facility in reach
    (its repair, and the visitors a hotel's rooms held), else a fence on the way out, else the Visitor
    Center's Scandal."""
    if s.season + (1 if s.stage > _RAMPAGE_STAGE else 0) > s.c.numbers["seasons"]:
        return 0.0  # no rampage check left this game
    t, die = s.t, s.c.rampage_die
    rolling = [
        i
        for i, (code, wrong) in enumerate(zip(s.dinos[seat], bad, strict=True))
        if (wrong or species_of(code) == t.corrupted) and not t.aquatic[species_of(code)]
    ]
    if not rolling:
        return 0.0
    hit = sum(1 for f in die if f in (FATALITY, SLASH)) / len(die)
    fatal = sum(1 for f in die if f == FATALITY) / len(die)
    visitors = s.get(seat, VISITORS)
    rooms = rules.room(s, seat)
    facs = s.facs[seat]
    cells = [sum(1 << x for x in rules.places(code) if x < rules.COMMERCIAL) for code in facs]
    hurt = [is_damaged(code) for code in facs]
    standing = s.fence[seat] & ~s.broken[seat]
    one_die = rules.perk(s, seat, "one_rampage_die")
    cost = 0.0
    for i in rolling:
        code = s.dinos[seat][i]
        dice = 2 if species_of(code) == t.trex and not one_die else 1
        where = cell_of(code)
        for _ in range(dice):
            if visitors:
                cost += fatal * scandal_cost(s)
            reached, fence = rampage.targets(s.geo, standing, tuple(zip(cells, hurt, strict=True)), where)
            if reached:
                j = min(reached, key=lambda j: hit_cost(s, seat, j, visitors, rooms))
                cost += hit * hit_cost(s, seat, j, visitors, rooms)
                hurt[j] = True
                rooms -= s.c.facilities[facility_of(facs[j])].rooms
            elif fence >= 0:
                cost += hit * FENCE_HIT
                standing &= ~(1 << fence)
            else:
                cost += hit * scandal_cost(s)
    return cost


def hit_cost(s: DinoGenicsState, seat: int, j: int, visitors: int, rooms: int) -> float:
    """A rampage damaging the park's facility j: its repair, what it stops giving, a hotel's guests killed."""
    price = rules.repair_price(s, seat, j, 0)
    lost = max(0, visitors - (rooms - s.c.facilities[facility_of(s.facs[seat][j])].rooms))
    return FACILITY_HIT + (CREDIT + 1 / 3) * price + scandal_cost(s) * lost
