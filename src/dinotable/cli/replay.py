"""`dinotable replay FILE [--step]`: a saved game told decision by decision, then its final table and scores.

With `--step` each decision is a screen that fits 80x24, as a player's does: the decision and what followed
it (who decided what, trimmed to the lines left), the table after it in brief (the game's `screen_text`, as
a spectator sees it, at most 14 lines) and a prompt line. Keys at the prompt show what the screen shortens:
the whole table, one seat's board in full, everything the decision told.
"""

from __future__ import annotations

from collections.abc import Callable

from dinotable.cli.menu import HEIGHT, wrap
from dinotable.cli.play import fit_screen, score_lines
from dinotable.core.narration import tell
from dinotable.core.record import start

PROMPT = "Enter: next decision, b: board, b N: seat N, t: all told, q: to the end "
KEYS = (
    "Enter shows the next decision; b the whole table; b N seat N's board in full, as that seat saw it; t "
    "everything this decision told; s the scores now; q tells the rest without stopping."
)


def told_lines(number: int, total: int, lines: list[str], room: int) -> list[str]:
    """The decision's heading and what it told, wrapped at 80, in at most `room` lines: the first ones, and
    a last line saying how many more there are and how to read them."""
    out = [f"Decision {number} of {total}:", *(part for line in lines for part in wrap("  " + line))]
    if len(out) <= room:
        return out
    return [*out[: room - 1], f"  ... {len(out) - room + 1} more lines: t shows them all"]


def step_screen(state, number: int, total: int, lines: list[str]) -> list[str]:
    """One step of `replay --step`, without its prompt: what the decision told and the table after it, in at
    most 23 lines of at most 80 (the prompt is the 24th)."""
    screen = fit_screen(state.game.screen_text(state, None))
    return [*told_lines(number, total, lines, HEIGHT - 2 - len(screen)), "", *screen]


def replay_game(
    game,
    doc: dict,
    step: bool,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> object:
    """Tells the record `doc` (already checked) decision by decision, stopping at each with `step`; then the
    final table and scores. Returns the state at the record's end."""

    def say(text: str) -> None:
        for line in text.split("\n"):
            for part in wrap(line):
                write(part)

    state = start(game, doc)
    players = doc.get("players") or [None] * doc["num_players"]
    names = [game.seat_name(state, seat) + (f" ({spec})" if spec else "") for seat, spec in enumerate(players)]
    total = len(doc["history"])
    say(f"{game.title}, seed {doc['seed']}, {doc['num_players']} players, {total} decisions")
    for number, action in enumerate(doc["history"], 1):
        # A record is read whole: every decision, the forced ones too, as its own seat read it.
        lines, _ = tell(state, action, ..., lambda seat: game.title if seat is None else names[seat], indent="  ")
        if not step:
            say("\n".join(lines))
            continue
        for line in step_screen(state, number, total, lines):
            write(line)
        step = _ask(state, lines, names, read, say)
    say("")
    say(game.board_text(state, None))
    say("Final scores:" if state.is_over else "Scores so far (the record ends before the game does):")
    for line in score_lines(state, names):
        say("  " + line)
    if state.is_over:
        winners = state.winners()
        if winners:
            say(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(names[w] for w in winners))
        else:
            say("Nobody at the table wins.")
    return state


def _ask(state, lines: list[str], names: list[str], read, say) -> bool:
    """The prompt under a step until Enter (True: go on stepping) or q or the end of input (False)."""
    while True:
        try:
            key = read(PROMPT).strip().lower()
        except EOFError:
            return False
        word, _, arg = key.partition(" ")
        if not key:
            return True
        if word in ("q", "quit"):
            return False
        if word in ("b", "board") and not arg:
            say(state.game.board_text(state, None))
        elif word in ("b", "board"):
            n = int(arg) if arg.isascii() and arg.isdigit() and len(arg) < 4 else 0
            if 1 <= n <= state.num_players:  # a record is read whole: the seat's board as the seat sees it
                say(state.game.seat_board_text(state, n - 1, n - 1))
            else:
                say(f"There is no seat {arg}: b N shows seat N's board, 1 to {state.num_players}.")
        elif word in ("t", "told"):
            for line in lines:
                say("  " + line)
        elif word in ("s", "scores"):
            for line in score_lines(state, names):
                say("  " + line)
        else:
            say(KEYS)
