"""Playing a game in the terminal: people at the prompt, agents on their seats, one rules path."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from dinotable.agents import Observation, make_agent
from dinotable.core.record import save
from dinotable.core.rng import derive_seed
from dinotable.sim.runner import AGENT_SEED_KEY, OBSERVATION_SEED_KEY

HELP = """Type the number of an action to take it. Other commands:
  board        show the table again
  scores       the score each player would have if the game ended now
  save [FILE]  save the game (go on with `dinotable play --load FILE`, watch it with `dinotable replay FILE`)
  help         this text
  help NAME    what a species, card, facility, space... is and does (help Stegosaurus)
  quit         leave the game (you are offered to save it first)"""


def seat_names(specs: list[str], state=None) -> list[str]:
    """Each seat as the game calls it (`game.seat_name`), with who plays it: 'player 2 (greedy)'."""
    name = state.game.seat_name if state is not None else lambda state, seat: f"player {seat + 1}"
    return [f"{name(state, i)} ({spec})" for i, spec in enumerate(specs)]


def score_lines(state, names: list[str]) -> list[str]:
    outcome = state.outcome()
    rows = outcome.get("breakdown") or [{"total": s} for s in state.scores()]
    # Automata the engine plays (a solo Rival) are listed after the seats.
    automata = outcome.get("automata", {})
    names = [*names, *automata]
    rows = [*rows, *automata.values()]
    keys = [k for k, v in rows[0].items() if isinstance(v, int) and k != "total"] + ["total"]
    width = max(len(n) for n in names)
    lines = [" " * width + "  " + "  ".join(f"{k:>9}" for k in keys)]
    for name, row in zip(names, rows, strict=True):
        lines.append(f"{name:<{width}}  " + "  ".join(f"{row[k]:>9}" for k in keys))
    return lines


class Quit(Exception):
    pass


def play(
    game,
    specs: list[str],
    seed: int,
    options: dict,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    default_save: str | None = None,
    state=None,
) -> object:
    """Plays one game to its end (or until a person quits); returns the final state. `state`: a saved game
    to go on with (its seed and options are then its own)."""
    resumed = state is not None
    if state is None:
        state = game.new_game(len(specs), seed, options)
    seed = state.seed
    names = seat_names(specs, state)
    agents = [
        None if spec == "human" else make_agent(spec, game, derive_seed(seed, AGENT_SEED_KEY + seat))
        for seat, spec in enumerate(specs)
    ]
    # The seed is shown only at the end: with it and the public moves, anyone could rebuild the hidden tiles.
    write(f"{game.title}: {', '.join(names)}." + (f" Going on after decision {len(state.history)}." if resumed else ""))
    # Whose eyes the narration is for: the one person at the table, or with none or several (who share the
    # screen), a spectator's; each decision and event is told as that viewer sees it.
    people = [seat for seat, agent in enumerate(agents) if agent is None]
    viewer = people[0] if len(people) == 1 else None
    default_save = default_save or f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.dinotable.json"
    shown_board = False
    last_person = None
    while not state.is_over:
        seat = state.current_player
        if agents[seat] is None:
            try:
                if len(people) > 1 and seat != last_person:
                    # Hot-seat: the screen passes to another person, who sees only their own table.
                    write("\n" * 3 + f"Pass to {names[seat]}, then press Enter.")
                    read("")
                    shown_board = False
                last_person = seat
                if not shown_board:
                    write("")
                    write(game.board_text(state, seat))
                    shown_board = True
                action = _ask(state, seat, names, read, write, default_save, specs)
            except (Quit, EOFError, KeyboardInterrupt):
                _offer_save(state, specs, read, write, default_save)
                write("Game left unfinished.")
                return state
        else:
            obs = Observation(state, seat, derive_seed(seed, OBSERVATION_SEED_KEY, len(state.history)))
            action = agents[seat].act(obs)
        write(f"{names[seat]}: {state.action_text(action, viewer=viewer)}")
        for event in game.events_for(state.apply(action), viewer):
            write("  " + game.event_text(state, event))
            shown_board = False
    write("")
    write(game.board_text(state, None))
    write("")
    write("Final scores:")
    for line in score_lines(state, names):
        write("  " + line)
    winners = state.winners()
    outcome = state.outcome()
    if "grade" in outcome:  # a solo scenario: its objective and the grade text that applies
        met = "met" if outcome["objective_met"] else "not met"
        write(f"Scenario {outcome['scenario']}: objective {met}. {outcome['grade']}")
    if winners:
        write(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(names[w] for w in winners))
    else:
        beaten_by = ", ".join(state.outcome().get("automata", {})) or "the game"
        write(f"Nobody at the table wins: {beaten_by} wins.")
    write(f"Seed {seed}: the same seed and moves replay this game.")
    if people:
        _offer_save(state, specs, read, write, default_save)
    return state


def look_up(game, name: str) -> str:
    """`help NAME`: the reference entry of a component by its printed name (any case, or a unique part of
    it); the names that match when several do."""
    entries = game.reference()
    want = name.lower()
    exact = [n for n in entries if n.lower() == want]
    found = exact or [n for n in entries if want in n.lower()]
    if len(found) == 1:
        return f"{found[0]}: {entries[found[0]]}"
    if found:
        return f"{name!r} names several things: " + ", ".join(sorted(found)) + ". Type more of the name."
    return f"Nothing at this table is called {name!r}. Type help for the commands, board for the table."


def _offer_save(state, specs, read, write, default_save) -> None:
    """Asks whether to save the game before leaving it (or once it is over); Enter, no or the end of input
    saves nothing."""
    write(f"Save the game? y saves it as {default_save}, a name ending in .json saves it there, Enter does not.")
    try:
        answer = read("save> ").strip()
    except (EOFError, KeyboardInterrupt):
        return
    if answer.lower() in ("y", "yes"):
        _save(state, specs, write, default_save)
    elif answer.endswith(".json"):
        _save(state, specs, write, answer)
    else:
        write("Not saved.")


def _save(state, specs, write, where: str) -> None:
    path = Path(where)
    try:
        save(state, path, players=specs)
        if state.is_over:
            write(f"Saved to {path}. Watch it again: dinotable replay {path}")
        else:
            write(f"Saved to {path}. Go on with it: dinotable play --load {path} (watch it: dinotable replay {path})")
    except OSError as exc:
        write(f"Could not save to {path}: {exc.strerror}")


def _ask(state, seat, names, read, write, default_save, specs) -> int:
    game = state.game
    legal = game.present_actions(state, state.legal_actions())
    write(f"{names[seat]}, your move:")
    for i, action in enumerate(legal, 1):
        write(f"  {i:>2}. {state.action_text(action)}")
    while True:
        try:
            line = read("> ").strip()
        except EOFError:
            raise Quit from None
        if not line:
            continue
        word, _, arg = line.partition(" ")
        word = word.lower()
        # isdigit() alone also accepts digits int() refuses ("²"); a huge number is out of range anyway.
        if word.isascii() and word.isdigit():
            choice = int(word) if len(word) <= 9 else 0
            if 1 <= choice <= len(legal):
                return legal[choice - 1]
            write(f"There is no action {word}: choose 1 to {len(legal)}.")
        elif word in ("help", "?", "h"):
            write(look_up(game, arg.strip()) if arg.strip() else HELP)
        elif word in ("board", "b"):
            write(game.board_text(state, seat))
        elif word == "scores":
            for text in score_lines(state, names):
                write("  " + text)
        elif word == "save":
            _save(state, specs, write, arg.strip() or default_save)
        elif word in ("quit", "exit", "q"):
            raise Quit
        else:
            write(f"{line!r} is not a choice: type a number from 1 to {len(legal)}, or help.")
