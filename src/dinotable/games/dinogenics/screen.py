"""What the DinoGenics terminal shows in 80x24: the status line, the screen before a decision, one seat's
board, an action's typed name and short label, and a simulation count's label (render.py keeps the view,
the events and the whole board)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dinotable.core.words import counted
from dinotable.games.dinogenics import board, render, rules, scoring
from dinotable.games.dinogenics.components import CREDITS, FENCES, GOATS, REFINED, SCANDALS, VISITORS, VP
from dinotable.games.dinogenics.render import seat_title
from dinotable.games.dinogenics.rules.codes import facility_of, is_damaged, species_of
from dinotable.games.dinogenics.texts import BRANCHES, kind_name, place_name

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

WIDTH = 80
SCREEN_LINES = 14
# Printed names too long to type: the Mainland's two long space names, by their short form on the board.
_SHORT = {"dinogenics-iom": "iom", "intelligen-designs-hq": "hq"}


def _slug(name: str) -> str:
    """A printed name as a typed one: "Site A" -> "site-a", "T-Rex" -> "t-rex"."""
    slug = re.sub(r"[^a-z0-9#]+", "-", name.lower()).strip("-")
    return _SHORT.get(slug, slug)


def _fit(text: str, width: int = WIDTH) -> str:
    """One line cut at a word to `width` characters, with "..." where it was cut."""
    if len(text) <= width:
        return text
    cut = text[: width - 3]
    if " " in cut[width // 2 :]:
        cut = cut[: cut.rindex(" ")].rstrip(",;:")
    return cut + "..."


def _stage(s: DinoGenicsState) -> str:
    name = rules.STAGES[s.stage][0] if 0 <= s.stage < len(rules.STAGES) else ""
    return render.stage_label(s, name)


def status_line(s: DinoGenicsState, seat: int | None) -> str:
    """ "DinoGenics | Season 3 of 7, Worker Placement | player 2 to move | you: 12 VP, 5 credits, 3 workers"."""
    stage = "End Game Scoring" if s.over else _stage(s)
    seasons = s.c.numbers["seasons"]
    if s.over:
        turn = "game over"
    else:
        turn = "your turn" if s.cur == seat else f"{s.game.seat_name(s, s.cur)} to move"
    mine = []
    if seat is not None:
        mine = [
            "you: "
            + ", ".join(
                [
                    f"{s.get(seat, VP)} VP",
                    counted(s.get(seat, CREDITS), "credit"),
                    counted(s.get(seat, rules.WORKERS), "worker"),
                ]
            )
        ]
    # Shorter forms while the line is too long: the Season's step by its part of the Season alone last.
    forms = (
        [s.game.title, f"Season {s.season} of {seasons}, {stage}", turn, *mine],
        [f"Season {s.season}/{seasons} {stage}", turn, *mine],
        [f"Season {s.season}/{seasons} {stage.split(':')[0]}", turn, *mine],
    )
    for form in forms:
        line = " | ".join(form)
        if len(line) <= WIDTH:
            return line
    return _fit(line)


# A pick of DNA cards as its purpose names it (rules.PICK_PURPOSES), for the status of the page.
_PICKS = {
    "mutant": "choose the DNA cards of a Mutant",
    "keep": "choose the DNA cards to keep",
    "boneyard": "take DNA cards from the discard pile",
    "buy": "buy DNA cards at the DNA Market",
    "sell": "sell DNA cards at the DNA Market",
    "discard": "discard DNA cards down to the hand limit",
    "set": "choose the DNA cards of the set",
    "refine": "choose a DNA card to refine",
}


def status_text(s: DinoGenicsState, seat: int | None) -> str:
    """Where the game stands, in words, for a page: "Season 3 of 7 - Worker Placement: your turn to place a
    worker", "Season 1 of 7 - Open Season: bonus visitors: waiting for player 2 to take bonus visitors", and at
    the end who won."""
    seasons = s.c.numbers["seasons"]
    if s.over:
        return f"The game is over after Season {s.season} of {seasons}: {_result(s, seat)}."
    doing = s.decisions[s.phase].name
    if s.phase == rules.PICK:
        doing = _PICKS[rules.PICK_PURPOSES[s.ctx.purpose]]
    turn = f"your turn to {doing}" if s.cur == seat else f"waiting for {render.who_of(s, s.cur)} to {doing}"
    return f"{stage_text(s)}: {turn}"


def stage_text(s: DinoGenicsState) -> str:
    """The Season and its stage: "Season 3 of 7 - Worker Placement"."""
    return f"Season {s.season} of {s.c.numbers['seasons']} - {'End Game Scoring' if s.over else _stage(s)}"


def _result(s: DinoGenicsState, seat: int | None) -> str:
    """Who won, in a sentence: the co-op against Synth, a scenario's objective, the solo target, the winners."""
    if s.coop:
        r = scoring.coop_result(s)
        if r["victory"]:
            return f"the branches beat Synth, {r['average']} VP on average against {r['synth']}"
        return f"Synth wins with {r['synth']} VP against the branches' average of {r['average']}"
    totals = s.scores()
    if s.scenario:
        goal = scoring.objective(s) or {}
        met = "met" if scoring.scenario_result(s)["objective_met"] else "not met"
        return f"{totals[0]} {goal.get('unit', 'VP')}: the objective of {s.scenario.key} {s.scenario.name} is {met}"
    if s.num_players == 1:
        target = s.c.numbers["solo_target"]
        return f"{totals[0]} VP: the solo target of {target} VP is {'reached' if s.winners() else 'missed'}"
    winners = s.winners()
    names = ["you" if p == seat else render.who_of(s, p) for p in winners]
    best = totals[winners[0]]
    if len(names) == 1:
        return f"{names[0]} {'win' if winners[0] == seat else 'wins'} with {best} VP"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win with {best} VP"


