"""DinoGenics with Controlled Chaos: the Synth Re-Activated co-op (options coop = true), from the rulebook's sections
Two Player Co-Op Scenario Overview, Synth Re-Activated: Module (Hard Difficulty) and Synth Turn Chart, quoted in the
docstrings, and the designed rules of content.toml ("designed: ...").

Seats 0 and 1 are the West and East Branches, Synth's park is rules.SYNTH. As in test_dinogenics.py, a test starts
from a real new game and sets the flat state's fields directly, then runs one rule (testing.run_stage, run_task)
or lets settle() run on. Synth's dice are steered by choosing the generator state before its roll (`steer`); the
chart's icons are read as claws = Slash, dinosaur head = Fatality, smiley face = Naive Visitor (designed).
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, scoring, testing
from dinotable.games.dinogenics import synth as synth_rules
from dinotable.games.dinogenics.components import (
    CREDITS,
    FATALITY,
    GOATS,
    NAIVE_VISITOR,
    SCANDALS,
    SLASH,
    VISITORS,
    VP,
)
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules import CELL, DAMAGED, SPECIES, SYNTH, WIDTH, WORKERS

from .test_dinogenics import (
    build,
    card,
    cell,
    do_steps,
    empty_hands,
    fac,
    get,
    give,
    give_card,
    news,
    put,
    relist,
    run,
    setr,
    sp,
    space,
    steer,
)
from .test_dinogenics_expansion import hurt, reveal, slots

C = GAME.content
IDS = GAME.ids
GEO = GAME.geo
K = C.kinds
M = len(C.manipulation)
COOP_BLOCKED = {"farm": 1, "uplink": 1, "agency": 1, "city_center": 1, "site_a": 1, "refinement": 2, "hq": 2}


# ------------------------------------------------------------------------------------------ helpers
def coop(seed: int = 1, hands: bool = True):
    """A co-op game at the branches' first shared turn. Synth's opening turn is left out (no dice rolled, its
    four workers at home), so that the board is as set up; with hands=False both branches' hands are emptied."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(synth_rules, "take_turn", lambda s, events: None)
        s = GAME.new_game(2, seed, {"coop": True})
    if not hands:
        for p in (0, 1):
            empty_hands(s, p)
    relist(s)
    return s


def synth(s, name: str) -> int:
    return s.res[SYNTH * WIDTH + {"credits": CREDITS, "goats": GOATS, "vp": VP, "scandals": SCANDALS}[name]]


def synth_set(s, **values) -> None:
    index = {"credits": CREDITS, "goats": GOATS, "vp": VP, "scandals": SCANDALS, "visitors": VISITORS}
    for name, value in values.items():
        s.res[SYNTH * WIDTH + index[name]] = value


def synth_workers(s) -> int:
    return s.res[SYNTH * WIDTH + WORKERS]


def synth_hand(s) -> tuple[int, int]:
    """Synth's DNA and Manipulation cards (it holds none)."""
    return sum(s.dna[SYNTH * K : SYNTH * K + K]), sum(s.manip[SYNTH * M : SYNTH * M + M])


def facility_keys(s, park: int) -> list[str]:
    return [C.facilities[f & 63].key for f in s.facs[park]]


def synth_dinos(s) -> list[tuple[str, str]]:
    return [(C.species[d & SPECIES].key, GEO.cell_names[(d >> CELL) & 15]) for d in s.dinos[SYNTH]]


def city(s, *keys: str) -> None:
    """The City Center's three drawn stacks (left to right after the Basic Hotels) hold one tile each, these;
    the tiles they held go back into the bag."""
    for pile in s.stacks:
        s.bag.extend(pile)
    for i, key in enumerate(keys):
        s.bag.remove(fac(key))
        s.stacks[i] = (fac(key),)


def deck_top(s, *keys: str) -> None:
    """These DNA cards on top of the standard deck, the first named drawn first."""
    for key in reversed(keys):
        k = sp(key)
        pile = s.dna_deck if k in s.dna_deck else s.dna_discard
        pile.remove(k)
        s.dna_deck.append(k)


def synth_turn(s, *faces: int) -> list:
    """One Synth turn with the rampage dice steered to these faces (more than two: its rerolls), then what it
    sets off and its end-of-turn clean-up."""
    steer(s, *faces)
    events: list = []
    synth_rules.take_turn(s, events)
    return events + run(s)


