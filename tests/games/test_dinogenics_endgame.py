"""DinoGenics, base game: each published fact about the base game the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content/rules.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.

This file: end of game, hidden information, content.
Shared helpers are in dinogenics_helpers.py.
"""

import pytest

from dinotable.core.errors import ContentError, IllegalAction
from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules
from dinotable.games.dinogenics.content import CONTENT_DIR, load_content

from .dinogenics_helpers import IDS, K, M, build, empty_hands, fresh, give, kinds, pen, place, put, quiet, run, setr


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
    """A folder holding a broken copy of one content file (the others are the game's own) is refused, the
    error naming that file and the entry."""
    (path,) = [p for p in CONTENT_DIR.glob("*.toml") if old in p.read_text()]
    text = path.read_text()
    assert text.count(old) == 1
    (tmp_path / path.name).write_text(text.replace(old, new))
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    assert str(err.value).startswith(f"{path.name}: ") and named in str(err.value)
