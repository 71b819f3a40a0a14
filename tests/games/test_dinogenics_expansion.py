"""DinoGenics with Controlled Chaos: the expansion rulebook's sections IntelliGen Designs Side Board, Aquatic
Dinosaurs, Additional Clarifications, Dinosaur Reference, Large Facilities, Standard Facilities and Quick
Reference, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in test_dinogenics.py, scenarios start from a real new game (here with the expansion) and set the flat
state's fields directly; cards, tiles and specialists are moved, never made, so that the invariants still hold.
The Upkeep dice are steered by choosing the generator state before a roll.
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.components import CREDITS, DNA, DROWNING, FATALITY, REFINED, SLASH
from dinotable.games.dinogenics.rules import (
    CELL,
    COMMERCIAL,
    DAMAGED,
    FLAGS,
    HUNGRY,
    SECOND,
    SPECIALISTS,
    SPECIES,
    WIDTH,
)

from .test_dinogenics import (
    build,
    card,
    cell,
    damaged,
    do_steps,
    empty_hands,
    fac,
    get,
    give,
    give_card,
    pen,
    place,
    put,
    relist,
    run,
    setr,
    sp,
    space,
    steer,
)

C = GAME.content
IDS = GAME.ids
GEO = GAME.geo
T = GAME.tables
K = C.kinds
M = len(C.manipulation)
POLY = T.poly
EXPANSION_SPACES = ("site_d", "refinement", "hq")


# ------------------------------------------------------------------------------------------ helpers
def cc(num_players=2, seed=1):
    return GAME.new_game(num_players, seed, {"expansion": True})


def cc_quiet(num_players=2, seed=1):
    """An expansion game at its first worker placement, every seat's hands emptied."""
    s = cc(num_players, seed)
    for p in range(num_players):
        empty_hands(s, p)
    relist(s)
    return s


def give_kind(s, seat: int, kind: int, n: int = 1) -> None:
    """Cards of a kind (a species, or POLY) from the DNA or eDNA deck (then the discard pile) into a hand."""
    for _ in range(n):
        pile = next(p for p in (s.dna_deck, s.edna_deck, s.dna_discard) if kind in p)
        pile.remove(kind)
        s.dna[seat * K + kind] += 1


def hand_kinds(s, seat: int) -> list[int]:
    return [k for k in range(K) for _ in range(s.dna[seat * K + k])]


def slots(s, key: str) -> list[int]:
    i = space(key)
    return s.occ[s.slot0[i] : s.slot0[i] + C.spaces[i].slots]


def reveal(s, pos: int, key: str) -> None:
    """Puts a Large Facility tile face up at this place of the HQ offer (swapped with the pile or offer)."""
    f = fac(key)
    if s.large_offer[pos] == f:
        return
    if f in s.large_pile:
        j = s.large_pile.index(f)
        s.large_pile[j], s.large_offer[pos] = s.large_offer[pos], f
    else:
        j = s.large_offer.index(f)
        s.large_offer[j], s.large_offer[pos] = s.large_offer[pos], f


def large(s, seat: int, key: str, first: str | None = None, second: str | None = None, hurt: bool = False) -> int:
    """A Large Facility from the IntelliGen board (the HQ's Aquatic Habitat stack, the offer or the pile) into
    a park: on two park spaces, or on the next two free commercial spaces; returns its position."""
    f = fac(key)
    if C.facilities[f].hq_stack:
        s.habitats_left -= 1
    elif f in s.large_pile:
        s.large_pile.remove(f)
    else:
        s.large_offer[s.large_offer.index(f)] = s.large_pile.pop()
    if first is None:
        a, b = rules.commercial_free(s, seat, 2)
    else:
        a, b = cell(first), cell(second)
    s.facs[seat] = (*s.facs[seat], f | a << 6 | (b + 1) << SECOND | (DAMAGED if hurt else 0))
    if a < COMMERCIAL:
        s.fcells[seat] |= 1 << a | 1 << b
    return len(s.facs[seat]) - 1


def hurt(s, seat: int, j: int) -> None:
    facs = list(s.facs[seat])
    facs[j] |= DAMAGED
    s.facs[seat] = tuple(facs)


def specialist(key: str) -> int:
    return next(x.index for x in C.specialists if x.key == key)


def hire(s, seat: int, key: str) -> None:
    """A specialist from wherever it waits (deck, Job Market, Independent Contractors) to a seat."""
    i = specialist(key)
    for pile in (s.spec_deck, s.job_market, s.contractors):
        if i in pile:
            pile.remove(i)
    s.res[seat * WIDTH + SPECIALISTS] |= 1 << i


def job_market(s, market: list[str], contractors: list[str]) -> None:
    """Sets the Job Market and the Independent Contractor stack (the others go back to the deck)."""
    s.spec_deck += s.job_market + s.contractors
    s.job_market.clear()
    s.contractors.clear()
    for key in market:
        s.spec_deck.remove(specialist(key))
        s.job_market.append(specialist(key))
    for key in contractors:
        s.spec_deck.remove(specialist(key))
        s.contractors.append(specialist(key))


