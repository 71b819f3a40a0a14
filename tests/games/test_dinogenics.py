"""DinoGenics, base game: each published fact of GAPS.md section 3.1 the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.
"""

import pytest

from dinotable.core.errors import ContentError, IllegalAction
from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.components import (
    CREDITS,
    DNA,
    FATALITY,
    FENCES,
    GOATS,
    NAIVE_VISITOR,
    SCANDALS,
    SLASH,
    VISITORS,
    VP,
)
from dinotable.games.dinogenics.content import CONTENT_PATH, load_content
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules import (
    CELL,
    COMMERCIAL,
    DAMAGED,
    FLAGS,
    HUNGRY,
    NEW,
    RAMPAGED,
    SPECIES,
    WIDTH,
    WORKERS,
)

C = GAME.content
IDS = GAME.ids
GEO = GAME.geo
K = C.kinds  # DNA card kinds: the species, then Polymorphic DNA
BASE_FACILITIES = [f for f in C.facilities if not f.expansion]
M = len(C.manipulation)
COUNTER = {
    "credits": CREDITS,
    "goats": GOATS,
    "fences": FENCES,
    "vp": VP,
    "scandals": SCANDALS,
    "visitors": VISITORS,
    "workers": WORKERS,
}


# ------------------------------------------------------------------------------------------ helpers
def fresh(num_players=2, seed=1):
    """A base game: the rules of this module are the base game's (options expansion=false)."""
    return GAME.new_game(num_players, seed, {"expansion": False})


def sp(key: str) -> int:
    return C.species_index(key)


def space(key: str) -> int:
    return C.space_index(key)


def place(key: str) -> int:
    """The action id of sending a worker to a Mainland space."""
    return IDS.space + space(key)


def fac(key: str) -> int:
    return next(f.index for f in C.facilities if f.key == key)


def card(key: str) -> int:
    return next(m.index for m in C.manipulation if m.key == key)


def news(number: int) -> int:
    return next(i for i, n in enumerate(C.news) if n.number == number)


def stage(name: str) -> int:
    return next(i for i, (n, _) in enumerate(rules.STAGES) if n == name)


def cell(name: str) -> int:
    return GEO.cell_names.index(name)


def edge(name: str) -> int:
    return GEO.edge_names.index(name)


def rect(*names: str) -> int:
    """The buildable pen (rectangle) covering exactly these park spaces."""
    cells = sum(1 << cell(n) for n in names)
    return next(i for i, (c, _, _) in enumerate(GEO.rectangles) if c == cells)


def get(s, seat: int, name: str) -> int:
    return s.res[seat * WIDTH + COUNTER[name]]


def setr(s, seat: int, **values) -> None:
    for name, value in values.items():
        s.res[seat * WIDTH + COUNTER[name]] = value


def pen(s, seat: int, *names: str) -> None:
    """Fences on every edge of a rectangle of park spaces (a pen already built)."""
    s.fence[seat] |= GEO.rectangles[rect(*names)][1]


def put(s, seat: int, key: str, where: str, flags: int = 0) -> int:
    """A dinosaur straight onto a park space; returns its index in the park."""
    s.dinos[seat] = (*s.dinos[seat], sp(key) | cell(where) << CELL | flags << FLAGS)
    return len(s.dinos[seat]) - 1


def build(s, seat: int, key: str, where: str | None = None, damaged: bool = False) -> int:
    """A facility tile from the City Center's supply (Basic Hotel stack, bag or stacks) into a park: on a park
    space, or on the next free commercial space; returns its position in the park."""
    f = fac(key)
    if C.facilities[f].stack:
        s.hotels_left -= 1
    elif f in s.bag:
        s.bag.remove(f)
    else:
        i = next(i for i, stack in enumerate(s.stacks) if f in stack)
        pile = list(s.stacks[i])
        pile.remove(f)
        s.stacks[i] = tuple(pile)
    at = cell(where) if where is not None else rules.commercial_free(s, seat)[0]
    s.facs[seat] = (*s.facs[seat], f | at << 6 | (DAMAGED if damaged else 0))
    if at < COMMERCIAL:
        s.fcells[seat] |= 1 << at
    return len(s.facs[seat]) - 1


def empty_hands(s, seat: int) -> None:
    """The seat's DNA and Manipulation cards go back into their decks."""
    for k in range(K):
        s.dna_deck += [k] * s.dna[seat * K + k]
        s.dna[seat * K + k] = 0
    for m in range(M):
        s.manip_deck += [m] * s.manip[seat * M + m]
        s.manip[seat * M + m] = 0


def give(s, seat: int, key: str, n: int = 1) -> None:
    """DNA cards of a species from the deck (then the discard pile) into a hand."""
    k = sp(key)
    for _ in range(n):
        pile = s.dna_deck if k in s.dna_deck else s.dna_discard
        pile.remove(k)
        s.dna[seat * K + k] += 1


def give_card(s, seat: int, key: str) -> None:
    m = card(key)
    s.manip_deck.remove(m)
    s.manip[seat * M + m] += 1


def hand(s, seat: int) -> dict:
    return {C.species[k].key: s.dna[seat * K + k] for k in range(K) if s.dna[seat * K + k]}


def relist(s) -> None:
    s.relist()


def run(s) -> list:
    """After fields or tasks were set by hand: run what needs no decision, then list the legal actions."""
    events: list = []
    s.phase = rules.NONE
    rules.settle(s, events)
    relist(s)
    GAME.check_invariants(s)
    return events


def do_steps(s, seat: int, steps: tuple) -> list:
    """An effect run for a seat as the engine runs an action space's steps."""
    s.tasks.append(("steps", seat, steps, 0))
    return run(s)


def steer(s, *faces, die: tuple | None = None) -> None:
    """Sets the generator so that the next rolls of the rampage die (or of `die`) show these faces."""
    die = C.rampage_die if die is None else die
    for i in range(100_000):
        state = rng = seed_state(i)
        rolled = []
        for _ in faces:
            rng, roll = next_below(rng, len(die))
            rolled.append(die[roll])
        if tuple(rolled) == faces:
            s.rng = state
            return
    raise AssertionError(f"no generator state rolls {faces}")


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def damaged(s, seat: int) -> list[str]:
    return [C.facilities[f & 63].key for f in s.facs[seat] if f & DAMAGED]


def broken(s, seat: int) -> list[str]:
    return [GEO.edge_names[e] for e in range(len(GEO.edges)) if s.broken[seat] >> e & 1]


def quiet(num_players=2, seed=1):
    """A new game at its first worker placement, every seat's hands emptied (no chance card in the way)."""
    s = fresh(num_players, seed)
    for p in range(num_players):
        empty_hands(s, p)
    relist(s)
    return s


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
    testing.run_stage(s, "leave", [])
    assert [get(s, p, "vp") for p in range(3)] == [16, 10, 16]
    assert [get(s, p, "visitors") for p in range(3)] == [0, 0, 0]


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


