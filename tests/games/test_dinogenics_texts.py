"""DinoGenics tells what happens in the game's words: income, visitors arriving, the Upkeep's VP with the parts
that add up to what the track moves, every die rolled, Synth's turns as its chart prints them, and the
consequences an action's text owes its reader (the hand limit, what a specialist costs)."""

from __future__ import annotations

import random

import pytest

import dinotable
from dinotable.games.dinogenics import rules, testing
from dinotable.games.dinogenics.components import DROWNING, FACE_NAMES, FATALITY, SLASH

from .dinogenics_helpers import (
    C,
    build,
    cc_quiet,
    do_steps,
    fresh,
    get,
    give,
    large,
    pen,
    place,
    put,
    quiet,
    relist,
    setr,
    steer,
    steer_upkeep,
)

GAME = dinotable.get_game("dinogenics")


def texts(s, events, kind=None):
    return [GAME.event_text(s, e) for e in events if kind is None or e.kind == kind]


def test_open_season_income_is_told_per_seat():
    """'4. Collect 1 credit for each visitor in your park' (Open Season): each seat's income is told."""
    s = fresh(2)
    setr(s, 0, visitors=2, credits=0)
    setr(s, 1, visitors=0, credits=0)
    events = []
    testing.run_stage(s, "income", events)
    told = {e.seat: GAME.event_text(s, e) for e in events if e.kind == "income"}
    assert told[0] == "Player 1 collects 2 credits for 2 visitors" and get(s, 0, "credits") == 2
    assert told[1] == "Player 2 has no visitors: no income"


def test_visitors_arriving_say_how_many_and_whose_park():
    """'1. Gain visitors' (Open Season): how many arrive, in whose park, and those who find no room."""
    s = fresh(2)
    s.season = 7
    setr(s, 0, visitors=0)
    setr(s, 1, visitors=0)
    events = []
    testing.run_stage(s, "visitors", events)
    told = texts(s, events, "visitors")
    assert len(told) == 2
    assert all(" visitors arrive at player " in t and "; no room for 2 more" in t for t in told), told
    assert all(get(s, p, "visitors") == 2 for p in (0, 1))  # the Visitor Center holds 2


def test_the_upkeep_vp_text_adds_up_to_what_the_track_moves():
    """'3. Gain 3 VPs for every two visitors leaving' and '4. Gain Victory Points from dinosaurs and
    facilities': one event per park with its parts, which add up to its total."""
    s = fresh(2)
    pen(s, 0, "A1", "A2")
    put(s, 0, "triceratops", "A1")
    build(s, 0, "petting_zoo", "C4")
    setr(s, 0, vp=6, visitors=2)
    events = []
    testing.run_stage(s, "vp", events)
    d = next(e.detail for e in events if e.kind == "upkeep_vp" and e.seat == 0)
    assert get(s, 0, "vp") - 6 == d["vp"] == d["leaving"] + d["arcade"] + d["value"] + d["earned"]
    text = GAME.event_text(s, next(e for e in events if e.kind == "upkeep_vp" and e.seat == 0))
    assert text.startswith(f"Player 1 scores {d['vp']} VP in the Upkeep: 3 for 2 visitors leaving + ")


def _told_vp(events, parks):
    vp = [0] * parks
    for e in events:
        if e.kind in ("upkeep_vp", "trait_vp", "facility_vp"):
            vp[e.seat] += e.detail["vp"]
        elif e.kind in ("gains", "losses"):
            sign = 1 if e.kind == "gains" else -1
            vp[e.seat] += sign * sum(n for r, n in e.detail["amounts"] if r == "vp")
        elif e.kind == "lose_vp":
            vp[e.seat] -= e.detail["vp"]
        elif e.kind == "synth" and e.detail["action"] == "ferry_vp":
            vp[rules.SYNTH] += 2
    return vp


@pytest.mark.parametrize(
    ("n", "options"),
    [(2, {}), (4, {"elites": True, "chaos_theory": True}), (1, {"scenario": "CC4"}), (2, {"coop": True})],
)
def test_every_vp_the_track_moves_during_play_is_told(n, options):
    """Over whole games: every decision's VP changes are told by its events (the Upkeep, gains from spaces,
    cards and Breaking News, traits, losses), so the narration adds up to the track."""
    for seed in range(2):
        s = GAME.new_game(n, seed, options)
        parks = s.parks
        rng = random.Random(seed)
        while not s.is_over:
            before = [get(s, p, "vp") for p in range(parks)]
            events = s.apply(rng.choice(s.legal_actions()))
            moved = [get(s, p, "vp") - before[p] for p in range(parks)]
            assert moved == _told_vp(events, parks), texts(s, events)


def test_a_rampage_check_reads_the_die_faces_as_printed():
    """A rampage check's roll in the die's printed words (two for a T-Rex), never an internal name."""
    s = fresh(2)
    put(s, 0, "t_rex", "B2")
    steer(s, FATALITY, SLASH)
    events = []
    testing.run_task(s, ("rampage", 0, 0), events)
    (text,) = texts(s, events, "rampage")
    assert text == f"Player 1's T-Rex makes a rampage check: {FACE_NAMES[0]} and {FACE_NAMES[1]}"


