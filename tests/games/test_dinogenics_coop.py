"""DinoGenics with Controlled Chaos: the Synth Re-Activated co-op (options coop = true), from the rulebook's sections
Two Player Co-Op Scenario Overview, Synth Re-Activated: Module (Hard Difficulty) and Synth Turn Chart, quoted in the
docstrings, and the designed rules of content.toml ("designed: ...").

Seats 0 and 1 are the West and East Branches, Synth's park is rules.SYNTH. As in dinogenics_helpers.py, a test starts
from a real new game and sets the flat state's fields directly, then runs one rule (testing.run_stage, run_task)
or lets settle() run on. Synth's dice are steered by choosing the generator state before its roll (`steer`); the
chart's icons are read as claws = Slash, dinosaur head = Fatality, smiley face = Naive Visitor (designed).

This file: setup, turn order, shared turn, visitors, docks, facilities, Manipulation cards.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics import synth as synth_rules
from dinotable.games.dinogenics.components import SCANDALS, VISITORS, VP
from dinotable.games.dinogenics.rules import SYNTH, is_damaged

from .dinogenics_helpers import (
    COOP_BLOCKED,
    IDS,
    C,
    K,
    M,
    build,
    card,
    cell,
    city,
    coop,
    do_steps,
    empty_hands,
    fac,
    facility_keys,
    get,
    give,
    give_card,
    put,
    relist,
    reveal,
    run,
    setr,
    slots,
    sp,
    space,
    synth,
    synth_hand,
    synth_put,
    synth_set,
    synth_workers,
)


# --------------------------------------------------------------------------------------------- setup
def test_setup_blocking_tokens():
    """'Setup the game including expansion as you would for a standard three player game except place blocking
    tokens on the following locations: 1x Farm, 1x Uplink, 1x Agency, 1x City Center, 1x Site A, 2x Refinement,
    and 2x IntelliGen Designs HQ.' (No other space is blocked: 'the same as the 2 player game setup except 1 less
    blocked space on both City Center and DinoGenics IOM'.)"""
    s = coop()
    blocked = {
        sp_.key: s.blocked_occ[s.slot0[sp_.index] : s.slot0[sp_.index] + sp_.slots].count(-2) for sp_ in C.spaces
    }
    assert {key: n for key, n in blocked.items() if n} == COOP_BLOCKED
    assert s.occ == list(s.blocked_occ)  # nobody has placed yet
    assert blocked["iom"] == 0 and slots(s, "city_center").count(-1) == 2


def test_setup_uses_the_synth_breaking_news_deck():
    """'Instead of the standard Breaking News deck, use the Synth Breaking News Deck.' (cards 22-33)"""
    for seed in (1, 2, 3):
        s = coop(seed)
        numbers = sorted(C.news[i].number for i in [*s.news_deck, s.upcoming])
        assert numbers == list(range(22, 34))
        assert all(C.news[i].synth for i in [*s.news_deck, s.upcoming])
        assert s.active == -1


def test_synth_starts_with_its_park_two_goats_and_no_cards_or_credits():
    """'Synth starts with: 2x Basic Hotels, 3x Biodomes, 1x Aquatic Habitat, and two goat meeples.' 'Synth will get
    its own player board and workers, but no cards or credits.'"""
    s = coop()
    assert sorted(facility_keys(s, SYNTH)) == sorted(
        ["basic_hotel", "basic_hotel", "biodome", "biodome", "biodome", "aquatic_habitat"]
    )
    assert not any(is_damaged(f) for f in s.facs[SYNTH]) and s.dinos[SYNTH] == ()
    assert synth(s, "goats") == 2 and synth(s, "credits") == 0 and synth(s, "vp") == 0
    assert synth_hand(s) == (0, 0)
    assert synth_workers(s) == get(s, 0, "workers") == get(s, 1, "workers") > 0
    GAME.check_invariants(s)


def test_the_branches_get_four_credits_each_and_their_own_components():
    """'The human players share a faction token for "Player 2" and get 4 credits each.' 'Each human player will
    control their own player board ... They will share a faction token for player order, but get all other
    components.'"""
    for seed in (1, 2, 3, 4):
        s = coop(seed)
        assert get(s, 0, "credits") == get(s, 1, "credits") == 4
        for p in (0, 1):
            assert sum(s.dna[p * K : p * K + K]) == C.numbers["start_dna"]
            assert sum(s.manip[p * M : p * M + M]) == C.numbers["start_manipulation"]
            assert get(s, p, "goats") == C.numbers["start_goats"]
            assert get(s, p, "fences") == C.numbers["start_fences"]


