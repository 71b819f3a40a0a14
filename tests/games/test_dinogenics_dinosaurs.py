"""DinoGenics, base game: each published fact about the base game the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content/rules.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.

This file: creating dinosaurs, habitats.
Shared helpers are in dinogenics_helpers.py.
"""

from dinotable.games.dinogenics import rules
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules import RAMPAGED, dinosaur_code, has_flag, species_of

from .dinogenics_helpers import (
    GEO,
    IDS,
    M,
    build,
    card,
    cell,
    edge,
    fresh,
    get,
    give,
    give_card,
    hand,
    pen,
    place,
    put,
    quiet,
    rect,
    relist,
    run,
    setr,
    sp,
)


# ------------------------------------------------------------------------------------ creating dinosaurs
def test_creating_a_dinosaur_discards_the_full_set():
    """'DinoGenics IOM (create a dinosaur from a full DNA set; mutants too)'; the Raptor's set is 2 cards."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "raptor", 2)
    give(s, seat, "triceratops", 2)
    relist(s)
    discard = len(s.dna_discard)
    s.apply(place("iom"))
    assert s.phase == rules.CREATE
    assert sorted(s.legal_actions()) == [IDS.species + sp("raptor"), IDS.species + sp("triceratops")]
    s.apply(IDS.species + sp("raptor"))
    assert hand(s, seat) == {"triceratops": 2}
    assert s.dna_discard[discard:] == [sp("raptor")] * 2
    assert s.phase == rules.HABITAT and s.cur == seat
    s.apply(IDS.pen + rect("A1"))  # a 1-space pen first: 4 fences
    assert get(s, seat, "fences") == 0
    s.apply(IDS.cell + cell("A1"))
    assert s.dinos[seat] == (dinosaur_code(sp("raptor"), cell("A1")),)
    assert s.cur != seat and s.phase == rules.PLACE


def test_a_mutant_needs_three_cards_of_three_species():
    """'Mutants are made from mixed DNA'; designed: 'A mutant is made from 3 DNA cards of three different
    species (with DNA Splice, 2 of two)'."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "stegosaurus", 2)
    give(s, seat, "triceratops")
    assert sp("mutant") not in rules.creatable(s, seat, 0)  # two species only
    give(s, seat, "t_rex")
    assert rules.creatable(s, seat, 0) == [sp("mutant")]
    assert sp("mutant") in rules.creatable(s, seat, 1)
    relist(s)
    s.apply(place("iom"))  # the only choice is taken by itself
    assert s.phase == rules.PICK and s.ctx[0] == rules.MUTANT_SET and s.ctx[1] == 3
    s.apply(IDS.dna + sp("stegosaurus"))
    assert sorted(s.legal_actions()) == sorted([IDS.dna + sp("triceratops"), IDS.dna + sp("t_rex")])  # one each
    discard = len(s.dna_discard)
    s.apply(IDS.dna + sp("t_rex"))  # the Triceratops follows by itself
    assert hand(s, seat) == {"stegosaurus": 1}
    assert sorted(s.dna_discard[discard:]) == sorted([sp("t_rex"), sp("triceratops")])
    assert s.phase == rules.HABITAT and s.ctx[0] == sp("mutant")


def test_dna_splice_creates_from_a_set_one_card_short():
    """'DNA Splice (create a dinosaur from an incomplete set)' (published); designed: one card short."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "brontosaurus", 3)
    give(s, seat, "t_rex")
    assert rules.creatable(s, seat, 0) == []
    assert sorted(rules.creatable(s, seat, 1)) == sorted([sp("brontosaurus"), sp("mutant")])
    give_card(s, seat, "dna_splice")
    relist(s)
    s.apply(place("uplink"))  # the only playable card is played by itself
    assert s.phase == rules.CREATE and s.ctx == (1,)
    s.apply(IDS.species + sp("brontosaurus"))
    assert hand(s, seat) == {"t_rex": 1}
    assert s.manip[seat * M + card("dna_splice")] == 0 and s.manip_discard[-1] == card("dna_splice")
    s.apply(IDS.cell + cell("A1"))  # open space, where a Brontosaurus belongs: no rampage
    assert [species_of(d) for d in s.dinos[seat]] == [sp("brontosaurus")]
    assert not has_flag(s.dinos[seat][0], RAMPAGED)


def test_habitat_choices_are_each_pen_each_biodome_and_open_space():
    """Designed: a new dinosaur goes to a pen, an undamaged Biodome or open space, or a pen is built for it."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    pen(s, seat, "C4")
    build(s, seat, "biodome", "C1")
    build(s, seat, "biodome", "B4", damaged=True)
    setr(s, seat, fences=0)
    s.tasks.append(("place", seat, sp("raptor"), 0))
    run(s)
    assert s.phase == rules.HABITAT
    assert sorted(s.legal_actions()) == sorted(IDS.cell + cell(n) for n in ("A1", "A3", "C1", "C4"))
    assert "open space" in s.action_text(IDS.cell + cell("A3"))
    assert "pen on A1 and A2" in s.action_text(IDS.cell + cell("A1"))
    setr(s, seat, fences=4)
    relist(s)
    assert IDS.pen + rect("B1") in s.legal_actions()