def synth_put(s, key: str, where: str) -> None:
    s.dinos[SYNTH] = (*s.dinos[SYNTH], sp(key) | cell(where) << CELL)


def synth_facility(s, where: str) -> int:
    """Synth's facility on this park space (its position in the park)."""
    return next(j for j, f in enumerate(s.facs[SYNTH]) if (f >> 6) & 31 == cell(where))


def score(s, seat: int, total: int) -> None:
    """Sets the VP track so that End Game Scoring counts exactly `total` for this park."""
    s.res[seat * WIDTH + VP] += total - scoring.breakdown(s, seat)["total"]
    assert scoring.breakdown(s, seat)["total"] == total


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
    assert not any(f & DAMAGED for f in s.facs[SYNTH]) and s.dinos[SYNTH] == ()
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
        s.res[p * WIDTH + SCANDALS] = rules.reputation(s, p) - rep
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
    assert s.res[SYNTH * WIDTH + VISITORS] == synth_visitors
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
    assert s.action_text(IDS.spot + cell("A1") * 2) == "Build the Aquatic Habitat on A1+A2 in the East Branch's park"
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


# ------------------------------------------------------------------------------------ Synth turn chart
@pytest.mark.parametrize(
    ("tops", "built"),
    [
        (("medium_hotel", "gift_shop", "biodome"), "gift_shop"),  # 2 = the Basic Hotels: the furthest right
        (("biodome", "medium_hotel", "patent_center"), "basic_hotel"),
        (("gift_shop", "petting_zoo", "medium_hotel"), "petting_zoo"),
    ],
)
def test_claws_claws_early_synth_builds_the_lowest_cost_facility_for_free(tops, built):
    """Synth Turn Chart, Claws + claws, Season 1-4: 'Synth sends a worker to the City Center and places the lowest
    cost facility into play in the Synth park for free. If facility cost is tied, choose the facility in the
    furthest right column.' (designed: the Basic Hotel stack is the leftmost column.)"""
    s = coop(hands=False)
    city(s, *tops)
    before = facility_keys(s, SYNTH)
    events = synth_turn(s, SLASH, SLASH)
    assert slots(s, "city_center").count(SYNTH) == 1 and synth_workers(s) == 3
    assert facility_keys(s, SYNTH) == [*before, built]
    assert synth(s, "credits") == 0 and s.removed == []
    assert [e.detail["action"] for e in events if e.kind == "synth"] == ["build_cheapest"]


def test_claws_claws_synth_without_room_removes_the_facility_from_play():
    """Claws + claws, Season 1-4: 'If Synth has no room to build, it just removes the facility from play.'"""
    s = coop(hands=False)
    while rules.commercial_free(s, SYNTH):
        build(s, SYNTH, "basic_hotel")
    city(s, "medium_hotel", "gift_shop", "biodome")
    before = facility_keys(s, SYNTH)
    synth_turn(s, SLASH, SLASH)
    assert facility_keys(s, SYNTH) == before
    assert [C.facilities[f].key for f in s.removed] == ["gift_shop"]


def test_claws_claws_late_synth_removes_the_highest_cost_facility():
    """Claws + claws, Seasons 5-7: 'Synth no longer builds new facilities. Instead remove the highest cost facility
    in the City Center from play. If facility cost is tied, choose the facility in the furthest right column.'"""
    s = coop(hands=False)
    s.season = 5
    city(s, "medium_hotel", "gift_shop", "patent_center")
    before = facility_keys(s, SYNTH)
    synth_turn(s, SLASH, SLASH)
    assert facility_keys(s, SYNTH) == before
    assert [C.facilities[f].key for f in s.removed] == ["patent_center"]
    assert s.stacks[0] == (fac("medium_hotel"),) and slots(s, "city_center").count(SYNTH) == 1


