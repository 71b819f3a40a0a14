"""The registry of games. Games register themselves (lazily, by module path) so that front ends and agents
reach every game by name without importing game packages."""

from __future__ import annotations

import importlib

_GAMES: dict = {}
_LAZY: dict[str, str] = {}


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
