"""DinoGenics with Controlled Chaos: the rulebook's Solo Scenarios CC1-CC7, the Chaos Theory Module and the
Dinosaur Elites Module, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in test_dinogenics.py, a test starts from a real new game (a scenario, or the expansion with a module) and
sets the flat state's fields directly, then runs one Season step (testing.run_stage) or lets settle() run on. End states
for the objectives are built by hand: counters set, then `s.over = True` and the outcome read.
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, scoring, testing
from dinotable.games.dinogenics.components import SCANDALS, VISITORS, VP
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules import CELL, DAMAGED, SPECIALISTS, SPECIES

from .test_dinogenics import (
    build,
    cell,
    do_steps,
    empty_hands,
    get,
    give,
    news,
    pen,
    put,
    rect,
    relist,
    run,
    setr,
    sp,
    space,
)
from .test_dinogenics_expansion import hire, hq_option, large, specialist

C = GAME.content
IDS = GAME.ids
GEO = GAME.geo
T = GAME.tables
K = C.kinds
M = len(C.manipulation)
SCENARIOS = ("CC1", "CC2", "CC3", "CC4", "CC5", "CC6", "CC7")
CHAOS = [i for i, n in enumerate(C.news) if n.chaos]
ELITES = {"dimetrodon": 2, "pachycephalosaurus": 2, "parasaurolophus": 2, "dreadnoughtus": 1}


# ------------------------------------------------------------------------------------------ helpers
def scen(key: str, seed: int = 1):
    return GAME.new_game(1, seed, {"scenario": key})


def modules(num_players: int = 1, seed: int = 1, **options):
    """An expansion game with the modules asked for, every seat's hands emptied."""
    s = GAME.new_game(num_players, seed, {"expansion": True, **options})
    for p in range(num_players):
        empty_hands(s, p)
    relist(s)
    return s


def next_season(s) -> None:
    """No more workers this Season: play on (first legal choice at any decision) to the next placement."""
    start = s.season
    for p in range(s.num_players):
        setr(s, p, workers=0)
    run(s)
    while s.season == start or s.phase != rules.PLACE:
        s.apply(s.legal_actions()[0])


def score_to(s, total: int) -> None:
    """Sets the VP track so that End Game Scoring counts exactly `total` (from a positive total: CC1 clamps)."""
    s.res[VP] = 500
    s.res[VP] += total - scoring.breakdown(s, 0)["total"]
    assert scoring.breakdown(s, 0)["total"] == total


def placement_keys(s) -> list[str]:
    return [C.spaces[i].key for i in rules.placements(s, 0)]


def news_events(events) -> list[tuple]:
    return [(e.detail["name"], e.detail["chaos"]) for e in events if e.kind == "news"]


# -------------------------------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("num_players", "options", "named"),
    [
        (2, {"scenario": "CC1"}, "scenario"),
        (3, {"scenario": "CC7"}, "scenario"),
        (2, {"expansion": False, "elites": True}, "elites"),
        (2, {"expansion": False, "chaos_theory": True}, "chaos_theory"),
        (3, {"coop": True}, "coop"),
        (1, {"coop": True}, "coop"),
        (1, {"scenario": "CC8"}, "scenario"),
    ],
)
def test_options_refused(num_players, options, named):
    """'Single player scenarios offer unique challenges for solo play.' 'Chaos Theory: Shuffle the 5 Chaos Theory
    cards into the Breaking News deck.' / 'Dinosaur Elites: Shuffle the 7 Dinosaur Elites eDNA cards into the eDNA
    deck.' (Controlled Chaos modules). 'Synth Re-Activated is a special scenario intended to be played cooperatively
    with a second player.' There are seven solo scenarios."""
    with pytest.raises(ValueError, match=named):
        GAME.new_game(num_players, 1, options)


