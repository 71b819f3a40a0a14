"""DinoGenics: every price an action text shows is the price charged. Texts and rules read the same price
functions (rules.facility_price, repair_price, contractor_price, market_price), so CC6's doubling ('All City
Center and IntelliGen Design HQ actions cost double their standard credit amounts (round up). Any discounts
are applied before the double.') and the Master Architect's discount show in the texts.
"""

import re

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules

from .dinogenics_helpers import get, hire, hq_option, job_market, relist, scen, setr, space, specialist

C = GAME.content
IDS = GAME.ids
CREDITS = 0  # the credits counter's place in a seat's counters

# A priced text, and which way the credits go.
PRICED = (
    (re.compile(r"^(?:Buy|Repair) .* for (\d+) credits?$"), -1),
    (re.compile(r"^(?:Buy|Repair) .* for free$"), 0),
    (re.compile(r"^Sell .* for (\d+) credits?$"), 1),
    (re.compile(r"^Claim .* and (\d+) credits?$"), -1),
    (re.compile(r"^Pay (\d+) credits for a Plesiosaurus$"), -1),
    (re.compile(r"^Put it in the \w+ Branch's park \((\d+) credit\)$"), -1),
)


def price_in(text: str) -> int | None:
    """The credits a text says the action moves (negative: paid), or None for a text with no price."""
    for pattern, sign in PRICED:
        m = pattern.match(text)
        if m:
            return sign * int(m.group(1)) if sign else 0
    return None


def city(s) -> None:
    s.apply(IDS.space + space("city_center"))


def test_cc6_city_center_facility_texts_show_the_doubled_price_charged():
    """CC6: a Basic Hotel (cost 2) is offered 'for 4 credits' at the City Center, and 4 are charged (the text
    showed 2)."""
    s = scen("CC6")
    setr(s, 0, credits=20)
    relist(s)
    city(s)
    s.apply(IDS.city_center + rules.FACILITY_CHOICE)
    for a in s.legal_actions():
        f = rules.stack_tile(s, a - IDS.stack)
        assert s.action_text(a).endswith(f"for {2 * C.facilities[f].cost} credits")
    assert s.action_text(IDS.stack + 0).startswith("Buy Basic Hotel (commercial, 2 rooms")
    s.apply(IDS.stack + 0)
    assert get(s, 0, "credits") == 16


def test_the_master_architects_discount_shows_in_city_center_texts():
    """The Master Architect: 'facilities cost you 1 credit less' (designed). CC5 starts with it: a Basic Hotel
    is offered 'for 1 credit' and costs 1."""
    s = scen("CC5")
    setr(s, 0, credits=20)
    relist(s)
    city(s)
    s.apply(IDS.city_center + rules.FACILITY_CHOICE)
    assert s.action_text(IDS.stack + 0).endswith("for 1 credit")
    s.apply(IDS.stack + 0)
    assert get(s, 0, "credits") == 19


def test_cc6_an_independent_contractor_text_says_the_doubled_fee_charged():
    """'you may buy any specialist in the Independent Contractor stack by paying two credits in addition to its
    Manipulation card cost', doubled in CC6 at the HQ: the text says 'and 4 credits', and 4 are charged."""
    s = scen("CC6")  # its one Manipulation card pays the Concierge's cost of 1
    job_market(s, [], ["concierge", "publicist"])  # two: the choice is asked
    setr(s, 0, credits=20)
    relist(s)
    s.apply(IDS.space + space("hq"))
    s.apply(hq_option("job_network"))
    claim = IDS.specialist + specialist("concierge")
    assert "pay 1 Manipulation card and 4 credits;" in s.action_text(claim)
    s.apply(claim)
    assert get(s, 0, "credits") == 16


def test_cc6_repair_texts_show_the_doubled_price_and_the_master_architects_discount():
    """CC6: repairing a broken Ammonite Exhibit (half of its cost 4) costs 2 x 2 = 4 at the City Center, and the
    text says so; with the Master Architect (repairs 2 credits less, designed) it is free."""
    s = scen("CC6")
    setr(s, 0, credits=20)
    relist(s)
    city(s)
    s.apply(IDS.city_center + rules.REPAIR_CHOICE)
    first = s.legal_actions()[0]
    assert s.action_text(first).startswith("Repair the Ammonite Exhibit") and s.action_text(first).endswith(
        "for 4 credits"
    )
    s.apply(first)
    assert get(s, 0, "credits") == 16
    s = scen("CC6")
    hire(s, 0, "master_architect")
    setr(s, 0, credits=20)
    relist(s)
    city(s)
    s.apply(IDS.city_center + rules.REPAIR_CHOICE)
    first = s.legal_actions()[0]
    assert s.action_text(first).endswith("for free")
    s.apply(first)
    assert get(s, 0, "credits") == 20


@pytest.mark.parametrize(
    ("num_players", "options"),
    [
        (1, {"scenario": "CC6"}),
        (1, {"scenario": "CC5"}),
        (2, {}),
        (2, {"expansion": False}),
        (2, {"coop": True}),
    ],
)
def test_every_price_in_an_action_text_is_the_price_charged(num_players, options):
    """Over random games: for every legal action whose text names a price ('for N credits', 'and N credits',
    'Pay N credits', '(1 credit)'), applying it moves the mover's credits by exactly that much (checked while
    the Season stays at the same step, so no income comes in between)."""
    checked = set()
    for seed in range(3):
        s = GAME.new_game(num_players, seed, options)
        rng = seed_state(seed)
        while not s.is_over:
            seat = s.current_player
            for a in s.legal_actions():
                said = price_in(s.action_text(a))
                if said is None:
                    continue
                new = s.clone()
                new.apply(a)
                if (new.season, new.stage) != (s.season, s.stage):
                    continue
                moved = new.get(seat, CREDITS) - s.get(seat, CREDITS)
                assert moved == said, f"{s.action_text(a)!r} moved {moved} credits"
                checked.add(s.action_text(a).split(" ")[0])
            legal = s.legal_actions()
            rng, i = next_below(rng, len(legal))
            s.apply(legal[i])
    assert {"Buy", "Repair"} & checked
