"""DinoGenics with Controlled Chaos: the expansion rulebook's sections IntelliGen Designs Side Board, Aquatic
Dinosaurs, Additional Clarifications, Dinosaur Reference, Large Facilities, Standard Facilities and Quick
Reference, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, scenarios start from a real new game (here with the expansion) and set the flat
state's fields directly; cards, tiles and specialists are moved, never made, so that the invariants still hold.
The Upkeep dice are steered by choosing the generator state before a roll.

This file: eDNA, Polymorphic, Refined DNA, Aquatic Habitats, aquatic rampages, species.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.games.dinogenics import rules, testing
from dinotable.games.dinogenics.components import DNA, DROWNING, REFINED
from dinotable.games.dinogenics.rules import (
    HUNGRY,
    as_repaired,
    has_flag,
    is_damaged,
    with_flag,
    without_flag,
)

from .dinogenics_helpers import (
    IDS,
    POLY,
    C,
    K,
    T,
    cc,
    cc_quiet,
    cell,
    damaged,
    do_steps,
    get,
    give,
    give_kind,
    hand_kinds,
    hurt,
    kinds_of,
    large,
    pen,
    place,
    put,
    run,
    setr,
    sp,
    steer_upkeep,
    victim,
)


# ----------------------------------------------------------------------- eDNA, Polymorphic, Refined DNA
def test_polymorphic_and_refined_dna_fill_a_set():
    """'Both Refined DNA tokens and Polymorphic DNA cards can be used instead of a normal card in a DNA or eDNA
    set when making a dinosaur'; 'Refined DNA tokens can substitute for any card ... by discarding the token.'
    A T-Rex (3 cards) from one T-Rex card, one Polymorphic DNA and one token."""
    s = cc_quiet(2)
    seat = s.cur
    give(s, seat, "t_rex")
    assert sp("t_rex") not in rules.creatable(s, seat, 0)
    give_kind(s, seat, POLY)
    s.put(seat, REFINED, 1)
    assert sp("t_rex") in rules.creatable(s, seat, 0)
    do_steps(s, seat, (("create", 0),))
    s.apply(IDS.species + sp("t_rex"))
    assert s.phase == rules.PICK and s.ctx[:3] == (rules.SET, 3, sp("t_rex"))
    assert sorted(s.legal_actions()) == sorted([IDS.dna + sp("t_rex"), IDS.dna + POLY, IDS.refined])
    s.apply(IDS.dna + sp("t_rex"))
    s.apply(IDS.dna + POLY)  # the token follows by itself
    assert s.phase == rules.HABITAT and s.ctx[0] == sp("t_rex")
    assert hand_kinds(s, seat) == [] and s.get(seat, REFINED) == 0
    assert s.dna_discard[-2:] == [sp("t_rex"), POLY]


def test_no_brontosaurus_from_four_refined_dna_tokens():
    """'For example, a player can't make a Brontosaurus with 4 Refined DNA tokens.'"""
    s = cc_quiet(2)
    seat = s.cur
    s.put(seat, REFINED, 4)
    give_kind(s, seat, POLY, 3)
    give(s, seat, "raptor")
    assert sp("brontosaurus") not in rules.creatable(s, seat, 0)
    give(s, seat, "brontosaurus")
    assert sp("brontosaurus") in rules.creatable(s, seat, 0)


def test_no_gallimimus_from_a_single_substitute_even_with_one_in_the_park():
    """'Similarly, a player cannot make a Gallimimus with a single Refined or Polymorphic DNA, even if they
    already have a Gallimimus.'"""
    s = cc_quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "gallimimus", "A1")
    give_kind(s, seat, POLY)
    s.put(seat, REFINED, 1)
    give(s, seat, "raptor")
    assert sp("gallimimus") not in rules.creatable(s, seat, 0)
    s.dna[seat * K + POLY] -= 1
    s.edna_deck.append(POLY)
    assert sp("gallimimus") not in rules.creatable(s, seat, 0)


def test_a_mutant_may_be_made_with_a_substitute():
    """'Both Refined DNA tokens and Polymorphic DNA cards can be used instead of a normal card in a DNA or eDNA
    set when making a dinosaur (including mutants).'"""
    s = cc_quiet(2)
    seat = s.cur
    give(s, seat, "stegosaurus")
    give(s, seat, "ankylosaurus")
    assert sp("mutant") not in rules.creatable(s, seat, 0)
    give_kind(s, seat, POLY)
    assert sp("mutant") in rules.creatable(s, seat, 0)
    do_steps(s, seat, (("create", 0),))
    s.apply(IDS.species + sp("mutant"))
    assert s.phase == rules.PICK and s.ctx[0] == rules.MUTANT_SET
    s.apply(IDS.dna + sp("stegosaurus"))
    s.apply(IDS.dna + sp("ankylosaurus"))
    assert s.phase == rules.HABITAT and s.ctx[0] == sp("mutant")
    assert hand_kinds(s, seat) == []