def test_synth_is_first_player_and_takes_the_first_turn():
    """'At the start of the scenario, Synth is first player.'"""
    for seed in (1, 2, 3):
        s = GAME.new_game(2, seed, {"coop": True})
        assert s.order[0] == SYNTH and not s.team_first
        assert synth_workers(s) == get(s, 0, "workers") - 1  # its first worker is out
        assert s.occ.count(SYNTH) == 1 and s.occ.count(0) == s.occ.count(1) == 0
        assert s.phase == rules.TEAM_ORDER


def test_the_co_op_plays_the_expansion():
    """'Setup the game including expansion as you would for a standard three player game'."""
    s = coop()
    assert s.expansion and s.edna_deck and s.large_offer
    assert space("site_d") in rules.placements(s, 0)


@pytest.mark.parametrize(("num_players", "options"), [(1, {}), (3, {}), (2, {"scenario": "CC1"})])
def test_the_co_op_is_for_exactly_two_players(num_players, options):
    """'Synth Re-Activated is a special scenario intended to be played cooperatively with a second player.'"""
    with pytest.raises(ValueError, match="coop"):
        GAME.new_game(num_players, 1, {"coop": True, **options})


# ---------------------------------------------------------------------------------------- turn order
@pytest.mark.parametrize(
    ("west", "east", "synth_rep", "team_first"),
    [
        (3, 2, 2, True),  # (3 + 2) / 2 = 2.5, rounded up to 3: more than 2
        (2, 1, 1, True),
        (3, 2, 3, False),  # equal: Synth stays first
        (2, 2, 2, False),
        (1, 1, 3, False),
        (0, 1, 0, True),
    ],
)
def test_turn_order_by_the_branches_average_reputation_rounded_up(west, east, synth_rep, team_first):
    """'To determine order during Open Season step 1, take the average of the West Branch and East Branch
    reputation values (add them together then divide in half, rounding up). If the average is more than Synth's
    reputation, they will become first player.'"""
    s = coop()
    for p, rep in ((0, west), (1, east), (SYNTH, synth_rep)):
        if p == SYNTH:
            synth_put(s, "pterodactyl", "A1")
        else:
            put(s, p, "pterodactyl", "A1")  # 4 reputation, less Scandals
        s.put(p, SCANDALS, rules.reputation(s, p) - rep)
        assert rules.reputation(s, p) == rep
    events: list = []
    testing.run_stage(s, "order", events)
    assert s.team_first is team_first
    assert s.order == ((0, 1, SYNTH) if team_first else (SYNTH, 0, 1))


# ---------------------------------------------------------------------------------------- shared turn
@pytest.mark.parametrize("first", [0, 1])
def test_each_branch_places_a_worker_in_the_shared_turn_in_the_order_they_choose(first):
    """'During the shared player "turn", the West Branch and East Branch each get a turn to place a worker and
    take an action. They may choose the order in which they play workers each turn.' (designed: the West Branch
    answers the choice.)"""
    s = coop()
    assert s.phase == rules.TEAM_ORDER and s.cur == 0
    assert sorted(s.legal_actions()) == [IDS.seat, IDS.seat + 1]
    s.apply(IDS.seat + first)
    assert s.phase == rules.PLACE and s.cur == first
    s.apply(IDS.space + space("ferry"))
    second = 1 - first
    assert s.phase == rules.PLACE and s.cur == second  # not Synth: the other branch's part of the turn
    assert synth_workers(s) == 4
    events = s.apply(IDS.space + space("farm"))
    # Then Synth's turn, then the next shared turn.
    assert synth_workers(s) == 3
    assert any(e.kind in ("synth", "stay_home") and e.seat in (None, SYNTH) for e in events)
    assert s.phase == rules.TEAM_ORDER
    assert slots(s, "ferry")[0] == first and slots(s, "farm")[1] == second
    assert get(s, first, "workers") == get(s, second, "workers") == 3


