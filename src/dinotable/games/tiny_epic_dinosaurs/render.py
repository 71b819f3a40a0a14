"""Text for Tiny Epic Dinosaurs: the seat's view, action and event texts, and the terminal board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import a, counted
from dinotable.games.tiny_epic_dinosaurs.components import CHOOSE, ESCAPE, FEED, NEWBORN, food, is_common, unique_card
from dinotable.games.tiny_epic_dinosaurs.content import DIETS, RESOURCES
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS, amounts_text
from dinotable.games.tiny_epic_dinosaurs.escapes import escaping_now
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, members
from dinotable.games.tiny_epic_dinosaurs.spaces import entry_strength

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

SYMBOL_LETTERS = "pms"  # plant, meat, supply under a Farm space
LEGEND = (
    "Farms: p plant, m meat, s supply; St Stegosaurus, Br Brachiosaurus, Ve Velociraptor, Al Allosaurus, "
    "capitals a Unique Dinosaur, * fed; edges . : dotted line, ~ water, ^ mountain, = # Barrier"
)
EDGE_TEXT = {"dotted": (".", ":"), "water": ("~", "~"), "mountain": ("^", "^"), "barrier": ("=", "#")}


def code_name(c, code: int) -> str:
    return c.species[code].name if is_common(code) else c.research[unique_card(code)].name


def holder_name(s: TinyEpicDinosaursState, h: int) -> str:
    return "Rival" if h >= s.num_players else f"player {h + 1}"


def contract_text(c, k: int) -> str:
    return f"{c.contracts[k].name}: {contract_terms(c, k)}"


def contract_terms(c, k: int) -> str:
    """What a Contract needs and the VP it gives."""
    contract = c.contracts[k]
    need = [f"{v} {c.species[sp].name}" for sp, v in enumerate(contract.need) if v]
    if contract.unique:
        need.append(f"{contract.unique} Unique Dinosaur of yours (it stays)")
    return f"{' + '.join(need)} -> {contract.vp} VP"


def research_text(c, k: int) -> str:
    return f"{c.research[k].name} ({research_terms(c, k)})"


def research_terms(c, k: int) -> str:
    """A Research card's cost, VP and effects."""
    card = c.research[k]
    bits = [f"cost {amounts_text(card.cost)}", f"{card.vp} VP"]
    if card.unique_diet >= 0:
        bits.append(f"Unique {('herbivore', 'carnivore', 'omnivore')[card.unique_diet]}, eats {card.unique_food}")
    if any(card.gain) or card.gain_dinosaur >= 0:
        gains = [amounts_text(card.gain, (*RESOURCES, "barriers"))] if any(card.gain) else []
        if card.gain_dinosaur >= 0:
            gains.append(c.species[card.gain_dinosaur].name)
        bits.append("gain " + ", ".join(gains))
    if any(card.collect):
        bits.append("each round collect " + amounts_text(card.collect, (*RESOURCES, "barriers")))
    if card.safe_hunt:
        bits.append("hunts never hurt")
    if card.market_discount:
        bits.append(f"Market costs {card.market_discount} less")
    if card.contract_bonus:
        bits.append(f"+{card.contract_bonus} VP per Contract")
    return "; ".join(bits)


def space_text(c, space) -> str:
    """An action space and its steps, each in its step kind's words (effects.EFFECTS)."""
    return f"{space.board}: {space.name} ({EFFECTS.text(space.steps)})"


def reference(c) -> dict[str, str]:
    """Every component by its printed name: species, Research cards, Contracts, action spaces, Rival cards."""
    food = ("plant", "meat", "plant or meat")
    out = {
        sp.name: f"{DIETS[sp.diet]}; eats {sp.food} {food[sp.diet]} each Feed Dinosaurs; worth {sp.value} VP "
        f"on your Farm at the end; {sp.supply} in the supply"
        for sp in c.species
    }
    out.update({card.name: f"Research card: {research_terms(c, card.index)}" for card in c.research})
    out.update(
        {k.name: f"{'Public' if k.public else 'Private'} Contract: {contract_terms(c, k.index)}" for k in c.contracts}
    )
    out.update({sp.name: f"action space {space_text(c, sp)}" for sp in c.spaces})
    names = {sp.id: sp.name for sp in c.spaces}
    out.update(
        {r.name: "the Rival's card (solo), goes to " + " or ".join(names[x] for x in r.spaces) for r in c.rival_cards}
    )
    return out


