"""DinoGenics component counts: dinosaur meeples limit what can be created. The Controlled Chaos rulebook's
Components:

> 24 Aquatic Dinosaur Meeples: 6x Ichthyosaur ... 6x Plesiosaurus ... 4x Megalodon ... 4x Mosasaur ...
> 4x Spinosaurus ... 10 Dinosaur Meeples: 6x Gallimimus ... 4x Therizinosaurus ... Dinosaur Elites Module:
> 7 Meeples and 7 Cards: 2x Dimetrodon, 2x Pachycephalosaurus, 2x Parasaurolophus, 1x Dreadnoughtus

The base game's counts are not published: designed ([meeples_designed] in content.toml, with its reason).
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, board, render, rules, testing
from dinotable.games.dinogenics.components import FATALITY, SLASH

from .dinogenics_helpers import (
    build,
    cc_quiet,
    coop,
    deck_top,
    do_steps,
    give,
    give_kind,
    hq_option,
    hurt,
    large,
    place,
    put,
    relist,
    setr,
    sp,
    synth_dinos,
    synth_turn,
)

C = GAME.content
IDS = GAME.ids
RULEBOOK = {
    "ichthyosaur": 6,
    "plesiosaurus": 6,
    "megalodon": 4,
    "mosasaur": 4,
    "spinosaurus": 4,
    "gallimimus": 6,
    "therizinosaurus": 4,
    "dimetrodon": 2,
    "pachycephalosaurus": 2,
    "parasaurolophus": 2,
    "dreadnoughtus": 1,
}


def fill(s, park: int, key: str, n: int) -> None:
    """n meeples of a species out of the supply, into a park (on C4: where they stand does not matter here)."""
    for _ in range(n):
        put(s, park, key, "C4")


def test_the_rulebooks_counts_and_the_designed_ones_are_in_the_content():
    """'6x Ichthyosaur ... 6x Plesiosaurus ... 4x Megalodon ... 4x Mosasaur ... 4x Spinosaurus ... 6x Gallimimus
    ... 4x Therizinosaurus'; the Elites' '2x Dimetrodon, 2x Pachycephalosaurus, 2x Parasaurolophus, 1x
    Dreadnoughtus'. Every other species has a designed count, listed as designed with its reason."""
    assert {sp.key: sp.meeples for sp in C.species if sp.key in RULEBOOK} == RULEBOOK
    assert all(sp.meeples >= 1 for sp in C.species)
    rows = {p["name"]: p for p in C.provenance if p["kind"] == "component"}
    assert rows["meeples"]["provenance"] == "rulebook" and "4x Megalodon" in rows["meeples"]["text"]
    assert rows["meeples designed"]["provenance"] == "designed"
    assert "not published" in rows["meeples designed"]["text"]


def test_a_species_with_no_meeple_left_cannot_be_created_and_the_action_list_says_so():
    """'4x Megalodon': with all four in parks, a Megalodon set in hand creates nothing. DinoGenics IOM is not
    offered for it alone, and the board says why; beside a Raptor set, IOM is offered, its text says 'no
    Megalodon meeple left', and only the Raptor can be chosen. A Megalodon destroyed goes back to the supply."""
    s = cc_quiet(2)
    seat = s.cur
    other = 1 - seat
    large(s, seat, "aquatic_habitat", "A1", "A2")
    give_kind(s, seat, sp("megalodon"), 4)
    assert rules.creatable(s, seat, 0) == [sp("megalodon")]
    fill(s, other, "megalodon", 4)
    relist(s)
    assert rules.meeples_left(s, sp("megalodon")) == 0
    assert rules.creatable(s, seat, 0) == [] and rules.out_of_meeples(s, seat, 0) == [sp("megalodon")]
    assert place("iom") not in s.legal_actions()
    assert "No meeple left (cannot be created): Megalodon" in board.board_text(s, seat)
    assert render.view(s, seat)["meeples_left"]["megalodon"] == 0
    give(s, seat, "raptor", 2)
    relist(s)
    assert place("iom") in s.legal_actions()
    assert s.action_text(place("iom")) == "DinoGenics IOM: create a dinosaur (no Megalodon meeple left)"
    s.apply(place("iom"))
    assert (s.phase, s.ctx[0]) == (rules.HABITAT, sp("raptor"))  # the one species to create, chosen by itself
    rules.destroy(s, other, 0, [])
    assert rules.meeples_left(s, sp("megalodon")) == 1