def test_the_branch_order_offers_only_a_branch_that_can_place():
    """The order choice is set while both branches can place; in a copy determinized for the West Branch the
    East Branch's hands are re-dealt, and a deal may leave it nowhere to go (here every Mainland space is
    taken and it has no card to gift at the docks): the choice then offers the West Branch alone, and the
    East Branch's worker stays home when asked again (the designed rule 'nowhere to place'), rather than a
    turn with no legal action."""
    s = coop()
    assert s.phase == rules.TEAM_ORDER
    s.occ = [SYNTH if o == -1 else o for o in s.occ]  # every Mainland slot taken
    empty_hands(s, 1)
    relist(s)
    assert s.legal_actions() == [IDS.seat]
    s.apply(IDS.seat)
    assert s.cur == 0 and s.phase == rules.GIFT  # its one place, the East Branch's docks, taken at once


# ------------------------------------------------------------------------------------------- visitors
@pytest.mark.parametrize(("team_first", "synth_visitors", "shared"), [(False, 4, 2), (True, 2, 4)])
def test_visitors_the_branches_share_one_column_and_synth_takes_its_own(team_first, synth_visitors, shared):
    """'During Open Season steps 2 and 3, visitors are assigned as if the humans were a single player. Both
    players share the visitors gained from their column and any from the bonus visitor pool.' Season 2's
    three-player column gives 2 and 2, with a bonus pool of 2: designed, the first player takes up to two from the
    pool, then one at a time (Synth while it has rooms, the branches while their parks have)."""
    s = coop(hands=False)
    s.season = 2
    s.team_first = team_first
    assert C.visitors[3][2][:2] == (2, 2) and C.bonus_visitors[2] == 2
    events: list = []
    synth_rules.visitors(s, events)
    assert s.get(SYNTH, VISITORS) == synth_visitors
    assert s.pool == 0
    run(s)
    assert s.phase == rules.SHARE and s.cur == 0 and s.ctx == (shared,)


def test_shared_visitors_are_divided_as_the_branches_wish_where_there_is_space():
    """'They may divide these visitors as they wish provided they have space.' (designed: the West Branch places
    each shared visitor in either park with a free room.)"""
    s = coop(hands=False)
    s.tasks.append(("share", 2))
    run(s)
    assert sorted(s.legal_actions()) == [IDS.seat, IDS.seat + 1]
    s.apply(IDS.seat + 1)
    assert s.phase == rules.SHARE and s.ctx == (1,)
    s.apply(IDS.seat + 1)  # both to the East Branch
    assert get(s, 1, "visitors") == 2 and get(s, 0, "visitors") == 0
    # A full park is not offered.
    s = coop(hands=False)
    setr(s, 0, visitors=rules.room(s, 0))
    s.tasks.append(("share", 1))
    run(s)
    assert s.phase == rules.SHARE and s.legal_actions() == [IDS.seat + 1]


def test_visitors_gained_in_normal_play_stay_in_the_branchs_own_park():
    """'Note that visitors gained during normal play (e.g. Time Share) may not be placed in the other player's
    park.'"""
    s = coop(hands=False)
    s.apply(IDS.seat)
    s.apply(IDS.space + space("time_share"))
    assert get(s, 0, "visitors") == 2 and get(s, 1, "visitors") == 0


# ---------------------------------------------------------------------------------------------- docks
def test_a_worker_at_the_docks_gifts_up_to_two_cards_to_the_other_branch():
    """'On their turn they may play a worker to the docks area of the other player's park to gift them up to two
    cards from their hand. These can be either DNA or Manipulation cards or one of each.'"""
    s = coop(hands=False)
    give(s, 0, "t_rex", 2)
    give_card(s, 0, "black_market")
    occ = list(s.occ)
    s.apply(IDS.seat)  # the West Branch first
    assert IDS.docks in s.legal_actions()
    s.apply(IDS.docks)
    assert s.phase == rules.GIFT and s.cur == 0
    assert set(s.legal_actions()) == {IDS.done, IDS.dna + sp("t_rex"), IDS.manipulation + card("black_market")}
    s.apply(IDS.dna + sp("t_rex"))
    assert s.phase == rules.GIFT
    s.apply(IDS.manipulation + card("black_market"))
    # Two cards given: the West Branch keeps its third, the East Branch places next.
    assert s.phase == rules.PLACE and s.cur == 1
    assert s.dna[sp("t_rex")] == 1 and s.dna[K + sp("t_rex")] == 1
    assert s.manip[card("black_market")] == 0 and s.manip[M + card("black_market")] == 1
    assert s.occ == occ and get(s, 0, "workers") == 3  # a worker, on no Mainland space
    GAME.check_invariants(s)


