"""DinoGenics with Controlled Chaos: the expansion rulebook's sections IntelliGen Designs Side Board, Aquatic
Dinosaurs, Additional Clarifications, Dinosaur Reference, Large Facilities, Standard Facilities and Quick
Reference, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, scenarios start from a real new game (here with the expansion) and set the flat
state's fields directly; cards, tiles and specialists are moved, never made, so that the invariants still hold.
The Upkeep dice are steered by choosing the generator state before a roll.

This file: standard facilities, large facilities.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.games.dinogenics import rules, testing
from dinotable.games.dinogenics.components import DNA
from dinotable.games.dinogenics.rules import HUNGRY, facility_code, facility_of, has_flag

from .dinogenics_helpers import (
    IDS,
    POLY,
    C,
    T,
    build,
    cc,
    cc_quiet,
    cell,
    do_steps,
    empty_hands,
    fac,
    get,
    give,
    give_kind,
    hand_kinds,
    hurt,
    large,
    pen,
    place,
    put,
    relist,
    run,
    setr,
    sp,
    space,
    victim,
)


# --------------------------------------------------------------------------------- standard facilities
@pytest.mark.parametrize(("where", "fed"), [("A3", True), ("B3", False)])
def test_fishery_aquatic_dinosaurs_bordering_need_one_fewer_meat(where, fed):
    """'Fishery: During the Upkeep Phase feeding step, dinosaurs contained in Aquatic Habitats sharing a side
    border (not diagonal) with the Fishery require one fewer meat.' (A Megalodon eats 2, designed.)"""
    s = cc(2)
    large(s, 0, "aquatic_habitat", "A1", "A2")
    put(s, 0, "megalodon", "A1")
    build(s, 0, "fishery", where)  # A3 borders A2; B3 only touches A2 at a corner
    setr(s, 0, goats=1)
    testing.run_stage(s, "feed", [])
    assert has_flag(s.dinos[0][0], HUNGRY) is not fed
    assert get(s, 0, "goats") == 0


def test_methane_reclamation_two_credits_per_herbivore():
    """'Methane Reclamation: During the Upkeep Phase, gain 2 credits for each herbivore dinosaur in your
    park.' (The Gallimimus is an omnivore.)"""
    s = cc(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "triceratops", "A1")
    put(s, 0, "triceratops", "A2")
    pen(s, 0, "C1")
    put(s, 0, "gallimimus", "C1")
    build(s, 0, "methane_reclamation")
    setr(s, 0, credits=0)
    testing.run_stage(s, "resources", [])
    assert get(s, 0, "credits") == 4


def test_cold_storage_removes_the_hand_limit():
    """'Cold Storage: Your DNA hand limit is removed.'"""
    s = cc_quiet(2)
    seat = s.cur
    build(s, seat, "cold_storage")
    give(s, seat, "stegosaurus", 10)
    give(s, seat, "brontosaurus", 10)
    do_steps(s, seat, (("gain", ((DNA, 3),)),))
    assert rules.hand_size(s, seat) == 23 and s.phase == rules.PLACE


def test_education_center_takes_a_bonus_visitor_before_the_first_player():
    """'Education Center: At the start of the Open Season, gain 1 visitor from the bonus pool before the first
    player gets to take from it.'"""
    s = cc(2)
    s.season, s.order = 2, (0, 1)
    for p in range(2):
        build(s, p, "basic_hotel")
    build(s, 1, "education_center")
    testing.run_stage(s, "visitors", [])
    column = C.visitors[2][2]
    assert [get(s, p, "visitors") for p in range(2)] == [column[0], column[1] + 1]
    assert s.pool == C.bonus_visitors[2] - 1


@pytest.mark.parametrize("exchange", [False, True])
def test_market_exchange_buying_and_selling_count_as_one_choice(exchange):
    """'Market Exchange: When you use the Market at the City Center, you may buy and sell DNA which together
    counts as only one action.'"""
    s = cc_quiet(2)
    seat = s.cur
    if exchange:
        build(s, seat, "market_exchange")
    give(s, seat, "stegosaurus")
    setr(s, seat, credits=C.numbers["market_buy"])
    do_steps(s, seat, (("city_center", True),))
    s.apply(IDS.city_center + rules.BUY_CHOICE)
    s.apply(IDS.dna + s.market[0])
    assert s.phase == rules.CITY and get(s, seat, "credits") == 0
    assert (IDS.city_center + rules.SELL_CHOICE in s.legal_actions()) is exchange
    assert IDS.city_center + rules.FENCE_CHOICE in s.legal_actions()


