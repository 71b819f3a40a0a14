"""My Funny Dinos scoring (rulebook, V. Game End) and the two tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dinotable.core.score import score_row
from dinotable.games.my_funny_dinos.rules import NUM_TILES

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState


def breakdown(s: MyFunnyDinosState) -> list[dict]:
    """Per seat: each scoring category of the rulebook and the total. Final once the game is over;
    before that, what the seat would score if the game ended now."""
    c = s.c
    n = s.num_players
    rows: list[dict[str, Any]] = [
        {"dinosaurs": 0, "tiles": 0, "bones": s.bones[seat] // c.numbers["bones_per_point"], "missions": 0}
        for seat in range(n)
    ]
    for dino in s.dinos:
        rows[dino.seat]["dinosaurs"] += dino.value
    for p in range(NUM_TILES):
        seat = s.owner[p]
        if seat >= 0 and not s.restored[p]:
            rows[seat]["tiles"] += c.kind_points[s.kind[p]]
    mission_names: list[list[str]] = [[] for _ in range(n)]
    for slot, index in enumerate(s.missions):
        mission = c.missions[index]
        for seat in mission_owners(s, slot):
            rows[seat]["missions"] += mission.points
            mission_names[seat].append(mission.id)
    for seat, row in enumerate(rows):
        row["mission_tiles"] = mission_names[seat]
        row["total"] = row["dinosaurs"] + row["tiles"] + row["bones"] + row["missions"]
    return rows


def score_now(s: MyFunnyDinosState, viewer: int | None) -> list[dict]:
    """Each seat's score if the game ended now, by the rulebook's Scoring (V. Game End): restored dinosaurs,
    remaining dinosaur tiles, small bone tokens (1 point per 2), then each of the three mission tiles on the
    table, by its name, with its points for the seat that took it (red) or leads it now (black: every seat
    tied for the lead; the leader can change until the end, when "(led now)" leaves its name). The parts
    have the same names in every row, so that a table lines the seats up.

    Nothing that scores is hidden from any seat: the tiles in front of the players are face up, the bone
    tokens and the three missions are on the table, and a tile still in the pile scores for nobody. So every
    viewer, a spectator too, reads the same rows, and no part is ever None."""
    c = s.c
    missions = []
    for slot, index in enumerate(s.missions):
        mission = c.missions[index]
        led = mission.border == "black" and not s.over
        missions.append(
            (f"Mission tile: {mission.name}{' (led now)' if led else ''}", mission, mission_owners(s, slot))
        )
    rows = []
    for seat, row in enumerate(breakdown(s)):
        parts = [
            ("Restored dinosaurs", row["dinosaurs"]),
            ("Remaining dinosaur tiles", row["tiles"]),
            (f"Small bone tokens (1 point per {c.numbers['bones_per_point']})", row["bones"]),
        ]
        parts += [(name, mission.points if seat in owners else 0) for name, mission, owners in missions]
        rows.append(score_row(parts, seat=seat, unit="points"))
    return rows


def colour_counts(s: MyFunnyDinosState, colour: int) -> list[int]:
    """Tiles of a colour each seat owns, restored ones and event tiles included."""
    counts = [0] * s.num_players
    for p in range(NUM_TILES):
        if s.owner[p] >= 0 and s.c.kind_colour[s.kind[p]] == colour:
            counts[s.owner[p]] += 1
    return counts


def mission_owners(s: MyFunnyDinosState, slot: int) -> list[int]:
    """Who scores a revealed mission: a red one's taker; for a black one, whoever has most tiles of its
    colour (all of them if tied, nobody if no one has any) - final once the game is over."""
    mission = s.c.missions[s.missions[slot]]
    if mission.border == "red":
        return [s.mission_owner[slot]] if s.mission_owner[slot] >= 0 else []
    counts = colour_counts(s, mission.colour)
    best = max(counts)
    return [seat for seat, count in enumerate(counts) if count == best] if best > 0 else []


def scores(s: MyFunnyDinosState) -> list[int]:
    return [row["total"] for row in breakdown(s)]


def tiles_owned(s: MyFunnyDinosState) -> list[int]:
    counts = [0] * s.num_players
    for p in range(NUM_TILES):
        if s.owner[p] >= 0:
            counts[s.owner[p]] += 1
    return counts


def winners(s: MyFunnyDinosState) -> list[int]:
    """Most points; ties: most dinosaur tiles among the tied, then most bone tokens (rulebook)."""
    totals = scores(s)
    tiles = tiles_owned(s)
    ranking = [(totals[seat], tiles[seat], s.bones[seat]) for seat in range(s.num_players)]
    best = max(ranking)
    return [seat for seat in range(s.num_players) if ranking[seat] == best]


def outcome(s: MyFunnyDinosState) -> dict:
    return {
        "over": s.over,
        "scores": scores(s),
        "winners": winners(s),
        "breakdown": breakdown(s),
        "dinosaurs_restored": len(s.dinos),
        "rounds": s.round,
    }