# ------------------------------------------------------------------------------------ scenario starts
# key: Season, credits, goats, DNA, workers, pen cells, Manipulation cards, Scandals, facilities (damaged),
# specialists, dinosaurs, Breaking News deck, forbidden spaces, credits already earned by the first Open Season.
START = {
    "CC1": (
        1,
        5,
        0,
        3,
        3,
        ("A1", "A2", "B1", "B2"),
        1,
        3,
        [],
        [],
        ["corrupted_t_rex"] * 3,
        [8, 12, 13, 18, 25, 31],
        [],
        0,
    ),
    "CC2": (
        2,
        3,
        0,
        3,
        4,
        ("A1",),
        0,
        0,
        [("cold_storage", False), ("gene_grafting_lab", False)],
        ["dna_archivist"],
        [],
        [2, 6, 10, 18, 29, 32],
        ["time_share"],
        2,  # 1 researcher (3 cards // 2) brings 1 credit of grant money, then 1 credit of Open Season income
    ),
    "CC3": (2, 3, 0, 3, 4, ("A1",), 1, 0, [("methane_reclamation", True)], [], [], [6, 7, 9, 16, 19, 30], [], 0),
    "CC4": (1, 3, 0, 3, 4, ("A1",), 0, 0, [], [], [], [1, 4, 11, 13, 14, 25, 28], ["site_a", "site_b"], 0),
    "CC5": (
        1,
        5,
        0,
        3,
        4,
        (),
        4,
        0,
        [("aquatic_habitat", True)] * 5 + [("arcade", True)] + [("holo_dome", True)] * 3,
        ["master_architect"],
        [],
        [2, 4, 17, 18, 25, 26],
        [],
        0,
    ),
    "CC6": (1, 0, 0, 5, 4, ("A1",), 1, 0, [("ammonite_exhibit", True)] * 2, [], [], [4, 14, 17, 19, 20, 29], [], 0),
    "CC7": (
        2,
        5,
        2,
        0,
        4,
        ("A1", "A2", "B1", "B2"),
        0,
        0,
        [],
        ["chaotician"],
        ["t_rex", "t_rex", "ankylosaurus"],
        [8, 10, 15, 18, 31],
        ["farm"],
        2,  # 2 visitors (Overlay A, Player 1, Season 2) earn 2 credits
    ),
}


@pytest.mark.parametrize("key", SCENARIOS)
def test_scenario_start_matches_the_rulebook_list(key):
    """Each scenario's list: 'Game Begins with: Season ...', 'Starting Credits', 'Starting Goat Meeples',
    'Starting DNA Cards', 'Starting Workers', 'Starting Fence: 8 (1 Pen)' / '4 (1 Pen)', 'Starting Manipulation
    Cards', 'Starting Scandals', 'Starting Facilities: ... (broken)', the specialist card and the dinosaurs it
    starts with. Designed: the 8 fences are a built 2 x 2 pen in A1-B2, the 4 a built 1 x 1 pen in A1, and none
    is left in the supply; a Season-2 start plays that Season's Open Season steps 1-4 (visitors, income)."""
    season, credits, goats, dna, workers, cells, manip, scandals, facs, specs, dinos, _, _, earned = START[key]
    s = scen(key)
    assert s.scenario.key == key and s.num_players == 1 and s.expansion
    assert s.season == season and s.phase == rules.PLACE
    assert get(s, 0, "credits") == credits + earned
    assert get(s, 0, "goats") == goats
    assert rules.hand_size(s, 0) == dna
    assert get(s, 0, "workers") == workers
    assert sum(s.manip[0:M]) == manip
    assert get(s, 0, "scandals") == scandals
    assert get(s, 0, "fences") == 0 and s.broken[0] == 0
    assert s.fence[0] == (GEO.rectangles[rect(*cells)][1] if cells else 0)
    got = sorted((C.facilities[f & 63].key, bool(f & DAMAGED)) for f in s.facs[0])
    assert got == sorted(facs)
    held = [x.key for x in C.specialists if s.res[SPECIALISTS] >> x.index & 1]
    assert held == sorted(specs, key=specialist)
    assert sorted(C.species[d & SPECIES].key for d in s.dinos[0]) == sorted(dinos)
    if dinos:
        # 'three penned Corrupted T-Rex' / 'two T-Rex and one Ankylosaurus in a shared pen'
        keys = rules.habitat_keys(s, 0)
        assert len(set(keys)) == 1 and keys[0] != OPEN
        assert all((d >> CELL) & 15 in [cell(c) for c in cells] for d in s.dinos[0])
    GAME.check_invariants(s)


