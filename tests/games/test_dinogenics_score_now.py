"""DinoGenics' score if the game ended now (`state.score_now(viewer)`): each park's End Game Scoring, part by
part, at positions built by hand and counted here by hand; the same for every viewer (nothing that scores is
hidden: the number of DNA cards in a hand is on the table); CC3 in credits, CC1's floor at zero, the co-op's
Synth as an automaton row; and at the end of played games, the final scores.

End Game Scoring (published, base game): 'VP on the track, plus end-game VP of each undamaged facility, +3 VP
per species in a valid habitat, +1 VP per 3 credits, +1 VP per 2 DNA cards, -6 VP per Scandal'.
"""

import pytest

from dinotable.core.conformance import random_game
from dinotable.games.dinogenics import GAME, scoring
from dinotable.games.dinogenics.rules import SYNTH

from .dinogenics_helpers import (
    build,
    cc_quiet,
    coop,
    give,
    give_kind,
    hire,
    modules,
    pen,
    put,
    quiet,
    scen,
    setr,
    sp,
    synth_set,
)

BASE_PARTS = [
    "VP track",
    "Facilities",
    "Species in a valid habitat",
    "Credits (1 VP per 3)",
    "DNA cards (1 VP per 2)",
    "Scandals",
]


def parts(row: dict) -> list[tuple[str, int | None]]:
    return [(part["name"], part["points"]) for part in row["parts"]]


def test_a_base_game_park_counted_by_hand():
    """12 VP on the track; an undamaged Biodome ('1 VP at the end'); a Triceratops in a pen of its size
    (3 VP, one species in a valid habitat) and a Stegosaurus in open space (improper: no points); 7 credits
    (2 VP); 5 DNA cards (2 VP); 1 Scandal (-6 VP): 14 VP, the same for every viewer."""
    s = quiet(2)
    seat = s.cur
    setr(s, seat, vp=12, credits=7, scandals=1)
    give(s, seat, "raptor", 3)
    give(s, seat, "t_rex", 2)
    build(s, seat, "biodome", "C4")
    pen(s, seat, "A1")
    put(s, seat, "triceratops", "A1")
    put(s, seat, "stegosaurus", "B2")
    s.relist()
    expected = list(zip(BASE_PARTS, [12, 1, 3, 2, 2, -6], strict=True))
    for viewer in (None, 0, 1):
        rows = s.score_now(viewer)
        assert [row["seat"] for row in rows] == [0, 1]
        assert parts(rows[seat]) == expected
        assert rows[seat]["total"] == 14 == scoring.breakdown(s, seat)["total"]
        assert rows[seat]["unit"] == "VP" and not rows[seat]["hidden"]


def test_the_expansion_adds_specialists_and_dinosaur_elites_the_traits():
    """Controlled Chaos: the specialists' End Game bonuses (the Curator: 'gain 1 VP per species in your park
    (at most 6)'); Dinosaur Elites: the Parasaurolophus' Pleasing Harmonics, 1 VP per species in the park,
    its own included."""
    s = cc_quiet(2)
    seat = s.cur
    hire(s, seat, "curator")
    pen(s, seat, "A1")
    put(s, seat, "triceratops", "A1")
    row = s.score_now(seat)[seat]
    assert [name for name, _ in parts(row)] == [*BASE_PARTS, "Specialists"]
    assert dict(parts(row))["Specialists"] == 1

    s = modules(2, elites=True)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    put(s, seat, "parasaurolophus", "A1")
    pen(s, seat, "C1")
    put(s, seat, "triceratops", "C1")
    row = s.score_now(None)[seat]
    assert [name for name, _ in parts(row)] == [*BASE_PARTS, "Specialists", "Traits"]
    assert dict(parts(row))["Traits"] == 2  # one Parasaurolophus, two species


def test_cc1_points_cannot_go_below_zero():
    """CC1: 'Your points cannot go below zero.' Its 3 starting Scandals (-18 VP) outweigh the rest: the part
    'Points cannot go below zero' adds back what takes the total below zero."""
    s = scen("CC1")
    row = s.score_now(0)[0]
    counted = sum(points for name, points in parts(row) if name != "Points cannot go below zero")
    assert counted < 0
    assert parts(row)[-1] == ("Points cannot go below zero", -counted)
    assert row["total"] == 0 == s.scores()[0]
    setr(s, 0, vp=40)  # above zero again: the part adds nothing
    row = s.score_now(0)[0]
    assert parts(row)[-1] == ("Points cannot go below zero", 0) and row["total"] == scoring.breakdown(s, 0)["total"]


def test_cc3_counts_in_credits():
    """CC3: 'receive Credits equal to your Reputation Track value and 1 Credit for each facility bonus victory
    point. Lastly, receive 3 Credits per unique species in your park.'"""
    s = scen("CC3")
    setr(s, 0, credits=11)
    pen(s, 0, "C4")
    put(s, 0, "triceratops", "C4")
    row = s.score_now(0)[0]
    assert row["unit"] == "credits"
    reputation = max(0, s.view(0)["players"][0]["reputation"])
    assert parts(row) == [
        ("Credits", 11),
        ("Reputation Track", reputation),
        ("Facility bonus victory points", 0),  # its Methane Reclamation is broken
        ("Unique species (3 credits each)", 3),
    ]
    assert row["total"] == 14 + reputation == scoring.breakdown(s, 0)["total"]


def test_the_coop_scores_synth_as_an_automaton_row():
    """Synth Re-Activated: the branches' rows, then Synth's (the outcome's automaton), counted as a park."""
    s = coop(hands=False)
    synth_set(s, vp=9, scandals=1)
    give_kind(s, 0, sp("raptor"), 2)
    rows = s.score_now(1)
    assert [row.get("seat", row.get("automaton")) for row in rows] == [0, 1, "Synth"]
    synth = rows[-1]
    assert dict(parts(synth))["VP track"] == 9 and dict(parts(synth))["Scandals"] == -6
    assert synth["total"] == scoring.breakdown(s, SYNTH)["total"]
    assert dict(parts(rows[0]))["DNA cards (1 VP per 2)"] == 1


@pytest.mark.parametrize(
    ("num_players", "options"),
    [(3, {}), (2, {"expansion": False}), (1, {"scenario": "CC1"}), (1, {"scenario": "CC3"}), (2, {"coop": True})],
)
def test_at_the_end_the_score_now_is_the_final_score(num_players, options):
    """At the end, every seat's total is its final score, for every viewer; the co-op's Synth row is Synth's."""
    s = random_game(GAME, num_players, options, 4)
    for viewer in (None, *range(num_players)):
        rows = s.score_now(viewer)
        assert [row["total"] for row in rows if "seat" in row] == s.scores()
        if options.get("coop"):
            assert rows[-1]["total"] == s.outcome()["synth"]
