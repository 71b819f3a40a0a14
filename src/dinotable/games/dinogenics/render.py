"""What DinoGenics shows: the seat's view, the event texts and the terminal board (the texts of actions, effects
and tiles are texts.py's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import a, counted, upper_first
from dinotable.games.dinogenics import rules, scoring
from dinotable.games.dinogenics.components import DIETS, DROWNING, FACE_NAMES, FACES, RESOURCES
from dinotable.games.dinogenics.park import cells_of
from dinotable.games.dinogenics.rules import HUNGRY
from dinotable.games.dinogenics.rules.codes import cell_of, facility_of, has_flag, is_damaged, species_of
from dinotable.games.dinogenics.rules.steps import steps_text
from dinotable.games.dinogenics.step_values import resource_count
from dinotable.games.dinogenics.texts import (
    BRANCHES,
    and_list,
    facility_effects,
    fence_words,
    kind_key,
    kind_name,
    place_name,
    place_names,
    specialist_text,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

COUNTERS = ("credits", "goats", "fences", "vp", "scandals", "visitors", "refined", "workers")
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


def who_of(s: DinoGenicsState, seat) -> str:
    if seat is None:
        return ""
    if s.coop and seat == rules.SYNTH:
        return "Synth"
    return s.game.seat_name(s, seat) if s.names or not s.coop else f"the {BRANCHES[seat]} Branch"


def seat_title(s: DinoGenicsState, p: int) -> str:
    """A park's owner as the board names it: "Player 2", "Ana", "The West Branch", "Ana (West Branch)",
    "Synth's park"."""
    if s.coop and p == rules.SYNTH:
        return "Synth's park"
    name = upper_first(s.game.seat_name(s, p))
    if s.coop:
        return f"{name} ({BRANCHES[p]} Branch)" if s.names else f"The {name}"
    return name


def event_text(s: DinoGenicsState, event) -> str:
    """An event as the table tells it, in the printed names (EVENT_TEXTS: a text per kind of event)."""
    text = EVENT_TEXTS[event.kind](s, who_of(s, event.seat), event.detail)
    return text[:1].upper() + text[1:]  # "The West Branch ...": a seat's name may open the sentence


def _space(s: DinoGenicsState, key: str) -> str:
    return next(sp.name for sp in s.c.spaces if sp.key == key)


def _facility(s: DinoGenicsState, key: str) -> str:
    return next(f.name for f in s.c.facilities if f.key == key)


def _a_facility(name: str) -> str:
    """A facility with its article: "a Basic Hotel", "an Arcade"; a name in the plural takes none ("Park
    Mascots", "Ancient Gardens")."""
    return name if name.endswith("s") else a(name)


def _face(key: str) -> str:
    """A rampage die face as printed."""
    return FACE_NAMES[FACES.index(key)]


def _upkeep_face(face: int) -> str:
    return "Drowning" if face == DROWNING else counted(face, "credit")


def _damage_text(s: DinoGenicsState, who: str, d: dict) -> str:
    if "facility" in d:
        return f"{who}'s {_facility(s, d['facility'])} is damaged"
    if "fence" in d:
        return f"{who}'s fence {fence_words(d['fence'])} is broken"
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
    "scandal": lambda s, who, d: (
        f"{who} gains {counted(d['scandals'], 'Scandal')}"
        + (" (the scenario doubles each)" if rules.special(s, "double_scandals") else "")
    ),
    "news": _news_text,
    "play": lambda s, who, d: f"{who} plays {next(m.name for m in s.c.manipulation if m.key == d['card'])}",
    "facility": lambda s, who, d: f"{who} builds {_a_facility(_facility(s, d['facility']))}",
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
        "Synth draws " + and_list([_species_name(s.c, k) for k in d["cards"]]) + " (discarded when finished)"
    ),
    "market_card": lambda s, who, d: f"{a(_species_name(s.c, d['card']))} DNA card goes to the DNA Market",
    "forced": lambda s, who, d: f"{who}: {d['text']}",
    "order": lambda s, who, d: "Player order: " + ", ".join(who_of(s, p) for p in d["order"]),
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
    "pen": lambda s, who, d: f"{who} builds a pen on {and_list(d['cells'])}",
    "repair": lambda s, who, d: (
        f"{who} repairs "
        + (f"the fence {fence_words(d['fence'])}" if "fence" in d else f"its {_facility(s, d['facility'])}")
    ),
    "news_swap": lambda s, who, d: f"{who} swaps the upcoming Breaking News card for the next one",
    "bonus_visitor": lambda s, who, d: f"{who} takes a bonus visitor",
    "affect": lambda s, who, d: f"{who}'s card is played against {who_of(s, d['target'])}",
    "stolen": lambda s, who, d: f"{who} takes {_gains_text(d['amounts'])} from {who_of(s, d['target'])}",
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
                # Each space it covers, as the board names them ("B2", "commercial 1"): two for a large one.
                "spaces": place_names(s, f),
                "damaged": is_damaged(f),
            }
            for f in s.facs[p]
        ],
        "fence_edges": [s.geo.edge_names[e] for e in range(len(s.geo.edges)) if s.fence[p] >> e & 1],
        "broken_edges": [s.geo.edge_names[e] for e in range(len(s.geo.edges)) if s.broken[p] >> e & 1],
        # The pens as their fences draw them, a broken fence included (for the board's picture; the rules read
        # a pen with a broken fence as open: rules.regions).
        "pens": _pens(s, p),
        "dna_cards": sum(s.dna[p * k : p * k + k]),
        "manipulation_cards": sum(s.manip[p * m : p * m + m]),
    }
    if own:
        out["dna"] = {kind_key(c, i): n for i, n in enumerate(s.dna[p * k : p * k + k]) if n}
        out["manipulation"] = {c.manipulation[i].key: n for i, n in enumerate(s.manip[p * m : p * m + m]) if n}
    return out


