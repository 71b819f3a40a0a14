"""End Game Scoring (published, base game): VP on the track, each undamaged facility's end-game VP,
3 VP per species in a valid habitat, 1 VP per 3 credits, 1 VP per 2 DNA cards, -6 VP per Scandal; with
the expansion, the large facilities' and the specialists' End Game bonuses.
Ties: the highest reputation; players still tied share the victory (designed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.score import score_row
from dinotable.games.dinogenics.components import CREDITS, SCANDALS, VP
from dinotable.games.dinogenics.rules.codes import (
    COMMERCIAL,
    SPECIALISTS,
    SYNTH,
    facility_of,
    is_damaged,
    places,
    species_of,
)
from dinotable.games.dinogenics.rules.reading import (
    bordering_species,
    end_count,
    hand_size,
    improper,
    reputation,
    room,
    special,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def breakdown(s: DinoGenicsState, seat: int) -> dict:
    """The score as End Game Scoring would count it now (final once the game is over)."""
    if special(s, "credits_end"):
        return _credits_end(s, seat)
    n = s.c.numbers
    res = s.counters(seat)
    bad = improper(s, seat)
    species = {species_of(code) for code, wrong in zip(s.dinos[seat], bad, strict=True) if not wrong}
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
        "facilities": _facility_bonus(s, seat),
        "species": n["end_species_in_habitat"] * len(species),
        "credits": res[CREDITS] // n["end_credits_per_vp"],
        "dna": hand_size(s, seat) // n["end_dna_per_vp"],
        "scandals": n["end_vp_per_scandal"] * res[SCANDALS],
        "specialists": specialists,
        "traits": _pleasing_harmonics(s, seat),
    }
    parts["total"] = sum(parts.values())
    if special(s, "no_negative_vp"):
        parts["total"] = max(0, parts["total"])  # CC1: 'Your points cannot go below zero.'
    return parts


def _facility_bonus(s: DinoGenicsState, seat: int) -> int:
    """The End Game VP of the park's undamaged facilities."""
    total = 0
    for f in s.facs[seat]:
        if not is_damaged(f):
            fac = s.c.facilities[facility_of(f)]
            total += fac.end_vp
            if fac.end_per:
                total += fac.end_per[1] * end_count(s, seat, fac.end_per[0])
            if fac.adjacent_aquatic_vp:
                total += fac.adjacent_aquatic_vp * bordering_species(s, seat, f, True)
            if fac.adjacent_species_vp:
                total += fac.adjacent_species_vp * bordering_species(s, seat, f, False)
    return total


def _credits_end(s: DinoGenicsState, seat: int) -> dict:
    """CC3: 'instead receive Credits equal to your Reputation Track value and 1 Credit for each facility bonus
    victory point. Lastly, receive 3 Credits per unique species in your park.' The score is in credits."""
    parts = {
        "credits": s.get(seat, CREDITS),
        "reputation": max(0, reputation(s, seat)),
        "facilities": _facility_bonus(s, seat),
        "species": 3 * len({species_of(code) for code in s.dinos[seat]}),
    }
    parts["total"] = sum(parts.values())
    return parts


def paired_species(s: DinoGenicsState, seat: int) -> int:
    """Species with two or more meeples in the park (CC2)."""
    kinds = [species_of(code) for code in s.dinos[seat]]
    return sum(1 for k in set(kinds) if kinds.count(k) >= 2)


def _measures(s: DinoGenicsState, seat: int) -> list[tuple[str, str, int, int, str]]:
    """A scenario objective's conditions besides the score, each as (name, label in the rulebook's words,
    current, target, "at_least" or "at_most"): what the outcome judges and the view shows."""
    if s.scenario is None:
        raise ValueError("a scenario's measures: this game plays no solo scenario")
    goal = s.scenario.objective
    out = []
    if goal.get("positive_reputation"):
        out.append(("positive_reputation", "Reputation (positive)", reputation(s, seat), 1, "at_least"))
    if goal.get("no_scandals"):
        out.append(("no_scandals", "Scandals", s.get(seat, SCANDALS), 0, "at_most"))
    if "paired_species" in goal:
        label = "Species with two or more meeples"
        out.append(("paired_species", label, paired_species(s, seat), goal["paired_species"], "at_least"))
    if "rooms" in goal:
        out.append(("rooms", "Visitor capacity", room(s, seat), goal["rooms"], "at_least"))
    if goal.get("commercial_full"):
        used = {x for f in s.facs[seat] for x in places(f) if x >= COMMERCIAL}
        label = "Occupied commercial sector spaces"
        out.append(("commercial_full", label, len(used), s.c.numbers["commercial_spaces"], "at_least"))
    return out


