"""DinoGenics, base game: each published fact about the base game the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content/rules.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.

This file: setup, player order, visitors, worker placement.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.core.errors import IllegalAction
from dinotable.games.dinogenics import rules, testing

from .dinogenics_helpers import (
    BASE_FACILITIES,
    IDS,
    C,
    K,
    M,
    build,
    card,
    fac,
    fresh,
    get,
    give,
    give_card,
    place,
    put,
    quiet,
    relist,
    run,
    setr,
    space,
    stage,
)


# --------------------------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("num_players", "early", "late"), [(1, 4, 5), (2, 4, 5), (3, 4, 5), (4, 3, 4), (5, 3, 4)])
def test_workers_by_player_count_four_then_five_or_three_then_four(num_players, early, late):
    """'Workers: 2-3 players: 4 in Seasons 1-3, 5 from Season 4; 4-5 players: 3, then 4 from Season 4'
    (published); one player plays on the two-player board (designed)."""
    s = fresh(num_players)
    assert [get(s, p, "workers") for p in range(num_players)] == [early] * num_players
    s.season = 2
    testing.run_stage(s, "return", [])  # Upkeep step 6 of Season 2: workers for Season 3
    assert [get(s, p, "workers") for p in range(num_players)] == [early] * num_players
    s.season = 3
    testing.run_stage(s, "return", [])
    assert [get(s, p, "workers") for p in range(num_players)] == [late] * num_players


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_starting_credits_follow_turn_order_and_the_first_player_is_random(num_players):
    """'credits by turn order (design the exact values)'; 'first player random in Season 1' (published).
    Designed: 4 credits for the first player, one more for each later seat."""
    firsts = set()
    for seed in range(8):
        s = fresh(num_players, seed)
        firsts.add(s.order[0])
        assert sorted(s.order) == list(range(num_players))
        assert [get(s, seat, "credits") for seat in s.order] == [4 + i for i in range(num_players)]
        assert s.cur == s.order[0] and s.phase == rules.PLACE
    assert len(firsts) > 1


def test_starting_hands_five_dna_three_manipulation_four_fences():
    """'Starting hand: about 5 DNA and 3 Manipulation cards, 4 fences' (published); designed: exactly 5 and
    3, dealt from the shuffled decks, and 2 goats."""
    s = fresh(3, seed=4)
    for p in range(3):
        assert sum(s.dna[p * K : p * K + K]) == 5 and sum(s.manip[p * M : p * M + M]) == 3
        assert (get(s, p, "fences"), get(s, p, "goats"), get(s, p, "vp"), get(s, p, "scandals")) == (4, 2, 0, 0)
        assert s.dinos[p] == () and s.facs[p] == () and s.fence[p] == 0
    base_cards = sum(n for sp, n in zip(C.species, C.dna_deck, strict=True) if not sp.expansion)
    assert len(s.dna_deck) == base_cards - 15 - 4  # hands, then the 4-card DNA Market
    assert len(s.manip_deck) == sum(m.count for m in C.manipulation if not m.expansion) - 9
    assert len({tuple(fresh(3, seed).dna[:K]) for seed in range(6)}) > 1


def test_blocking_tokens_for_two_players():
    """Blocking tokens by player count (the co-op setup note, as content data): with 2 players one each on the
    Farm, the Uplink, the Agency, Site A and DinoGenics IOM, and two on the City Center."""
    s = fresh(2)
    base = [sp_ for sp_ in C.spaces if not sp_.expansion]
    blocked = {sp_.key: s.occ[s.slot0[sp_.index] : s.slot0[sp_.index] + sp_.slots].count(-2) for sp_ in base}
    expected = dict.fromkeys(blocked, 0) | {
        "farm": 1,
        "uplink": 1,
        "agency": 1,
        "site_a": 1,
        "iom": 1,
        "city_center": 2,
    }
    assert blocked == expected
    assert s.view(0)["mainland"]["city_center"] == [-2, -2, -1]
    three = fresh(3)
    assert three.occ[three.slot0[space("city_center")] : three.slot0[space("city_center")] + 3].count(-2) == 1
    assert three.occ[three.slot0[space("farm")] : three.slot0[space("farm")] + 2] == [-1, -1]


def test_season_one_starts_at_open_season_step_six_with_no_active_news():
    """'Open Season (skip to Step 6 in Season 1)'; 'No visitors are gained in Season 1'; designed: 'The first
    card goes face up to the upcoming space at setup; Season 1 has no active card'. Step 6: 'Draw a new facility
    tile from the bag to place on top of the 2nd, 3rd, and 4th facility stacks'."""
    s = fresh(3, seed=2)
    assert s.season == 1 and rules.STAGES[s.stage][0] == "workers"
    standard = sum(1 for n in C.news if not n.chaos and not n.synth)
    assert s.active == -1 and s.upcoming >= 0 and len(s.news_deck) == standard - 1
    v = s.view(0)
    assert v["active_news"] is None and v["upcoming_news"] == C.news[s.upcoming].number
    assert all(get(s, p, "visitors") == 0 for p in range(3)) and s.pool == 0
    assert all(len(stack) == 1 for stack in s.stacks)
    assert len(s.bag) == sum(f.count for f in BASE_FACILITIES if not f.stack) - 3
    assert s.hotels_left == C.facilities[fac("basic_hotel")].count
    assert len(s.market) == C.numbers["market_size"]


