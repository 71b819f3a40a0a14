"""Many games at once: the parallel runner, results and their statistics."""

from dinotable.sim.runner import GameResult, play_game, simulate, summarize

__all__ = ["GameResult", "play_game", "simulate", "summarize"]
