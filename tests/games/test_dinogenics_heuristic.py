"""DinoGenics' evaluation (heuristic.py), which the greedy agent and the search agents' priors live on: what it
sees in a repair, in a solo scenario's visitors by reputation and in its objectives. Each test builds a
position from a real new game, as dinogenics_helpers.py does, and reads the values the agents would compare."""

import pytest

from dinotable.games.dinogenics import GAME, heuristic, risk, rules, weights
from dinotable.games.dinogenics.components import CREDITS, SCANDALS
from dinotable.games.dinogenics.heuristic import HEURISTIC, OBJECTIVE, VISIT
from dinotable.games.dinogenics.rules import is_damaged

from .dinogenics_helpers import (
    build,
    cc_quiet,
    empty_hands,
    fac,
    get,
    give_kind,
    hire,
    hurt,
    large,
    pen,
    place,
    put,
    relist,
    run,
    setr,
    sp,
)

IDS = GAME.ids
GEO = GAME.geo


def scen(key: str, seed: int = 1):
    return GAME.new_game(1, seed, {"scenario": key})


def best(s, seat: int) -> int:
    legal = s.legal_actions()
    scores = HEURISTIC.action_scores(s, seat, legal)
    return legal[scores.index(max(scores))]


def test_at_the_city_center_a_broken_pen_is_repaired_before_anything_else():
    """A raptor whose pen lost a fence will rampage at the Upkeep: the repair (1 credit) is the choice worth
    most on the City Center menu, and the City Center itself is valued for it."""
    s = cc_quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "raptor", "A1")
    s.broken[seat] |= 1 << GEO.edge_names.index("A1 top")
    setr(s, seat, credits=1)
    assert rules.improper(s, seat) == [True]
    whole = heuristic._value(s, seat)
    s.apply(place("city_center"))
    assert (s.phase, s.cur) == (rules.CITY, seat)
    assert heuristic._value(s, seat) > whole  # the repair to come counts before it is chosen
    assert best(s, seat) == IDS.city_center + rules.REPAIR_CHOICE
    s.apply(IDS.city_center + rules.REPAIR_CHOICE)
    s.apply(best(s, seat))
    assert s.broken[seat] == 0 and rules.improper(s, seat) == [False] and get(s, seat, "credits") == 0


def test_a_repair_is_worth_what_it_mends():
    """Nothing to repair, or nothing the credits pay for, or a repair that mends nothing that scores: worth
    nothing. A damaged Aquatic Habitat whose Plesiosaurus scores 0 and will rampage: worth its repair."""
    s = cc_quiet(2)
    seat = s.cur
    assert heuristic._repair_gain(s, seat, 0) == 0.0
    large(s, seat, "aquatic_habitat", "A1", "A2")
    hurt(s, seat, 0)
    setr(s, seat, credits=5)
    assert heuristic._repair_gain(s, seat, 0) == 0.0  # an empty habitat
    put(s, seat, "plesiosaurus", "A1")
    setr(s, seat, credits=0)
    assert heuristic._repair_gain(s, seat, 0) == 0.0
    setr(s, seat, credits=5)
    assert heuristic._repair_gain(s, seat, 0) > 0.0


@pytest.mark.parametrize("key", ["CC1", "CC3", "CC4", "CC6"])  # CC5: its own test below
def test_in_a_scenario_with_visitors_by_reputation_a_point_of_reputation_is_a_visitor_each_season(key):
    """'Your park receives visitors at the beginning of each Season up to your Reputation Track value' (CC6:
    half of it), rooms permitting: two more points of reputation are worth two visitors (one in CC6) in each
    Season left, as long as there are rooms for them."""
    s = scen(key)
    upkeeps = heuristic._upkeeps_left(s)
    rep, rooms = rules.reputation(s, 0), rules.room(s, 0)
    before = heuristic._visitors_by_reputation(s, 0, upkeeps)
    hire(s, 0, "publicist")  # 2 more reputation
    after = heuristic._visitors_by_reputation(s, 0, upkeeps)
    share = 0.5 if key == "CC6" else 1.0
    gained = min(share * (rep + 2), rooms) - min(share * rep, rooms)
    assert after - before == pytest.approx(VISIT * gained * (upkeeps - 1))
    hire(s, 0, "concierge")  # 2 more rooms: they count only for reputation above the old rooms
    more_rooms = heuristic._visitors_by_reputation(s, 0, upkeeps)
    assert more_rooms - after == pytest.approx(
        VISIT * (min(share * (rep + 2), rooms + 2) - min(share * (rep + 2), rooms)) * (upkeeps - 1)
    )


