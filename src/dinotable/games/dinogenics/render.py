"""Text for DinoGenics: the seat's view, action and event texts, and the terminal board."""

from __future__ import annotations

from dinotable.games.dinogenics import rules
from dinotable.games.dinogenics.content import COUNTS, END_COUNTS, RESOURCES
from dinotable.games.dinogenics.park import cells_of
from dinotable.games.dinogenics.rules import CELL, COMMERCIAL, DAMAGED, FLAGS, HUNGRY, SPECIES, WIDTH

COUNTERS = ("credits", "goats", "fences", "vp", "scandals", "visitors", "refined", "workers")
LEGEND = (
    "Park: two letters a dinosaur (! improper habitat, +n more), [Bio] a facility (xBiox damaged), "
    ". an empty space; fences - | (x broken), blank no fence"
)


def _amounts(pairs) -> str:
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in pairs) or "nothing"


def steps_text(c, steps) -> str:
    """One line for a tuple of effect steps."""
    bits = []
    for kind, value in steps:
        if kind in ("gain", "lose"):
            bits.append(f"{kind} {_amounts(value)}")
        elif kind == "pay":
            bits.append(f"pay {value} credits")
        elif kind == "draw_keep":
            bits.append(f"draw {value[0]} DNA, keep {value[1]}")
        elif kind == "boneyard":
            bits.append(f"take up to {value} DNA from the discard pile")
        elif kind == "create":
            bits.append("create a dinosaur" + (f" from a set {value} short" if value else ""))
        elif kind == "build":
            bits.append("build pens")
        elif kind == "facility":
            bits.append("buy a facility" + (f" for {value} less" if value else ""))
        elif kind == "repair":
            bits.append("repair a structure" + (" for free" if value >= 99 else f" for {value} less" if value else ""))
        elif kind == "market_buy":
            price = f"for {value[1]} credits each" if value[1] else "for free"
            bits.append(f"take up to {value[0]} DNA from the DNA Market {price}")
        elif kind == "market_sell":
            bits.append(f"sell up to {value[0]} DNA at {value[1]} credits")
        elif kind == "play":
            bits.append("play a Manipulation card")
        elif kind == "outsource":
            bits.append("take another space's action")
        elif kind == "city_center":
            bits.append("up to 3 of: 3 fences / a facility or a repair / buy or sell DNA")
        elif kind == "choose":
            bits.append(" or ".join(f"({steps_text(c, option)})" for option in value))
        elif kind in ("opponent", "each_opponent"):
            who = "an opponent" if kind == "opponent" else "every opponent"
            gains, losses, steals = value
            parts = [f"{who} gains {_amounts(gains)}"] if gains else []
            parts += [f"{who} loses {_amounts(losses)}"] if losses else []
            parts += [f"take {_amounts(steals)} from {who}"] if steals else []
            bits.append("; ".join(parts))
        elif kind == "per":
            what, gains, top = value
            bits.append(f"{_amounts(gains)} per {COUNTS[what]} (at most {top})")
        elif kind == "rampage":
            bits.append(f"one {c.species[value].name} rampages")
        elif kind == "refresh_market":
            bits.append("deal a new DNA Market")
        elif kind == "edna_keep":
            bits.append(f"draw {value[0]} eDNA, keep {value[1]}")
        elif kind == "refine":
            bits.append("discard a DNA card for a Refined DNA token")
        elif kind == "large_facility":
            bits.append("buy a Large Facility" + (f" for {value} less" if value else ""))
        elif kind == "open_ocean":
            bits.append("an Open Ocean roll")
        elif kind == "job_network":
            bits.append("claim a specialist")
        elif kind == "news_swap":
            bits.append("replace the upcoming Breaking News")
    return ", ".join(bits)


