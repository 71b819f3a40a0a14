"""DinoGenics, base game: each published fact about the base game the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content/rules.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.

This file: feeding, Upkeep income, City Center, hand limit.
Shared helpers are in dinogenics_helpers.py.
"""

from dinotable.games.dinogenics import rules, testing
from dinotable.games.dinogenics.components import DNA
from dinotable.games.dinogenics.rules import (
    COMMERCIAL,
    HUNGRY,
    NEW,
    as_damaged,
    facility_code,
    facility_of,
    has_flag,
    species_of,
)

from .dinogenics_helpers import (
    BASE_FACILITIES,
    IDS,
    C,
    K,
    build,
    cell,
    do_steps,
    fac,
    fresh,
    get,
    give,
    hand,
    pen,
    place,
    put,
    quiet,
    relist,
    run,
    setr,
    sp,
)


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
    hungry = [has_flag(d, HUNGRY) for d in s.dinos[0]]
    assert hungry == [True, False, False, False] and species_of(s.dinos[0][rex]) == sp("t_rex")
    assert get(s, 0, "goats") == 0  # the T-Rex ate the last goat, one short
    assert get(s, 1, "goats") == 3 and not has_flag(s.dinos[1][0], HUNGRY)
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
    assert [species_of(d) for d in s.dinos[seat]] == [sp("mutant")] * 2
    assert has_flag(s.dinos[seat][1], NEW) and not has_flag(s.dinos[seat][0], NEW)
    assert s.phase == rules.PLACE and get(s, seat, "goats") == 3  # no second feeding for the one mutant
    # The next Season both may be fed.
    s.season = 2
    testing.run_stage(s, "order", [])
    assert not any(has_flag(d, NEW) for d in s.dinos[seat])
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
    assert [C.facilities[facility_of(f)].key for f in s.facs[seat]] == ["basic_hotel"]
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
    assert s.hotels_left == hotels - 1 and s.facs[seat] == (facility_code(fac("basic_hotel"), COMMERCIAL),)
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
    assert facility_of(s.facs[seat][0]) == only
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
    facs[archive] = as_damaged(facs[archive])
    s.facs[seat] = tuple(facs)
    assert rules.hand_limit(s, seat) == 10
