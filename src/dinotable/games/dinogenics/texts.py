"""The texts of DinoGenics: effects, facility tiles and specialists as one line each, and the text of every
action of every kind of decision (`..._text(s, action, ctx)`, joined to its decision in decisions.py).

A price in a text is read from the rules' own price functions, so a text shows what is charged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import a, counted, upper_first
from dinotable.games.dinogenics import rules
from dinotable.games.dinogenics.components import COUNTS, CREDITS, DIETS, DNA, EDNA, END_COUNTS, TRAIT_TEXTS, VISITORS
from dinotable.games.dinogenics.park import cells_of
from dinotable.games.dinogenics.rules import (
    BONEYARD,
    BUY,
    COMMERCIAL,
    DISCARD,
    KEEP,
    MUTANT_SET,
    REFINE,
    SELL,
    SET,
    SPINO,
    SYNTH,
    ChooseContext,
    CityContext,
    CreateContext,
    DestroyContext,
    DiscountContext,
    GiftContext,
    GraftContext,
    HabitatContext,
    OceanContext,
    ParkContext,
    PaymentContext,
    PickContext,
    PlacingContext,
    ShareContext,
    TargetContext,
)
from dinotable.games.dinogenics.rules.codes import facility_of
from dinotable.games.dinogenics.rules.steps import steps_text
from dinotable.games.dinogenics.step_values import amounts_text as _amounts
from dinotable.games.dinogenics.step_values import resource_count

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

BRANCHES = ("West", "East")


def _no_meeple(s: DinoGenicsState, seat: int, steps) -> str:
    """For an action that creates a dinosaur: the species the seat holds a set for but cannot create, since
    no meeple of theirs is left in the supply."""
    shorts = [value for kind, value in steps if kind == "create"]
    if not shorts:
        return ""
    gone = rules.out_of_meeples(s, seat, shorts[0])
    return "".join(f" (no {s.c.species[sp].name} meeple left)" for sp in gone)


def over_limit(s: DinoGenicsState, seat: int, more: int, own: bool = True, may: bool = False) -> str:
    """What `more` DNA cards do to the seat's hand past its limit (hand sizes and limits are open to all);
    `may`: at most `more` (a Boneyard or Market action not yet taken)."""
    limit = rules.hand_limit(s, seat)
    over = rules.hand_size(s, seat) + more - limit
    if not more or over <= 0:
        return ""
    if not own:
        return f"; the hand goes over its limit of {limit}: {counted(over, 'card')} to discard"
    if may:
        return f"; it can take your hand over its limit of {limit}: up to {counted(over, 'card')} to discard"
    return f"; your hand goes over its limit of {limit}: you will discard {over}"


def _cards_kept(steps) -> tuple[int, int]:
    """The DNA cards an action's steps add to the hand: for sure (draw and keep, a gain) and at most (with
    the Boneyard's and the Market's, which the player may stop taking)."""
    sure = most = 0
    for kind, value in steps:
        if kind in ("draw_keep", "edna_keep"):
            sure += value[1]
        elif kind in ("gain", "edna"):
            sure += sum(a for r, a in value if r in (DNA, EDNA))
        elif kind in ("boneyard", "market_buy"):
            most += value if kind == "boneyard" else value[0]
    return sure, sure + most


def _hand_note(s: DinoGenicsState, steps) -> str:
    """What an action's cards do to the mover's hand limit, if they go past it."""
    sure, most = _cards_kept(steps)
    return over_limit(s, s.cur, sure) or over_limit(s, s.cur, most, may=True)


def kind_name(c, kind: int) -> str:
    """A DNA card kind: a species, or Polymorphic DNA."""
    return c.species[kind].name if kind < len(c.species) else "Polymorphic"


def kind_key(c, kind: int) -> str:
    return c.species[kind].key if kind < len(c.species) else "polymorphic"


def facility_text(c, f: int, cost: bool = True) -> str:
    """A facility tile: its name, with its printed cost (left out where an action text gives the price
    charged), sector and effects."""
    return f"{c.facilities[f].name} ({facility_effects(c, f, cost)})"


def facility_effects(c, f: int, cost: bool = True) -> str:
    """A facility tile's printed cost, sector and effects."""
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
        gain = f"{fac.per_vp} VP" if fac.per_vp else counted(fac.per_credits, "credit")
        bits.append(f"{gain} per {c.species[fac.per_species].name} each Upkeep")
    if fac.hand_limit:
        # Cold Storage's 'Your DNA hand limit is removed' is written as 99 more cards (facilities.toml).
        bits.append("no DNA hand limit" if fac.hand_limit >= 99 else f"DNA hand limit {fac.hand_limit} more")
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
        bits.append(f"each Upkeep {resource_count(n, r)} per {COUNTS[what]}")
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
    return ", ".join(bits)


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


