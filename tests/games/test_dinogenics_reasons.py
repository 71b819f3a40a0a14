"""Why a board target cannot be chosen (`state.targets()`, `state.unavailable(seat)`): for each reason the
rules give, a position built by hand where they refuse the target for that reason, the exact sentence, and
the same target offered once the reason is gone. The targets: the worker spaces of the Mainland and of
IntelliGen Designs (and a Breaking News card's), the Private Airport and the co-op's docks when placing a
worker; the spaces again when outsourcing; a choice's options (the HQ's three actions); the City Center's
choices and stacks; the HQ's offer; the specialists.
"""

import pytest

from dinotable.core.conformance import random_game
from dinotable.games.dinogenics import GAME, rules
from dinotable.games.dinogenics.rules import AIRPORT_USED, CRASH, CityContext, DiscountContext, dinosaur_code
from dinotable.games.dinogenics.rules.reasons import UNEXPLAINED

from .dinogenics_helpers import (
    IDS,
    C,
    build,
    cc_quiet,
    cell,
    city,
    coop,
    do_steps,
    empty_hands,
    give,
    give_card,
    hurt,
    job_market,
    large,
    news,
    pen,
    place,
    quiet,
    relist,
    reveal,
    scen,
    setr,
    slots,
    sp,
    space,
)


def why(s, **target):
    """The reason the seat to move is given for this target, or None if it is offered (never both)."""
    assert target in s.targets(), f"{target} is not a target of {s.decisions[s.phase].name}"
    given = [entry["reason"] for entry in s.unavailable(s.cur) if entry["target"] == target]
    offered = any(all(s.action_info(a).get(k) == v for k, v in target.items()) for a in s.legal_actions())
    assert offered != bool(given), f"{target}: offered {offered}, reasons {given}"
    return given[0] if given else None


def occupy(s, key: str, *marks: int) -> None:
    """Sets the worker spaces of an action space, in order (a seat, -1 free, -2 blocked, CRASH)."""
    i = space(key)
    s.occ[s.slot0[i] : s.slot0[i] + len(marks)] = list(marks)
    relist(s)


def opened(s, phase: int, ctx) -> None:
    """The seat to move faces this decision (its context set by hand)."""
    s.phase, s.ctx = phase, ctx
    relist(s)


# ------------------------------------------------------------------------------------ the worker spaces
def test_the_targets_are_the_worker_spaces_on_the_table():
    """The Mainland's eleven; IntelliGen Designs' three with the expansion ('three new worker action spaces
    that a player may use during their turn instead of a Mainland action space'); a Breaking News card's
    space while the card is in effect; the Private Airport once the seat has one; the docks in the co-op."""
    mainland = [sp.key for sp in C.spaces if not sp.news and not sp.expansion]
    s = quiet(2)
    assert s.targets() == [{"space": key} for key in mainland]
    assert set(s.view(0)["mainland"]) == set(mainland)  # the view holds the same spaces
    s.active = news(5)  # Mainland Expo prints a worker space
    relist(s)
    assert {"space": "news_5"} in s.targets()
    s = cc_quiet(2)
    seat = s.cur
    assert [t["space"] for t in s.targets()] == [*mainland, "site_d", "refinement", "hq"]
    large(s, seat, "private_airport")
    relist(s)
    assert s.targets()[-1] == {"facility": "private_airport", "place": "commercial 1+commercial 2"}
    s = coop(hands=False)
    s.apply(IDS.seat)  # the West Branch places first
    assert s.targets()[-1] == {"docks": 1}