def test_no_mutant_meeple_left_no_mutant_is_bred():
    """'each mutant may be fed 2 goats once per Season to add a new mutant to your park': not with every Mutant
    meeple in the parks (designed count)."""
    s = cc_quiet(2)
    seat = s.cur
    put(s, seat, "mutant", "C4")
    setr(s, seat, goats=4)
    s.phase = rules.NONE
    testing.run_task(s, ("mutants", seat, 1), [])
    assert (s.phase, s.cur) == (rules.MUTANT, seat)
    s.phase = rules.NONE
    fill(s, 1 - seat, "mutant", C.species[sp("mutant")].meeples - 1)
    testing.run_task(s, ("mutants", seat, 1), [])
    assert s.phase == rules.NONE


def test_a_bred_mutant_needs_somewhere_to_go():
    """'each mutant may be fed 2 goats once per Season to add a new mutant to your park': not when every park
    space holds a facility and no Biodome is undamaged (the new mutant would have no habitat to be placed
    in; a rampage damaging the Biodome it lived in leaves it so)."""
    s = cc_quiet(2)
    seat = s.cur
    dome = build(s, seat, "biodome", "C4")
    put(s, seat, "mutant", "C4")
    for first, second in (("A1", "A2"), ("A3", "A4"), ("B1", "B2"), ("B3", "B4"), ("C1", "C2")):
        large(s, seat, "aquatic_habitat", first, second)
    build(s, seat, "petting_zoo", "C3")
    setr(s, seat, goats=4)
    s.phase = rules.NONE
    testing.run_task(s, ("mutants", seat, 1), [])
    assert (s.phase, s.cur) == (rules.MUTANT, seat)  # the undamaged Biodome has room
    s.phase = rules.NONE
    hurt(s, seat, dome)
    testing.run_task(s, ("mutants", seat, 1), [])
    assert s.phase == rules.NONE


def test_no_plesiosaurus_left_no_open_ocean_roll():
    """'Place one Plesiosaurus meeple on the Open Ocean space' ... 'Roll two Upkeep Dice and pay the combined
    credit cost shown to place a Plesiosaurus into your park': with all six Plesiosaurus in parks (designed:
    the Open Ocean's is one of the six), the HQ does not offer the roll."""
    s = cc_quiet(2)
    seat = s.cur
    setr(s, seat, credits=10)
    do_steps(s, seat, C.spaces[C.space_index("hq")].steps[:1])
    assert hq_option("open_ocean") in s.legal_actions()
    s = cc_quiet(2)
    seat = s.cur
    setr(s, seat, credits=10)
    fill(s, 1 - seat, "plesiosaurus", 6)
    do_steps(s, seat, C.spaces[C.space_index("hq")].steps[:1])
    assert hq_option("open_ocean") not in s.legal_actions()


def test_synth_places_only_a_species_with_a_meeple_left():
    """Synth: 'Draw 3 standard DNA cards. Place the lowest reputation dinosaur into play in the Synth park.'
    Designed: of the species drawn with a meeple left (the Stegosaurus' six are all in parks, so the Raptor)."""
    s = coop(hands=False)
    fill(s, 0, "stegosaurus", 6)
    deck_top(s, "t_rex", "stegosaurus", "raptor")
    synth_turn(s, SLASH, FATALITY)
    assert [key for key, _ in synth_dinos(s)] == ["raptor"]


@pytest.mark.parametrize("options", [{"expansion": False}, {}])
def test_the_base_species_counts_hold_through_a_game(options):
    """However play goes, no species has more dinosaurs in the parks than its meeples (random play, five
    players, where the most are made)."""
    s = GAME.new_game(5, 3, options)
    rng = seed_state(3)
    while not s.is_over:
        for sp_ in C.species:
            assert rules.meeples_left(s, sp_.index) >= 0, sp_.key
        legal = s.legal_actions()
        rng, i = next_below(rng, len(legal))
        s.apply(legal[i])
