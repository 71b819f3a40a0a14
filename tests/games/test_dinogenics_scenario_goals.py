"""DinoGenics with Controlled Chaos: the rulebook's Solo Scenarios CC1-CC7, the Chaos Theory Module and the
Dinosaur Elites Module, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, a test starts from a real new game (a scenario, or the expansion with a module) and
sets the flat state's fields directly, then runs one Season step (testing.run_stage) or lets settle() run on. End states
for the objectives are built by hand: counters set, then `s.over = True` and the outcome read.

This file: CC1, CC3, CC4, CC5, CC6, CC7, objectives and grades.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.games.dinogenics import rules, scoring, testing
from dinotable.games.dinogenics.components import SCANDALS, VISITORS
from dinotable.games.dinogenics.rules import as_repaired, has_flag, species_of

from .dinogenics_helpers import (
    IDS,
    C,
    _end,
    build,
    cell,
    do_steps,
    empty_hands,
    get,
    give,
    hire,
    hq_option,
    next_season,
    pen,
    put,
    relist,
    run,
    scen,
    setr,
    sp,
    space,
)


# ------------------------------------------------------------------------------------------ CC1
def test_cc1_points_cannot_go_below_zero_at_the_end():
    """CC1: 'Your points cannot go below zero.' (the same counters score below zero in another scenario)"""
    for key, expected in (("CC1", 0), ("CC4", 4 + 3 - 18)):
        s = scen(key)
        empty_hands(s, 0)
        s.dinos[0] = ()
        setr(s, 0, vp=4, credits=0, scandals=3)
        put(s, 0, "brontosaurus", "C4")  # 3 VP for a species in a valid habitat
        assert scoring.breakdown(s, 0)["total"] == expected
        assert s.scores() == [expected]


def test_corrupted_t_rex_dinosaur_value_cannot_go_below_zero():
    """Corrupted T-Rex: '-2 Victory Points (you cannot go below 0).' The Dinosaur Value track runs 0-30: three
    of them hold it at 0 and take up to 6 from the other dinosaurs' value, never VP from elsewhere."""
    s = scen("CC1")
    assert rules.dinosaur_value(s, 0) == 0
    setr(s, 0, vp=2)
    testing.run_stage(s, "vp", [])
    assert get(s, 0, "vp") == 2
    put(s, 0, "brontosaurus", "C4")  # 5 VP: -1 in all, still 0
    assert rules.dinosaur_value(s, 0) == 0
    put(s, 0, "stegosaurus", "C3")  # 3 VP more: 2
    assert rules.dinosaur_value(s, 0) == 2
    testing.run_stage(s, "vp", [])
    assert get(s, 0, "vp") == 4


def test_corrupted_t_rex_numbers():
    """'Corrupted T-Rex: Carnivore: No meat required. ... -2 Victory Points ... -1 Reputation. 0 Minimum fenced
    habitat spaces. 0 DNA required.' Three share the 2 x 2 pen validly; none is fed; no card makes one."""
    s = scen("CC1")
    setr(s, 0, scandals=0)
    assert rules.reputation(s, 0) == -3
    assert rules.improper(s, 0) == [False] * 3
    assert rules.goats_needed(s, 0) == []
    corrupted = sp("corrupted_t_rex")
    assert corrupted not in s.dna_deck and corrupted not in s.edna_deck
    goats = get(s, 0, "goats")
    testing.run_stage(s, "feed", [])
    assert get(s, 0, "goats") == goats and not any(has_flag(d, rules.HUNGRY) for d in s.dinos[0])


def test_corrupted_t_rex_rampage_check_at_the_end_of_every_feeding_stage():
    """Corrupted T-Rex: 'Corrupted: Resolve a rampage check at the end of every feeding stage.' (in a valid pen,
    fed or not)"""
    s = scen("CC1")
    setr(s, 0, workers=0)
    events = run(s)
    rampages = [e.detail["species"] for e in events if e.kind == "rampage"]
    assert rampages == ["corrupted_t_rex"] * 3


def test_corrupted_t_rex_ignores_placement_checks():
    """Corrupted T-Rex: 'Ignore placement checks.' A Triceratops placed in their pen makes its check; the
    Corrupted T-Rex sharing that area, improper too, do not."""
    s = scen("CC1")
    s.tasks.clear()
    rules.place_dinosaur(s, 0, sp("triceratops"), cell("B2"), 0, [])
    assert all(rules.improper(s, 0))
    assert s.tasks == [("rampage", 0, 3)]


