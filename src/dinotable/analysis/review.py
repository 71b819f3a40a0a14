"""An analysis told for people: each seat's summary, the turning points in words, the chart's series.

The terminal's `dinotable review` and the server's replay page both read `review(analysis)`, so a turning
point reads the same everywhere: "Season 4, Ana: Boneyard: take up to 3 DNA ... cost 18% - DinoGenics IOM:
create a dinosaur was better".
"""

from __future__ import annotations

from dinotable.analysis.engine import LABELS, Analysis, Decision

TURNING_POINTS = 5
LUCK = 0.05  # a chance that fell and moved the mover's chance by this much is a turning point too


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def summary(analysis: Analysis) -> list[dict]:
    """Per seat analysed: how many decisions of each label, the mean loss over its decisions that had a
    choice, its luck in all, and its result."""
    out = []
    for seat in analysis.seats:
        own = [d for d in analysis.decisions if d.seat == seat and d.chance is not None]
        counts = {"best": 0, **{name: 0 for name, _ in LABELS}}
        for d in own:
            counts[d.label] += 1
        out.append(
            {
                "seat": seat,
                "name": analysis.names[seat],
                "decisions": len(own),
                "labels": counts,
                "average_loss": round(sum(d.loss for d in own) / len(own), 4) if own else 0.0,
                "luck": round(sum(d.luck for d in own), 4),
                "won": _won(analysis, seat),
            }
        )
    return out


def _won(analysis: Analysis, seat: int) -> bool:
    if analysis.team:
        return analysis.final.get("result") == "won"
    return seat in analysis.final["winners"]


def where(analysis: Analysis, d: Decision) -> str:
    who = "the table" if analysis.team and analysis.num_players > 1 else analysis.names[d.seat]
    return f"{analysis.round_word} {d.round}, {who}"


def point_text(analysis: Analysis, d: Decision, kind: str) -> str:
    if kind == "luck":
        what = "good luck" if d.luck > 0 else "bad luck"
        sign = "+" if d.luck > 0 else "-"
        return f"{where(analysis, d)}: {what}: {d.taken_text} ({sign}{percent(abs(d.luck))})"
    return f"{where(analysis, d)}: {d.taken_text} cost {percent(d.loss)} - {d.preferred_text} was better"


def turning_points(analysis: Analysis, count: int = TURNING_POINTS) -> list[dict]:
    """The decisions that moved the game most, largest first: losses (a label worse than good) and chances
    that fell hard (luck of LUCK or more either way). Each: index, seat, kind (the label, or luck), the
    change in chance (negative: lost), and its text."""
    found = []
    for d in analysis.decisions:
        if d.label not in ("best", "good"):
            found.append((d.loss, d, d.label, -d.loss))
        if abs(d.luck) >= LUCK:
            found.append((abs(d.luck), d, "luck", d.luck))
    found.sort(key=lambda item: (-item[0], item[1].index))
    return [
        {
            "index": d.index,
            "seat": d.seat,
            "round": d.round,
            "kind": kind,
            "change": round(change, 4),
            "text": point_text(analysis, d, kind),
        }
        for _, d, kind, change in found[:count]
    ]


def chart(analysis: Analysis) -> dict:
    """The chart's series: for each seat analysed its chance before each of its decisions that had a
    choice ([decision, chance]), the result at the end; and where each Round or Season begins."""
    total = max((d.index for d in analysis.decisions), default=0) + 1
    rounds: list[list[int]] = []
    for d in analysis.decisions:
        if not rounds or rounds[-1][1] != d.round:
            rounds.append([d.index, d.round])
    seats = []
    for seat in analysis.seats:
        points = [[d.index, d.chance] for d in analysis.decisions if d.seat == seat and d.chance is not None]
        points.append([total, 1.0 if _won(analysis, seat) else 0.0])
        seats.append({"seat": seat, "name": analysis.names[seat], "points": points})
    return {"decisions": total, "round_word": analysis.round_word, "rounds": rounds, "seats": seats}


def review(analysis: Analysis) -> dict:
    """Everything a front end shows: the summary, the turning points, the chart and every decision."""
    return {
        "game": analysis.game,
        "team": analysis.team,
        "budget": analysis.budget,
        "summary": summary(analysis),
        "turning_points": turning_points(analysis),
        "chart": chart(analysis),
        "decisions": [
            {
                "index": d.index,
                "seat": d.seat,
                "round": d.round,
                "label": d.label,
                "chance": d.chance,
                "loss": d.loss,
                "luck": d.luck,
                "margin": d.margin,
                "taken": d.taken_text,
                "preferred": d.preferred_text,
                "top": [{"text": text, "chance": chance} for _, text, chance in d.top],
                "taken_info": d.taken_info,
                "preferred_info": d.preferred_info,
            }
            for d in analysis.decisions
        ],
    }
