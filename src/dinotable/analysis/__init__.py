"""The post-game analysis and hints: a finished game's decisions judged by the search agent from each
seat's own information, and the agent's best choices for a seat asking mid-game."""

from dinotable.analysis.engine import LABELS, Analysis, Decision, analyse

__all__ = ["LABELS", "Analysis", "Decision", "analyse"]
