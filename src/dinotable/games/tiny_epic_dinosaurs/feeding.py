"""Feed Dinosaurs and Breeding.

Feed: with food for every dinosaur and no omnivore, all are fed at once (`feeding at once`); otherwise
one dinosaur at a time, until none left can be fed; then every unfed dinosaur escapes. Breeding: every 2
fed common dinosaurs of a species in one Enclosure make 1, short supply handed out one at a time from the
first player; newborns go on the Farm at once or escape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.tiny_epic_dinosaurs.components import (
    COMMON_SPECIES,
    EMPTY,
    FEED,
    UNIQUE,
    code_key,
    diet,
    event,
    food,
    order_from_first,
)
from dinotable.games.tiny_epic_dinosaurs.content import CARNIVORE, HERBIVORE, MEAT, OMNIVORE, PLANT
from dinotable.games.tiny_epic_dinosaurs.escapes import begin_escape
from dinotable.games.tiny_epic_dinosaurs.farm import OPEN, alike, only, zone_contents
from dinotable.games.tiny_epic_dinosaurs.grid import set_of

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def feed_actions(s: TinyEpicDinosaursState, seat: int) -> list[int]:
    """One option per unfed dinosaur and food it eats, dinosaurs alike (farm.alike) offered once."""
    res = s.resources(seat)
    plants, meat = res[PLANT], res[MEAT]
    fed, c = s.fed_spaces(seat), s.c
    same = alike(s, seat)
    out, seen = [], set()
    for cell, code in enumerate(s.farm_spaces(seat)):
        if code < 0 or cell in fed:
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


def feed(s: TinyEpicDinosaursState, seat: int, cell: int, meat: int, events: list) -> None:
    code = s.space(seat, cell)
    s.add_resource(seat, MEAT if meat else PLANT, -food(s.c, code))
    s.feed_space(seat, cell)
    events.append(
        event("feed", seat, dinosaur=code_key(s.c, code), space=s.c.geometry.cell_name(cell), meat=bool(meat))
    )


def auto_feed(s: TinyEpicDinosaursState, seat: int, events: list) -> bool:
    """Feeds everything at once when there is food for all and no omnivore's choice to make."""
    need = [0, 0]
    cells, fed = s.farm_spaces(seat), s.fed_spaces(seat)
    for cell, code in enumerate(cells):
        if code >= 0 and cell not in fed:
            d = diet(s.c, code)
            if d == OMNIVORE:
                return False
            need[d == CARNIVORE] += food(s.c, code)
    if need[0] > s.resource(seat, PLANT) or need[1] > s.resource(seat, MEAT):
        return False
    s.add_resource(seat, PLANT, -need[0])
    s.add_resource(seat, MEAT, -need[1])
    events.append(event("feed_all", seat, plant=need[0], meat=need[1], rest=bool(s.fed[seat])))
    s.fed[seat] = set_of(cell for cell, code in enumerate(cells) if code >= 0)
    return True


def starve(s: TinyEpicDinosaursState, seat: int, events: list) -> None:
    """No food left for the rest: every unfed dinosaur (Unique ones too) escapes."""
    escaping, fed = [], s.fed_spaces(seat)
    for cell, code in enumerate(s.farm_spaces(seat)):
        if code >= 0 and cell not in fed:
            escaping.append(code)
            s.set_space(seat, cell, EMPTY)
    s.queue = s.queue[1:]
    begin_escape(s, seat, escaping, FEED, events)


def breed(s: TinyEpicDinosaursState, events: list) -> None:
    """Every 2 fed common dinosaurs of a species in the same Enclosure make 1; short supply is handed
    out one at a time from the first player."""
    order = order_from_first(s)
    demand = [[0] * COMMON_SPECIES for _ in range(s.num_players)]  # by seat and species
    for seat in order:
        zone, fed = s.zones[seat], s.fed_spaces(seat)
        contents = zone_contents(s, seat)
        pairs: dict = {}
        for cell, code in enumerate(s.farm_spaces(seat)):
            # An Enclosure holds a single species: one a lost Barrier merged with another breeds no more.
            # (0 <= code < UNIQUE: is_common, inline as every Farm space is looked at)
            if 0 <= code < UNIQUE and zone[cell] < OPEN and cell in fed and only(contents[zone[cell]], code):
                key = (zone[cell], code)
                pairs[key] = pairs.get(key, 0) + 1
        for (_, code), count in pairs.items():
            demand[seat][code] += count // 2
    for k in range(COMMON_SPECIES):
        while s.supply[k] and any(demand[seat][k] for seat in order):
            for seat in order:
                if demand[seat][k] and s.supply[k]:
                    demand[seat][k] -= 1
                    s.supply[k] -= 1
                    s.add_newborn(seat, k, 1)
    for seat in order:
        born = s.newborn_commons(seat)
        if any(born):
            kinds = {s.c.species[k].key: born[k] for k in range(COMMON_SPECIES) if born[k]}
            events.append(event("breed", seat, **kinds))


def put_newborn(s: TinyEpicDinosaursState, seat: int, k: int, cell: int) -> None:
    """A newly hatched dinosaur of species `k` onto a Farm space."""
    s.add_newborn(seat, k, -1)
    s.set_space(seat, cell, k)
