"""What DinoGenics shows: the seat's view, the event texts and the terminal board (the texts of actions, effects
and tiles are texts.py's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import a, counted
from dinotable.games.dinogenics import rules, scoring
from dinotable.games.dinogenics.components import DROWNING, FACE_NAMES, FACES
from dinotable.games.dinogenics.rules import COMMERCIAL, HUNGRY
from dinotable.games.dinogenics.rules.codes import cell_of, facility_of, has_flag, is_damaged, species_of
from dinotable.games.dinogenics.texts import (
    BRANCHES,
    facility_text,
    kind_key,
    kind_name,
    place_name,
    specialist_text,
    steps_text,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

COUNTERS = ("credits", "goats", "fences", "vp", "scandals", "visitors", "refined", "workers")
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


_SYNTH_DOES = {
    "build_cheapest": "builds the cheapest facility of the City Center",
    "remove_priciest": "removes the City Center's dearest facility from play",
    "dinosaur_lowest": "draws 3 DNA cards and places the lowest-reputation dinosaur",
    "dinosaur_highest": "draws 3 DNA cards and places the highest-reputation dinosaur",
    "market_card": "adds a DNA card to the Market",
    "agency_scandal": "discards a Scandal",
    "outsource": "discards a Scandal",
    "farm": "gains 3 goats",
    "time_share": "gains 2 visitors",
    "ferry_vp": "gains 2 VP",
    "occupy": "occupies it",
}


def _who(s: DinoGenicsState, seat) -> str:
    if seat is None:
        return ""
    if s.coop:
        return "Synth" if seat == rules.SYNTH else f"the {BRANCHES[seat]} Branch"
    return f"player {seat + 1}"


def event_text(s: DinoGenicsState, event) -> str:
    """An event as the table tells it, in the printed names (EVENT_TEXTS: a text per kind of event)."""
    text = EVENT_TEXTS[event.kind](s, _who(s, event.seat), event.detail)
    return text[:1].upper() + text[1:]  # "The West Branch ...": a seat's name may open the sentence


def _space(s: DinoGenicsState, key: str) -> str:
    return next(sp.name for sp in s.c.spaces if sp.key == key)


def _facility(s: DinoGenicsState, key: str) -> str:
    return next(f.name for f in s.c.facilities if f.key == key)


def _face(key: str) -> str:
    """A rampage die face as printed."""
    return FACE_NAMES[FACES.index(key)]


def _upkeep_face(face: int) -> str:
    return "Drowning" if face == DROWNING else counted(face, "credit")


def _damage_text(s: DinoGenicsState, who: str, d: dict) -> str:
    if "facility" in d:
        return f"{who}'s {_facility(s, d['facility'])} is damaged"
    if "fence" in d:
        return f"{who}'s fence {d['fence']} is broken"
    return f"{who}'s Visitor Center is damaged and repaired at once"


def _news_text(s: DinoGenicsState, who: str, d: dict) -> str:
    return f"Chaos Theory: {d['name']}" if d.get("chaos") else f"Breaking News {d['card']}: {d['name']}"


def _synth_text(s: DinoGenicsState, who: str, d: dict) -> str:
    rolled = f" (rolled {' and '.join(map(_face, d['faces']))})" if d["faces"] else ""
    return f"Synth sends a worker to {_space(s, d['space'])}{rolled} and {_SYNTH_DOES[d['action']]}"


# (s, who, detail) -> the text; conformance checks that every event a game plays has one.
EVENT_TEXTS = {
    "place": lambda s, who, d: f"{who} sends a worker to {_space(s, d['space'])}",
    "outsource": lambda s, who, d: f"{who} outsources {_space(s, d['space'])}",
    "create": lambda s, who, d: f"{who} places {a(_species_name(s.c, d['species']))} on {d['cell']}",
    "breed": lambda s, who, d: f"{who}'s mutants breed: a new Mutant on {d['cell']}",
    "born": lambda s, who, d: (
        f"{who}'s archived pair: a second {_species_name(s.c, d['species'])} is born on {d['cell']}"
    ),
    "rampage": lambda s, who, d: (
        f"{who}'s {_species_name(s.c, d['species'])} rampages: " + " and ".join(map(_face, d["faces"]))
    ),
    "damage": _damage_text,
    "killed": lambda s, who, d: f"{who} loses {counted(d['visitors'], 'visitor')} to a rampage",
    "scandal": lambda s, who, d: f"{who} gains {counted(d['scandals'], 'Scandal')}",
    "news": _news_text,
    "play": lambda s, who, d: f"{who} plays {next(m.name for m in s.c.manipulation if m.key == d['card'])}",
    "facility": lambda s, who, d: f"{who} builds {a(_facility(s, d['facility']))}",
    "upkeep_vp": lambda s, who, d: f"{who} scores {d['vp']} VP in the Upkeep",
    "order": lambda s, who, d: "Player order: " + ", ".join(_who(s, p) for p in d["order"]),
    "game_over": lambda s, who, d: "End Game Scoring",
    "open_ocean": lambda s, who, d: f"{who} rolls the Open Ocean: {', '.join(map(_upkeep_face, d['dice']))}",
    "synth": _synth_text,
    "euthanized": lambda s, who, d: f"Synth euthanizes {counted(d['dinosaurs'], 'dinosaur')} in improper habitats",
    "removed": lambda s, who, d: f"Synth removes the {_facility(s, d['facility'])} from play",
    "docks": lambda s, who, d: f"{who} sends a worker to the other branch's docks",
    "gift": lambda s, who, d: f"{who} gifts a card to the {BRANCHES[d['to']]} Branch",
    "shared_visitor": lambda s, who, d: f"{who} sends a shared visitor to the {BRANCHES[d['to']]} Branch's park",
    "crash": lambda s, who, d: f"A Crash Token closes a worker space on {_space(s, d['space'])}",
    "airport": lambda s, who, d: f"{who} sends a worker to the Private Airport",
    "lose_vp": lambda s, who, d: f"{who} loses {d['vp']} VP",
    "specialist": lambda s, who, d: (
        f"{who} hires the " + next(sp.name for sp in s.c.specialists if sp.key == d["specialist"])
    ),
    "destroyed": lambda s, who, d: f"{who}'s {_species_name(s.c, d['species'])} is destroyed",
    "aquatic_rampage": lambda s, who, d: (
        f"{who}'s {_species_name(s.c, d['species'])} rampages in its habitat: " + _upkeep_face(d["face"])
    ),
    "graft": lambda s, who, d: f"{who} grafts {counted(d['cards'], 'more DNA card', 'more DNA cards')}",
    "stay_home": lambda s, who, d: f"{who} has nowhere to send a worker: it stays home",
    "hungry": lambda s, who, d: f"{who} has too few goats: {counted(d['dinosaurs'], 'carnivore')} hungry",
    "pen": lambda s, who, d: f"{who} builds a pen on {', '.join(d['cells'])}",
    "repair": lambda s, who, d: (
        f"{who} repairs " + (f"fence {d['fence']}" if "fence" in d else f"its {_facility(s, d['facility'])}")
    ),
    "news_swap": lambda s, who, d: f"{who} swaps the upcoming Breaking News card for the next one",
    "bonus_visitor": lambda s, who, d: f"{who} takes a bonus visitor",
    "affect": lambda s, who, d: f"{who}'s card takes from {_who(s, d['target'])}",
}


def _species_name(c, key: str) -> str:
    return next(sp.name for sp in c.species if sp.key == key)


def _seat_view(s: DinoGenicsState, p: int, own: bool) -> dict:
    c = s.c
    res = s.counters(p)
    k, m = c.kinds, len(c.manipulation)
    keys = rules.habitat_keys(s, p)
    bad = rules.improper(s, p, keys)
    out = {
        **{name: res[i] for i, name in enumerate(COUNTERS)},
        "specialists": [sp.key for sp in c.specialists if s.holds(p, sp.index)],
        "reputation": rules.reputation(s, p),
        "dinosaur_value": rules.dinosaur_value(s, p, keys),
        "rooms": rules.room(s, p),
        "dinosaurs": [
            {
                "species": c.species[species_of(code)].key,
                "cell": s.geo.cell_names[cell_of(code)],
                "improper": wrong,
                "hungry": has_flag(code, HUNGRY),
            }
            for code, wrong in zip(s.dinos[p], bad, strict=True)
        ],
        "facilities": [
            {"facility": c.facilities[facility_of(f)].key, "place": place_name(s, f), "damaged": is_damaged(f)}
            for f in s.facs[p]
        ],
        "fence_edges": [s.geo.edge_names[e] for e in range(len(s.geo.edges)) if s.fence[p] >> e & 1],
        "broken_edges": [s.geo.edge_names[e] for e in range(len(s.geo.edges)) if s.broken[p] >> e & 1],
        "dna_cards": sum(s.dna[p * k : p * k + k]),
        "manipulation_cards": sum(s.manip[p * m : p * m + m]),
    }
    if own:
        out["dna"] = {kind_key(c, i): n for i, n in enumerate(s.dna[p * k : p * k + k]) if n}
        out["manipulation"] = {c.manipulation[i].key: n for i, n in enumerate(s.manip[p * m : p * m + m]) if n}
    return out


def view(s: DinoGenicsState, seat: int | None) -> dict:
    c = s.c
    ctx = s.ctx
    if s.phase == rules.PICK and ctx.purpose == rules.KEEP:
        # DNA cards being chosen among are seen only by the seat choosing.
        ctx = ctx._replace(arg=list(ctx.arg) if seat == s.cur else len(ctx.arg))
    return {
        "season": s.season,
        "stage": rules.STAGES[s.stage][0] if 0 <= s.stage < len(rules.STAGES) else "",
        "phase": s.decisions[s.phase].name,
        "current_player": s.current_player,
        "context": _json(ctx),
        "order": list(s.order),
        "active_news": c.news[s.active].number if s.active >= 0 else None,
        "upcoming_news": c.news[s.upcoming].number if s.upcoming >= 0 else None,
        "news_left": len(s.news_deck),
        "mainland": {
            sp.key: s.occ[s.slot0[sp.index] : s.slot0[sp.index] + sp.slots]
            for sp in c.spaces
            if not sp.news or rules.space_open(s, sp.index)
        },
        "market": [kind_key(c, k) for k in s.market],  # the card there longest first: the next to go
        "dna_discard": sorted(kind_key(c, k) for k in s.dna_discard),
        "dna_deck": len(s.dna_deck),
        "manipulation_deck": len(s.manip_deck),
        "manipulation_discard": sorted(c.manipulation[k].key for k in s.manip_discard),
        "basic_hotels": s.hotels_left,
        "stacks": [[c.facilities[f].key for f in stack] for stack in s.stacks],
        "bag": len(s.bag),
        "bonus_pool": s.pool,
        "meeples_left": {sp.key: rules.meeples_left(s, sp.index) for sp in c.species},
        "expansion": s.expansion,
        "edna_deck": len(s.edna_deck),
        "aquatic_habitats": s.habitats_left,
        "large_offer": [c.facilities[f].key if f >= 0 else None for f in s.large_offer],
        "large_pile": len(s.large_pile),
        "job_market": [c.specialists[i].key for i in s.job_market],
        "contractors": [c.specialists[i].key for i in s.contractors],
        "specialist_deck": len(s.spec_deck),
        "players": [_seat_view(s, p, p == seat) for p in range(s.num_players)],
        "synth": _seat_view(s, rules.SYNTH, False) if s.coop else None,
        "scores": s.scores(),
        "objective": scoring.objective(s),
        "over": s.over,
    }


def _json(value):
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


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


def _slot_mark(s: DinoGenicsState, occupant: int) -> str:
    """A worker space: X a Crash Token, # a blocking token, _ free, S Synth's worker, else the seat's number."""
    if occupant == rules.SYNTH and s.coop:
        return "S"
    return {rules.CRASH: "X", -2: "#", -1: "_"}.get(occupant, str(occupant + 1))