def _met(current: int, target: int, compare: str) -> bool:
    return current >= target if compare == "at_least" else current <= target


def _conditions(s: DinoGenicsState, seat: int) -> dict:
    """A scenario objective's conditions besides the score: name -> met."""
    return {name: _met(current, target, compare) for name, _, current, target, compare in _measures(s, seat)}


def scenario_result(s: DinoGenicsState) -> dict:
    """Whether the scenario's objective is met, and the final-score grade text that applies."""
    sc = s.scenario
    if sc is None:
        raise ValueError("scenario_result: this game plays no solo scenario")
    total = breakdown(s, 0)["total"]
    conditions = _conditions(s, 0)
    target = sc.objective.get("vp", sc.objective.get("credits", 0))
    met = total >= target and all(conditions.values())
    # A grade needs its score (and, in CC2, its paired species) and the objective's other conditions.
    grade = sc.failure
    paired = paired_species(s, 0)
    others = all(met for name, met in conditions.items() if name != "paired_species")
    for at_least, text, pairs in sc.grades:
        if total >= at_least and paired >= pairs and others:
            grade = text
            break
    return {"scenario": sc.key, "objective_met": met, "conditions": conditions, "grade": grade}


def coop_result(s: DinoGenicsState) -> dict:
    """Synth Re-Activated: 'Final victory point scores for both human players will be averaged (... rounding up)
    and must be higher than Synth's victory point score'."""
    west, east = (breakdown(s, p)["total"] for p in (0, 1))
    synth = breakdown(s, SYNTH)["total"]
    average = -(-(west + east) // 2)
    return {"average": average, "synth": synth, "victory": average > synth}


_CONDITIONS = {
    "positive_reputation": "a positive reputation",
    "no_scandals": "no Scandals",
    "paired_species": "{n} species with two or more meeples",
    "rooms": "room for {n} visitors",
    "commercial_full": "a full commercial sector",
}


def objective(s: DinoGenicsState) -> dict | None:
    """What the table plays for and how far it is, for the view and the board: a solo scenario's objective
    (its printed text, the score against the target, each other condition met or not, each as current /
    target in `progress`, the grades), the solo target, or the co-op's averaged branches against Synth; None
    in a game between players. Presentation only: the outcome is scenario_result's and coop_result's."""
    seasons = s.c.numbers["seasons"]
    # The Seasons still to play after the one under way (none once the game is over).
    time = {"season": s.season, "seasons": seasons, "seasons_left": 0 if s.over else seasons - s.season}
    if s.scenario:
        sc = s.scenario
        goal = sc.objective
        unit = "credits" if "credits" in goal else "VP"
        score = breakdown(s, 0)["total"]
        target = goal.get("vp", goal.get("credits", 0))
        return {
            "scenario": sc.key,
            "name": sc.name,
            "difficulty": sc.difficulty,
            "story": sc.story,
            "goal": sc.goal,
            "rules": sc.text,
            "score": score,
            "target": target,
            "unit": unit,
            "conditions": [
                {"condition": _CONDITIONS[name].format(n=goal[name]), "met": met}
                for name, met in _conditions(s, 0).items()
            ],
            "progress": _progress(s, score, target, unit),
            "grades": [{"at_least": at, "paired_species": pairs, "text": text} for at, text, pairs in sc.grades],
            "failure": sc.failure,
            **time,
        }
    if s.coop:
        coop = s.c.coop
        out = {
            "synth_re_activated": coop_result(s),
            "branches": [breakdown(s, p)["total"] for p in (0, 1)],
            "goal": coop["goal"],
            **time,
        }
        if s.over:  # the module's ending, as the rulebook tells it
            out["ending"] = coop["victory"] if coop_result(s)["victory"] else coop["defeat"]
        return out
    if s.num_players == 1:
        return {"score": breakdown(s, 0)["total"], "target": s.c.numbers["solo_target"], "unit": "VP", **time}
    return None


def _progress(s: DinoGenicsState, score: int, target: int, unit: str) -> list[dict]:
    """Each part of a scenario's objective as current against target, in the rulebook's words; `at_most` for
    the Scandals, which must stay at 0."""
    score_label = "Credits (End Game Scoring)" if unit == "credits" else "Victory points (End Game Scoring)"
    parts = [(score_label, score, target, "at_least")] + [m[1:] for m in _measures(s, 0)]
    return [
        {"label": label, "current": current, "target": goal, "compare": compare, "met": _met(current, goal, compare)}
        for label, current, goal, compare in parts
    ]


def _pleasing_harmonics(s: DinoGenicsState, seat: int) -> int:
    """Each Parasaurolophus: 1 VP per species in the park, its own included."""
    kinds = [species_of(code) for code in s.dinos[seat]]
    return kinds.count(s.t.para) * len(set(kinds)) if s.t.para in kinds else 0


# The parts of End Game Scoring in the order breakdown counts them, named as the scoring rules name them.
_PARTS = ("track", "facilities", "species", "credits", "dna", "scandals", "specialists", "traits")
# CC3's Final Score in credits: 'Credits equal to your Reputation Track value and 1 Credit for each facility
# bonus victory point. Lastly, receive 3 Credits per unique species in your park.'
_CREDITS_PARTS = (
    ("credits", "Credits"),
    ("reputation", "Reputation Track"),
    ("facilities", "Facility bonus victory points"),
    ("species", "Unique species (3 credits each)"),
)


def _part_names(s: DinoGenicsState) -> dict[str, str]:
    n = s.c.numbers
    return {
        "track": "VP track",
        "facilities": "Facilities",
        "species": "Species in a valid habitat",
        "credits": f"Credits (1 VP per {n['end_credits_per_vp']})",
        "dna": f"DNA cards (1 VP per {n['end_dna_per_vp']})",
        "scandals": "Scandals",
        "specialists": "Specialists",
        "traits": "Traits",
    }


def _row(s: DinoGenicsState, park: int) -> list[tuple[str, int | None]]:
    """One park's End Game Scoring as (part, points), from `breakdown`: the base game's parts, the
    specialists with the expansion and the traits with Dinosaur Elites (the Parasaurolophus' Pleasing
    Harmonics); CC3 counts in credits; CC1's 'Your points cannot go below zero' is a part of its own, what
    it adds to a total below zero."""
    parts = breakdown(s, park)
    if special(s, "credits_end"):
        return [(name, parts[key]) for key, name in _CREDITS_PARTS]
    names = _part_names(s)
    shown = {"specialists": s.expansion, "traits": s.elites}  # a module's part, when it is played
    keys = [k for k in _PARTS if shown.get(k, True) or parts[k]]
    row: list[tuple[str, int | None]] = [(names[k], parts[k]) for k in keys]
    if special(s, "no_negative_vp"):
        row.append(("Points cannot go below zero", max(0, -sum(parts[k] for k in _PARTS))))
    return row


def score_now(s: DinoGenicsState, viewer: int | None) -> list[dict]:
    """Each park's End Game Scoring if the game ended now: a row per seat, then Synth's in the co-op (the
    outcome's automaton). Nothing that scores is hidden from any viewer: the parks, the counters, the
    specialists and the number of DNA cards in every hand are on the table (only which cards a hand holds
    is secret, and End Game Scoring counts cards, not kinds), so every viewer reads the same rows."""
    unit = "credits" if special(s, "credits_end") else "VP"
    rows = [score_row(_row(s, seat), seat=seat, unit=unit) for seat in range(s.num_players)]
    if s.coop:
        rows.append(score_row(_row(s, SYNTH), automaton="Synth", unit=unit))
    return rows


def scores(s: DinoGenicsState) -> list[int]:
    return [breakdown(s, seat)["total"] for seat in range(s.num_players)]


def winners(s: DinoGenicsState) -> list[int]:
    """The highest score; ties go to the highest reputation, and players still tied share the win. One
    player alone wins by reaching the solo target."""
    if not s.over:
        return []
    totals = scores(s)
    if s.coop:
        return [0, 1] if coop_result(s)["victory"] else []
    if s.scenario:
        return [0] if scenario_result(s)["objective_met"] else []
    if s.num_players == 1:
        return [0] if totals[0] >= s.c.numbers["solo_target"] else []
    best = max(totals)
    tied = [p for p in range(s.num_players) if totals[p] == best]
    top = max(reputation(s, p) for p in tied)
    return [p for p in tied if reputation(s, p) == top]


def outcome(s: DinoGenicsState) -> dict:
    out = {
        "scores": scores(s),
        "winners": winners(s),
        "rounds": s.season,  # a Season is the game's round
        "breakdown": [breakdown(s, seat) for seat in range(s.num_players)],
        "reputation": [reputation(s, seat) for seat in range(s.num_players)],
    }
    if s.coop:
        out.update(coop_result(s))
        out["automata"] = {"Synth": breakdown(s, SYNTH)}
        out["result"] = ("won" if out["winners"] else "lost") if s.over else "in progress"
    elif s.scenario:
        out.update(scenario_result(s))
        out["result"] = ("won" if out["winners"] else "lost") if s.over else "in progress"
    elif s.num_players == 1:
        out["target"] = s.c.numbers["solo_target"]
        out["result"] = ("won" if out["winners"] else "lost") if s.over else "in progress"
    return out
