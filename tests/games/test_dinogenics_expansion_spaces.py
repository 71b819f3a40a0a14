"""DinoGenics with Controlled Chaos: the expansion rulebook's sections IntelliGen Designs Side Board, Aquatic
Dinosaurs, Additional Clarifications, Dinosaur Reference, Large Facilities, Standard Facilities and Quick
Reference, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, scenarios start from a real new game (here with the expansion) and set the flat
state's fields directly; cards, tiles and specialists are moved, never made, so that the invariants still hold.
The Upkeep dice are steered by choosing the generator state before a roll.

This file: setup, Site D, Refinement, IntelliGen Designs HQ, Open Ocean, Underground Job Network.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.components import DROWNING, REFINED
from dinotable.games.dinogenics.rules import COMMERCIAL, SPECIALISTS, dinosaur_code, facility_of

from .dinogenics_helpers import (
    EXPANSION_SPACES,
    IDS,
    POLY,
    C,
    K,
    M,
    T,
    build,
    card,
    cc,
    cc_quiet,
    cell,
    do_steps,
    fac,
    get,
    give,
    give_card,
    give_kind,
    hand_kinds,
    hq_option,
    job_market,
    large,
    place,
    relist,
    reveal,
    setr,
    slots,
    sp,
    specialist,
    steer_upkeep,
)


# --------------------------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("num_players", "blocked"), [(1, 2), (2, 2), (3, 1), (4, 1), (5, 0)])
def test_blocking_tokens_on_intelligen_designs_and_refinement(num_players, blocked):
    """'5 Players: All Action Spaces are uncovered. 3-4 Players: Place a Blocking Token on one Action Space of
    IntelliGen Designs and Refinement. 2 Players: Place two Blocking Tokens on IntelliGen Designs and two on
    Refinement.' Designed: Site D has no blocking token; one player plays on the two-player board."""
    s = cc(num_players)
    assert slots(s, "hq").count(-2) == blocked
    assert slots(s, "refinement").count(-2) == blocked
    assert slots(s, "site_d").count(-2) == 0
    assert -1 in slots(s, "hq") and -1 in slots(s, "refinement")


def test_the_edna_deck_holds_sixty_cards_with_five_polymorphic():
    """'60 eDNA Cards (Aquatic Dinosaurs and 5 Polymorphic DNA)'; '6x Ichthyosaur (11 eDNA Cards) 6x
    Plesiosaurus (12 eDNA Cards) 4x Megalodon (12 eDNA Cards) 4x Mosasaur (10 eDNA Cards) 4x Spinosaurus (10
    eDNA Cards)'; 'Shuffle the 60 eDNA cards ... and place them on the eDNA draw space'."""
    s = cc(3, seed=5)
    assert len(s.edna_deck) == 60
    counts = {k: s.edna_deck.count(k) for k in set(s.edna_deck)}
    expected = {"ichthyosaur": 11, "plesiosaurus": 12, "megalodon": 12, "mosasaur": 10, "spinosaurus": 10}
    assert counts == {sp(key): n for key, n in expected.items()} | {POLY: 5}
    assert not any(T.edna[k] for k in s.dna_deck + s.market)  # eDNA never in the standard deck or Market
    assert not any(s.dna[p * K + k] for p in range(3) for k in range(K) if T.edna[k])


@pytest.mark.parametrize("expansion", [True, False])
def test_gallimimus_and_therizinosaurus_cards_join_the_dna_deck_only_with_the_expansion(expansion):
    """'Shuffle the Gallimimus and Therizinosaurus DNA cards into the standard DNA draw deck'; '6x Gallimimus
    (10 DNA Cards) 4x Therizinosaurus (12 DNA Cards)'."""
    s = GAME.new_game(2, 3, {"expansion": expansion})
    everywhere = s.dna_deck + s.market + hand_kinds(s, 0) + hand_kinds(s, 1)
    galli, theri = everywhere.count(sp("gallimimus")), everywhere.count(sp("therizinosaurus"))
    assert (galli, theri) == ((10, 12) if expansion else (0, 0))


