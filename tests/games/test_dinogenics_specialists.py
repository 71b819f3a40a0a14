"""DinoGenics with Controlled Chaos: the expansion rulebook's sections IntelliGen Designs Side Board, Aquatic
Dinosaurs, Additional Clarifications, Dinosaur Reference, Large Facilities, Standard Facilities and Quick
Reference, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, scenarios start from a real new game (here with the expansion) and set the flat
state's fields directly; cards, tiles and specialists are moved, never made, so that the invariants still hold.
The Upkeep dice are steered by choosing the generator state before a roll.

This file: specialists, invariants, review fixes.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.components import CREDITS, DNA, DROWNING, FATALITY, SLASH
from dinotable.games.dinogenics.rules import species_of

from .dinogenics_helpers import (
    GEO,
    IDS,
    T,
    cc,
    cc_quiet,
    cell,
    do_steps,
    empty_hands,
    get,
    give,
    hire,
    large,
    pen,
    put,
    relist,
    run,
    setr,
    sp,
    space,
    steer,
    steer_upkeep,
)


# ------------------------------------------------------------------------------------------ specialists
def test_security_officer_turns_a_slash_into_a_naive_visitor():
    """Designed: the Security Officer: 'Slash rampage results in your park count as Naive Visitor.' ('Naive
    Visitor: If you have a visitor, gain 1 credit.')"""
    s = cc_quiet(2)
    seat = s.cur
    hire(s, seat, "security_officer")
    pen(s, seat, "A1")
    i = put(s, seat, "raptor", "A1")
    setr(s, seat, visitors=1, credits=0)
    testing.run_task(s, ("face", seat, i, SLASH), [])
    assert s.tasks == []
    assert (get(s, seat, "credits"), get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1, 0)


def test_chaotician_a_t_rex_rolls_one_rampage_die_and_a_fatality_is_rolled_again():
    """Designed: the Chaotician: 'A Fatality rampage result in your park is rolled again once, and a T-Rex in
    your park rolls one rampage die instead of two.' (the rulebook's T-Rex 'rolls two rampage dice')"""
    s = cc_quiet(2)
    seat, other = s.cur, 1 - s.cur
    for p in (seat, other):
        pen(s, p, "A1")
        put(s, p, "t_rex", "A1")
    hire(s, seat, "chaotician")
    steer(s, FATALITY, SLASH)
    events: list = []
    testing.run_task(s, ("rampage", seat, 0), events)
    assert events[-1].detail["faces"] == ["slash"]  # one die, its Fatality rolled again
    steer(s, FATALITY, SLASH)
    events = []
    testing.run_task(s, ("rampage", other, 0), events)
    assert events[-1].detail["faces"] == ["fatality", "slash"]  # without the Chaotician: both dice


def test_marine_biologist_drowning_in_an_upkeep_aquatic_rampage_check_has_no_effect_in_that_park_only():
    """Designed: the Marine Biologist: 'Drowning results have no effect in your park'. Without it the rulebook's
    Upkeep Die applies: 'If the Drowning Symbol is rolled, the player must kill a visitor in their park, giving
    them a scandal' ('Aquatic Rampage Checks: ... only if its Aquatic Habitat is damaged or if it hasn't been
    fed.'). Two parks alike, each a Plesiosaurus in a damaged Aquatic Habitat and 2 visitors, both checks
    Drowning: only the park without the Marine Biologist loses a visitor."""
    s = cc(2)
    for park in (0, 1):
        large(s, park, "aquatic_habitat", "A1", "A2", hurt=True)
        put(s, park, "plesiosaurus", "A1")
        setr(s, park, visitors=2, scandals=0, credits=4)
    hire(s, 0, "marine_biologist")
    testing.run_stage(s, "rampage", [])
    assert sorted(s.tasks) == [("aquatic", 0, 0), ("aquatic", 1, 0)]
    steer_upkeep(s, DROWNING, DROWNING)
    events = run(s)
    assert sorted((e.seat, e.detail["face"]) for e in events if e.kind == "aquatic_rampage") == [
        (0, DROWNING),
        (1, DROWNING),
    ]
    assert [(e.seat, e.detail) for e in events if e.kind == "no_effect"] == [(0, {"face": "Drowning"})]
    assert (get(s, 0, "visitors"), get(s, 0, "scandals"), get(s, 0, "credits")) == (2, 0, 4)
    assert (get(s, 1, "visitors"), get(s, 1, "scandals"), get(s, 1, "credits")) == (1, 1, 4)


@pytest.mark.parametrize(("marine_biologist", "visitors", "scandals"), [(True, 2, 0), (False, 1, 1)])
def test_marine_biologist_drowning_on_the_spinosaurus_upkeep_die_check_has_no_effect(
    marine_biologist, visitors, scandals
):
    """Designed: the Marine Biologist: 'Drowning results have no effect in your park'; the Spinosaurus:
    'Aquatic Hunter: Destroy one dinosaur in your park when placed or resolve an Upkeep Die check.', whose
    Drowning 'must kill a visitor in their park, giving them a scandal'. The same placement with and without
    the Marine Biologist: the check shows Drowning either way, and only without it is a visitor killed."""
    s = cc_quiet(2)
    seat = s.cur
    if marine_biologist:
        hire(s, seat, "marine_biologist")
    large(s, seat, "aquatic_habitat", "A1", "A2")
    pen(s, seat, "C1")
    put(s, seat, "raptor", "C1")
    setr(s, seat, visitors=2, scandals=0)
    s.tasks.append(("place", seat, sp("spinosaurus"), 0))
    run(s)
    s.apply(IDS.cell + cell("A1"))
    assert (s.phase, s.cur) == (rules.DESTROY, seat)
    steer_upkeep(s, DROWNING)
    events = s.apply(IDS.done)  # nothing destroyed: the Upkeep Die check
    assert [e.detail["face"] for e in events if e.kind == "aquatic_rampage"] == [DROWNING]
    assert [e.kind for e in events if e.kind in ("no_effect", "killed")] == (
        ["no_effect"] if marine_biologist else ["killed"]
    )
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (visitors, scandals)
    assert len(s.dinos[seat]) == 2  # the Raptor stays, the Spinosaurus is placed


@pytest.mark.parametrize(("dice", "cost"), [((DROWNING, 3), 6), ((DROWNING, DROWNING), None)])
def test_marine_biologist_leaves_the_open_ocean_roll_at_intelligen_designs_hq_as_printed(dice, cost):
    """Designed: the Marine Biologist's 'Drowning results have no effect in your park' covers the checks made in
    the park; the Open Ocean Roll is made at IntelliGen Designs HQ: 'If you roll one Drowning symbol, then pay
    double the credit amount on the other die. If ... both dice show a Drowning symbol, you lose 1 VP and do not
    place the Plesiosaurus.' With the Marine Biologist, a Drowning there still doubles or loses the VP."""
    s = cc_quiet(2)
    seat = s.cur
    hire(s, seat, "marine_biologist")
    large(s, seat, "aquatic_habitat", "A1", "A2")
    setr(s, seat, credits=10, vp=5)
    steer_upkeep(s, *dice)
    events = do_steps(s, seat, (("open_ocean", True),))
    assert [e.detail["dice"] for e in events if e.kind == "open_ocean"] == [list(dice)]
    assert [e for e in events if e.kind == "no_effect"] == []
    if cost is None:
        assert (get(s, seat, "vp"), get(s, seat, "credits"), s.dinos[seat]) == (4, 10, ())
    else:
        assert (s.phase, s.cur, s.ctx) == (rules.OCEAN, seat, (cost,))


def test_master_architect_repairs_a_damaged_structure_for_free_at_the_start_of_each_upkeep():
    """Designed: the Master Architect: 'at the start of each Upkeep, repair one damaged structure in your park
    for free.'"""
    s = cc_quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    s.broken[seat] |= 1 << GEO.edge_names.index("A1 top")
    hire(s, seat, "master_architect")
    setr(s, seat, credits=0)
    testing.run_stage(s, "terror", [])
    run(s)
    assert (s.phase, s.cur) == (rules.REPAIR, seat)
    s.apply(s.legal_actions()[0])
    assert s.broken[seat] == 0 and get(s, seat, "credits") == 0
    # Nothing damaged: no repair to choose, the Upkeep goes on.
    testing.run_stage(s, "terror", [])
    run(s)
    assert s.phase != rules.REPAIR


def test_dna_archivist_archived_pairs_are_born_at_the_start_of_the_upkeep():
    """Designed: the DNA Archivist's archived pairs: 'at the start of each Upkeep, one dinosaur alone of its
    kind in your park (the first placed whose habitat has room for a second; not a Mutant or an aquatic
    dinosaur) gains a second of its species from the supply, beside it'. One a Upkeep, the first placed
    first; a dinosaur whose habitat would not be proper for two (a Triceratops and a T-Rex in one pen) is
    passed over; a Mutant never pairs this way; the other park gains nothing."""
    s = cc_quiet(2)
    seat = s.cur
    hire(s, seat, "dna_archivist")
    pen(s, seat, "A1")
    put(s, seat, "mutant", "A1")
    pen(s, seat, "B1", "B2", "B3")
    put(s, seat, "triceratops", "B1")
    put(s, seat, "ankylosaurus", "B2")  # an Ankylosaurus may share: proper, and a second Triceratops fits too
    pen(s, seat, "C1", "C2")
    put(s, seat, "raptor", "C1")
    put(s, seat, "stegosaurus", "A4")
    pen(s, seat, "A4", "B4")
    pen(s, 1 - seat, "A1", "A2")
    put(s, 1 - seat, "raptor", "A1")
    assert not any(rules.improper(s, seat))
    assert rules.births(s, seat) == [(sp("triceratops"), GEO.cell_names.index("B1"))]
    put(s, seat, "t_rex", "B2")  # now the pen mixes two species besides the Ankylosaurus: improper
    s.dinos[seat] = tuple(code for code in s.dinos[seat] if species_of(code) != sp("ankylosaurus"))
    assert rules.births(s, seat) == [(sp("raptor"), GEO.cell_names.index("C1"))]
    events: list = []
    testing.run_stage(s, "terror", events)
    kinds = [species_of(code) for code in s.dinos[seat]]
    assert kinds.count(sp("raptor")) == 2 and kinds.count(sp("stegosaurus")) == 1 and kinds.count(T.mutant) == 1
    assert [(e.kind, e.seat, e.detail["species"]) for e in events if e.kind == "born"] == [("born", seat, "raptor")]
    assert len(s.dinos[1 - seat]) == 1
    # The next Upkeep: the Stegosaurus, the next lone dinosaur with room.
    assert rules.births(s, seat) == [(sp("stegosaurus"), GEO.cell_names.index("A4"))]


def test_dna_archivist_two_dinosaurs_of_one_species_need_the_pen_space_of_one():
    """Designed: 'two dinosaurs of one species need the pen space of one': two Raptors (1 space each) fit a
    one-space pen with the DNA Archivist, not without; three need two spaces."""
    s = cc_quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "raptor", "A1")
    put(s, seat, "raptor", "A1")
    assert rules.improper(s, seat) == [True, True]
    hire(s, seat, "dna_archivist")
    assert rules.improper(s, seat) == [False, False]
    put(s, seat, "raptor", "A1")
    assert rules.improper(s, seat) == [True, True, True]
    assert rules.pen_need(s, seat, [sp("raptor")] * 3) == 2 and rules.pen_need(s, 1 - seat, [sp("raptor")] * 3) == 3


