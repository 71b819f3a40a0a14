"""Telling a decision as it is played, the one way every front end narrates (the terminal, its replays, the
web server's logs): the decision as the viewer reads it, each decision that then resolved itself, and each
event in the game's words, all as that viewer may be told them.
"""

from __future__ import annotations

from collections.abc import Callable
from types import EllipsisType

from dinotable.core.contract import Event, State


def tell(
    state: State,
    action: int,
    viewer: int | None | EllipsisType,
    name: Callable[[int | None], str],
    indent: str = "",
) -> tuple[list[str], list[Event]]:
    """Applies `action` to `state` and returns the lines `viewer` is told of it, with every event applied.
    `name(seat)` names the seat that decided (None: the game itself); events are told after `indent`.
    `viewer=...`: each decision as its own seat read it and every event whole, for a finished record."""
    game = state.game
    lines = [f"{name(state.current_player)}: {state.action_text(action, viewer=viewer)}"]
    events = state.apply_told(action, viewer)
    for event in events if viewer is ... else game.events_for(events, viewer):
        if event.kind != "forced":
            lines.append(indent + game.event_text(state, event))
        elif event.detail["text"]:  # "" is a formality the game does not tell
            lines.append(f"{name(event.seat)}: {event.detail['text']}")
    return lines, events