def _no_meeple(s, seat: int, steps) -> str:
    """For an action that creates a dinosaur: the species the seat holds a set for but cannot create, since
    no meeple of theirs is left in the supply."""
    shorts = [value for kind, value in steps if kind == "create"]
    if not shorts:
        return ""
    gone = rules.out_of_meeples(s, seat, shorts[0])
    return "".join(f" (no {s.c.species[sp].name} meeple left)" for sp in gone)


def meeples_line(s) -> str:
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


def kind_name(c, kind: int) -> str:
    """A DNA card kind: a species, or Polymorphic DNA."""
    return c.species[kind].name if kind < len(c.species) else "Polymorphic"


def kind_key(c, kind: int) -> str:
    return c.species[kind].key if kind < len(c.species) else "polymorphic"


def facility_text(c, f: int, cost: bool = True) -> str:
    """A facility tile: its printed cost (left out where an action text gives the price charged), sector and
    effects."""
    fac = c.facilities[f]
    bits = [f"cost {fac.cost}"] if cost else []
    bits.append("park" if fac.park else "commercial")
    if fac.rooms:
        bits.append(f"{fac.rooms} rooms")
    if fac.biodome:
        bits.append("Biodome")
    if fac.reputation:
        bits.append(f"{fac.reputation} reputation")
    if fac.upkeep:
        bits.append(f"each Upkeep {_amounts(fac.upkeep)}")
    if fac.per_species >= 0:
        gain = f"{fac.per_vp} VP" if fac.per_vp else f"{fac.per_credits} credits"
        bits.append(f"{gain} per {c.species[fac.per_species].name} each Upkeep")
    if fac.hand_limit:
        bits.append(f"hand limit +{fac.hand_limit}")
    if fac.end_vp:
        bits.append(f"{fac.end_vp} VP at the end")
    if fac.large:
        bits.append("two spaces")
    if fac.aquatic:
        bits.append(f"Aquatic Habitat of {fac.aquatic} spaces")
    if fac.on_placement:
        bits.append(f"when placed {_amounts(fac.on_placement)}")
    if fac.upkeep_per:
        what, r, n = fac.upkeep_per
        bits.append(f"each Upkeep {n} {RESOURCES[r]} per {COUNTS[what]}")
    if fac.end_per:
        bits.append(f"{fac.end_per[1]} VP per {END_COUNTS[fac.end_per[0]].replace('_', ' ')} at the end")
    if fac.adjacent_aquatic_vp:
        bits.append(f"{fac.adjacent_aquatic_vp} VP per aquatic species beside it at the end")
    if fac.adjacent_species_vp:
        bits.append(f"{fac.adjacent_species_vp} VP per species beside it at the end")
    if fac.destroyed_vp:
        bits.append(f"{fac.destroyed_vp} VP when a dinosaur is destroyed")
    if fac.odd_visitors_vp:
        bits.append(f"{fac.odd_visitors_vp} VP for an odd number of visitors leaving")
    for flag, text in _FACILITY_FLAGS:
        if getattr(fac, flag):
            bits.append(text)
    return f"{fac.name} ({', '.join(bits)})"


_FACILITY_FLAGS = (
    ("fishery", "bordering Aquatic Habitats need 1 goat less"),
    ("education", "a bonus visitor first"),
    ("market_exchange", "buy and sell DNA as one choice"),
    ("airport", "a free Outsource once a Season"),
    ("gene_grafting", "goats for more DNA"),
    ("ferry_visitor", "a visitor at the Ferry"),
)


def specialist_text(c, i: int) -> str:
    sp = c.specialists[i]
    return f"{sp.name} ({sp.cost} Manipulation card{'s' if sp.cost > 1 else ''}): {sp.text}"


def _structure(s, seat: int, struct: int) -> str:
    top = s.ids.max_facilities
    if struct >= top:
        return f"the fence {s.geo.edge_names[struct - top]}"
    code = s.facs[seat][struct]
    return f"the {s.c.facilities[code & 63].name} ({_place(s, code)})"


