"""DinoGenics' effect steps as core.effects step kinds: each kind one StepKind, registered once in EFFECTS.

Action spaces, Manipulation cards, Breaking News (and Synth's branches) are sequences of (kind, value) steps.
A kind says how the content files write it and how that is checked (`parse`, naming the file and the entry on a
mistake, with the readers of step_values.py: content.py reads every effect through `read_steps`), whether it
can be done now (`can`), what it does (`run`) and how it reads (`text`). `choose` is the core's explicit
node: it opens the CHOOSE decision. The game has no `optional` node, so content that uses one is refused.

A kind's `can` takes the credits still to spend (`budget`, the seat's own if None) and, for Outsource, how
deep the check is; the game's `can` below checks every step of a sequence (the rulebook's 'if you can'),
`pay` spending the budget the later steps are checked against. A step that asks for a decision (`asks`) and
cannot be done when its turn comes is skipped.

`run_steps` runs one step at a time, its continuation kept on the task stack as ("steps", seat, steps, i):
a step that pushes a task (a rampage, the HQ's Open Ocean roll) has it run before the steps after it.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from dinotable.core.effects import Effects, StepKind
from dinotable.core.words import counted
from dinotable.games.dinogenics import step_values as values
from dinotable.games.dinogenics.components import COUNTS, CREDITS, EDNA, REFINED, SCANDALS, VISITORS
from dinotable.games.dinogenics.rules.allowed import (
    any_large_offer,
    any_offer,
    can_create,
    claimable,
    open_spaces,
    opponents,
    repairs,
    space_open,
)
from dinotable.games.dinogenics.rules.codes import (
    AIRPORT_USED,
    BONEYARD,
    BUILD,
    BUY,
    CARD,
    CHOOSE,
    CREATE,
    FACILITY,
    JOB,
    KEEP,
    LARGE,
    OPPONENT,
    OUTSOURCE,
    PICK,
    RAMPAGED,
    REFINE,
    REPAIR,
    SELL,
    ChooseContext,
    CreateContext,
    DiscountContext,
    OpponentContext,
    PickContext,
    decide,
    event,
    has_flag,
    species_of,
)
from dinotable.games.dinogenics.rules.effects import (
    affect,
    draw_dna,
    gain,
    lose,
    refill_market,
    tell_gains,
    tell_losses,
)
from dinotable.games.dinogenics.rules.reading import count, hand_size, meeples_left, owns, room
from dinotable.games.dinogenics.step_values import Rampage, amounts_text

if TYPE_CHECKING:
    from dinotable.core.content import Reader
    from dinotable.games.dinogenics.state import DinoGenicsState

_ALIASES = {"edna": "gain", "refined": "gain"}  # read as other kinds: `edna = 2` is a gain of 2 eDNA


def read_steps(r: Reader, steps: list, where: str) -> tuple:
    """A content list of steps as (kind, value) tuples, read by EFFECTS (a ContentError names the entry);
    the short forms `edna` and `refined` become the gains they stand for."""
    return _written(EFFECTS.parse(r, steps, where))


def _written(steps: tuple) -> tuple:
    out = []
    for kind, value in steps:
        if kind == "choose":
            value = tuple(_written(option) for option in value)
        out.append((_ALIASES.get(kind, kind), value))
    return tuple(out)


# ------------------------------------------------------------------------------------------ checks
# (s, seat, value, budget, depth) -> bool; budget None: the seat's credits.
def _budget(s: DinoGenicsState, seat: int, budget: int | None) -> int:
    return s.get(seat, CREDITS) if budget is None else budget


def _can_gain(s: DinoGenicsState, seat: int, value, budget=None, depth=0) -> bool:
    # 'gain a visitor if you have room' (the first amount tells most gains apart, without a look at the rest)
    if value and value[0][0] != VISITORS:
        return True
    return not (all(res == VISITORS for res, _ in value) and s.get(seat, VISITORS) >= room(s, seat))


def _can_lose(s: DinoGenicsState, seat: int, value, budget=None, depth=0) -> bool:
    # discarding a Scandal needs one
    return not (any(res == SCANDALS for res, _ in value) and not s.get(seat, SCANDALS))


def _can_play(s: DinoGenicsState, seat: int, value, budget=None, depth=0) -> bool:
    return next(_playable(s, seat, _budget(s, seat, budget)), None) is not None  # any? (stops at the first)


def _can_outsource(s: DinoGenicsState, seat: int, value, budget=None, depth=0) -> bool:
    return not depth and next(_outsourceable(s, seat, _budget(s, seat, budget), quick=True), None) is not None


# -------------------------------------------------------------------------------------------- runs
# (s, seat, value, events) -> True if it opened a decision.
def _opens(kind: int, context=None):
    """A step whose run opens a decision of this kind, its context made from the step's value."""

    def run(s: DinoGenicsState, seat: int, value, events) -> bool:
        decide(s, seat, kind, context(value) if context else ())
        return True

    return run