def _objective(s: DinoGenicsState) -> list[str]:
    goal = scoring.objective(s)
    if not goal:
        return []
    if "synth_re_activated" in goal:
        r = goal["synth_re_activated"]
        average, synth = r["average"], r["synth"]
        return [f"Co-op, scored now: the branches' average {average} VP against Synth's {synth} (must be more)"]
    line = f"Objective: {goal['score']} of {goal['target']} {goal['unit']}"
    if "scenario" in goal:
        line = f"{goal['scenario']} {goal['name']}: {goal['score']} of {goal['target']} {goal['unit']}"
    line += " scored now"  # the score as End Game Scoring would count it, not the VP track
    conditions = [f"{c['condition']} {'(yes)' if c['met'] else '(not yet)'}" for c in goal.get("conditions", ())]
    out = [_fit("; ".join([line, *conditions]))]
    if s.scenario:
        out += board.wrap("Rules: " + board.special_rules(s.scenario.text))[:2]
        out[-1] = _fit(out[-1] + (" ..." if len(out) == 3 else ""))
    return out


def _final(s: DinoGenicsState) -> list[str]:
    """At the end: the final scores (End Game Scoring included) and who won."""
    if not s.over:
        return []
    scores = s.scores()
    won = ", ".join(s.game.seat_name(s, p) for p in s.winners()) or "nobody at the table"
    line = "Final scores: " + ", ".join(f"{s.game.seat_name(s, p)} {x}" for p, x in enumerate(scores))
    if len(line) + len(won) + 7 > WIDTH and not s.coop:
        line = f"Final scores of players 1-{len(scores)}: " + ", ".join(map(str, scores))
    return [_fit(f"{line}; won: {won}")]


def _news(s: DinoGenicsState) -> str:
    c = s.c
    now = f"News: {c.news[s.active].name}" if s.active >= 0 else "News: none in effect"
    if s.active >= 0 and c.news[s.active].number:
        now = f"News {c.news[s.active].number} {c.news[s.active].name}: {c.news[s.active].text}"
    nxt = f" | next: {c.news[s.upcoming].name}" if s.upcoming >= 0 else ""
    return _fit(now, WIDTH - len(nxt)) + nxt


def _mainland(s: DinoGenicsState) -> list[str]:
    """The open spaces with their workers: "Site A 1_" (a seat's number, _ free, # blocked, S Synth)."""
    items = []
    for sp in s.c.spaces:
        if sp.news and not rules.space_open(s, sp.index) or sp.expansion and not s.expansion:
            continue  # a Breaking News card's space while it is in effect; IntelliGen Designs' with the expansion
        slots = s.occ[s.slot0[sp.index] : s.slot0[sp.index] + sp.slots]
        name = {"iom": "IOM", "hq": "HQ"}.get(sp.key, sp.name)
        items.append(f"{name} {''.join(board.slot_mark(s, o) for o in slots)}")
    head = "Mainland (_ free, # blocked, X crashed, 1-4 whose worker" + (", S Synth" if s.coop else "") + "):"
    lines, line = [], head
    for item in items:
        if len(line) + 3 + len(item) > WIDTH:
            lines.append(line)
            line = " "
        line += ("  " if line != head else " ") + item
    lines.append(line)
    return lines