def test_five_large_facilities_revealed_and_the_eight_aquatic_habitats_on_hq():
    """'Gather all 8 Aquatic Habitat large facilities and place the stack on the IntelliGen Designs HQ action
    space. Shuffle all other Large Facility Tiles and draw one face up on each of the five blank facility tile
    spaces.'; 'Mix the new Standard Facility Tiles with the base game ones in the base game's draw bag.'"""
    s = cc(2)
    habitat = fac("aquatic_habitat")
    assert s.habitats_left == 8
    assert len(s.large_offer) == 5 and habitat not in s.large_offer + s.large_pile
    others = sorted(f.index for f in C.facilities if f.large and not f.hq_stack for _ in range(f.count))
    assert sorted(s.large_offer + s.large_pile) == others
    assert all(C.facilities[f].large for f in s.large_offer)
    standard = [f for f in s.bag + [x for st in s.stacks for x in st] if C.facilities[f].expansion]
    assert sorted(set(standard)) == sorted(f.index for f in C.facilities if f.expansion and not f.large)
    assert not any(C.facilities[f].large for f in s.bag)  # Large Facilities are not in the bag
    assert len({tuple(cc(2, seed).large_offer) for seed in range(5)}) > 1


def test_two_specialists_each_season_push_the_last_ones_to_the_independent_contractors():
    """'During each new round when three new facilities are drawn to the City Center, now also draw two new
    specialists from the Job Market Draw Pile face up to the specialist display spaces ... This pushes any
    previous specialists in those spaces face up into the Independent Contractor space.'"""
    s = cc(2)
    assert len(s.job_market) == 2 and s.contractors == [] and len(s.spec_deck) == len(C.specialists) - 2
    first = list(s.job_market)
    coming = list(reversed(s.spec_deck[-2:]))
    testing.run_stage(s, "facilities", [])  # Open Season step 6 of Season 2
    assert s.contractors == first and s.job_market == coming
    testing.run_stage(s, "facilities", [])
    assert s.contractors == first + coming and len(s.job_market) == 2


def test_the_expansion_is_on_by_default():
    """Controlled Chaos is played by default (the issue: 'on by default for dinogenics')."""
    assert GAME.new_game(2, 1).expansion is True
    assert GAME.new_game(2, 1, {"expansion": False}).expansion is False


def test_without_the_expansion_there_is_no_intelligen_board():
    """The expansion's components are used only with it (options expansion=false plays the base game alone):
    no eDNA, no Large Facilities, no specialists, and the IntelliGen spaces are not worker spaces."""
    s = GAME.new_game(2, 1, {"expansion": False})
    assert s.expansion is False
    assert (s.edna_deck, s.large_offer, s.large_pile, s.habitats_left) == ([], [], [], 0)
    assert (s.spec_deck, s.job_market, s.contractors) == ([], [], [])
    assert not any(C.facilities[f].expansion for f in s.bag)
    setr(s, s.cur, credits=20)
    give(s, s.cur, "raptor")
    relist(s)
    legal = s.legal_actions()
    assert place("ferry") in legal
    assert not {place(key) for key in EXPANSION_SPACES} & set(legal)
    e = cc(2)
    setr(e, e.cur, credits=20)
    relist(e)
    assert {place(key) for key in EXPANSION_SPACES} <= set(e.legal_actions())


# ------------------------------------------------------------------------------------------- Site D
def test_site_d_pays_one_credit_draws_three_edna_keeps_two_discards_the_third():
    """'Site D: Play a worker to Site D and pay one credit. Draw three eDNA cards, choose two to keep, and
    discard the third.'"""
    s = cc_quiet(2)
    seat = s.cur
    setr(s, seat, credits=0)
    relist(s)
    assert place("site_d") not in s.legal_actions()
    setr(s, seat, credits=1)
    relist(s)
    top = sorted(s.edna_deck[-3:])
    dna_deck, discard = list(s.dna_deck), len(s.dna_discard)
    s.apply(place("site_d"))
    assert get(s, seat, "credits") == 0
    if s.phase == rules.PICK:
        assert s.ctx[0] == rules.KEEP and s.ctx[1] == 2 and sorted(s.ctx[2]) == top
    while s.phase == rules.PICK and s.ctx[0] == rules.KEEP:
        s.apply(s.legal_actions()[0])
    kept = hand_kinds(s, seat)
    assert len(kept) == 2 and len(s.dna_discard) == discard + 1
    assert sorted(kept + s.dna_discard[discard:]) == top
    assert len(s.edna_deck) == 60 - 3 and s.dna_deck == dna_deck
    assert s.phase == rules.PLACE and s.cur != seat


