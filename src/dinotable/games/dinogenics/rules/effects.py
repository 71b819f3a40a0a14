"""Effects: the step interpreter that runs action spaces, Manipulation cards and Breaking News (tuples of
(kind, value) steps from content.toml, one step at a time), a Mainland space's action with its bonuses, and what
steps do to a seat: gain, lose, an opponent affected (steal), Scandals, visitors killed, VP lost, DNA and
Manipulation cards drawn, the DNA Market refilled and sold to.

A step that belongs to a later rule (the HQ's Open Ocean roll, a rampage, the City Center) is pushed as a task
by name (season.TASKS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import next_below, shuffle
from dinotable.games.dinogenics.content import CREDITS, DNA, EDNA, MANIPULATION, SCANDALS, VISITORS, VP
from dinotable.games.dinogenics.rules.allowed import can, opponents
from dinotable.games.dinogenics.rules.codes import (
    BONEYARD,
    BUILD,
    BUY,
    CARD,
    CHOOSE,
    CREATE,
    DAMAGED,
    FACILITY,
    FLAGS,
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
    SPECIALISTS,
    SPECIES,
    SYNTH,
    WIDTH,
    ChooseContext,
    CreateContext,
    DiscountContext,
    OpponentContext,
    PickContext,
    decide,
    event,
)
from dinotable.games.dinogenics.rules.reading import count, owns, room, special

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


# Steps that ask for a decision; one that cannot be done when its turn comes is skipped.
_DECISIONS = frozenset(
    (
        "repair",
        "facility",
        "large_facility",
        "create",
        "refine",
        "job_network",
        "play",
        "outsource",
        "market_sell",
        "market_buy",
        "boneyard",
        "draw_keep",
        "edna_keep",
        "choose",
        "news_swap",
        "open_ocean",  # no Plesiosaurus meeple left to roll for
    )
)


def run_steps(s: DinoGenicsState, task, events) -> None:
    """The "steps" task: the step at index i of an effect, for a seat, after the rest is pushed back."""
    _, seat, steps, i = task
    if i >= len(steps):
        return
    s.tasks.append(("steps", seat, steps, i + 1))
    kind, value = steps[i]
    res = s.res
    base = seat * WIDTH
    if kind in _DECISIONS and not can(s, seat, ((kind, value),), res[base + CREDITS]):
        return  # an earlier step used up what this one needed (two repairs, one damaged structure)
    if kind == "gain":
        gain(s, seat, value, events)
    elif kind == "lose":
        lose(s, seat, value, events)
    elif kind == "pay":
        res[base + CREDITS] -= value
    elif kind in ("draw_keep", "edna_keep"):
        edna = kind == "edna_keep"
        drawn = tuple(draw_dna(s, value[0], edna))
        if drawn:
            s.tasks.append(("limit", seat))
            s.tasks.append(("graft", seat, edna))
            decide(s, seat, PICK, PickContext(KEEP, min(value[1], len(drawn)), drawn, 0))
    elif kind == "refine":
        decide(s, seat, PICK, PickContext(REFINE, 1, 0, 0))
    elif kind == "large_facility":
        decide(s, seat, LARGE, DiscountContext(value))
    elif kind == "open_ocean":
        s.tasks.append(("open_ocean", seat))  # the HQ's roll (facilities), next
    elif kind == "job_network":
        decide(s, seat, JOB)
    elif kind == "news_swap":
        s.news_deck.insert(0, s.upcoming)  # to the bottom: cards are drawn from the end
        s.upcoming = s.news_deck.pop()
        events.append(event("news_swap", seat))
        s.tasks.append(("chaos",))
    elif kind == "boneyard":
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card taken
        decide(s, seat, PICK, PickContext(BONEYARD, value, 0, 0))
    elif kind == "create":
        decide(s, seat, CREATE, CreateContext(value))
    elif kind == "build":
        decide(s, seat, BUILD)
    elif kind == "facility":
        decide(s, seat, FACILITY, DiscountContext(value))
    elif kind == "repair":
        decide(s, seat, REPAIR, DiscountContext(value))
    elif kind == "market_buy":
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card taken
        decide(s, seat, PICK, PickContext(BUY, value[0], value[1], 0))
    elif kind == "market_sell":
        decide(s, seat, PICK, PickContext(SELL, value[0], value[1], 0))
    elif kind == "play":
        decide(s, seat, CARD)
    elif kind == "outsource":
        decide(s, seat, OUTSOURCE)
    elif kind == "city_center":
        s.tasks.append(("city", seat, 0))
    elif kind == "choose":
        decide(s, seat, CHOOSE, ChooseContext(value))
    elif kind == "opponent":
        decide(s, seat, OPPONENT, OpponentContext(value))
    elif kind == "each_opponent":
        for p in opponents(s, seat):
            affect(s, seat, p, value, events)
    elif kind == "per":
        what, gains, top = value
        n = min(count(s, seat, what), top)
        if n:
            gain(s, seat, tuple((r, a * n) for r, a in gains), events)
    elif kind == "rampage":
        for i, code in enumerate(s.dinos[seat]):
            if code & SPECIES == value and not (code >> FLAGS) & RAMPAGED:
                s.tasks.append(("rampage", seat, i))
                break
    elif kind == "refresh_market":
        s.dna_discard.extend(s.market)
        s.market.clear()
        refill_market(s)


def use_space(s: DinoGenicsState, seat: int, space: int, direct: bool = True) -> None:
    """A Mainland space's action for this seat: its steps, with the active Breaking News card's bonus there and
    its specialists'; `direct`: a worker stands on the space (not taken through Outsource)."""
    steps = s.c.spaces[space].steps
    if s.active >= 0:
        bonus = s.c.news[s.active].bonus
        if bonus and bonus[0] == space:
            steps = steps + (("gain", bonus[1]),)
    if s.res[seat * WIDTH + SPECIALISTS]:
        for sp in s.c.specialists:
            bonus = sp.perks.space_bonus
            if bonus and bonus[0] == space and s.res[seat * WIDTH + SPECIALISTS] >> sp.index & 1:
                steps = steps + (("gain", bonus[1]),)
    if direct and space == s.t.ferry and s.expansion and owns(s, seat, "ferry_visitor"):
        steps = steps + (("gain", ((VISITORS, 1),)),)  # the Hotel Resort
    if special(s, "double_costs") and space in (s.t.city, s.t.hq):
        s.tasks.append(("undouble",))  # once this space's action is over
        s.doubled = True
    s.tasks.append(("steps", seat, steps, 0))


