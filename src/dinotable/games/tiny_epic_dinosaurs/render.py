"""Text for Tiny Epic Dinosaurs: the seat's view, action and event texts, and the terminal board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import a, counted, listed
from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    CHOOSE,
    ESCAPE,
    FEED,
    KEEP,
    MEAT,
    NEWBORN,
    OVER,
    PLACE,
    PLANT,
    diet,
    food,
    is_common,
    unique_card,
)
from dinotable.games.tiny_epic_dinosaurs.content import DIETS, RESOURCES
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS, UNCOUNTED, amounts_text
from dinotable.games.tiny_epic_dinosaurs.escapes import escaping_now
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, members, zones
from dinotable.games.tiny_epic_dinosaurs.scoring import rival_breakdown
from dinotable.games.tiny_epic_dinosaurs.spaces import entry_strength

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

# The rulebook's seven phases, and each decision's phase among them (an escape: the phase it happens in).
PHASES = (
    "Collect Resources",
    "Allocate Dinofarmers",
    "Retrieve Dinofarmers",
    "Adapt the Farm",
    "Feed Dinosaurs",
    "Breeding",
    "Prepare for Next Round",
)
PHASE_OF = {PLACE: 1, CHOOSE: 1, ADAPT: 3, FEED: 4, NEWBORN: 5}
ESCAPE_PHASE = {ADAPT: 3, FEED: 4, NEWBORN: 5}
FACE_NAMES = ("Net", "Damage", "Egg")  # the Hunting Die's faces, as components.FACES numbers them
SYMBOL_LETTERS = "pms"  # plant, meat, supply under a Farm space
LEGEND = (
    "Farms: p plant, m meat, s supply; St Stegosaurus, Br Brachiosaurus, Ve Velociraptor, Al Allosaurus, "
    "capitals a Unique Dinosaur, * fed; edges . : dotted line, ~ water, ^ mountain, = # Barrier"
)
EDGE_TEXT = {"dotted": (".", ":"), "water": ("~", "~"), "mountain": ("^", "^"), "barrier": ("=", "#")}


def amount_text(n: int, resource: str) -> str:
    """'2 plants', '1 supply', '3 meat'."""
    return counted(n, resource, UNCOUNTED.get(resource))


def edge_words(name: str) -> str:
    """An edge of the Farm grid in words: 'D2|D3' -> 'between D2 and D3', 'A1 top' -> 'on the top of A1'."""
    if "|" in name:
        first, second = name.split("|")
        return f"between {first} and {second}"
    cell, _, side = name.partition(" ")
    return f"on the {side} of {cell}"


def food_text(diet_: int, amount: int) -> str:
    """What a dinosaur of a diet eats: '2 plants', '1 meat', '1 plant or 1 meat'."""
    foods = (("plant",), ("meat",), ("plant", "meat"))[diet_]
    return " or ".join(amount_text(amount, f) for f in foods)


def code_name(c, code: int) -> str:
    return c.species[code].name if is_common(code) else c.research[unique_card(code)].name


def holder_name(s: TinyEpicDinosaursState, h: int) -> str:
    """A holder as texts name it: its seat's name ("player 2", "Ana"), or the Rival."""
    return "Rival" if h >= s.num_players else s.game.seat_name(s, h)


def holder_key(s: TinyEpicDinosaursState, h: int) -> str:
    """A holder as the view names it, whatever names people gave ("player 2", "Rival"): boards place by it."""
    return "Rival" if h >= s.num_players else f"player {h + 1}"


def contract_text(c, k: int) -> str:
    return f"{c.contracts[k].name}: {contract_terms(c, k)}"


def contract_terms(c, k: int) -> str:
    """What a Contract needs and the VP it gives: '2 Stegosaurus and 1 Allosaurus for 7 VP'."""
    contract = c.contracts[k]
    need = [f"{v} {c.species[sp].name}" for sp, v in enumerate(contract.need) if v]
    if contract.unique:
        stays = "it stays" if contract.unique == 1 else "they stay"
        need.append(f"{counted(contract.unique, 'Unique Dinosaur')} of yours ({stays})")
    return f"{listed(need)} for {contract.vp} VP"