def test_stockpile_gives_a_goat_a_standard_dna_and_two_fences_when_placed():
    """'Stockpile (x 2): When placed immediately gain 1 goat, 1 standard DNA and 2 fences.'"""
    s = cc_quiet(2)
    seat = s.cur
    f = fac("stockpile")
    if f in s.bag:
        s.bag.remove(f)
    else:
        i = next(i for i, st in enumerate(s.stacks) if f in st)
        pile = list(s.stacks[i])
        pile.remove(f)
        s.stacks[i] = tuple(pile)
    s.stacks[0] = (*s.stacks[0], f)
    setr(s, seat, credits=5, goats=0, fences=0)
    edna = len(s.edna_deck)
    do_steps(s, seat, (("facility", 0),))
    s.apply(IDS.stack + 1)
    assert [C.facilities[facility_of(x)].key for x in s.facs[seat]] == ["stockpile"]
    assert (get(s, seat, "goats"), get(s, seat, "fences")) == (1, 2)
    drawn = hand_kinds(s, seat)
    assert len(drawn) == 1 and not T.edna[drawn[0]] and len(s.edna_deck) == edna
    assert get(s, seat, "credits") == 5 - C.facilities[f].cost


def test_mammoth_and_ammonite_exhibits_reputation_and_upkeep():
    """'Mammoth Exhibit (x 2): Worth 1 reputation. During the Upkeep Phase, gain 1 VP and 1 credit.'; 'Ammonite
    Exhibit (x 2): Worth 2 reputation. During the Upkeep Phase, gain 2 VP.'"""
    s = cc(2)
    build(s, 0, "mammoth_exhibit", "A1")
    build(s, 1, "ammonite_exhibit", "A1")
    assert [rules.reputation(s, p) for p in range(2)] == [1, 2]
    for p in range(2):
        setr(s, p, vp=0, credits=0)
    testing.run_stage(s, "vp", [])
    testing.run_stage(s, "resources", [])
    assert [get(s, p, "vp") for p in range(2)] == [1, 2]
    assert [get(s, p, "credits") for p in range(2)] == [1, 0]


# ------------------------------------------------------------------------------------ large facilities
def test_ancient_gardens_reputation_and_one_vp_per_empty_park_space():
    """'Ancient Gardens: Worth 3 reputation. During End Game Scoring, score 1 VP for each Park side space that
    does not contain a meeple or a facility. The Commercial side of the player's island does not count.'"""
    s = cc(2)
    large(s, 0, "ancient_gardens", "A1", "A2")
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")
    build(s, 0, "basic_hotel")
    assert rules.reputation(s, 0) == 3 + 2
    assert s.scoring.breakdown(s, 0)["facilities"] == 12 - 2 - 1


def test_aquarium_hub_three_vp_per_aquatic_species_in_a_bordering_undamaged_habitat():
    """'Aquarium Hub: During End Game Scoring, score 3 VP for each unique aquatic species in an undamaged
    Aquatic Habitat that shares a side border with the Aquarium Hub (not diagonally touching).'"""
    s = cc(2)
    hab = large(s, 0, "aquatic_habitat", "A1", "A2")
    put(s, 0, "ichthyosaur", "A1")
    put(s, 0, "plesiosaurus", "A1")
    large(s, 0, "aquarium_hub", "B1", "B2")
    assert s.scoring.breakdown(s, 0)["facilities"] == 6
    hurt(s, 0, hab)
    assert s.scoring.breakdown(s, 0)["facilities"] == 0
    large(s, 1, "aquatic_habitat", "A1", "A2")
    put(s, 1, "ichthyosaur", "A1")
    s.facs[0] = s.facs[0][:1]  # the Hub moves to the other park, diagonal to the habitat
    s.fcells[0] = 1 << cell("A1") | 1 << cell("A2")
    s.facs[1] = (*s.facs[1], facility_code(fac("aquarium_hub"), cell("B3"), cell("B4")))
    s.fcells[1] |= 1 << cell("B3") | 1 << cell("B4")
    assert s.scoring.breakdown(s, 1)["facilities"] == 0