@pytest.mark.parametrize("key", SCENARIOS)
def test_scenario_news_deck_and_no_active_card_the_first_round(key):
    """'Breaking News Deck: ... Shuffle the deck and place the first Breaking News card into the upcoming event
    slot. (No active event first round.)' Designed: a Season-2 start skips that Season's step 5; the next Season
    the upcoming card becomes active."""
    listed = START[key][11]
    s = scen(key, seed=4)
    assert sorted(C.news[i].number for i in [*s.news_deck, s.upcoming]) == listed
    assert s.active == -1 and s.upcoming >= 0
    upcoming = s.upcoming
    next_season(s)
    assert s.season == START[key][0] + 1
    assert s.active == upcoming
    assert C.news[s.active].number in listed


def test_scenario_manipulation_deck_leaves_out_the_cards_that_name_another_player():
    """'Remove the following Manipulation cards: Infest Hotels, Infiltrator, Misdirection, Research Pact, DNA
    Theft, Whistle Blower, as well as the expansion cards: Sabotage, Non-Zero-Sum Game, Goat Rustling and Control
    the News Cycle.' (the expansion's other cards are in)"""
    removed = {
        "infest_hotels",
        "infiltrator",
        "misdirection",
        "research_pact",
        "dna_theft",
        "whistle_blower",
        "sabotage",
        "non_zero_sum_game",
        "goat_rustling",
        "control_the_news_cycle",
    }
    s = scen("CC5")
    cards = set(s.manip_deck) | {m for m in range(M) if s.manip[m]}
    assert cards == {m.index for m in C.manipulation if m.key not in removed}
    assert len(s.manip_deck) + sum(s.manip[:M]) == sum(m.count for m in C.manipulation if m.key not in removed)


@pytest.mark.parametrize("key", ["CC2", "CC4", "CC7"])
def test_scenario_forbidden_spaces_are_not_legal_even_by_outsource(key):
    """CC2 'You may not play workers to Time Share.', CC4 'You may not play workers to Site A or B.', CC7 'Workers
    cannot be deployed to the Farm for any reason.' Designed: Outsource cannot take their actions either."""
    forbidden = START[key][12]
    s = scen(key)
    setr(s, 0, credits=20, visitors=0)
    relist(s)
    assert not set(forbidden) & set(placement_keys(s))
    assert not {space(k) for k in forbidden} & set(rules.outsource_spaces(s, 0, 20))
    assert "outsource" in placement_keys(s)
    # The same spaces are open to a scenario that does not forbid them.
    other = scen("CC1")
    setr(other, 0, credits=20, visitors=0)
    assert set(forbidden) <= set(placement_keys(other))
    assert {space(k) for k in forbidden} <= set(rules.outsource_spaces(other, 0, 20))