def research_text(c, k: int) -> str:
    return f"{c.research[k].name} ({research_terms(c, k)})"


def research_terms(c, k: int) -> str:
    """A Research card's cost, VP and effects."""
    card = c.research[k]
    bits = [f"cost {amounts_text(card.cost)}", f"{card.vp} VP"]
    if card.unique_diet >= 0:
        eats = food_text(card.unique_diet, card.unique_food)
        bits.append(f"a Unique Dinosaur, {DIETS[card.unique_diet]}, eating {eats}")
    if any(card.gain) or card.gain_dinosaur >= 0:
        gains = [amounts_text(card.gain, (*RESOURCES, "Barrier"))] if any(card.gain) else []
        if card.gain_dinosaur >= 0:
            gains.append(a(c.species[card.gain_dinosaur].name))
        bits.append("gain " + " and ".join(gains))
    if any(card.collect):
        bits.append("each round collect " + amounts_text(card.collect, (*RESOURCES, "Barrier")))
    if card.safe_hunt:
        bits.append("the Hunting Die's Damage never hurts your hunts")
    if card.market_discount:
        bits.append(f"each Dinosaur Market costs you {card.market_discount} less")
    if card.contract_bonus:
        bits.append(f"{card.contract_bonus} more VP for each Contract you fulfil")
    return "; ".join(bits)


def space_does(space) -> str:
    """What an action space does once its cost is paid, in its step kinds' words (effects.EFFECTS)."""
    return EFFECTS.text(space.actions if any(space.cost) else space.steps)


def space_terms(space) -> str:
    """What an action space costs and does: 'pay 1 plant, then take a Stegosaurus or a Brachiosaurus'."""
    if any(space.cost):
        return f"pay {amounts_text(space.cost)}, then {space_does(space)}"
    return space_does(space)


def space_name(space) -> str:
    """An action space by its name and its Action Board: 'Hunt a herbivore (Action Board A)'."""
    return f"{space.name} (Action Board {space.board})"


def space_text(c, space) -> str:
    """An action space, its Action Board, its cost and what it does."""
    return f"{space_name(space)}: {space_terms(space)}"


def reference(c) -> dict[str, str]:
    """Every component by its printed name: species, Research cards, Contracts, action spaces, Rival cards."""
    out = {
        sp.name: f"{DIETS[sp.diet]}; eats {food_text(sp.diet, sp.food)} each Feed Dinosaurs; worth {sp.value} VP "
        f"on your Farm at the end; {sp.supply} in the supply"
        for sp in c.species
    }
    out.update({card.name: f"Research card: {research_terms(c, card.index)}" for card in c.research})
    out.update(
        {k.name: f"{'Public' if k.public else 'Private'} Contract: {contract_terms(c, k.index)}" for k in c.contracts}
    )
    out.update({sp.name: f"action space on Action Board {sp.board}: {space_terms(sp)}" for sp in c.spaces})
    names = {sp.id: sp.name for sp in c.spaces}
    out.update({r.name: rival_card_text(c, r, names) for r in c.rival_cards})
    out["Rival"] = rival_rules(c)
    # The workers the Action Boards show (rulebook, Setup and "2. Allocate Dinofarmers").
    out["Dinofarmer"] = (
        "a worker in your colour: in Allocate Dinofarmers you place one on an empty action space, or on one where "
        "you then have more than the player with the most there, and perform its action; all come back in "
        "Retrieve Dinofarmers (3 to start with, a fourth received in Round 4)"
    )
    out["Foreman"] = "a special Dinofarmer: it counts as 2 normal Dinofarmers for allocation and for blocking opponents"
    return out


def rival_card_text(c, card, names: dict) -> str:
    """A Rival card: where it goes, with what strength, and what it does there (content/rival.toml)."""
    does = []
    if card.dinosaurs:
        hunts = [sp.name for sp in c.spaces if sp.id in card.spaces and any(st[0] == "hunt" for st in sp.steps)]
        roll = f" (rolling the Hunting Die on {' or '.join(hunts)})" if hunts else ""
        does.append("gains " + " and ".join(a(c.species[k].name) for k in card.dinosaurs) + roll)
    if any(card.resources):
        does.append(f"gains {amounts_text(card.resources)}")
    if card.steal:
        does.append(f"takes up to {card.steal} of the resource you have most of")
    if card.first_player:
        does.append("takes the First Player Marker")
    if card.research:
        does.append("takes the best Research card it can pay for")
    where = " or ".join(names[x] for x in card.spaces)
    return f"the Rival's card (solo), strength {card.strength}, goes to {where}; it " + ", ".join(does)