# ------------------------------------------------------------------------------------ creating dinosaurs
def test_creating_a_dinosaur_discards_the_full_set():
    """'DinoGenics IOM (create a dinosaur from a full DNA set; mutants too)'; the Raptor's set is 2 cards."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "raptor", 2)
    give(s, seat, "triceratops", 2)
    relist(s)
    discard = len(s.dna_discard)
    s.apply(place("iom"))
    assert s.phase == rules.CREATE
    assert sorted(s.legal_actions()) == [IDS.species + sp("raptor"), IDS.species + sp("triceratops")]
    s.apply(IDS.species + sp("raptor"))
    assert hand(s, seat) == {"triceratops": 2}
    assert s.dna_discard[discard:] == [sp("raptor")] * 2
    assert s.phase == rules.HABITAT and s.cur == seat
    s.apply(IDS.pen + rect("A1"))  # a 1-space pen first: 4 fences
    assert get(s, seat, "fences") == 0
    s.apply(IDS.cell + cell("A1"))
    assert s.dinos[seat] == (sp("raptor") | cell("A1") << CELL,)
    assert s.cur != seat and s.phase == rules.PLACE


def test_a_mutant_needs_three_cards_of_three_species():
    """'Mutants are made from mixed DNA'; designed: 'A mutant is made from 3 DNA cards of three different
    species (with DNA Splice, 2 of two)'."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "stegosaurus", 2)
    give(s, seat, "triceratops")
    assert sp("mutant") not in rules.creatable(s, seat, 0)  # two species only
    give(s, seat, "t_rex")
    assert rules.creatable(s, seat, 0) == [sp("mutant")]
    assert sp("mutant") in rules.creatable(s, seat, 1)
    relist(s)
    s.apply(place("iom"))  # the only choice is taken by itself
    assert s.phase == rules.PICK and s.ctx[0] == rules.MUTANT_SET and s.ctx[1] == 3
    s.apply(IDS.dna + sp("stegosaurus"))
    assert sorted(s.legal_actions()) == sorted([IDS.dna + sp("triceratops"), IDS.dna + sp("t_rex")])  # one each
    discard = len(s.dna_discard)
    s.apply(IDS.dna + sp("t_rex"))  # the Triceratops follows by itself
    assert hand(s, seat) == {"stegosaurus": 1}
    assert sorted(s.dna_discard[discard:]) == sorted([sp("t_rex"), sp("triceratops")])
    assert s.phase == rules.HABITAT and s.ctx[0] == sp("mutant")


def test_dna_splice_creates_from_a_set_one_card_short():
    """'DNA Splice (create a dinosaur from an incomplete set)' (published); designed: one card short."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "brontosaurus", 3)
    give(s, seat, "t_rex")
    assert rules.creatable(s, seat, 0) == []
    assert sorted(rules.creatable(s, seat, 1)) == sorted([sp("brontosaurus"), sp("mutant")])
    give_card(s, seat, "dna_splice")
    relist(s)
    s.apply(place("uplink"))  # the only playable card is played by itself
    assert s.phase == rules.CREATE and s.ctx == (1,)
    s.apply(IDS.species + sp("brontosaurus"))
    assert hand(s, seat) == {"t_rex": 1}
    assert s.manip[seat * M + card("dna_splice")] == 0 and s.manip_discard[-1] == card("dna_splice")
    s.apply(IDS.cell + cell("A1"))  # open space, where a Brontosaurus belongs: no rampage
    assert [d & SPECIES for d in s.dinos[seat]] == [sp("brontosaurus")]
    assert s.dinos[seat][0] >> FLAGS & RAMPAGED == 0


def test_habitat_choices_are_each_pen_each_biodome_and_open_space():
    """Designed: a new dinosaur goes to a pen, an undamaged Biodome or open space, or a pen is built for it."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    pen(s, seat, "C4")
    build(s, seat, "biodome", "C1")
    build(s, seat, "biodome", "B4", damaged=True)
    setr(s, seat, fences=0)
    s.tasks.append(("place", seat, sp("raptor"), 0))
    run(s)
    assert s.phase == rules.HABITAT
    assert sorted(s.legal_actions()) == sorted(IDS.cell + cell(n) for n in ("A1", "A3", "C1", "C4"))
    assert "open space" in s.action_text(IDS.cell + cell("A3"))
    assert "pen A1+A2" in s.action_text(IDS.cell + cell("A1"))
    setr(s, seat, fences=4)
    relist(s)
    assert IDS.pen + rect("B1") in s.legal_actions()


def test_a_pen_costs_one_fence_per_new_edge_and_shared_edges_are_reused():
    """'A pen is a closed ring of fences' (published); designed: 'a rectangle of 1 to 6 empty park spaces
    outside every pen, paying one fence from the supply for each of its edges not already fenced'."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "brontosaurus", "B3")
    setr(s, seat, fences=3)
    s.tasks.append(("steps", seat, (("build", True),), 0))
    run(s)
    assert s.phase == rules.BUILD
    legal = s.legal_actions()
    assert IDS.pen + rect("A2") in legal  # A1|A2 stands already: 3 new edges
    assert IDS.pen + rect("A1") not in legal  # inside a pen
    assert IDS.pen + rect("A3", "A4") not in legal  # 5 new edges
    assert IDS.pen + rect("B3") not in legal and IDS.pen + rect("B1") in legal  # a dinosaur stands on B3
    assert "3 fences" in s.action_text(IDS.pen + rect("A2"))
    s.apply(IDS.pen + rect("A2"))
    assert get(s, seat, "fences") == 0
    assert s.fence[seat] == GEO.rectangles[rect("A1")][1] | GEO.rectangles[rect("A2")][1]
    _, areas = rules.regions(s, seat)
    assert sorted((c, closed) for c, closed in areas if closed) == [(1 << cell("A1"), True), (1 << cell("A2"), True)]
    assert s.phase == rules.PLACE  # no fences left: building stopped by itself


# ------------------------------------------------------------------------------------ habitats
def test_a_pen_too_small_is_improper():
    """'Its pen is too small or not fully enclosed'; designed: 'Dinosaurs sharing a pen need the sum of their
    minimum spaces'."""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "t_rex", "A1")  # needs 3
    pen(s, 0, "C1", "C2", "C3")
    put(s, 0, "t_rex", "C1")
    pen(s, 0, "A4", "B4", "C4")
    put(s, 0, "stegosaurus", "A4")
    put(s, 0, "stegosaurus", "B4")  # 2 + 2 in 3 spaces
    assert rules.improper(s, 0) == [True, False, True, True]
    pen(s, 1, "A1", "A2", "B1", "B2")
    put(s, 1, "stegosaurus", "A1")
    put(s, 1, "stegosaurus", "B2")
    assert rules.improper(s, 1) == [False, False]


def test_two_species_sharing_a_habitat_is_improper_except_ankylosaurus():
    """'Two or more species share the same habitat (exception: Ankylosaurus).' Published: the Ankylosaurus
    'may share a habitat with any species; neither rampages'."""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "raptor", "A1")
    put(s, 0, "triceratops", "A2")
    pen(s, 0, "C1", "C2", "C3")
    put(s, 0, "ankylosaurus", "C1")
    put(s, 0, "raptor", "C2")
    assert rules.improper(s, 0) == [True, True, False, False]
    pen(s, 1, "A1", "A2", "A3", "A4")
    put(s, 1, "triceratops", "A1")
    put(s, 1, "triceratops", "A2")
    put(s, 1, "ankylosaurus", "A3")
    assert rules.improper(s, 1) == [False, False, False]


def test_brontosaurus_penned_or_sharing_open_space_is_improper():
    """'A Brontosaurus is penned, or another species has access to open space.'"""
    s = fresh(2)
    put(s, 0, "brontosaurus", "B2")
    put(s, 0, "brontosaurus", "C4")
    assert rules.improper(s, 0) == [False, False]
    put(s, 0, "raptor", "A1")  # in open space too
    assert rules.improper(s, 0) == [True, True, True]
    pen(s, 1, "A1", "A2", "B1", "B2")
    put(s, 1, "brontosaurus", "A1")
    assert rules.improper(s, 1) == [True]