def test_edna_cards_make_an_aquatic_dinosaur_with_a_polymorphic_card():
    """'eDNA ... used to make aquatic dinosaurs'; 'Polymorphic DNA cards which can substitute for any card of
    a DNA or eDNA set when making a dinosaur.' Two Ichthyosaur eDNA and a Polymorphic DNA make an Ichthyosaur
    (3 cards)."""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    give_kind(s, seat, sp("ichthyosaur"), 2)
    assert sp("ichthyosaur") not in rules.creatable(s, seat, 0)
    give_kind(s, seat, POLY)
    assert sp("ichthyosaur") in rules.creatable(s, seat, 0)


def test_draw_dna_draws_from_the_standard_deck_only():
    """'New eDNA cards can only be drawn from the deck using Site D, or when a card or facility effect
    specifically grants "eDNA". If a card says to "draw DNA" (even to fill the Market), you must draw from the
    standard DNA deck.'"""
    s = cc_quiet(2)
    seat = s.cur
    edna = len(s.edna_deck)
    do_steps(s, seat, (("gain", ((DNA, 2),)),))
    assert len(hand_kinds(s, seat)) == 2 and not any(T.edna[k] for k in hand_kinds(s, seat))
    assert len(s.edna_deck) == edna
    # An empty standard deck is made again from the standard cards of the discard pile, never from eDNA.
    s.dna_discard += s.dna_deck
    s.dna_deck.clear()
    moved = [s.edna_deck.pop() for _ in range(5)]
    s.dna_discard += moved
    s.dna_discard += s.market
    s.market.clear()
    rules.refill_market(s)
    assert len(s.market) == 4 and not any(T.edna[k] for k in s.market + s.dna_deck)
    assert sorted(k for k in s.dna_discard if T.edna[k]) == sorted(moved)


def test_edna_can_be_sold_at_the_market_and_taken_from_the_boneyard():
    """'Once drawn in hand, eDNA counts as DNA in all ways. For example, eDNA ... can be bought/sold on the DNA
    Market and be picked up at the Boneyard.'"""
    s = cc_quiet(2)
    seat = s.cur
    give_kind(s, seat, sp("megalodon"))
    setr(s, seat, credits=0)
    do_steps(s, seat, (("market_sell", (C.numbers["market_sell_cards"], C.numbers["market_sell"])),))
    assert IDS.dna + sp("megalodon") in s.legal_actions()
    s.apply(IDS.dna + sp("megalodon"))
    assert get(s, seat, "credits") == C.numbers["market_sell"] and hand_kinds(s, seat) == []
    assert s.market[-1] == sp("megalodon")  # designed: 'cards sold to the DNA Market' (test_dinogenics_market.py)
    give_kind(s, seat, sp("megalodon"))
    s.tasks.append(("steps", seat, (("lose", ((DNA, 1),)),), 0))  # discarded: to the Boneyard
    run(s)
    assert s.dna_discard[-1] == sp("megalodon")
    assert (s.phase, s.cur) == (rules.PLACE, seat) and place("boneyard") in s.legal_actions()
    s.apply(place("boneyard"))
    s.apply(IDS.dna + sp("megalodon"))
    s.apply(IDS.done)
    assert hand_kinds(s, seat) == [sp("megalodon")] and get(s, seat, "scandals") == 1


# ------------------------------------------------------------------------------------ Aquatic Habitats
def test_size_one_aquatic_dinosaurs_share_a_habitat_and_a_size_two_fills_it():
    """'Aquatic Habitat (x 8): Holds up to two size 1 aquatic dinosaurs or one size 2 aquatic dinosaur. Size 1
    dinosaurs (Ichthyosaur and Plesiosaurus) can share the same Aquatic Habitat without rampaging.'"""
    s = cc(2)
    large(s, 0, "aquatic_habitat", "A1", "A2")
    large(s, 0, "aquatic_habitat", "C1", "C2")
    assert rules.aquatic_room(s, 0, 2) == [cell("A1"), cell("C1")]
    put(s, 0, "ichthyosaur", "A1")
    assert rules.aquatic_room(s, 0, 1) == [cell("A1"), cell("C1")]
    assert rules.aquatic_room(s, 0, 2) == [cell("C1")]
    put(s, 0, "plesiosaurus", "A1")
    assert rules.improper(s, 0) == [False, False]
    assert rules.aquatic_room(s, 0, 1) == [cell("C1")]
    put(s, 0, "megalodon", "C1")
    assert rules.aquatic_room(s, 0, 1) == [] and rules.aquatic_room(s, 0, 2) == []
    assert rules.improper(s, 0) == [False, False, False]