def test_site_d_edna_counts_toward_the_ten_card_limit():
    """'eDNA counts toward the 10 card DNA limit. Discard down to 10 cards if needed after visiting Site D.'"""
    s = cc_quiet(2)
    seat = s.cur
    give(s, seat, "stegosaurus", 5)
    give(s, seat, "brontosaurus", 5)
    setr(s, seat, credits=1)
    relist(s)
    s.apply(place("site_d"))
    while s.phase == rules.PICK and s.ctx[0] == rules.KEEP:
        s.apply(s.legal_actions()[0])
    assert rules.hand_size(s, seat) == 12
    assert (s.phase, s.cur, s.ctx[:2]) == (rules.PICK, seat, (rules.DISCARD, 2))
    kept = [k for k in hand_kinds(s, seat) if T.edna[k]]
    assert IDS.dna + kept[0] in s.legal_actions()  # eDNA may be the cards discarded
    s.apply(IDS.dna + kept[0])
    if s.phase == rules.PICK:
        s.apply(IDS.dna + sp("stegosaurus"))
    assert rules.hand_size(s, seat) == 10


# --------------------------------------------------------------------------------------- Refinement
def test_refinement_pays_one_credit_and_turns_a_card_into_a_refined_dna_token():
    """'Refinement: Play a worker to Refinement. Then pay one credit and discard one DNA or eDNA card from
    your hand to gain one Refined DNA token.'"""
    s = cc_quiet(2)
    seat = s.cur
    setr(s, seat, credits=3)
    relist(s)
    assert place("refinement") not in s.legal_actions()  # no card to discard
    give(s, seat, "raptor")
    give_kind(s, seat, sp("plesiosaurus"))
    relist(s)
    s.apply(place("refinement"))
    assert get(s, seat, "credits") == 2 and s.phase == rules.PICK and s.ctx[0] == rules.REFINE
    assert sorted(s.legal_actions()) == sorted([IDS.dna + sp("raptor"), IDS.dna + sp("plesiosaurus")])
    s.apply(IDS.dna + sp("plesiosaurus"))  # an eDNA card
    assert s.get(seat, REFINED) == 1
    assert hand_kinds(s, seat) == [sp("raptor")] and s.dna_discard[-1] == sp("plesiosaurus")
    assert s.phase == rules.PLACE and s.cur != seat


# ------------------------------------------------------------------------------- IntelliGen Designs HQ
def test_hq_takes_two_actions_and_the_same_one_twice():
    """'IntelliGen Designs HQ: Play a worker to IntelliGen Designs HQ to take two actions. You may do the same
    action twice.' (Two Aquatic Habitats bought at one visit.)"""
    s = cc_quiet(2)
    seat = s.cur
    cost = C.facilities[fac("aquatic_habitat")].cost
    setr(s, seat, credits=2 * cost)
    relist(s)
    s.apply(place("hq"))
    for n in (1, 2):
        assert (s.phase, s.cur) == (rules.CHOOSE, seat)
        assert hq_option("large_facility") in s.legal_actions()
        s.apply(hq_option("large_facility"))
        if s.phase == rules.LARGE:
            assert IDS.large + 0 in s.legal_actions()
            s.apply(IDS.large + 0)  # from the Aquatic Habitat stack
        s.apply(IDS.spot + cell("A1" if n == 1 else "C1") * 2)
    assert s.habitats_left == 6 and get(s, seat, "credits") == 0
    assert [C.facilities[facility_of(f)].key for f in s.facs[seat]] == ["aquatic_habitat"] * 2
    assert s.phase == rules.PLACE and s.cur != seat