@pytest.mark.parametrize(
    ("season", "drawn", "placed"),
    [
        (1, ("t_rex", "stegosaurus", "raptor"), "stegosaurus"),  # reputation 2 tied: the lower VP
        (4, ("ankylosaurus", "triceratops", "t_rex"), "triceratops"),
        (5, ("pterodactyl", "t_rex", "ankylosaurus"), "pterodactyl"),
        (7, ("stegosaurus", "raptor", "gallimimus"), "raptor"),  # reputation 2 tied: the higher VP
    ],
)
def test_claws_head_synth_places_the_lowest_then_highest_reputation_dinosaur(season, drawn, placed):
    """Claws + dinosaur head: 'Synth sends a worker to DinoGenics. Draw 3 standard DNA cards. Place the lowest
    reputation dinosaur into play in the Synth park. On a tie, place the lowest VP dinosaur. Discard drawn DNA
    cards when finished.' Seasons 5-7: 'Place the highest reputation dinosaur ... On a tie, place the highest VP
    dinosaur.'"""
    s = coop(hands=False)
    s.season = season
    deck_top(s, *drawn)
    discard = len(s.dna_discard)
    synth_turn(s, SLASH, FATALITY)
    assert slots(s, "iom").count(SYNTH) == 1
    assert [key for key, _ in synth_dinos(s)] == [placed]
    assert sorted(s.dna_discard[discard:]) == sorted(sp(k) for k in drawn)
    assert synth_hand(s) == (0, 0)


@pytest.mark.parametrize(
    ("faces", "season", "key", "check"),
    [
        ((SLASH, NAIVE_VISITOR), 2, "site_a", "market"),
        ((NAIVE_VISITOR, SLASH), 6, "agency", "scandal"),
        ((FATALITY, FATALITY), 3, "farm", "goats"),
        ((FATALITY, FATALITY), 5, "outsource", "scandal"),  # with 5 goats
        ((FATALITY, NAIVE_VISITOR), 1, "time_share", "visitors"),
        ((NAIVE_VISITOR, NAIVE_VISITOR), 7, "ferry", "vp"),
    ],
)
def test_synth_turn_chart_rows(faces, season, key, check):
    """Claws + smiley face: 'Synth sends a worker to Site A. Draw a new DNA card to the market.' Seasons 5-7:
    'Synth sends a worker to the Agency and discards a Scandal.' Dinosaur head + dinosaur head: 'If Synth has
    fewer than 5 goats, it sends a worker to the Farm and gains 3 goats. Otherwise it sends a worker to the
    Outsource Action Space and discards a Scandal.' (designed: dinosaur head + smiley face sends a worker to the
    Time Share for 2 visitors; smiley + smiley to the Ferry for 2 VP.)"""
    s = coop(hands=False)
    s.season = season
    synth_set(s, scandals=2, goats=5 if key == "outsource" else 2)
    market, top = list(s.market), s.dna_deck[-1]
    synth_turn(s, *faces)
    assert slots(s, key).count(SYNTH) == 1 and s.occ.count(SYNTH) == 1
    expected = {
        "market": lambda: s.market == [*market, top],
        "scandal": lambda: synth(s, "scandals") == 1 and synth(s, "goats") == (5 if key == "outsource" else 2),
        "goats": lambda: synth(s, "goats") == 5,
        "visitors": lambda: s.res[SYNTH * WIDTH + VISITORS] == 2,
        "vp": lambda: synth(s, "vp") == 2 and synth(s, "credits") == 0,
    }
    assert expected[check]()


def test_synth_rolls_again_when_the_space_is_occupied():
    """'If Synth cannot place a worker due to an Action Space being occupied, roll again.'"""
    s = coop(hands=False)
    a = space("site_a")
    s.occ[s.occ.index(-1, s.slot0[a])] = 0  # the West Branch on Site A's free space
    market = list(s.market)
    events = synth_turn(s, SLASH, NAIVE_VISITOR, FATALITY, FATALITY)
    assert [e.detail["space"] for e in events if e.kind == "synth"] == ["farm"]
    assert slots(s, "site_a") == [-2, 0] and s.market == market
    assert synth(s, "goats") == 5 and synth_workers(s) == 3


def test_synth_building_a_facility_takes_no_cards_and_asks_no_one():
    """'Synth plays mostly like a player but does not gain credits or cards.' A Stockpile ('a goat, a standard
    DNA and two fences when placed') built by Synth gives it no DNA card, and Synth makes no decision."""
    s = coop(hands=False)
    s.removed += [fac("basic_hotel")] * s.hotels_left  # no Basic Hotel left: the Stockpile is the cheapest
    s.hotels_left = 0
    city(s, "stockpile", "medium_hotel", "patent_center")
    steer(s, SLASH, SLASH)
    events: list = []
    synth_rules.take_turn(s, events)
    s.phase = rules.NONE
    rules.settle(s, events)
    assert "stockpile" in facility_keys(s, SYNTH)
    # No card for Synth, and the next decision is the branches' shared turn (no pen for Synth to build).
    assert (synth_hand(s), s.phase, s.cur) == ((0, 0), rules.TEAM_ORDER, 0)