# ------------------------------------------------------------------------------------------ CC3
def test_cc3_end_scoring_in_credits_and_nothing_else():
    """CC3: 'When End Game Scoring would normally occur, instead receive Credits equal to your Reputation Track
    value and 1 Credit for each facility bonus victory point. Lastly, receive 3 Credits per unique species in your
    park.' 'Do not calculate any other end game scoring bonuses.' (VP, DNA cards, Scandals count for nothing)"""
    s = scen("CC3")
    empty_hands(s, 0)
    give(s, 0, "raptor", 6)
    setr(s, 0, credits=40, vp=77)
    pen(s, 0, "A1")
    put(s, 0, "triceratops", "A1")  # 1 reputation
    put(s, 0, "brontosaurus", "C4")  # 2 reputation
    put(s, 0, "brontosaurus", "C3")  # 2 reputation, the same species
    build(s, 0, "park_mascots")  # 2 reputation, 1 End Game VP
    expected = {"credits": 40, "reputation": 7, "facilities": 1, "species": 6, "total": 54}
    assert scoring.breakdown(s, 0) == expected
    assert s.scores() == [54]


# ------------------------------------------------------------------------------------------ CC4
def test_cc4_each_round_a_new_dna_card_in_the_market():
    """CC4: 'Each round add a new DNA card to the DNA market.' (4 cards in a standard market)"""
    assert len(scen("CC1").market) == 4
    s = scen("CC4")
    assert len(s.market) == 5
    next_season(s)
    assert len(s.market) == 6
    next_season(s)
    assert len(s.market) == 7


def test_cc4_each_scandal_gained_is_two():
    """CC4: 'Anytime you would gain a scandal, gain 2 instead.' (from a card's effect, for a visitor killed, for
    the Visitor Center damaged)"""
    s = scen("CC4")
    do_steps(s, 0, (("gain", ((SCANDALS, 1),)),))
    assert get(s, 0, "scandals") == 2
    setr(s, 0, visitors=1)
    rules.kill_visitors(s, 0, 1, [])
    assert get(s, 0, "scandals") == 4
    testing.run_task(s, ("damage", 0, put(s, 0, "t_rex", "C4")), [])  # the Visitor Center, repaired for a Scandal
    assert get(s, 0, "scandals") == 6
    other = scen("CC2")
    do_steps(other, 0, (("gain", ((SCANDALS, 1),)),))
    assert get(other, 0, "scandals") == 1


# ------------------------------------------------------------------------------------------ CC5
def test_cc5_a_scandal_for_every_two_damaged_facilities_when_visitors_arrive():
    """CC5: 'Each time you receive 1 or more visitors, receive a scandal for every two damaged facilities in your
    park (round down).' Nine broken facilities: 4 Scandals; five: 2; no visitor received: none."""
    s = scen("CC5")
    setr(s, 0, visitors=0, scandals=0)
    assert rules.room(s, 0) == 4  # the Visitor Center, with the Master Architect's 2 more
    do_steps(s, 0, (("gain", ((VISITORS, 4),)),))
    assert (get(s, 0, "visitors"), get(s, 0, "scandals")) == (4, 4)
    do_steps(s, 0, (("gain", ((VISITORS, 1),)),))  # the park is full: nobody arrives
    assert (get(s, 0, "visitors"), get(s, 0, "scandals")) == (4, 4)
    s.facs[0] = tuple(as_repaired(f) if j < 4 else f for j, f in enumerate(s.facs[0]))
    setr(s, 0, visitors=0)
    do_steps(s, 0, (("gain", ((VISITORS, 1),)),))
    assert (get(s, 0, "visitors"), get(s, 0, "scandals")) == (1, 6)
    other = scen("CC6")  # two broken Ammonite Exhibits, no such rule
    setr(other, 0, visitors=0)
    do_steps(other, 0, (("gain", ((VISITORS, 1),)),))
    assert get(other, 0, "scandals") == 0


# ------------------------------------------------------------------------------------------ CC6
def _city_hotel(s) -> int:
    """A worker to the City Center buys a Basic Hotel; returns the credits it cost."""
    before = get(s, 0, "credits")
    s.apply(IDS.space + space("city_center"))
    s.apply(IDS.city_center + rules.FACILITY_CHOICE)
    s.apply(IDS.stack + 0)
    return before - get(s, 0, "credits")


def test_cc6_a_facility_at_the_city_center_costs_double():
    """CC6: 'All City Center and IntelliGen Design HQ actions cost double their standard credit amounts (round
    up).' A Basic Hotel (2 credits) costs 4 there; the same hotel bought with a card's facility step does not."""
    s = scen("CC6")
    setr(s, 0, credits=20)
    relist(s)
    assert _city_hotel(s) == 4
    s.apply(IDS.done)  # leave the City Center
    assert not s.doubled
    setr(s, 0, credits=20)
    do_steps(s, 0, (("facility", 0),))
    assert s.phase == rules.FACILITY
    s.apply(IDS.stack + 0)
    assert get(s, 0, "credits") == 18