def test_cc5_reputation_is_a_threat_while_facilities_are_damaged():
    """CC5: 'Each time you receive 1 or more visitors, receive a scandal for every two damaged facilities in your
    park': with reputation to draw visitors, the nine broken facilities cost four Scandals ahead."""
    s = scen("CC5")
    upkeeps = heuristic._upkeeps_left(s)
    hire(s, 0, "publicist")
    damaged = sum(1 for f in s.facs[0] if is_damaged(f))
    assert damaged == 9
    rep, rooms = rules.reputation(s, 0), rules.room(s, 0)
    expected = VISIT * min(rep, rooms) * (upkeeps - 1) - weights.SCANDAL * (damaged // 2)
    assert heuristic._visitors_by_reputation(s, 0, upkeeps) == pytest.approx(expected)


def test_cc2_mutants_make_a_pair_as_the_scenario_scoring_counts_them():
    """CC2 asks for '3 species with two or more meeples in your park': the evaluation counts pairs as
    scoring.paired_species does, mutants included, and a second meeple of a species is worth more to it than a
    third."""
    s = scen("CC2")
    upkeeps = heuristic._upkeeps_left(s)
    mutant = GAME.tables.mutant
    first = heuristic._worth(s, mutant, upkeeps, 0)
    put(s, 0, "mutant", "C4")
    second = heuristic._worth(s, mutant, upkeeps, 0)
    one = heuristic._objective(s, 0, upkeeps)
    put(s, 0, "mutant", "C3")
    third = heuristic._worth(s, mutant, upkeeps, 0)
    assert heuristic._objective(s, 0, upkeeps) - one == pytest.approx(OBJECTIVE * (1 - 0.3))
    assert second - third == pytest.approx(OBJECTIVE)  # the pair
    assert first - third == pytest.approx(0.3 * OBJECTIVE + GAME.content.numbers["end_species_in_habitat"])


def test_cc6_commercial_facilities_and_the_credits_for_them_count_toward_a_full_sector():
    """CC6 asks that no commercial sector space be left unoccupied: a commercial facility is worth a step toward
    it, and credits put by for the empty spaces are worth something too."""
    s = scen("CC6")
    upkeeps = heuristic._upkeeps_left(s)
    hotel = GAME.tables.hotel
    plain = cc_quiet(2)
    assert heuristic._facility_worth(s, 0, hotel, upkeeps) == pytest.approx(
        heuristic._facility_worth(plain, plain.cur, hotel, upkeeps) + OBJECTIVE
    )
    setr(s, 0, credits=0)
    poor = heuristic._objective(s, 0, upkeeps)
    setr(s, 0, credits=8)
    assert heuristic._objective(s, 0, upkeeps) > poor


def test_the_next_rampages_are_valued_where_their_hits_would_land():
    """The damage rule ('damage targets': facilities in reach, then the fence on the way out, the Visitor
    Center last) in the evaluation: CC1's three Corrupted T-Rex roll at every Upkeep. Penned, the first hit
    breaks a fence and the next two reach the Visitor Center (a Scandal each); with the pen already open all
    three reach it, which costs more; a Basic Hotel in reach takes a hit in place of a Scandal, which costs
    less; and the greedy agent, asked where a hit goes, spares the full hotel for the empty Gift Shop."""
    s = scen("CC1")
    bad = rules.improper(s, 0)
    penned = risk.damage_ahead(s, 0, bad)
    hit = 5 / 6  # two Fatality and three Slash faces of six
    assert penned == pytest.approx(hit * (weights.FENCE_HIT + 2 * weights.SCANDAL))
    s.broken[0] |= 1 << GEO.edge_names.index("A1 top")
    bad = rules.improper(s, 0)
    assert bad == [True, True, True]
    loose = risk.damage_ahead(s, 0, bad)
    assert loose == pytest.approx(hit * 3 * weights.SCANDAL) and loose > penned
    build(s, 0, "basic_hotel")
    assert risk.damage_ahead(s, 0, bad) < loose
    shop = build(s, 0, "gift_shop")
    hotel = 0
    setr(s, 0, visitors=4)
    s.tasks.append(("damage", 0, 0))
    run(s)
    assert s.phase == rules.TARGET and sorted(s.legal_actions()) == [IDS.structure + hotel, IDS.structure + shop]
    assert best(s, 0) == IDS.structure + shop


def test_an_hq_visit_whose_only_open_choice_is_a_losing_open_ocean_roll_is_worth_the_vp_it_loses():
    """'If you don't have enough credits, choose not to pay, or both dice show a Drowning symbol, you lose 1 VP
    and do not place the Plesiosaurus': with no Aquatic Habitat, no credits and no Manipulation card, the one
    HQ choice the rules offer is that roll, so a choice among the HQ's three is valued at its loss, not at
    the best of the three (the greedy agent used to walk into it), and the greedy agent stays away."""
    s = scen("CC4")
    setr(s, 0, credits=0, vp=5)
    empty_hands(s, 0)
    relist(s)
    hq = next(sp for sp in GAME.content.spaces if sp.key == "hq").steps
    kind, options = hq[0]
    assert kind == "choose" and len(options) == 3
    upkeeps = heuristic._upkeeps_left(s)
    assert heuristic._best_option(s, 0, options, upkeeps) == -1.0
    assert heuristic._steps_value(s, 0, hq, upkeeps) == -2.0  # two choices, each of them that roll
    assert best(s, 0) != place("hq")
    setr(s, 0, credits=12)  # a Large Facility is within reach: the choice is worth more than the roll
    assert heuristic._best_option(s, 0, options, upkeeps) > -1.0


def test_an_open_ocean_roll_is_worth_a_plesiosaurus_where_a_habitat_has_room_and_credits_may_pay():
    s = cc_quiet(2)
    seat = s.cur
    upkeeps = heuristic._upkeeps_left(s)
    setr(s, seat, credits=9)
    assert heuristic._ocean_value(s, seat, upkeeps) == -1.0  # no Aquatic Habitat
    large(s, seat, "aquatic_habitat", "A1", "A2")
    assert heuristic._ocean_value(s, seat, upkeeps) > 0.0
    setr(s, seat, credits=weights.OCEAN_PRICE - 1)
    assert heuristic._ocean_value(s, seat, upkeeps) == -1.0


def test_cc4_a_scandal_to_come_costs_twice_as_the_scenario_doubles_it():
    """CC4: 'Anytime you would gain a scandal, gain 2 instead': the Boneyard's Scandal weighs twice as much in
    the evaluation as elsewhere, and discarding one weighs the same."""
    boneyard = next(sp for sp in GAME.content.spaces if sp.key == "boneyard").steps
    gain = tuple(step for step in boneyard if step[0] == "gain")
    cc4, cc3 = scen("CC4"), scen("CC3")
    up4, up3 = heuristic._upkeeps_left(cc4), heuristic._upkeeps_left(cc3)
    assert heuristic._steps_value(cc4, 0, gain, up4) == pytest.approx(-2 * weights.SCANDAL)
    assert heuristic._steps_value(cc3, 0, gain, up3) == pytest.approx(-weights.SCANDAL)
    lose = (("lose", ((SCANDALS, 1),)),)
    assert heuristic._steps_value(cc4, 0, lose, up4) == heuristic._steps_value(cc3, 0, lose, up3) > 0


def test_cc6_credits_put_by_keep_their_worth_while_a_worker_is_at_the_city_center():
    """CC6: 'All City Center and IntelliGen Design HQ actions cost double their standard credit amounts': the
    credits put by for the empty commercial spaces are counted at the doubled price before, during and after a
    City Center visit alike (the visit's own doubling once made the City Center look worse than the Ferry)."""
    s = scen("CC6")
    setr(s, 0, credits=8)
    upkeeps = heuristic._upkeeps_left(s)
    before = heuristic._objective(s, 0, upkeeps)
    s.apply(place("city_center"))
    assert s.doubled and s.phase == rules.CITY
    assert heuristic._objective(s, 0, upkeeps) == pytest.approx(before)
    setr(s, 0, credits=0)
    assert heuristic._objective(s, 0, upkeeps) == pytest.approx(before - 0.5 * OBJECTIVE * 2)  # 8 credits: 2 hotels


def test_cc2_a_mate_the_dna_archivist_brings_at_the_upkeep_counts_as_a_pair_already():
    """CC2 starts with the DNA Archivist, whose archived pairs give a lone dinosaur its mate at the start of
    the Upkeep (rules.births): before that Upkeep the evaluation counts the pair to come, so that a first
    dinosaur of a species is worth a step toward the objective's pairs."""
    s = scen("CC2")
    upkeeps = heuristic._upkeeps_left(s)
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")
    assert rules.births(s, 0)
    with_archivist = heuristic._objective(s, 0, upkeeps)
    s.put(0, rules.SPECIALISTS, 0)
    assert rules.births(s, 0) == []
    assert with_archivist - heuristic._objective(s, 0, upkeeps) == pytest.approx(OBJECTIVE * (1 - 0.3))


def test_the_hqs_large_facility_choice_is_worth_the_best_buy_on_offer():
    """'buy a Large Facility' at the HQ is valued at the best Large Facility the seat can pay for and place,
    its worth less its price (doubled in CC6 at the HQ), not at a flat guess: in CC6 a commercial one fills two
    of the spaces the objective asks for."""
    s = scen("CC6")
    arcade = next(f.index for f in GAME.content.facilities if f.key == "arcade")
    s.large_offer = [arcade] + [-1] * (len(s.large_offer) - 1)
    s.habitats_left = 0
    upkeeps = heuristic._upkeeps_left(s)
    step = (("large_facility", 0),)
    setr(s, 0, credits=0)
    assert heuristic._steps_value(s, 0, step, upkeeps) == 0.0
    setr(s, 0, credits=20)
    s.doubled = True  # as during the HQ visit
    price = rules.facility_price(s, 0, arcade, 0)
    assert price == 2 * GAME.content.facilities[arcade].cost
    worth = heuristic._facility_worth(s, 0, arcade, upkeeps)
    assert worth >= 2 * OBJECTIVE  # two commercial spaces toward a full sector
    expected = worth - (weights.CREDIT + 1 / 3) * price
    assert heuristic._steps_value(s, 0, step, upkeeps) == pytest.approx(expected)


def test_cc3_a_facility_is_worth_credits_not_vp():
    """CC3 scores credits: 'receive Credits equal to your Reputation Track value and 1 Credit for each
    facility bonus victory point': a facility that scores VP each Upkeep is worth only its reputation and
    end-game points there, and one that brings credits is worth them."""
    s = scen("CC3")
    upkeeps = heuristic._upkeeps_left(s)
    facilities = GAME.content.facilities
    ammonite = next(f for f in facilities if f.key == "ammonite_exhibit")
    gift = next(f for f in facilities if f.key == "gift_shop")
    assert heuristic._facility_worth(s, 0, ammonite.index, upkeeps) == ammonite.end_vp + ammonite.reputation
    income = sum(n for r, n in gift.upkeep if r == CREDITS)
    assert income > 0
    assert heuristic._facility_worth(s, 0, gift.index, upkeeps) == gift.end_vp + gift.reputation + upkeeps * income


def test_cc1_a_mosasaur_or_spinosaurus_is_worth_the_corrupted_t_rex_it_destroys():
    """CC1 starts with three Corrupted T-Rex; 'Terror: During Upkeep, you may destroy a dinosaur in your park
    to ignore feeding a Mosasaur. If you do, immediately gain 5 VP' and 'Aquatic Hunter: Destroy one dinosaur
    in your park when placed'. In CC1 the evaluation adds to a Mosasaur the 5 VP and the Upkeeps each T-Rex it
    destroys stops costing (one a Upkeep), and to a Spinosaurus one T-Rex; a Safari adds its 3 VP a T-Rex.
    With no Corrupted T-Rex left in the park, the same dinosaurs are worth what they are anywhere."""
    s = scen("CC1")
    upkeeps = heuristic._upkeeps_left(s)
    mosa, spino, mega = sp("mosasaur"), sp("spinosaurus"), sp("megalodon")
    cost = heuristic._corrupted_upkeep(s)
    assert cost > -GAME.content.species[rules.species_of(s.dinos[0][0])].vp  # a hit on top of its -2 VP
    with_rex = {k: heuristic._worth(s, k, upkeeps, 0) for k in (mosa, spino, mega)}
    safari = fac("safari")
    safari_with = heuristic._facility_worth(s, 0, safari, upkeeps)
    s.dinos[0] = ()
    alone = {k: heuristic._worth(s, k, upkeeps, 0) for k in (mosa, spino, mega)}
    assert with_rex[mega] == alone[mega]
    each = cost + weights.REPUTATION
    terror = sum(5 + each * (upkeeps - 1 - k) for k in range(3))
    assert with_rex[mosa] - alone[mosa] == pytest.approx(terror)
    assert with_rex[spino] - alone[spino] == pytest.approx(each * upkeeps)
    assert with_rex[mosa] > with_rex[mega] > alone[mosa]  # the Megalodon's 6 VP a Upkeep no longer lead
    assert safari_with - heuristic._facility_worth(s, 0, safari, upkeeps) == 3 * 3


def test_an_aquatic_habitat_is_worth_the_aquatic_dna_in_hand_it_makes_room_for():
    """A set of aquatic DNA in hand counts half while no Aquatic Habitat has room for it; the habitat on offer
    is worth the half it would unlock, so that the agent buys one for the set it holds."""
    s = cc_quiet(2)
    seat = s.cur
    upkeeps = heuristic._upkeeps_left(s)
    habitat = fac("aquatic_habitat")
    empty = heuristic._facility_worth(s, seat, habitat, upkeeps)
    give_kind(s, seat, sp("megalodon"), 4)
    hand = heuristic._hand_worth(s, seat, sp("megalodon"), 4, upkeeps)
    assert hand > 0
    assert heuristic._facility_worth(s, seat, habitat, upkeeps) == pytest.approx(empty + 0.5 * hand)
    large(s, seat, "aquatic_habitat", "A1", "A2")  # room already: a second habitat unlocks nothing
    assert heuristic._facility_worth(s, seat, habitat, upkeeps) == pytest.approx(empty)


def test_while_a_large_facility_is_being_chosen_its_best_buy_stays_in_view():
    """At the HQ, after 'buy a Large Facility' is chosen and before the tile is, the position is worth the best
    buy on offer: the choice once looked no better than a free Open Ocean roll (CC1: 'Your points cannot go
    below zero'), and the greedy agent rolled twice instead of buying."""
    s = scen("CC1")
    setr(s, 0, credits=12)
    relist(s)
    s.apply(place("hq"))
    assert s.phase == rules.CHOOSE
    legal = s.legal_actions()
    scores = dict(zip(legal, HEURISTIC.action_scores(s, 0, legal), strict=True))
    buy = next(a for a in legal if "large facility" in s.action_text(a).lower())
    roll = next(a for a in legal if "open ocean" in s.action_text(a).lower())
    assert scores[buy] > scores[roll]
    s.apply(buy)
    assert s.phase == rules.LARGE
    upkeeps = heuristic._upkeeps_left(s)
    best_buy = heuristic._best_facility(s, 0, s.ctx[0], upkeeps, large=True)
    assert best_buy > 0
    pending = heuristic._pending(s, 0, upkeeps)
    assert pending == pytest.approx(best_buy + heuristic._pending(s, 0, upkeeps, open_decision=False))


def test_every_kind_of_effect_step_has_a_worth():
    """The evaluation values a step by its kind, from one table: a kind registered in the rules (or the
    `choose` node) without an entry would fail there, so a new kind must say what it is worth."""
    assert set(heuristic.STEP_WORTH) == set(rules.EFFECTS.kinds) | {"choose"}