# ---------------------------------------------------------------------------------------- status
# What the seat to move is asked, by decision: (told to that seat, told to the others of `who`).
ASKED = {
    KEEP: ("choose a Private Contract to keep", "{who} chooses a Private Contract to keep"),
    PLACE: ("your turn to place a Dinofarmer", "{who} places a Dinofarmer"),
    ADAPT: ("place your Barriers and dinosaurs on your Farm", "{who} places Barriers and dinosaurs on their Farm"),
    FEED: ("feed your dinosaurs", "{who} feeds their dinosaurs"),
    ESCAPE: ("choose the escape penalty", "{who} resolves a Dinosaur Escape"),
    NEWBORN: ("place your newly hatched dinosaurs", "{who} places their newly hatched dinosaurs"),
}
# A choice on an action space, by its step kind: what is chosen (on the space named after it).
CHOSEN = {
    "hunt": "the dinosaur to hunt on",
    "dinosaur": "the dinosaur to take at",
    "research": "a Research card to take at",
    "contract": "a Contract to fulfil at",
    "trade": "what to trade at",
}


def status_text(s: TinyEpicDinosaursState, seat: int | None) -> str:
    """Where the game stands, in words, for a page: 'Round 1 of 6 - Setup: choose a Private Contract to keep',
    'Round 2 of 6 - Allocate Dinofarmers: player 2 places a Dinofarmer', 'The game is over: player 1 wins
    with 34 VP'. (The terminal keeps its shorthand, screen.status_line.)"""
    game = s.game
    if s.phase == OVER:
        winners = s.winners()
        if not winners:
            return f"The game is over: the Rival wins with {rival_breakdown(s)['total']} VP."
        who = "you win" if winners[0] == seat else f"{game.seat_name(s, winners[0])} wins"
        return f"The game is over: {who} with {s.scores()[winners[0]]} VP."
    mover = s.cur
    who = game.seat_name(s, mover)
    if s.phase == CHOOSE:
        chosen = f"{CHOSEN[s.ctx.step[0]]} {s.c.spaces[s.slots[s.ctx.slot]].name}"
        asked = f"choose {chosen}" if mover == seat else f"{who} chooses {chosen}"
    else:
        mine, theirs = ASKED[s.phase]
        asked = mine if mover == seat else theirs.format(who=who)
    return f"{stage_text(s)}: {asked}"


def stage_text(s: TinyEpicDinosaursState) -> str:
    """The Round and its phase: "Round 2 of 6 - Allocate Dinofarmers", "Round 1 of 6 - Setup"."""
    if s.phase == OVER:
        where = "End of the game"
    elif s.phase == KEEP:
        where = "Setup"
    else:
        index = ESCAPE_PHASE[s.ctx.back_to] if s.phase == ESCAPE else PHASE_OF[s.phase]
        where = PHASES[index] + (", a Dinosaur Escape" if s.phase == ESCAPE else "")
    return f"Round {s.round} of {s.c.numbers['rounds']} - {where}"


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
        who = "the Foreman" + (f" and {counted(extra, 'Dinofarmer')}" if extra else "")
    else:
        who = counted(need, "Dinofarmer")
    return f"Place {who} on {space_text(c, space)}"


def choice_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c, ids = s.c, s.ids
    if action < ids.research:
        # The step asking says how the dinosaur comes: hunted (the Hunting Die is rolled) or bought.
        verb = "Hunt" if ctx.step[0] == "hunt" else "Take"
        return f"{verb} {a(c.species[action - ids.species].name)}"
    if action < ids.contract:
        return "Take the Research card " + research_text(c, s.research_row[action - ids.research])
    if action < ids.trade:
        return _contract_choice(c, "Fulfil", action - ids.contract)
    paid, got = divmod(action - ids.trade, 3)
    return f"Trade 1 {RESOURCES[paid]} for {amount_text(ctx.step[1], RESOURCES[got])}"