def test_cc6_discounts_are_applied_before_the_double():
    """CC6: 'Any discounts are applied before the double.' With the Master Architect (facilities cost 1 credit
    less, designed) a Basic Hotel at the City Center costs (2 - 1) x 2 = 2."""
    s = scen("CC6")
    hire(s, 0, "master_architect")
    setr(s, 0, credits=20)
    relist(s)
    assert _city_hotel(s) == 2


@pytest.mark.parametrize(("choice", "cost"), [("buy", 4), ("repair", 4)])
def test_cc6_buying_dna_and_repairing_at_the_city_center_cost_double(choice, cost):
    """CC6: 'All City Center and IntelliGen Design HQ actions cost double their standard credit amounts'. A DNA
    card from the market (2 credits) costs 4; repairing a broken Ammonite Exhibit (half of 4) costs 4."""
    s = scen("CC6")
    setr(s, 0, credits=20)
    relist(s)
    s.apply(IDS.space + space("city_center"))
    s.apply(IDS.city_center + (rules.BUY_CHOICE if choice == "buy" else rules.REPAIR_CHOICE))
    s.apply(next(a for a in s.legal_actions() if a != IDS.done))
    assert get(s, 0, "credits") == 20 - cost


def test_cc6_a_large_facility_at_intelligen_designs_hq_costs_double():
    """CC6: 'All City Center and IntelliGen Design HQ actions cost double their standard credit amounts'. An
    Aquatic Habitat (3 credits) from the HQ costs 6."""
    s = scen("CC6")
    setr(s, 0, credits=20)
    relist(s)
    s.apply(IDS.space + space("hq"))
    s.apply(hq_option("large_facility"))
    s.apply(IDS.large + 0)
    assert get(s, 0, "credits") == 14


# ------------------------------------------------------------------------------------------ CC7
def test_cc7_a_destroyed_dinosaur_gives_three_scandals_and_a_rampage_check_to_its_species():
    """CC7: 'If a dinosaur is destroyed in your park for any reason, gain 3 scandal tokens and any other
    dinosaurs of that species immediately resolve a rampage check.' (the other T-Rex, not the Ankylosaurus)"""
    s = scen("CC7")
    s.tasks.clear()
    rules.destroy(s, 0, 0, [])
    assert get(s, 0, "scandals") == 3
    assert [C.species[species_of(d)].key for d in s.dinos[0]] == ["t_rex", "ankylosaurus"]
    assert s.tasks == [("rampage", 0, 0)]
    events = run(s)
    assert [e.detail["species"] for e in events if e.kind == "rampage"] == ["t_rex"]


def test_a_destroyed_dinosaur_outside_cc7_gives_no_scandal():
    """The CC7 rule is that scenario's alone."""
    s = scen("CC4")
    put(s, 0, "t_rex", "C4")
    put(s, 0, "t_rex", "C3")
    s.tasks.clear()
    rules.destroy(s, 0, 0, [])
    assert get(s, 0, "scandals") == 0 and s.tasks == []


# ------------------------------------------------------------------------------------ objectives and grades


@pytest.mark.parametrize(
    ("total", "scandals", "met", "grade"),
    [
        (126, 0, True, "Your extensive efforts"),
        (125, 0, True, "Your park is secured"),
        (100, 0, True, "Your park is secured"),
        (99, 0, False, "Your reputation is ruined"),
        (130, 2, False, "Your reputation is ruined"),  # reputation 0 is not positive
    ],
)
def test_cc1_objective_and_grades(total, scandals, met, grade):
    """CC1: 'Objective: By the end of Season 7, your park must have a positive reputation and at least 100 VP.'
    'VP 126+: Your extensive efforts ...' 'VP 100-125: Your park is secured ...' 'FAILURE: Your reputation is
    ruined ...'"""
    s = scen("CC1")
    empty_hands(s, 0)
    s.dinos[0] = ()
    setr(s, 0, credits=0, scandals=scandals)
    build(s, 0, "park_mascots")  # 2 reputation
    out = _end(s, total)
    assert (rules.reputation(s, 0) > 0) == (scandals == 0)
    assert out["objective_met"] is met and out["grade"].startswith(grade)
    assert s.winners() == ([0] if met else [])
    assert out["result"] == ("won" if met else "lost")