def test_a_damaged_or_full_habitat_refuses_an_aquatic_dinosaur():
    """'Aquatic dinosaurs must be placed in an undamaged Aquatic Habitat in the player's park. If an Aquatic
    Habitat is damaged, or fully occupied, the dinosaur may not be placed.'"""
    s = cc_quiet(2)
    seat = s.cur
    hab = large(s, seat, "aquatic_habitat", "A1", "A2")
    give_kind(s, seat, sp("plesiosaurus"), 2)
    assert sp("plesiosaurus") in rules.creatable(s, seat, 0)
    hurt(s, seat, hab)
    assert rules.aquatic_room(s, seat, 1) == []
    assert sp("plesiosaurus") not in rules.creatable(s, seat, 0)
    facs = list(s.facs[seat])
    facs[hab] = as_repaired(facs[hab])
    s.facs[seat] = tuple(facs)
    put(s, seat, "spinosaurus", "A1")
    assert sp("plesiosaurus") not in rules.creatable(s, seat, 0)  # full


def test_aquatic_dinosaurs_in_a_damaged_habitat_score_nothing_but_keep_reputation():
    """'If an Aquatic Habitat is ever damaged, any aquatic dinosaurs contained within provide zero victory
    points until the facility is repaired. Adjust your Dinosaur Value track appropriately. (Reputation is
    unaffected.)'; 'Aquatic dinosaurs in a damaged habitat do not score.'"""
    s = cc(2)
    hab = large(s, 0, "aquatic_habitat", "A1", "A2")
    put(s, 0, "ichthyosaur", "A1")
    put(s, 0, "plesiosaurus", "A1")
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")
    assert rules.dinosaur_value(s, 0) == 5 + 3 + 4
    rep = rules.reputation(s, 0)
    assert rep == 1 + 2 + 2
    hurt(s, 0, hab)
    assert rules.dinosaur_value(s, 0) == 4
    assert rules.reputation(s, 0) == rep
    setr(s, 0, vp=0)
    testing.run_stage(s, "vp", [])
    assert get(s, 0, "vp") == 4


# ----------------------------------------------------------------------------------- aquatic rampages
def test_aquatic_dinosaurs_check_in_upkeep_only_when_damaged_or_unfed():
    """'Aquatic Rampage Checks: Aquatic dinosaurs usually only rampage during the Upkeep Phase, and then only if
    its Aquatic Habitat is damaged or if it hasn't been fed.'; 'When an aquatic dinosaur needs to resolve a
    rampage check, roll one Upkeep Die.'"""
    s = cc(2)
    hab = large(s, 0, "aquatic_habitat", "A1", "A2")
    put(s, 0, "ichthyosaur", "A1")
    put(s, 0, "plesiosaurus", "A1")
    testing.run_stage(s, "rampage", [])
    assert s.tasks == []
    s.dinos[0] = (with_flag(s.dinos[0][0], HUNGRY), s.dinos[0][1])
    testing.run_stage(s, "rampage", [])
    assert s.tasks == [("aquatic", 0, 0)]
    s.tasks.clear()
    s.dinos[0] = (without_flag(s.dinos[0][0], HUNGRY), s.dinos[0][1])
    hurt(s, 0, hab)
    testing.run_stage(s, "rampage", [])
    assert sorted(s.tasks) == [("aquatic", 0, 0), ("aquatic", 0, 1)]


def test_an_aquatic_dinosaur_makes_no_rampage_check_when_placed():
    """'Aquatic dinosaurs usually only rampage during the Upkeep Phase'."""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    put(s, seat, "ichthyosaur", "A1")
    rules.place_dinosaur(s, seat, sp("plesiosaurus"), cell("A1"), 0, [])
    assert s.tasks == []