def _run_gain(s: DinoGenicsState, seat: int, value, events) -> bool:
    tell_gains(s, seat, value, events)
    gain(s, seat, value, events)
    return False


def _run_lose(s: DinoGenicsState, seat: int, value, events) -> bool:
    tell_losses(s, seat, value, events)
    lose(s, seat, value, events)
    return False


def _run_pay(s: DinoGenicsState, seat: int, value, events) -> bool:
    s.take(seat, CREDITS, value)
    return False


def _keep(edna: bool):
    def run(s: DinoGenicsState, seat: int, value, events) -> bool:
        drawn = tuple(draw_dna(s, value[0], edna))
        if drawn:
            s.tasks.append(("limit", seat))
            s.tasks.append(("graft", seat, edna))
            decide(s, seat, PICK, PickContext(KEEP, min(value[1], len(drawn)), drawn, 0))
        return bool(drawn)

    return run


def _run_news_swap(s: DinoGenicsState, seat: int, value, events) -> bool:
    s.news_deck.insert(0, s.upcoming)  # to the bottom: cards are drawn from the end
    s.upcoming = s.news_deck.pop()
    events.append(event("news_swap", seat))
    s.tasks.append(("chaos",))
    return False


def _picks(context):
    """A PICK decision, its context made from the step's value."""

    def run(s: DinoGenicsState, seat: int, value, events) -> bool:
        decide(s, seat, PICK, context(value))
        return True

    return run


def _taking(context):
    """Cards taken (the Boneyard, the DNA Market): then the hand limit and, for the last card's kind, a graft."""
    pick = _picks(context)

    def run(s: DinoGenicsState, seat: int, value, events) -> bool:
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card taken
        return pick(s, seat, value, events)

    return run


def _pushes(*task):
    """A step that belongs to a later rule, pushed as a task by name (season.TASKS), to run next."""

    def run(s: DinoGenicsState, seat: int, value, events) -> bool:
        s.tasks.append((task[0], seat, *task[1:]))
        return False

    return run


def _run_each_opponent(s: DinoGenicsState, seat: int, value, events) -> bool:
    for p in opponents(s, seat):
        affect(s, seat, p, value, events)
    return False


def _run_per(s: DinoGenicsState, seat: int, value, events) -> bool:
    what, gains, top = value
    n = min(count(s, seat, what), top)
    if n:
        gains = tuple((r, a * n) for r, a in gains)
        tell_gains(s, seat, gains, events)
        gain(s, seat, gains, events)
    return False


def _run_rampage(s: DinoGenicsState, seat: int, value: Rampage, events) -> bool:
    for i, code in enumerate(s.dinos[seat]):
        if species_of(code) == value.species and not has_flag(code, RAMPAGED):
            s.tasks.append(("rampage", seat, i))
            break
    return False


def _run_refresh_market(s: DinoGenicsState, seat: int, value, events) -> bool:
    s.dna_discard.extend(s.market)
    s.market.clear()
    refill_market(s)
    return False


def _choose(s: DinoGenicsState, seat: int, options: tuple, events) -> bool:
    """The core's `choose` node: the CHOOSE decision, among the options the seat can take."""
    decide(s, seat, CHOOSE, ChooseContext(options))
    return True