def test_one_player_leaves_out_the_cards_that_name_an_opponent():
    """'Remove the following Manipulation cards: Infest Hotels, Infiltrator, Misdirection, Research Pact, DNA
    Theft, Whistle Blower' (the expansion's solo scenarios): a solo deck holds every other card, Unleash
    Contagion included, 30 of the 42."""
    s = fresh(1)
    cards = set(s.manip_deck) | {m for m in range(M) if s.manip[m]}
    removed = ("infest_hotels", "infiltrator", "misdirection", "research_pact", "dna_theft", "whistle_blower")
    base = [m for m in C.manipulation if not m.expansion]
    assert cards == {m.index for m in base if m.key not in removed}
    assert cards == {m.index for m in base if not m.opponents}
    assert card("unleash_contagion") in cards
    assert len(s.manip_deck) + sum(s.manip[:M]) == 30


# ---------------------------------------------------------------------------------------- player order
def test_player_order_by_reputation():
    """'1. Determine player order based on reputation (pg 6). Higher reputation is better.' Designed:
    reputation is the park's dinosaurs and undamaged facilities, less 1 per Scandal."""
    s = fresh(3)
    s.season = 2
    put(s, 2, "t_rex", "A1")  # 3
    put(s, 0, "raptor", "A1")  # 2
    put(s, 1, "pterodactyl", "A1")  # 4, less 3 Scandals
    setr(s, 1, scandals=3)
    assert [rules.reputation(s, p) for p in range(3)] == [2, 1, 3]
    testing.run_stage(s, "order", [])
    assert s.order == (2, 0, 1)


def test_order_ties_by_undamaged_facilities_then_credits_then_previous_order():
    """'Ties are broken by number of undamaged facilities and credits, in that order.' Designed: 'a tie
    keeps the previous Season's order'."""
    s = fresh(3)
    s.season, s.order = 2, (2, 1, 0)
    build(s, 0, "basic_hotel", damaged=True)
    build(s, 1, "basic_hotel")
    setr(s, 0, credits=9)
    setr(s, 1, credits=0)
    setr(s, 2, credits=5)
    assert {rules.reputation(s, p) for p in range(3)} == {0}  # a Basic Hotel is worth no reputation
    testing.run_stage(s, "order", [])
    assert s.order == (1, 0, 2)
    setr(s, 2, credits=9)
    testing.run_stage(s, "order", [])
    assert s.order == (1, 0, 2)  # seats 0 and 2 tie in everything: the previous order stands
    s.order = (1, 2, 0)
    testing.run_stage(s, "order", [])
    assert s.order == (1, 2, 0)


# ------------------------------------------------------------------------------------------- visitors
@pytest.mark.parametrize(
    ("num_players", "season", "column", "pool"),
    [(3, 3, (3, 2, 2), 3), (2, 2, (2, 2), 2), (5, 7, (5, 4, 4, 3, 3), 5), (4, 5, (4, 3, 3, 3), 4)],
)
def test_visitors_by_player_order_position_from_the_overlay(num_players, season, column, pool):
    """'2. Assign visitors based on player order (pg 6). First player gets the visitors shown in the furthest
    left column.' The published overlay per Season and position; the bonus pool."""
    s = fresh(num_players)
    s.season = season
    s.order = tuple(reversed(range(num_players)))
    for p in range(num_players):
        build(s, p, "basic_hotel")
        build(s, p, "basic_hotel")  # 6 rooms in all
    testing.run_stage(s, "visitors", [])
    assert [get(s, seat, "visitors") for seat in s.order] == list(column)
    assert s.pool == pool