# ------------------------------------------------------------------------------------------ visitors
def _rep_park(key: str, reputation: int, hotels: int):
    """A scenario's park emptied of dinosaurs, Scandals and specialists (CC5's Master Architect adds rooms),
    then given dinosaurs worth this reputation (in open space) and medium hotels (4 rooms each)."""
    s = scen(key)
    s.dinos[0] = ()
    setr(s, 0, scandals=0, visitors=0)
    s.res[rules.SPECIALISTS] = 0
    for _ in range(hotels):
        build(s, 0, "medium_hotel")
    for _ in range(reputation // 3):
        put(s, 0, "t_rex", "C4")  # 3 reputation each
    for _ in range(reputation % 3):
        put(s, 0, "triceratops", "C3")  # 1 reputation each
    assert rules.reputation(s, 0) == reputation
    return s


@pytest.mark.parametrize("key", ["CC1", "CC3", "CC4", "CC5"])
@pytest.mark.parametrize(("reputation", "hotels", "visitors"), [(3, 1, 3), (7, 1, 6), (7, 0, 2), (0, 1, 0)])
def test_visitors_up_to_the_reputation_track_value(key, reputation, hotels, visitors):
    """'Visitor Rules: These replace steps 1-3 of each Open Season: Step 1-3: Your park receives visitors at the
    beginning of each Season up to your Reputation Track value.' Rooms still limit them (2 in the Visitor
    Center, 4 per medium hotel); no bonus visitors."""
    s = _rep_park(key, reputation, hotels)
    testing.run_stage(s, "visitors", [])
    assert get(s, 0, "visitors") == visitors
    assert s.pool == 0


def test_visitors_none_with_a_negative_reputation():
    """CC1 starts with three Corrupted T-Rex ('-1 Reputation') and 3 Scandals: 'up to your Reputation Track
    value' is no visitor at all."""
    s = scen("CC1")
    assert rules.reputation(s, 0) == -6
    setr(s, 0, visitors=0)
    testing.run_stage(s, "visitors", [])
    assert get(s, 0, "visitors") == 0


@pytest.mark.parametrize(("reputation", "visitors"), [(7, 3), (6, 3), (3, 1), (1, 0)])
def test_cc6_visitors_up_to_half_the_reputation(reputation, visitors):
    """CC6: 'Your park receives visitors at the beginning of each Season up to half your Reputation Track
    value.' (rounded down: designed)"""
    s = _rep_park("CC6", reputation, 2)
    testing.run_stage(s, "visitors", [])
    assert get(s, 0, "visitors") == visitors


@pytest.mark.parametrize(("season", "visitors"), [(2, 2), (3, 3), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_cc7_visitors_from_the_player_1_column_of_overlay_a(season, visitors):
    """CC7: 'Your park receives visitors at the beginning of each Season equal to the Player 1 column of Visitor
    Overlay A.' Designed: Overlay A is the two- and three-player overlay; the reputation does not matter."""
    s = _rep_park("CC7", 0, 2)
    setr(s, 0, scandals=5)
    s.season = season
    testing.run_stage(s, "visitors", [])
    assert get(s, 0, "visitors") == visitors == C.visitors[2][season][0]


@pytest.mark.parametrize(("cards", "hotels", "visitors", "credits"), [(7, 1, 3, 3), (7, 0, 2, 3), (1, 1, 0, 0)])
def test_cc2_researchers_and_credits_half_the_dna_cards_in_hand(cards, hotels, visitors, credits):
    """CC2: 'You will receive researchers and credits each round equal to half the number of DNA cards in your
    hand. Round down. You will need to build hotels to accommodate them as normal'."""
    s = scen("CC2")
    empty_hands(s, 0)
    give(s, 0, "triceratops", cards)
    setr(s, 0, credits=0, visitors=0)
    for _ in range(hotels):
        build(s, 0, "medium_hotel")
    testing.run_stage(s, "visitors", [])
    assert get(s, 0, "visitors") == visitors
    assert get(s, 0, "credits") == credits


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
    assert get(s, 0, "goats") == goats and not any(d >> rules.FLAGS & rules.HUNGRY for d in s.dinos[0])


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
    s.facs[0] = tuple(f & ~DAMAGED if j < 4 else f for j, f in enumerate(s.facs[0]))
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
    assert [C.species[d & SPECIES].key for d in s.dinos[0]] == ["t_rex", "ankylosaurus"]
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
def _end(s, total: int):
    score_to(s, total)
    s.over = True
    return s.outcome()


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


# ------------------------------------------------------------------------------------------ Chaos Theory
@pytest.mark.parametrize("chaos", [True, False])
def test_chaos_theory_cards_join_the_news_deck_only_with_the_module(chaos):
    """'Chaos Theory: Shuffle the 5 Chaos Theory cards into the Breaking News deck.' (the red cards; never the
    Synth deck's)"""
    s = modules(2, seed=3, chaos_theory=chaos)
    deck = [*s.news_deck, s.upcoming]
    assert sorted(i for i in deck if C.news[i].chaos) == (CHAOS if chaos else [])
    assert len(CHAOS) == 5
    assert not any(C.news[i].synth for i in deck)
    assert len(deck) == len([n for n in C.news if not n.synth]) - (0 if chaos else 5)


def _chaos_order(s, *order: int) -> None:
    """The next cards drawn from the news deck, in order (the rest of the deck kept below them)."""
    deck = [i for i in s.news_deck if i not in order] + [s.upcoming] * (s.upcoming not in order)
    s.news_deck = deck + list(reversed(order))


def test_a_chaos_card_entering_upcoming_resolves_after_the_standard_card_then_is_discarded():
    """'When a Chaos Theory card enters the Upcoming News space, it is resolved immediately after the standard
    Breaking News card. After resolving, discard it from play and draw another Breaking News card to the upcoming
    space.' (Pest Outbreak: every player loses 2 goats)"""
    s = modules(2, seed=5, chaos_theory=True)
    s.season = 2
    pest, bull, after = CHAOS[3], news(19), news(13)
    assert C.news[pest].name == "Pest Outbreak"
    _chaos_order(s, bull, pest, after)
    s.upcoming = s.news_deck.pop()
    for p in range(2):
        setr(s, p, goats=3, credits=0)
    events = []
    s.phase = rules.NONE
    testing.run_stage(s, "news", events)
    events += run(s)
    assert news_events(events) == [(C.news[bull].name, False), ("Pest Outbreak", True)]
    assert [get(s, p, "goats") for p in range(2)] == [1, 1]
    assert [get(s, p, "credits") for p in range(2)] == [3, 3]  # Bull Market: 'Every player gains 3 credits'
    assert s.active == bull and s.upcoming == after
    assert pest not in s.news_deck


def test_two_chaos_cards_never_trigger_in_a_row():
    """'Two Chaos Theory cards can never trigger twice in a row ... If this happens, shuffle it back into the deck
    and draw another event.'"""
    s = modules(2, seed=6, chaos_theory=True)
    s.season = 3
    first, second = CHAOS[1], CHAOS[0]
    _chaos_order(s, news(19), first, second)
    s.upcoming = s.news_deck.pop()
    events = []
    s.phase = rules.NONE
    testing.run_stage(s, "news", events)
    events += run(s)
    while s.phase != rules.PLACE:  # Smear Campaign: each player names an opponent
        events += s.apply(s.legal_actions()[0])
    assert [chaos for _, chaos in news_events(events)] == [False, True]
    assert s.upcoming >= 0 and not C.news[s.upcoming].chaos
    assert second in s.news_deck and first not in s.news_deck


def test_no_chaos_card_in_season_one():
    """'Two Chaos Theory cards can never trigger ... during Season 1 of the game. If this happens, shuffle it back
    into the deck and draw another event.' (a new game's upcoming card; a card drawn to upcoming in Season 1)"""
    for seed in range(12):
        s = GAME.new_game(2, seed, {"expansion": True, "chaos_theory": True})
        assert not C.news[s.upcoming].chaos
    s = modules(2, seed=7, chaos_theory=True)
    assert s.season == 1
    s.news_deck.remove(CHAOS[2])
    s.news_deck.append(s.upcoming)
    s.upcoming = CHAOS[2]
    events = []
    testing.run_task(s, ("chaos",), events)
    assert events == []
    assert not C.news[s.upcoming].chaos and CHAOS[2] in s.news_deck


# ------------------------------------------------------------------------------------------ Dinosaur Elites
@pytest.mark.parametrize("elites", [True, False])
def test_elites_cards_join_the_edna_deck_only_with_the_module(elites):
    """'Dinosaur Elites: Shuffle the 7 Dinosaur Elites eDNA cards into the eDNA deck.' ('2x Dimetrodon 2x
    Pachycephalosaurus 2x Parasaurolophus 1x Dreadnoughtus')"""
    s = GAME.new_game(2, 2, {"expansion": True, "elites": elites})
    got = {key: s.edna_deck.count(sp(key)) for key in ELITES}
    assert got == (ELITES if elites else dict.fromkeys(ELITES, 0))
    assert not any(sp(key) in s.dna_deck for key in ELITES)
    GAME.check_invariants(s)


def test_parasaurolophus_one_vp_per_species_including_itself():
    """Parasaurolophus: 'Pleasing Harmonics: During Final Scoring, gain an additional 1 VP for each species,
    including this one, that you have in your park.'"""
    s = modules(elites=True)
    pen(s, 0, "A1", "A2")
    put(s, 0, "parasaurolophus", "A1")
    assert scoring.breakdown(s, 0)["traits"] == 1
    put(s, 0, "brontosaurus", "C4")
    put(s, 0, "brontosaurus", "C3")
    pen(s, 0, "B1")
    put(s, 0, "triceratops", "B1")
    parts = scoring.breakdown(s, 0)
    assert parts["traits"] == 3
    assert parts["total"] == sum(v for k, v in parts.items() if k != "total")


def test_dimetrodon_two_vp_per_directly_adjacent_aquatic_habitat_tile():
    """Dimetrodon: 'Beach Dweller: When placed, immediately gain 2 VP for each directly adjacent (not diagonal)
    Aquatic Habitat tile.' (A1-A2 above B2 and B3-B4 beside it count; C3-C4 is diagonal)"""
    s = modules(elites=True)
    large(s, 0, "aquatic_habitat", "A1", "A2")
    large(s, 0, "aquatic_habitat", "B3", "B4")
    large(s, 0, "aquatic_habitat", "C3", "C4")
    setr(s, 0, vp=0)
    rules.place_dinosaur(s, 0, sp("dimetrodon"), cell("B2"), 0, [])
    assert get(s, 0, "vp") == 4
    rules.place_dinosaur(s, 0, sp("dimetrodon"), cell("C1"), 0, [])
    assert get(s, 0, "vp") == 4


def test_dreadnoughtus_reputation_is_the_season_number():
    """Dreadnoughtus: 'Awe-Inspiring: Reputation is equal to the current Season number.'"""
    s = modules(elites=True)
    put(s, 0, "dreadnoughtus", "C4")
    for season in (1, 4, 7):
        s.season = season
        assert rules.reputation(s, 0) == season


def test_dreadnoughtus_can_never_be_penned():
    """Dreadnoughtus: '... can never be penned.'"""
    s = modules(elites=True)
    pen(s, 0, "A1", "A2", "B1", "B2")
    put(s, 0, "dreadnoughtus", "A1")
    assert rules.improper(s, 0) == [True]
    s.dinos[0] = ()
    put(s, 0, "dreadnoughtus", "C4")
    assert rules.improper(s, 0) == [False]


@pytest.mark.parametrize(("third", "valid"), [(True, False), (False, True)])
def test_dreadnoughtus_needs_two_adjacent_open_spaces(third, valid):
    """Dreadnoughtus: 'Requires at least two adjacent open spaces for a valid habitat'. Rows A and C penned, B1
    (and B3) built on, B4 penned: B2 alone is open space; without the facility on B3, B2-B3 are two."""
    s = modules(elites=True)
    pen(s, 0, "A1", "A2", "A3", "A4")
    pen(s, 0, "C1", "C2", "C3", "C4")
    pen(s, 0, "B4")
    build(s, 0, "goat_ranch", "B1")
    if third:
        build(s, 0, "petting_zoo", "B3")
    put(s, 0, "dreadnoughtus", "B2")
    assert rules.two_open_spaces(s, 0) is valid
    assert rules.improper(s, 0) == [not valid]


def test_brontosaurus_and_dreadnoughtus_rampage_together():
    """'Since Open Space is all connected, Brontosaurus and Dreadnoughtus will rampage if both are present on the
    same island!'"""
    s = modules(elites=True)
    put(s, 0, "brontosaurus", "A1")
    assert rules.improper(s, 0) == [False]
    put(s, 0, "dreadnoughtus", "C4")
    assert rules.improper(s, 0) == [True, True]


@pytest.mark.parametrize(
    ("neighbour", "penned", "borders"),
    [("triceratops", True, True), ("pachycephalosaurus", True, False), ("brontosaurus", False, False)],
)
def test_pachycephalosaurus_destructive_entertainment(neighbour, penned, borders):
    """Pachycephalosaurus: 'Destructive Entertainment: At start of Upkeep, if its habitat borders another species'
    habitat (except Open Space), resolve a rampage check and gain 3 VP.' (a Triceratops pen beside it does; a pen
    of its own species or a Brontosaurus in open space does not)"""
    s = modules(elites=True)
    pen(s, 0, "A1")
    pachy = put(s, 0, "pachycephalosaurus", "A1")
    if penned:
        pen(s, 0, "A2")
    put(s, 0, neighbour, "A2")
    setr(s, 0, vp=0)
    s.tasks.clear()
    testing.run_stage(s, "terror", [])
    assert get(s, 0, "vp") == (3 if borders else 0)
    assert s.tasks == ([("rampage", 0, pachy)] if borders else [])


@pytest.mark.parametrize(("neighbour", "facility"), [("pterodactyl", "biodome"), ("ichthyosaur", "aquatic_habitat")])
def test_pachycephalosaurus_borders_a_biodome_or_an_aquatic_habitat(neighbour, facility):
    """Pachycephalosaurus: 'if its habitat borders another species' habitat (except Open Space), resolve a
    rampage check and gain 3 VP.' A Biodome and an Aquatic Habitat are habitats too."""
    s = modules(elites=True)
    pen(s, 0, "A1")
    pachy = put(s, 0, "pachycephalosaurus", "A1")
    if facility == "biodome":
        build(s, 0, "biodome", "A2")
    else:
        large(s, 0, "aquatic_habitat", "A2", "A3")
    put(s, 0, neighbour, "A2")
    setr(s, 0, vp=0)
    s.tasks.clear()
    testing.run_stage(s, "terror", [])
    assert get(s, 0, "vp") == 3 and s.tasks == [("rampage", 0, pachy)]


# ------------------------------------------------------------------------------------------ invariants
@pytest.mark.parametrize("key", SCENARIOS)
def test_random_scenario_play_keeps_every_invariant(key):
    """Any legal play of a scenario runs from its first Season to Season 7 with cards, tiles, specialists and
    counters conserved, and ends with a graded result."""
    s = scen(key, seed=40 + SCENARIOS.index(key))
    rng = seed_state(200 + SCENARIOS.index(key))
    seasons = {s.season}
    while not s.over:
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
        seasons.add(s.season)
    assert seasons == set(range(s.scenario.season, 8))
    out = s.outcome()
    assert out["scenario"] == key and out["result"] in ("won", "lost")
    assert out["grade"] in [text for _, text, _ in s.scenario.grades] + [s.scenario.failure]


def test_random_play_with_both_modules_keeps_every_invariant():
    """Any legal play with Chaos Theory and Dinosaur Elites runs 7 Seasons with everything conserved."""
    s = GAME.new_game(3, 9, {"expansion": True, "elites": True, "chaos_theory": True})
    rng = seed_state(9)
    while not s.over:
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
    assert s.season == 7 and len(s.scores()) == 3


# ------------------------------------------------------------------------------------ review fixes
def test_cc7_a_destroyed_aquatic_dinosaur_makes_the_others_of_its_species_roll_the_upkeep_die():
    """CC7: 'any other dinosaurs of that species immediately resolve a rampage check'; 'When an aquatic
    dinosaur needs to resolve a rampage check, roll one Upkeep Die.'"""
    s = scen("CC7")
    large(s, 0, "aquatic_habitat", "C1", "C2")
    put(s, 0, "plesiosaurus", "C1")
    put(s, 0, "plesiosaurus", "C1")
    s.tasks.clear()
    rules.destroy(s, 0, len(s.dinos[0]) - 1, [])
    assert [task[0] for task in s.tasks] == ["aquatic"]


def test_chaos_theory_with_only_red_cards_left_the_upcoming_space_stays_empty():
    """'Two Chaos Theory cards can never trigger twice in a row ... shuffle it back into the deck and draw
    another event.' Designed: with no standard card left to draw, no card comes up."""
    s = modules(2, expansion=True, chaos_theory=True)
    red = [i for i, card in enumerate(GAME.content.news) if card.chaos]
    s.news_deck[:] = red[1:]
    s.upcoming = red[0]
    s.chaos_last = True
    rules.chaos_upcoming(s)
    assert s.upcoming == -1 and sorted(s.news_deck) == sorted(red)


def test_a_tour_guide_brings_its_visitor_in_a_scenario_too():
    """Designed (the Tour Guide): 'gain 1 visitor (room permitting) at the start of each Open Season', beside
    a scenario's own visitor rule."""
    s = scen("CC4")
    hire(s, 0, "tour_guide")
    setr(s, 0, visitors=0, scandals=5)  # reputation below 0: no visitors from the scenario's rule
    s.season = 2
    rules.scenario_visitors(s, [])
    assert get(s, 0, "visitors") == 1


def test_crash_tokens_close_a_worker_space_on_five_spaces_until_the_season_ends():
    """'5 Crash Tokens (used in Synth Co-op and Chaos Theory)' '... these are tied to a specific Breaking News
    card.' Designed: the Chaos Theory card Escaped Predators puts one on a free worker space of the City
    Center, Site A, Site B, the Farm and the Ferry; they go when the workers go home."""
    s = modules(2, expansion=True, chaos_theory=True)
    card = next(i for i, n in enumerate(GAME.content.news) if n.name == "Escaped Predators")
    crashed = GAME.content.news[card].crash
    assert len(crashed) == GAME.content.numbers["crash_tokens"] == 5
    free = [rules.free_slot(s, sp) for sp in crashed]
    events: list = []
    rules.resolve_news(s, card, events)
    assert [s.occ[slot] for slot in free] == [rules.CRASH] * 5
    assert sum(1 for e in events if e.kind == "crash") == 5
    testing.run_stage(s, "return", [])
    assert all(s.occ[slot] != rules.CRASH for slot in free)


def test_cc6_recession_warning_costs_the_solo_player_one_credit():
    """Designed Synth card 29, Recession Warning, in CC6's deck: 'West Branch: lose 1 credit' (the solo player
    resolves the West Branch step only, designed rule 'solo West Branch step'); a loss takes what there is."""
    s = scen("CC6")
    setr(s, 0, credits=5)
    rules.resolve_news(s, news(29), [])
    run(s)
    assert get(s, 0, "credits") == 4
    setr(s, 0, credits=0)
    rules.resolve_news(s, news(29), [])
    run(s)
    assert get(s, 0, "credits") == 0