def test_an_ankylosaurus_may_share_open_space_with_a_brontosaurus():
    """The Ankylosaurus 'may share a habitat with any species; neither rampages' (published): beside it the
    Brontosaurus keeps its open space; the Ankylosaurus itself is not enclosed ('not fully enclosed')."""
    s = fresh(2)
    put(s, 0, "brontosaurus", "B2")
    put(s, 0, "ankylosaurus", "C4")
    assert rules.improper(s, 0) == [False, True]


def test_a_new_pen_may_not_close_a_ring_around_a_dinosaur_in_open_space():
    """Designed ('building pens'): pens are built around empty park spaces, so fences never wall in a
    dinosaur standing in open space: the rectangle that would close B2 off is not offered."""
    s = quiet(2)
    seat = s.cur
    for names in (("A1", "A2", "A3", "A4"), ("B1", "C1"), ("B3", "B4", "C3", "C4")):
        pen(s, seat, *names)
    put(s, seat, "brontosaurus", "B2")
    setr(s, seat, fences=8)
    s.tasks.append(("steps", seat, (("build", True),), 0))
    run(s)
    assert s.phase == rules.BUILD
    assert IDS.pen + rect("C2") not in s.legal_actions()  # it would close the ring around B2
    s.fence[seat] &= ~GEO.rectangles[rect("B3", "B4", "C3", "C4")][1]
    relist(s)
    assert IDS.pen + rect("C2") in s.legal_actions()  # B2 stays open to the right


def test_pterodactyl_needs_an_undamaged_biodome_of_up_to_two():
    """'A Pterodactyl is not in a biodome.'; the expansion: a Biodome 'Counts as a fenced pen (any size) for
    up to two compatible dinosaurs.'"""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "pterodactyl", "A1")
    build(s, 0, "biodome", "C1")
    put(s, 0, "pterodactyl", "C1")
    put(s, 0, "pterodactyl", "C1")
    assert rules.improper(s, 0) == [True, False, False]
    put(s, 0, "pterodactyl", "C1")
    assert rules.improper(s, 0) == [True, True, True, True]  # three in one Biodome
    build(s, 1, "biodome", "C1", damaged=True)
    put(s, 1, "pterodactyl", "C1")
    assert rules.improper(s, 1) == [True]


def test_a_pen_with_a_broken_fence_is_open_space():
    """'Its pen is too small or not fully enclosed'; designed: 'an area is a pen when every edge it has on the
    board edge or beside a facility holds a standing fence. Every other park space without a facility is open
    space'."""
    s = fresh(2)
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")
    assert rules.improper(s, 0) == [False] and rules.habitat_keys(s, 0) != [OPEN]
    s.broken[0] |= 1 << edge("A1 top")
    assert rules.improper(s, 0) == [True] and rules.habitat_keys(s, 0) == [OPEN]
    s.broken[0] = 0
    s.fence[0] &= ~(1 << edge("A1|A2"))  # a pen never closed
    assert rules.improper(s, 0) == [True]
    build(s, 1, "petting_zoo", "A2")  # a facility beside a pen needs the fence between them
    pen(s, 1, "A1")
    put(s, 1, "raptor", "A1")
    assert rules.improper(s, 1) == [False]
    s.fence[1] &= ~(1 << edge("A1|A2"))
    assert rules.improper(s, 1) == [True]


def test_triceratops_pairs_sharing_a_pen_add_dinosaur_value():
    """'+1 dinosaur value per 2 Triceratops sharing a pen' (published)."""
    s = fresh(3)
    pen(s, 0, "A1", "A2", "A3")
    for where in ("A1", "A2", "A3"):
        put(s, 0, "triceratops", where)
    assert rules.dinosaur_value(s, 0) == 3 * 2 + 1
    pen(s, 1, "A1", "A2", "A3", "A4")
    for where in ("A1", "A2", "A3", "A4"):
        put(s, 1, "triceratops", where)
    assert rules.dinosaur_value(s, 1) == 4 * 2 + 2
    pen(s, 2, "A1")
    pen(s, 2, "C1")
    put(s, 2, "triceratops", "A1")
    put(s, 2, "triceratops", "C1")
    put(s, 2, "triceratops", "B3")  # open space: no pen shared
    put(s, 2, "triceratops", "B3")
    assert rules.dinosaur_value(s, 2) == 4 * 2


def test_dinosaur_value_is_capped_at_thirty():
    """'a Dinosaur Value track 0-30' (published)."""
    s = fresh(2)
    pen(s, 0, "A1", "A2", "A3", "B1", "B2", "B3")
    for _ in range(4):
        put(s, 0, "t_rex", "A1")
    assert rules.dinosaur_value(s, 0) == 28
    put(s, 0, "raptor", "A1")
    assert rules.dinosaur_value(s, 0) == 30
    assert s.view(1)["players"][0]["dinosaur_value"] == 30


def test_reputation_counts_dinosaurs_and_undamaged_facilities_less_scandals():
    """Published reputation per species; designed: 'Reputation is the sum of the park's dinosaurs and
    undamaged facilities, less 1 for each Scandal; it can go below zero.'"""
    s = fresh(2)
    put(s, 0, "pterodactyl", "A1")  # 4
    put(s, 0, "mutant", "A2")  # 0
    build(s, 0, "park_mascots")  # 2
    build(s, 0, "holo_dome", "C4", damaged=True)  # 0 while damaged
    assert rules.reputation(s, 0) == 6
    setr(s, 0, scandals=8)
    assert rules.reputation(s, 0) == -2


# ------------------------------------------------------------------------------------ rampage checks
def test_placing_a_dinosaur_checks_only_its_own_area():
    """'Check when placing a dinosaur'; designed: 'Placing a dinosaur checks it and every dinosaur sharing its
    area (all open-space dinosaurs when it goes to open space)'."""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "raptor", "C4")  # improper in open space, but not where the new one goes
    pen(s, seat, "A1", "A2")
    put(s, seat, "triceratops", "A1")
    rules.place_dinosaur(s, seat, sp("triceratops"), cell("A1"), 0, [])
    assert s.tasks == []
    rules.place_dinosaur(s, seat, sp("raptor"), cell("A1"), 0, [])  # two species, and too small
    assert sorted(s.tasks) == [("rampage", seat, 1), ("rampage", seat, 2), ("rampage", seat, 3)]
    s.tasks.clear()
    rules.place_dinosaur(s, seat, sp("brontosaurus"), cell("B4"), 0, [])  # into open space
    assert sorted(s.tasks) == [("rampage", seat, 0), ("rampage", seat, 4)]


def test_upkeep_checks_improper_and_hungry_dinosaurs():
    """'2. Check for rampage, and roll if necessary (pg 11). Any unfed carnivores, or dinosaurs in improper
    habitats, require a Rampage Check.'"""
    s = fresh(2)
    s.order = (1, 0)
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")  # fed, proper
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1", HUNGRY)
    put(s, 0, "stegosaurus", "B3")  # open space
    pen(s, 1, "A1", "A2", "A3")
    put(s, 1, "t_rex", "A1")
    testing.run_stage(s, "rampage", [])
    assert sorted(s.tasks) == [("rampage", 0, 1), ("rampage", 0, 2)]


