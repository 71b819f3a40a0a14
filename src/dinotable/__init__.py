"""dinotable: a digital table for dinosaur board games.

import dinotable
game = dinotable.get_game("my-funny-dinos")
state = game.new_game(num_players=3, seed=7)
"""

from dinotable import games as _games  # noqa: F401  (registers every game)
from dinotable.core import ContentError, Event, IllegalAction, RecordError, get_game, list_games

__version__ = "0.1.0"

__all__ = ["ContentError", "Event", "IllegalAction", "RecordError", "get_game", "list_games", "__version__"]