def test_master_architect_adds_two_rooms_to_the_visitor_center():
    """Designed: the Master Architect: 'your Visitor Center holds 2 more visitors.' (CC5 asks for a visitor
    capacity of 8.)"""
    s = cc(2)
    rooms = rules.room(s, 0)
    hire(s, 0, "master_architect")
    assert (rules.room(s, 0), rules.room(s, 1)) == (rooms + 2, rooms)
    cc5 = GAME.new_game(1, 1, {"scenario": "CC5"})
    assert rules.room(cc5, 0) == GAME.content.numbers["visitor_center"] + 2  # its nine facilities are broken


def test_concierge_rooms_and_publicist_reputation():
    """Designed: the Concierge: 'Your park holds 2 more visitors.'; the Publicist: 'You have 2 more
    reputation.' ('their ability will be in effect for the rest of the game')"""
    s = cc(2)
    rooms, rep = rules.room(s, 0), rules.reputation(s, 0)
    hire(s, 0, "concierge")
    hire(s, 0, "publicist")
    assert (rules.room(s, 0), rules.reputation(s, 0)) == (rooms + 2, rep + 2)
    assert (rules.room(s, 1), rules.reputation(s, 1)) == (rooms, rep)


def test_specialists_end_game_bonuses_in_the_score_breakdown():
    """'Specialists provide powerful game changing abilities and end game scoring options.' Designed: the
    Curator 'gain 1 VP per species in your park (at most 6)'; the Financier '2 VP at End Game Scoring'."""
    s = cc(2)
    empty_hands(s, 0)
    setr(s, 0, credits=0)
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")
    put(s, 0, "brontosaurus", "B3")
    hire(s, 0, "curator")
    hire(s, 0, "financier")
    parts = s.scoring.breakdown(s, 0)
    assert parts["specialists"] == 2 + 2
    assert parts["total"] == sum(v for k, v in parts.items() if k != "total")
    assert s.scoring.breakdown(s, 1)["specialists"] == 0