def test_safari_costs_two_reputation_and_gains_three_vp_when_a_dinosaur_is_destroyed():
    """'Safari: Lose 2 reputation while this tile is undamaged in your park. Anytime a dinosaur is destroyed in
    your park, gain 3 VP.'"""
    s = cc_quiet(2)
    seat = s.cur
    safari = large(s, seat, "safari", "B1", "B2")
    large(s, seat, "aquatic_habitat", "A3", "A4")
    pen(s, seat, "C4")
    put(s, seat, "raptor", "C4")
    assert rules.reputation(s, seat) == 2 - 2
    setr(s, seat, vp=0)
    s.tasks.append(("place", seat, sp("spinosaurus"), 0))
    run(s)
    s.apply(IDS.cell + cell("A3"))
    s.apply(victim("raptor", "C4"))
    assert get(s, seat, "vp") == 3
    hurt(s, seat, safari)
    assert rules.reputation(s, seat) == C.species[sp("spinosaurus")].reputation


def test_sky_train_two_vp_per_species_in_a_valid_bordering_habitat():
    """'Sky Train: During End Game Scoring, score 2 VP for each unique species in any valid undamaged habitat
    (fenced, Biodome, Aquatic or Open Space) that shares a side border with the Sky Train (not diagonally
    touching).'"""
    s = cc(2)
    train = large(s, 0, "sky_train", "B1", "B2")
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")  # a pen above B1
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")  # the same species again
    put(s, 0, "brontosaurus", "C3")  # open space reaching C2, below B2
    pen(s, 0, "A4")
    put(s, 0, "triceratops", "A4")  # valid, but not bordering
    assert rules.improper(s, 0) == [False, False, False, False]
    assert s.scoring.breakdown(s, 0)["facilities"] == 2 * 2
    hurt(s, 0, train)
    assert s.scoring.breakdown(s, 0)["facilities"] == 0


@pytest.mark.parametrize(("visitors", "vp"), [(3, 3 + 2), (2, 3), (1, 2)])
def test_arcade_two_vp_for_an_odd_number_of_visitors_returned(visitors, vp):
    """'Arcade: Gain 2 VP if you returned an odd number of visitors during the Upkeep Phase.'"""
    s = cc(2)
    large(s, 0, "arcade")
    build(s, 0, "medium_hotel")
    setr(s, 0, visitors=visitors, vp=0)
    events = []
    testing.run_stage(s, "vp", events)  # the visitors leave in the Upkeep's VP step
    assert get(s, 0, "vp") == vp and get(s, 0, "visitors") == 0
    told = next(e.detail for e in events if e.kind == "upkeep_vp" and e.seat == 0)
    assert told["arcade"] == (2 if visitors % 2 else 0) and told["vp"] == vp


def test_dinosaur_foundation_scores_the_reputation_value():
    """'Dinosaur Foundation: During End Game Scoring, score VP equal to your Reputation Track value.'"""
    s = cc(2)
    large(s, 0, "dinosaur_foundation")
    build(s, 0, "park_mascots")
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")
    rep = rules.reputation(s, 0)
    assert rep == 2 + 2
    assert s.scoring.breakdown(s, 0)["facilities"] == rep + C.facilities[fac("park_mascots")].end_vp


def test_gene_grafting_lab_goats_for_more_cards_of_the_same_type():
    """'Gene Grafting Lab: After gaining DNA or eDNA cards in any way, you may discard 1 or 2 goats from your
    supply to draw 1 or 2 additional cards of the same type.'"""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "gene_grafting_lab")
    setr(s, seat, credits=1, goats=3)
    relist(s)
    s.apply(place("site_d"))
    while s.phase == rules.PICK and s.ctx[0] == rules.KEEP:
        s.apply(s.legal_actions()[0])
    assert (s.phase, s.cur, s.ctx) == (rules.GRAFT, seat, (True,))
    assert s.legal_actions() == [IDS.done, IDS.option, IDS.option + 1]
    s.apply(IDS.option + 1)
    assert get(s, seat, "goats") == 1
    cards = hand_kinds(s, seat)
    assert len(cards) == 4 and all(T.edna[k] for k in cards)


