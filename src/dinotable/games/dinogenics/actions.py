"""The action ids: one range per kind of option, sized from the content, laid out as a core ActionLayout.

`layout_for(content, geo)` gives the ranges (docs/dinogenics.md, section 11, holds the table
`layout.markdown(MEANINGS)` writes); `FirstIds` names each range's first id, which is what the rules add an
offset to (`s.ids.dna + kind`). The content sizes the ranges, so editing the content files can move them; the
expansion's ranges come after `option` whether or not the expansion is played, so an id means the same in
every game.
"""

from __future__ import annotations

from typing import NamedTuple

from dinotable.core.decisions import ActionLayout
from dinotable.games.dinogenics.components import MAX_OPTIONS, Content
from dinotable.games.dinogenics.rules.codes import CITY_NAMES, DRAWN_STACKS, facility_places

# What an id of each range means, in layout order (the docs' action-id table).
MEANINGS = {
    "done": "stop or decline: building pens, the City Center, bonus visitors, feeding mutants, an optional pick, "
    "grafting, gifting; not paying for the Plesiosaurus; destroying no dinosaur",
    "space": "a Mainland space (`game.content.spaces`: section 6's eleven, then Site D, Refinement and HQ, then "
    "the Breaking News spaces): placing a worker, or the action to outsource",
    "species": "the species to create (`game.content.species`: section 4's eight, then the expansion's)",
    "dna": "a DNA card by kind (the species, then Polymorphic DNA): to keep, take, buy, sell, discard, refine, "
    "use in a set or gift",
    "cell": "a park space (A1 = 0 ... C4 = 11): the habitat it stands for (pen, Biodome, open space), or a "
    "park facility's place",
    "pen": "a rectangle to build as a pen (`game.geo.rectangles`: by height, width, then top-left)",
    "stack": "a City Center stack: 0 the Basic Hotels, 1-3 the drawn stacks' top tiles",
    "structure": "a structure to repair or to damage: facilities by their place in the park's list (0-18), "
    "then fences as 19 + edge (`game.geo.edge_names`)",
    "manipulation": "a Manipulation card: to play, to discard for a specialist, or to gift",
    "seat": "a seat: the opponent a card targets (2: Synth, in the co-op); in the co-op also the branch that "
    "places first, or the park a shared visitor or a bought facility goes to",
    "city_center": "a City Center choice: fences, facility, repair, buy DNA, sell DNA",
    "option": "an option of a `choose`; the first also takes a bonus visitor, feeds a mutant or pays for the "
    "Plesiosaurus; grafting: 1 or 2 goats",
    "refined": "a Refined DNA token in a set",
    "large": "the HQ: 0 the Aquatic Habitat stack, 1-5 the revealed Large Facilities",
    "spot": "where a large park facility goes: park space × 2, + 1 if it runs down (else right)",
    "specialist": "a specialist to claim",
    "victim": "a dinosaur to destroy: species × 12 + park space",
    "airport": "a worker to the Private Airport",
    "docks": "the co-op: a worker to the other branch's docks",
}


def layout_for(c: Content, geo) -> ActionLayout:
    cells = geo.num_cells
    sizes = {
        "done": 1,
        "space": len(c.spaces),
        "species": len(c.species),
        "dna": c.kinds,
        "cell": cells,
        "pen": len(geo.rectangles),
        "stack": 1 + DRAWN_STACKS,
        "structure": facility_places(c, geo) + len(geo.edges),
        "manipulation": len(c.manipulation),
        "seat": c.numbers["max_players"],
        "city_center": len(CITY_NAMES),
        "option": MAX_OPTIONS,
        "refined": 1,
        "large": 1 + c.numbers["large_offer"],
        "spot": 2 * cells,
        "specialist": len(c.specialists),
        "victim": len(c.species) * cells,
        "airport": 1,
        "docks": 1,
    }
    return ActionLayout.of({name: sizes[name] for name in MEANINGS})


class FirstIds(NamedTuple):
    """The first id of each range of the layout."""

    done: int
    space: int
    species: int
    dna: int
    cell: int
    pen: int
    stack: int
    structure: int
    manipulation: int
    seat: int
    city_center: int
    option: int
    refined: int
    large: int
    spot: int
    specialist: int
    victim: int
    airport: int
    docks: int


def first_ids(layout: ActionLayout) -> FirstIds:
    return layout.first_ids(FirstIds)
