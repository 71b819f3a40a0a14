"""One package per game, each with the same role-named files:

content        components and numbers, each with its provenance (rulebook / published / designed): content.toml,
               or for a long one a content/ folder of files by section (content/content.toml holds the version)
content.py     loads and validates the content into pre-indexed tuples
state.py       the flat, cheaply copied state, its view and determinize
rules.py       legal actions and apply
scoring.py     scores, tie-breaks, the score breakdown
render.py      text of actions, events and the board
heuristic.py   the game's own evaluation, used by heuristic and search agents
"""

from dinotable.core.registry import register_lazy

register_lazy("dinogenics", "dinotable.games.dinogenics:GAME")
register_lazy("my-funny-dinos", "dinotable.games.my_funny_dinos:GAME")
register_lazy("tiny-epic-dinosaurs", "dinotable.games.tiny_epic_dinosaurs:GAME")