# ----------------------------------------------------------------------------------------- invariants
@pytest.mark.parametrize("num_players", [1, 2, 5])
def test_random_expansion_play_keeps_every_invariant(num_players):
    """Any legal play of the expansion runs 7 Seasons to End Game Scoring with cards, tiles, specialists and
    counters conserved."""
    s = cc(num_players, seed=30 + num_players)
    rng = seed_state(100 + num_players)
    seasons = {s.season}
    while not s.over:
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
        seasons.add(s.season)
    assert seasons == set(range(1, 8))
    assert len(s.scores()) == num_players


# ------------------------------------------------------------------------------------ review fixes
def test_a_seat_whose_only_space_is_the_private_airport_still_places_there():
    """'Once per season, you may play one of your workers here to take the Outsource board action ... even if
    Outsource is occupied.' With every other space taken, the worker goes to the Airport, not home."""
    s = cc_quiet(2)
    first, second = s.order
    large(s, first, "private_airport")
    setr(s, first, credits=0, goats=0)
    s.occ[:] = [second if o == -1 else o for o in s.occ]  # every open slot taken
    s.phase = rules.NONE
    s.turn = 0
    events: list = []
    assert testing.run_stage(s, "workers", events)
    relist(s)
    assert (s.phase, s.cur) == (rules.PLACE, first) and s.legal_actions() == [IDS.airport]


def test_the_hotel_resort_visitor_comes_with_a_worker_on_the_ferry_not_with_outsource():
    """'Hotel Resort: ... Anytime you send a worker to the Ferry action space, gain an available visitor.'
    Designed: Outsource sends no worker there."""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "hotel_resort")
    do_steps(s, seat, (("gain", ((CREDITS, 2),)),))
    rules.use_space(s, seat, space("ferry"), direct=False)
    run(s)
    assert get(s, seat, "visitors") == 0
    rules.use_space(s, seat, space("ferry"))
    run(s)
    assert get(s, seat, "visitors") == 1


def test_the_gene_grafting_lab_follows_a_dna_card_taken_from_an_opponent():
    """'After gaining DNA or eDNA cards in any way, you may discard 1 or 2 goats ... to draw 1 or 2
    additional cards of the same type.' (a card taken by a Manipulation card's steal too)"""
    s = cc_quiet(2)
    seat, other = s.order
    large(s, seat, "gene_grafting_lab")
    setr(s, seat, goats=2)
    give(s, other, "raptor")
    rules.affect(s, seat, other, ((), (), ((DNA, 1),)), [])
    run(s)
    assert (s.phase, s.cur, s.ctx) == (rules.GRAFT, seat, (False,))