def _market(s: DinoGenicsState) -> str:
    order = ">".join(str(p + 1) if not s.coop else "S" if p == rules.SYNTH else BRANCHES[p][0] for p in s.order)
    market = ", ".join(kind_name(s.c, k) for k in s.market) or "empty"
    return _fit(f"Order {order} | DNA Market: {market}")


def _seat_summary(s: DinoGenicsState, p: int, own: bool) -> str:
    """One other seat in a line: what the table sees of it (shorter forms when the long ones overflow)."""
    k, m = s.c.kinds, len(s.c.manipulation)
    cards = p < s.num_players
    dna = sum(s.dna[p * k : p * k + k]) if cards else 0
    manip = sum(s.manip[p * m : p * m + m]) if cards else 0
    name = f"{seat_title(s, p)}: {s.get(p, VP)} VP"
    rep = rules.reputation(s, p)
    credits = counted(s.get(p, CREDITS), "credit") if cards else f"{counted(s.get(p, GOATS), 'goat')}"  # Synth
    visitors, room = s.get(p, VISITORS), rules.room(s, p)
    dinos, workers = counted(len(s.dinos[p]), "dinosaur"), counted(s.get(p, rules.WORKERS), "worker")
    hand = [f"{dna} DNA", f"{manip} Manipulation"] if cards else []
    short = [f"{dna} DNA", f"{manip} Manip."] if cards else []
    forms = (
        [name, f"reputation {rep}", credits, f"{visitors}/{room} visitors", dinos, workers, *hand],
        [name, f"rep {rep}", credits, f"{visitors}/{room} visitors", dinos, workers, *short],
        [name, f"rep {rep}", credits, counted(visitors, "visitor"), dinos, workers, *short],
        [name, f"rep {rep}", credits, counted(visitors, "visitor"), dinos, *short],
    )
    for form in forms:
        line = ", ".join(form)
        if len(line) <= WIDTH:
            return line
    return _fit(line)


def _own_lines(s: DinoGenicsState, seat: int) -> list[str]:
    """The seat's own board: counters, park, hands; each in a line (the whole park is `board`)."""
    c = s.c
    res = [
        f"{s.get(seat, VP)} VP",
        f"reputation {rules.reputation(s, seat)}",
        f"Dinosaur Value {rules.dinosaur_value(s, seat)}",
        counted(s.get(seat, CREDITS), "credit"),
        counted(s.get(seat, GOATS), "goat"),
        counted(s.get(seat, FENCES), "fence"),
        counted(s.get(seat, SCANDALS), "Scandal"),
        f"{s.get(seat, VISITORS)}/{rules.room(s, seat)} visitors",
    ]
    if s.expansion and s.get(seat, REFINED):
        res.append(f"{s.get(seat, REFINED)} Refined DNA")
    line = "You: " + ", ".join(res)
    if len(line) > WIDTH:
        line = line.replace("reputation", "rep").replace("Dinosaur Value", "DV")
    if len(line) > WIDTH:  # the status line above tells the VP and credits
        line = "You: " + ", ".join(res[1:3] + res[4:]).replace("reputation", "rep").replace("Dinosaur Value", "DV")
    lines = [_fit(line)]
    bad = rules.improper(s, seat)
    alike: dict[str, int] = {}  # dinosaurs of one species on one space: "Mutant A1! x2"
    for code, wrong in zip(s.dinos[seat], bad, strict=True):
        name = c.species[species_of(code)].name + f" {s.geo.cell_names[rules.cell_of(code)]}" + ("!" if wrong else "")
        alike[name] = alike.get(name, 0) + 1
    dinos = [name + (f" x{n}" if n > 1 else "") for name, n in alike.items()]
    facs = [c.facilities[facility_of(f)].name + (" (damaged)" if is_damaged(f) else "") for f in s.facs[seat]]
    lines.append(_fit("Dinosaurs (! improper): " + ", ".join(dinos) if dinos else "Dinosaurs: none"))
    lines.append(_fit("Facilities: " + (", ".join(facs) or "none")))
    k, m = c.kinds, len(c.manipulation)
    dna = [f"{n} {kind_name(c, i)}" for i, n in enumerate(s.dna[seat * k : seat * k + k]) if n]
    cards = [
        f"{n} {c.manipulation[i].name}" if n > 1 else c.manipulation[i].name
        for i, n in enumerate(s.manip[seat * m : seat * m + m])
        if n
    ]
    held = rules.hand_size(s, seat)
    lines.append(_fit(f"DNA ({held} of {rules.hand_limit(s, seat)}): " + (", ".join(dna) or "none")))
    lines.append(_fit("Manipulation: " + (", ".join(cards) or "none")))
    return lines


