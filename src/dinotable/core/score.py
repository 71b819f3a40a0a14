"""The score if the game ended now (State.score_now): one row per seat and per automaton, in plain data.

A row is {"seat": 2} or {"automaton": "Rival"}, the "unit" it counts in ("VP"), its "parts" in the order of
the game's end-game scoring, each {"name": "Fulfilled Contracts", "points": 7}, and its "total". A part the
viewer cannot see (another seat's hidden Private Contract) has "points": None, counts in no total, and marks
the row "hidden", so a front end can say "+ hidden" without a value.
"""

from __future__ import annotations

from collections.abc import Iterable


def score_row(
    parts: Iterable[tuple[str, int | None]], seat: int | None = None, automaton: str = "", unit: str = "points"
) -> dict:
    """A row of score_now for a seat or (with `automaton`) for a player the rules play; `unit` is what the
    score counts in the game's words ("VP"; a scenario scored in credits: "credits")."""
    listed = [{"name": name, "points": points} for name, points in parts]
    row: dict = {"automaton": automaton} if automaton else {"seat": seat}
    row["unit"] = unit
    row["parts"] = listed
    row["total"] = sum(part["points"] for part in listed if part["points"] is not None)
    row["hidden"] = any(part["points"] is None for part in listed)
    return row