def test_a_space_whose_worker_spaces_are_taken():
    """A worker goes to a free worker space: taken ones, blocking tokens and Crash Tokens ('close a worker
    space') leave it none."""
    s = quiet(3)
    seat, other = s.cur, (s.cur + 1) % 3
    occupy(s, "site_a", other, other)
    assert why(s, space="site_a") == "Site A: both worker spaces are taken"
    occupy(s, "site_a", other, -1)
    assert why(s, space="site_a") is None
    occupy(s, "boneyard", seat)
    assert why(s, space="boneyard") == "Boneyard: its worker space is taken"
    occupy(s, "time_share", -2, -2)
    assert why(s, space="time_share") == "Time Share: blocking tokens cover every worker space"

    s = quiet(2)
    other = 1 - s.cur
    assert slots(s, "city_center") == [-2, -2, -1]
    occupy(s, "city_center", -2, -2, other)
    assert why(s, space="city_center") == "City Center: its only worker space without a blocking token is taken"
    occupy(s, "farm", -2, CRASH)
    assert why(s, space="farm") == "Farm: a Crash Token closes its worker space"
    occupy(s, "ferry", other, CRASH)
    assert why(s, space="ferry") == "Ferry: 1 worker space taken and 1 closed by a Crash Token"
    occupy(s, "ferry", -1, CRASH)
    assert why(s, space="ferry") is None

    s = quiet(4)
    give(s, s.cur, "raptor", 2)
    occupy(s, "iom", 0, 1, 2)
    assert why(s, space="iom") == "DinoGenics IOM: all 3 worker spaces are taken"
    occupy(s, "iom", 0, 1, -1)
    assert why(s, space="iom") is None


def test_a_space_closed_by_breaking_news_or_by_the_scenario():
    """Storm Season: 'The Ferry does not run this Season'. CC2: 'You may not play workers to Time Share.'"""
    s = quiet(2)
    s.active = news(18)
    relist(s)
    assert why(s, space="ferry") == "Ferry: closed this Season by Breaking News 18, Storm Season"
    s.active = -1
    relist(s)
    assert why(s, space="ferry") is None

    s = scen("CC2")
    assert why(s, space="time_share") == "Time Share: you may not play workers there in this scenario"
    s = scen("CC4")  # 'You may not play workers to Site A or B'; Time Share is open there
    assert why(s, space="site_a") == "Site A: you may not play workers there in this scenario"
    assert why(s, space="time_share") is None


def test_a_space_whose_action_cannot_be_done():
    """'Time Share: gain visitors if you have room'; the Boneyard takes DNA from the discard pile; Outsource
    costs 2 credits; the Uplink plays a Manipulation card; DinoGenics IOM creates a dinosaur from a DNA set."""
    s = quiet(2)
    seat = s.cur
    setr(s, seat, visitors=rules.room(s, seat))
    relist(s)
    assert why(s, space="time_share") == "Time Share: your park has no room for a visitor"
    setr(s, seat, visitors=0)
    relist(s)
    assert why(s, space="time_share") is None

    s.dna_deck += s.dna_discard
    s.dna_discard.clear()
    relist(s)
    assert why(s, space="boneyard") == "Boneyard: the discard pile is empty"
    s.dna_discard.append(s.dna_deck.pop())
    relist(s)
    assert why(s, space="boneyard") is None

    setr(s, seat, credits=1)
    relist(s)
    assert why(s, space="outsource") == "Outsource: you cannot pay 2 credits"
    setr(s, seat, credits=2)
    relist(s)
    assert why(s, space="outsource") is None

    setr(s, seat, credits=0)
    relist(s)
    assert why(s, space="uplink") == "Uplink: you hold no Manipulation card"
    give_card(s, seat, "whistle_blower")  # 'pay 3 credits'
    relist(s)
    assert why(s, space="uplink") == "Uplink: none of your Manipulation cards can be played now"
    setr(s, seat, credits=3)
    relist(s)
    assert why(s, space="uplink") is None

    assert why(s, space="iom") == "DinoGenics IOM: you hold no DNA set for a dinosaur you have a habitat for"
    give(s, seat, "t_rex", 3)
    relist(s)
    assert why(s, space="iom") is None
    # Every T-Rex meeple in the other park: a set and no meeple.
    for _ in range(C.species[sp("t_rex")].meeples):
        s.dinos[1 - seat] = (*s.dinos[1 - seat], dinosaur_code(sp("t_rex"), cell("A1")))
    relist(s)
    assert why(s, space="iom") == "DinoGenics IOM: no T-Rex meeple is left in the supply"


def test_the_dna_spaces_with_nothing_to_take():
    """Site A takes from the DNA Market, Site B draws from the DNA deck (the discard pile reshuffled)."""
    s = quiet(2)
    seat = s.cur
    s.dna_discard += s.market
    s.market.clear()
    relist(s)
    assert why(s, space="site_a") == "Site A: the DNA Market is empty"
    # Every DNA card into the other seat's hand: nothing to draw.
    other = 1 - seat
    for kind in s.dna_deck + s.dna_discard:
        s.dna[other * C.kinds + kind] += 1
    s.dna_deck.clear()
    s.dna_discard.clear()
    relist(s)
    assert why(s, space="site_b") == "Site B: no DNA card is left to draw"


