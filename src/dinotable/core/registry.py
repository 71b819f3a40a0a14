"""The registry of games. Games register themselves (lazily, by module path) so that front ends and agents
reach every game by name without importing game packages.

A game can also be built from another content folder (a designer's changed cards): every game package has
a `content` module with `load_content(path)`, and its Game class is made from what that returns."""

from __future__ import annotations

import importlib
from pathlib import Path

_GAMES: dict = {}
_LAZY: dict[str, str] = {}
_WITH_CONTENT: dict = {}


def register(game) -> None:
    _GAMES[game.name] = game


def register_lazy(name: str, target: str) -> None:
    """`target` is "module.path:ATTRIBUTE"; the module is imported the first time the game is asked for."""
    _LAZY[name] = target


def list_games() -> list[str]:
    return sorted(set(_GAMES) | set(_LAZY))


def get_game(name: str):
    if name not in _GAMES:
        if name not in _LAZY:
            raise ValueError(f"unknown game {name!r}; known games: {', '.join(list_games())}")
        module, _, attr = _LAZY[name].partition(":")
        register(getattr(importlib.import_module(module), attr))
    return _GAMES[name]


def game_with_content(name: str, folder: str | Path | None):
    """The game built from `folder`/content.toml instead of its own content (None: the game itself).
    Raises ValueError for an unknown game or a folder without a content file, ContentError for a broken one."""
    game = get_game(name)
    if folder is None:
        return game
    path = Path(folder) / "content.toml"
    if not path.is_file():
        raise ValueError(f"{folder}: no content.toml there (copy the game's own and change it)")
    key = (name, str(path.resolve()), path.stat().st_mtime_ns)
    if key not in _WITH_CONTENT:
        content = importlib.import_module(f"{type(game).__module__}.content").load_content(path)
        _WITH_CONTENT[key] = type(game)(content)
    return _WITH_CONTENT[key]