def adapt_text(s: TinyEpicDinosaursState, action: int, ctx) -> str:
    c, ids = s.c, s.ids
    geo = c.geometry
    if action < ids.put:
        return f"Barrier {edge_words(geo.edge_names[action - ids.fence])}"
    if action < ids.lift:
        return put_text(s, action, ctx)
    if action < ids.done:
        cell = action - ids.lift
        code = s.space(s.cur, cell)
        return f"Lift the {code_name(c, code)} off {geo.cell_name(cell)} to move it"
    held = s.held_commons(s.cur)
    waiting = [f"{n} {c.species[k].name}" for k, n in enumerate(held) if n]
    waiting += [c.research[k].name for k in s.hold_unique[s.cur]]
    if not waiting:
        return "Done adapting the Farm"
    # The consequence: what is still in the Containment Zone escapes, with its penalties.
    n = sum(held) + len(s.hold_unique[s.cur])
    verb = "escapes" if n == 1 else "escape"
    return f"Done adapting the Farm: {', '.join(waiting)} still in the Containment Zone {verb}"


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
    food_name = "meat" if meat else "plant"
    text = f"Feed the {code_name(c, code)} on {c.geometry.cell_name(cell)} with {amount_text(amount, food_name)}"
    return text + _hungry_after(s, cell, amount, meat)


def _hungry_after(s: TinyEpicDinosaursState, cell: int, amount: int, meat: int) -> str:
    """The consequence of a feeding that leaves too little food for the dinosaurs still unfed: once the
    food runs out, every unfed dinosaur escapes."""
    c, seat = s.c, s.cur
    plants = s.resource(seat, PLANT) - (0 if meat else amount)
    meats = s.resource(seat, MEAT) - (amount if meat else 0)
    need = [0, 0, 0]  # herbivores, carnivores, omnivores (components.diet)
    fed = s.fed_spaces(seat)
    for x, code in enumerate(s.farm_spaces(seat)):
        if code >= 0 and x != cell and x not in fed:
            need[diet(c, code)] += food(c, code)
    left = plants - need[0], meats - need[1]
    if min(left) >= 0 and sum(left) >= need[2]:
        return ""
    return " (food is short: whatever stays unfed escapes)"


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
        edge = action - ids.unfence
        text = f"Remove the Barrier {edge_words(geo.edge_names[edge])} (herbivore escape penalty)"
        return text + _opened(s, edge)
    return f"Escaping omnivores count as {'carnivores' if action - ids.omni else 'herbivores'}"


def _opened(s: TinyEpicDinosaursState, edge: int) -> str:
    """What losing a Barrier does: an Enclosure no longer closed, or two made one; its fed dinosaurs stay
    but do not breed (rulebook, Herbivore Escape Penalty)."""
    c, seat = s.c, s.cur
    before = s.zones[seat]
    after = zones(c.geometry, c.farms[s.farm[seat]].dotted, s.fence[seat] & ~(1 << edge))
    cells = s.farm_spaces(seat)
    opened = [x for x, code in enumerate(cells) if is_common(code) and before[x] < OPEN <= after[x]]
    if opened:
        names = " ".join(c.geometry.cell_name(x) for x in opened)
        later = "" if s.ctx.back_to == ADAPT else " and will not breed"  # while adapting, they may move
        return f": the dinosaurs on {names} are no longer enclosed{later}"
    merged = {before[x] for x in range(len(cells)) if before[x] < OPEN and after[x] < OPEN}
    joined = {after[x] for x in range(len(cells)) if before[x] < OPEN and after[x] < OPEN}
    if len(merged) > len(joined):
        return ": two Enclosures become one"
    return ""


def _contract_choice(c, verb: str, k: int) -> str:
    return f"{verb} the {'Public' if c.contracts[k].public else 'Private'} Contract {contract_text(c, k)}"