def _structure(s: DinoGenicsState, seat: int, struct: int) -> str:
    top = s.t.max_facilities
    if struct >= top:
        return f"the fence {fence_words(s.geo.edge_names[struct - top])}"
    code = s.facs[seat][struct]
    return f"the {s.c.facilities[facility_of(code)].name} ({place_words(s, code)})"


def and_list(names: list[str]) -> str:
    """ "A1", "A1 and A2", "A1, A2 and B1"."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def fence_words(edge: str) -> str:
    """A fence by its edge's name (the view's "A2|B2", "C2 bottom") in a sentence: "between A2 and B2", "on
    the bottom side of C2"."""
    if "|" in edge:
        first, second = edge.split("|")
        return f"between {first} and {second}"
    cell, side = edge.split(" ")
    return f"on the {side} side of {cell}"


def place_names(s: DinoGenicsState, code: int) -> list[str]:
    """Each space a facility covers, as the view names them: ["B2"], ["B2", "C2"], ["commercial 1"]."""
    return [s.geo.cell_names[x] if x < COMMERCIAL else f"commercial {x - COMMERCIAL + 1}" for x in rules.places(code)]


def place_name(s: DinoGenicsState, code: int) -> str:
    """Where a facility stands, as the view and the actions' `info` name it: "B2", "B2+C2", "commercial 1",
    "commercial 1+commercial 2"."""
    return "+".join(place_names(s, code))


def place_words(s: DinoGenicsState, code: int) -> str:
    """Where a facility stands, in a sentence: "B2", "B2 and C2", "commercial space 1", "commercial spaces 1
    and 2"."""
    names = place_names(s, code)
    if not names[0].startswith("commercial"):
        return " and ".join(names)
    numbers = [name.removeprefix("commercial ") for name in names]
    return f"commercial space {numbers[0]}" if len(numbers) == 1 else f"commercial spaces {' and '.join(numbers)}"


def _habitat_text(s: DinoGenicsState, seat: int, cell: int) -> str:
    area_of, areas = rules.regions(s, seat)
    if s.fcells[seat] >> cell & 1:
        code = rules.facility_at(s, seat, cell)
        return f"the {s.c.facilities[facility_of(code)].name} on {place_words(s, code)}"
    cells, closed = areas[area_of[cell]]
    if not closed:
        return "open space"
    names = [s.geo.cell_names[x] for x in cells_of(cells)]
    return f"the pen on {and_list(names)} ({counted(len(names), 'space')})"


def _credits(n: int) -> str:
    return "free" if n == 0 else counted(n, "credit")


def _in_park(s: DinoGenicsState, park: int) -> str:
    """A facility placed in the other branch's park (the co-op) says so."""
    return "" if park == s.cur else f" in the {BRANCHES[park]} Branch's park"


def _pen_text(s: DinoGenicsState, action: int) -> str:
    cells, perimeter, size = s.geo.rectangles[action - s.ids.pen]
    cost = bin(perimeter & ~s.fence[s.cur]).count("1")
    names = and_list([s.geo.cell_names[x] for x in cells_of(cells)])
    return f"Build a pen on {names} ({counted(size, 'space')}, {counted(cost, 'fence')})"


def _space_text(s: DinoGenicsState, action: int, own: bool = True) -> str:
    """A space and its action; for the seat to move (`own`), also the sets it holds that no meeple is left
    for, which its hand alone tells."""
    sp = s.c.spaces[action - s.ids.space]
    text = f"{sp.name}: {steps_text(sp.steps)}"
    if own:
        text += _no_meeple(s, s.cur, sp.steps) + _hand_note(s, sp.steps)
    return text


# ---------------------------------------------------------------------- each kind of decision's texts
def worker_text(s: DinoGenicsState, action: int, ctx, own: bool = True) -> str:
    if action == s.ids.airport:
        return "Private Airport: take another space's action for free"
    if action == s.ids.docks:
        return f"Docks: gift up to 2 cards to the {BRANCHES[1 - s.cur]} Branch"
    return _space_text(s, action, own)


