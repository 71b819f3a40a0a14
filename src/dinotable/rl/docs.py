"""`python -m dinotable.rl.docs`: writes the observation layout tables of docs/rl.md from the code (the part
between the markers); `--check` only says whether docs/rl.md is up to date."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dinotable.core.observation import encoder_for
from dinotable.core.registry import get_game, list_games

BEGIN = "<!-- layout tables: made by `python -m dinotable.rl.docs` from the code; do not edit by hand -->"
END = "<!-- end of the layout tables -->"
DOC = Path(__file__).resolve().parents[3] / "docs" / "rl.md"
SHOWN_PLAYERS = 2  # every game is played by two


def _options_text(options: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def _names(names: list[str], most: int = 6) -> str:
    """Slice names in brief: those sharing a numbered part (`seats.2.credits`, `seats.2.goats`) as one
    `seats.2.*`, and at most `most` of them before a count of the rest."""
    groups: dict[str, int] = {}
    for name in names:
        parts = name.split(".")
        cut = next((i for i, part in enumerate(parts) if part.isdigit()), None)
        key = ".".join(parts[: cut + 1]) + ".*" if cut is not None and cut + 1 < len(parts) else name
        groups[key] = groups.get(key, 0) + 1
    shown = [f"`{key}` ({count})" if count > 1 else f"`{key}`" for key, count in groups.items()]
    if not shown:
        return "none"
    rest = len(shown) - most
    return ", ".join(shown[:most]) + (f" and {rest} more" if rest > 0 else "")


def game_section(name: str) -> str:
    game = get_game(name)
    head = f"### {game.title} (`{name}`)\n\n"
    shown = encoder_for(game.new_game(SHOWN_PLAYERS, 0))
    sizes = {s.name: s.size for s in shown.layout.slices}
    lines = [
        head + f"Shown for {SHOWN_PLAYERS} players with the default options: {shown.size} entries; "
        f"{game.num_distinct_actions} action ids (the mask's length at every player count).\n",
        shown.layout.markdown(),
        "",
        "Every player count and option set the tests play, against the table above (slices are added or",
        "dropped with the seats and modules in play; a resized slice holds the same thing for more or fewer",
        "seats, cards or spaces):",
        "",
        "| players | options | entries | slices added | slices dropped | slices resized |",
        "| --- | --- | ---: | --- | --- | --- |",
    ]
    for num_players in range(game.min_players, game.max_players + 1):
        for options in game.test_option_sets_for(num_players):
            encoder = encoder_for(game.new_game(num_players, 0, options))
            names = {s.name for s in encoder.layout.slices}
            added = [s.name for s in encoder.layout.slices if s.name not in sizes]
            dropped = [n for n in sizes if n not in names]
            resized = [s.name for s in encoder.layout.slices if s.name in sizes and sizes[s.name] != s.size]
            cells = " | ".join(_names(group) for group in (added, dropped, resized))
            lines.append(f"| {num_players} | {_options_text(options)} | {encoder.size} | {cells} |")
    return "\n".join(lines) + "\n"


def generated() -> str:
    return "\n".join(game_section(name) for name in list_games())


def updated(text: str) -> str:
    """`text` (docs/rl.md) with the part between the markers made anew."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{DOC.name} lacks the markers of its generated part")
    return text[: start + len(BEGIN)] + "\n\n" + generated() + "\n" + text[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dinotable.rl.docs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that docs/rl.md is up to date")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    new = updated(text)
    if args.check:
        if new != text:
            print(f"{DOC} is out of date: run python -m dinotable.rl.docs")
            return 1
        print(f"{DOC} is up to date")
        return 0
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"wrote {DOC}")
    else:
        print(f"{DOC} was up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
