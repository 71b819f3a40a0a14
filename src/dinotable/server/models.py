"""The bodies the API takes, checked where they come in: no field unknown, integers strict, text valid
Unicode, and lists no longer than any table needs."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from dinotable.core.words import lone_surrogate

# Seats and options in a table request (each game then checks its own player count and options).
MAX_PLAYERS = 16
MAX_OPTIONS = 64


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def valid_unicode(cls, value):
        """Text that is not valid Unicode (a lone surrogate, as JSON may carry) is refused where it comes in."""
        if isinstance(value, str) and lone_surrogate(value):
            raise ValueError("not valid Unicode (a lone surrogate)")
        return value


class PlayerIn(Strict):
    type: str
    level: str | None = None
    name: str | None = None  # a person's display name (default "Player N"); a bot is named by its level


class ClockIn(Strict):
    bank: StrictInt
    increment: StrictInt = 0


class NewTable(Strict):
    game: str
    players: list[PlayerIn] = Field(max_length=MAX_PLAYERS)
    options: dict[str, Any] | None = Field(default=None, max_length=MAX_OPTIONS)
    seed: StrictInt | None = None
    clock: ClockIn | None = None
    hints: StrictBool = False  # whether the players may ask for hints (every seat sees it, and each one's count)


class ActionIn(Strict):
    token: str
    seq: StrictInt
    action: StrictInt


class UndoIn(Strict):
    token: str
    seq: StrictInt


class HintIn(Strict):
    """A hint asked for at decision `seq` by the seat of `token`, which must be to move."""

    token: str
    seq: StrictInt


class HandOverIn(Strict):
    """Leaving a seat, or handing over one whose time ran out: a bot of `level` plays on."""

    token: str
    level: str = "medium"


class ChatIn(Strict):
    token: str
    text: str


class NameIn(Strict):
    token: str
    name: str


class RematchIn(Strict):
    token: str | None = None