# --------------------------------------------------------------------------------------- actions
# One text function per decision (decisions.py registers them), for the ids that decision offers.
def keep_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    return _contract_choice(s.c, "Keep", action - s.ids.contract)


def keep_told(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    return "Keep one Private Contract"  # the others see a card kept, face down


def adapt_told(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    return "Work on their Farm"  # everyone adapts at once: the others see the Farm when all are done


def put_told(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    return "Place a newly hatched dinosaur on their Farm"  # as in Adapt the Farm, seen when all are done


def place_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c = s.c
    slot, foreman = divmod(action - s.ids.place, 2)
    space = c.spaces[s.slots[slot]]
    need = entry_strength(s.occupants(slot))
    if foreman:
        extra = max(0, need - c.numbers["foreman_strength"])
        who = "the Foreman" + (f" and {extra} Dinofarmer{'s' if extra > 1 else ''}" if extra else "")
    else:
        who = f"{need} Dinofarmer{'s' if need > 1 else ''}"
    return f"{who} to {space_text(c, space)}"


def choice_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c, ids = s.c, s.ids
    if action < ids.research:
        return c.species[action - ids.species].name
    if action < ids.contract:
        return "Research: " + research_text(c, s.research_row[action - ids.research])
    if action < ids.trade:
        return _contract_choice(c, "Fulfil", action - ids.contract)
    a, b = divmod(action - ids.trade, 3)
    return f"Trade 1 {RESOURCES[a]} for {ctx.step[1]} {RESOURCES[b]}"


def adapt_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c, ids = s.c, s.ids
    geo = c.geometry
    if action < ids.put:
        return f"Barrier on {geo.edge_names[action - ids.fence]}"
    if action < ids.lift:
        return put_text(s, action, ctx)
    if action < ids.done:
        cell = action - ids.lift
        code = s.space(s.cur, cell)
        return f"Lift the {code_name(c, code)} off {geo.cell_name(cell)} to move it"
    waiting = sum(s.held_commons(s.cur)) + len(s.hold_unique[s.cur])
    return "Done adapting the Farm" + (f" ({waiting} waiting dinosaur(s) escape)" if waiting else "")


def put_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    """A waiting, newly hatched or Unique Dinosaur onto a Farm space."""
    c, ids = s.c, s.ids
    n = c.geometry.num_cells
    if action < ids.put_unique:
        k, cell = divmod(action - ids.put, n)
        name = c.species[k].name
    else:
        card, cell = divmod(action - ids.put_unique, n)
        name = c.research[card].name
    return f"{name} on {c.geometry.cell_name(cell)}{_cell_note(s, cell)}"


def feed_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c = s.c
    cell, meat = divmod(action - s.ids.feed, 2)
    code = s.space(s.cur, cell)
    amount = food(c, code)
    return f"Feed the {code_name(c, code)} on {c.geometry.cell_name(cell)} {amount} {'meat' if meat else 'plant'}"


def escape_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c, ids = s.c, s.ids
    geo = c.geometry
    if action < ids.eat_common:
        cell = action - ids.eat
        code = s.space(s.cur, cell)
        return f"The escaping carnivore takes the {code_name(c, code)} on {geo.cell_name(cell)}"
    if action < ids.eat_unique:
        return f"The escaping carnivore takes an escaping {c.species[action - ids.eat_common].name}"
    if action < ids.unfence:
        return f"The escaping carnivore takes the escaping {c.research[action - ids.eat_unique].name}"
    if action < ids.omni:
        return f"Remove the Barrier on {geo.edge_names[action - ids.unfence]} (herbivore escape penalty)"
    return f"Escaping omnivores count as {'carnivores' if action - ids.omni else 'herbivores'}"


def _contract_choice(c, verb: str, k: int) -> str:
    return f"{verb} {'Public' if c.contracts[k].public else 'Private'} Contract {contract_text(c, k)}"


def _cell_note(s: TinyEpicDinosaursState, cell: int) -> str:
    if s.cur < 0:
        return ""
    symbol = s.c.farms[s.farm[s.cur]].symbols[cell]
    zone = s.zones[s.cur][cell]
    where = "open area" if zone >= OPEN else f"Enclosure {s.c.geometry.cell_name(zone)}"
    covers = f", covers a {RESOURCES[symbol]}" if symbol >= 0 else ""
    return f" ({where}{covers})"


# ----------------------------------------------------------------------------------------- events
def event_text(s: TinyEpicDinosaursState, event) -> str:
    """An event as the table tells it, in the printed names (EVENT_TEXTS: a text per kind of event)."""
    who = holder_name(s, event.seat) if event.seat is not None else "the Rival"
    text = EVENT_TEXTS[event.kind](s, who, event.detail)
    return text[:1].upper() + text[1:]


def _dinosaur(s: TinyEpicDinosaursState, key: str) -> str:
    """A dinosaur named in an event: a species key, or a Unique Dinosaur's card name (code_key)."""
    return next((sp.name for sp in s.c.species if sp.key == key), key)


def _space_name(s: TinyEpicDinosaursState, space_id: str) -> str:
    space = next(sp for sp in s.c.spaces if sp.id == space_id)
    return f"{space.board}: {space.name}"


def _hunt_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    roll = {"net": "Net", "egg": "Egg: a second one", "damage": "Damage"}[d["face"]]
    harm = " (the Security Crew keeps everyone safe)" if d.get("safe") else ""
    return f"{who} hunts {a(_dinosaur(s, d['species']))} and rolls {roll}{harm}"


_FOOD = ("plant", "meat")
# (s, who, detail) -> the text; conformance checks that every event a game plays has one.
EVENT_TEXTS = {
    "round": lambda s, who, d: f"-- Round {d['round']} --",
    "collect": lambda s, who, d: f"{who} collects {amounts_text((d['plant'], d['meat'], d['supply']))}",
    "place": lambda s, who, d: (
        f"{who} places {counted(d['dinofarmers'], 'Dinofarmer')}"
        + (" and the Foreman" if d["foreman"] else "")
        + f" on {_space_name(s, d['space'])}"
    ),
    "hunt": _hunt_text,
    "rival_hunt": _hunt_text,
    "rival": lambda s, who, d: (
        f"the Rival plays {d['card']}" + (f" on {_space_name(s, d['space'])}" if d["space"] else "")
    ),
    "rival_steal": lambda s, who, d: f"the Rival takes {d['amount']} {d['resource']} from the player",
    "rival_research": lambda s, who, d: f"the Rival takes the Research card {d['card']}",
    "rival_contract": lambda s, who, d: f"the Rival fulfils {d['contract']} ({d['vp']} VP)",
    "escape": lambda s, who, d: f"{who}'s dinosaurs escape: {', '.join(_dinosaur(s, k) for k in d['dinosaurs'])}",
    "eaten": lambda s, who, d: f"{who}'s {_dinosaur(s, d['dinosaur'])} is eaten",
    "barrier_removed": lambda s, who, d: f"{who} removes the Barrier on {d['edge']}",
    "breed": lambda s, who, d: f"{who}'s dinosaurs breed: " + ", ".join(f"{n} {_dinosaur(s, k)}" for k, n in d.items()),
    "feed": lambda s, who, d: f"{who} feeds the {_dinosaur(s, d['dinosaur'])} on {d['space']} with {_FOOD[d['meat']]}",
    "feed_all": lambda s, who, d: f"{who} feeds every dinosaur ({d['plant']} plant, {d['meat']} meat)",
    "keep": lambda s, who, d: f"{who} keeps a Private Contract",
    "contract": lambda s, who, d: f"{who} fulfils {d['contract']} ({d['vp']} VP)",
    "research": lambda s, who, d: f"{who} takes the Research card {d['card']}",
    "dinosaur": lambda s, who, d: f"{who} takes {a(_dinosaur(s, d['species']))}",
    "trade": lambda s, who, d: f"{who} trades 1 {RESOURCES[d['paid']]} for {d['amount']} {RESOURCES[d['gained']]}",
    "first_player": lambda s, who, d: f"{who} takes the First Player Marker",
    "gain": lambda s, who, d: (
        f"{who} gains " + amounts_text((d["plant"], d["meat"], d["supply"], d["barriers"]), (*RESOURCES, "barriers"))
    ),
    "game_over": lambda s, who, d: "The game is over: final scores",
}


# ------------------------------------------------------------------------------------------- view
def view(s: TinyEpicDinosaursState, seat: int | None) -> dict:
    c = s.c
    n = c.geometry.num_cells
    players = []
    for p in range(s.num_players):
        mine = p == seat
        players.append(
            {
                "farm": c.farms[s.farm[p]].name,
                "resources": dict(zip(RESOURCES, s.resources(p), strict=True)),
                "barriers": s.barriers[p],
                "fence": [c.geometry.edge_names[e] for e in members(s.fence[p])],
                "spaces": [code_name(c, code) if code >= 0 else None for code in s.farm_spaces(p)],
                "fed": [c.geometry.cell_name(cell) for cell in range(n) if s.is_fed(p, cell)],
                "containment": {sp.key: s.held(p, sp.index) for sp in c.species},
                "containment_unique": [c.research[k].name for k in s.hold_unique[p]],
                "medical_leave": {sp.key: s.on_leave(p, sp.index) for sp in c.species},
                "newborns": {sp.key: s.newborn(p, sp.index) for sp in c.species},
                "dinofarmers": s.normals[p],
                "foreman": s.foreman[p],
                "research": [c.research[k].name for k in s.owned[p]],
                "fulfilled": [c.contracts[k].name for k in s.fulfilled[p]],
                "private": [c.contracts[k].name for k in s.private[p]] if mine else len(s.private[p]),
                "dealt": [c.contracts[k].name for k in s.dealt[p]] if mine else len(s.dealt[p]),
                "penalties": s.penalties[p],
            }
        )
    out = {
        "round": s.round,
        "phase": s.decisions[s.phase].name,
        "current_player": s.current_player,
        "first_player": "rival" if s.first >= s.num_players else s.first,
        "supply": {sp.key: s.supply[sp.index] for sp in c.species},
        "barrier_supply": s.barrier_supply,
        "action_spaces": [
            {
                "id": c.spaces[space].id,
                "occupants": {holder_name(s, x): strength for x, strength in enumerate(s.occupants(slot)) if strength},
            }
            for slot, space in enumerate(s.slots)
        ],
        "public_contracts": [c.contracts[k].name for k in s.public_row],
        "public_deck": len(s.public_deck),
        "private_deck": len(s.private_deck),
        "research_row": [c.research[k].name for k in s.research_row],
        "research_deck": len(s.research_deck),
        "research_discard": [c.research[k].name for k in s.research_discard],
        "choice": s.ctx.step[0] if s.phase == CHOOSE else None,
        "escaping": [code_name(c, code) for code in escaping_now(s)],
        "players": players,
    }
    if s.solo:
        out["rival"] = {
            "columns": {sp.key: s.rival_cols[sp.index] for sp in c.species},
            "resources": dict(zip(RESOURCES, s.rival_res, strict=True)),
            "contracts": [c.contracts[k].name for k in s.rival_contracts],
            "research": [c.research[k].name for k in s.rival_research],
            "cards_left": s.rival_hand,
        }
    return out


# ------------------------------------------------------------------------------------------ board
def farm_lines(s: TinyEpicDinosaursState, seat: int) -> list[str]:
    """A Farm as a grid: each space shows its dinosaur (two letters, * when fed) and its symbol."""
    geo = s.c.geometry
    kinds = _edge_kinds(s, seat)
    at = geo.picture_edges
    lines = ["     " + "".join(f"  {'ABCDEFGH'[x]}  " for x in range(geo.cols))]
    for y in range(geo.rows + 1):
        lines.append("    +" + "".join(EDGE_TEXT[kinds[at[2 * y][2 * x + 1]]][0] * 4 + "+" for x in range(geo.cols)))
        if y == geo.rows:
            break
        row = f"  {y + 1} "
        for x in range(geo.cols + 1):
            row += EDGE_TEXT[kinds[at[2 * y + 1][2 * x]]][1]
            if x < geo.cols:
                row += _cell_text(s, seat, y * geo.cols + x)
        lines.append(row)
    return lines


def _edge_kinds(s: TinyEpicDinosaursState, seat: int) -> list[str]:
    kinds = s.c.farms[s.farm[seat]].edge_kinds
    return ["barrier" if s.has_barrier(seat, e) else k for e, k in enumerate(kinds)]


def _cell_text(s: TinyEpicDinosaursState, seat: int, cell: int) -> str:
    c = s.c
    code = s.space(seat, cell)
    symbol = c.farms[s.farm[seat]].symbols[cell]
    mark = SYMBOL_LETTERS[symbol] if symbol >= 0 else " "
    if code < 0:
        return f"  {mark} "
    letters = c.species[code].letter if is_common(code) else c.research[unique_card(code)].name[:2].upper()
    fed = "*" if s.is_fed(seat, cell) and s.phase in (FEED, ESCAPE, NEWBORN) else " "
    return f"{letters}{fed}{mark}"


def board_text(s: TinyEpicDinosaursState, seat: int | None) -> str:
    c = s.c
    v = view(s, seat)
    out = [f"Round {s.round} of {c.numbers['rounds']} - {s.decisions[s.phase].name}"]
    first = holder_name(s, s.first)
    out.append(f"First Player Marker: {first}")
    out.append("Action Boards:")
    for slot, space in enumerate(s.slots):
        here = [f"{holder_name(s, x)} x{strength}" for x, strength in enumerate(s.occupants(slot)) if strength]
        out.append(f"  {space_text(c, c.spaces[space])}" + (f"  [{', '.join(here)}]" if here else ""))
    out.append("Public Contracts: " + ("; ".join(contract_text(c, k) for k in s.public_row) or "none"))
    out.append("Research row: " + ("; ".join(research_text(c, k) for k in s.research_row) or "none"))
    out.append(
        "Supply: " + ", ".join(f"{sp.name} {s.supply[sp.index]}" for sp in c.species) + f", Barriers {s.barrier_supply}"
    )
    for p in range(s.num_players):
        pv = v["players"][p]
        out.append("")
        out.append(
            f"{holder_name(s, p)} - Farm {pv['farm']} - "
            + ", ".join(f"{k} {x}" for k, x in pv["resources"].items())
            + f", barriers {pv['barriers']}, Dinofarmers {pv['dinofarmers']}"
            + (" + Foreman" if pv["foreman"] else "")
        )
        out.extend(farm_lines(s, p))
        zones = s.zones[p]
        names = []
        for z in sorted({z for z in zones if z < OPEN}):
            cells = [c.geometry.cell_name(x) for x in range(c.geometry.num_cells) if zones[x] == z]
            names.append("{" + " ".join(cells) + "}")
        out.append("  Enclosures: " + (", ".join(names) or "none"))
        held = [f"{x} {k.capitalize()}" for k, x in pv["containment"].items() if x] + pv["containment_unique"]
        if held:
            out.append("  Containment Zone: " + ", ".join(held))
        if pv["research"]:
            out.append("  Research: " + ", ".join(pv["research"]))
        done = pv["fulfilled"]
        out.append(f"  Contracts fulfilled: {', '.join(done) or 'none'}")
        if p == seat or s.over:  # your own Private Contracts (all of them at the end), with their needs and VP
            out.extend(f"  Private Contract {contract_text(c, k)}" for k in s.private[p])
        else:
            out.append(f"  Private Contracts: {counted(len(s.private[p]), 'card')}, face down")
    if s.solo:
        r = v["rival"]
        out.append("")
        out.append(
            "Rival: "
            + ", ".join(f"{k.capitalize()} {x}" for k, x in r["columns"].items())
            + f"; resources {r['resources']}; contracts {r['contracts']}; research {r['research']}"
            + f"; cards left this round {r['cards_left']}"
        )
    if escaping_now(s):
        out.append("Escaping: " + ", ".join(v["escaping"]))
    out.append("")
    out.append(LEGEND)
    return "\n".join(out)