def gain(s: DinoGenicsState, seat: int, gains: tuple, events) -> None:
    base = seat * WIDTH
    if s.coop and seat == SYNTH:
        # 'Synth plays mostly like a player but does not gain credits or cards.'
        gains = tuple((r, n) for r, n in gains if r not in (CREDITS, DNA, EDNA, MANIPULATION))
    for r, n in gains:
        if r in (DNA, EDNA):
            k = s.c.kinds
            for sp in draw_dna(s, n, r == EDNA):
                s.dna[seat * k + sp] += 1
            s.tasks.append(("limit", seat))
            s.tasks.append(("graft", seat, r == EDNA))
        elif r == MANIPULATION:
            m = len(s.c.manipulation)
            for card in _draw_manipulation(s, n):
                s.manip[seat * m + card] += 1
        elif r == VISITORS:
            n = min(n, room(s, seat) - s.res[base + VISITORS])
            if n > 0:
                s.res[base + VISITORS] += n
                if special(s, "damaged_scandals"):
                    # CC5: a Scandal for every two damaged facilities, each time visitors arrive.
                    scandal(s, seat, sum(1 for f in s.facs[seat] if f & DAMAGED) // 2, events)
        elif r == SCANDALS:
            scandal(s, seat, n, events)
        else:
            s.res[base + r] += n


def lose(s: DinoGenicsState, seat: int, losses: tuple, events) -> list[int]:
    """Take away what there is; returns the cards lost (species or Manipulation kinds), for steal."""
    base = seat * WIDTH
    taken = []
    for r, n in losses:
        if r in (DNA, MANIPULATION):
            width = s.c.kinds if r == DNA else len(s.c.manipulation)
            hand = s.dna if r == DNA else s.manip
            for _ in range(n):
                cards = [k for k in range(width) for _ in range(hand[seat * width + k])]
                if not cards:
                    break
                s.rng, j = next_below(s.rng, len(cards))
                hand[seat * width + cards[j]] -= 1
                taken.append(cards[j])
                (s.manip_discard if r == MANIPULATION else s.dna_discard).append(cards[j])
        else:
            n = min(n, s.res[base + r])
            s.res[base + r] -= n
            taken.append(n)
    return taken


def affect(s: DinoGenicsState, seat: int, target: int, effect: tuple, events) -> None:
    """An opponent gains, loses, or has taken from it (steal), as a card says. Synth takes no benefit but
    every penalty."""
    gains, losses, steals = effect
    if target == SYNTH and s.coop:
        gains = ()
    if gains:
        gain(s, target, gains, events)
    if losses:
        lose(s, target, losses, events)
    for r, n in steals:
        taken = lose(s, target, ((r, n),), events)
        if r == MANIPULATION:
            for card in taken:
                s.manip_discard.pop()  # the card changes hands instead of being discarded
                s.manip[seat * len(s.c.manipulation) + card] += 1
        elif r == DNA:
            for sp in taken:
                s.dna_discard.pop()
                s.dna[seat * s.c.kinds + sp] += 1
            s.tasks.append(("limit", seat))
            if taken:
                s.tasks.append(("graft", seat, s.t.edna[taken[-1]]))
        else:
            s.res[seat * WIDTH + r] += taken[0]
    events.append(event("affect", seat, target=target))


def scandal(s: DinoGenicsState, seat: int, n: int, events) -> None:
    if n > 0 and special(s, "double_scandals"):
        n *= 2  # CC4: 'Anytime you would gain a scandal, gain 2 instead.'
    if n > 0:
        s.res[seat * WIDTH + SCANDALS] += n
        events.append(event("scandal", seat, scandals=n))


def draw_dna(s: DinoGenicsState, n: int, edna: bool = False) -> list[int]:
    """Draw from the DNA deck, or the eDNA deck; an empty deck is made again from the discards of its
    own kind (the two decks share the discard pile, the Boneyard)."""
    out = []
    deck = s.edna_deck if edna else s.dna_deck
    for _ in range(n):
        if not deck:
            mine = [k for k in s.dna_discard if s.t.edna[k] == edna]
            if not mine:
                break
            s.dna_discard[:] = [k for k in s.dna_discard if s.t.edna[k] != edna]
            deck.extend(mine)
            s.rng = shuffle(s.rng, deck)
        out.append(deck.pop())
    return out


def _draw_manipulation(s: DinoGenicsState, n: int) -> list[int]:
    out = []
    for _ in range(n):
        if not s.manip_deck:
            if not s.manip_discard:
                break
            s.manip_deck, s.manip_discard = s.manip_discard, []
            s.rng = shuffle(s.rng, s.manip_deck)
        out.append(s.manip_deck.pop())
    return out


def refill_market(s: DinoGenicsState) -> None:
    need = s.market_size - len(s.market)
    if need > 0:
        s.market.extend(draw_dna(s, need))


def sell_to_market(s: DinoGenicsState, kind: int) -> None:
    """A sold card goes face up into the DNA Market, so that sold eDNA can be bought there ('eDNA ... can be
    bought/sold on the DNA Market'); a Market already full lets its card there longest go to the discard
    pile (designed: 'cards sold to the DNA Market')."""
    full = len(s.market) >= s.market_size
    s.market.append(kind)
    if full:
        s.dna_discard.append(s.market.pop(0))


def kill_visitors(s: DinoGenicsState, seat: int, n: int, events) -> None:
    n = min(n, s.res[seat * WIDTH + VISITORS])
    if n > 0:
        s.res[seat * WIDTH + VISITORS] -= n
        events.append(event("killed", seat, visitors=n))
        scandal(s, seat, n, events)


def lose_vp(s: DinoGenicsState, seat: int, n: int, events) -> None:
    s.res[seat * WIDTH + VP] = max(0, s.res[seat * WIDTH + VP] - n)  # the track stops at 0
    events.append(event("lose_vp", seat, vp=n))