def test_synth_collects_no_credits_or_cards_in_upkeep():
    """'Synth does not collect or use credits in any way.' 'Synth will get its own player board and workers, but
    no cards or credits.' A Stegosaurus, a Gift Shop and a Research Lab pay Synth nothing in the Upkeep."""
    s = coop(hands=False)
    synth_put(s, "stegosaurus", "A1")
    build(s, SYNTH, "gift_shop")
    build(s, SYNTH, "research_lab")
    testing.run_stage(s, "resources", [])
    assert (synth(s, "credits"), synth_hand(s)) == (0, (0, 0))


# ------------------------------------------------------------------------------------ Synth's dinosaurs
@pytest.mark.parametrize(
    ("inside", "species", "where"),
    [
        ({"A1": ["t_rex"], "A3": ["triceratops"]}, "triceratops", "A3"),  # matching species first
        ({"A1": ["t_rex"], "A3": ["t_rex"]}, "triceratops", "A2"),  # an empty biodome second
        ({"A1": ["t_rex"], "A2": ["stegosaurus"], "A3": ["raptor"]}, "triceratops", "A1"),  # mixed third
        ({"A1": ["t_rex", "t_rex"], "A2": ["raptor", "raptor"], "A3": ["pterodactyl", "pterodactyl"]}, "raptor", None),
        ({}, "brontosaurus", None),  # always outside
    ],
)
def test_synth_places_dinosaurs_matching_then_empty_then_mixed_biodomes_then_outside(inside, species, where):
    """'Place Synth dinosaurs in biodomes with matching species first, empty biodomes second, mixed species third,
    and outside only as a last resort. Always place Brontosaurus outside of Synth biodomes.' (Synth's Biodomes are
    on A1-A3; designed: ties go to the first in reading order.)"""
    s = coop(hands=False)
    for at, keys in inside.items():
        for key in keys:
            synth_put(s, key, at)
    synth_rules.place(s, sp(species), [])
    key, at = synth_dinos(s)[-1]
    assert key == species
    if where is not None:
        assert at == where
    else:
        assert not s.fcells[SYNTH] >> cell(at) & 1  # on a park space without a facility
        assert rules.habitat_keys(s, SYNTH)[-1] == OPEN


def test_synth_skips_a_damaged_biodome():
    """'Place Synth dinosaurs in biodomes with matching species first, empty biodomes second' (a damaged Biodome is
    no habitat)."""
    s = coop(hands=False)
    hurt(s, SYNTH, synth_facility(s, "A1"))
    synth_rules.place(s, sp("t_rex"), [])
    assert synth_dinos(s) == [("t_rex", "A2")]


def test_synth_euthanizes_dinosaurs_in_violation_then_repairs_its_biodomes():
    """'At the end of Synth's turn (and after any rampages during Upkeep), all Synth dinosaurs that are in
    violation of their habitat requirements are euthanized and removed from play. Then if any biodomes have been
    damaged, Synth employs nano-robots to repair the facilities automatically.'"""
    s = coop(hands=False)
    synth_put(s, "pterodactyl", "A1")  # in a damaged Biodome: in violation, before the repair
    synth_put(s, "t_rex", "A2")
    synth_put(s, "stegosaurus", "A3")  # two species sharing a Biodome
    synth_put(s, "raptor", "A3")
    synth_put(s, "brontosaurus", "B1")
    hurt(s, SYNTH, synth_facility(s, "A1"))
    hotel = facility_keys(s, SYNTH).index("basic_hotel")
    hurt(s, SYNTH, hotel)
    events: list = []
    synth_rules.cleanup(s, ("synth_cleanup",), events)
    assert sorted(synth_dinos(s)) == [("brontosaurus", "B1"), ("t_rex", "A2")]
    assert [e.detail["dinosaurs"] for e in events if e.kind == "euthanized"] == [3]
    assert not s.facs[SYNTH][synth_facility(s, "A1")] & DAMAGED
    assert s.facs[SYNTH][hotel] & DAMAGED  # only Biodomes are repaired
    # After the Upkeep's rampage checks too.
    names = [name for name, _ in rules.STAGES]
    assert names.index("synth") == names.index("rampage") + 1
    s.tasks.clear()
    synth_rules.upkeep(s, [])
    assert s.tasks == [("synth_cleanup",)]


