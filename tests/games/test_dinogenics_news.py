"""DinoGenics, base game: each published fact about the base game the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content/rules.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.

This file: Breaking News.
Shared helpers are in dinogenics_helpers.py.
"""

from dinotable.games.dinogenics import rules, testing
from dinotable.games.dinogenics.components import NAIVE_VISITOR
from dinotable.games.dinogenics.rules import RAMPAGED, has_flag

from .dinogenics_helpers import C, get, news, place, put, quiet, relist, run, setr, space, steer


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
    assert [has_flag(d, RAMPAGED) for d in s.dinos[seat]] == [True, False]


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
