"""Chances to win as the analysis and the hints tell them: the search agent valuing a rollout as the analysis
does (`Analyst`), a seat's result at the end, and the measured map from the search's raw value to a chance
(`calibration.toml`, written by the calibration)."""

from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path

from dinotable.agents.mcts import MCTSAgent

DATA = Path(__file__).with_name("calibration.toml")


class Analyst(MCTSAgent):
    """The search agent, valuing a finished rollout as the analysis does: at a solo or co-operative table
    every seat gets the table's result (1 won, 0 lost), and a cut-off one is valued for the table as a
    whole (its score against the Rival's or Synth's, else its seats' mean evaluation); elsewhere as the hard
    bot values it."""

    name = "analyst"

    def __init__(self, game, seed: int, team: bool, **params) -> None:
        super().__init__(game, seed, **params)
        self.team = team

    def _rewards(self, state) -> list[float]:
        if not self.team:
            return super()._rewards(state)
        n = state.num_players
        if state.is_over:
            return [1.0 if state.outcome().get("result") == "won" else 0.0] * n
        ahead = margin(state, 0)  # the table's score against the Rival's or Synth's, where one plays
        if ahead is None:  # a scenario's objective: the seats' own evaluation
            ahead = sum(self.heuristic.value(state, p) for p in range(n)) / n - self.game_target(state)
        return [1.0 / (1.0 + math.exp(-ahead / self.scale))] * n


def is_team(state) -> bool:
    """A solo or co-operative table (its outcome names the table's result against the game)."""
    return "result" in state.outcome()


def margin(state, seat: int) -> float | None:
    """Seat's score now less the best other's: another seat's, or an automaton's the rules play; at a
    co-operative table the seats' mean less the automaton's. None when nothing is scored against it."""
    rows = state.score_now(None)
    seats = {r["seat"]: r["total"] for r in rows if "seat" in r and r["total"] is not None}
    automata = [r["total"] for r in rows if "automaton" in r and r["total"] is not None]
    if seat not in seats:
        return None
    if is_team(state) and len(seats) > 1:
        own = sum(seats.values()) / len(seats)
        others = automata
    else:
        own = seats[seat]
        others = [t for s, t in seats.items() if s != seat] + automata
    return float(own - max(others)) if others else None


def result_for(state, seat: int, team: bool) -> float:
    """The seat's share of the win at the end (at a solo or co-operative table: 1 if the table won)."""
    if team:
        return 1.0 if state.outcome().get("result") == "won" else 0.0
    winners = state.winners()
    return 1.0 / len(winners) if seat in winners else 0.0


def calibrated(value: float | None, mapping: tuple[float, float]) -> float:
    """The search's value mapped to a chance: sigmoid(slope * logit(value) + shift), measured per game."""
    if value is None:
        return 0.0
    slope, shift = mapping
    z = min(max(slope * logit(value) + shift, -30.0), 30.0)
    return round(1.0 / (1.0 + math.exp(-z)), 4)


def logit(value: float) -> float:
    v = min(max(value, 1e-4), 1 - 1e-4)
    return math.log(v / (1 - v))


@cache
def stored_maps() -> dict:
    with DATA.open("rb") as f:
        return tomllib.load(f)


def mapping_for(game: str, team: bool, budget: int | None) -> tuple[tuple[float, float], int]:
    """The measured map for the game (its solo and co-operative tables apart) and the budget it was measured
    at; a budget given instead keeps the map (the docs tell how the error moves with the budget)."""
    entry = stored_maps().get(game, {}).get("team" if team else "competitive", {})
    return (float(entry.get("slope", 1.0)), float(entry.get("shift", 0.0))), int(budget or entry.get("budget", 200))