def test_synth_damage_goes_to_the_lowest_cost_least_occupied_facility():
    """'If a Synth Rampage Check occurs, resolve all damage as normal. If damage needs to be assigned to Synth
    facilities, always damage the lowest cost, least occupied facility first.'"""
    s = coop(hands=False)
    for at, keys in {"A1": ["t_rex", "t_rex"], "A2": ["raptor"], "A3": ["raptor", "raptor"]}.items():
        for key in keys:
            synth_put(s, key, at)
    synth_put(s, "ichthyosaur", "A4")  # in the Aquatic Habitat (A4-B4)
    synth_put(s, "stegosaurus", "B1")  # in open space: improper
    stego = len(s.dinos[SYNTH]) - 1
    order = []
    for _ in range(3):
        steer(s, SLASH)
        s.tasks.append(("rampage", SYNTH, stego))
        before = s.facs[SYNTH]
        run(s)
        changed = [j for j, (a, b) in enumerate(zip(before, s.facs[SYNTH], strict=True)) if a != b]
        order += changed
        s.dinos[SYNTH] = tuple(d & ~(rules.RAMPAGED << rules.FLAGS) for d in s.dinos[SYNTH])
    keys = facility_keys(s, SYNTH)
    assert [keys[j] for j in order[:2]] == ["basic_hotel", "basic_hotel"]  # cost 2
    assert order[2] == synth_facility(s, "A2")  # cost 3, one dinosaur: before A1, A3 and the empty Aquatic Habitat
    assert synth(s, "scandals") == 0


def test_the_synth_visitor_center_is_never_damaged():
    """'The Synth Visitor Center can never be damaged.'"""
    s = coop(hands=False)
    for j in range(len(s.facs[SYNTH])):
        hurt(s, SYNTH, j)
    synth_put(s, "stegosaurus", "B1")
    steer(s, SLASH)
    s.tasks.append(("rampage", SYNTH, 0))
    events = run(s)
    assert not [e for e in events if e.kind == "damage" and e.seat == SYNTH]
    assert synth(s, "scandals") == 0


# ----------------------------------------------------------------------------- Synth Breaking News
def test_a_synth_breaking_news_card_runs_synths_step_then_the_wests_then_the_easts():
    """'Whenever a breaking news card is resolved carry out all three steps of the card. The first step always
    involves Synth, and then there are separate steps for each of the human players. 1. Synth step. 2. West
    Branch step. 3. East Branch step.' (designed card 28: Synth discards a Scandal, the West Branch gains two
    (one until rules 0.4), the East Branch gains one if a dinosaur is in an improper habitat.)"""
    s = coop(hands=False)
    synth_set(s, scandals=1)
    put(s, 1, "stegosaurus", "A1")  # in open space: improper
    if s.upcoming != news(28):
        s.news_deck[s.news_deck.index(news(28))] = s.upcoming
        s.upcoming = news(28)
    events: list = []
    testing.run_stage(s, "news", events)
    events += run(s)
    assert synth(s, "scandals") == 0
    assert [e.seat for e in events if e.kind == "scandal"] == [0, 1]
    assert (get(s, 0, "scandals"), get(s, 1, "scandals")) == (2, 1)


def test_synth_occupies_a_single_action_space_of_the_area():
    """'Anytime a card states "Synth Occupies" an area, take one of its workers and place it on a single action
    space of the designated area.' (designed card 22: Synth occupies the City Center; each branch gains 2
    credits.)"""
    s = coop(hands=False)
    assert slots(s, "city_center") == [-2, -1, -1]
    events: list = []
    rules.resolve_news(s, news(22), events)
    run(s)
    assert slots(s, "city_center") == [-2, SYNTH, -1]
    assert synth_workers(s) == 3 and synth(s, "credits") == 0
    assert get(s, 0, "credits") == get(s, 1, "credits") == 6