# ---------------------------------------------------------------------------------------- texts
def _less(what: str):
    return lambda value: what + (f" for {value} less" if value else "")


def _opponent_text(kind: str):
    who = "an opponent" if kind == "opponent" else "every opponent"

    def text(value) -> str:
        gains, losses, steals = value
        parts = [f"{who} gains {amounts_text(gains)}"] if gains else []
        parts += [f"{who} loses {amounts_text(losses)}"] if losses else []
        parts += [f"take {amounts_text(steals)} from {who}"] if steals else []
        return "; ".join(parts)

    return text


def _market_buy_text(value) -> str:
    price = f"for {counted(value[1], 'credit')} each" if value[1] else "for free"
    return f"take up to {value[0]} DNA from the DNA Market {price}"


def _repair_text(value) -> str:
    return "repair a structure" + (" for free" if value >= 99 else f" for {value} less" if value else "")


# ------------------------------------------------------------------------------------- the registry
EFFECTS = Effects(choose=_choose)  # no `optional` node: content that uses one is refused
_CHECKS: dict = {}  # the kinds whose `can` checks something, for the game's `can` below


ASKING = {"choose"}  # the kinds that ask the seat something (Tables orders the Mainland spaces by them)


def _kind(name: str, parse, run, text, can=None, asks: bool = False) -> None:
    EFFECTS.add(StepKind(name, parse=parse, run=run, text=text, asks=asks, **({"can": can} if can else {})))
    if can:
        _CHECKS[name] = can
    if asks:
        ASKING.add(name)


def _gain_text(value) -> str:
    return f"gain {amounts_text(value)}"