# Each step of the Season (rules.STAGES) as the rulebook names its part of the Season.
_STAGE_LABELS = {
    "order": "Open Season: player order",
    "visitors": "Open Season: visitors arrive",
    "bonus": "Open Season: bonus visitors",
    "income": "Open Season: income",
    "news": "Open Season: Breaking News",
    "facilities": "Open Season: new facilities",
    "workers": "Worker Placement",
    "terror": "Upkeep",
    "feed": "Upkeep: feeding",
    "rampage": "Upkeep: rampage checks",
    "synth": "Upkeep: Synth",
    "leave": "Upkeep: visitors leave",
    "vp": "Upkeep: VP",
    "resources": "Upkeep: resources",
    "return": "Upkeep: workers return",
    "next": "Upkeep",
}


def stage_label(s: DinoGenicsState, stage: str) -> str:
    """The part of the Season under way, in the rulebook's words (Synth's step is named only in the co-op)."""
    if stage == "synth" and not s.coop:
        return "Upkeep"
    return _STAGE_LABELS.get(stage, "End Game Scoring" if s.over else stage)


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
    c = s.c
    v = view(s, seat)
    out = [f"Season {s.season} of {c.numbers['seasons']} - {stage_label(s, v['stage'])}"]
    if v["objective"]:
        out.append(_objective_line(v["objective"]))
    if s.active >= 0:
        out.append(f"Breaking News: {c.news[s.active].number} {c.news[s.active].name} - {c.news[s.active].text}")
    if s.expansion and s.options.get("chaos_theory"):
        out.append("Chaos Theory: on (red cards resolve as they come up)")
    if s.upcoming >= 0:
        out.append(f"Upcoming: {c.news[s.upcoming].number} {c.news[s.upcoming].name}")
    out.append("Mainland:")
    for sp in c.spaces:
        if sp.news and not rules.space_open(s, sp.index):
            continue
        slots = s.occ[s.slot0[sp.index] : s.slot0[sp.index] + sp.slots]
        marks = " ".join(_slot_mark(s, o) for o in slots)
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
    parks = [*range(s.num_players), *([rules.SYNTH] if s.coop else [])]
    for p in parks:
        pv = v["players"][p] if p < s.num_players else v["synth"]
        out.append("")
        name = f"Player {p + 1}"
        if s.coop:
            name = "Synth's park" if p == rules.SYNTH else f"The {BRANCHES[p]} Branch"
        out.append(
            f"{name}{' (you)' if p == seat else ''}: {pv['vp']} VP, reputation {pv['reputation']}, "
            f"dinosaur value {pv['dinosaur_value']}, {pv['credits']} credits, {pv['goats']} goats, "
            f"{pv['fences']} fences, {pv['scandals']} scandals, {pv['visitors']}/{pv['rooms']} visitors, "
            f"{pv['workers']} workers, {pv['dna_cards']} DNA, {pv['manipulation_cards']} Manipulation"
            + (f", {pv['refined']} Refined DNA" if s.expansion else "")
        )
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
            out.append("  Your DNA: " + (", ".join(f"{n} {species[k]}" for k, n in pv["dna"].items()) or "none"))
            out.append(
                "  Your Manipulation cards: "
                + (", ".join(f"{n} {cards[k]}" for k, n in pv["manipulation"].items()) or "none")
            )
    out.append("")
    out.append(LEGEND)
    return "\n".join(out)