def _place(s, code: int) -> str:
    names = [s.geo.cell_names[x] if x < COMMERCIAL else f"commercial {x - COMMERCIAL + 1}" for x in rules.places(code)]
    return "+".join(names)


def _habitat_text(s, seat: int, cell: int) -> str:
    area_of, areas = rules.regions(s, seat)
    if s.fcells[seat] >> cell & 1:
        code = rules.facility_at(s, seat, cell)
        return f"the {s.c.facilities[code & 63].name} on {_place(s, code)}"
    cells, closed = areas[area_of[cell]]
    if not closed:
        return "open space"
    names = [s.geo.cell_names[x] for x in cells_of(cells)]
    return f"the pen {'+'.join(names)} ({len(names)} spaces)"


def action_text(s, action: int) -> str:
    ids, c = s.ids, s.c
    seat = s.cur
    if action == ids.done:
        if s.phase == rules.DESTROY:
            return "Roll the Upkeep die instead" if s.ctx[0] == rules.SPINO else "Feed the Mosasaur as usual"
        return {
            rules.BUILD: "Stop building",
            rules.CITY: "Leave the City Center",
            rules.BONUS: "Take no more bonus visitors",
            rules.MUTANT: "Feed no more mutants",
            rules.OCEAN: f"Do not pay: lose {c.numbers['open_ocean_vp_loss']} VP",
            rules.GRAFT: "Graft no more DNA",
            rules.GIFT: "Gift no more cards",
        }.get(s.phase, "Done")
    if action >= ids.refined:
        return _expansion_action_text(s, action)
    if action < ids.species:
        sp = c.spaces[action - ids.space]
        if s.phase == rules.OUTSOURCE:
            return f"Outsource to {sp.name}: {steps_text(c, sp.steps)}{_no_meeple(s, seat, sp.steps)}"
        return f"{sp.name}: {steps_text(c, sp.steps)}{_no_meeple(s, seat, sp.steps)}"
    if action < ids.dna:
        sp = c.species[action - ids.species]
        if sp.index == s.t.mutant:
            return f"Create a Mutant from {sp.dna - s.ctx[0]} DNA cards of different species"
        return f"Create a {sp.name} ({rules.set_size(s, seat, sp.index, s.ctx[0])} DNA)"
    if action < ids.cell:
        name = kind_name(c, action - ids.dna)
        if s.phase == rules.GIFT:
            return f"Gift a {name} DNA card to the {BRANCHES[1 - seat]} Branch"
        if s.ctx[0] == rules.REFINE:
            return f"Discard a {name} DNA card for a Refined DNA token"
        buy = "Buy" if s.ctx[2] else "Take"  # Site A and some cards take from the Market for free
        verb = {rules.KEEP: "Keep", rules.BONEYARD: "Take", rules.BUY: buy, rules.SELL: "Sell"}.get(s.ctx[0], "Use")
        if s.ctx[0] == rules.DISCARD:
            verb = "Discard"
        price = f" for {_credits(s.ctx[2])}" if s.ctx[0] in (rules.BUY, rules.SELL) and s.ctx[2] else ""
        return f"{verb} a {name} DNA card{price}"
    if action < ids.pen:
        cell = action - ids.cell
        if s.phase == rules.FACILITY_CELL:
            return f"Build the {c.facilities[s.ctx[0]].name} on {s.geo.cell_names[cell]}{_in_park(s, seat)}"
        return f"Put the {c.species[s.ctx[0]].name} in {_habitat_text(s, seat, cell)}"
    if action < ids.stack:
        cells, perimeter, size = s.geo.rectangles[action - ids.pen]
        cost = bin(perimeter & ~s.fence[seat]).count("1")
        names = "+".join(s.geo.cell_names[x] for x in cells_of(cells))
        return f"Build a pen on {names} ({size} spaces, {cost} fences)"
    if action < ids.struct:
        f = rules.stack_tile(s, action - ids.stack)
        price = rules.facility_price(s, seat, f, s.ctx[0])
        return f"Buy {facility_text(c, f, cost=False)} for {_credits(price)}"
    if action < ids.manip:
        struct = action - ids.struct
        if s.phase == rules.TARGET:
            return f"The rampage damages {_structure(s, seat, struct)}"
        price = rules.repair_price(s, seat, struct, s.ctx[0])
        return f"Repair {_structure(s, seat, struct)} for {_credits(price)}"
    if action < ids.seat:
        card = c.manipulation[action - ids.manip]
        if s.phase == rules.GIFT:
            return f"Gift {card.name} to the {BRANCHES[1 - seat]} Branch"
        if s.phase == rules.MANIP_PAY:
            return f"Discard {card.name}"
        return f"Play {card.name}: {card.text}{_no_meeple(s, seat, card.steps)}"
    if action < ids.menu:
        p = action - ids.seat
        if s.phase == rules.TEAM_ORDER:
            return f"The {BRANCHES[p]} Branch places first"
        if s.phase == rules.SHARE:
            return f"A shared visitor to the {BRANCHES[p]} Branch's park"
        if s.phase == rules.FAC_PARK:
            return "Put it in your park" if p == seat else f"Put it in the {BRANCHES[p]} Branch's park (1 credit)"
        if s.coop and p == rules.SYNTH:
            return "Choose Synth"
        return f"Choose player {p + 1}"
    if action < ids.option:
        return rules.CITY_NAMES[action - ids.menu]
    option = action - ids.option
    if s.phase == rules.OCEAN:
        return f"Pay {s.ctx[0]} credits for a Plesiosaurus"
    if s.phase == rules.GRAFT:
        deck = "eDNA" if s.ctx[0] else "DNA"
        return f"Discard {option + 1} goat{'s' if option else ''} to draw {option + 1} more {deck}"
    if s.phase == rules.CHOOSE:
        return steps_text(c, s.ctx[0][option]).capitalize()
    if s.phase == rules.BONUS:
        return "Take a bonus visitor"
    if s.phase == rules.MUTANT:
        return f"Feed a mutant {rules.mutant_goats(s, seat)} goats for a new mutant"
    return f"Option {option + 1}"