def screen_text(s: DinoGenicsState, seat: int | None) -> str:
    """The status line, the shared table in brief (objective, news, Mainland, order and DNA Market), each
    other seat in a line, and the seat's own board and hands last."""
    top = [status_line(s, seat), *_final(s), *_objective(s), _news(s), *_mainland(s), _market(s)]
    parks = [*range(s.num_players), *([rules.SYNTH] if s.coop else [])]
    others = [_seat_summary(s, p, False) for p in parks if p != seat]
    own = _own_lines(s, seat) if seat is not None else []
    room = SCREEN_LINES - len(own) - len(others)
    if len(top) > room:  # keep the status line; drop the Mainland's last lines first
        top = top[: max(1, room - 1)] + [top[-1]]
    lines = [*top, *others, *own][:SCREEN_LINES]
    return "\n".join(_fit(line) for line in lines)


def seat_board_text(s: DinoGenicsState, viewer: int | None, seat: int) -> str:
    """One park in full as `viewer` sees it: its counters, specialists, grid, facilities and, for its own
    seat, the hands."""
    return "\n".join(board.seat_lines(s, render.view(s, viewer), seat, viewer))


# ---------------------------------------------------------------------------- names and labels of actions
def _name(s: DinoGenicsState, action: int) -> str:
    c, ctx = s.c, s.ctx
    kind, index = s.layout.kind(action)
    if kind == "done":
        return "done"
    if kind == "space":
        return _slug(c.spaces[index].name)
    if kind == "species":
        return _slug(c.species[index].name)
    if kind == "dna":
        verb = _PICK_VERBS.get(ctx.purpose, "use") if s.phase == rules.PICK else "gift"
        return f"{verb}-{_slug(kind_name(c, index))}"
    if kind == "cell":
        return s.geo.cell_names[index].lower()
    if kind == "pen":
        cells, _, _ = s.geo.rectangles[index]
        return "pen-" + "-".join(s.geo.cell_names[x].lower() for x in range(s.geo.num_cells) if cells >> x & 1)
    if kind == "stack":
        f = rules.stack_tile(s, index)
        return _slug(c.facilities[f].name) if f >= 0 else f"stack-{index}"
    if kind == "structure":
        top = s.t.max_facilities
        if index >= top:
            return "fence-" + _slug(s.geo.edge_names[index - top])
        code = s.facs[s.cur][index]
        return _slug(f"{c.facilities[facility_of(code)].name} {place_name(s, code)}")
    if kind == "manipulation":
        return _slug(c.manipulation[index].name)
    if kind == "seat":
        if s.coop:
            return "synth" if index == rules.SYNTH else _slug(BRANCHES[index])
        return f"player-{index + 1}"
    if kind == "city_center":
        return _slug(rules.CITY_NAMES[index]).replace("-a-", "-")
    if kind == "option":
        return _option_name(s, action, index)
    if kind == "refined":
        return "refined-dna"
    if kind == "large":
        f = s.t.habitat_tile if index == 0 else s.large_offer[index - 1]
        return _slug(c.facilities[f].name)
    if kind == "spot":
        cell, down = divmod(index, 2)
        other = rules.spot_second(s.geo, cell, down)
        return f"{s.geo.cell_names[cell].lower()}-{s.geo.cell_names[other].lower()}"
    if kind == "specialist":
        return _slug(c.specialists[index].name)
    if kind == "victim":
        species, cell = divmod(index, s.geo.num_cells)
        return _slug(f"{c.species[species].name} {s.geo.cell_names[cell]}")
    return _slug(kind.replace("_", " "))  # airport, docks