def test_an_aquatic_check_tells_the_upkeep_die_and_what_was_paid():
    """An aquatic dinosaur's check rolls the Upkeep die: its cost is paid, or as much as can be."""
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    i = put(s, seat, "ichthyosaur", "A1")
    cost = max(f for f in C.upkeep_die if f != DROWNING)
    setr(s, seat, credits=cost - 1)
    steer_upkeep(s, cost)
    events = []
    testing.run_task(s, ("aquatic", seat, i), events)
    told = texts(s, events)
    assert told[0].endswith(f"makes its rampage check with the Upkeep die: {cost} credits")
    assert told[1] == f"Player {seat + 1} pays {cost - 1} of {cost} credits: the habitat is damaged"


def test_synth_turns_read_the_turn_chart():
    """'On each of Synth's turns, roll 2 rampage dice and refer to the chart': the faces rolled, any roll
    again for a taken space, and the chart's step, in words."""
    s = GAME.new_game(2, 5, {"coop": True})
    rng = random.Random(5)
    told = []
    while not s.is_over and len(told) < 12:
        events = s.apply(rng.choice(s.legal_actions()))
        told += [GAME.event_text(s, e) for e in events if e.kind == "synth" and e.detail["action"] != "occupy"]
    assert len(told) == 12
    faces = tuple(FACE_NAMES)
    for text in told:
        assert text.startswith("Synth rolls ") and "(Seasons " in text and ": it sends a worker to " in text
        assert any(f in text for f in faces) and "_" not in text


def test_keeping_a_card_over_the_hand_limit_says_what_it_costs():
    """The hand limit: a keep that takes the hand past it says so, and how many cards go."""
    s = cc_quiet(2)
    seat = s.cur
    limit = rules.hand_limit(s, seat)
    give(s, seat, "brontosaurus", limit - rules.hand_size(s, seat))
    do_steps(s, seat, (("draw_keep", (3, 1)),))
    text = s.action_text(s.legal_actions()[0])
    assert text.endswith(f"; your hand goes over its limit of {limit}: you will discard 1")
    other = s.action_text(s.legal_actions()[0], viewer=1 - seat)
    assert other == f"Keep one of the cards drawn; the hand goes over its limit of {limit}: 1 card to discard"


def test_a_space_that_draws_says_it_takes_the_hand_over_its_limit():
    """The hand limit, told before the worker goes: Site B keeps 1 card for sure ('you will discard'), Site A
    takes up to 2 (the player may take fewer: 'up to')."""
    s = quiet(2)
    seat = s.cur
    limit = rules.hand_limit(s, seat)
    give(s, seat, "brontosaurus", limit)
    relist(s)
    site_b = s.action_text(place("site_b"))
    assert site_b.endswith(f"keep 1; your hand goes over its limit of {limit}: you will discard 1")
    if place("site_a") in s.legal_actions():
        site_a = s.action_text(place("site_a"))
        assert site_a.endswith(f"; it can take your hand over its limit of {limit}: up to 2 cards to discard")
    # Others read the space as it is printed: the note is the mover's.
    assert "limit" not in s.action_text(place("site_b"), viewer=1 - seat)


def test_the_upkeep_resources_are_told_once_per_resource():
    """'5. Gain resources from dinosaurs and facilities': told in one line per park, each resource once (the
    Stegosaurus' credits and the Patent Center's together)."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3", "A4")
    put(s, seat, "stegosaurus", "A1")
    put(s, seat, "stegosaurus", "A3")
    build(s, seat, "patent_center")
    build(s, seat, "goat_ranch", "C4")
    events = []
    testing.run_stage(s, "resources", events)
    (told,) = [e for e in events if e.kind == "upkeep_income" and e.seat == seat]
    assert told.detail["gains"] == [["credits", 4], ["goats", 2]]
    assert GAME.event_text(s, told) == f"Player {seat + 1} gains 4 credits and 2 goats in the Upkeep"


def test_two_city_center_stacks_showing_one_facility_are_told_apart_by_the_stack():
    """The City Center's facility stacks (the rulebook's Setup: the 2nd, 3rd and 4th stacks each get a tile
    every round) may show the same facility; buying from one or the other leaves a different tile on top, so
    the two choices name their stack, and a facility on one stack only reads as before."""
    game = dinotable.get_game("dinogenics")
    state = game.new_game(2, 2, {})
    rng = random.Random(2)
    while not state.is_over:
        texts = [state.action_text(a) for a in state.legal_actions()]
        if any("facility stack" in t for t in texts):
            break
        state.apply(rng.choice(state.legal_actions()))
    else:
        pytest.fail("no two stacks showed one facility in the seeded game")
    buys = [t for t in texts if t.startswith("Buy ")]
    twins = [t for t in buys if "facility stack" in t]
    assert len(twins) == 2 and len(set(twins)) == 2
    assert {t.split(" from the ")[1].split(" ")[0] for t in twins} < {"2nd", "3rd", "4th"}
    assert all(" from the " not in t for t in buys if t not in twins)
    assert len(set(texts)) == len(texts)