def _cell_note(s: TinyEpicDinosaursState, cell: int) -> str:
    if s.cur < 0:
        return ""
    symbol = s.c.farms[s.farm[s.cur]].symbols[cell]
    zone = s.zones[s.cur][cell]
    where = "in the open" if zone >= OPEN else f"in Enclosure {enclosure_number(s, s.cur, zone)}"
    covers = f", covering a {RESOURCES[symbol]} symbol" if symbol >= 0 else ""
    return f" ({where}{covers})"


def enclosure_number(s: TinyEpicDinosaursState, p: int, zone: int) -> int:
    """An Enclosure's number as the board shows it: 1 for the one whose first space comes first (row by
    row), as `enclosure_names` lists them."""
    return sorted({z for z in s.zones[p] if z < OPEN}).index(zone) + 1


# ------------------------------------------------------------------------------------------- view
def component(name: str, **more) -> dict:
    """A component in the view: its printed name, and `ref`, its key in the game's reference."""
    return {"name": name, "ref": name, **more}


def contract_view(c, k: int) -> dict:
    return component(c.contracts[k].name, needs=contract_terms(c, k))


def rival_rules(c) -> str:
    """How the solo Rival plays and scores, in a few lines (rival.py, content/rival.toml)."""
    return (
        f"The Rival plays {c.rival_cards_per_round} cards a round ({c.rival_cards_from_round_4} from round "
        f"{c.numbers['new_dinofarmer_round']}), one after each of your turns: each card blocks the first free "
        "space it names, then hunts or takes dinosaurs into its columns (on Damage the dinosaur gets away), "
        "gains resources, takes what you have most of, the First Player Marker or the best Research card it "
        "can pay for; after each card it fulfils the best Public Contract its columns meet. It never feeds "
        "or breeds. It scores like you: Contracts, Research cards, and its dinosaurs at their value; "
        "you win only by beating it."
    )


def enclosure_names(s: TinyEpicDinosaursState, p: int) -> list[list[str]]:
    """Each Enclosure of a seat's Farm as its spaces' names, in the order of their first space (the state keeps
    each Farm's zones)."""
    geo, zones = s.c.geometry, s.zones[p]
    return [
        [geo.cell_name(x) for x in range(geo.num_cells) if zones[x] == z]
        for z in sorted({z for z in zones if z < OPEN})
    ]


