"""End Game Scoring (GAPS.md 3.1, published): VP on the track, each undamaged facility's end-game VP,
3 VP per species in a valid habitat, 1 VP per 3 credits, 1 VP per 2 DNA cards, -6 VP per Scandal; with
the expansion, the large facilities' and the specialists' End Game bonuses.
Ties: the highest reputation; players still tied share the victory (designed)."""

from __future__ import annotations

from dinotable.games.dinogenics.content import CREDITS, SCANDALS, VP
from dinotable.games.dinogenics.rules import (
    DAMAGED,
    SPECIALISTS,
    SPECIES,
    WIDTH,
    bordering_species,
    end_count,
    hand_size,
    improper,
    reputation,
)


def breakdown(s, seat: int) -> dict:
    """The score as End Game Scoring would count it now (final once the game is over)."""
    n = s.c.numbers
    res = s.res[seat * WIDTH : seat * WIDTH + WIDTH]
    bad = improper(s, seat)
    species = {code & SPECIES for code, wrong in zip(s.dinos[seat], bad, strict=True) if not wrong}
    facilities = 0
    for f in s.facs[seat]:
        if not f & DAMAGED:
            fac = s.c.facilities[f & 63]
            facilities += fac.end_vp
            if fac.end_per:
                facilities += fac.end_per[1] * end_count(s, seat, fac.end_per[0])
            if fac.adjacent_aquatic_vp:
                facilities += fac.adjacent_aquatic_vp * bordering_species(s, seat, f, True)
            if fac.adjacent_species_vp:
                facilities += fac.adjacent_species_vp * bordering_species(s, seat, f, False)
    specialists = 0
    held = res[SPECIALISTS]
    for sp in s.c.specialists if held else ():
        if held >> sp.index & 1:
            specialists += sp.perks.end_vp
            if sp.perks.end_per:
                what, vp, top = sp.perks.end_per
                specialists += vp * min(top, end_count(s, seat, what))
    parts = {
        "track": res[VP],
        "facilities": facilities,
        "species": n["end_species_in_habitat"] * len(species),
        "credits": res[CREDITS] // n["end_credits_per_vp"],
        "dna": hand_size(s, seat) // n["end_dna_per_vp"],
        "scandals": n["end_vp_per_scandal"] * res[SCANDALS],
        "specialists": specialists,
        "traits": _pleasing_harmonics(s, seat),
    }
    parts["total"] = sum(parts.values())
    return parts


def _pleasing_harmonics(s, seat: int) -> int:
    """Each Parasaurolophus: 1 VP per species in the park, its own included."""
    kinds = [code & SPECIES for code in s.dinos[seat]]
    return kinds.count(s.t.para) * len(set(kinds)) if s.t.para in kinds else 0


def scores(s) -> list[int]:
    return [breakdown(s, seat)["total"] for seat in range(s.num_players)]


def winners(s) -> list[int]:
    """The highest score; ties go to the highest reputation, and players still tied share the win. One
    player alone wins by reaching the solo target."""
    if not s.over:
        return []
    totals = scores(s)
    if s.num_players == 1:
        return [0] if totals[0] >= s.c.numbers["solo_target"] else []
    best = max(totals)
    tied = [p for p in range(s.num_players) if totals[p] == best]
    top = max(reputation(s, p) for p in tied)
    return [p for p in tied if reputation(s, p) == top]


def outcome(s) -> dict:
    out = {
        "scores": scores(s),
        "winners": winners(s),
        "rounds": s.season,  # a Season is the game's round
        "breakdown": [breakdown(s, seat) for seat in range(s.num_players)],
        "reputation": [reputation(s, seat) for seat in range(s.num_players)],
    }
    if s.num_players == 1:
        out["target"] = s.c.numbers["solo_target"]
        out["result"] = ("won" if out["winners"] else "lost") if s.over else "in progress"
    return out