def worker_told(s: DinoGenicsState, action: int, ctx) -> str:
    return worker_text(s, action, ctx, own=False)


def outsource_text(s: DinoGenicsState, action: int, ctx, own: bool = True) -> str:
    return f"Outsource to {_space_text(s, action, own)}"


def outsource_told(s: DinoGenicsState, action: int, ctx) -> str:
    return outsource_text(s, action, ctx, own=False)


def choose_text(s: DinoGenicsState, action: int, ctx: ChooseContext) -> str:
    text = steps_text(ctx.options[action - s.ids.option])
    return upper_first(text)  # not capitalize(): it lowercases "Open Ocean"


def create_text(s: DinoGenicsState, action: int, ctx: CreateContext) -> str:
    sp = s.c.species[action - s.ids.species]
    if sp.index == s.t.mutant:
        return f"Create a Mutant from {sp.dna - ctx.short} DNA cards of different species"
    return f"Create {a(sp.name)} ({rules.set_size(s, s.cur, sp.index, ctx.short)} DNA)"


def pick_text(s: DinoGenicsState, action: int, ctx: PickContext, own: bool = True) -> str:
    ids = s.ids
    if action == ids.done:
        return "Done"
    if action == ids.refined:
        return "Use a Refined DNA token"
    name = kind_name(s.c, action - ids.dna)
    purpose, arg = ctx.purpose, ctx.arg
    if purpose == REFINE:
        return f"Discard {a(name)} DNA card for a Refined DNA token"
    buy = "Buy" if arg else "Take"  # Site A and some cards take from the Market for free
    verb = {KEEP: "Keep", BONEYARD: "Take", BUY: buy, SELL: "Sell", DISCARD: "Discard"}.get(purpose, "Use")
    price = f" for {_credits(arg)}" if purpose in (BUY, SELL) and arg else ""
    return f"{verb} {a(name)} DNA card{price}{_keeping(s, ctx, own)}"


def _keeping(s: DinoGenicsState, ctx: PickContext, own: bool = True) -> str:
    """A card kept or taken that puts the hand over its limit: the discard it means (a keep of several
    counts every card still to keep: they are all kept)."""
    if ctx.purpose == KEEP:
        drawn = len(ctx.arg) if isinstance(ctx.arg, tuple | list) else ctx.arg
        return over_limit(s, s.cur, min(ctx.left, drawn), own)
    return over_limit(s, s.cur, 1, own) if ctx.purpose in (BONEYARD, BUY) else ""


def pick_told(s: DinoGenicsState, action: int, ctx: PickContext) -> str:
    """A pick as the other seats see it: a card kept from a draw, given to a set or refined is face down."""
    ids, purpose = s.ids, ctx.purpose
    if action == ids.done:
        return "Done"
    if purpose == KEEP:
        return "Keep one of the cards drawn" + _keeping(s, ctx, own=False)
    if purpose == REFINE:
        return "Discard a DNA card for a Refined DNA token"
    if purpose in (SET, MUTANT_SET):
        return "Give a DNA card or a Refined DNA token to the set"
    return pick_text(s, action, ctx, own=False)


def habitat_text(s: DinoGenicsState, action: int, ctx: HabitatContext) -> str:
    if action >= s.ids.pen:
        return _pen_text(s, action)
    cell = action - s.ids.cell
    text = f"Put the {s.c.species[ctx.species].name} in {_habitat_text(s, s.cur, cell)}"
    if s.t.aquatic[ctx.species]:
        return text  # aquatic dinosaurs make no placement check
    placed = (*s.dinos[s.cur], rules.dinosaur_code(ctx.species, cell, ctx.flags))
    checks = len(rules.placement_checks(s, s.cur, placed))
    return text + (f" - improper there: {counted(checks, 'rampage check')} at once" if checks else "")


def build_text(s: DinoGenicsState, action: int, ctx) -> str:
    return "Stop building" if action == s.ids.done else _pen_text(s, action)


# The City Center's facility stacks as the rulebook counts them (the first is the Basic Hotels).
STACK_ORDINALS = ("1st", "2nd", "3rd", "4th")


def stack_text(s: DinoGenicsState, action: int, ctx: DiscountContext) -> str:
    i = action - s.ids.stack
    f = rules.stack_tile(s, i)
    price = rules.facility_price(s, s.cur, f, ctx.discount)
    # Two stacks may show the same facility; which one is bought shows a different tile beneath.
    twin = any(j != i and rules.stack_tile(s, j) == f for j in range(len(s.stacks) + 1))
    where = f" from the {STACK_ORDINALS[i]} facility stack" if twin else ""
    return f"Buy {facility_text(s.c, f, cost=False)}{where} for {_credits(price)}"