def test_the_intelligen_designs_spaces():
    """Site D: 'pay one credit'; Refinement: 'pay one credit and discard one DNA or eDNA card'; the HQ: two
    of its three actions, none of which may be possible."""
    s = cc_quiet(2)
    seat = s.cur
    setr(s, seat, credits=0)
    relist(s)
    assert why(s, space="site_d") == "Site D: you cannot pay 1 credit"
    assert why(s, space="refinement") == "Refinement: you cannot pay 1 credit"
    setr(s, seat, credits=1)
    relist(s)
    assert why(s, space="site_d") is None
    assert why(s, space="refinement") == "Refinement: you hold no DNA card to refine"
    give(s, seat, "raptor")
    relist(s)
    assert why(s, space="refinement") is None
    # Every eDNA card into the other seat's hand, none in the discard pile: nothing for Site D to draw.
    for kind in s.edna_deck:
        s.dna[(1 - seat) * C.kinds + kind] += 1
    s.edna_deck.clear()
    relist(s)
    assert why(s, space="site_d") == "Site D: no eDNA card is left to draw"

    setr(s, seat, credits=0)
    plesio = sp("plesiosaurus")
    for _ in range(C.species[plesio].meeples):
        s.dinos[1 - seat] = (*s.dinos[1 - seat], dinosaur_code(plesio, cell("A1")))
    relist(s)
    assert why(s, space="hq") == (
        "IntelliGen Designs HQ: none of its choices can be done (an Open Ocean roll: no Plesiosaurus is left in "
        "the supply; buy a Large Facility: no Large Facility at the HQ that you can pay for and find room for; "
        "claim a specialist: no specialist you can pay for with your Manipulation cards and credits)"
    )


def test_the_private_airport_and_the_docks():
    """'Private Airport: Once per season, you may play one of your workers here' (a damaged facility does
    nothing); the co-op's docks: 'gift them up to two cards from their hand' (designed: once a Season)."""
    s = cc_quiet(2)
    seat = s.cur
    j = large(s, seat, "private_airport")
    relist(s)
    airport = {"facility": "private_airport", "place": "commercial 1+commercial 2"}
    assert why(s, **airport) is None
    s.put(seat, AIRPORT_USED, 1)
    relist(s)
    assert why(s, **airport) == "Private Airport: you have used it this Season"
    s.put(seat, AIRPORT_USED, 0)
    hurt(s, seat, j)
    relist(s)
    assert why(s, **airport) == "Private Airport: it is damaged"

    s = coop(hands=False)
    s.apply(IDS.seat)  # the West Branch places first
    assert why(s, docks=1) == "The East Branch's docks: you have no card to gift"
    give_card(s, 0, "black_market")
    relist(s)
    assert why(s, docks=1) is None
    s.docks_used |= 1 << 1
    relist(s)
    assert why(s, docks=1) == "The East Branch's docks: a worker has used them this Season"


# ---------------------------------------------------------------------------------------------- Outsource
def test_what_outsource_cannot_take():
    """Outsource: 'take another space's action without placing there' (an occupied one too); not a Breaking
    News card's space, nor (designed) a space the scenario forbids."""
    s = quiet(2)
    seat = s.cur
    setr(s, seat, credits=2)
    s.active = news(5)
    occupy(s, "ferry", -1, 1 - seat)
    occupy(s, "ferry", 1 - seat, 1 - seat)
    s.apply(place("outsource"))
    assert s.phase == rules.OUTSOURCE and {"space": "news_5"} in s.targets()
    assert why(s, space="outsource") == "Outsource: Outsource takes another space's action, not its own"
    assert why(s, space="news_5") == "Mainland Expo: a Breaking News card's space cannot be outsourced"
    assert why(s, space="ferry") is None  # taken, yet outsourced
    assert why(s, space="farm") is None

    s = scen("CC2")
    setr(s, 0, credits=2)
    relist(s)
    s.apply(place("outsource"))
    assert why(s, space="time_share") == "Time Share: this scenario forbids it, through Outsource too"