def test_buying_a_large_facility_pays_its_cost_and_draws_a_new_one_into_its_place():
    """'Purchase a Large Facility: Pay the credit cost listed on a revealed Large Facility Tile and immediately
    add it to your park. Immediately draw a random new large facility into its place.'; 'Large Facilities
    occupy two spaces in a player's park and may be placed horizontally or vertically.'"""
    s = cc_quiet(2)
    seat = s.cur
    reveal(s, 2, "sky_train")
    setr(s, seat, credits=10)
    top, pile = s.large_pile[-1], len(s.large_pile)
    do_steps(s, seat, (("large_facility", 0),))
    assert s.phase == rules.LARGE and IDS.large + 3 in s.legal_actions()
    s.apply(IDS.large + 3)
    assert get(s, seat, "credits") == 10 - C.facilities[fac("sky_train")].cost
    assert s.large_offer[2] == top and len(s.large_pile) == pile - 1
    assert s.phase == rules.LARGE_SPOT
    legal = s.legal_actions()
    assert IDS.spot + cell("A1") * 2 in legal and IDS.spot + cell("A1") * 2 + 1 in legal  # either way round
    assert IDS.spot + cell("A4") * 2 not in legal  # nothing right of A4
    assert IDS.spot + cell("C1") * 2 + 1 not in legal  # nothing below C1
    s.apply(IDS.spot + cell("A1") * 2 + 1)  # down: A1 and B1
    assert rules.places(s.facs[seat][-1]) == (cell("A1"), cell("B1"))
    assert s.fcells[seat] == 1 << cell("A1") | 1 << cell("B1")


def test_a_large_facility_needs_two_free_spaces_side_by_side():
    """'Large Facilities occupy two spaces in a player's park and may be placed horizontally or vertically.'
    Designed: on two free open-space park spaces sharing a side."""
    s = cc(2)
    tiles = ("biodome", "biodome", "biodome", "biodome", "petting_zoo", "petting_zoo")
    for key, name in zip(tiles, ("A2", "A4", "B1", "B3", "C2", "C4"), strict=True):
        build(s, 0, key, name)  # a checkerboard of tiles
    assert rules.large_spots(s, 0) == ()
    assert not rules.can_place(s, 0, fac("sky_train"))


def test_a_commercial_large_facility_takes_two_commercial_spaces():
    """'Large Facilities occupy two spaces in a player's park'; designed: a commercial one takes two commercial
    spaces, so it needs two free."""
    s = cc_quiet(2)
    seat = s.cur
    reveal(s, 0, "arcade")
    setr(s, seat, credits=10)
    for _ in range(C.numbers["commercial_spaces"] - 1):
        build(s, seat, "basic_hotel")
    assert rules.large_offers(s, seat, 0, 10).count(1) == 0
    s.facs[seat] = s.facs[seat][:-1]  # one Basic Hotel back to its stack
    s.hotels_left += 1
    do_steps(s, seat, (("large_facility", 0),))
    s.apply(IDS.large + 1)
    assert rules.places(s.facs[seat][-1]) == (COMMERCIAL + 5, COMMERCIAL + 6)
    assert s.fcells[seat] == 0 and get(s, seat, "credits") == 10 - C.facilities[fac("arcade")].cost


# --------------------------------------------------------------------------------------- Open Ocean
def _ocean(dice, credits=10, habitat=True, vp=5):
    s = cc_quiet(2)
    seat = s.cur
    if habitat:
        large(s, seat, "aquatic_habitat", "A1", "A2")
    setr(s, seat, credits=credits, vp=vp)
    steer_upkeep(s, *dice)
    events = do_steps(s, seat, (("open_ocean", True),))
    return s, seat, events


@pytest.mark.parametrize(("dice", "cost"), [((2, 3), 5), ((1, 1), 2), ((DROWNING, 3), 6), ((2, DROWNING), 4)])
def test_open_ocean_costs_the_dice_total_and_one_drowning_doubles_the_other_die(dice, cost):
    """'Roll two Upkeep Dice and pay the combined credit cost shown to place a Plesiosaurus into your park. If
    you roll one Drowning symbol, then pay double the credit amount on the other die.'"""
    s, seat, events = _ocean(dice)
    assert [e.detail["dice"] for e in events if e.kind == "open_ocean"] == [list(dice)]
    assert (s.phase, s.cur, s.ctx) == (rules.OCEAN, seat, (cost,))
    assert sorted(s.legal_actions()) == [IDS.done, IDS.option]
    s.apply(IDS.option)
    assert get(s, seat, "credits") == 10 - cost and get(s, seat, "vp") == 5
    assert s.dinos[seat] == (dinosaur_code(sp("plesiosaurus"), cell("A1")),)


