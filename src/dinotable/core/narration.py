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


def tell_entry(
    state: State, action: int, viewer: int | None, name: Callable[[int | None], str]
) -> tuple[dict, list[Event]]:
    """`tell` as one log entry, the form the web table and its replay show: the Round or Season and phase
    it falls in (`stage`), the seat that decided, the decision as `viewer` reads it (`text`) and what
    followed, as `viewer` may be told it (`details`: dice, draws, scores, decisions that resolved
    themselves)."""
    stage, seat = state.game.stage_text(state), state.current_player
    lines, events = tell(state, action, viewer, name)
    return {"stage": stage, "seat": seat, "text": lines[0], "details": lines[1:]}, events
