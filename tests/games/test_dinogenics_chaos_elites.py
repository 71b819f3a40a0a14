"""DinoGenics with Controlled Chaos: the rulebook's Solo Scenarios CC1-CC7, the Chaos Theory Module and the
Dinosaur Elites Module, quoted in the docstrings, and the designed rules of content.toml ("designed: ...").

As in dinogenics_helpers.py, a test starts from a real new game (a scenario, or the expansion with a module) and
sets the flat state's fields directly, then runs one Season step (testing.run_stage) or lets settle() run on. End states
for the objectives are built by hand: counters set, then `s.over = True` and the outcome read.

This file: Chaos Theory, Dinosaur Elites, invariants, review fixes.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, scoring, testing

from .dinogenics_helpers import (
    CHAOS,
    ELITES,
    SCENARIOS,
    C,
    build,
    cell,
    get,
    hire,
    large,
    modules,
    news,
    news_events,
    pen,
    put,
    run,
    scen,
    setr,
    sp,
)


# ------------------------------------------------------------------------------------------ Chaos Theory
@pytest.mark.parametrize("chaos", [True, False])
def test_chaos_theory_cards_join_the_news_deck_only_with_the_module(chaos):
    """'Chaos Theory: Shuffle the 5 Chaos Theory cards into the Breaking News deck.' (the red cards; never the
    Synth deck's)"""
    s = modules(2, seed=3, chaos_theory=chaos)
    deck = [*s.news_deck, s.upcoming]
    assert sorted(i for i in deck if C.news[i].chaos) == (CHAOS if chaos else [])
    assert len(CHAOS) == 5
    assert not any(C.news[i].synth for i in deck)
    assert len(deck) == len([n for n in C.news if not n.synth]) - (0 if chaos else 5)


def _chaos_order(s, *order: int) -> None:
    """The next cards drawn from the news deck, in order (the rest of the deck kept below them)."""
    deck = [i for i in s.news_deck if i not in order] + [s.upcoming] * (s.upcoming not in order)
    s.news_deck = deck + list(reversed(order))


def test_a_chaos_card_entering_upcoming_resolves_after_the_standard_card_then_is_discarded():
    """'When a Chaos Theory card enters the Upcoming News space, it is resolved immediately after the standard
    Breaking News card. After resolving, discard it from play and draw another Breaking News card to the upcoming
    space.' (Pest Outbreak: every player loses 2 goats)"""
    s = modules(2, seed=5, chaos_theory=True)
    s.season = 2
    pest, bull, after = CHAOS[3], news(19), news(13)
    assert C.news[pest].name == "Pest Outbreak"
    _chaos_order(s, bull, pest, after)
    s.upcoming = s.news_deck.pop()
    for p in range(2):
        setr(s, p, goats=3, credits=0)
    events = []
    s.phase = rules.NONE
    testing.run_stage(s, "news", events)
    events += run(s)
    assert news_events(events) == [(C.news[bull].name, False), ("Pest Outbreak", True)]
    assert [get(s, p, "goats") for p in range(2)] == [1, 1]
    assert [get(s, p, "credits") for p in range(2)] == [3, 3]  # Bull Market: 'Every player gains 3 credits'
    assert s.active == bull and s.upcoming == after
    assert pest not in s.news_deck


def test_two_chaos_cards_never_trigger_in_a_row():
    """'Two Chaos Theory cards can never trigger twice in a row ... If this happens, shuffle it back into the deck
    and draw another event.'"""
    s = modules(2, seed=6, chaos_theory=True)
    s.season = 3
    first, second = CHAOS[1], CHAOS[0]
    _chaos_order(s, news(19), first, second)
    s.upcoming = s.news_deck.pop()
    events = []
    s.phase = rules.NONE
    testing.run_stage(s, "news", events)
    events += run(s)
    while s.phase != rules.PLACE:  # Smear Campaign: each player names an opponent
        events += s.apply(s.legal_actions()[0])
    assert [chaos for _, chaos in news_events(events)] == [False, True]
    assert s.upcoming >= 0 and not C.news[s.upcoming].chaos
    assert second in s.news_deck and first not in s.news_deck


def test_no_chaos_card_in_season_one():
    """'Two Chaos Theory cards can never trigger ... during Season 1 of the game. If this happens, shuffle it back
    into the deck and draw another event.' (a new game's upcoming card; a card drawn to upcoming in Season 1)"""
    for seed in range(12):
        s = GAME.new_game(2, seed, {"expansion": True, "chaos_theory": True})
        assert not C.news[s.upcoming].chaos
    s = modules(2, seed=7, chaos_theory=True)
    assert s.season == 1
    s.news_deck.remove(CHAOS[2])
    s.news_deck.append(s.upcoming)
    s.upcoming = CHAOS[2]
    events = []
    testing.run_task(s, ("chaos",), events)
    assert events == []
    assert not C.news[s.upcoming].chaos and CHAOS[2] in s.news_deck


# ------------------------------------------------------------------------------------------ Dinosaur Elites
@pytest.mark.parametrize("elites", [True, False])
def test_elites_cards_join_the_edna_deck_only_with_the_module(elites):
    """'Dinosaur Elites: Shuffle the 7 Dinosaur Elites eDNA cards into the eDNA deck.' ('2x Dimetrodon 2x
    Pachycephalosaurus 2x Parasaurolophus 1x Dreadnoughtus')"""
    s = GAME.new_game(2, 2, {"expansion": True, "elites": elites})
    got = {key: s.edna_deck.count(sp(key)) for key in ELITES}
    assert got == (ELITES if elites else dict.fromkeys(ELITES, 0))
    assert not any(sp(key) in s.dna_deck for key in ELITES)
    GAME.check_invariants(s)


def test_parasaurolophus_one_vp_per_species_including_itself():
    """Parasaurolophus: 'Pleasing Harmonics: During Final Scoring, gain an additional 1 VP for each species,
    including this one, that you have in your park.'"""
    s = modules(elites=True)
    pen(s, 0, "A1", "A2")
    put(s, 0, "parasaurolophus", "A1")
    assert scoring.breakdown(s, 0)["traits"] == 1
    put(s, 0, "brontosaurus", "C4")
    put(s, 0, "brontosaurus", "C3")
    pen(s, 0, "B1")
    put(s, 0, "triceratops", "B1")
    parts = scoring.breakdown(s, 0)
    assert parts["traits"] == 3
    assert parts["total"] == sum(v for k, v in parts.items() if k != "total")


def test_dimetrodon_two_vp_per_directly_adjacent_aquatic_habitat_tile():
    """Dimetrodon: 'Beach Dweller: When placed, immediately gain 2 VP for each directly adjacent (not diagonal)
    Aquatic Habitat tile.' (A1-A2 above B2 and B3-B4 beside it count; C3-C4 is diagonal)"""
    s = modules(elites=True)
    large(s, 0, "aquatic_habitat", "A1", "A2")
    large(s, 0, "aquatic_habitat", "B3", "B4")
    large(s, 0, "aquatic_habitat", "C3", "C4")
    setr(s, 0, vp=0)
    rules.place_dinosaur(s, 0, sp("dimetrodon"), cell("B2"), 0, [])
    assert get(s, 0, "vp") == 4
    rules.place_dinosaur(s, 0, sp("dimetrodon"), cell("C1"), 0, [])
    assert get(s, 0, "vp") == 4


def test_dreadnoughtus_reputation_is_the_season_number():
    """Dreadnoughtus: 'Awe-Inspiring: Reputation is equal to the current Season number.'"""
    s = modules(elites=True)
    put(s, 0, "dreadnoughtus", "C4")
    for season in (1, 4, 7):
        s.season = season
        assert rules.reputation(s, 0) == season


def test_dreadnoughtus_can_never_be_penned():
    """Dreadnoughtus: '... can never be penned.'"""
    s = modules(elites=True)
    pen(s, 0, "A1", "A2", "B1", "B2")
    put(s, 0, "dreadnoughtus", "A1")
    assert rules.improper(s, 0) == [True]
    s.dinos[0] = ()
    put(s, 0, "dreadnoughtus", "C4")
    assert rules.improper(s, 0) == [False]


@pytest.mark.parametrize(("third", "valid"), [(True, False), (False, True)])
def test_dreadnoughtus_needs_two_adjacent_open_spaces(third, valid):
    """Dreadnoughtus: 'Requires at least two adjacent open spaces for a valid habitat'. Rows A and C penned, B1
    (and B3) built on, B4 penned: B2 alone is open space; without the facility on B3, B2-B3 are two."""
    s = modules(elites=True)
    pen(s, 0, "A1", "A2", "A3", "A4")
    pen(s, 0, "C1", "C2", "C3", "C4")
    pen(s, 0, "B4")
    build(s, 0, "goat_ranch", "B1")
    if third:
        build(s, 0, "petting_zoo", "B3")
    put(s, 0, "dreadnoughtus", "B2")
    assert rules.two_open_spaces(s, 0) is valid
    assert rules.improper(s, 0) == [not valid]


def test_brontosaurus_and_dreadnoughtus_rampage_together():
    """'Since Open Space is all connected, Brontosaurus and Dreadnoughtus will rampage if both are present on the
    same island!'"""
    s = modules(elites=True)
    put(s, 0, "brontosaurus", "A1")
    assert rules.improper(s, 0) == [False]
    put(s, 0, "dreadnoughtus", "C4")
    assert rules.improper(s, 0) == [True, True]


@pytest.mark.parametrize(
    ("neighbour", "penned", "borders"),
    [("triceratops", True, True), ("pachycephalosaurus", True, False), ("brontosaurus", False, False)],
)
def test_pachycephalosaurus_destructive_entertainment(neighbour, penned, borders):
    """Pachycephalosaurus: 'Destructive Entertainment: At start of Upkeep, if its habitat borders another species'
    habitat (except Open Space), resolve a rampage check and gain 3 VP.' (a Triceratops pen beside it does; a pen
    of its own species or a Brontosaurus in open space does not)"""
    s = modules(elites=True)
    pen(s, 0, "A1")
    pachy = put(s, 0, "pachycephalosaurus", "A1")
    if penned:
        pen(s, 0, "A2")
    put(s, 0, neighbour, "A2")
    setr(s, 0, vp=0)
    s.tasks.clear()
    testing.run_stage(s, "terror", [])
    assert get(s, 0, "vp") == (3 if borders else 0)
    assert s.tasks == ([("rampage", 0, pachy)] if borders else [])


@pytest.mark.parametrize(("neighbour", "facility"), [("pterodactyl", "biodome"), ("ichthyosaur", "aquatic_habitat")])
def test_pachycephalosaurus_borders_a_biodome_or_an_aquatic_habitat(neighbour, facility):
    """Pachycephalosaurus: 'if its habitat borders another species' habitat (except Open Space), resolve a
    rampage check and gain 3 VP.' A Biodome and an Aquatic Habitat are habitats too."""
    s = modules(elites=True)
    pen(s, 0, "A1")
    pachy = put(s, 0, "pachycephalosaurus", "A1")
    if facility == "biodome":
        build(s, 0, "biodome", "A2")
    else:
        large(s, 0, "aquatic_habitat", "A2", "A3")
    put(s, 0, neighbour, "A2")
    setr(s, 0, vp=0)
    s.tasks.clear()
    testing.run_stage(s, "terror", [])
    assert get(s, 0, "vp") == 3 and s.tasks == [("rampage", 0, pachy)]


# ------------------------------------------------------------------------------------------ invariants
@pytest.mark.parametrize("key", SCENARIOS)
def test_random_scenario_play_keeps_every_invariant(key):
    """Any legal play of a scenario runs from its first Season to Season 7 with cards, tiles, specialists and
    counters conserved, and ends with a graded result."""
    s = scen(key, seed=40 + SCENARIOS.index(key))
    rng = seed_state(200 + SCENARIOS.index(key))
    seasons = {s.season}
    while not s.over:
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
        seasons.add(s.season)
    assert seasons == set(range(s.scenario.season, 8))
    out = s.outcome()
    assert out["scenario"] == key and out["result"] in ("won", "lost")
    assert out["grade"] in [text for _, text, _ in s.scenario.grades] + [s.scenario.failure]


def test_random_play_with_both_modules_keeps_every_invariant():
    """Any legal play with Chaos Theory and Dinosaur Elites runs 7 Seasons with everything conserved."""
    s = GAME.new_game(3, 9, {"expansion": True, "elites": True, "chaos_theory": True})
    rng = seed_state(9)
    while not s.over:
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
        GAME.check_invariants(s)
    assert s.season == 7 and len(s.scores()) == 3


# ------------------------------------------------------------------------------------ review fixes
def test_cc7_a_destroyed_aquatic_dinosaur_makes_the_others_of_its_species_roll_the_upkeep_die():
    """CC7: 'any other dinosaurs of that species immediately resolve a rampage check'; 'When an aquatic
    dinosaur needs to resolve a rampage check, roll one Upkeep Die.'"""
    s = scen("CC7")
    large(s, 0, "aquatic_habitat", "C1", "C2")
    put(s, 0, "plesiosaurus", "C1")
    put(s, 0, "plesiosaurus", "C1")
    s.tasks.clear()
    rules.destroy(s, 0, len(s.dinos[0]) - 1, [])
    assert [task[0] for task in s.tasks] == ["aquatic"]


def test_chaos_theory_with_only_red_cards_left_the_upcoming_space_stays_empty():
    """'Two Chaos Theory cards can never trigger twice in a row ... shuffle it back into the deck and draw
    another event.' Designed: with no standard card left to draw, no card comes up."""
    s = modules(2, expansion=True, chaos_theory=True)
    red = [i for i, card in enumerate(GAME.content.news) if card.chaos]
    s.news_deck[:] = red[1:]
    s.upcoming = red[0]
    s.chaos_last = True
    rules.chaos_upcoming(s)
    assert s.upcoming == -1 and sorted(s.news_deck) == sorted(red)


def test_a_tour_guide_brings_its_visitor_in_a_scenario_too():
    """Designed (the Tour Guide): 'gain 1 visitor (room permitting) at the start of each Open Season', beside
    a scenario's own visitor rule."""
    s = scen("CC4")
    hire(s, 0, "tour_guide")
    setr(s, 0, visitors=0, scandals=5)  # reputation below 0: no visitors from the scenario's rule
    s.season = 2
    rules.scenario_visitors(s, [])
    assert get(s, 0, "visitors") == 1


def test_crash_tokens_close_a_worker_space_on_five_spaces_until_the_season_ends():
    """'5 Crash Tokens (used in Synth Co-op and Chaos Theory)' '... these are tied to a specific Breaking News
    card.' Designed: the Chaos Theory card Escaped Predators puts one on a free worker space of the City
    Center, Site A, Site B, the Farm and the Ferry; they go when the workers go home."""
    s = modules(2, expansion=True, chaos_theory=True)
    card = next(i for i, n in enumerate(GAME.content.news) if n.name == "Escaped Predators")
    crashed = GAME.content.news[card].crash
    assert len(crashed) == GAME.content.numbers["crash_tokens"] == 5
    free = [rules.free_slot(s, sp) for sp in crashed]
    events: list = []
    rules.resolve_news(s, card, events)
    assert [s.occ[slot] for slot in free] == [rules.CRASH] * 5
    assert sum(1 for e in events if e.kind == "crash") == 5
    testing.run_stage(s, "return", [])
    assert all(s.occ[slot] != rules.CRASH for slot in free)


def test_cc6_recession_warning_costs_the_solo_player_one_credit():
    """Designed Synth card 29, Recession Warning, in CC6's deck: 'West Branch: lose 1 credit' (the solo player
    resolves the West Branch step only, designed rule 'solo West Branch step'); a loss takes what there is."""
    s = scen("CC6")
    setr(s, 0, credits=5)
    rules.resolve_news(s, news(29), [])
    run(s)
    assert get(s, 0, "credits") == 4
    setr(s, 0, credits=0)
    rules.resolve_news(s, news(29), [])
    run(s)
    assert get(s, 0, "credits") == 0