def test_a_dinosaur_rampages_at_most_once_in_each_phase():
    """'A dinosaur will rampage only once in Open Season and once in Upkeep.'"""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "raptor", "B2")
    steer(s, NAIVE_VISITOR)
    s.tasks.append(("rampage", seat, 0))
    events = run(s)
    assert kinds(events).count("rampage") == 1 and s.dinos[seat][0] >> FLAGS & RAMPAGED
    rules.place_dinosaur(s, seat, sp("raptor"), cell("B3"), 0, [])
    assert s.tasks == [("rampage", seat, 1)]  # the one that rampaged is not checked again
    s.tasks.clear()
    testing.run_stage(s, "rampage", [])  # still the Open Season: the first one has had its rampage
    assert s.tasks == [("rampage", seat, 1)]
    s.tasks.clear()
    testing.run_stage(s, "terror", [])  # the Upkeep is a new phase
    assert not any(d >> FLAGS & RAMPAGED for d in s.dinos[seat])
    testing.run_stage(s, "rampage", [])
    assert sorted(s.tasks) == [("rampage", seat, 0), ("rampage", seat, 1)]


def test_a_t_rex_rolls_two_rampage_dice_and_applies_both():
    """Published: the T-Rex 'rolls two rampage dice and applies both'; other dinosaurs roll one."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3")
    rex = put(s, seat, "t_rex", "A1")
    raptor = put(s, seat, "raptor", "C1")
    setr(s, seat, visitors=1, credits=0)
    steer(s, NAIVE_VISITOR, NAIVE_VISITOR)
    s.tasks.append(("rampage", seat, rex))
    events = run(s)
    rolls = [e.detail["faces"] for e in events if e.kind == "rampage"]
    assert rolls == [["naive_visitor", "naive_visitor"]] and get(s, seat, "credits") == 2
    steer(s, NAIVE_VISITOR, NAIVE_VISITOR)
    s.tasks.append(("rampage", seat, raptor))
    events = run(s)
    assert [e.detail["faces"] for e in events if e.kind == "rampage"] == [["naive_visitor"]]
    assert get(s, seat, "credits") == 3


def test_fatality_kills_a_visitor_for_a_scandal_then_damages():
    """'Rampage Fatality: Kill one visitor (gaining a Scandal), then damage an accessible structure.' Designed
    ('damage targets'): the Petting Zoo beside the pen is in reach; once it is damaged, a fence of the pen."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    i = put(s, seat, "stegosaurus", "A1")
    build(s, seat, "petting_zoo", "B1")
    setr(s, seat, visitors=2)
    steer(s, FATALITY)
    s.tasks.append(("rampage", seat, i))
    events = run(s)
    assert [k for k in kinds(events) if k != "place"] == ["rampage", "killed", "scandal", "damage"]
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1)
    assert damaged(s, seat) == ["petting_zoo"] and broken(s, seat) == []
    setr(s, seat, visitors=0)
    steer(s, FATALITY)
    s.dinos[seat] = (s.dinos[seat][0] & ~(RAMPAGED << FLAGS),)
    s.tasks.append(("rampage", seat, i))
    run(s)
    assert get(s, seat, "scandals") == 1  # nobody to kill; the damage still comes
    assert broken(s, seat) == ["A1 top"]


def test_a_raptor_slash_kills_one_extra_visitor():
    """'Rampage Slash: Assign damage to an accessible structure.'; published: the Raptor's 'claw rampage result
    kills one extra visitor'."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    raptor = put(s, seat, "raptor", "A1")
    pen(s, seat, "C3", "C4")
    stego = put(s, seat, "stegosaurus", "C3")
    setr(s, seat, visitors=2)
    testing.run_task(s, ("face", seat, stego, SLASH), [])
    run(s)
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (2, 0)
    stego_fence = s.broken[seat]
    assert bin(stego_fence).count("1") == 1 and stego_fence & GEO.border  # a board-edge fence of its pen
    testing.run_task(s, ("face", seat, raptor, SLASH), [])
    run(s)
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1)
    assert broken(s, seat)[0] == "A1 top" and len(broken(s, seat)) == 2


def test_naive_visitor_gains_a_credit_only_with_a_visitor():
    """'Naive Visitor: If you have a visitor, gain 1 credit.' Nothing is damaged."""
    s = quiet(2)
    seat = s.cur
    i = put(s, seat, "raptor", "B2")
    setr(s, seat, credits=0, visitors=0)
    testing.run_task(s, ("face", seat, i, NAIVE_VISITOR), [])
    assert get(s, seat, "credits") == 0 and s.tasks == []
    setr(s, seat, visitors=1)
    testing.run_task(s, ("face", seat, i, NAIVE_VISITOR), [])
    assert (get(s, seat, "credits"), get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1, 0)
    assert s.tasks == []


# ------------------------------------------------------------------------------------------ damage
def test_damage_goes_to_facilities_first_and_the_owner_chooses():
    """'Facilities are targeted first, then fences blocking route to board edge.' Designed ('damage targets'):
    the owner chooses among the undamaged facilities the dinosaur reaches: here the two bordering its pen, not
    the Gift Shop in the commercial sector."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3")
    rex = put(s, seat, "t_rex", "A1")
    build(s, seat, "gift_shop")
    zoo = build(s, seat, "petting_zoo", "B1")
    ranch = build(s, seat, "goat_ranch", "B3")
    steer(s, SLASH, SLASH)
    s.tasks.append(("rampage", seat, rex))
    run(s)
    assert (s.phase, s.cur) == (rules.TARGET, seat)
    assert sorted(s.legal_actions()) == [IDS.structure + zoo, IDS.structure + ranch]
    assert "Petting Zoo" in s.action_text(IDS.structure + zoo)
    s.apply(IDS.structure + zoo)
    # The second die: one facility left in reach, damaged by itself.
    assert damaged(s, seat) == ["petting_zoo", "goat_ranch"]
    assert broken(s, seat) == []


def test_each_structure_once_then_the_dinosaurs_fences_board_edge_first_then_the_visitor_center():
    """'Each structure can be damaged once'; 'then fences blocking route to board edge'; designed ('damage
    targets'): with no facility in reach, 'a dinosaur not yet out breaks the standing fence around it on the
    most direct route to the board edge (... then a board-edge fence ...); with neither, the Visitor Center
    takes it, last'. Once its pen is open the dinosaur is out, and the damaged Gift Shop leaves it nothing:
    the Visitor Center, a Scandal each."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    i = put(s, seat, "stegosaurus", "A1")
    build(s, seat, "gift_shop", damaged=True)
    hits = []
    for _ in range(3):
        s.tasks.append(("damage", seat, i))
        hits += [e.detail for e in run(s) if e.kind == "damage"]
    assert hits[0]["fence"] in {"A1 top", "A1 left", "A2 top"}  # the board edge first
    assert hits[1:] == [{"visitor_center": True}, {"visitor_center": True}]
    assert broken(s, seat) == [hits[0]["fence"]]
    assert get(s, seat, "scandals") == 2 and damaged(s, seat) == ["gift_shop"]


def test_a_fence_on_the_board_edge_breaks_before_an_inner_one():
    """Designed ('damage targets'): 'fewest standing fences to cross, then a board-edge fence, then the one
    nearest the board edge'. A pen in the middle of the park has no board-edge fence: each fence into open
    space is one to cross, and of those the ones beside an edge space come before B2|B3."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "B2")
    i = put(s, seat, "raptor", "B2")
    s.tasks.append(("damage", seat, i))
    hits = [e.detail for e in run(s) if e.kind == "damage"]
    assert len(hits) == 1 and hits[0]["fence"] in {"A2|B2", "B1|B2", "B2|C2"}  # beside an edge cell, not B2|B3
    assert rules.improper(s, seat) == [True]