# ------------------------------------------------------------------------------------ choices and offers
def test_the_hq_actions_that_cannot_be_taken():
    """'IntelliGen Designs HQ: ... take two actions': 2. 'Resolve an Open Ocean Roll ... to place a
    Plesiosaurus': none left, so only the other two are offered."""
    s = cc_quiet(2)
    seat = s.cur
    setr(s, seat, credits=20)
    give_card(s, seat, "black_market")
    give_card(s, seat, "pulling_the_strings")
    plesio = sp("plesiosaurus")
    for _ in range(C.species[plesio].meeples):
        s.dinos[1 - seat] = (*s.dinos[1 - seat], dinosaur_code(plesio, cell("A1")))
    do_steps(s, seat, C.spaces[space("hq")].steps)
    assert s.phase == rules.CHOOSE and s.targets() == [{"option": 0}, {"option": 1}, {"option": 2}]
    assert why(s, option=0) == "An Open Ocean roll: no Plesiosaurus is left in the supply"
    assert why(s, option=1) is None and why(s, option=2) is None


def test_the_city_center_choices():
    """'Up to three different choices: gain 3 fences; buy a facility or repair one; buy or sell DNA.'"""
    s = quiet(2)
    seat = s.cur
    setr(s, seat, credits=10)
    opened(s, rules.CITY, CityContext(0))
    assert why(s, choice="fences") is None and why(s, choice="facility") is None
    assert why(s, choice="repair") == "Repair a structure: nothing in your park is damaged"
    assert why(s, choice="sell_dna") == "Sell DNA: you hold no DNA card to sell"
    give(s, seat, "raptor")
    build(s, seat, "biodome", "C4", damaged=True)
    opened(s, rules.CITY, CityContext(0))
    assert why(s, choice="repair") is None and why(s, choice="sell_dna") is None
    opened(s, rules.CITY, CityContext(1 | 2 | 4))
    assert why(s, choice="fences") == "Gain 3 fences: you have taken fences on this visit"
    assert why(s, choice="facility") == "Buy a facility: you have bought a facility or made a repair on this visit"
    assert why(s, choice="repair") == "Repair a structure: you have bought a facility or made a repair on this visit"
    assert why(s, choice="buy_dna") == "Buy DNA: you have bought or sold DNA on this visit"
    assert why(s, choice="sell_dna") == "Sell DNA: you have bought or sold DNA on this visit"
    setr(s, seat, credits=1)
    opened(s, rules.CITY, CityContext(0))
    assert why(s, choice="buy_dna") == "Buy DNA: a DNA card costs 2 credits"
    assert why(s, choice="repair") == "Repair a structure: you cannot pay to repair anything damaged in your park"
    s.dna_discard += s.market
    s.market.clear()
    opened(s, rules.CITY, CityContext(0))
    assert why(s, choice="buy_dna") == "Buy DNA: the DNA Market is empty"


def test_the_city_center_stacks():
    """The Basic Hotels and the 2nd, 3rd and 4th facility stacks: a facility is bought for its cost and
    placed in the park (a park facility on a free space of open space, a commercial one in the commercial
    sector)."""
    s = quiet(2)
    seat = s.cur
    city(s, "biodome", "medium_hotel", "gift_shop")
    setr(s, seat, credits=3)
    opened(s, rules.FACILITY, DiscountContext(0))
    assert s.targets() == [
        {"from": "basic_hotels"},
        {"from": "stacks", "stack": 0},
        {"from": "stacks", "stack": 1},
        {"from": "stacks", "stack": 2},
    ]
    assert why(s, **{"from": "stacks", "stack": 1}) == "Medium Hotel: it costs 4 credits and you have 3"
    assert why(s, **{"from": "stacks", "stack": 0}) is None
    pen(s, seat, "A1", "A2", "B1", "B2", "C1", "C2")
    pen(s, seat, "A3", "A4", "B3", "B4", "C3", "C4")
    opened(s, rules.FACILITY, DiscountContext(0))
    assert why(s, **{"from": "stacks", "stack": 0}) == "Biodome: your park has no room for it"
    s.bag.extend(s.stacks[2])
    s.stacks[2] = ()
    s.hotels_left = 0
    opened(s, rules.FACILITY, DiscountContext(0))
    assert why(s, **{"from": "stacks", "stack": 2}) == "The 4th facility stack is empty"
    assert why(s, **{"from": "basic_hotels"}) == "No Basic Hotel is left"