def test_gene_grafting_lab_after_standard_dna_draws_standard_dna():
    """'Gene Grafting Lab: After gaining DNA or eDNA cards in any way, you may discard 1 or 2 goats from your
    supply to draw 1 or 2 additional cards of the same type.' (Here a standard DNA card drawn.)"""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "gene_grafting_lab")
    setr(s, seat, goats=1)
    edna = len(s.edna_deck)
    do_steps(s, seat, (("gain", ((DNA, 1),)),))
    assert (s.phase, s.cur, s.ctx) == (rules.GRAFT, seat, (False,))
    assert s.legal_actions() == [IDS.done, IDS.option]  # one goat: one card
    s.apply(IDS.option)
    cards = hand_kinds(s, seat)
    assert len(cards) == 2 and not any(T.edna[k] for k in cards) and len(s.edna_deck) == edna


def test_gene_grafting_lab_after_edna_from_the_boneyard_draws_edna():
    """'Gene Grafting Lab: After gaining DNA or eDNA cards in any way, you may discard 1 or 2 goats from your
    supply to draw 1 or 2 additional cards of the same type.'; 'Any other card references to "DNA" do include
    eDNA, such as ... gaining DNA via the Market or Boneyard.' eDNA taken from the Boneyard is eDNA gained: the
    additional cards are eDNA."""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "gene_grafting_lab")
    s.dna_discard.append(s.edna_deck.pop())
    taken = s.dna_discard[-1]
    setr(s, seat, goats=1)
    relist(s)
    s.apply(place("boneyard"))
    assert hand_kinds(s, seat) == [taken]
    assert (s.phase, s.cur) == (rules.GRAFT, seat)
    assert s.ctx == (True,)
    s.apply(IDS.option)
    assert all(T.edna[k] for k in hand_kinds(s, seat))


def test_edna_and_aquatic_species_count_at_end_game_scoring():
    """'eDNA counts as DNA in all ways. For example, eDNA ... counts as DNA for End Game Scoring'; 'All aquatic
    species are considered dinosaurs for the sake of cards, abilities, facility tiles and End Game Scoring.'
    (Published: '+3 VP per species in a valid habitat, ... +1 VP per 2 DNA cards'.)"""
    s = cc(2)
    empty_hands(s, 0)
    give_kind(s, 0, sp("mosasaur"))
    give_kind(s, 0, POLY)
    give_kind(s, 0, sp("ichthyosaur"), 2)
    hab = large(s, 0, "aquatic_habitat", "A1", "A2")
    put(s, 0, "ichthyosaur", "A1")
    put(s, 0, "plesiosaurus", "A1")
    parts = s.scoring.breakdown(s, 0)
    assert (parts["dna"], parts["species"]) == (2, 2 * 3)
    hurt(s, 0, hab)  # a damaged habitat is not a valid one
    assert s.scoring.breakdown(s, 0)["species"] == 0


def test_hotel_resort_holds_four_and_the_ferry_brings_a_visitor():
    """'Hotel Resort: A hotel for 4 visitors. Anytime you send a worker to the Ferry action space, gain an
    available visitor from the general supply.'"""
    s = cc_quiet(2)
    seat = s.cur
    rooms = rules.room(s, seat)
    large(s, seat, "hotel_resort")
    assert rules.room(s, seat) == rooms + 4
    setr(s, seat, credits=0, visitors=0)
    relist(s)
    s.apply(place("ferry"))
    assert (get(s, seat, "credits"), get(s, seat, "visitors")) == (3, 1)


def test_private_airport_outsources_for_free_once_per_season_even_if_outsource_is_occupied():
    """'Private Airport: Once per season, you may play one of your workers here to take the Outsource board
    action without paying 2 credits even if Outsource is occupied.'"""
    s = cc_quiet(2)
    first, second = s.order
    large(s, first, "private_airport")
    s.occ[s.slot0[space("outsource")]] = second
    setr(s, first, credits=0, goats=0)
    relist(s)
    legal = s.legal_actions()
    assert IDS.airport in legal and place("outsource") not in legal
    workers = get(s, first, "workers")
    s.apply(IDS.airport)
    assert (s.phase, s.cur) == (rules.OUTSOURCE, first)
    s.apply(place("farm"))
    assert (get(s, first, "goats"), get(s, first, "credits"), get(s, first, "workers")) == (3, 0, workers - 1)
    assert s.cur == second
    s.apply(place("ferry"))
    assert s.cur == first and IDS.airport not in s.legal_actions()  # once per Season
    testing.run_stage(s, "return", [])
    relist(s)
    assert IDS.airport in s.legal_actions()  # the next Season
