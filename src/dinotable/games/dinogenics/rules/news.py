"""Breaking News and the Chaos Theory module: a card resolved (Crash Tokens, a refreshed Market, each player's
part in player order, Synth's in the co-op) and a Chaos Theory card entering the upcoming space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.rng import shuffle
from dinotable.games.dinogenics import synth
from dinotable.games.dinogenics.rules.allowed import free_slot
from dinotable.games.dinogenics.rules.codes import CRASH, event

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def resolve_news(s: DinoGenicsState, index: int, events) -> None:
    card = s.c.news[index]
    events.append(event("news", None, card=card.number, name=card.name, chaos=card.chaos))
    for space in card.crash:
        # A Crash Token closes a free worker space until the Season's workers go home.
        slot = free_slot(s, space)
        if slot >= 0:
            s.occ[slot] = CRASH
            events.append(event("crash", None, space=s.c.spaces[space].key))
    if card.refresh_market:
        s.dna_discard.extend(s.market)
        s.market.clear()
    if card.synth and s.coop:
        # Synth's step, then the West Branch's, then the East Branch's (run from the stack: last pushed first).
        s.tasks.append(("steps", 1, card.synth[2], 0))
        s.tasks.append(("steps", 0, card.synth[1], 0))
        synth.news_step(s, card.synth[0], events)
        return
    each = card.each_player or (card.synth[1] if card.synth else ())  # a solo player: the West Branch's step
    if each:
        for seat in reversed(s.order):
            steps = each
            if s.num_players == 1:
                steps = tuple(step for step in steps if step[0] != "opponent")  # no opponent to name
            s.tasks.append(("steps", seat, steps, 0))


def chaos_upcoming(s: DinoGenicsState) -> None:
    """A Chaos Theory card in the upcoming space: never in Season 1 nor right after another one (it goes
    back into the deck, shuffled, and another card is drawn)."""
    news = s.c.news
    if s.upcoming < 0 or not news[s.upcoming].chaos or (s.season > 1 and not s.chaos_last):
        return
    s.news_deck.append(s.upcoming)
    s.rng = shuffle(s.rng, s.news_deck)
    standard = [i for i, card in enumerate(s.news_deck) if not news[card].chaos]
    # Drawing again until a standard card comes is drawing the last standard card in the shuffled deck.
    s.upcoming = s.news_deck.pop(standard[-1]) if standard else -1


def chaos_task(s: DinoGenicsState, task, events) -> None:
    """Resolve a Chaos Theory card that has entered the upcoming space, then draw another card to it."""
    chaos_upcoming(s)
    if s.upcoming >= 0 and s.c.news[s.upcoming].chaos:
        card = s.upcoming
        s.upcoming = s.news_deck.pop() if s.news_deck else -1
        s.chaos_last = True
        s.tasks.append(("chaos",))  # the card drawn next may be another: it goes back (twice in a row)
        resolve_news(s, card, events)