def _pens(s: DinoGenicsState, p: int) -> list[list[str]]:
    _, areas = s.geo.regions(s.fence[p], s.fcells[p])
    return [[s.geo.cell_names[x] for x in cells_of(cells)] for cells, closed in areas if closed]


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
        # The worker spaces on the table: IntelliGen Designs' with the expansion only, a Breaking News card's
        # while it is in effect.
        "mainland": {
            sp.key: s.occ[s.slot0[sp.index] : s.slot0[sp.index] + sp.slots]
            for sp in c.spaces
            if (s.expansion or not sp.expansion) and (not sp.news or rules.space_open(s, sp.index))
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
    out["words"] = _words(s, out)
    return out


def _words(s: DinoGenicsState, v: dict) -> dict:
    """Presentation only, for the browser's board: the printed words for what the view names by key (the
    spaces and what they do, the Breaking News in effect and upcoming, the part of the Season, species' marks,
    each DNA kind, and the effects of the facilities, specialists and cards shown), so no program key ever
    reaches a person."""
    c = s.c
    fixed = _per_content(_WORD_TABLES, c, _word_table)  # copied below: a view is the caller's to change

    def news(i: int):
        return {"name": c.news[i].name, "number": c.news[i].number, "text": c.news[i].text} if i >= 0 else None

    shown = {
        *v["market"],
        *v["dna_discard"],
        *v["job_market"],
        *v["contractors"],
        *(f for stack in v["stacks"] for f in stack),
        c.facilities[s.t.hotel].key,
        *(f for f in v["large_offer"] if f),
    }
    for pv in [*v["players"], *([v["synth"]] if v["synth"] else [])]:
        shown |= {*pv["specialists"], *pv.get("dna", ()), *pv.get("manipulation", ())}
        shown |= {f["facility"] for f in pv["facilities"]}
    effects = fixed["effects"]
    return {
        "stage": stage_label(s, v["stage"]),
        "spaces": [dict(space) for space in fixed["spaces"] if space["key"] in v["mainland"]],
        "active_news": news(s.active),
        "upcoming_news": news(s.upcoming),
        "chaos_theory": bool(s.options.get("chaos_theory")),
        "park": dict(fixed["park"]),
        "dna": dict(fixed["dna"]),
        "species": {key: dict(marks) for key, marks in fixed["species"].items()},
        "effects": {key: effects[key] for key in sorted(shown) if key in effects},
        "basic_hotel": c.facilities[s.t.hotel].name,
    }


_WORD_TABLES: dict[int, tuple] = {}
_REF_TABLES: dict[int, tuple] = {}


def _per_content(cache: dict, c, make) -> dict:
    """make(c), made once per content. The entry holds the content itself, so its id cannot be given to another
    content while the entry stands (a bare id could name a newer content after the first was collected)."""
    entry = cache.get(id(c))
    if entry is None or entry[0] is not c:
        if len(cache) >= 64:  # tests make many contents; a game holds one
            cache.clear()
        entry = cache[id(c)] = (c, make(c))
    return entry[1]


def _word_table(c) -> dict:
    """The words of _words that stay the same all game, once per content (a view is made for every seat at
    every decision the server sends)."""
    effects = {f.key: facility_effects(c, f.index) for f in c.facilities}
    effects |= {sp.key: specialist_text(c, sp.index) for sp in c.specialists}
    effects |= {m.key: m.text for m in c.manipulation}
    return {
        "spaces": [
            {
                "key": sp.key,
                "name": sp.name,
                "does": steps_text(sp.steps),
                "board": "Breaking News" if sp.news else "IntelliGen Designs" if sp.expansion else "Mainland",
            }
            for sp in c.spaces
        ],
        "park": {
            "rows": c.numbers["park_rows"],
            "columns": c.numbers["park_columns"],
            "commercial": c.numbers["commercial_spaces"],
        },
        "dna": {kind_key(c, k): kind_name(c, k) for k in range(c.kinds)},
        "species": {
            sp.key: {"name": sp.name, "diet": DIETS[sp.diet], "aquatic": sp.aquatic, "elite": sp.elites}
            for sp in c.species
        },
        "effects": effects,
    }


def _ref_table(c) -> dict:
    """Every component's key -> its name in the reference (texts.reference), once per content."""
    table = {sp.key: sp.name for sp in c.species}
    table |= {f.key: f.name for f in c.facilities}
    table |= {m.key: m.name for m in c.manipulation}
    table |= {sp.key: sp.name for sp in c.specialists}
    table |= {sp.key: sp.name for sp in c.spaces if not sp.news}
    table |= {f"news_{n.number}": f"Breaking News {n.number}: {n.name}" for n in c.news if n.number}
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
    table = _per_content(_REF_TABLES, s.c, _ref_table)
    return {k: table[k] for k in sorted(keys) if k in table}


def _json(value):
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


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


def stage_label(s: DinoGenicsState, stage: str) -> str:
    """The part of the Season under way, in the rulebook's words (Synth's step is named only in the co-op)."""
    if stage == "synth" and not s.coop:
        return "Upkeep"
    return _STAGE_LABELS.get(stage, "End Game Scoring" if s.over else stage)