def facility_cell_text(s: DinoGenicsState, action: int, ctx: PlacingContext) -> str:
    cell = s.geo.cell_names[action - s.ids.cell]
    return f"Build the {s.c.facilities[ctx.facility].name} on {cell}{_in_park(s, ctx.park)}"


def repair_text(s: DinoGenicsState, action: int, ctx: DiscountContext) -> str:
    struct = action - s.ids.structure
    price = rules.repair_price(s, s.cur, struct, ctx.discount)
    return f"Repair {_structure(s, s.cur, struct)} for {_credits(price)}"


def target_text(s: DinoGenicsState, action: int, ctx: TargetContext) -> str:
    seat, struct = s.cur, action - s.ids.structure
    text = f"The rampage damages {_structure(s, seat, struct)}"
    if struct < s.t.max_facilities:
        # A hotel's guests who no longer have a room die (damage_facility).
        rooms = s.c.facilities[facility_of(s.facs[seat][struct])].rooms
        lost = max(0, s.get(seat, VISITORS) - (rules.room(s, seat) - rooms))
        if lost:
            text += f": {counted(lost, 'visitor')} " + (
                "loses its room and dies" if lost == 1 else "lose their room and die"
            )
    return text


def card_text(s: DinoGenicsState, action: int, ctx, own: bool = True) -> str:
    card = s.c.manipulation[action - s.ids.manipulation]
    text = f"Play {card.name}: {card.text}"
    if own:
        text += _no_meeple(s, s.cur, card.steps) + _hand_note(s, card.steps)
    return text


def card_told(s: DinoGenicsState, action: int, ctx) -> str:
    return card_text(s, action, ctx, own=False)


def opponent_text(s: DinoGenicsState, action: int, ctx) -> str:
    p = action - s.ids.seat
    return "Choose Synth" if s.coop and p == SYNTH else f"Choose {s.game.seat_name(s, p)}"


def city_text(s: DinoGenicsState, action: int, ctx: CityContext) -> str:
    if action == s.ids.done:
        return "Leave the City Center"
    return rules.CITY_NAMES[action - s.ids.city_center]


def bonus_text(s: DinoGenicsState, action: int, ctx) -> str:
    return "Take no more bonus visitors" if action == s.ids.done else "Take a bonus visitor"


def mutant_text(s: DinoGenicsState, action: int, ctx) -> str:
    if action == s.ids.done:
        return "Feed no more mutants"
    return f"Feed a mutant {counted(rules.mutant_goats(s, s.cur), 'goat')} for a new mutant"


def large_text(s: DinoGenicsState, action: int, ctx: DiscountContext) -> str:
    offer = action - s.ids.large
    f = s.t.habitat_tile if offer == 0 else s.large_offer[offer - 1]
    price = rules.facility_price(s, s.cur, f, ctx.discount)
    return f"Buy {facility_text(s.c, f, cost=False)} for {_credits(price)}"


def spot_text(s: DinoGenicsState, action: int, ctx: PlacingContext) -> str:
    cell, down = divmod(action - s.ids.spot, 2)
    other = rules.spot_second(s.geo, cell, down)
    names = f"{s.geo.cell_names[cell]} and {s.geo.cell_names[other]}"
    return f"Build the {s.c.facilities[ctx.facility].name} on {names}{_in_park(s, ctx.park)}"


def ocean_text(s: DinoGenicsState, action: int, ctx: OceanContext) -> str:
    if action == s.ids.done:
        text = f"Do not pay: lose {s.c.numbers['open_ocean_vp_loss']} VP"
        # Why paying is not on offer, when it is not (all of it is open to the table).
        if not rules.aquatic_room(s, s.cur, s.t.aquatic[s.t.plesio]):
            return text + " (no Aquatic Habitat has room for a Plesiosaurus)"
        if s.get(s.cur, CREDITS) < ctx.cost:
            return text + f" (the Plesiosaurus costs {counted(ctx.cost, 'credit')})"
        return text
    return f"Pay {counted(ctx.cost, 'credit')} for a Plesiosaurus"