def test_each_dock_once_a_season_and_none_without_cards():
    """'they may play a worker to the docks area of the other player's park' (designed: each dock takes one worker
    a Season; a branch with no cards has nothing to gift)."""
    s = coop(hands=False)
    s.apply(IDS.seat)
    assert not synth_rules.docks_open(s, 0) and IDS.docks not in s.legal_actions()
    give(s, 0, "t_rex", 2)
    give(s, 1, "raptor", 1)
    relist(s)
    s.apply(IDS.docks)
    s.apply(IDS.dna + sp("t_rex"))
    s.apply(IDS.done)
    assert not synth_rules.docks_open(s, 0) and synth_rules.docks_open(s, 1)  # the East Branch's docks are used
    synth_rules.order(s, [])  # a new Season
    assert synth_rules.docks_open(s, 0)


# ------------------------------------------------------------------------------------------ facilities
def test_a_facility_bought_may_go_to_the_other_park_for_one_credit_more():
    """'Also when purchasing a facility, the player may spend one additional credit to place it in the other
    player's park instead.'"""
    s = coop(hands=False)
    setr(s, 0, credits=10)
    do_steps(s, 0, (("facility", 0),))
    assert s.phase == rules.FACILITY
    s.apply(IDS.stack + 0)  # a Basic Hotel, 2 credits
    assert s.phase == rules.FAC_PARK and sorted(s.legal_actions()) == [IDS.seat, IDS.seat + 1]
    s.apply(IDS.seat + 1)
    assert facility_keys(s, 1) == ["basic_hotel"] and facility_keys(s, 0) == []
    assert get(s, 0, "credits") == 10 - 2 - 1 and get(s, 1, "credits") == 4
    # A park facility: its space is chosen in the other park.
    city(s, "petting_zoo", "medium_hotel", "patent_center")
    do_steps(s, 0, (("facility", 0),))
    s.apply(IDS.stack + 1)
    s.apply(IDS.seat + 1)
    assert s.phase == rules.FACILITY_CELL and s.ctx == (fac("petting_zoo"), 1)
    s.apply(IDS.cell + cell("C3"))
    assert facility_keys(s, 1) == ["basic_hotel", "petting_zoo"] and s.fcells[1] == 1 << cell("C3")
    assert get(s, 0, "credits") == 7 - 2 - 1
    GAME.check_invariants(s)


def test_a_facility_in_the_buyers_own_park_costs_its_price_and_no_extra_credit_no_choice():
    """'the player may spend one additional credit to place it in the other player's park instead': in its own
    park the price alone; with no credit left over there is no choice of park."""
    s = coop(hands=False)
    setr(s, 0, credits=5)
    do_steps(s, 0, (("facility", 0),))
    s.apply(IDS.stack + 0)
    s.apply(IDS.seat + 0)
    assert facility_keys(s, 0) == ["basic_hotel"] and get(s, 0, "credits") == 3
    setr(s, 0, credits=2)
    do_steps(s, 0, (("facility", 0),))
    s.apply(IDS.stack + 0)
    assert facility_keys(s, 0) == ["basic_hotel", "basic_hotel"] and facility_keys(s, 1) == []
    assert get(s, 0, "credits") == 0


