"""Tiny Epic Dinosaurs: the Farm and Adapt the Farm: Barriers, Enclosures, placing, lifting and misplaced
dinosaurs (the helpers are test_tiny_epic_dinosaurs.py's)."""

import random

import pytest

import dinotable
from dinotable.games.tiny_epic_dinosaurs.content import load_content
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, regions, set_of, zones
from dinotable.games.tiny_epic_dinosaurs.testing import (
    barriers_on,
    farm,
    hold,
    hold_unique,
    no_barriers,
    put_dinosaur,
    to_adapt,
)

from .test_tiny_epic_dinosaurs import (
    C3_D3_PEN,
    D2_PEN,
    GEO,
    IDS,
    LAGOON,
    ST,
    VE,
    C,
    N,
    card,
    cell,
    edge,
    farm_index,
    finish_round,
    fresh,
    lagoon,
    put_id,
    unique,
)


# ------------------------------------------------------------------------------------- adapt the farm
def test_barriers_go_only_on_free_dotted_lines():
    """'Barriers can only be placed on dotted lines.' (not on water or mountains, nor twice on one line)"""
    s = lagoon()
    to_adapt(s)
    offered = {a - IDS.fence for a in s.legal_actions() if IDS.fence <= a < IDS.put}
    assert len(offered) == C.farms[farm_index(LAGOON)].edge_kinds.count("dotted") == 20
    assert edge("A1", "B1") in offered
    assert edge("A2", "A3") not in offered and edge("B3", "C3") not in offered  # mountains
    assert not any(GEO.edge_cells[e] == (cell("A1"), -1) for e in offered)  # A1 is on the water
    s.apply(IDS.fence + edge("A1", "B1"))
    assert barriers_on(s) == {edge("A1", "B1")} and s.barriers[0] == 1
    assert IDS.fence + edge("A1", "B1") not in s.legal_actions()


def test_placed_barriers_cannot_be_moved():
    """'Barriers placed in previous rounds cannot be moved.'"""
    s = lagoon()
    to_adapt(s)
    s.apply(IDS.fence + edge("A1", "B1"))
    assert not any(IDS.unfence <= a < IDS.omni for a in s.legal_actions())
    finish_round(s)
    assert s.round == 2 and barriers_on(s) == {edge("A1", "B1")}
    to_adapt(s)
    legal = s.legal_actions()
    assert IDS.fence + edge("A1", "B1") not in legal and not any(IDS.unfence <= a < IDS.omni for a in legal)


def test_enclosures_are_closed_by_any_mix_of_barriers_mountains_and_water():
    """'Enclosures are spaces on the Farm surrounded on all sides by any combination of Barriers, Mountains,
    and Water ... An Enclosure can be as small as one space or incorporate any number of adjacent spaces'."""
    dotted = C.farms[farm_index(LAGOON)].dotted

    def mask(*edges):
        return set_of(edges)

    z = zones(GEO, dotted, 0)
    assert z[cell("A3")] == z[cell("B3")] < OPEN  # water and mountains alone
    assert z[cell("D2")] >= OPEN and z[cell("A1")] >= OPEN
    z = zones(GEO, dotted, mask(*D2_PEN))  # three Barriers and the water
    assert z[cell("D2")] < OPEN and [x for x in range(N) if z[x] == z[cell("D2")]] == [cell("D2")]
    z = zones(GEO, dotted, mask(*D2_PEN[:2]))  # one Barrier short
    assert z[cell("D2")] >= OPEN
    z = zones(GEO, dotted, mask(*C3_D3_PEN))  # two spaces: Barriers and a mountain
    assert z[cell("C3")] == z[cell("D3")] < OPEN
    assert [x for x in range(N) if z[x] == z[cell("C3")]] == [cell("C3"), cell("D3")]
    z = zones(GEO, dotted, mask(edge("A3", "B3")))  # a Barrier splits the permanent Enclosure in two
    assert z[cell("A3")] < OPEN and z[cell("B3")] < OPEN and z[cell("A3")] != z[cell("B3")]


def test_every_farm_starts_with_one_permanent_enclosure():
    """'Each Farm starts with a permanent Enclosure.'"""
    for f in C.farms:
        closed = [cells for cells, is_closed in regions(GEO, f.dotted) if is_closed]
        assert len(closed) == 1, f.name
        s = fresh(2, 1, farm=f.name)
        assert {x for x in range(N) if s.zones[0][x] < OPEN} == set(closed[0])


def test_one_species_per_enclosure_one_dinosaur_per_space():
    """'An Enclosure with a certain number of spaces can contain the same number of Dinosaurs of a single
    species (1 Dinosaur per space).' and 'Common Dinosaurs MUST be placed inside Enclosures'."""
    s = lagoon()
    hold(s, 0, ST)
    hold(s, 0, VE)
    to_adapt(s)
    puts = {a for a in s.legal_actions() if IDS.put <= a < IDS.put_unique}
    assert puts == {put_id(ST, "A3"), put_id(ST, "B3"), put_id(VE, "A3"), put_id(VE, "B3")}
    s.apply(put_id(ST, "A3"))
    assert not any(IDS.put <= a < IDS.put_unique for a in s.legal_actions())  # B3 would mix the species
    assert IDS.done in s.legal_actions()
    s.apply(IDS.fence + edge("A3", "B3"))  # now B3 is an Enclosure of its own
    assert [a for a in s.legal_actions() if IDS.put <= a < IDS.put_unique] == [put_id(VE, "B3")]


