"""End-game scoring (published): fulfilled Contracts, Research cards (some negative) and
each common dinosaur still on the Farm at its species value. Ties: the first in turn order from the
player holding the First Player Marker (rulebook)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.score import score_row
from dinotable.games.tiny_epic_dinosaurs.components import ability, is_common

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def breakdown(s: TinyEpicDinosaursState, seat: int) -> dict:
    c = s.c
    dinos = sum(c.species[code].value for code in s.farm_spaces(seat) if is_common(code))
    contracts = sum(c.contracts[k].vp for k in s.fulfilled[seat])
    bonus = ability(s, seat, "contract_bonus") * len(s.fulfilled[seat])
    research = sum(c.research[k].vp for k in s.owned[seat])
    return {
        "contracts": contracts + bonus,
        "research": research,
        "dinosaurs": dinos,
        "total": contracts + bonus + research + dinos,
    }


def rival_breakdown(s: TinyEpicDinosaursState) -> dict:
    c = s.c
    contracts = sum(c.contracts[k].vp for k in s.rival_contracts)
    research = sum(c.research[k].vp for k in s.rival_research)
    dinos = sum(c.species[k].value * s.rival_cols[k] for k in range(4))
    return {"contracts": contracts, "research": research, "dinosaurs": dinos, "total": contracts + research + dinos}


def scores(s: TinyEpicDinosaursState) -> list[int]:
    return [breakdown(s, seat)["total"] for seat in range(s.num_players)]


# The parts of the end-game scoring, in its order (published), as score_now names them.
PARTS = {"contracts": "Fulfilled Contracts", "research": "Research cards", "dinosaurs": "Dinosaurs on the Farm"}
RIVAL_PARTS = {**PARTS, "dinosaurs": "Dinosaurs in its columns"}


# The Private Contracts a seat still holds: they score nothing until fulfilled (one part for all of them, so
# that every seat's row has the same parts).
UNFULFILLED = "Private Contracts not fulfilled"


def score_now(s: TinyEpicDinosaursState, viewer: int | None) -> list[dict]:
    """Every seat's score if the game ended now: its fulfilled Contracts (a Research card's bonus per
    Contract included), its Research cards and the common dinosaurs on its Farm (`breakdown`); then, for a
    seat that still holds a Private Contract, the part "Private Contracts not fulfilled". Such a card scores
    only once fulfilled (and is then shown): for its owner the part counts 0; for anyone else it is face down,
    so the part has no points ("+ hidden"), since they cannot tell whether or what it will add. At the end
    every Private Contract is shown, and the part counts 0 for everyone. In the solo game the Rival's row
    follows (its Contracts are Public ones: nothing of it is hidden)."""
    rows = []
    for seat in range(s.num_players):
        b = breakdown(s, seat)
        parts: list[tuple[str, int | None]] = [(name, b[key]) for key, name in PARTS.items()]
        if s.private[seat]:
            parts.append((UNFULFILLED, 0 if seat == viewer or s.over else None))
        rows.append(score_row(parts, seat=seat, unit="VP"))
    if s.solo:
        b = rival_breakdown(s)
        rows.append(score_row([(name, b[key]) for key, name in RIVAL_PARTS.items()], automaton="Rival", unit="VP"))
    return rows


def _ranked(s: TinyEpicDinosaursState) -> list[tuple[int, int]]:
    """(score, holder) for every seat and the Rival, in turn order from the First Player Marker."""
    totals = scores(s)
    if s.solo:
        totals.append(rival_breakdown(s)["total"])
    holders = len(totals)
    return [(totals[(s.first + i) % holders], (s.first + i) % holders) for i in range(holders)]


def winners(s: TinyEpicDinosaursState) -> list[int]:
    """The highest score; among tied players, the first in turn order wins. In the solo game the player
    wins only by beating the Rival (the same tie-break)."""
    if not s.over:
        return []
    ranked = _ranked(s)
    best = max(score for score, _ in ranked)
    winner = next(h for score, h in ranked if score == best)
    return [winner] if winner < s.num_players else []


def outcome(s: TinyEpicDinosaursState) -> dict:
    out = {
        "scores": scores(s),
        "winners": winners(s),
        "rounds": s.round,
        "breakdown": [breakdown(s, seat) for seat in range(s.num_players)],
    }
    if s.solo:
        # Players the engine plays, scored like seats (a front end lists them with the seats).
        out["automata"] = {"Rival": rival_breakdown(s)}
        out["result"] = ("won" if out["winners"] else "lost") if s.over else "in progress"
    return out