@pytest.mark.parametrize(
    ("total", "pairs", "met", "grade"),
    [
        (150, 4, True, "Through your hard work"),
        (150, 3, True, "The mating process"),
        (149, 4, True, "The mating process"),
        (100, 3, True, "The mating process"),
        (160, 2, False, "Your effort to make dinosaurs whole"),
        (99, 4, False, "Your effort to make dinosaurs whole"),
    ],
)
def test_cc2_objective_and_grades_need_paired_species(total, pairs, met, grade):
    """CC2: 'Objective: By the end of Season 7 you must have at least 100 VP and 3 species with two or more meeples
    in your park.' 'VP 150+ and 4 Paired Species: Through your hard work ...' 'VP 100+ and 3 Paired Species: The
    mating process ...' 'FAILURE: Your effort to make dinosaurs whole ...'"""
    s = scen("CC2")
    empty_hands(s, 0)
    setr(s, 0, credits=0)
    for key in ("triceratops", "raptor", "stegosaurus", "ankylosaurus")[:pairs]:
        put(s, 0, key, "C4")
        put(s, 0, key, "C4")
    put(s, 0, "t_rex", "C3")  # a single meeple is no pair
    assert scoring.paired_species(s, 0) == pairs
    out = _end(s, total)
    assert out["objective_met"] is met and out["grade"].startswith(grade)
    assert out["conditions"] == {"paired_species": pairs >= 3}
    assert s.winners() == ([0] if met else [])


@pytest.mark.parametrize(
    ("credits", "scandals", "met", "grade"),
    [
        (90, 0, True, "You spared no expense"),
        (89, 0, True, "You may have cut some corners"),
        (50, 0, True, "You may have cut some corners"),
        (49, 0, False, "The hotels are a fire hazard"),
        (95, 1, False, "The hotels are a fire hazard"),
    ],
)
def test_cc3_objective_and_grades_in_credits(credits, scandals, met, grade):
    """CC3: 'Objective: By the end of Season 7, you must have at least 50 Credits and no scandals.' '90+ Credits:
    You spared no expense ...' '50-89 Credits: You may have cut some corners ...' 'FAILURE: The hotels are a fire
    hazard ...'"""
    s = scen("CC3")
    empty_hands(s, 0)
    setr(s, 0, credits=credits, scandals=scandals)
    s.over = True
    out = s.outcome()
    assert out["scores"] == [credits]
    assert out["objective_met"] is met and out["grade"].startswith(grade)
    assert s.winners() == ([0] if met else [])


@pytest.mark.parametrize(
    ("total", "met", "grade"),
    [
        (150, True, "Your employer took a risk on you"),
        (149, False, "You have found comfort in chaos"),
        (130, False, "You have found comfort in chaos"),
        (129, False, None),
    ],
)
def test_cc7_grades_the_second_text_below_the_objective(total, met, grade):
    """CC7: 'Objective: By the end of Season 7, score at least 150 victory points.' 'VP 150+: Your employer took a
    risk on you ...' 'VP 130-149: You have found comfort in chaos ...' (a grade, though the objective is not met)"""
    s = scen("CC7")
    setr(s, 0, credits=0)
    out = _end(s, total)
    assert out["objective_met"] is met
    assert out["grade"] == s.scenario.failure if grade is None else out["grade"].startswith(grade)
    assert s.winners() == ([0] if met else [])


@pytest.mark.parametrize(("hotels", "met"), [(1, True), (0, False)])
def test_cc5_objective_needs_a_visitor_capacity_of_eight(hotels, met):
    """CC5: 'Objective: By the end of Season 7, score at least 120 victory points and have a visitor capacity of 8
    or more.' (the Visitor Center's 2 rooms, the Master Architect's 2 more and 4 per medium hotel)"""
    s = scen("CC5")
    for _ in range(hotels):
        build(s, 0, "medium_hotel")
    out = _end(s, 130)
    assert out["conditions"] == {"rooms": met}
    assert out["objective_met"] is met
    assert out["grade"].startswith("Your park is still adorned" if met else "Building on top of a weak foundation")


@pytest.mark.parametrize(("hotels", "met"), [(7, True), (6, False)])
def test_cc6_objective_needs_every_commercial_space_occupied(hotels, met):
    """CC6: 'Objective: By the end of Season 7, score at least 100 victory points and you cannot have any
    unoccupied commercial sector spaces.' (7 commercial spaces)"""
    s = scen("CC6")
    for _ in range(hotels):
        build(s, 0, "basic_hotel")
    out = _end(s, 155)
    assert out["conditions"] == {"commercial_full": met}
    assert out["objective_met"] is met
    assert out["grade"].startswith("The economy has started" if met else "The economic downturn")


def test_cc4_objective_is_the_score_alone():
    """CC4: 'Objective: By the end of Season 7, score at least 100 victory points.' 'VP 150+', 'VP 100-149'."""
    s = scen("CC4")
    out = _end(s, 100)
    assert out["objective_met"] and out["conditions"] == {} and out["grade"].startswith("While not without faults")
    out = _end(s, 99)
    assert not out["objective_met"] and out["grade"].startswith("Your competitors artfully sabotaged")