def test_a_dinosaur_in_open_space_has_no_fence_to_break_and_damages_the_visitor_center():
    """'Facilities are targeted first, then fences blocking route to board edge.' (quick reference); published:
    'Rampaging dinosaurs break the fence on the most direct route to open space'. A Brontosaurus in open space
    is out (no fence between it and the board edge): with no facility in reach, the Visitor Center takes the
    damage, and the Raptor's pen across the park stays closed."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "raptor", "A1")
    bronto = put(s, seat, "brontosaurus", "C3")
    put(s, seat, "triceratops", "C4")  # another species in open space: the Brontosaurus rampages
    assert rules.improper(s, seat) == [False, True, True]
    s.tasks.append(("damage", seat, bronto))
    events = run(s)
    assert broken(s, seat) == [] and rules.improper(s, seat)[0] is False
    assert [e.detail for e in events if e.kind == "damage"] == [{"visitor_center": True}]


def test_a_damaged_hotel_kills_the_visitors_left_without_a_room():
    """'Damaged hotels result in visitor death. Take a Scandal for each death.' Designed: 'Visitors fill the
    Visitor Center first; a damaged hotel kills the visitors who no longer have a room'."""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "stegosaurus", "B2")
    build(s, seat, "basic_hotel")
    medium = build(s, seat, "medium_hotel")
    setr(s, seat, visitors=7)
    assert rules.room(s, seat) == 8
    s.tasks.append(("damage", seat, 0))
    run(s)
    assert s.phase == rules.TARGET
    events = []
    s.decisions[s.phase].apply(s, IDS.structure + medium, s.ctx, events)  # the answer alone, no settle
    assert damaged(s, seat) == ["medium_hotel"] and rules.room(s, seat) == 4
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (4, 3)
    assert [e.detail for e in events if e.kind == "killed"] == [{"visitors": 3}]


def test_the_visitor_center_is_repaired_at_once_for_a_scandal():
    """'The Visitor Center is repaired immediately, but costs an extra Scandal.' Designed: 'its visitors are
    not killed'."""
    s = quiet(2)
    seat = s.cur
    i = put(s, seat, "brontosaurus", "B2")  # open space: no fence around it
    setr(s, seat, visitors=2)
    s.tasks.append(("damage", seat, i))
    events = run(s)
    assert [e.detail for e in events if e.kind == "damage"] == [{"visitor_center": True}]
    assert (get(s, seat, "visitors"), get(s, seat, "scandals"), rules.room(s, seat)) == (2, 1, 2)


def test_damaged_facilities_give_no_rooms_reputation_upkeep_or_end_vp():
    """'Each structure can be damaged once; damaged ones score nothing until repaired at the City Center'
    (published)."""
    s = fresh(2)
    for seat, hurt in ((0, True), (1, False)):
        for key in ("medium_hotel", "park_mascots", "patent_center"):
            build(s, seat, key, damaged=hurt)
        build(s, seat, "petting_zoo", "C4", damaged=hurt)
        setr(s, seat, vp=0, credits=0)
    assert [rules.room(s, p) for p in (0, 1)] == [2, 6]
    assert [rules.reputation(s, p) for p in (0, 1)] == [0, 3]
    assert [rules.undamaged_facilities(s, p) for p in (0, 1)] == [0, 4]
    testing.run_stage(s, "vp", [])
    testing.run_stage(s, "resources", [])
    assert [get(s, p, "vp") for p in (0, 1)] == [0, 1]
    assert [get(s, p, "credits") for p in (0, 1)] == [0, 2]
    assert [s.scoring.breakdown(s, p)["facilities"] for p in (0, 1)] == [0, 3]


def test_repairs_at_the_city_center_half_the_facility_price_or_one_credit_a_fence():
    """'City Center (... buy/build a facility or Basic Hotel, or repair one ...)' (published); designed:
    'Repairing a fence at the City Center costs 1 credit; a facility costs half its price, rounded up'."""
    s = quiet(2)
    seat = s.cur
    dome = build(s, seat, "biodome", "C4", damaged=True)  # price 3: repair 2
    pen(s, seat, "A1")
    s.broken[seat] |= 1 << edge("A1 top")
    setr(s, seat, credits=5)
    relist(s)
    s.apply(place("city_center"))
    assert s.phase == rules.CITY and IDS.city_center + rules.REPAIR_CHOICE in s.legal_actions()
    s.apply(IDS.city_center + rules.REPAIR_CHOICE)
    fence_id = IDS.structure + GAME.tables.max_facilities + edge("A1 top")
    assert sorted(s.legal_actions()) == [IDS.structure + dome, fence_id]
    s.apply(IDS.structure + dome)
    assert damaged(s, seat) == [] and get(s, seat, "credits") == 3
    assert s.phase == rules.CITY
    legal = s.legal_actions()
    assert IDS.city_center + rules.REPAIR_CHOICE not in legal and IDS.city_center + rules.FACILITY_CHOICE not in legal
    s.apply(IDS.done)
    setr(s, seat, credits=1)
    do_steps(s, seat, (("repair", 0),))
    assert s.phase == rules.REPAIR and s.legal_actions() == [fence_id]
    s.apply(fence_id)
    assert broken(s, seat) == [] and get(s, seat, "credits") == 0


# ------------------------------------------------------------------------------------------ feeding
def test_carnivores_eat_goats_fewest_need_first_and_the_rest_go_hungry():
    """'1. Feed all carnivores (must feed as much as possible). Each carnivore must be fed even if a player does
    not have enough goats to satisfy them completely.' Designed: 'Goats go first to the carnivores they can
    feed in full, the hungriest last; what is left is eaten by the next carnivore'."""
    s = fresh(2)
    pen(s, 0, "A1", "A2", "A3")
    rex = put(s, 0, "t_rex", "A1")
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")
    build(s, 0, "biodome", "C4")
    put(s, 0, "pterodactyl", "C4")
    put(s, 0, "brontosaurus", "B2")
    setr(s, 0, goats=3)
    pen(s, 1, "A1", "A2", "A3")
    put(s, 1, "t_rex", "A1")
    setr(s, 1, goats=5)
    events = []
    testing.run_stage(s, "feed", events)
    hungry = [bool(d >> FLAGS & HUNGRY) for d in s.dinos[0]]
    assert hungry == [True, False, False, False] and s.dinos[0][rex] & SPECIES == sp("t_rex")
    assert get(s, 0, "goats") == 0  # the T-Rex ate the last goat, one short
    assert get(s, 1, "goats") == 3 and not s.dinos[1][0] >> FLAGS & HUNGRY
    assert [(e.seat, e.detail) for e in events if e.kind == "hungry"] == [(0, {"dinosaurs": 1})]
    assert s.view(0)["players"][0]["dinosaurs"][0]["hungry"] is True


def test_a_mutant_fed_two_goats_makes_a_new_mutant_once_per_season():
    """'After feeding carnivores, each mutant may be fed 2 goats once per Season to add a new mutant to your
    park. These newly placed mutants can't be fed until the following Season.'"""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    pen(s, seat, "C1")
    put(s, seat, "mutant", "A1")
    setr(s, seat, goats=5)
    s.phase = rules.NONE
    testing.run_stage(s, "feed", [])
    run(s)
    assert (s.phase, s.cur) == (rules.MUTANT, seat) and s.legal_actions() == [IDS.done, IDS.option]
    s.apply(IDS.option)
    assert get(s, seat, "goats") == 3
    assert s.phase == rules.HABITAT and s.ctx == (sp("mutant"), NEW)
    s.apply(IDS.cell + cell("C1"))
    assert [d & SPECIES for d in s.dinos[seat]] == [sp("mutant")] * 2
    assert s.dinos[seat][1] >> FLAGS & NEW and not s.dinos[seat][0] >> FLAGS & NEW
    assert s.phase == rules.PLACE and get(s, seat, "goats") == 3  # no second feeding for the one mutant
    # The next Season both may be fed.
    s.season = 2
    testing.run_stage(s, "order", [])
    assert not any(d >> FLAGS & NEW for d in s.dinos[seat])
    testing.run_stage(s, "feed", [])
    assert s.tasks == [("mutants", seat, 2)]


