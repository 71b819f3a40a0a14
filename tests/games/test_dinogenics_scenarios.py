"""DinoGenics with Controlled Chaos: the rulebook's Solo Scenarios CC1-CC7, the Chaos Theory Module and the
Dinosaur Elites Module, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, a test starts from a real new game (a scenario, or the expansion with a module) and
sets the flat state's fields directly, then runs one Season step (testing.run_stage) or lets settle() run on. End states
for the objectives are built by hand: counters set, then `s.over = True` and the outcome read.

This file: options, scenario starts, visitors.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules import (
    cell_of,
    facility_of,
    is_damaged,
    species_of,
)

from .dinogenics_helpers import (
    GEO,
    SCENARIOS,
    C,
    M,
    build,
    cell,
    empty_hands,
    get,
    give,
    next_season,
    placement_keys,
    put,
    rect,
    relist,
    scen,
    setr,
    space,
    specialist,
)


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
    got = sorted((C.facilities[facility_of(f)].key, is_damaged(f)) for f in s.facs[0])
    assert got == sorted(facs)
    held = [x.key for x in C.specialists if s.holds(0, x.index)]
    assert held == sorted(specs, key=specialist)
    assert sorted(C.species[species_of(d)].key for d in s.dinos[0]) == sorted(dinos)
    if dinos:
        # 'three penned Corrupted T-Rex' / 'two T-Rex and one Ankylosaurus in a shared pen'
        keys = rules.habitat_keys(s, 0)
        assert len(set(keys)) == 1 and keys[0] != OPEN
        assert all(cell_of(d) in [cell(c) for c in cells] for d in s.dinos[0])
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
    s.put(0, rules.SPECIALISTS, 0)
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
