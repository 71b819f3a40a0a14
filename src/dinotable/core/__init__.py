"""Game-agnostic core: the engine contract, seeded randomness, options, match records, the registry."""

from dinotable.core.contract import Event, Game, State
from dinotable.core.errors import ContentError, IllegalAction, RecordError
from dinotable.core.options import OptionSpec
from dinotable.core.registry import get_game, list_games, register, register_lazy

__all__ = [
    "ContentError",
    "Event",
    "Game",
    "IllegalAction",
    "OptionSpec",
    "RecordError",
    "State",
    "get_game",
    "list_games",
    "register",
    "register_lazy",
]