BRANCHES = ("West", "East")


def _credits(n: int) -> str:
    return "free" if n == 0 else f"{n} credit{'s' if n != 1 else ''}"


def _in_park(s, seat: int) -> str:
    """A facility placed in the other branch's park (the co-op) says so."""
    park = s.ctx[1]
    return "" if park == seat else f" in the {BRANCHES[park]} Branch's park"


def _expansion_action_text(s, action: int) -> str:
    ids, c, seat = s.ids, s.c, s.cur
    if action == ids.refined:
        return "Use a Refined DNA token"
    if action < ids.spot:
        offer = action - ids.large
        f = s.t.habitat_tile if offer == 0 else s.large_offer[offer - 1]
        price = rules.facility_price(s, seat, f, s.ctx[0])
        return f"Buy {facility_text(c, f, cost=False)} for {_credits(price)}"
    if action < ids.specialist:
        cell, down = divmod(action - ids.spot, 2)
        other = rules.spot_second(s.geo, cell, down)
        names = f"{s.geo.cell_names[cell]}+{s.geo.cell_names[other]}"
        return f"Build the {c.facilities[s.ctx[0]].name} on {names}{_in_park(s, seat)}"
    if action < ids.victim:
        i = action - ids.specialist
        fee = f" and {_credits(rules.contractor_price(s))}" if i in s.contractors else ""
        return f"Claim {specialist_text(c, i)}{fee}"
    if action < ids.airport:
        species, cell = divmod(action - ids.victim, s.geo.num_cells)
        return f"Destroy the {c.species[species].name} on {s.geo.cell_names[cell]}"
    if action == ids.airport:
        return "Private Airport: take another space's action for free"
    return f"Docks: gift up to 2 cards to the {BRANCHES[1 - seat]} Branch"


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