def test_unique_dinosaurs_may_stand_in_open_areas_but_never_with_common_ones():
    """'Unique Dinosaurs ... DO NOT NEED to be placed in Enclosures and can be left in the open areas of the
    Farm with other Unique Dinosaurs.' and 'Unique Dinosaurs cannot be in Enclosures with other common
    Dinosaurs.'"""
    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)
    hold_unique(s, 0, "Triceratops")
    hold_unique(s, 0, "Pteranodon")
    to_adapt(s)
    legal = s.legal_actions()
    tri = card("Triceratops")
    assert IDS.put_unique + tri * N + cell("A1") in legal  # open area
    assert IDS.put_unique + tri * N + cell("B3") not in legal  # with the Stegosaurus
    s.apply(IDS.put_unique + tri * N + cell("A1"))
    assert IDS.put_unique + card("Pteranodon") * N + cell("B1") in s.legal_actions()  # with another Unique
    # and a common dinosaur never joins a Unique one in an Enclosure
    s = lagoon()
    put_dinosaur(s, 0, "A3", unique("Ankylosaurus"))
    hold(s, 0, ST)
    to_adapt(s)
    assert put_id(ST, "B3") not in s.legal_actions()
    assert IDS.done in s.legal_actions()


def test_a_common_dinosaur_that_cannot_be_placed_escapes():
    """'If you cannot place a common Dinosaur on your Farm, it Escapes.' (designed: Done is offered only when
    nothing waiting can be placed)"""
    s = lagoon()
    hold(s, 0, ST, 3)
    no_barriers(s, 0)
    to_adapt(s)
    assert IDS.done not in s.legal_actions()
    events = s.apply(put_id(ST, "A3"))  # B3 then follows, then the third has nowhere to go
    assert farm(s) == {"A3": ST, "B3": ST}
    assert s.held_commons(0) == [0, 0, 0, 0] and s.supply[ST] == 13
    assert next(e for e in events if e.kind == "escape").detail["dinosaurs"] == ["stegosaurus"]


def test_done_is_not_offered_while_a_unique_dinosaur_can_still_be_placed():
    """Designed 'placing is required': 'Adapting the Farm ends only when no waiting dinosaur can be placed'."""
    s = lagoon()
    hold_unique(s, 0, "Pteranodon")
    to_adapt(s)
    assert IDS.done not in s.legal_actions()
    s.apply(IDS.put_unique + card("Pteranodon") * N + cell("C1"))
    assert IDS.done in s.legal_actions()


def test_a_dinosaur_may_be_moved_once_per_adapt_phase():
    """'All Dinosaurs on a Farm can be moved at will.' (designed 'moving once': each may be lifted once)"""
    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)
    to_adapt(s)
    assert IDS.lift + cell("A3") in s.legal_actions()
    s.apply(IDS.lift + cell("A3"))
    assert s.held(0, ST) == 1 and IDS.done not in s.legal_actions()
    s.apply(put_id(ST, "B3"))
    assert farm(s) == {"B3": ST} and IDS.lift + cell("B3") not in s.legal_actions()


def test_common_dinosaurs_left_outside_an_enclosure_must_be_placed_again():
    """Designed 'misplaced dinosaurs': after a lost Barrier, common dinosaurs outside an Enclosure go back to
    the Containment Zone at Adapt the Farm ('Common Dinosaurs MUST be placed inside Enclosures')."""
    s = lagoon()
    put_dinosaur(s, 0, "D2", ST)  # D2 is open: its Barriers were lost
    to_adapt(s)
    assert farm(s) == {} and s.held(0, ST) == 1
    assert IDS.done not in s.legal_actions()


def test_each_barrier_action_has_its_own_text():
    """A player chooses a dotted line by its name: the Barrier actions offered must read differently."""
    s = lagoon()
    to_adapt(s)
    texts = [s.action_text(a) for a in s.legal_actions() if IDS.fence <= a < IDS.put]
    assert len(texts) == len(set(texts))
    assert len(set(GEO.edge_names)) == GEO.num_edges


@pytest.mark.parametrize("farm", ["Lagoon", "Ridge", "Cove", "Volcano", "Delta", "Plateau", "Mangrove", "Canyon"])
def test_the_view_sends_each_farm_as_its_content_draws_it_with_its_permanent_enclosure(farm):
    """Each Farm board has one permanent Enclosure (the rulebook's Farm boards; the content checks it): the view
    sends the Farm's picture from the content and names that Enclosure's spaces, before any Barrier."""
    content = {f.name: f for f in load_content().farms}
    player = dinotable.get_game("tiny-epic-dinosaurs").new_game(2, 1, {"farm": farm}).view(0)["players"][0]
    assert player["farm_picture"] == list(content[farm].picture)
    assert len(player["enclosures"]) == 1
    picture = player["farm_picture"]
    cells = {
        f"{'ABCD'[x // 2]}{y // 2 + 1}" for y, row in enumerate(picture) for x, ch in enumerate(row) if x % 2 and y % 2
    }
    assert set(player["enclosures"][0]) <= cells


def test_the_view_names_the_phase_a_dinosaur_escape_interrupts():
    """A Dinosaur Escape (rulebook) comes in the middle of a phase and the table goes back to it: the view
    names that phase while the escape is open, and nothing otherwise."""
    interrupted = ("Adapt the Farm", "Feed Dinosaurs", "Breeding: placing newly hatched dinosaurs")
    game = dinotable.get_game("tiny-epic-dinosaurs")
    seen = set()
    for seed in range(6):
        state = game.new_game(2, seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(None)
            if view["phase"] == "Dinosaur Escape":
                assert view["escape_during"] in interrupted
                seen.add(view["escape_during"])
            else:
                assert view["escape_during"] is None
            state.apply(rng.choice(state.legal_actions()))
    assert seen