def steer_upkeep(s, *faces) -> None:
    """Sets the generator so that the next rolls of the Upkeep die show these faces (DROWNING or a cost)."""
    steer(s, *faces, die=C.upkeep_die)


def hq_option(kind: str) -> int:
    """The action id of one of IntelliGen Designs HQ's three actions (large_facility, open_ocean, job_network)."""
    options = C.spaces[space("hq")].steps[0][1]
    return IDS.option + next(i for i, option in enumerate(options) if option[0][0] == kind)


def victim(key: str, where: str) -> int:
    return IDS.victim + sp(key) * GEO.num_cells + cell(where)


def kinds_of(s, seat: int) -> list[int]:
    return [d & SPECIES for d in s.dinos[seat]]


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
    assert s.res[seat * WIDTH + REFINED] == 1
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
    assert [C.facilities[f & 63].key for f in s.facs[seat]] == ["aquatic_habitat"] * 2
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
    assert s.dinos[seat] == (sp("plesiosaurus") | cell("A1") << CELL,)


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
    assert s.res[seat * WIDTH + SPECIALISTS] == 1 << specialist("concierge")
    assert s.job_market == [specialist("security_officer")]
    assert rules.room(s, seat) == rooms + 2  # the Concierge at work
    testing.run_stage(s, "facilities", [])  # the next Season: the specialist stays
    assert s.res[seat * WIDTH + SPECIALISTS] == 1 << specialist("concierge")
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
    assert s.res[seat * WIDTH + SPECIALISTS] >> specialist("curator") & 1


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
    s.res[seat * WIDTH + REFINED] = 1
    assert sp("t_rex") in rules.creatable(s, seat, 0)
    do_steps(s, seat, (("create", 0),))
    s.apply(IDS.species + sp("t_rex"))
    assert s.phase == rules.PICK and s.ctx[:3] == (rules.SET, 3, sp("t_rex"))
    assert sorted(s.legal_actions()) == sorted([IDS.dna + sp("t_rex"), IDS.dna + POLY, IDS.refined])
    s.apply(IDS.dna + sp("t_rex"))
    s.apply(IDS.dna + POLY)  # the token follows by itself
    assert s.phase == rules.HABITAT and s.ctx[0] == sp("t_rex")
    assert hand_kinds(s, seat) == [] and s.res[seat * WIDTH + REFINED] == 0
    assert s.dna_discard[-2:] == [sp("t_rex"), POLY]


def test_no_brontosaurus_from_four_refined_dna_tokens():
    """'For example, a player can't make a Brontosaurus with 4 Refined DNA tokens.'"""
    s = cc_quiet(2)
    seat = s.cur
    s.res[seat * WIDTH + REFINED] = 4
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
    s.res[seat * WIDTH + REFINED] = 1
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
    facs[hab] &= ~DAMAGED
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
    s.dinos[0] = (s.dinos[0][0] | HUNGRY << FLAGS, s.dinos[0][1])
    testing.run_stage(s, "rampage", [])
    assert s.tasks == [("aquatic", 0, 0)]
    s.tasks.clear()
    s.dinos[0] = (s.dinos[0][0] & ~(HUNGRY << FLAGS), s.dinos[0][1])
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
    assert s.facs[seat][hab] & DAMAGED  # still damaged, nothing else


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
    assert [bool(d >> FLAGS & HUNGRY) for d in s.dinos[0]] == [False, True]
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
    assert not s.dinos[seat][0] >> FLAGS & HUNGRY and get(s, seat, "goats") == 0
    testing.run_stage(s, "rampage", [])
    assert s.tasks == []


def test_mosasaur_terror_declined_means_it_is_fed_as_usual():
    """'you may destroy a dinosaur ... to ignore feeding a Mosasaur': declining, it must be fed."""
    s, seat = _mosasaur_park()
    s.apply(IDS.done)
    assert len(s.dinos[seat]) == 2 and get(s, seat, "vp") == 0
    testing.run_stage(s, "feed", [])
    assert s.dinos[seat][0] >> FLAGS & HUNGRY


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
    assert bool(s.dinos[0][0] >> FLAGS & HUNGRY) is not fed
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
    assert [C.facilities[x & 63].key for x in s.facs[seat]] == ["stockpile"]
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
    s.facs[1] = (*s.facs[1], fac("aquarium_hub") | cell("B3") << 6 | (cell("B4") + 1) << SECOND)
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
    testing.run_stage(s, "leave", [])
    assert get(s, 0, "vp") == vp and get(s, 0, "visitors") == 0


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
    s.dinos[seat] = tuple(code for code in s.dinos[seat] if code & SPECIES != sp("ankylosaurus"))
    assert rules.births(s, seat) == [(sp("raptor"), GEO.cell_names.index("C1"))]
    events: list = []
    testing.run_stage(s, "terror", events)
    kinds = [code & SPECIES for code in s.dinos[seat]]
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