@pytest.mark.parametrize(("credits", "left", "hurt_"), [(5, 2, False), (3, 0, False), (1, 0, True)])
def test_the_upkeep_die_cost_is_paid_or_as_much_as_can_be_and_the_habitat_is_damaged(credits, left, hurt_):
    """'If the die shows a Credit Symbol, the player must immediately pay that number of credits, or as much as
    they can. If they can't pay the full amount, then the Aquatic Habitat is assigned damage and flipped to its
    damaged side.'"""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    i = put(s, seat, "ichthyosaur", "A1", HUNGRY)
    setr(s, seat, credits=credits)
    steer_upkeep(s, 3)
    s.tasks.append(("aquatic", seat, i))
    events = run(s)
    assert [e.detail["face"] for e in events if e.kind == "aquatic_rampage"] == [3]
    assert get(s, seat, "credits") == left
    assert damaged(s, seat) == (["aquatic_habitat"] if hurt_ else [])


@pytest.mark.parametrize(("visitors", "after", "scandals"), [(2, 1, 1), (0, 0, 0)])
def test_drowning_kills_a_visitor_for_a_scandal_and_nothing_without_visitors(visitors, after, scandals):
    """'If the Drowning Symbol is rolled, the player must kill a visitor in their park, giving them a scandal
    and returning the visitor to the general supply. The Drowning Symbol has no effect if the park has no
    visitors.'"""
    s = cc_quiet(2)
    seat = s.cur
    hab = large(s, seat, "aquatic_habitat", "A1", "A2", hurt=True)
    i = put(s, seat, "plesiosaurus", "A1")
    setr(s, seat, visitors=visitors, credits=4)
    steer_upkeep(s, DROWNING)
    s.tasks.append(("aquatic", seat, i))
    run(s)
    assert (get(s, seat, "visitors"), get(s, seat, "scandals"), get(s, seat, "credits")) == (after, scandals, 4)
    assert is_damaged(s.facs[seat][hab])  # still damaged, nothing else


# ------------------------------------------------------------------------------------------ species
def test_gallimimus_simple_genome_one_card_once_one_is_in_the_park():
    """'Simple Genome: DNA requirement is 1 while you have at least one Gallimimus in your park.'; '2 DNA
    Required'."""
    s = cc_quiet(2)
    seat = s.cur
    give(s, seat, "gallimimus")
    assert sp("gallimimus") not in rules.creatable(s, seat, 0)
    pen(s, seat, "A1", "A2")
    put(s, seat, "gallimimus", "A1")
    assert sp("gallimimus") in rules.creatable(s, seat, 0)
    assert rules.set_size(s, seat, sp("gallimimus"), 0) == 1
    other = 1 - seat
    assert rules.set_size(s, other, sp("gallimimus"), 0) == 2  # another park's Gallimimus does not count
    do_steps(s, seat, (("create", 0),))
    assert s.phase == rules.CREATE and s.legal_actions() == [IDS.species + sp("gallimimus")]
    s.apply(IDS.species + sp("gallimimus"))
    assert s.phase == rules.HABITAT and s.ctx[0] == sp("gallimimus")  # one card was the whole set
    assert hand_kinds(s, seat) == []


def test_therizinosaurus_three_more_vp_each_season_in_a_pen_of_four_or_more():
    """'Tree Harvester: Gain an additional 3 VP per Season if the Therizinosaurus is in a habitat of 4+
    spaces.'; '3 Victory Points'. 'Remember, traits apply to each dinosaur individually.'"""
    s = cc(2)
    pen(s, 0, "A1", "A2", "B1", "B2")
    put(s, 0, "therizinosaurus", "A1")
    put(s, 0, "therizinosaurus", "B2")
    pen(s, 1, "A1", "A2", "A3")
    put(s, 1, "therizinosaurus", "A1")
    setr(s, 0, vp=0)
    setr(s, 1, vp=0)
    testing.run_stage(s, "vp", [])
    assert get(s, 0, "vp") == 2 * 3 + 2 * 3
    assert get(s, 1, "vp") == 3


def test_ichthyosaur_gains_four_credits_when_placed():
    """'Swimming Partner: When placed, immediately gain 4 credits.'; 'On Placement: Any dinosaur or facility
    that has an on-placement benefit or penalty is only received once immediately before the meeple or facility
    is first added to a player's park.'"""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    setr(s, seat, credits=1)
    s.tasks.append(("place", seat, sp("ichthyosaur"), 0))
    run(s)
    assert s.legal_actions() == [IDS.cell + cell("A1")]
    s.apply(IDS.cell + cell("A1"))
    assert get(s, seat, "credits") == 5 and kinds_of(s, seat) == [sp("ichthyosaur")]
    testing.run_stage(s, "vp", [])
    testing.run_stage(s, "resources", [])
    assert get(s, seat, "credits") == 5  # once only