def test_visitors_need_rooms_the_visitor_center_holds_two_and_hotels_more():
    """'Visitors need rooms: the Visitor Center holds 2; hotels hold more.' Designed: a Basic Hotel 2, a
    Medium Hotel 4; a damaged hotel holds none."""
    s = fresh(3)
    s.season, s.order = 7, (0, 1, 2)  # 4, 4, 3 visitors
    build(s, 1, "basic_hotel")
    build(s, 2, "basic_hotel", damaged=True)
    assert [rules.room(s, p) for p in range(3)] == [2, 4, 2]
    testing.run_stage(s, "visitors", [])
    assert [get(s, p, "visitors") for p in range(3)] == [2, 4, 2]
    build(s, 0, "medium_hotel")
    assert rules.room(s, 0) == 6


def test_bonus_visitors_first_player_up_to_two_then_one_at_a_time_in_order():
    """'3. Assign bonus visitors (pg 6). The first player may take the first 2 visitors, and then starting
    with player two, each player may claim 1 visitor at a time in player order until no more bonus visitors or
    hotel spaces remain.'"""
    s = fresh(3)
    s.season, s.order = 5, (2, 0, 1)  # 3, 3, 3 visitors and a pool of 4
    for p in range(3):
        for _ in range(3):
            build(s, p, "basic_hotel")  # 8 rooms
    s.stage = stage("visitors")
    run(s)
    takers = []
    while s.phase == rules.BONUS:
        assert s.legal_actions() == [IDS.done, IDS.option]
        takers.append(s.cur)
        s.apply(IDS.option)
    assert takers == [2, 2, 0, 1]
    assert s.pool == 0
    assert [get(s, p, "visitors") for p in (2, 0, 1)] == [5, 4, 4]


def test_bonus_visitors_skip_a_full_park_and_a_player_who_stops():
    """'each player may claim 1 visitor at a time in player order until no more bonus visitors or hotel spaces
    remain': a player without a room is passed over; one who declines takes no more (designed)."""
    s = fresh(3)
    s.season, s.order = 3, (0, 1, 2)  # 3, 2, 2 visitors and a pool of 3
    build(s, 0, "medium_hotel")
    build(s, 1, "medium_hotel")
    s.stage = stage("visitors")
    run(s)
    assert get(s, 2, "visitors") == rules.room(s, 2) == 2
    assert (s.phase, s.cur) == (rules.BONUS, 0)
    s.apply(IDS.done)  # the first player declines
    takers = []
    while s.phase == rules.BONUS:
        takers.append(s.cur)
        s.apply(IDS.option)
    assert takers == [1, 1, 1]
    assert [get(s, p, "visitors") for p in range(3)] == [3, 5, 2]


def test_one_credit_per_visitor_at_open_season():
    """'4. Receive 1 credit for each visitor in your park (pg 6).'"""
    s = fresh(2)
    setr(s, 0, visitors=2, credits=1)
    setr(s, 1, visitors=0, credits=7)
    testing.run_stage(s, "income", [])
    assert (get(s, 0, "credits"), get(s, 1, "credits")) == (3, 7)


def test_three_vp_for_every_two_visitors_leaving_then_all_return():
    """'3. Gain 3 VPs for every two visitors leaving the park alive. All visitors are then returned to the
    general supply.'"""
    s = fresh(3)
    for p, v in enumerate((5, 1, 4)):
        build(s, p, "medium_hotel")
        setr(s, p, visitors=v, vp=10)
    events = []
    testing.run_stage(s, "vp", events)  # the visitors leave in the Upkeep's VP step
    assert [get(s, p, "vp") for p in range(3)] == [16, 10, 16]
    assert [get(s, p, "visitors") for p in range(3)] == [0, 0, 0]
    # The event tells the VP and its part: what the visitors leaving brought.
    told = [
        (e.seat, e.detail["vp"], e.detail["visitors"], e.detail["leaving"]) for e in events if e.kind == "upkeep_vp"
    ]
    assert told == [(0, 6, 5, 6), (1, 0, 1, 0), (2, 6, 4, 6)]