_kind("gain", values.amounts("gain"), _run_gain, _gain_text, _can_gain)
_kind("edna", values.card("edna", EDNA), _run_gain, _gain_text, _can_gain)
_kind("refined", values.card("refined", REFINED), _run_gain, _gain_text, _can_gain)
_kind("lose", values.amounts("lose"), _run_lose, lambda v: f"lose {amounts_text(v)}", _can_lose)
_kind(
    "pay",
    values.read_pay,
    _run_pay,
    lambda v: f"pay {counted(v, 'credit')}",
    lambda s, seat, v, budget=None, depth=0: v <= _budget(s, seat, budget),
)
_kind(
    "draw_keep",
    values.pair("draw_keep"),
    _keep(False),
    lambda v: f"draw {v[0]} DNA, keep {v[1]}",
    lambda s, seat, v, budget=None, depth=0: bool(s.dna_deck or s.dna_discard),
    asks=True,
)
_kind(
    "edna_keep",
    values.pair("edna_keep"),
    _keep(True),
    lambda v: f"draw {v[0]} eDNA, keep {v[1]}",
    lambda s, seat, v, budget=None, depth=0: bool(s.edna_deck or any(s.t.edna[k] for k in s.dna_discard)),
    asks=True,
)
_kind(
    "boneyard",
    values.number("boneyard"),
    _taking(lambda v: PickContext(BONEYARD, v, 0, 0)),
    lambda v: f"take up to {v} DNA from the discard pile",
    lambda s, seat, v, budget=None, depth=0: bool(s.dna_discard),
    asks=True,
)
_kind(
    "market_buy",
    values.pair("market_buy"),
    _taking(lambda v: PickContext(BUY, v[0], v[1], 0)),
    _market_buy_text,
    lambda s, seat, v, budget=None, depth=0: bool(s.market) and v[1] <= _budget(s, seat, budget),
    asks=True,
)
_kind(
    "market_sell",
    values.pair("market_sell"),
    _picks(lambda v: PickContext(SELL, v[0], v[1], 0)),
    lambda v: f"sell up to {v[0]} DNA at {counted(v[1], 'credit')}",
    lambda s, seat, v, budget=None, depth=0: bool(hand_size(s, seat)),
    asks=True,
)
_kind(
    "create",
    values.number("create"),
    _opens(CREATE, CreateContext),
    lambda v: "create a dinosaur" + (f" from a set {v} short" if v else ""),
    lambda s, seat, v, budget=None, depth=0: can_create(s, seat, v),
    asks=True,
)
_kind("build", values.flag("build"), _opens(BUILD), lambda v: "build pens")
_kind(
    "facility",
    values.number("facility"),
    _opens(FACILITY, DiscountContext),
    _less("buy a facility"),
    lambda s, seat, v, budget=None, depth=0: any_offer(s, seat, v, _budget(s, seat, budget)),
    asks=True,
)
_kind(
    "large_facility",
    values.number("large_facility"),
    _opens(LARGE, DiscountContext),
    _less("buy a Large Facility"),
    lambda s, seat, v, budget=None, depth=0: any_large_offer(s, seat, v, _budget(s, seat, budget)),
    asks=True,
)
_kind(
    "repair",
    values.number("repair"),
    _opens(REPAIR, DiscountContext),
    _repair_text,
    lambda s, seat, v, budget=None, depth=0: bool(repairs(s, seat, v, _budget(s, seat, budget))),
    asks=True,
)
_kind(
    "refine",
    values.flag("refine"),
    _picks(lambda v: PickContext(REFINE, 1, 0, 0)),
    lambda v: "discard a DNA card for a Refined DNA token",
    lambda s, seat, v, budget=None, depth=0: bool(hand_size(s, seat)),
    asks=True,
)
_kind("play", values.flag("play"), _opens(CARD), lambda v: "play a Manipulation card", _can_play, asks=True)
_kind(
    "outsource",
    values.flag("outsource"),
    _opens(OUTSOURCE),
    lambda v: "take another space's action",
    _can_outsource,
    True,
)
_kind(
    "job_network",
    values.flag("job_network"),
    _opens(JOB),
    lambda v: "claim a specialist",
    lambda s, seat, v, budget=None, depth=0: bool(claimable(s, seat, _budget(s, seat, budget))),
    asks=True,
)
_kind(
    "open_ocean",
    values.flag("open_ocean"),
    _pushes("open_ocean"),  # the HQ's roll (facilities), next
    lambda v: "an Open Ocean roll",
    lambda s, seat, v, budget=None, depth=0: meeples_left(s, s.t.plesio) > 0,  # a Plesiosaurus to roll for
    asks=True,
)
_kind(
    "news_swap",
    values.flag("news_swap"),
    _run_news_swap,
    lambda v: "replace the upcoming Breaking News",
    lambda s, seat, v, budget=None, depth=0: s.upcoming >= 0 and bool(s.news_deck),
    asks=True,
)
_kind(
    "city_center",
    values.flag("city_center"),
    _pushes("city", 0),
    lambda v: "up to 3 of: 3 fences / a facility or a repair / buy or sell DNA",
)
_kind(
    "opponent",
    values.opponent("opponent"),
    _opens(OPPONENT, OpponentContext),
    _opponent_text("opponent"),
    lambda s, seat, v, budget=None, depth=0: bool(opponents(s, seat)),
)
_kind(
    "each_opponent",
    values.opponent("each_opponent"),
    _run_each_opponent,
    _opponent_text("each_opponent"),
    lambda s, seat, v, budget=None, depth=0: bool(opponents(s, seat)),
)
_kind("per", values.read_per, _run_per, lambda v: f"{amounts_text(v[1])} per {COUNTS[v[0]]} (at most {v[2]})")
_kind("rampage", values.read_rampage, _run_rampage, lambda v: f"one {v.name} rampages")
_kind("refresh_market", values.flag("refresh_market"), _run_refresh_market, lambda v: "deal a new DNA Market")


# ------------------------------------------------------------------------------------------- play
def steps_text(steps) -> str:
    """One line for a tuple of effect steps; a step repeated reads once, "twice" (the HQ's two choices)."""
    if len(steps) == 2 and steps[0] == steps[1]:
        return EFFECTS.text(steps[:1]) + ", twice"
    return EFFECTS.text(steps)


