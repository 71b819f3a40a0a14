"""DinoGenics with Controlled Chaos: the Synth Re-Activated co-op (options coop = true), from the rulebook's sections
Two Player Co-Op Scenario Overview, Synth Re-Activated: Module (Hard Difficulty) and Synth Turn Chart, quoted in the
docstrings, and the designed rules of content.toml ("designed: ...").

Seats 0 and 1 are the West and East Branches, Synth's park is rules.SYNTH. As in dinogenics_helpers.py, a test starts
from a real new game and sets the flat state's fields directly, then runs one rule (testing.run_stage, run_task)
or lets settle() run on. Synth's dice are steered by choosing the generator state before its roll (`steer`); the
chart's icons are read as claws = Slash, dinosaur head = Fatality, smiley face = Naive Visitor (designed).

This file: Synth turn chart, Synth's dinosaurs, Synth Breaking News, victory, invariants, review fixes.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics import synth as synth_rules
from dinotable.games.dinogenics.components import FATALITY, NAIVE_VISITOR, SLASH, VISITORS, VP
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules import SYNTH, is_damaged, without_flag

from .dinogenics_helpers import (
    C,
    build,
    cell,
    city,
    coop,
    deck_top,
    fac,
    facility_keys,
    get,
    hurt,
    news,
    put,
    run,
    score,
    setr,
    slots,
    sp,
    space,
    steer,
    synth,
    synth_dinos,
    synth_facility,
    synth_hand,
    synth_put,
    synth_set,
    synth_turn,
    synth_workers,
)


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
        "visitors": lambda: s.get(SYNTH, VISITORS) == 2,
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
    assert not is_damaged(s.facs[SYNTH][synth_facility(s, "A1")])
    assert is_damaged(s.facs[SYNTH][hotel])  # only Biodomes are repaired
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
        s.dinos[SYNTH] = tuple(without_flag(d, rules.RAMPAGED) for d in s.dinos[SYNTH])
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
        s.put(p, VP, 50)
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
    s.put(0, rules.SPECIALISTS, s.get(0, rules.SPECIALISTS) | 1 << guide)
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