def view(s: TinyEpicDinosaursState, seat: int | None) -> dict:
    c = s.c
    n = c.geometry.num_cells
    players = []
    scores = s.scores()
    for p in range(s.num_players):
        mine = p == seat or s.over  # every Private Contract is shown at the end
        players.append(
            {
                "farm": c.farms[s.farm[p]].name,
                # The Farm board as its content draws it, and its Enclosures by their spaces' names.
                "farm_picture": list(c.farms[s.farm[p]].picture),
                "enclosures": enclosure_names(s, p),
                "resources": dict(zip(RESOURCES, s.resources(p), strict=True)),
                "barriers": s.barriers[p],
                "fence": [c.geometry.edge_names[e] for e in members(s.fence[p])],
                "spaces": [component(code_name(c, code)) if code >= 0 else None for code in s.farm_spaces(p)],
                "fed": [c.geometry.cell_name(cell) for cell in range(n) if s.is_fed(p, cell)],
                "containment": {sp.key: s.held(p, sp.index) for sp in c.species},
                "containment_unique": [component(c.research[k].name) for k in s.hold_unique[p]],
                "medical_leave": {sp.key: s.on_leave(p, sp.index) for sp in c.species},
                "newborns": {sp.key: s.newborn(p, sp.index) for sp in c.species},
                "dinofarmers": s.normals[p],
                "foreman": s.foreman[p],
                "research": [component(c.research[k].name) for k in s.owned[p]],
                "fulfilled": [component(c.contracts[k].name) for k in s.fulfilled[p]],
                "private": [contract_view(c, k) for k in s.private[p]] if mine else len(s.private[p]),
                "dealt": [contract_view(c, k) for k in s.dealt[p]] if p == seat else len(s.dealt[p]),
                "penalties": s.penalties[p],
                "score": scores[p],
            }
        )
    last = s.last_roll
    out = {
        "round": s.round,
        "phase": s.decisions[s.phase].name,
        "current_player": s.current_player,
        "first_player": "rival" if s.first >= s.num_players else s.first,
        "species": [component(sp.name, key=sp.key) for sp in c.species],
        "supply": {sp.key: s.supply[sp.index] for sp in c.species},
        "barrier_supply": s.barrier_supply,
        "hunting_die": (
            {
                "who": holder_key(s, last[0]),
                "species": component(c.species[last[1]].name),
                "face": FACE_NAMES[last[2]],
                # the roll in words, for a page: "player 1 rolled Damage hunting an Allosaurus"
                "text": f"{holder_key(s, last[0])} rolled {FACE_NAMES[last[2]]} hunting {a(c.species[last[1]].name)}",
            }
            if last
            else None
        ),
        "action_spaces": [
            component(
                c.spaces[space].name,
                id=c.spaces[space].id,
                board=c.spaces[space].board,
                cost=amounts_text(c.spaces[space].cost) if any(c.spaces[space].cost) else "",
                does=space_does(c.spaces[space]),
                occupants={holder_key(s, x): strength for x, strength in enumerate(s.occupants(slot)) if strength},
                # whose Foreman stands here (it counts 2 of its holder's strength); one sent to Medical Leave
                # by the Hunting Die's Damage left the space with its holder's strength
                foreman=[
                    holder_key(s, p) for p in range(s.num_players) if s.foreman_at[p] == slot and s.occupant(slot, p)
                ],
            )
            for slot, space in enumerate(s.slots)
        ],
        "public_contracts": [contract_view(c, k) for k in s.public_row],
        "public_deck": len(s.public_deck),
        "private_deck": len(s.private_deck),
        "research_row": [component(c.research[k].name, terms=research_terms(c, k)) for k in s.research_row],
        "research_deck": len(s.research_deck),
        "research_discard": [component(c.research[k].name) for k in s.research_discard],
        "choice": s.ctx.step[0] if s.phase == CHOOSE else None,
        # A Dinosaur Escape interrupts a phase of the round: which one (the table goes back to it after).
        "escape_during": s.decisions[s.ctx.back_to].name if s.phase == ESCAPE else None,
        # In the phases each seat plays in turn for itself, the seats that have still to (the one to move first).
        "still_to_choose": [holder_key(s, p) for p in s.queue] if s.phase in (KEEP, ADAPT, FEED, NEWBORN) else [],
        "escaping": [component(code_name(c, code)) for code in escaping_now(s)],
        "players": players,
    }
    if s.solo:
        out["rival"] = {
            "name": "Rival",
            "ref": "Rival",
            "rules": rival_rules(c),
            "score": rival_breakdown(s)["total"],
            "columns": {sp.key: s.rival_cols[sp.index] for sp in c.species},
            "resources": dict(zip(RESOURCES, s.rival_res, strict=True)),
            "contracts": [component(c.contracts[k].name) for k in s.rival_contracts],
            "research": [component(c.research[k].name) for k in s.rival_research],
            "played": [
                component(c.rival_cards[card].name, space=c.spaces[s.slots[slot]].name if slot >= 0 else None)
                for card, slot in s.rival_played
            ],
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


def cell_parts(s: TinyEpicDinosaursState, seat: int, cell: int) -> tuple[str, str]:
    """A Farm space's dinosaur in 3 characters (its letters, * when fed; "" for none) and its symbol."""
    c = s.c
    code = s.space(seat, cell)
    symbol = c.farms[s.farm[seat]].symbols[cell]
    mark = SYMBOL_LETTERS[symbol] if symbol >= 0 else " "
    if code < 0:
        return "", mark
    letters = c.species[code].letter if is_common(code) else c.research[unique_card(code)].name[:2].upper()
    fed = "*" if s.is_fed(seat, cell) and s.phase in (FEED, ESCAPE, NEWBORN) else " "
    return f"{letters}{fed}", mark


def _cell_text(s: TinyEpicDinosaursState, seat: int, cell: int) -> str:
    dinosaur, mark = cell_parts(s, seat, cell)
    return f"{dinosaur}{mark}" if dinosaur else f"  {mark} "
