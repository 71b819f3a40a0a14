"""Effects: a Mainland space's action with its bonuses (its steps run by steps.run_steps), and what steps do
to a seat: gain, lose, an opponent affected (steal), Scandals, visitors killed, VP lost, DNA and
Manipulation cards drawn, the DNA Market refilled and sold to.

A step that belongs to a later rule (the HQ's Open Ocean roll, a rampage, the City Center) is pushed as a task
by name (season.TASKS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import next_below, shuffle
from dinotable.games.dinogenics.components import (
    CREDITS,
    DNA,
    EDNA,
    MANIPULATION,
    RESOURCES,
    SCANDALS,
    VISITORS,
    VP,
)
from dinotable.games.dinogenics.rules.codes import (
    SPECIALISTS,
    SYNTH,
    event,
    is_damaged,
)
from dinotable.games.dinogenics.rules.reading import hand_size, owns, room, special

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


# What Synth never takes: 'Synth plays mostly like a player but does not gain credits or cards.'
SYNTH_REFUSES = (CREDITS, DNA, EDNA, MANIPULATION)


def use_space(s: DinoGenicsState, seat: int, space: int, direct: bool = True) -> None:
    """A Mainland space's action for this seat: its steps, with the active Breaking News card's bonus there and
    its specialists'; `direct`: a worker stands on the space (not taken through Outsource)."""
    steps = s.c.spaces[space].steps
    if s.active >= 0:
        bonus = s.c.news[s.active].bonus
        if bonus and bonus[0] == space:
            steps = steps + (("gain", bonus[1]),)
    if s.get(seat, SPECIALISTS):
        for sp in s.c.specialists:
            bonus = sp.perks.space_bonus
            if bonus and bonus[0] == space and s.holds(seat, sp.index):
                steps = steps + (("gain", bonus[1]),)
    if direct and space == s.t.ferry and s.expansion and owns(s, seat, "ferry_visitor"):
        steps = steps + (("gain", ((VISITORS, 1),)),)  # the Hotel Resort
    if special(s, "double_costs") and space in (s.t.city, s.t.hq):
        s.tasks.append(("undouble",))  # once this space's action is over
        s.doubled = True
    s.tasks.append(("steps", seat, steps, 0))


def gain(s: DinoGenicsState, seat: int, gains: tuple, events) -> None:
    if s.coop and seat == SYNTH:
        # 'Synth plays mostly like a player but does not gain credits or cards.'
        gains = tuple((r, n) for r, n in gains if r not in SYNTH_REFUSES)
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
            wanted, n = n, min(n, room(s, seat) - s.get(seat, VISITORS))
            if wanted > 0:
                events.append(event("visitors", seat, visitors=max(0, n), away=wanted - max(0, n)))
            if n > 0:
                s.add(seat, VISITORS, n)
                if special(s, "damaged_scandals"):
                    # CC5: a Scandal for every two damaged facilities, each time visitors arrive.
                    scandal(s, seat, sum(1 for f in s.facs[seat] if is_damaged(f)) // 2, events)
        elif r == SCANDALS:
            scandal(s, seat, n, events)
        else:
            s.add(seat, r, n)


# Told by their own events (visitors arriving, Scandals), not among a step's gains and losses.
_TOLD_APART = (VISITORS, SCANDALS)


def tell_gains(s: DinoGenicsState, seat: int, gains: tuple, events) -> None:
    """A step's gains as the table sees them (a "gains" event): what Synth takes (no credits, no cards)."""
    told = [
        [RESOURCES[r], n]
        for r, n in gains
        if n and r not in _TOLD_APART and not (s.coop and seat == SYNTH and r in SYNTH_REFUSES)
    ]
    if told:
        events.append(event("gains", seat, amounts=told))


def tell_losses(s: DinoGenicsState, seat: int, losses: tuple, events) -> None:
    """A step's losses as they will be taken (a seat loses what it has): a "losses" event, before them."""
    told = []
    for r, n in losses:
        if r == DNA:
            have = hand_size(s, seat)
        elif r == MANIPULATION:
            m = len(s.c.manipulation)
            have = sum(s.manip[seat * m : seat * m + m])
        else:
            have = s.get(seat, r)
        if min(n, have) and r not in _TOLD_APART:
            told.append([RESOURCES[r], min(n, have)])
    if told:
        events.append(event("losses", seat, amounts=told))


def lose(s: DinoGenicsState, seat: int, losses: tuple, events) -> list[int]:
    """Take away what there is; returns the cards lost (species or Manipulation kinds), for steal."""
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
            n = min(n, s.get(seat, r))
            s.take(seat, r, n)
            taken.append(n)
    return taken


def affect(s: DinoGenicsState, seat: int, target: int, effect: tuple, events) -> None:
    """An opponent gains, loses, or has taken from it (steal), as a card says. Synth takes no benefit but
    every penalty."""
    gains, losses, steals = effect
    events.append(event("affect", seat, target=target))  # told first: what it does to the target follows
    if target == SYNTH and s.coop:
        gains = ()
    if gains:
        tell_gains(s, target, gains, events)
        gain(s, target, gains, events)
    if losses:
        tell_losses(s, target, losses, events)
        lose(s, target, losses, events)
    for r, n in steals:
        taken = lose(s, target, ((r, n),), events)
        count = len(taken) if r in (DNA, MANIPULATION) else taken[0]
        if count:  # how many, not which cards: those pass face down
            events.append(event("stolen", seat, target=target, amounts=[[RESOURCES[r], count]]))
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
            s.add(seat, r, taken[0])


def scandal(s: DinoGenicsState, seat: int, n: int, events) -> None:
    if n > 0 and special(s, "double_scandals"):
        n *= 2  # CC4: 'Anytime you would gain a scandal, gain 2 instead.'
    if n > 0:
        s.add(seat, SCANDALS, n)
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
    n = min(n, s.get(seat, VISITORS))
    if n > 0:
        s.take(seat, VISITORS, n)
        events.append(event("killed", seat, visitors=n))
        scandal(s, seat, n, events)


def lose_vp(s: DinoGenicsState, seat: int, n: int, events) -> None:
    lost = min(n, s.get(seat, VP))  # the track stops at 0
    s.take(seat, VP, lost)
    events.append(event("lose_vp", seat, vp=lost, of=n))
