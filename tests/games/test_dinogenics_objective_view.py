"""DinoGenics: the view's `objective` (scoring.objective), which the browser's modes panel draws: each part of
a solo scenario's objective as current / target, the Seasons left, the grades, and the co-op's branches
against Synth with its ending. It must agree with the outcome (scenario_result, coop_result) it only presents.

The lobby's per-choice texts (OptionSpec.choice_labels / choice_help / players) are checked here too."""

import random

import pytest

import dinotable
from dinotable.core.options import OptionSpec

from .dinogenics_helpers import _end, build, empty_hands, put, scen, setr

GAME = dinotable.get_game("dinogenics")
SCENARIOS = [sc.key for sc in GAME.content.scenarios]


def play_out(num_players: int, seed: int, options: dict):
    """A whole game of random decisions, with the view's objective of every Season seen on the way."""
    state = GAME.new_game(num_players, seed, options)
    rng = random.Random(seed)
    seen = {}
    while not state.is_over:
        goal = state.view(0)["objective"]
        seen[goal["season"]] = goal["seasons_left"]
        state.apply(rng.choice(state.legal_actions()))
    return state, seen


def agrees_with_outcome(goal: dict, out: dict) -> None:
    """The panel's rows say what the outcome says: the score, each condition met or not, the objective met."""
    rows = goal["progress"]
    assert rows[0]["current"] == out["scores"][0] == goal["score"]
    assert rows[0]["target"] == goal["target"]
    assert [row["met"] for row in rows[1:]] == list(out["conditions"].values())
    assert all(row["met"] for row in rows) is out["objective_met"]
    assert out["grade"] in [g["text"] for g in goal["grades"]] + [goal["failure"]]


@pytest.mark.parametrize("key", SCENARIOS)
def test_a_scenario_played_to_the_end_shows_what_its_outcome_says(key):
    state, seen = play_out(1, 3, {"scenario": key})
    goal = state.view(0)["objective"]
    agrees_with_outcome(goal, state.outcome())
    sc = next(sc for sc in GAME.content.scenarios if sc.key == key)
    assert goal["goal"] == sc.goal and goal["goal"].startswith("By the end of Season 7")
    assert goal["story"] == sc.story and goal["name"] == sc.name
    # Seasons left: the Seasons after the one under way, counting down from the scenario's first; none at the end.
    assert seen[sc.season] == 7 - sc.season
    assert all(left == 7 - season for season, left in seen.items())
    assert goal["seasons_left"] == 0 and goal["season"] == 7


@pytest.mark.parametrize(
    ("total", "scandals", "met"),
    [(130, 0, True), (100, 0, True), (99, 0, False), (130, 3, False)],
)
def test_cc1_rows_agree_with_its_objective_when_met_and_not(total, scandals, met):
    """CC1: 'your park must have a positive reputation and at least 100 VP': the reputation row reads the
    Reputation Track's value against 1 (positive)."""
    s = scen("CC1")
    empty_hands(s, 0)
    s.dinos[0] = ()
    setr(s, 0, credits=0, scandals=scandals)
    build(s, 0, "park_mascots")
    out = _end(s, total)
    goal = s.view(0)["objective"]
    agrees_with_outcome(goal, out)
    assert out["objective_met"] is met
    reputation = goal["progress"][1]
    assert reputation["label"].startswith("Reputation") and reputation["current"] == out["reputation"][0]


@pytest.mark.parametrize("pairs", [2, 3, 4])
def test_cc2_paired_species_row(pairs):
    s = scen("CC2")
    empty_hands(s, 0)
    setr(s, 0, credits=0)
    for key in ("triceratops", "raptor", "stegosaurus", "ankylosaurus")[:pairs]:
        put(s, 0, key, "C4")
        put(s, 0, key, "C4")
    out = _end(s, 120)
    goal = s.view(0)["objective"]
    agrees_with_outcome(goal, out)
    assert goal["progress"][1] == {
        "label": "Species with two or more meeples",
        "current": pairs,
        "target": 3,
        "compare": "at_least",
        "met": pairs >= 3,
    }


def test_cc3_counts_credits_and_scandals_at_most_zero():
    s = scen("CC3")
    setr(s, 0, credits=60, scandals=1)
    s.over = True
    out = s.outcome()
    goal = s.view(0)["objective"]
    agrees_with_outcome(goal, out)
    assert goal["unit"] == "credits" and goal["progress"][0]["label"].startswith("Credits")
    assert goal["progress"][1] == {"label": "Scandals", "current": 1, "target": 0, "compare": "at_most", "met": False}


def test_the_coop_objective_shows_both_branches_and_the_ending_that_came():
    state, seen = play_out(2, 5, {"coop": True})
    out = state.outcome()
    goal = state.view(1)["objective"]
    assert goal["branches"] == out["scores"]
    assert goal["synth_re_activated"] == {"average": out["average"], "synth": out["synth"], "victory": out["victory"]}
    coop = GAME.content.coop
    assert goal["ending"] == (coop["victory"] if out["victory"] else coop["defeat"])
    assert goal["ending"].startswith("Synth has effectively")
    assert seen[1] == 6 and goal["seasons_left"] == 0
    # No ending is told before the end.
    assert "ending" not in GAME.new_game(2, 5, {"coop": True}).view(0)["objective"]


def test_the_lobby_texts_of_the_scenario_and_coop_options():
    specs = {spec.name: spec for spec in GAME.option_specs}
    scenario = specs["scenario"]
    assert scenario.players == 1 and specs["coop"].players == 2
    for key, label, help_text in zip(
        scenario.choices[1:], scenario.choice_labels[1:], scenario.choice_help[1:], strict=True
    ):
        sc = next(sc for sc in GAME.content.scenarios if sc.key == key)
        assert label == f"{key}: {sc.name} ({sc.difficulty.capitalize()} Difficulty)"
        assert help_text.startswith(sc.story) and help_text.endswith("Objective: " + sc.goal)
    assert "Synth Turn Chart" in specs["coop"].help and GAME.content.coop["goal"] in specs["coop"].help


def test_choice_texts_need_one_per_choice():
    with pytest.raises(ValueError, match="option 'x': choice_help needs one entry per choice"):
        OptionSpec("x", "choice", "a", "help", choices=("a", "b"), choice_help=("only one",))