def _who(s, seat) -> str:
    if seat is None:
        return ""
    if s.coop:
        return "Synth" if seat == rules.SYNTH else f"the {BRANCHES[seat]} Branch"
    return f"Player {seat + 1}"


def event_text(s, event) -> str:
    who = _who(s, event.seat)
    d = event.detail
    kind = event.kind
    c = s.c
    if kind == "place":
        return f"{who} sends a worker to {next(sp.name for sp in c.spaces if sp.key == d['space'])}"
    if kind == "outsource":
        return f"{who} outsources {next(sp.name for sp in c.spaces if sp.key == d['space'])}"
    if kind == "create":
        return f"{who} places a {_species_name(c, d['species'])} on {d['cell']}"
    if kind == "breed":
        return f"{who}'s mutants breed: a new Mutant on {d['cell']}"
    if kind == "born":
        return f"{who}'s archived pair: a second {_species_name(c, d['species'])} is born on {d['cell']}"
    if kind == "rampage":
        return f"{who}'s {_species_name(c, d['species'])} rampages: {', '.join(d['faces'])}"
    if kind == "damage":
        if "facility" in d:
            return f"{who}'s {next(f.name for f in c.facilities if f.key == d['facility'])} is damaged"
        if "fence" in d:
            return f"{who}'s fence {d['fence']} is broken"
        return f"{who}'s Visitor Center is damaged and repaired at once"
    if kind == "killed":
        return f"{who} loses {d['visitors']} visitor(s) to a rampage"
    if kind == "scandal":
        return f"{who} gains {d['scandals']} Scandal(s)"
    if kind == "news":
        return f"Chaos Theory: {d['name']}" if d.get("chaos") else f"Breaking News {d['card']}: {d['name']}"
    if kind == "play":
        return f"{who} plays {next(m.name for m in c.manipulation if m.key == d['card'])}"
    if kind == "facility":
        return f"{who} builds a {next(f.name for f in c.facilities if f.key == d['facility'])}"
    if kind == "upkeep_vp":
        return f"{who} scores {d['vp']} VP in the Upkeep"
    if kind == "order":
        return "Player order: " + ", ".join(f"player {p + 1}" for p in d["order"])
    if kind == "game_over":
        return "End Game Scoring"
    if kind == "open_ocean":
        faces = ["Drowning" if f == 0 else f"{f} credits" for f in d["dice"]]
        return f"{who} rolls the Open Ocean: {', '.join(faces)}"
    if kind == "synth":
        space = next(sp.name for sp in c.spaces if sp.key == d["space"])
        rolled = f" (rolled {' + '.join(d['faces'])})" if d["faces"] else ""
        return f"Synth sends a worker to {space}{rolled} and {_SYNTH_DOES[d['action']]}"
    if kind == "euthanized":
        return f"Synth euthanizes {d['dinosaurs']} dinosaur(s) in improper habitats"
    if kind == "removed":
        return f"Synth removes the {next(f.name for f in c.facilities if f.key == d['facility'])} from play"
    if kind == "docks":
        return f"{who} sends a worker to the other branch's docks"
    if kind == "gift":
        return f"{who} gifts a card to the {BRANCHES[d['to']]} Branch"
    if kind == "crash":
        return f"A Crash Token closes a worker space on {next(sp.name for sp in c.spaces if sp.key == d['space'])}"
    if kind == "airport":
        return f"{who} sends a worker to the Private Airport"
    if kind == "lose_vp":
        return f"{who} loses {d['vp']} VP"
    if kind == "specialist":
        return f"{who} hires the {next(sp.name for sp in c.specialists if sp.key == d['specialist'])}"
    if kind == "destroyed":
        return f"{who}'s {_species_name(c, d['species'])} is destroyed"
    if kind == "aquatic_rampage":
        face = "Drowning" if d["face"] == 0 else f"{d['face']} credits"
        return f"{who}'s {_species_name(c, d['species'])} rampages in its habitat: {face}"
    if kind == "graft":
        return f"{who} grafts {d['cards']} more DNA card(s)"
    return f"{who} {kind.replace('_', ' ')}".strip()


