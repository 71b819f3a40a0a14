"""The DinoGenics board as the terminal prints it, at most 80 columns wide: the whole table (`board_text`),
one park (`seat_lines`: its counters, grid, facilities and, for its own seat, the hands), the Mainland's
worker marks and a scenario's special rules (render.py keeps the view and the event texts)."""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from dinotable.core.words import counted
from dinotable.games.dinogenics import rules
from dinotable.games.dinogenics.render import seat_title, stage_label, view, who_of
from dinotable.games.dinogenics.rules import COMMERCIAL
from dinotable.games.dinogenics.rules.codes import cell_of, facility_of, is_damaged, species_of
from dinotable.games.dinogenics.texts import (
    facility_text,
    kind_key,
    kind_name,
    place_name,
    specialist_text,
    steps_text,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

LEGEND = (
    "Park: two letters a dinosaur (! improper habitat, +n more), [Bio] a facility (xBiox damaged), "
    ". an empty space; fences - | (x broken), blank no fence"
)


def meeples_line(s: DinoGenicsState) -> str:
    """The species in play with no meeple left in the supply (they cannot be created), or ""."""
    gone = [
        sp.name
        for sp in s.c.species
        if (s.expansion or not sp.expansion)
        and (s.elites or not sp.elites)
        and not sp.scenario
        and rules.meeples_left(s, sp.index) <= 0
    ]
    return f"No meeple left (cannot be created): {', '.join(gone)}" if gone else ""


def park_lines(s: DinoGenicsState, seat: int) -> list[str]:
    """The park sector as a grid: fences between cells, dinosaurs and facilities in them."""
    geo, c = s.geo, s.c
    fence, broken = s.fence[seat], s.broken[seat]
    bad = rules.improper(s, seat)
    cell_text = ["  .  "] * geo.num_cells
    for code in s.facs[seat]:
        for place in rules.places(code):
            if place < COMMERCIAL:
                name = c.facilities[facility_of(code)].name[:3]
                cell_text[place] = f"x{name}x" if is_damaged(code) else f"[{name}]"
    crowd: dict[int, list[str]] = {}
    for code, wrong in zip(s.dinos[seat], bad, strict=True):
        crowd.setdefault(cell_of(code), []).append(c.species[species_of(code)].name[:2] + ("!" if wrong else ""))
    for cell, names in crowd.items():
        text = " ".join(names)
        cell_text[cell] = (text if len(text) <= 5 else f"{names[0][:2]}+{len(names) - 1}").center(5)

    def mark(a: int, b: int, horizontal: bool) -> str:
        for e, (x, y) in enumerate(geo.edges):
            if {x, y} == {a, b}:
                if broken >> e & 1:
                    return "x"
                if fence >> e & 1:
                    return "-" if horizontal else "|"
                return " "
        return " "

    lines = ["    " + "".join(f"  {col + 1}   " for col in range(geo.columns))]
    for r in range(geo.rows):
        row = [r * geo.columns + col for col in range(geo.columns)]
        top = (
            "   +"
            + "+".join(
                mark(cell, r * geo.columns - geo.columns + col if r else -1, True) * 5 for col, cell in enumerate(row)
            )
            + "+"
        )
        lines.append(top)
        mid = f" {'ABCDEFGH'[r]} " + mark(row[0], -1, False)
        for col, cell in enumerate(row):
            right = row[col + 1] if col + 1 < len(row) else -1
            mid += cell_text[cell] + mark(cell, right, False)
        lines.append(mid)
    last = (geo.rows - 1) * geo.columns
    lines.append("   +" + "+".join(mark(last + col, -1, True) * 5 for col in range(geo.columns)) + "+")
    return lines


def slot_mark(s: DinoGenicsState, occupant: int) -> str:
    """A worker space: X a Crash Token, # a blocking token, _ free, S Synth's worker, else the seat's number."""
    if occupant == rules.SYNTH and s.coop:
        return "S"
    return {rules.CRASH: "X", -2: "#", -1: "_"}.get(occupant, str(occupant + 1))


# The sentences of a scenario's text that set it up (its start, its deck) rather than change a rule.
_SETUP = re.compile(r"^(Objective|Season \d|Starting|Game Begins|Breaking News Deck|Goats|Credits|You (also )?start)")


def special_rules(text: str) -> str:
    """A scenario's printed text without its objective and its setup: the rules it changes."""
    sentences = [x.strip() for x in re.split(r"(?<=\.)\s+", text) if x.strip()]
    return " ".join(x for x in sentences if not _SETUP.match(x)) or "none beyond the setup"


def _objective_line(goal: dict) -> str:
    """What the table plays for, and how far it is: one line."""
    if "synth_re_activated" in goal:
        r = goal["synth_re_activated"]
        return f"Co-op: the branches' average {r['average']} VP must beat Synth's {r['synth']}"
    line = f"Objective: {goal['score']} of {goal['target']} {goal['unit']}"
    if "scenario" in goal:
        line = f"Scenario {goal['scenario']} {goal['name']} ({goal['difficulty']}). {line}"
    for c in goal.get("conditions", ()):
        line += f"; {c['condition']}: {'yes' if c['met'] else 'not yet'}"
    return line


def board_text(s: DinoGenicsState, seat: int | None) -> str:
    """The whole table as `seat` sees it, in lines of at most 80 characters."""
    c = s.c
    v = view(s, seat)
    out = [f"Season {s.season} of {c.numbers['seasons']} - {stage_label(s, v['stage'])}"]
    if v["objective"]:
        out.append(_objective_line(v["objective"]))
        if s.scenario:
            out.append(f"Scenario rules: {special_rules(s.scenario.text)}")
    if s.active >= 0:
        out.append(f"Breaking News: {c.news[s.active].number} {c.news[s.active].name} - {c.news[s.active].text}")
    if s.expansion and s.options.get("chaos_theory"):
        out.append("Chaos Theory: on (red cards resolve as they come up)")
    if s.upcoming >= 0:
        out.append(f"Upcoming: {c.news[s.upcoming].number} {c.news[s.upcoming].name}")
    out.append("Player order: " + ", ".join(who_of(s, p) for p in s.order))
    out.append("Mainland:")
    for sp in c.spaces:
        if sp.news and not rules.space_open(s, sp.index) or sp.expansion and not s.expansion:
            continue  # a Breaking News card's space while it is in effect; IntelliGen Designs' with the expansion
        slots = s.occ[s.slot0[sp.index] : s.slot0[sp.index] + sp.slots]
        marks = " ".join(slot_mark(s, o) for o in slots)
        out.append(f"  {sp.name:<22} [{marks}]  {steps_text(sp.steps)}")
    out.append("DNA Market: " + (", ".join(kind_name(c, k) for k in s.market) or "empty"))
    if meeples_line(s):
        out.append(meeples_line(s))
    if s.expansion:
        offer = [facility_text(c, f) for f in s.large_offer if f >= 0]
        out.append(f"IntelliGen Designs: {s.habitats_left} Aquatic Habitats; " + ("; ".join(offer) or "no tiles"))
        market = [specialist_text(c, i) for i in s.job_market]
        out.append("Job Market: " + ("; ".join(market) or "empty"))
        if s.contractors:
            out.append("Independent Contractors: " + ", ".join(c.specialists[i].name for i in s.contractors))
    out.append(
        f"City Center: {s.hotels_left} Basic Hotels; "
        + "; ".join(facility_text(c, st[-1]) if st else "empty" for st in s.stacks)
    )
    for p in [*range(s.num_players), *([rules.SYNTH] if s.coop else [])]:
        out.append("")
        out += seat_lines(s, v, p, seat)
    out.append("")
    out.append(LEGEND)
    return "\n".join(line for text in out for line in wrap(text))


def wrap(text: str, width: int = 80) -> list[str]:
    """A board line in lines of at most `width`, the continuation indented under it."""
    if len(text) <= width:
        return [text]
    lead = " " * (len(text) - len(text.lstrip()) + 4)
    return textwrap.wrap(text, width, subsequent_indent=lead, break_on_hyphens=False)


def seat_lines(s: DinoGenicsState, v: dict, p: int, seat: int | None) -> list[str]:
    """One park as `seat` sees it (v is its view): counters, specialists, grid, facilities, its own hands."""
    c = s.c
    pv = v["players"][p] if p < s.num_players else v["synth"]
    name = seat_title(s, p)
    head = (
        f"{name}{' (you)' if p == seat else ''}: {pv['vp']} VP, reputation {pv['reputation']}, "
        f"dinosaur value {pv['dinosaur_value']}, "
    )
    if p < s.num_players:  # Synth holds no credits, cards or tokens
        head += f"{counted(pv['credits'], 'credit')}, "
    head += (
        f"{counted(pv['goats'], 'goat')}, {counted(pv['fences'], 'fence')}, {counted(pv['scandals'], 'Scandal')}, "
        f"{pv['visitors']}/{pv['rooms']} visitors, {counted(pv['workers'], 'worker')}"
    )
    if p < s.num_players:
        head += f", {pv['dna_cards']} DNA, {pv['manipulation_cards']} Manipulation"
        head += f", {pv['refined']} Refined DNA" if s.expansion else ""
    out = [head]
    if pv["specialists"]:
        names = {sp.key: sp.name for sp in c.specialists}
        out.append("  Specialists: " + ", ".join(names[k] for k in pv["specialists"]))
    out += park_lines(s, p)
    if s.facs[p]:
        out.append(
            "  Facilities: "
            + ", ".join(
                f"{c.facilities[facility_of(f)].name} ({place_name(s, f)}{', damaged' if is_damaged(f) else ''})"
                for f in s.facs[p]
            )
        )
    if p == seat:
        species = {kind_key(c, i): kind_name(c, i) for i in range(c.kinds)}
        cards = {m.key: m.name for m in c.manipulation}
        limit = rules.hand_limit(s, p)
        out.append(
            f"  Your DNA ({pv['dna_cards']} of {limit}): "
            + (", ".join(f"{n} {species[k]}" for k, n in pv["dna"].items()) or "none")
        )
        out.append(
            "  Your Manipulation cards: "
            + (", ".join(f"{n} {cards[k]}" for k, n in pv["manipulation"].items()) or "none")
        )
    return [line for text in out for line in wrap(text)]
