"""Why a target of the board cannot be chosen: the board's targets of the open decision (`targets`) and, for
each one no legal action touches, the rule that refuses it (`unavailable`), in a sentence a player reads.

The targets are named as the decisions' `info` names them (decisions.py, one level up): the worker spaces
({"space": key}), the Private Airport ({"facility", "place"}), the co-op's docks ({"docks": branch}); a
choice's options ({"option": i}: the HQ's three actions among them); the City Center's choices ({"choice":
...}); its stacks ({"from": "basic_hotels"}, {"from": "stacks", "stack": i}); the HQ's offer ({"from":
"aquatic_habitats"}, {"from": "large_offer", "offer": i}); the specialists ({"specialist": key}).

Each reason follows the legality code it explains, check for check in the same order: a space's place
(`placements`: open, a free worker space, then `can` of its steps), Outsource's (`outsource_spaces`), a
choice's (`can`), the City Center's (`city_choices`), the offers' (`offers`, `large_offers`, `claimable`).
Where several refuse a target, the one a player looks at first is given: the scenario or the Breaking News
that closes a space, then its worker spaces, then what its action needs. Front ends and the conformance
check call this; the rules never do, so `legal_actions` and `apply` pay nothing for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import counted
from dinotable.games.dinogenics.components import CREDITS
from dinotable.games.dinogenics.rules.allowed import (
    can_place,
    claimable,
    contractor_price,
    facility_price,
    market_price,
    out_of_meeples,
    space_open,
    stack_tile,
)
from dinotable.games.dinogenics.rules.codes import (
    AIRPORT_USED,
    BUY_CHOICE,
    CHOOSE,
    CITY,
    CITY_CHOICES,
    CITY_NAMES,
    COMMERCIAL,
    CRASH,
    DRAWN_STACKS,
    FACILITY,
    FACILITY_CHOICE,
    FENCE_CHOICE,
    JOB,
    LARGE,
    OUTSOURCE,
    PLACE,
    REPAIR_CHOICE,
    SELL_CHOICE,
    facility_of,
    is_damaged,
    places,
)
from dinotable.games.dinogenics.rules.reading import hand_size, owns
from dinotable.games.dinogenics.rules.steps import EFFECTS, can, steps_text

if TYPE_CHECKING:
    from dinotable.games.dinogenics.components import Space
    from dinotable.games.dinogenics.state import DinoGenicsState

# The City Center's stacks as the texts number them: the Basic Hotels are the 1st.
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
# What a reason says when none of the rules below explains a refusal (tests check it is never given).
UNEXPLAINED = "it cannot be chosen now"


# ------------------------------------------------------------------------------------------ the targets
def targets(s: DinoGenicsState) -> list[dict]:
    """The board's targets of the open decision, in the order the board shows them; [] for a decision made
    elsewhere (a pick of cards, a park space...)."""
    phase, seat = s.phase, s.cur
    if phase == PLACE:
        out: list[dict] = [{"space": sp.key} for sp in _board_spaces(s)]
        airport = _airport(s, seat)
        if airport is not None:
            out.append(_place_of(s, airport))
        if s.coop:
            out.append({"docks": 1 - seat})
        return out
    if phase == OUTSOURCE:
        return [{"space": sp.key} for sp in _board_spaces(s)]
    if phase == CHOOSE:
        return [{"option": i} for i in range(len(s.ctx.options))]
    if phase == CITY:
        return [{"choice": choice} for choice in CITY_CHOICES]
    if phase == FACILITY:
        stacks: list[dict] = [{"from": "stacks", "stack": i} for i in range(DRAWN_STACKS)]
        return [{"from": "basic_hotels"}, *stacks]
    if phase == LARGE:
        offer = [{"from": "large_offer", "offer": i} for i, f in enumerate(s.large_offer) if f >= 0]
        return [{"from": "aquatic_habitats"}, *offer]
    if phase == JOB:
        return [{"specialist": s.c.specialists[i].key} for i in (*s.job_market, *s.contractors)]
    return []


def unavailable(s: DinoGenicsState) -> list[dict]:
    """Each target of `targets` that no legal action touches, with the reason the rules refuse it."""
    infos = [s.action_info(a) for a in s.legal_actions()]
    out = []
    for target in targets(s):
        if not any(all(info.get(k) == v for k, v in target.items()) for info in infos):
            out.append({"target": target, "reason": reason(s, target) or UNEXPLAINED})
    return out


def reason(s: DinoGenicsState, target: dict) -> str | None:
    """Why the seat to move cannot choose this target of the open decision (None: no rule below refuses it)."""
    seat, phase = s.cur, s.phase
    if "space" in target:
        sp = s.c.spaces[s.c.space_index(target["space"])]
        return _outsource_reason(s, seat, sp) if phase == OUTSOURCE else _place_reason(s, seat, sp)
    if "docks" in target:
        return _docks_reason(s, seat)
    if "facility" in target:
        return _airport_reason(s, seat)
    if "option" in target:
        option = s.ctx.options[target["option"]]
        why = refusal(s, seat, option, s.get(seat, CREDITS))
        return why and f"{_capital(steps_text(option))}: {why}"
    if "choice" in target:
        return _city_reason(s, seat, CITY_CHOICES.index(target["choice"]))
    if target.get("from") in ("basic_hotels", "stacks"):
        i = 0 if target["from"] == "basic_hotels" else target["stack"] + 1
        return _stack_reason(s, seat, i)
    if "from" in target:
        offer = 0 if target["from"] == "aquatic_habitats" else target["offer"] + 1
        return _large_reason(s, seat, offer)
    if "specialist" in target:
        return _specialist_reason(s, seat, target["specialist"])
    return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _board_spaces(s: DinoGenicsState) -> list[Space]:
    """The worker spaces on the table: the Mainland's, IntelliGen Designs' with the expansion, and the one a
    Breaking News card in effect prints (as the view's `mainland` lists them)."""
    return [sp for sp in s.c.spaces if (s.expansion or not sp.expansion) and (not sp.news or space_open(s, sp.index))]


# ------------------------------------------------------------------------------ placing a worker
def _closed(s: DinoGenicsState, sp: Space, outsourced: bool = False) -> str | None:
    """A scenario that forbids the space (`outsourced`: through Outsource too, a designed rule), or the
    Breaking News card that shuts it this Season."""
    if s.scenario and sp.index in s.scenario.forbidden:
        if outsourced:
            return f"{sp.name}: this scenario forbids it, through Outsource too"
        return f"{sp.name}: you may not play workers there in this scenario"
    if s.active >= 0 and s.c.news[s.active].closed == sp.index:
        card = s.c.news[s.active]
        which = f"Breaking News {card.number}, {card.name}" if card.number else f"Chaos Theory card {card.name}"
        return f"{sp.name}: closed this Season by {which}"
    return None


def _full(s: DinoGenicsState, sp: Space) -> str | None:
    """None if a worker space of this action space is free; otherwise what covers them: workers, Crash
    Tokens, blocking tokens."""
    slots = s.occ[s.slot0[sp.index] : s.slot0[sp.index] + sp.slots]
    if -1 in slots:
        return None
    uncovered = [x for x in slots if x != -2]  # -2: a blocking token
    taken, crashed = sum(x >= 0 for x in uncovered), uncovered.count(CRASH)
    n = len(uncovered)
    if not n:
        return f"{sp.name}: blocking tokens cover every worker space"
    if not crashed:
        if n == 1:
            what = (
                "its only worker space without a blocking token is taken"
                if len(slots) > 1
                else "its worker space is taken"
            )
        else:
            what = "both worker spaces are taken" if n == 2 else f"all {n} worker spaces are taken"
    elif not taken:
        what = "a Crash Token closes its worker space" if n == 1 else "Crash Tokens close its worker spaces"
    else:
        what = f"{counted(taken, 'worker space')} taken and {crashed} closed by a Crash Token"
    return f"{sp.name}: {what}"


def _place_reason(s: DinoGenicsState, seat: int, sp: Space) -> str | None:
    """`placements`: the space is open, has a free worker space, and its action can be done."""
    why = _closed(s, sp) or _full(s, sp)
    if why:
        return why
    why = refusal(s, seat, sp.steps, s.get(seat, CREDITS))
    return why and f"{sp.name}: {why}"


def _outsource_reason(s: DinoGenicsState, seat: int, sp: Space) -> str | None:
    """`outsource_spaces`: another open space, not a Breaking News card's, whose action can be done (an
    occupied space too)."""
    if sp.index == s.outsource:
        return f"{sp.name}: Outsource takes another space's action, not its own"
    closed = _closed(s, sp, outsourced=True)
    if closed:
        return closed
    if sp.news:
        return f"{sp.name}: a Breaking News card's space cannot be outsourced"
    why = refusal(s, seat, sp.steps, s.get(seat, CREDITS), 1)
    return why and f"{sp.name}: {why}"


def _airport(s: DinoGenicsState, seat: int) -> int | None:
    """The seat's Private Airport (an undamaged one first, as a worker sent there uses), or None."""
    airports = [f for f in s.facs[seat] if s.c.facilities[facility_of(f)].airport] if s.expansion else []
    airports.sort(key=is_damaged)
    return airports[0] if airports else None


def _place_of(s: DinoGenicsState, code: int) -> dict:
    """A facility as the worker's `info` names it: its key and its place ("commercial 1+commercial 2", as
    texts.place_name writes it)."""
    names = [s.geo.cell_names[x] if x < COMMERCIAL else f"commercial {x - COMMERCIAL + 1}" for x in places(code)]
    return {"facility": s.c.facilities[facility_of(code)].key, "place": "+".join(names)}


def _airport_reason(s: DinoGenicsState, seat: int) -> str:
    """`airport_open`: an undamaged Private Airport, not used this Season, and an action Outsource can take."""
    if not owns(s, seat, "airport"):
        return "Private Airport: it is damaged"
    if s.get(seat, AIRPORT_USED):
        return "Private Airport: you have used it this Season"
    return "Private Airport: no other space's action can be taken"


def _docks_reason(s: DinoGenicsState, seat: int) -> str:
    """synth.docks_open: the other branch's docks, once a Season, with a card to gift."""
    other = f"The {('West', 'East')[1 - seat]} Branch's docks"
    if s.docks_used >> (1 - seat) & 1:
        return f"{other}: a worker has used them this Season"
    return f"{other}: you have no card to gift"


# --------------------------------------------------------------------------------- effect steps
def refusal(s: DinoGenicsState, seat: int, steps: tuple, budget: int, depth: int = 0) -> str | None:
    """Why `can` refuses these steps: the first step that cannot be done, in words; None if they can."""
    for kind, value in steps:
        if kind == "pay":
            budget -= value
            if budget < 0:
                return f"you cannot pay {counted(value, 'credit')}"
        elif kind == "choose":
            if not any(can(s, seat, option, budget, depth) for option in value):
                each = "; ".join(f"{steps_text(o)}: {refusal(s, seat, o, budget, depth)}" for o in value)
                return f"none of its choices can be done ({each})"
        elif not EFFECTS.kinds[kind].can(s, seat, value, budget, depth):
            return _STEP_REASONS[kind](s, seat, value, budget, depth)
    return None


def _no_room(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    return "your park has no room for a visitor"


def _market(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    if not s.market:
        return "the DNA Market is empty"
    return f"you cannot pay {counted(value[1], 'credit')} for a DNA card"


def _create(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    """`can_create`: a set in hand, a habitat for it, a meeple left."""
    gone = out_of_meeples(s, seat, value)
    if gone:
        names = " or ".join(s.c.species[k].name for k in gone)
        return f"no {names} meeple is left in the supply"
    short = f" (even {counted(value, 'card')} short)" if value else ""
    return f"you hold no DNA set{short} for a dinosaur you have a habitat for"


def _repair(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    if not s.broken[seat] and not any(is_damaged(f) for f in s.facs[seat]):
        return "nothing in your park is damaged"
    return "you cannot pay to repair anything damaged in your park"


def _play(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    m = len(s.c.manipulation)
    if not sum(s.manip[seat * m : seat * m + m]):
        return "you hold no Manipulation card"
    return "none of your Manipulation cards can be played now"


def _outsource(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    if depth:
        return "an outsourced action cannot outsource again"
    return "no other space's action can be taken"


def _news_swap(s: DinoGenicsState, seat: int, value, budget, depth) -> str:
    return "there is no upcoming Breaking News card" if s.upcoming < 0 else "the Breaking News deck is empty"


# The words for each step kind whose `can` refuses it (steps.py registers the checks).
_STEP_REASONS = {
    "gain": _no_room,
    "edna": _no_room,
    "refined": _no_room,
    "lose": lambda s, seat, v, b, d: "you have no Scandal to discard",
    "draw_keep": lambda s, seat, v, b, d: "no DNA card is left to draw",
    "edna_keep": lambda s, seat, v, b, d: "no eDNA card is left to draw",
    "boneyard": lambda s, seat, v, b, d: "the discard pile is empty",
    "market_buy": _market,
    "market_sell": lambda s, seat, v, b, d: "you hold no DNA card to sell",
    "create": _create,
    "facility": lambda s, seat, v, b, d: "no facility in the City Center that you can pay for and find room for",
    "large_facility": lambda s, seat, v, b, d: "no Large Facility at the HQ that you can pay for and find room for",
    "repair": _repair,
    "refine": lambda s, seat, v, b, d: "you hold no DNA card to refine",
    "play": _play,
    "outsource": _outsource,
    "job_network": lambda s, seat, v, b, d: "no specialist you can pay for with your Manipulation cards and credits",
    "open_ocean": lambda s, seat, v, b, d: "no Plesiosaurus is left in the supply",
    "news_swap": _news_swap,
    "opponent": lambda s, seat, v, b, d: "you have no opponent",
    "each_opponent": lambda s, seat, v, b, d: "you have no opponent",
}


# ----------------------------------------------------------------------------------- the City Center
def _city_reason(s: DinoGenicsState, seat: int, choice: int) -> str | None:
    """`city_choices`: each of the three kinds once a visit (fences; a facility or a repair; buying or
    selling DNA, apart with the Market Exchange), and what each needs."""
    used, name, budget = s.ctx.used, CITY_NAMES[choice], s.get(seat, CREDITS)
    exchange = s.expansion and owns(s, seat, "market_exchange")
    if choice == FENCE_CHOICE:
        return f"{name}: you have taken fences on this visit" if used & 1 else None
    if choice in (FACILITY_CHOICE, REPAIR_CHOICE):
        if used & 2:
            return f"{name}: you have bought a facility or made a repair on this visit"
        if choice == FACILITY_CHOICE:
            return f"{name}: {_STEP_REASONS['facility'](s, seat, 0, budget, 0)}"
        return f"{name}: {_repair(s, seat, 0, budget, 0)}"
    if choice == BUY_CHOICE:
        if used & 4:
            return f"{name}: you have {'bought' if exchange else 'bought or sold'} DNA on this visit"
        if not s.market:
            return f"{name}: the DNA Market is empty"
        return f"{name}: a DNA card costs {counted(market_price(s), 'credit')}" if budget < market_price(s) else None
    if choice == SELL_CHOICE:
        if used & (8 if exchange else 4):
            return f"{name}: you have {'sold' if exchange else 'bought or sold'} DNA on this visit"
        return None if hand_size(s, seat) else f"{name}: you hold no DNA card to sell"
    return None


# -------------------------------------------------------------------------- facilities and specialists
def _buy_reason(s: DinoGenicsState, seat: int, f: int, discount: int) -> str:
    """Why a facility on offer cannot be bought: its price, or no room for it (in the co-op, in either park:
    the other branch's for 1 credit more)."""
    fac = s.c.facilities[f]
    price, budget = facility_price(s, seat, f, discount), s.get(seat, CREDITS)
    if price > budget:
        return f"{fac.name}: it costs {counted(price, 'credit')} and you have {budget}"
    sector = "park" if fac.park else "commercial sector"
    if not s.coop:
        return f"{fac.name}: your {sector} has no room for it"
    if can_place(s, 1 - seat, f):
        return f"{fac.name}: your {sector} has no room for it, and the other branch's costs 1 credit more"
    return f"{fac.name}: neither branch's {sector} has room for it"


def _stack_reason(s: DinoGenicsState, seat: int, i: int) -> str:
    """`offers`: the top tile of a City Center stack (0: the Basic Hotels)."""
    f = stack_tile(s, i)
    if f < 0:
        return "No Basic Hotel is left" if i == 0 else f"The {_ORDINALS[i]} facility stack is empty"
    return _buy_reason(s, seat, f, s.ctx.discount)


def _large_reason(s: DinoGenicsState, seat: int, offer: int) -> str:
    """`large_offers`: the Aquatic Habitat stack (0) or a revealed Large Facility."""
    if offer == 0 and not s.habitats_left:
        return "No Aquatic Habitat is left at the HQ"
    f = s.t.habitat_tile if offer == 0 else s.large_offer[offer - 1]
    return _buy_reason(s, seat, f, s.ctx.discount)


def _specialist_reason(s: DinoGenicsState, seat: int, key: str) -> str | None:
    """`claimable`: a specialist's Manipulation cards, and 2 credits more from the Independent Contractors."""
    i = next(sp.index for sp in s.c.specialists if sp.key == key)
    if i in claimable(s, seat, s.get(seat, CREDITS)):
        return None
    sp, m = s.c.specialists[i], len(s.c.manipulation)
    cards = sum(s.manip[seat * m : seat * m + m])
    if sp.cost > cards:
        return f"The {sp.name}: it costs {counted(sp.cost, 'Manipulation card')} and you hold {cards}"
    fee = contractor_price(s)
    return f"The {sp.name}: an Independent Contractor costs {counted(fee, 'credit')} more, which you cannot pay"