def test_the_hq_offer_and_the_coop_parks():
    """'Purchase a Large Facility: Pay the credit cost listed on a revealed Large Facility Tile'; in the
    co-op 'the player may spend one additional credit to place it in the other player's park instead'."""
    s = cc_quiet(2)
    seat = s.cur
    reveal(s, 0, "dinosaur_foundation")
    setr(s, seat, credits=5)
    opened(s, rules.LARGE, DiscountContext(0))
    foundation = {"from": "large_offer", "offer": 0}
    assert why(s, **foundation) == "Dinosaur Foundation: it costs 6 credits and you have 5"
    setr(s, seat, credits=6)
    opened(s, rules.LARGE, DiscountContext(0))
    assert why(s, **foundation) is None
    s.habitats_left = 0
    opened(s, rules.LARGE, DiscountContext(0))
    assert why(s, **{"from": "aquatic_habitats"}) == "No Aquatic Habitat is left at the HQ"

    s = coop(hands=False)
    s.apply(IDS.seat)
    for _ in range(7):
        build(s, 0, "basic_hotel")
    setr(s, 0, credits=2)
    city(s, "gift_shop", "holo_dome", "patent_center")
    opened(s, rules.FACILITY, DiscountContext(0))
    gift_shop = {"from": "stacks", "stack": 0}
    assert why(s, **gift_shop) == (
        "Gift Shop: your commercial sector has no room for it, and the other branch's costs 1 credit more"
    )
    setr(s, 0, credits=3)
    opened(s, rules.FACILITY, DiscountContext(0))
    assert why(s, **gift_shop) is None
    for _ in range(7):
        build(s, 1, "basic_hotel")
    opened(s, rules.FACILITY, DiscountContext(0))
    assert why(s, **gift_shop) == "Gift Shop: neither branch's commercial sector has room for it"


def test_the_specialists():
    """'Underground Job Network: Discard the number of Manipulation cards shown on a revealed specialist
    card to claim that specialist. Or instead, you may buy any specialist in the Independent Contractor
    stack by paying two credits in addition to its Manipulation card cost.'"""
    s = cc_quiet(2)
    seat = s.cur
    job_market(s, ["curator", "publicist"], ["tour_guide"])
    give_card(s, seat, "black_market")
    setr(s, seat, credits=1)
    opened(s, rules.JOB, ())
    assert s.targets() == [{"specialist": "curator"}, {"specialist": "publicist"}, {"specialist": "tour_guide"}]
    assert why(s, specialist="curator") == "The Curator: it costs 2 Manipulation cards and you hold 1"
    assert why(s, specialist="publicist") is None
    assert why(s, specialist="tour_guide") == "The Tour Guide: it costs 2 Manipulation cards and you hold 1"
    give_card(s, seat, "pulling_the_strings")
    opened(s, rules.JOB, ())
    assert why(s, specialist="tour_guide") == (
        "The Tour Guide: an Independent Contractor costs 2 credits more, which you cannot pay"
    )
    setr(s, seat, credits=2)
    opened(s, rules.JOB, ())
    assert why(s, specialist="tour_guide") is None


# ------------------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("options", [o for o in GAME.test_option_sets])
def test_every_refusal_in_played_games_has_its_rule(options):
    """Over whole random games of every option set, each target is offered or refused, and every refusal is
    explained by one of the rules above (never the catch-all), in a sentence told to the seat to move only."""
    num_players = 1 if options.get("scenario") else 2 if options.get("coop") else 3

    def step(s) -> None:
        if s.is_over:
            return
        for entry in s.unavailable(s.cur):
            assert entry["reason"] != UNEXPLAINED, f"{entry['target']} is refused by no rule the reasons know"
            assert entry["reason"][0].isupper() and not entry["reason"].endswith(".")
        for seat in range(num_players):
            assert seat == s.cur or s.unavailable(seat) == []

    random_game(GAME, num_players, options, 3, step)


def test_empty_hands_leave_the_reasons_unchanged_for_the_others():
    """A reason reads only the seat to move's own hand and the open table: another seat's cards change none."""
    s = quiet(2)
    seat = s.cur
    before = s.unavailable(seat)
    empty_hands(s, 1 - seat)
    give(s, 1 - seat, "t_rex", 3)
    relist(s)
    assert s.unavailable(seat) == before
