"""What DinoGenics shows: the seat's view, the event texts and the terminal board (the texts of actions, effects
and tiles are texts.py's)."""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from dinotable.core.words import a, counted
from dinotable.games.dinogenics import rules, scoring
from dinotable.games.dinogenics.components import DROWNING, FACE_NAMES, FACES, RESOURCES
from dinotable.games.dinogenics.rules import COMMERCIAL, HUNGRY
from dinotable.games.dinogenics.rules.codes import cell_of, facility_of, has_flag, is_damaged, species_of
from dinotable.games.dinogenics.step_values import resource_count
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


# Synth's Turn Chart, each step as printed (the two the chart leaves out are designed: see coop.toml).
_SYNTH_DOES = {
    "build_cheapest": "places the lowest cost facility into play in the Synth park for free",
    "remove_priciest": "removes the highest cost facility in the City Center from play",
    "dinosaur_lowest": "draws 3 standard DNA cards and places the lowest reputation dinosaur into play",
    "dinosaur_highest": "draws 3 standard DNA cards and places the highest reputation dinosaur into play",
    "market_card": "draws a new DNA card to the market",
    "agency_scandal": "discards a Scandal",
    "outsource": "has 5 goats or more, so discards a Scandal",
    "farm": "has fewer than 5 goats, so gains 3 goats",
    "time_share": "gains 2 visitors",
    "ferry_vp": "gains 2 VP",
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
    if d["action"] == "occupy":
        return f"Synth occupies a worker space on {_space(s, d['space'])}"
    again = "".join(
        f"Synth rolls {' and '.join(map(_face, f[:2]))}: {_space(s, f[2])} is taken, so it rolls again; "
        for f in d.get("full", ())
    )
    seasons = "Seasons 5-7" if d.get("late") else "Seasons 1-4"
    return (
        f"{again}Synth rolls {' and '.join(map(_face, d['faces']))} ({seasons}): it sends a worker to "
        f"{_space(s, d['space'])} and {_SYNTH_DOES[d['action']]}"
    )


def _park(who: str) -> str:
    return f"{who}'s park"


def _visitors_text(s: DinoGenicsState, who: str, d: dict) -> str:
    n, away = d["visitors"], d["away"]
    if d.get("source") == "bonus":
        return f"{who} takes {counted(n, 'bonus visitor')}"
    if not n:
        return f"No room in {_park(who)}: {counted(away, 'visitor')} turned away"
    text = f"{counted(n, 'visitor')} {'arrives' if n == 1 else 'arrive'} at {_park(who)}"
    if d.get("source") == "education":
        text += " from the bonus pool (Education Center)"
    return text + (f"; no room for {away} more" if away else "")


def _upkeep_vp_text(s: DinoGenicsState, who: str, d: dict) -> str:
    """The Upkeep's VP and its parts, which add up to what the track moves."""
    parts = []
    if d["visitors"]:
        parts.append(f"{d['leaving']} for {counted(d['visitors'], 'visitor')} leaving")
    if d["arcade"]:
        parts.append(f"{d['arcade']} from the Arcade (an odd number of visitors)")
    if d["value"] or not parts:
        parts.append(f"{d['value']} Dinosaur Value")
    if d["earned"]:
        parts.append(f"{d['earned']} from facilities and specialists")
    total = f"{d['vp']} VP" if d["vp"] else "no VP"
    return f"{who} scores {total} in the Upkeep: " + " + ".join(parts)


def _gains_text(gains) -> str:
    words = [resource_count(n, RESOURCES.index(r)) for r, n in gains]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


_TRAITS = {
    "entertainment": "Destructive Entertainment: {vp} VP and a rampage check",
    "beach": "Beach Dweller: {vp} VP for the Aquatic Habitats beside it",
    "terror": "Terror: {vp} VP for a dinosaur destroyed instead of fed",
}


def _rampage_text(s: DinoGenicsState, who: str, d: dict) -> str:
    text = f"{who}'s {_species_name(s.c, d['species'])} makes a rampage check: "
    text += " and ".join(map(_face, d["faces"]))
    if d.get("rerolled"):
        text += f" (after rolling Fatality again {'once' if d['rerolled'] == 1 else 'twice'})"
    return text


def _upkeep_paid_text(s: DinoGenicsState, who: str, d: dict) -> str:
    paid, cost = d["paid"], d["cost"]
    if paid == cost:
        return f"{who} pays {counted(paid, 'credit')}"
    return f"{who} pays {paid} of {counted(cost, 'credit')}: the habitat is damaged"


# (s, who, detail) -> the text; conformance checks that every event a game plays has one.
EVENT_TEXTS = {
    "place": lambda s, who, d: f"{who} sends a worker to {_space(s, d['space'])}",
    "outsource": lambda s, who, d: f"{who} outsources {_space(s, d['space'])}",
    "create": lambda s, who, d: f"{who} places {a(_species_name(s.c, d['species']))} on {d['cell']}",
    "breed": lambda s, who, d: f"{who}'s mutants breed: a new Mutant on {d['cell']}",
    "born": lambda s, who, d: (
        f"{who}'s archived pair: a second {_species_name(s.c, d['species'])} is born on {d['cell']}"
    ),
    "rampage": _rampage_text,
    "damage": _damage_text,
    "killed": lambda s, who, d: f"{who} loses {counted(d['visitors'], 'visitor')} to a rampage",
    "scandal": lambda s, who, d: f"{who} gains {counted(d['scandals'], 'Scandal')}",
    "news": _news_text,
    "play": lambda s, who, d: f"{who} plays {next(m.name for m in s.c.manipulation if m.key == d['card'])}",
    "facility": lambda s, who, d: f"{who} builds {a(_facility(s, d['facility']))}",
    "upkeep_vp": _upkeep_vp_text,
    "upkeep_income": lambda s, who, d: f"{who} gains {_gains_text(d['gains'])} in the Upkeep",
    "income": lambda s, who, d: (
        f"{who} collects {counted(d['credits'], 'credit')} for {counted(d['visitors'], 'visitor')}"
        if d["visitors"]
        else f"{who} has no visitors: no income"
    ),
    "visitors": _visitors_text,
    "grant": lambda s, who, d: f"{who}'s researchers bring {counted(d['credits'], 'credit')} of grant money",
    "trait_vp": lambda s, who, d: (
        f"{who}'s {_species_name(s.c, d['species'])}, " + _TRAITS[d["trait"]].format(vp=d["vp"])
    ),
    "facility_vp": lambda s, who, d: f"{who}'s {_facility(s, d['facility'])} scores {d['vp']} VP for the loss",
    "upkeep_paid": _upkeep_paid_text,
    "no_effect": lambda s, who, d: (
        f"{who}'s Security Officer turns the Slash into a Naive Visitor"
        if d.get("officer")
        else f"{d['face']} has no effect in {_park(who)}"
    ),
    "naive_visitor": lambda s, who, d: f"A naive visitor: {who} gains 1 credit",
    "synth_draw": lambda s, who, d: (
        "Synth draws " + _and([_species_name(s.c, k) for k in d["cards"]]) + " (discarded when finished)"
    ),
    "market_card": lambda s, who, d: f"{a(_species_name(s.c, d['card']))} DNA card goes to the DNA Market",
    "forced": lambda s, who, d: f"{who}: {d['text']}",
    "order": lambda s, who, d: "Player order: " + ", ".join(_who(s, p) for p in d["order"]),
    "game_over": lambda s, who, d: "End Game Scoring",
    "open_ocean": lambda s, who, d: (
        f"{who} rolls the two Upkeep dice for the Open Ocean: {' and '.join(map(_upkeep_face, d['dice']))}"
    ),
    "synth": _synth_text,
    "euthanized": lambda s, who, d: f"Synth euthanizes {counted(d['dinosaurs'], 'dinosaur')} in improper habitats",
    "removed": lambda s, who, d: f"Synth removes the {_facility(s, d['facility'])} from play",
    "docks": lambda s, who, d: f"{who} sends a worker to the other branch's docks",
    "gift": lambda s, who, d: f"{who} gifts a card to the {BRANCHES[d['to']]} Branch",
    "shared_visitor": lambda s, who, d: f"{who} sends a shared visitor to the {BRANCHES[d['to']]} Branch's park",
    "crash": lambda s, who, d: f"A Crash Token closes a worker space on {_space(s, d['space'])}",
    "airport": lambda s, who, d: f"{who} sends a worker to the Private Airport",
    "lose_vp": lambda s, who, d: f"{who} loses {d['vp']} VP" if d["vp"] else f"{who} has no VP to lose",
    "gains": lambda s, who, d: f"{who} gains {_gains_text(d['amounts'])}",
    "losses": lambda s, who, d: f"{who} loses {_gains_text(d['amounts'])}",
    "specialist": lambda s, who, d: (
        f"{who} hires the " + next(sp.name for sp in s.c.specialists if sp.key == d["specialist"])
    ),
    "destroyed": lambda s, who, d: f"{who}'s {_species_name(s.c, d['species'])} is destroyed",
    "aquatic_rampage": lambda s, who, d: (
        f"{who}'s {_species_name(s.c, d['species'])} makes its rampage check with the Upkeep die: "
        + _upkeep_face(d["face"])
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


def _and(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


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
                "ref": c.species[species_of(code)].name,
                "cell": s.geo.cell_names[cell_of(code)],
                "improper": wrong,
                "hungry": has_flag(code, HUNGRY),
            }
            for code, wrong in zip(s.dinos[p], bad, strict=True)
        ],
        "facilities": [
            {
                "facility": c.facilities[facility_of(f)].key,
                "ref": c.facilities[facility_of(f)].name,
                "place": place_name(s, f),
                "damaged": is_damaged(f),
            }
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
    out = {
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
    out["refs"] = _refs(s, out)
    return out


_REF_TABLES: dict[int, dict] = {}


def _ref_table(c) -> dict:
    """Every component's key -> its name in the reference (texts.reference), once per content."""
    table = {sp.key: sp.name for sp in c.species}
    table |= {f.key: f.name for f in c.facilities}
    table |= {m.key: m.name for m in c.manipulation}
    table |= {sp.key: sp.name for sp in c.specialists}
    table |= {sp.key: sp.name for sp in c.spaces if not sp.news}
    table |= {f"news_{n.number}": f"Breaking News {n.number}: {n.name}" for n in c.news if n.number}
    _REF_TABLES[id(c)] = table
    return table


def _refs(s: DinoGenicsState, v: dict) -> dict:
    """Each component key the view names (species, facilities, cards, specialists, spaces, Breaking News as
    "news_N") -> its entry in game.reference(), for a browser's hover."""
    keys = {*v["market"], *v["dna_discard"], *v["mainland"], *v["manipulation_discard"], *v["meeples_left"]}
    keys |= {f for stack in v["stacks"] for f in stack} | {f for f in v["large_offer"] if f}
    keys |= {*v["job_market"], *v["contractors"]}
    keys |= {f"news_{n}" for n in (v["active_news"], v["upcoming_news"]) if n}
    for pv in [*v["players"], *([v["synth"]] if v["synth"] else [])]:
        keys |= {*pv["specialists"], *pv.get("dna", ()), *pv.get("manipulation", ())}
        keys |= {d["species"] for d in pv["dinosaurs"]} | {f["facility"] for f in pv["facilities"]}
    table = _REF_TABLES.get(id(s.c)) or _ref_table(s.c)
    return {k: table[k] for k in sorted(keys) if k in table}


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


def slot_mark(s: DinoGenicsState, occupant: int) -> str:
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
    "vp": "Upkeep: visitors leave and VP",
    "resources": "Upkeep: resources",
    "return": "Upkeep: workers return",
    "next": "Upkeep",
}


# The sentences of a scenario's text that set it up (its start, its deck) rather than change a rule.
_SETUP = re.compile(r"^(Objective|Season \d|Starting|Game Begins|Breaking News Deck|Goats|Credits|You (also )?start)")


def special_rules(text: str) -> str:
    """A scenario's printed text without its objective and its setup: the rules it changes."""
    sentences = [x.strip() for x in re.split(r"(?<=\.)\s+", text) if x.strip()]
    return " ".join(x for x in sentences if not _SETUP.match(x)) or "none beyond the setup"


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
    out.append("Player order: " + ", ".join(_who(s, p) for p in s.order))
    out.append("Mainland:")
    for sp in c.spaces:
        if sp.news and not rules.space_open(s, sp.index):
            continue
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
    name = f"Player {p + 1}"
    if s.coop:
        name = "Synth's park" if p == rules.SYNTH else f"The {BRANCHES[p]} Branch"
    out = [
        f"{name}{' (you)' if p == seat else ''}: {pv['vp']} VP, reputation {pv['reputation']}, "
        f"dinosaur value {pv['dinosaur_value']}, {counted(pv['credits'], 'credit')}, {counted(pv['goats'], 'goat')}, "
        f"{counted(pv['fences'], 'fence')}, {counted(pv['scandals'], 'Scandal')}, "
        f"{pv['visitors']}/{pv['rooms']} visitors, {counted(pv['workers'], 'worker')}, {pv['dna_cards']} DNA, "
        f"{pv['manipulation_cards']} Manipulation" + (f", {pv['refined']} Refined DNA" if s.expansion else "")
    ]
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
