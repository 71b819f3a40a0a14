"""Feed Dinosaurs and Breeding.

Feed: with food for every dinosaur and no omnivore, all are fed at once (`feeding at once`); otherwise
one dinosaur at a time, until none left can be fed; then every unfed dinosaur escapes. Breeding: every 2
fed common dinosaurs of a species in one Enclosure make 1, short supply handed out one at a time from the
first player; newborns go on the Farm at once or escape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.tiny_epic_dinosaurs.components import EMPTY, FEED, UNIQUE, diet, event, food, order_from_first
from dinotable.games.tiny_epic_dinosaurs.content import CARNIVORE, HERBIVORE, MEAT, OMNIVORE, PLANT
from dinotable.games.tiny_epic_dinosaurs.escapes import begin_escape
from dinotable.games.tiny_epic_dinosaurs.farm import OPEN, alike, zone_contents

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def feed_actions(s: TinyEpicDinosaursState, seat: int) -> list[int]:
    """One option per unfed dinosaur and food it eats, dinosaurs alike (farm.alike) offered once."""
    n = s.c.geometry.num_cells
    base = seat * n
    plants, meat = s.res[seat * 3 + PLANT], s.res[seat * 3 + MEAT]
    fed, c = s.fed[seat], s.c
    same = alike(s, seat)
    out, seen = [], set()
    for cell in range(n):
        code = s.cells[base + cell]
        if code < 0 or fed >> cell & 1:
            continue
        if same[cell] in seen:
            continue
        seen.add(same[cell])
        d, f = diet(c, code), food(c, code)
        if d != CARNIVORE and plants >= f:
            out.append(s.ids.feed + cell * 2)
        if d != HERBIVORE and meat >= f:
            out.append(s.ids.feed + cell * 2 + 1)
    return out


def feed(s: TinyEpicDinosaursState, seat: int, cell: int, meat: int) -> None:
    code = s.cells[seat * s.c.geometry.num_cells + cell]
    s.res[seat * 3 + (MEAT if meat else PLANT)] -= food(s.c, code)
    s.fed[seat] |= 1 << cell


def auto_feed(s: TinyEpicDinosaursState, seat: int) -> bool:
    """Feeds everything at once when there is food for all and no omnivore's choice to make."""
    n = s.c.geometry.num_cells
    base = seat * n
    need = [0, 0]
    for cell in range(n):
        code = s.cells[base + cell]
        if code >= 0 and not s.fed[seat] >> cell & 1:
            d = diet(s.c, code)
            if d == OMNIVORE:
                return False
            need[d == CARNIVORE] += food(s.c, code)
    if need[0] > s.res[seat * 3 + PLANT] or need[1] > s.res[seat * 3 + MEAT]:
        return False
    s.res[seat * 3 + PLANT] -= need[0]
    s.res[seat * 3 + MEAT] -= need[1]
    s.fed[seat] = sum(1 << cell for cell in range(n) if s.cells[base + cell] >= 0)
    return True


def starve(s: TinyEpicDinosaursState, seat: int, events: list) -> None:
    """No food left for the rest: every unfed dinosaur (Unique ones too) escapes."""
    n = s.c.geometry.num_cells
    base = seat * n
    escaping = []
    for cell in range(n):
        code = s.cells[base + cell]
        if code >= 0 and not s.fed[seat] >> cell & 1:
            escaping.append(code)
            s.cells[base + cell] = EMPTY
    s.queue = s.queue[1:]
    begin_escape(s, seat, escaping, FEED, events)


def breed(s: TinyEpicDinosaursState, events: list) -> None:
    """Every 2 fed common dinosaurs of a species in the same Enclosure make 1; short supply is handed
    out one at a time from the first player."""
    n = s.c.geometry.num_cells
    order = order_from_first(s)
    demand = [0] * (4 * s.num_players)
    for seat in order:
        base = seat * n
        zone, fed = s.zones[seat], s.fed[seat]
        contents = zone_contents(s, seat)
        pairs: dict = {}
        for cell in range(n):
            code = s.cells[base + cell]
            # An Enclosure holds a single species: one a lost Barrier merged with another breeds no more.
            if 0 <= code < UNIQUE and zone[cell] < OPEN and fed >> cell & 1 and contents[zone[cell]] == 1 << code:
                key = (zone[cell], code)
                pairs[key] = pairs.get(key, 0) + 1
        for (_, code), count in pairs.items():
            demand[seat * 4 + code] += count // 2
    for k in range(4):
        while s.supply[k] and any(demand[seat * 4 + k] for seat in order):
            for seat in order:
                if demand[seat * 4 + k] and s.supply[k]:
                    demand[seat * 4 + k] -= 1
                    s.supply[k] -= 1
                    s.newborns[seat * 4 + k] += 1
    for seat in order:
        born = s.newborns[seat * 4 : seat * 4 + 4]
        if any(born):
            events.append(event("breed", seat, **{s.c.species[k].key: born[k] for k in range(4) if born[k]}))


def put_newborn(s: TinyEpicDinosaursState, seat: int, k: int, cell: int) -> None:
    """A newly hatched dinosaur of species `k` onto a Farm space."""
    s.newborns[seat * 4 + k] -= 1
    s.cells[seat * s.c.geometry.num_cells + cell] = k
