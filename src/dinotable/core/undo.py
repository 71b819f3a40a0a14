"""Taking back a decision: allowed only while nothing was revealed by it, for any front end (terminal, web).

A front end keeps a clone of the state before a person's decision; after it, `take_back_refusal` says
whether that decision may still be taken back and why not. A decision cannot be taken back once chance was
used (a die rolled, a deck shuffled: the state's generator moved on) or once something hidden came into view
of any seat or the spectators (a card drawn, a tile turned). Moving hidden things among hidden places (a card
kept from a private draw into a hand) reveals nothing.
"""

from __future__ import annotations

from collections import Counter

from dinotable.core.contract import State

CHANCE = "chance was used (a die rolled or cards shuffled)"
SEEN = "you saw something hidden (a card drawn or a tile turned)"
SHOWN = "something hidden was shown to the table (a card from a hand, a tile turned)"


def chance_used(before: State, after: State) -> bool:
    """True if the decision drew on the state's generator. A state with no generator to compare (`rng`)
    is taken to have used chance: better to refuse a take-back than to allow a re-roll."""
    mark = getattr(before, "rng", None)
    return mark is None or mark != getattr(after, "rng", None)


def _hidden(state: State, viewer: int | None) -> tuple[Counter, dict[str, Counter]]:
    """What `viewer` cannot see: every hidden item counted over all parts, and per part that only its own
    items can fill (a pile whose re-deal only reorders it), that part's items."""
    every: Counter = Counter()
    closed: dict[str, Counter] = {}
    for name, secret in state.secrets(viewer).items():
        items = Counter(secret.value)
        every.update(items)
        if Counter(secret.pool) == items:
            closed[name] = items
    return every, closed


def shown_to(before: State, after: State, viewer: int | None) -> bool:
    """True if something hidden from `viewer` before the decision is no longer hidden after it: an item
    left the hidden parts, or left a part only its own items fill (a tile whose colour now shows)."""
    every_before, closed_before = _hidden(before, viewer)
    every_after, closed_after = _hidden(after, viewer)
    if every_before - every_after:
        return True
    return any(items - closed_after.get(name, Counter()) for name, items in closed_before.items())


def take_back_refusal(before: State, after: State) -> str | None:
    """Why the decision that led from `before` to `after` cannot be taken back, or None if it can (the
    front end then restores its copy of `before`). Whose turn it is the front end checks itself."""
    if chance_used(before, after):
        return CHANCE
    mover = before.current_player
    if mover is not None and shown_to(before, after, mover):
        return SEEN
    if any(shown_to(before, after, viewer) for viewer in [None, *range(before.num_players)] if viewer != mover):
        return SHOWN
    return None
