"""The action ids: one range per kind of option, sized from the content, laid out as a core ActionLayout.

`layout_for(content)` gives the ranges (docs/tiny-epic-dinosaurs.md holds the table `layout.markdown(MEANINGS)`
writes); `FirstIds` names each range's first id, which is what the rules add an offset to.
"""

from __future__ import annotations

from typing import NamedTuple

from dinotable.core.decisions import ActionLayout

# What an id of each range means, in layout order (the docs' action-id table).
MEANINGS = {
    "place": "slot × 2, + 1 with the Foreman (slot: the side's spaces in board order, 10 or 17)",
    "species": "species to hunt or take",
    "research": "Research row position",
    "contract": "Contract to keep or fulfil (Public 0-13, Private 14-23)",
    "trade": "paid resource × 3 + gained resource",
    "fence": "Barrier on an edge",
    "put": "species × 12 + space (placing a waiting or newly hatched dinosaur)",
    "put_unique": "Research card × 12 + space (placing a Unique Dinosaur)",
    "lift": "space: lift its dinosaur to move it",
    "done": "done adapting the Farm",
    "feed": "space × 2 + (0 plant, 1 meat)",
    "eat": "carnivore penalty: the dinosaur on a space",
    "eat_common": "carnivore penalty: an escaping common dinosaur of a species",
    "eat_unique": "carnivore penalty: an escaping Unique Dinosaur (its card)",
    "unfence": "herbivore penalty: the Barrier removed, by edge",
    "omni": "escaping omnivores count as herbivores (0) or carnivores (1)",
}


def layout_for(c) -> ActionLayout:
    cells, edges = c.geometry.num_cells, c.geometry.num_edges
    sizes = {
        "place": 2 * max(len(v) for v in c.spaces_for.values()),
        "species": 4,
        "research": c.numbers["research_row"],
        "contract": len(c.contracts),
        "trade": 9,
        "fence": edges,
        "put": 4 * cells,
        "put_unique": len(c.research) * cells,
        "lift": cells,
        "done": 1,
        "feed": 2 * cells,
        "eat": cells,
        "eat_common": 4,
        "eat_unique": len(c.research),
        "unfence": edges,
        "omni": 2,
    }
    return ActionLayout.of({name: sizes[name] for name in MEANINGS})


class FirstIds(NamedTuple):
    """The first id of each range of the layout."""

    place: int
    species: int
    research: int
    contract: int
    trade: int
    fence: int
    put: int
    put_unique: int
    lift: int
    done: int
    feed: int
    eat: int
    eat_common: int
    eat_unique: int
    unfence: int
    omni: int


def first_ids(layout: ActionLayout) -> FirstIds:
    return layout.first_ids(FirstIds)