# ------------------------------------------------------------------------------------- worker placement
def test_one_worker_per_turn_in_player_order():
    """'7. In player order, place one worker per turn until none remain (pg 7).'"""
    s = quiet(3, seed=3)
    order = s.order
    seats = []
    for key in ("farm", "farm", "ferry", "time_share", "agency", "agency"):
        seat = s.cur
        seats.append(seat)
        workers = get(s, seat, "workers")
        s.apply(place(key))
        assert get(s, seat, "workers") == workers - 1
    assert seats == [order[0], order[1], order[2]] * 2
    assert get(s, order[0], "goats") == 2 + 3 and get(s, order[2], "credits") == 6 + 3
    assert get(s, order[0], "visitors") == 2 and sum(s.manip[order[1] * M : order[1] * M + M]) == 2


def test_occupied_and_blocked_slots_are_not_legal():
    """Worker spaces hold one worker each; blocking tokens cover some by player count (the Farm has 2 spaces,
    one blocked with 2 players)."""
    s = quiet(2)
    first, second = s.order
    assert place("farm") in s.legal_actions()
    s.apply(place("farm"))
    assert s.cur == second and place("farm") not in s.legal_actions()
    farm = s.occ[s.slot0[space("farm")] : s.slot0[space("farm")] + 2]
    assert sorted(farm) == [-2, first]
    with pytest.raises(IllegalAction):
        s.apply(place("farm"))
    assert s.cur == second and get(s, second, "goats") == 2  # the refused action changed nothing


def test_outsource_needs_two_credits_and_takes_an_occupied_space_action():
    """'Outsource (pay 2 credits, take another space's action without placing there)' (published)."""
    s = quiet(2)
    first, second = s.order
    s.apply(place("ferry"))
    s.apply(place("ferry"))  # both Ferry spaces taken
    setr(s, first, credits=1)
    relist(s)
    assert place("outsource") not in s.legal_actions()
    setr(s, first, credits=2)
    relist(s)
    s.apply(place("outsource"))
    assert get(s, first, "credits") == 0 and s.phase == rules.OUTSOURCE
    legal = s.legal_actions()
    assert place("ferry") in legal and place("outsource") not in legal
    assert place("iom") not in legal  # no DNA set in hand
    s.apply(place("ferry"))
    assert get(s, first, "credits") == 3
    assert s.occ[s.slot0[space("ferry")] : s.slot0[space("ferry")] + 2] == [first, second]


def test_a_space_whose_action_cannot_be_done_is_not_legal():
    """Published: 'DinoGenics IOM (create a dinosaur from a full DNA set ...)', 'Time Share (gain a visitor if
    you have room)', 'Boneyard (take DNA from the discard pile ...)'; Uplink plays a Manipulation card."""
    s = quiet(2)
    seat = s.cur
    legal = s.legal_actions()
    assert place("iom") not in legal and place("uplink") not in legal
    assert place("boneyard") not in legal  # nothing in the discard pile yet
    assert place("time_share") in legal
    give(s, seat, "raptor", 2)
    give_card(s, seat, "pulling_the_strings")
    s.dna_discard.append(s.dna_deck.pop())
    setr(s, seat, visitors=2)
    relist(s)
    legal = s.legal_actions()
    assert place("iom") in legal and place("uplink") in legal and place("boneyard") in legal
    assert place("time_share") not in legal


def test_a_player_with_no_legal_space_keeps_the_worker_home():
    """Designed: 'A player with no space whose action they can take keeps that worker home for the Season.'"""
    s = quiet(2)
    first, second = s.order
    for i, o in enumerate(s.occ):
        if o == -1 and i != s.slot0[space("outsource")]:
            s.occ[i] = first
    setr(s, second, credits=1)
    s.turn = 1  # the second player's turn
    events = run(s)
    assert [(e.kind, e.seat) for e in events] == [("stay_home", second)]
    assert get(s, second, "workers") == 0
    assert (s.phase, s.cur) == (rules.PLACE, first) and s.legal_actions() == [place("outsource")]


def test_each_open_season_placement_starts_with_the_first_player():
    """'7. In player order, place one worker per turn until none remain': each Open Season's placement begins
    with the first player of that Season's order, also after a Season in which a player stayed home."""
    s = quiet(3, seed=2)
    a, b, c = s.order
    setr(s, a, workers=0)
    setr(s, c, workers=0)  # as if they had stayed home; b places the Season's last worker
    setr(s, b, workers=1)
    s.turn = 1
    run(s)
    assert s.cur == b
    s.apply(place("ferry"))
    while not (s.season == 2 and s.phase == rules.PLACE):
        s.apply(s.legal_actions()[0])
    assert s.cur == s.order[0]