def test_megalodon_gains_six_vp_when_placed():
    """'Leviathan: When placed, immediately gain 6 VP.'"""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    setr(s, seat, vp=2)
    s.tasks.append(("place", seat, sp("megalodon"), 0))
    run(s)
    s.apply(IDS.cell + cell("A1"))
    assert get(s, seat, "vp") == 8 and kinds_of(s, seat) == [sp("megalodon")]


def test_plesiosaurus_needs_no_feeding_and_an_ichthyosaur_does():
    """'Simple Feeder: Does not require feeding during the Upkeep Phase.'; '1. Feed all carnivores'."""
    s = cc(2)
    large(s, 0, "aquatic_habitat", "A1", "A2")
    put(s, 0, "plesiosaurus", "A1")
    put(s, 0, "ichthyosaur", "A1")
    setr(s, 0, goats=0)
    testing.run_stage(s, "feed", [])
    assert [has_flag(d, HUNGRY) for d in s.dinos[0]] == [False, True]
    testing.run_stage(s, "rampage", [])
    assert s.tasks == [("aquatic", 0, 1)]


def _mosasaur_park():
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    put(s, seat, "mosasaur", "A1")
    pen(s, seat, "C1")
    put(s, seat, "raptor", "C1")
    setr(s, seat, goats=0, vp=0)
    testing.run_stage(s, "terror", [])
    run(s)
    return s, seat


def test_mosasaur_terror_destroys_a_dinosaur_to_go_unfed_for_five_vp():
    """'Terror: During Upkeep, you may destroy a dinosaur in your park to ignore feeding a Mosasaur. If you do,
    immediately gain 5 VP.'"""
    s, seat = _mosasaur_park()
    assert (s.phase, s.cur) == (rules.DESTROY, seat)
    assert s.legal_actions() == [IDS.done, victim("raptor", "C1")]  # not the Mosasaur itself
    s.apply(victim("raptor", "C1"))
    assert kinds_of(s, seat) == [sp("mosasaur")] and get(s, seat, "vp") == 5
    testing.run_stage(s, "feed", [])
    assert not has_flag(s.dinos[seat][0], HUNGRY) and get(s, seat, "goats") == 0
    testing.run_stage(s, "rampage", [])
    assert s.tasks == []


def test_mosasaur_terror_declined_means_it_is_fed_as_usual():
    """'you may destroy a dinosaur ... to ignore feeding a Mosasaur': declining, it must be fed."""
    s, seat = _mosasaur_park()
    s.apply(IDS.done)
    assert len(s.dinos[seat]) == 2 and get(s, seat, "vp") == 0
    testing.run_stage(s, "feed", [])
    assert has_flag(s.dinos[seat][0], HUNGRY)


def test_spinosaurus_destroys_a_dinosaur_when_placed():
    """'Aquatic Hunter: Destroy one dinosaur in your park when placed or resolve an Upkeep Die check.';
    'If a dinosaur is destroyed, it is immediately removed from the player's island board'."""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    pen(s, seat, "C1")
    put(s, seat, "raptor", "C1")
    s.tasks.append(("place", seat, sp("spinosaurus"), 0))
    run(s)
    s.apply(IDS.cell + cell("A1"))
    assert (s.phase, s.cur) == (rules.DESTROY, seat)
    assert s.legal_actions() == [IDS.done, victim("raptor", "C1")]
    rep = rules.reputation(s, seat)
    s.apply(victim("raptor", "C1"))
    assert kinds_of(s, seat) == [sp("spinosaurus")]
    assert rules.reputation(s, seat) == rep - C.species[sp("raptor")].reputation


def test_spinosaurus_not_destroying_rolls_the_upkeep_die():
    """'Aquatic Hunter: Destroy one dinosaur in your park when placed or resolve an Upkeep Die check.'"""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    pen(s, seat, "C1")
    put(s, seat, "raptor", "C1")
    setr(s, seat, visitors=2)
    s.tasks.append(("place", seat, sp("spinosaurus"), 0))
    run(s)
    s.apply(IDS.cell + cell("A1"))
    steer_upkeep(s, DROWNING)
    events = s.apply(IDS.done)
    assert [e.detail["face"] for e in events if e.kind == "aquatic_rampage"] == [DROWNING]
    assert len(s.dinos[seat]) == 2
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1)