def test_a_mutant_is_not_offered_a_feeding_without_two_goats():
    """'each mutant may be fed 2 goats': with fewer goats there is no choice to make."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "mutant", "A1")
    setr(s, seat, goats=1)
    testing.run_stage(s, "feed", [])
    run(s)
    assert s.phase == rules.PLACE and len(s.dinos[seat]) == 1 and get(s, seat, "goats") == 1


# ---------------------------------------------------------------------------------------- Upkeep income
def test_upkeep_scores_the_dinosaur_value_and_facility_vp():
    """'4. Gain Victory Points from dinosaurs and facilities. All players score the Dinosaur Value on their
    player boards. Some facilities also grant VPs during Upkeep (pg. 26).' Designed: the Triceratops
    Observatory 1 VP per Triceratops, the Petting Zoo 1 VP."""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "triceratops", "A1")
    put(s, 0, "triceratops", "A2")
    put(s, 0, "brontosaurus", "C2")
    build(s, 0, "triceratops_observatory")
    build(s, 0, "petting_zoo", "C4")
    setr(s, 0, vp=10)
    setr(s, 1, vp=4)
    events = []
    testing.run_stage(s, "vp", events)
    assert get(s, 0, "vp") == 10 + (2 + 2 + 1 + 5) + 2 + 1
    assert get(s, 1, "vp") == 4
    assert [(e.seat, e.detail["vp"]) for e in events if e.kind == "upkeep_vp"] == [(0, 13), (1, 0)]


def test_upkeep_resources_stegosaurus_credits_and_facility_income():
    """'5. Gain resources from dinosaurs and facilities. All players with Stegosaurus gain 1 credit for each.
    Some facilities also grant resources during Upkeep (pg. 26).' Designed: Patent Center 2 credits, Goat Ranch
    2 goats, Research Lab 1 DNA card."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3", "A4")
    put(s, seat, "stegosaurus", "A1")
    put(s, seat, "stegosaurus", "A3")
    build(s, seat, "patent_center")
    build(s, seat, "goat_ranch", "C4")
    build(s, seat, "research_lab")
    build(s, seat, "gift_shop", damaged=True)
    setr(s, seat, credits=0, goats=0)
    testing.run_stage(s, "resources", [])
    run(s)
    assert (get(s, seat, "credits"), get(s, seat, "goats")) == (2 + 2, 2)
    assert rules.hand_size(s, seat) == 1
    other = 1 - seat
    assert get(s, other, "goats") == 2 and rules.hand_size(s, other) == 0


# ---------------------------------------------------------------------------------------- City Center
def test_city_center_three_different_choices_at_most_once_each():
    """'City Center (up to three different choices: gain 3 fences; buy/build a facility or Basic Hotel, or
    repair one; buy or sell DNA at the DNA Market)' (published)."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "raptor", 2)
    setr(s, seat, credits=5, fences=4)
    relist(s)
    s.apply(place("city_center"))
    menu = {IDS.city_center + i: i for i in range(len(rules.CITY_NAMES))}
    legal = s.legal_actions()
    assert IDS.done in legal
    assert sorted(menu[a] for a in legal if a in menu) == [
        rules.FENCE_CHOICE,
        rules.FACILITY_CHOICE,
        rules.BUY_CHOICE,
        rules.SELL_CHOICE,
    ]  # nothing to repair
    s.apply(IDS.city_center + rules.FENCE_CHOICE)
    assert get(s, seat, "fences") == 4 + C.numbers["fences_gained"] and s.phase == rules.BUILD
    s.apply(IDS.done)
    s.apply(IDS.city_center + rules.SELL_CHOICE)  # the first card must be a Raptor: sold by itself
    assert s.phase == rules.PICK and s.ctx[0] == rules.SELL
    assert get(s, seat, "credits") == 5 + C.numbers["market_sell"] and hand(s, seat) == {"raptor": 1}
    assert sorted(s.legal_actions()) == [IDS.done, IDS.dna + sp("raptor")]  # a second card, or stop
    s.apply(IDS.done)
    assert s.phase == rules.CITY
    assert sorted(menu[a] for a in s.legal_actions() if a in menu) == [rules.FACILITY_CHOICE]
    s.apply(IDS.city_center + rules.FACILITY_CHOICE)
    s.apply(IDS.stack + 0)  # a Basic Hotel
    assert [C.facilities[f & 63].key for f in s.facs[seat]] == ["basic_hotel"]
    assert get(s, seat, "credits") == 5 + C.numbers["market_sell"] - C.facilities[fac("basic_hotel")].cost
    assert s.phase == rules.PLACE and s.cur != seat  # all three used: the visit ends by itself


def test_the_basic_hotel_stack_and_the_three_stacks_from_the_bag():
    """Designed: 'Stack 1 of the City Center holds every Basic Hotel; the others are drawn from the bag.' Step 6:
    'Draw a new facility tile from the bag to place on top of the 2nd, 3rd, and 4th facility stacks'."""
    s = quiet(2)
    seat = s.cur
    hotels, bag = s.hotels_left, list(s.bag)
    tops = [st[-1] for st in s.stacks]
    setr(s, seat, credits=2)
    do_steps(s, seat, (("facility", 0),))
    assert IDS.stack + 0 in s.legal_actions()
    s.apply(IDS.stack + 0)
    assert s.hotels_left == hotels - 1 and s.facs[seat] == (fac("basic_hotel") | COMMERCIAL << 6,)
    assert [st[-1] for st in s.stacks] == tops and s.bag == bag
    testing.run_stage(s, "facilities", [])
    assert [st[-1] for st in s.stacks] == list(reversed(bag[-3:])) and s.bag == bag[:-3]
    assert [len(st) for st in s.stacks] == [2, 2, 2]
    s.hotels_left = 0
    setr(s, seat, credits=20)
    assert 0 not in rules.offers(s, seat, 0, 20)


def test_an_emptied_stack_draws_a_tile_from_the_bag_at_once():
    """'If a stack ever empties during play, immediately draw a tile for it.'"""
    s = quiet(2)
    seat = s.cur
    (only,) = s.stacks[0]
    next_tile = s.bag[-1]
    setr(s, seat, credits=10)
    do_steps(s, seat, (("facility", 0),))
    s.apply(IDS.stack + 1)
    if s.phase == rules.FACILITY_CELL:
        s.apply(IDS.cell + rules.facility_cells(s, seat)[0])
    assert s.facs[seat][0] & 63 == only
    assert s.stacks[0] == (next_tile,) and len(s.bag) == sum(f.count for f in BASE_FACILITIES if not f.stack) - 4


def test_buying_dna_at_the_market():
    """'buy or sell DNA at the DNA Market' (published); designed: 'buys up to 2 cards for 2 credits each'; a card
    taken is replaced from the DNA deck at once."""
    s = quiet(2)
    seat = s.cur
    setr(s, seat, credits=3)
    market = sorted(s.market)
    do_steps(s, seat, (("market_buy", (C.numbers["market_buy_cards"], C.numbers["market_buy"])),))
    assert s.phase == rules.PICK and sorted(s.legal_actions()) == sorted({IDS.dna + k for k in market})
    k = market[0]
    deck_top = s.dna_deck[-1]
    s.apply(IDS.dna + k)
    assert hand(s, seat) == {C.species[k].key: 1} and get(s, seat, "credits") == 3 - C.numbers["market_buy"]
    assert sorted(s.market) == sorted([*market[1:], deck_top])
    assert s.phase == rules.PLACE  # 1 credit left: the second card cannot be paid for


# ------------------------------------------------------------------------------------------ hand limit
def test_over_the_hand_limit_of_ten_the_player_discards_cards_of_choice():
    """'DNA hand limit 10' (published); designed: 'A player over the DNA hand limit discards cards of their
    choice at once.'"""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "raptor", 6)
    give(s, seat, "stegosaurus", 4)
    discard = len(s.dna_discard)
    do_steps(s, seat, (("gain", ((DNA, 2),)),))
    assert rules.hand_size(s, seat) == 12
    assert (s.phase, s.cur, s.ctx[:2]) == (rules.PICK, seat, (rules.DISCARD, 2))
    assert {IDS.dna + sp("raptor"), IDS.dna + sp("stegosaurus")} <= set(s.legal_actions())
    s.apply(IDS.dna + sp("stegosaurus"))
    s.apply(IDS.dna + sp("stegosaurus"))
    assert rules.hand_size(s, seat) == 10 and s.dna[seat * K + sp("raptor")] >= 6
    assert s.dna_discard[discard:] == [sp("stegosaurus")] * 2
    assert s.phase == rules.PLACE