def claim_text(s: DinoGenicsState, action: int, ctx) -> str:
    i = action - s.ids.specialist
    sp = s.c.specialists[i]
    cost = [counted(sp.cost, "Manipulation card")]
    if i in s.contractors:
        cost.append(counted(rules.contractor_price(s), "credit"))
    does = sp.text[:1].lower() + sp.text[1:].rstrip(".")  # after the cost, in one sentence
    return f"Claim the {sp.name}: pay {' and '.join(cost)}; {does}"


def destroy_text(s: DinoGenicsState, action: int, ctx: DestroyContext) -> str:
    if action == s.ids.done:
        return "Roll the Upkeep die instead" if ctx.why == SPINO else "Feed the Mosasaur as usual"
    species, cell = divmod(action - s.ids.victim, s.geo.num_cells)
    return f"Destroy the {s.c.species[species].name} on {s.geo.cell_names[cell]}"


def graft_text(s: DinoGenicsState, action: int, ctx: GraftContext) -> str:
    if action == s.ids.done:
        return "Graft no more DNA"
    option = action - s.ids.option
    deck = "eDNA" if ctx.edna else "DNA"
    return f"Discard {option + 1} goat{'s' if option else ''} to draw {option + 1} more {deck}"


def payment_text(s: DinoGenicsState, action: int, ctx: PaymentContext) -> str:
    return f"Discard {s.c.manipulation[action - s.ids.manipulation].name}"


def payment_told(s: DinoGenicsState, action: int, ctx: PaymentContext) -> str:
    return "Discard a Manipulation card"  # face down: the others see only that one goes


def team_order_text(s: DinoGenicsState, action: int, ctx) -> str:
    return f"The {BRANCHES[action - s.ids.seat]} Branch places first"


def share_text(s: DinoGenicsState, action: int, ctx: ShareContext) -> str:
    return f"A shared visitor to the {BRANCHES[action - s.ids.seat]} Branch's park"


def park_text(s: DinoGenicsState, action: int, ctx: ParkContext) -> str:
    p = action - s.ids.seat
    return "Put it in your park" if p == s.cur else f"Put it in the {BRANCHES[p]} Branch's park (1 credit)"


def gift_text(s: DinoGenicsState, action: int, ctx: GiftContext) -> str:
    ids, to = s.ids, BRANCHES[1 - s.cur]
    if action == ids.done:
        return "Gift no more cards"
    if action < ids.manipulation:
        return f"Gift {a(kind_name(s.c, action - ids.dna))} DNA card to the {to} Branch"
    return f"Gift {s.c.manipulation[action - ids.manipulation].name} to the {to} Branch"


def gift_told(s: DinoGenicsState, action: int, ctx: GiftContext) -> str:
    """A gift as the table sees it: a card passes face down (the branch receiving it learns which)."""
    ids, to = s.ids, BRANCHES[1 - s.cur]
    if action == ids.done:
        return "Gift no more cards"
    deck = "DNA" if action < ids.manipulation else "Manipulation"
    return f"Gift a {deck} card to the {to} Branch"


def species_text(c, k: int) -> str:
    """A species as its reference reads: diet, Dinosaur Value, reputation, habitat, DNA, goats, trait."""
    sp = c.species[k]
    where = (
        f"fills {counted(sp.aquatic, 'Aquatic Habitat space')}"
        if sp.aquatic
        else f"a pen of {counted(sp.pen, 'space')}"
        if sp.pen
        else "open space"
    )
    bits = [DIETS[sp.diet], f"{sp.vp} Dinosaur Value", f"{sp.reputation} reputation", where]
    bits += [f"a set of {counted(sp.dna, 'DNA card')}", f"eats {counted(sp.goats, 'goat')}"]
    return "; ".join(bits) + (f"; {TRAIT_TEXTS[sp.trait]}" if sp.trait else "")


def reference(c) -> dict[str, str]:
    """Every component by its printed name: species, facilities, Manipulation cards, specialists, Mainland
    spaces and Breaking News."""
    out = {sp.name: species_text(c, sp.index) for sp in c.species}
    out.update({f.name: facility_effects(c, f.index) for f in c.facilities})
    out.update({m.name: f"Manipulation card: {m.text}" for m in c.manipulation})
    out.update(
        {sp.name: f"specialist, claimed for {counted(sp.cost, 'Manipulation card')}: {sp.text}" for sp in c.specialists}
    )
    out.update({sp.name: f"Mainland space: {steps_text(sp.steps)}" for sp in c.spaces if not sp.news})
    out.update({f"Breaking News {n.number}: {n.name}": n.text for n in c.news if n.number})
    return out