def test_a_pen_costs_one_fence_per_new_edge_and_shared_edges_are_reused():
    """'A pen is a closed ring of fences' (published); designed: 'a rectangle of 1 to 6 empty park spaces
    outside every pen, paying one fence from the supply for each of its edges not already fenced'."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "brontosaurus", "B3")
    setr(s, seat, fences=3)
    s.tasks.append(("steps", seat, (("build", True),), 0))
    run(s)
    assert s.phase == rules.BUILD
    legal = s.legal_actions()
    assert IDS.pen + rect("A2") in legal  # A1|A2 stands already: 3 new edges
    assert IDS.pen + rect("A1") not in legal  # inside a pen
    assert IDS.pen + rect("A3", "A4") not in legal  # 5 new edges
    assert IDS.pen + rect("B3") not in legal and IDS.pen + rect("B1") in legal  # a dinosaur stands on B3
    assert "3 fences" in s.action_text(IDS.pen + rect("A2"))
    s.apply(IDS.pen + rect("A2"))
    assert get(s, seat, "fences") == 0
    assert s.fence[seat] == GEO.rectangles[rect("A1")][1] | GEO.rectangles[rect("A2")][1]
    _, areas = rules.regions(s, seat)
    assert sorted((c, closed) for c, closed in areas if closed) == [(1 << cell("A1"), True), (1 << cell("A2"), True)]
    assert s.phase == rules.PLACE  # no fences left: building stopped by itself


# ------------------------------------------------------------------------------------ habitats
def test_a_pen_too_small_is_improper():
    """'Its pen is too small or not fully enclosed'; designed: 'Dinosaurs sharing a pen need the sum of their
    minimum spaces'."""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "t_rex", "A1")  # needs 3
    pen(s, 0, "C1", "C2", "C3")
    put(s, 0, "t_rex", "C1")
    pen(s, 0, "A4", "B4", "C4")
    put(s, 0, "stegosaurus", "A4")
    put(s, 0, "stegosaurus", "B4")  # 2 + 2 in 3 spaces
    assert rules.improper(s, 0) == [True, False, True, True]
    pen(s, 1, "A1", "A2", "B1", "B2")
    put(s, 1, "stegosaurus", "A1")
    put(s, 1, "stegosaurus", "B2")
    assert rules.improper(s, 1) == [False, False]


def test_two_species_sharing_a_habitat_is_improper_except_ankylosaurus():
    """'Two or more species share the same habitat (exception: Ankylosaurus).' Published: the Ankylosaurus
    'may share a habitat with any species; neither rampages'."""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "raptor", "A1")
    put(s, 0, "triceratops", "A2")
    pen(s, 0, "C1", "C2", "C3")
    put(s, 0, "ankylosaurus", "C1")
    put(s, 0, "raptor", "C2")
    assert rules.improper(s, 0) == [True, True, False, False]
    pen(s, 1, "A1", "A2", "A3", "A4")
    put(s, 1, "triceratops", "A1")
    put(s, 1, "triceratops", "A2")
    put(s, 1, "ankylosaurus", "A3")
    assert rules.improper(s, 1) == [False, False, False]


def test_brontosaurus_penned_or_sharing_open_space_is_improper():
    """'A Brontosaurus is penned, or another species has access to open space.'"""
    s = fresh(2)
    put(s, 0, "brontosaurus", "B2")
    put(s, 0, "brontosaurus", "C4")
    assert rules.improper(s, 0) == [False, False]
    put(s, 0, "raptor", "A1")  # in open space too
    assert rules.improper(s, 0) == [True, True, True]
    pen(s, 1, "A1", "A2", "B1", "B2")
    put(s, 1, "brontosaurus", "A1")
    assert rules.improper(s, 1) == [True]


def test_an_ankylosaurus_may_share_open_space_with_a_brontosaurus():
    """The Ankylosaurus 'may share a habitat with any species; neither rampages' (published): beside it the
    Brontosaurus keeps its open space; the Ankylosaurus itself is not enclosed ('not fully enclosed')."""
    s = fresh(2)
    put(s, 0, "brontosaurus", "B2")
    put(s, 0, "ankylosaurus", "C4")
    assert rules.improper(s, 0) == [False, True]