def test_open_ocean_two_drownings_lose_one_vp_and_place_nothing():
    """'If ... both dice show a Drowning symbol, you lose 1 VP and do not place the Plesiosaurus.'"""
    s, seat, _ = _ocean((DROWNING, DROWNING))
    assert s.phase == rules.PLACE and s.cur == seat  # no decision: the turn is not yet over in this harness
    assert (get(s, seat, "vp"), get(s, seat, "credits"), s.dinos[seat]) == (4, 10, ())


def test_open_ocean_not_paying_loses_one_vp():
    """'If you ... choose not to pay ... you lose 1 VP and do not place the Plesiosaurus.'"""
    s, seat, _ = _ocean((1, 1))
    s.apply(IDS.done)
    assert (get(s, seat, "vp"), get(s, seat, "credits"), s.dinos[seat]) == (4, 10, ())


def test_open_ocean_too_few_credits_loses_one_vp():
    """'If you don't have enough credits ... you lose 1 VP and do not place the Plesiosaurus.'"""
    s, seat, _ = _ocean((3, 3), credits=5)
    assert s.legal_actions() == [IDS.done]
    s.apply(IDS.done)
    assert (get(s, seat, "vp"), get(s, seat, "credits"), s.dinos[seat]) == (4, 5, ())


def test_open_ocean_without_room_for_the_plesiosaurus_cannot_pay():
    """'Aquatic dinosaurs must be placed in an undamaged Aquatic Habitat in the player's park.' With none, the
    Plesiosaurus cannot be placed: 1 VP is lost (designed: as not paying)."""
    s, seat, _ = _ocean((1, 2), habitat=False)
    assert s.legal_actions() == [IDS.done]
    s.apply(IDS.done)
    assert (get(s, seat, "vp"), s.dinos[seat]) == (4, ())


# -------------------------------------------------------------------------------- Underground Job Network
def test_job_network_discards_the_specialists_manipulation_cost_and_keeps_the_specialist():
    """'Underground Job Network: Discard the number of Manipulation cards shown on a revealed specialist card
    to claim that specialist.'; 'Once purchased, the specialist should be kept beside the owner's Personal
    Island Board. They cannot be discarded and their ability will be in effect for the rest of the game.'"""
    s = cc_quiet(2)
    seat = s.cur
    job_market(s, ["security_officer", "concierge"], [])
    give_card(s, seat, "dna_splice")
    setr(s, seat, credits=0)
    rooms = rules.room(s, seat)
    do_steps(s, seat, (("job_network", True),))
    assert s.phase == rules.JOB
    assert s.legal_actions() == [IDS.specialist + specialist("concierge")]  # the Security Officer costs 3
    s.apply(IDS.specialist + specialist("concierge"))
    assert sum(s.manip[seat * M : seat * M + M]) == 0 and s.manip_discard[-1] == card("dna_splice")
    assert get(s, seat, "credits") == 0
    assert s.get(seat, SPECIALISTS) == 1 << specialist("concierge")
    assert s.job_market == [specialist("security_officer")]
    assert rules.room(s, seat) == rooms + 2  # the Concierge at work
    testing.run_stage(s, "facilities", [])  # the next Season: the specialist stays
    assert s.get(seat, SPECIALISTS) == 1 << specialist("concierge")
    assert specialist("concierge") not in s.contractors + s.job_market + s.spec_deck


def test_an_independent_contractor_costs_two_credits_more():
    """'Or instead, you may buy any specialist in the Independent Contractor stack by paying two credits in
    addition to its Manipulation card cost.'"""
    s = cc_quiet(2)
    seat = s.cur
    job_market(s, [], ["curator", "concierge"])
    give_card(s, seat, "dna_splice")
    give_card(s, seat, "black_market")
    setr(s, seat, credits=1)
    relist(s)
    assert not rules.claimable(s, seat, 1)
    setr(s, seat, credits=2)
    assert rules.claimable(s, seat, 2) == sorted([specialist("curator"), specialist("concierge")])
    do_steps(s, seat, (("job_network", True),))
    s.apply(IDS.specialist + specialist("curator"))
    assert s.phase == rules.MANIP_PAY  # two different cards: both go
    s.apply(s.legal_actions()[0])
    assert get(s, seat, "credits") == 0 and sum(s.manip[seat * M : seat * M + M]) == 0
    assert s.contractors == [specialist("concierge")]
    assert s.holds(seat, specialist("curator"))