def test_a_dna_archive_raises_the_hand_limit_while_undamaged():
    """Designed: the DNA Archive allows 4 more DNA cards in hand."""
    s = quiet(2)
    seat = s.cur
    archive = build(s, seat, "dna_archive")
    assert rules.hand_limit(s, seat) == 14
    for key in ("raptor", "stegosaurus", "t_rex"):
        give(s, seat, key, 4)
    do_steps(s, seat, (("gain", ((DNA, 2),)),))
    assert rules.hand_size(s, seat) == 14 and s.phase == rules.PLACE
    facs = list(s.facs[seat])
    facs[archive] |= DAMAGED
    s.facs[seat] = tuple(facs)
    assert rules.hand_limit(s, seat) == 10


# ---------------------------------------------------------------------------------------- Breaking News
def test_the_upcoming_card_becomes_active_in_season_two():
    """'5. Resolve the next Breaking News card. Discard the active Breaking News card and push the upcoming
    card into the active position. ... Finally, draw a new Breaking News card into the upcoming space.'"""
    s = quiet(2, seed=6)
    upcoming, following = s.upcoming, s.news_deck[-1]
    for p in range(2):
        setr(s, p, workers=0)
    run(s)  # Season 1's Upkeep, then Season 2's Open Season
    assert s.season == 2 and s.phase in (rules.PLACE, rules.BONUS)
    assert (s.active, s.upcoming) == (upcoming, following)
    assert s.view(0)["active_news"] == C.news[upcoming].number
    assert [get(s, p, "workers") for p in range(2)] == [4, 4]


def test_a_breaking_news_card_affects_every_player_in_order():
    """Designed Breaking News 19 'Bull Market: Every player gains 3 credits' and 13 'Tax Audit: Every player
    loses 2 credits' (a loss takes what there is)."""
    s = quiet(2)
    s.upcoming = news(19)
    setr(s, 0, credits=0)
    setr(s, 1, credits=1)
    events = []
    s.phase = rules.NONE
    testing.run_stage(s, "news", events)
    assert [e.detail["card"] for e in events if e.kind == "news"] == [19]
    run(s)
    assert (get(s, 0, "credits"), get(s, 1, "credits")) == (3, 4)
    s.upcoming = news(13)
    setr(s, 0, credits=1)
    testing.run_stage(s, "news", [])
    run(s)
    assert s.active == news(13) and (get(s, 0, "credits"), get(s, 1, "credits")) == (0, 2)


def test_corrupted_t_rex_checks_one_t_rex_of_each_player_who_has_one():
    """Designed Breaking News 21, Corrupted T-Rex: 'Every player with a T-Rex makes a rampage check for one of
    them.' (Here the T-Rexes stand in open space, where a check rolls in any reading.)"""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "t_rex", "B2")
    put(s, seat, "t_rex", "B3")
    setr(s, seat, visitors=0)
    steer(s, NAIVE_VISITOR, NAIVE_VISITOR)
    s.upcoming = news(21)
    s.phase = rules.NONE
    testing.run_stage(s, "news", [])
    events = run(s)
    assert [(e.seat, e.detail["species"]) for e in events if e.kind == "rampage"] == [(seat, "t_rex")]
    assert [bool(d >> FLAGS & RAMPAGED) for d in s.dinos[seat]] == [True, False]


def test_a_special_worker_space_is_open_only_while_its_card_is_active():
    """Published: 'cards 5, 8, 12, 14, 15, 16, 20 print a special worker space'; designed: 'space is a worker
    space on the card while it is active' (card 5, Mainland Expo: gain 2 VP and 1 credit)."""
    s = quiet(2)
    seat = s.cur
    assert place("news_5") not in s.legal_actions() and "news_5" not in s.view(0)["mainland"]
    s.active = news(5)
    relist(s)
    assert place("news_5") in s.legal_actions() and "news_5" in s.view(0)["mainland"]
    credits = get(s, seat, "credits")
    s.apply(place("news_5"))
    assert (get(s, seat, "vp"), get(s, seat, "credits")) == (2, credits + 1)
    assert place("news_5") not in s.legal_actions()  # its one space is taken
    s.active = news(8)
    relist(s)
    assert place("news_8") in s.legal_actions()
    s.phase = rules.OUTSOURCE
    relist(s)
    assert place("news_8") not in s.legal_actions()  # Outsource takes Mainland spaces only


def test_a_closed_space_and_a_bonus_last_for_the_active_card():
    """Designed: '`closed` shuts a Mainland space for the Season; `bonus` adds to a Mainland space's action'
    (card 18 Storm Season: 'The Ferry does not run this Season'; card 14 Goat Fair: 'The Farm gives 1 more
    goat this Season')."""
    s = quiet(2)
    seat = s.cur
    s.active = news(18)
    relist(s)
    assert place("ferry") not in s.legal_actions()
    assert space("ferry") not in rules.outsource_spaces(s, seat, 10)
    s.active = news(14)
    relist(s)
    assert place("ferry") in s.legal_actions() and place("news_14") in s.legal_actions()
    s.apply(place("farm"))
    assert get(s, seat, "goats") == 2 + 3 + 1
    s.active = -1
    relist(s)
    other = s.cur
    s.apply(place("outsource"))
    s.apply(place("farm"))
    assert get(s, other, "goats") == 2 + 3


# ------------------------------------------------------------------------------------------ end of game
def test_end_game_scoring_breakdown():
    """'End-game scoring: VP on the track, plus end-game VP of each undamaged facility, +3 VP per species in a
    valid habitat, +1 VP per 3 credits, +1 VP per 2 DNA cards, -6 VP per Scandal' (published)."""
    s = fresh(2)
    empty_hands(s, 0)
    give(s, 0, "raptor", 5)
    setr(s, 0, vp=40, credits=8, scandals=1)
    build(s, 0, "medium_hotel")  # 1
    build(s, 0, "dna_archive", damaged=True)  # 2, but damaged
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1")  # the same species again
    put(s, 0, "triceratops", "B3")  # open space: not a valid habitat
    expected = {
        "track": 40,
        "facilities": 1,
        "species": 3,
        "credits": 2,
        "dna": 2,
        "scandals": -6,
        "specialists": 0,
        "traits": 0,
    }
    assert s.outcome()["breakdown"][0] == expected | {"total": 42}
    assert s.scores()[0] == 42