def _species_name(c, key: str) -> str:
    return next(sp.name for sp in c.species if sp.key == key)


def _seat_view(s, p: int, own: bool) -> dict:
    c = s.c
    res = s.res[p * WIDTH : p * WIDTH + WIDTH]
    k, m = c.kinds, len(c.manipulation)
    keys = rules.habitat_keys(s, p)
    bad = rules.improper(s, p, keys)
    out = {
        **{name: res[i] for i, name in enumerate(COUNTERS)},
        "specialists": [sp.key for sp in c.specialists if res[rules.SPECIALISTS] >> sp.index & 1],
        "reputation": rules.reputation(s, p),
        "dinosaur_value": rules.dinosaur_value(s, p, keys),
        "rooms": rules.room(s, p),
        "dinosaurs": [
            {
                "species": c.species[code & SPECIES].key,
                "cell": s.geo.cell_names[(code >> CELL) & 15],
                "improper": wrong,
                "hungry": bool((code >> FLAGS) & HUNGRY),
            }
            for code, wrong in zip(s.dinos[p], bad, strict=True)
        ],
        "facilities": [
            {"facility": c.facilities[f & 63].key, "place": _place(s, f), "damaged": bool(f & DAMAGED)}
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


def view(s, seat: int | None) -> dict:
    c = s.c
    ctx = s.ctx
    if s.phase == rules.PICK and ctx[0] == rules.KEEP:
        # DNA cards being chosen among are seen only by the seat choosing.
        ctx = (ctx[0], ctx[1], list(ctx[2]) if seat == s.cur else len(ctx[2]), ctx[3])
    return {
        "season": s.season,
        "stage": rules.STAGES[s.stage][0] if 0 <= s.stage < len(rules.STAGES) else "",
        "phase": rules.PHASE_NAMES[s.phase],
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
        "over": s.over,
    }


def _json(value):
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def park_lines(s, seat: int) -> list[str]:
    """The park sector as a grid: fences between cells, dinosaurs and facilities in them."""
    geo, c = s.geo, s.c
    fence, broken = s.fence[seat], s.broken[seat]
    bad = rules.improper(s, seat)
    cell_text = ["  .  "] * geo.num_cells
    for code in s.facs[seat]:
        for place in rules.places(code):
            if place < COMMERCIAL:
                name = c.facilities[code & 63].name[:3]
                cell_text[place] = f"x{name}x" if code & DAMAGED else f"[{name}]"
    crowd: dict[int, list[str]] = {}
    for code, wrong in zip(s.dinos[seat], bad, strict=True):
        crowd.setdefault((code >> CELL) & 15, []).append(c.species[code & SPECIES].name[:2] + ("!" if wrong else ""))
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


def _slot_mark(s, occupant: int) -> str:
    """A worker space: X a Crash Token, # a blocking token, _ free, S Synth's worker, else the seat's number."""
    if occupant == rules.SYNTH and s.coop:
        return "S"
    return {rules.CRASH: "X", -2: "#", -1: "_"}.get(occupant, str(occupant + 1))


def board_text(s, seat: int | None) -> str:
    c = s.c
    v = view(s, seat)
    out = [f"Season {s.season} of {c.numbers['seasons']} - {v['stage']}"]
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
        out.append(f"  {sp.name:<22} [{marks}]  {steps_text(c, sp.steps)}")
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
                    f"{c.facilities[f & 63].name} ({_place(s, f)}{', damaged' if f & DAMAGED else ''})"
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
