"""Tiny Epic Dinosaurs' own evaluation, for the greedy agent and for search agents."""

from __future__ import annotations


class Heuristic:
    def value(self, s, seat: int) -> float:
        totals = s.scores()
        return totals[seat] - max((t for o, t in enumerate(totals) if o != seat), default=0)

    def action_scores(self, s, seat: int, actions: list[int]) -> list[float]:
        return [0.0 for _ in actions]


HEURISTIC = Heuristic()