_PICK_VERBS = {
    rules.KEEP: "keep",
    rules.BONEYARD: "take",
    rules.BUY: "buy",
    rules.SELL: "sell",
    rules.DISCARD: "discard",
    rules.REFINE: "refine",
}
_OPTION_NAMES = {rules.BONUS: "take", rules.MUTANT: "feed", rules.OCEAN: "pay"}


def _option_name(s: DinoGenicsState, action: int, index: int) -> str:
    if s.phase in _OPTION_NAMES:
        return _OPTION_NAMES[s.phase]
    if s.phase == rules.GRAFT:
        return f"graft-{index + 1}"
    words = _slug(s.action_text(action)).split("-")
    return "-".join(w for w in words[:4] if w not in ("a", "an", "the"))


def action_names(s: DinoGenicsState) -> dict[int, str]:
    """Every legal action's typed name; a name two options share gets its place among them ("-2")."""
    out, seen = {}, {}
    for action in s.legal_actions():
        name = _name(s, action)
        seen[name] = seen.get(name, 0) + 1
        out[action] = name if seen[name] == 1 else f"{name}-{seen[name]}"
    return out


def action_name(s: DinoGenicsState, action: int) -> str:
    return action_names(s).get(action, "")


# What the decision's heading already says, taken off the front of a label ("Buy", "Repair the"...), and the
# long forms shortened ("- improper there: 2 rampage checks at once" -> "(2 rampage checks)").
_LABEL_CUTS = (
    (re.compile(r"^(Put the .+? in |Build the .+? on |The rampage damages the |Repair the |Claim the )"), ""),
    (re.compile(r"^Create an? "), ""),
    (re.compile(r"^(Keep|Take|Buy|Sell|Use|Gift|Discard|Play|Outsource to) (an? )?"), ""),
    (re.compile(r" DNA card\b(?!s)"), ""),
    (re.compile(r" - improper there: (\d+ rampage checks?) at once"), r" (\1)"),
    (re.compile(r" \((park|commercial)[^)]*\)"), ""),
    (re.compile(r"; (your|the) hand goes over its limit.*"), " (over limit)"),
    (re.compile(r" loses its room and dies"), " dies"),
    (re.compile(r" lose their room and die"), " die"),
)


def action_label(s: DinoGenicsState, action: int) -> str:
    """The action in 30 characters under its decision's heading: the text without the words the heading
    says, or its part before a colon, or cut at a word."""
    text = s.action_text(action)
    if len(text) <= 30:
        return text
    short = text
    for pattern, repl in _LABEL_CUTS:
        short = pattern.sub(repl, short)
    short = short[:1].upper() + short[1:]
    if len(short) <= 30:
        return short
    # "Site A: take up to 2 DNA..." beside the name site-a: the label is what the space does.
    head, colon, rest = short.partition(": ")
    if colon and set(re.findall(r"[a-z0-9]+", head.lower())) <= set(action_name(s, action).split("-")):
        return _fit(rest[:1].upper() + rest[1:], 30)
    for mark in (":", ";", " - ", " ("):
        head = short.split(mark)[0]
        if len(head) <= 30:
            return head
    return _fit(short, 30)


# ---------------------------------------------------------------------------- simulation counts
_COUNTS = {
    "placed:private_airport": "workers on the Private Airport",
    "bred": "mutants bred",
    "born": "archived pairs born",
    "rampages": "rampage checks",
    "scandals": "Scandals gained",
    "dinosaurs": "dinosaurs in the park at the end",
    "facilities": "facilities in the park at the end",
}


def count_label(c, name: str) -> str:
    """A count's name as a report prints it: "placed:site_a" -> "workers on Site A", "placed:news_15" ->
    "workers on Celebrity Visit (Breaking News 15)", "created:t_rex" -> "T-Rex created"."""
    if name in _COUNTS:
        return _COUNTS[name]
    kind, _, key = name.partition(":")
    if kind == "placed":
        sp = next((sp for sp in c.spaces if sp.key == key), None)
        if sp is not None:
            return f"workers on {sp.name}" + (f" (Breaking News {sp.news})" if sp.news else "")
    if kind == "created":
        sp = next((sp for sp in c.species if sp.key == key), None)
        if sp is not None:
            return f"{sp.name} created"
    return name.replace("_", " ").replace(":", " ")