def can(s: DinoGenicsState, seat: int, steps: tuple, budget: int, depth: int = 0) -> bool:
    """Can this seat carry out these steps with `budget` credits (the rulebook's 'if you can' checks)? Every
    step must be possible; a choice, one of its options; `pay` spends from the budget."""
    for kind, value in steps:
        if kind == "pay":
            budget -= value
            if budget < 0:
                return False
        elif kind == "choose":
            for option in value:  # one option that can be done (a loop: any() costs more on this hot path)
                if can(s, seat, option, budget, depth):
                    break
            else:
                return False
        else:
            check = _CHECKS.get(kind)
            if check is not None and not check(s, seat, value, budget, depth):
                return False
    return True


def run_steps(s: DinoGenicsState, task, events) -> None:
    """The "steps" task: the step at index i of an effect, for a seat, after the rest is pushed back."""
    _, seat, steps, i = task
    if i >= len(steps):
        return
    s.tasks.append(("steps", seat, steps, i + 1))
    kind, value = steps[i]
    if kind == "choose":
        if can(s, seat, ((kind, value),), s.get(seat, CREDITS)):
            _choose(s, seat, value, events)
        return
    record = EFFECTS.kinds[kind]
    if record.asks and not record.can(s, seat, value, s.get(seat, CREDITS), 0):
        return  # an earlier step used up what this one needed (two repairs, one damaged structure)
    record.run(s, seat, value, events)  # type: ignore[misc]  # every kind here has `run` (_kind; none has options)


def playable(s: DinoGenicsState, seat: int, budget: int | None = None) -> list[int]:
    if budget is None:
        budget = s.get(seat, CREDITS)
    return list(_playable(s, seat, budget))


def _playable(s: DinoGenicsState, seat: int, budget: int):
    """The Manipulation cards in this seat's hand that it can play, one by one."""
    cards = s.c.manipulation
    hand = s.manip[seat * len(cards) : (seat + 1) * len(cards)]
    return (k for k in compress(range(len(cards)), hand) if can(s, seat, cards[k].steps, budget))  # held ones


def outsource_spaces(s: DinoGenicsState, seat: int, budget: int) -> list[int]:
    """Mainland spaces whose action Outsource can take (occupied or not)."""
    return list(_outsourceable(s, seat, budget))


def _outsourceable(s: DinoGenicsState, seat: int, budget: int, quick: bool = False):
    """The spaces Outsource can take, in the spaces' order, or (`quick`) in the order that finds one soonest
    (see has_placement)."""
    own, spaces = s.outsource, s.c.spaces
    order = (spaces[i] for i in s.t.quick_spaces_first if space_open(s, i)) if quick else open_spaces(s)
    return (sp.index for sp in order if not sp.news and sp.index != own and can(s, seat, sp.steps, budget, 1))


def placements(s: DinoGenicsState, seat: int) -> list[int]:
    """The Mainland spaces this seat can send a worker to."""
    budget = s.get(seat, CREDITS)
    # (CC6's doubled prices change no offer here: the City Center's fences and the HQ's Open Ocean roll
    # need no credits.)
    occ, slot0 = s.occ, s.slot0
    out = []
    for sp in open_spaces(s):
        i = sp.index
        # A free slot (as free_slot finds), and what the space does can be done.
        if -1 in occ[slot0[i] : slot0[i] + sp.slots] and can(s, seat, sp.steps, budget):
            out.append(i)
    return out


def has_placement(s: DinoGenicsState, seat: int) -> bool:
    """Can this seat send a worker to any Mainland space? Asked before every worker, so it stops at the
    first, trying first the spaces whose steps ask nothing."""
    budget = s.get(seat, CREDITS)
    occ, slot0, spaces = s.occ, s.slot0, s.c.spaces
    for i in s.t.quick_spaces_first:
        sp = spaces[i]
        if -1 in occ[slot0[i] : slot0[i] + sp.slots] and space_open(s, i) and can(s, seat, sp.steps, budget):
            return True
    return False


def airport_open(s: DinoGenicsState, seat: int) -> bool:
    """The Private Airport: once per Season, a worker there takes the Outsource action for free, even if
    Outsource is occupied."""
    return (
        not s.get(seat, AIRPORT_USED)
        and owns(s, seat, "airport")
        and bool(outsource_spaces(s, seat, s.get(seat, CREDITS)))
    )
