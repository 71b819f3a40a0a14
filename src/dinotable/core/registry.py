"""The registry of games. Games register themselves (lazily, by module path) so that front ends and agents
reach every game by name without importing game packages.

A game can also be built from another content folder (a designer's changed cards): every game package has
a `content` module with `load_content(path)`, and its Game class is made from what that returns. A game
whose content is split into several files names them in the module's CONTENT_FILES, and its `load_content`
takes a folder holding any of them; a game without CONTENT_FILES has one file, content.toml."""

from __future__ import annotations

import importlib
from pathlib import Path

from dinotable.core.errors import shown

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
            raise ValueError(f"unknown game {shown(name)}; known games: {', '.join(list_games())}")
        module, _, attr = _LAZY[name].partition(":")
        register(getattr(importlib.import_module(module), attr))
    return _GAMES[name]


def game_with_content(name: str, folder: str | Path | None):
    """The game built from the content files in `folder` instead of its own (None: the game itself). Each of
    the game's content files found there (content.toml, and for a game split by the rulebook's sections the
    others its content module lists in CONTENT_FILES) replaces the game's own; the rest come from the game.
    Raises ValueError for an unknown game or a folder holding none of the game's content files, ContentError
    for a broken one, a .toml there that is not one of them, or a table defined in two files."""
    game = get_game(name)
    if folder is None:
        return game
    folder = Path(folder)
    module = importlib.import_module(f"{type(game).__module__}.content")
    names = getattr(module, "CONTENT_FILES", None)  # None: the game's content is one content.toml
    found = [folder / n for n in names or ("content.toml",) if (folder / n).is_file()]
    if not found:
        expected = " or ".join(names or ("content.toml",))
        raise ValueError(f"{folder}: none of the game's content files there ({expected}); copy one and change it")
    key = (name, str(folder.resolve()), tuple((p.name, p.stat().st_mtime_ns) for p in sorted(folder.glob("*.toml"))))
    if key not in _WITH_CONTENT:
        content = module.load_content(folder if names else found[0])
        _WITH_CONTENT[key] = type(game)(content)
    return _WITH_CONTENT[key]