def test_a_large_facility_bought_at_the_hq_may_go_to_the_other_park_for_one_credit_more():
    """'Also when purchasing a facility, the player may spend one additional credit to place it in the other
    player's park instead.' and 'Large Facilities are treated the same as standard facilities in all other
    ways': at IntelliGen Designs HQ too. A park tile's two spaces are chosen in the other park; a commercial
    one takes the other park's first two free commercial spaces."""
    s = coop(hands=False)
    habitat = C.facilities[fac("aquatic_habitat")].cost
    setr(s, 0, credits=habitat + 1)
    do_steps(s, 0, (("large_facility", 0),))
    assert s.phase == rules.LARGE and IDS.large + 0 in s.legal_actions()
    s.apply(IDS.large + 0)  # the HQ's Aquatic Habitat stack
    assert s.phase == rules.FAC_PARK and sorted(s.legal_actions()) == [IDS.seat, IDS.seat + 1]
    assert s.action_text(IDS.seat + 1) == "Put it in the East Branch's park (1 credit)"
    s.apply(IDS.seat + 1)
    assert s.phase == rules.LARGE_SPOT and s.ctx == (fac("aquatic_habitat"), 1)
    assert (
        s.action_text(IDS.spot + cell("A1") * 2) == "Build the Aquatic Habitat on A1 and A2 in the East Branch's park"
    )
    s.apply(IDS.spot + cell("A1") * 2)
    assert facility_keys(s, 1) == ["aquatic_habitat"] and facility_keys(s, 0) == []
    assert s.fcells[1] == 1 << cell("A1") | 1 << cell("A2") and s.fcells[0] == 0
    assert get(s, 0, "credits") == 0 and get(s, 1, "credits") == 4
    GAME.check_invariants(s)
    # A commercial tile; only the other park has room, so it goes there for the extra credit without asking.
    reveal(s, 0, "arcade")
    arcade = C.facilities[fac("arcade")].cost
    for _ in range(C.numbers["commercial_spaces"]):
        build(s, 0, "basic_hotel")  # the West Branch's commercial sector full
    setr(s, 0, credits=arcade + 1)
    do_steps(s, 0, (("large_facility", 0),))
    assert IDS.large + 1 in s.legal_actions()
    s.apply(IDS.large + 1)
    assert facility_keys(s, 1) == ["aquatic_habitat", "arcade"] and get(s, 0, "credits") == 0
    assert [rules.places(f) for f in s.facs[1]][-1] == (rules.COMMERCIAL, rules.COMMERCIAL + 1)
    GAME.check_invariants(s)


def test_a_large_facility_only_the_other_park_has_room_for_needs_the_extra_credit():
    """'spend one additional credit to place it in the other player's park': with no two free spaces side by
    side in the buyer's park, the HQ offers an Aquatic Habitat only to a buyer who can pay its price and one
    credit more."""
    s = coop(hands=False)
    habitat = C.facilities[fac("aquatic_habitat")].cost
    assert 0 in rules.large_offers(s, 0, 0, habitat)
    tiles = ["petting_zoo", "petting_zoo", "goat_ranch", "goat_ranch", "mammoth_exhibit", "mammoth_exhibit"]
    for key, where in zip(tiles, ("A1", "A3", "B2", "B4", "C1", "C3"), strict=True):
        build(s, 0, key, where)
    assert rules.large_spots(s, 0) == ()
    assert 0 not in rules.large_offers(s, 0, 0, habitat)
    assert 0 in rules.large_offers(s, 0, 0, habitat + 1)


# ---------------------------------------------------------------------------------- Manipulation cards
def test_the_branches_are_not_opponents_synth_is():
    """'West Branch and East Branch parks are not considered opponents for the sake of Manipulation cards but they
    are considered separate players.'"""
    s = coop(hands=False)
    assert rules.opponents(s, 0) == [SYNTH] and rules.opponents(s, 1) == [SYNTH]
    do_steps(s, 0, (("opponent", ((), ((VP, 4),), ())),))
    assert s.phase == rules.OPPONENT and s.legal_actions() == [IDS.seat + SYNTH]


def test_synth_takes_no_benefit_of_a_manipulation_card_but_every_penalty():
    """'Synth also can't respond to Manipulation card effects; discard any benefits that would be given to it.
    However, it incurs all penalties.'"""
    s = coop(hands=False)
    synth_set(s, vp=10)
    # Research Pact: the opponent gains a DNA card; Non-Zero-Sum Game: 2 credits.
    for key in ("research_pact", "non_zero_sum_game"):
        do_steps(s, 0, C.manipulation[card(key)].steps)
        while s.phase not in (rules.TEAM_ORDER, rules.PLACE):
            s.apply(IDS.seat + SYNTH if s.phase == rules.OPPONENT else s.legal_actions()[0])
    assert synth_hand(s) == (0, 0) and synth(s, "credits") == 0
    # Sabotage: the opponent loses 4 VP; Goat Rustling: 2 of its goats are stolen.
    setr(s, 0, credits=5, goats=0)
    for key in ("sabotage", "goat_rustling"):
        do_steps(s, 0, C.manipulation[card(key)].steps)
        s.apply(IDS.seat + SYNTH)
    assert synth(s, "vp") == 6 and synth(s, "goats") == 0
    assert get(s, 0, "goats") == 3  # the 2 stolen and 1 gained
    GAME.check_invariants(s)