def test_a_new_pen_may_not_close_a_ring_around_a_dinosaur_in_open_space():
    """Designed ('building pens'): pens are built around empty park spaces, so fences never wall in a
    dinosaur standing in open space: the rectangle that would close B2 off is not offered."""
    s = quiet(2)
    seat = s.cur
    for names in (("A1", "A2", "A3", "A4"), ("B1", "C1"), ("B3", "B4", "C3", "C4")):
        pen(s, seat, *names)
    put(s, seat, "brontosaurus", "B2")
    setr(s, seat, fences=8)
    s.tasks.append(("steps", seat, (("build", True),), 0))
    run(s)
    assert s.phase == rules.BUILD
    assert IDS.pen + rect("C2") not in s.legal_actions()  # it would close the ring around B2
    s.fence[seat] &= ~GEO.rectangles[rect("B3", "B4", "C3", "C4")][1]
    relist(s)
    assert IDS.pen + rect("C2") in s.legal_actions()  # B2 stays open to the right


def test_pterodactyl_needs_an_undamaged_biodome_of_up_to_two():
    """'A Pterodactyl is not in a biodome.'; the expansion: a Biodome 'Counts as a fenced pen (any size) for
    up to two compatible dinosaurs.'"""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "pterodactyl", "A1")
    build(s, 0, "biodome", "C1")
    put(s, 0, "pterodactyl", "C1")
    put(s, 0, "pterodactyl", "C1")
    assert rules.improper(s, 0) == [True, False, False]
    put(s, 0, "pterodactyl", "C1")
    assert rules.improper(s, 0) == [True, True, True, True]  # three in one Biodome
    build(s, 1, "biodome", "C1", damaged=True)
    put(s, 1, "pterodactyl", "C1")
    assert rules.improper(s, 1) == [True]


def test_a_pen_with_a_broken_fence_is_open_space():
    """'Its pen is too small or not fully enclosed'; designed: 'an area is a pen when every edge it has on the
    board edge or beside a facility holds a standing fence. Every other park space without a facility is open
    space'."""
    s = fresh(2)
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")
    assert rules.improper(s, 0) == [False] and rules.habitat_keys(s, 0) != [OPEN]
    s.broken[0] |= 1 << edge("A1 top")
    assert rules.improper(s, 0) == [True] and rules.habitat_keys(s, 0) == [OPEN]
    s.broken[0] = 0
    s.fence[0] &= ~(1 << edge("A1|A2"))  # a pen never closed
    assert rules.improper(s, 0) == [True]
    build(s, 1, "petting_zoo", "A2")  # a facility beside a pen needs the fence between them
    pen(s, 1, "A1")
    put(s, 1, "raptor", "A1")
    assert rules.improper(s, 1) == [False]
    s.fence[1] &= ~(1 << edge("A1|A2"))
    assert rules.improper(s, 1) == [True]


def test_triceratops_pairs_sharing_a_pen_add_dinosaur_value():
    """'+1 dinosaur value per 2 Triceratops sharing a pen' (published)."""
    s = fresh(3)
    pen(s, 0, "A1", "A2", "A3")
    for where in ("A1", "A2", "A3"):
        put(s, 0, "triceratops", where)
    assert rules.dinosaur_value(s, 0) == 3 * 2 + 1
    pen(s, 1, "A1", "A2", "A3", "A4")
    for where in ("A1", "A2", "A3", "A4"):
        put(s, 1, "triceratops", where)
    assert rules.dinosaur_value(s, 1) == 4 * 2 + 2
    pen(s, 2, "A1")
    pen(s, 2, "C1")
    put(s, 2, "triceratops", "A1")
    put(s, 2, "triceratops", "C1")
    put(s, 2, "triceratops", "B3")  # open space: no pen shared
    put(s, 2, "triceratops", "B3")
    assert rules.dinosaur_value(s, 2) == 4 * 2


def test_dinosaur_value_is_capped_at_thirty():
    """'a Dinosaur Value track 0-30' (published)."""
    s = fresh(2)
    pen(s, 0, "A1", "A2", "A3", "B1", "B2", "B3")
    for _ in range(4):
        put(s, 0, "t_rex", "A1")
    assert rules.dinosaur_value(s, 0) == 28
    put(s, 0, "raptor", "A1")
    assert rules.dinosaur_value(s, 0) == 30
    assert s.view(1)["players"][0]["dinosaur_value"] == 30


def test_reputation_counts_dinosaurs_and_undamaged_facilities_less_scandals():
    """Published reputation per species; designed: 'Reputation is the sum of the park's dinosaurs and
    undamaged facilities, less 1 for each Scandal; it can go below zero.'"""
    s = fresh(2)
    put(s, 0, "pterodactyl", "A1")  # 4
    put(s, 0, "mutant", "A2")  # 0
    build(s, 0, "park_mascots")  # 2
    build(s, 0, "holo_dome", "C4", damaged=True)  # 0 while damaged
    assert rules.reputation(s, 0) == 6
    setr(s, 0, scandals=8)
    assert rules.reputation(s, 0) == -2