def test_ties_go_to_the_highest_reputation_then_share_the_win():
    """'tie: highest reputation' (published); designed: 'After the highest reputation, players still tied
    share the victory.'"""
    s = fresh(3)
    for p in range(3):
        empty_hands(s, p)
        setr(s, p, credits=0, vp=30)
    build(s, 0, "park_mascots")  # 1 VP at the end, 2 reputation
    setr(s, 1, vp=31)
    assert s.scores() == [31, 31, 30] and s.winners() == []  # not over yet
    s.over = True
    assert s.winners() == [0]
    build(s, 1, "park_mascots")
    setr(s, 1, vp=30)
    assert s.scores() == [31, 31, 30] and s.winners() == [0, 1]


def test_one_player_wins_only_by_reaching_the_solo_target():
    """Designed: 'One player plays on the two-player board and wins with at least 170 VP (solo_target)'."""
    target = GAME.content.numbers["solo_target"]
    assert target == 170
    s = fresh(1)
    empty_hands(s, 0)
    setr(s, 0, credits=0, vp=target - 1)
    s.over = True
    assert s.winners() == [] and s.outcome()["result"] == "lost"
    setr(s, 0, vp=target)
    assert s.winners() == [0] and s.outcome()["result"] == "won" and s.outcome()["target"] == target


def test_the_game_ends_after_the_seventh_upkeep():
    """'7 Seasons, each an Open Season then an Upkeep' (published); '8. Continue to the next Open Season. At the
    end of Season 7, proceed to End Game Scoring'."""
    s = quiet(2)
    s.season = 7
    for p in range(2):
        setr(s, p, workers=0)
    events = run(s)
    assert s.over and s.is_over and s.current_player is None and s.legal_actions() == []
    assert kinds(events)[-1] == "game_over" and s.season == 7
    assert "upkeep_vp" in kinds(events)  # Season 7's Upkeep was played first
    with pytest.raises(IllegalAction):
        s.apply(IDS.done)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4, 5])
def test_random_play_reaches_season_seven_keeping_every_invariant(num_players):
    """Any legal play runs 7 Seasons to End Game Scoring with cards, tiles and counters conserved."""
    s = fresh(num_players, seed=10 + num_players)
    rng = seed_state(num_players)
    seasons = {s.season}
    while not s.over:
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
        seasons.add(s.season)
    assert seasons == set(range(1, 8))
    assert len(s.scores()) == num_players


# ------------------------------------------------------------------------------------ hidden information
def test_a_view_shows_only_the_seats_own_hands():
    """DNA and Manipulation hands are hidden; their sizes are not."""
    s = fresh(3, seed=2)
    for seat in range(3):
        players = s.view(seat)["players"]
        for p in range(3):
            assert players[p]["dna_cards"] == 5 and players[p]["manipulation_cards"] == 3
            assert ("dna" in players[p]) == (p == seat) and ("manipulation" in players[p]) == (p == seat)
        assert sum(players[seat]["dna"].values()) == 5
    assert all("dna" not in p for p in s.view(None)["players"])


def test_cards_drawn_at_site_b_are_seen_only_by_the_chooser():
    """'Site B: draw 3 DNA, keep 1, the rest to the discard pile' (published): the drawn cards are the
    chooser's to see."""
    s = quiet(2)
    seat, other = s.cur, 1 - s.cur
    s.apply(place("site_b"))
    assert (s.phase, s.ctx[0]) == (rules.PICK, rules.KEEP)
    assert len(s.view(seat)["context"][2]) == 3
    assert s.view(other)["context"][2] == 3


def test_determinize_keeps_the_seats_own_hand_and_view_and_redeals_the_others():
    """What a seat cannot see (the other hands, the deck order, the bag) is dealt again with the hand sizes
    kept; what it sees stays."""
    s = fresh(3, seed=4)
    s.apply(place("ferry"))
    seat = 1
    other_hands = set()
    for seed in range(6):
        d = s.determinize(seat, seed)
        GAME.check_invariants(d)
        assert d.dna[seat * K : seat * K + K] == s.dna[seat * K : seat * K + K]
        assert d.manip[seat * M : seat * M + M] == s.manip[seat * M : seat * M + M]
        assert d.view(seat) == s.view(seat)
        assert d.legal_actions() == s.legal_actions()
        for p in (0, 2):
            assert sum(d.dna[p * K : p * K + K]) == 5 and sum(d.manip[p * M : p * M + M]) == 3
        other_hands.add(tuple(d.dna[0:K]) + tuple(d.dna[2 * K : 3 * K]))
    assert len(other_hands) > 1
    with pytest.raises(ValueError):
        s.determinize(3, 0)


def test_determinize_redeals_the_cards_another_seat_is_choosing_among():
    """The three cards drawn at Site B by another seat are hidden: a determinized copy deals them again."""
    s = quiet(2, seed=3)
    chooser, seat = s.cur, 1 - s.cur
    s.apply(place("site_b"))
    drawn = set()
    for seed in range(8):
        d = s.determinize(seat, seed)
        GAME.check_invariants(d)
        assert d.view(seat) == s.view(seat) and len(d.ctx[2]) == 3 and d.cur == chooser
        drawn.add(tuple(sorted(d.ctx[2])))
    assert len(drawn) > 1
    assert s.determinize(chooser, 0).ctx == s.ctx  # the chooser sees them


# ------------------------------------------------------------------------------------------ content
@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (
            "\nsteps = [{ gain = { goats = 3 } }]",
            "\nsteps = [{ harvest = 3 }]",
            "spaces.farm.steps[0]: unknown step 'harvest'",
        ),
        (
            "slots = 3\nblocked = { 1 = 2, 2 = 2, 3 = 1, 4 = 1 }\nsteps = [{ city_center",
            "slots = 3\nblocked = { 1 = 2, 2 = 3, 3 = 1, 4 = 1 }\nsteps = [{ city_center",
            "spaces.city_center: a space needs a slot, and blocking tokens must leave one open",
        ),
        (
            "steps = [{ gain = { credits = 3 } }]",
            "steps = [{ gain = { money = 3 } }]",
            "spaces.ferry.steps[0].gain: 'money' is not one of",
        ),
        (
            'each_player = [{ rampage = "t_rex" }]',
            'each_player = [{ rampage = "godzilla" }]',
            "news[20].each_player[0].rampage: 'godzilla' is not a species",
        ),
        ('closed = "ferry"', 'closed = "harbour"', "news[17].closed: 'harbour' is not a Mainland space"),
        (
            "cost = 4\nupkeep = { credits = 2 }",
            "cost = 4\nupkeep = { credits = 0 }",
            "facilities.patent_center.upkeep.credits",
        ),
        ("[{ pay = { credits = 2 } }, { outsource", "[{ pay = { goats = 2 } }, { outsource", "only credits are paid"),
    ],
)
def test_a_broken_content_file_is_refused_naming_the_entry(tmp_path, old, new, named):
    text = CONTENT_PATH.read_text()
    assert text.count(old) == 1
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new))
    with pytest.raises(ContentError) as err:
        load_content(path)
    assert named in str(err.value)