# -------------------------------------------------------------------------------------------- victory
@pytest.mark.parametrize(
    ("west", "east", "synth_vp", "average", "victory"),
    [
        (20, 21, 20, 21, True),  # 20.5 rounded up beats 20
        (20, 20, 20, 20, False),  # a tie is no victory
        (19, 20, 20, 20, False),
        (40, 1, 20, 21, True),
        (10, 12, 30, 11, False),
    ],
)
def test_victory_needs_the_branches_average_rounded_up_above_synths_score(west, east, synth_vp, average, victory):
    """'Final victory point scores for both human players will be averaged (add the scores together and then divide
    in half, rounding up) and must be higher than Synth's victory point score in order to claim victory.'"""
    s = coop(hands=False)
    for p, total in ((0, west), (1, east), (SYNTH, synth_vp)):
        s.res[p * WIDTH + VP] = 50
        score(s, p, total)
    assert s.winners() == []  # not over yet
    s.over = True
    out = s.outcome()
    assert out["average"] == average and out["synth"] == synth_vp and out["victory"] is victory
    assert out["winners"] == ([0, 1] if victory else [])
    assert out["result"] == ("won" if victory else "lost")
    assert out["automata"]["Synth"]["total"] == synth_vp
    assert out["scores"] == [west, east]


# ------------------------------------------------------------------------------------------ invariants
@pytest.mark.parametrize("seed", [3, 8])
def test_random_co_op_play_keeps_every_invariant(seed):
    """Any legal play of the co-op runs 7 Seasons with cards, tiles and counters conserved, Synth holding no cards,
    and ends won or lost."""
    s = GAME.new_game(2, seed, {"coop": True})
    rng = seed_state(100 + seed)
    seasons = {s.season}
    while not s.over:
        legal = s.legal_actions()
        assert s.cur in (0, 1)
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
        assert synth_hand(s) == (0, 0)
        seasons.add(s.season)
    assert seasons == set(range(1, 8))
    out = s.outcome()
    assert out["result"] in ("won", "lost") and set(out) >= {"average", "synth", "victory"}


# ------------------------------------------------------------------------------------ review fixes
def test_a_branch_left_with_nowhere_to_place_stays_home_instead_of_stalling():
    """'During the shared player "turn", the West Branch and East Branch each get a turn to place a worker'.
    When the first branch takes the last space the other could use, the other's workers stay home (as a
    player with nowhere to go) and the game goes on."""
    s = coop(hands=False)
    for p in (0, 1):
        setr(s, p, credits=0, goats=0)
    s.occ[:] = [SYNTH if o == -1 else o for o in s.occ]
    s.occ[s.slot0[space("farm")] + 1] = -1  # one free slot left: the Farm's
    s.docks_used = 3
    s.turn, s.team_todo = (0 if s.team_first else 1), 0b10  # the East Branch still to place
    events: list = []
    assert synth_rules.workers(s, events) in (True, False)
    assert s.cur == 1 and s.phase == rules.PLACE  # East can still reach the Farm
    s.team_todo = 0b11
    s.occ[s.slot0[space("farm")] + 1] = 0  # West took it
    s.phase = rules.NONE
    synth_rules.workers(s, events)
    assert get(s, 1, "workers") == 0 and ("stay_home", 1) in [(e.kind, e.seat) for e in events]
    assert not (s.phase == rules.PLACE and s.cur == 1)


def test_a_tour_guide_and_an_education_center_work_in_the_co_op():
    """'Specialists and facilities only apply to the individual park they are part of.' The West Branch's
    Tour Guide brings its visitor each Season, the East Branch's Education Center a visitor from the bonus
    pool before anyone takes from it."""
    s = coop(hands=False)
    guide = next(sp.index for sp in C.specialists if sp.key == "tour_guide")
    for pile in (s.spec_deck, s.job_market, s.contractors):
        if guide in pile:
            pile.remove(guide)
    s.res[0 * WIDTH + rules.SPECIALISTS] |= 1 << guide
    build(s, 1, "education_center")
    for p in (0, 1):
        setr(s, p, visitors=0)
    s.season = 2
    synth_rules.visitors(s, [])  # the shared visitors wait for the West Branch to divide them
    assert (get(s, 0, "visitors"), get(s, 1, "visitors")) == (1, 1)


def test_system_crash_places_the_crash_tokens_in_the_co_op():
    """'Make sure to have the Crash Tokens handy, these are tied to a specific Breaking News card.' Designed:
    card 33, System Crash, closes a worker space on five spaces this Season; then Synth's, the West Branch's
    and the East Branch's steps."""
    s = coop(hands=False)
    card = next(i for i, n in enumerate(C.news) if n.number == 33)
    events: list = []
    rules.resolve_news(s, card, events)
    assert sum(1 for e in events if e.kind == "crash") == 5
    assert s.occ.count(rules.CRASH) == 5
