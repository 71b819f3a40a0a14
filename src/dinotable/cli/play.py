"""Playing a game in the terminal: people at the prompt, agents on their seats, one rules path.

Each of a person's decisions gets a screen that fits 80x24: the game's `screen_text` for that seat (at most
14 lines), then the menu of actions (cli.menu) in the lines left, then the prompt. Other seats' moves are
narrated above it as they happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from dinotable.agents import Observation, make_agent
from dinotable.cli import menu
from dinotable.cli.menu import HEIGHT, WIDTH, wrap
from dinotable.core.narration import tell
from dinotable.core.record import save
from dinotable.core.rng import derive_seed
from dinotable.core.undo import take_back_refusal
from dinotable.sim.runner import AGENT_SEED_KEY, OBSERVATION_SEED_KEY

HELP = """Type the number of an action, or its name (site-a, #26) or the start of one.
Commands:
  list, all     every action on offer in full
  ? N, ? NAME   one action in full (the menu cuts long ones short with ...)
  board         the whole table;  board N: player N's board in full
  hand          your own board and hand in full (the screen cuts long lines)
  scores        the score each player would have if the game ended now
  hint          the agent's three best choices, each with its chance to win
                (only where hints are allowed: dinotable play ... --hints)
  back          take back your last decision, while it is still your turn and
                it showed nothing hidden (no card drawn, no die rolled)
  save [FILE]   save the game (go on with: dinotable play --load FILE)
  help NAME     what a species, card, facility, space... is (help Stegosaurus)
  help          this text;  quit: leave the game (you may save it first)"""

# A hint's seed: from the game's seed, the seat and the decision, so the same question gets the same answer.
HINT_SEED_KEY = 6_000
RECAP = 4  # the most lines of what happened since a person's last turn kept in sight at their prompt
SCREEN = 14  # the most lines `screen_text` may take; the menu and the prompt share the rest of the 24
MENU_AGAIN = 10  # the most lines the menu takes when it is shown again after a command


def fit_screen(text: str) -> list[str]:
    """A game's screen in at most 14 lines of at most 80 characters, whatever the game gives (too long, it
    keeps the status line and the last lines, the seat's own board, nearest the prompt)."""
    lines = [part for line in text.split("\n") for part in wrap(line)]
    return lines if len(lines) <= SCREEN else [lines[0], *lines[1 - SCREEN :]]


def seat_names(specs: list[str], state=None) -> list[str]:
    """Each seat as the game calls it (`game.seat_name`), with who plays it: 'player 2 (greedy)'."""
    name = state.game.seat_name if state is not None else lambda state, seat: f"player {seat + 1}"
    return [f"{name(state, i)} ({spec})" for i, spec in enumerate(specs)]


def score_lines(state, names: list[str], viewer: int | None = None) -> list[str]:
    """The score if the game ended now (final once it is over), as `viewer` may know it (`score_now`): a row
    per part of the game's end-game scoring and the totals, a column per seat and per automaton the rules
    play; a part the viewer cannot see reads "+ hidden". Seats go by "player N" alone where their full names
    would not fit in 80 columns."""
    rows = state.score_now(viewer)
    parts = list(dict.fromkeys(part["name"] for row in rows for part in row["parts"]))

    def cell(row: dict, name: str) -> str:
        points = [p["points"] for p in row["parts"] if p["name"] == name]
        return "" if not points else "+ hidden" if points[0] is None else str(points[0])

    body = [[name, *[cell(row, name) for row in rows]] for name in parts]
    body.append(["Total", *[f"{row['total']}{' + hidden' if row['hidden'] else ''}" for row in rows]])
    for heads in ([names[r["seat"]] if "seat" in r else r["automaton"] for r in rows], None):
        if heads is None:  # "player 2", without who plays it
            heads = [names[r["seat"]].split(" (")[0] if "seat" in r else r["automaton"] for r in rows]
        table = [["", *heads], *body]
        widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
        lines = [
            f"{line[0]:<{widths[0]}}  " + "  ".join(f"{v:>{w}}" for v, w in zip(line[1:], widths[1:], strict=True))
            for line in table
        ]
        if max(map(len, lines)) <= WIDTH - 2:
            break
    return [line.rstrip() for line in lines]


class Quit(Exception):
    pass


class Back(Exception):
    """The person takes back their last decision."""


def play(
    game,
    specs: list[str],
    seed: int,
    options: dict,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    default_save: str | None = None,
    state=None,
    clear: Callable[[], None] | None = None,
    names: list[str] | None = None,
    hints: bool = False,
) -> object:
    """Plays one game to its end (or until a person quits); returns the final state. `state`: a saved game
    to go on with (its seed and options are then its own). `clear`: clears a real terminal's screen when
    the screen passes between people (by default, a screenful of blank lines). `names`: the seats' display
    names (a saved game keeps its own). `hints`: `hint` at the prompt is allowed (a setting of this session,
    never in the record)."""
    resumed = state is not None
    if state is None:
        state = game.new_game(len(specs), seed, options)
        if names:
            state.name_seats(names)
    table = Table(state, specs, read, write, default_save, clear, hints)
    names = table.names
    # The seed is shown only at the end: with it and the public moves, anyone could rebuild the hidden tiles.
    table.say(
        f"{game.title}: {', '.join(names)}." + (f" Going on after decision {len(state.history)}." if resumed else "")
    )
    try:
        table.run()
    except (Quit, EOFError, KeyboardInterrupt):
        _offer_save(table.state, specs, read, table.say, table.default_save)
        table.say("Game left unfinished.")
        table.tell_hints_used()
        return table.state
    state = table.state
    table.say("")
    table.say(game.board_text(state, None))
    table.say("")
    table.say("Final scores:")
    for line in score_lines(state, names):
        table.say("  " + line)
    winners = state.winners()
    outcome = state.outcome()
    if "grade" in outcome:  # a solo scenario: its objective and the grade text that applies
        met = "met" if outcome["objective_met"] else "not met"
        table.say(f"Scenario {outcome['scenario']}: objective {met}. {outcome['grade']}")
    if winners:
        table.say(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(names[w] for w in winners))
    else:
        beaten_by = ", ".join(outcome.get("automata", {})) or "the game"
        table.say(f"Nobody at the table wins: {beaten_by} wins.")
    table.say(f"Seed {state.seed}: the same seed and moves replay this game.")
    table.tell_hints_used()
    if table.people:
        _offer_save(state, specs, read, table.say, table.default_save)
    return state


class Table:
    """One game at the terminal: whose eyes the narration is for, the screens, and what may be taken back."""

    def __init__(self, state, specs, read, write, default_save, clear, hints: bool = False) -> None:
        game = self.game = state.game
        self.state, self.specs, self.read, self._write = state, specs, read, write
        self.names = seat_names(specs, state)
        seed = state.seed
        self.agents = [
            None if spec == "human" else make_agent(spec, game, derive_seed(seed, AGENT_SEED_KEY + seat))
            for seat, spec in enumerate(specs)
        ]
        # Whose eyes the narration is for: the one person at the table, or with none or several (who share
        # the screen), a spectator's; each decision and event is told as that viewer sees it.
        self.people = [seat for seat, agent in enumerate(self.agents) if agent is None]
        self.viewer = self.people[0] if len(self.people) == 1 else None
        self.default_save = default_save or f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.dinotable.json"
        self.clear = clear or (lambda: self._write("\n" * (HEIGHT - 1)))
        # Hot-seat: the narration so far, and how much of it each person has had in front of them.
        self.log: list[str] = []
        self.seen: dict[int, int] = {}
        # Take-backs: the states before the person's decisions this turn that showed nothing hidden, with
        # their texts; and why there is none to take back when there is none.
        self.undo: list[tuple[object, str]] = []
        self.no_undo = "Nothing to take back: you have made no decision yet this turn."
        # Hints: allowed or not, each seat's count, and the hint given at each position (asked again there,
        # it is shown again and counted once).
        self.hints = hints
        self.hints_used = [0] * state.num_players
        self.hints_given: dict[tuple[int, ...], list[dict]] = {}

    def say(self, text: str) -> None:
        """Writes text line by line, each line at most 80 characters (longer ones wrapped)."""
        for line in text.split("\n"):
            for part in wrap(line):
                self._write(part)

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else self.game.title

    def narrate(self, text: str) -> None:
        self.log.append(text)
        self.say(text)

    def run(self) -> None:
        last_person = None
        while not self.state.is_over:
            state = self.state
            seat = state.current_player
            if self.agents[seat] is None:
                if len(self.people) > 1 and seat != last_person:
                    self.pass_screen(seat)
                last_person = seat
                # What happened since this person's last prompt stays in sight above the new screen.
                recent = sum(len(wrap(line)) for line in self.log[self.seen.get(seat, 0) :])
                self.seen[seat] = len(self.log)
                try:
                    action = self.ask(seat, min(recent, RECAP))
                except Back:
                    self.state, text = self.undo.pop()
                    self.narrate(f"{self.names[seat]} takes back: {text}")  # told to the next person too
                    continue
                before = state.clone()
            else:
                obs = Observation(state, seat, derive_seed(state.seed, OBSERVATION_SEED_KEY, len(state.history)))
                action = self.agents[seat].act(obs)
                before = None
            self.apply(seat, action, before)

    def apply(self, seat: int, action: int, before) -> None:
        """Applies and narrates a decision (with the decisions that resolved themselves after it), then
        keeps what the person may take back."""
        state = self.state
        text = state.action_text(action, viewer=self.viewer)
        lines, events = tell(state, action, self.viewer, self.name, indent="  ")
        for line in lines:
            self.narrate(line)
        if before is None:
            self.undo.clear()
            self.no_undo = f"Nothing to take back: {self.names[seat]} has moved since."
            return
        others = any(e.kind == "forced" and e.seat != seat for e in events)
        if state.current_player != seat or others:
            self.undo.clear()
            self.no_undo = "Nothing to take back: the turn has passed on since."
            return
        refusal = take_back_refusal(before, state)
        if refusal:
            self.undo.clear()
            self.no_undo = f"That cannot be taken back: {refusal}."
        else:
            self.undo.append((before, text))

    def pass_screen(self, seat: int) -> None:
        """Hot-seat: the screen is cleared before it passes to `seat`, and after, so that the new person sees
        only what happened since their last turn (as anyone at the table saw it) and their own table."""
        self.clear()
        self.say(f"Pass to {self.names[seat]}, then press Enter.")
        self.read("")
        self.clear()
        missed = self.log[self.seen.get(seat, 0) :]
        if missed:
            self.say("Since your last turn:" if seat in self.seen else "So far:")
            for line in missed:
                self.say(line)

    def screen(self, seat: int) -> list[str]:
        """The seat's screen: at most 14 lines of at most 80 characters (`fit_screen`)."""
        return fit_screen(self.game.screen_text(self.state, seat))

    def decision_screen(self, seat: int, recap: int = 0) -> tuple[list[str], list[menu.Entry], str, int]:
        """What is drawn above the prompt of a decision (a blank line, the screen, the title and the menu, in
        at most 23 lines, leaving `recap` lines to the narration above it when the menu needs none of them),
        with the menu's entries, its title and the lines the menu took."""
        state, game = self.state, self.game
        legal = game.present_actions(state, state.legal_actions())
        items = menu.entries(state, legal)
        decision = menu.decision_of(state, legal)
        title = menu.clip(f"{self.names[seat]}, your move:" + (f" {decision}" if decision else ""), WIDTH)
        screen = self.screen(seat)
        budget = HEIGHT - len(screen) - 3  # the blank line, the title line and the prompt
        # The narration keeps its lines where the whole menu fits beside them; where the menu is cut short
        # anyway, it keeps two (the choices come first, but the last move stays in sight).
        if not menu.is_cut(menu.menu_lines(items, budget - recap)):
            budget -= recap
        elif menu.is_cut(menu.menu_lines(items, budget)):
            budget -= min(recap, 2)
        return ["", *screen, title, *menu.menu_lines(items, budget)], items, title, budget

    def ask(self, seat: int, recap: int = 0) -> int:
        """The screen, the menu and the prompt until the person chooses an action (or goes back, or quits);
        the menu leaves `recap` lines of the 24 to the narration above the screen when it needs none of them."""
        lines, items, title, budget = self.decision_screen(seat, recap)
        for line in lines:
            self._write(line)
        again = min(budget, MENU_AGAIN)
        while True:
            try:
                line = self.read("> ").strip()
            except EOFError:
                raise Quit from None
            if not line:
                continue
            found = self.command(line, seat, items)
            if isinstance(found, int):
                return found
            self.show_menu(title, items, again)

    def show_menu(self, title: str, items, budget: int) -> None:
        self._write(title)
        for line in menu.menu_lines(items, budget):
            self._write(line)

    def command(self, line: str, seat: int, items) -> int | None:
        """What a line typed at the prompt does: an action id when it chooses one, else None once the
        command is done (the menu is then shown again)."""
        state = self.state
        word, _, arg = line.partition(" ")
        word, arg = word.lower(), arg.strip()
        # A command's word is never read as an action's name (the action keeps its number).
        found = menu.find(line, items) if word not in COMMANDS else ""
        if isinstance(found, menu.Entry):
            return found.action
        if found:
            self.say(found)
        elif word in ("help", "h", "?"):
            self.say(self.help(arg, items, action_first=word == "?" or arg.isdigit()) if arg else HELP)
        elif word in ("list", "all"):
            for line in menu.full_lines(items):
                self._write(line)
        elif word in ("board", "b"):
            self.board(seat, arg)
        elif word == "hand":  # the screen cuts a long hand or line short; the seat's board has it whole
            self.say(self.game.seat_board_text(state, seat, seat))
        elif word == "scores":
            for text in score_lines(state, self.names, seat):
                self.say("  " + text)
        elif word == "hint":
            self.hint(seat, items)
        elif word == "save":
            _save(state, self.specs, self.say, arg or self.default_save)
        elif word == "back":
            if not self.undo:
                self.say(self.no_undo)
                return None
            raise Back
        elif word in ("quit", "exit", "q"):
            raise Quit
        else:
            self.say(f"{line!r} is not a choice: type a number from 1 to {len(items)}, a name, or help.")
        return None

    def hint(self, seat: int, items) -> None:
        """`hint`: the agent's three best choices for the seat, from what the seat may see alone (the search
        runs on copies determinized for it), each with its chance to win; nothing is changed or recorded."""
        if not self.hints:
            self.say("Hints are off at this table. Allow them when starting: dinotable play ... --hints")
            return
        from dinotable.analysis.hints import HINT_SECONDS, hint

        key = tuple(self.state.history)
        if key not in self.hints_given:
            self.say(f"Thinking (up to {HINT_SECONDS:g} seconds)...")
            seed = derive_seed(self.state.seed, HINT_SEED_KEY + seat, len(self.state.history))
            self.hints_given[key] = hint(self.state, seat, seed)
            self.hints_used[seat] += 1
        numbers = {entry.action: entry.number for entry in items}
        self.say("The agent's best choices, best first:")
        for k, choice in enumerate(self.hints_given[key], 1):
            chance = "the only choice" if choice["chance"] is None else f"{round(100 * choice['chance'])}% to win"
            number = numbers.get(choice["action"])
            self.say(f"{k}. {choice['text']} - {chance}" + (f" (type {number})" if number else ""))
        self.tell_hints_used()

    def tell_hints_used(self) -> None:
        """Where hints are allowed: how many each person at the table has asked for."""
        if self.hints and self.people:
            name = self.game.seat_name
            used = ", ".join(f"{name(self.state, seat)} {self.hints_used[seat]}" for seat in self.people)
            self.say(f"Hints used: {used}.")

    def help(self, arg: str, items, action_first: bool) -> str:
        """`? X` explains the action X, else looks X up in the game's reference; `help X` the other way."""
        entry = menu.find(arg, items)
        action = "\n".join(menu.explain(entry)) if isinstance(entry, menu.Entry) else None
        if action and action_first:
            return action
        text = look_up(self.game, arg)
        return action if action and text.startswith("Nothing") else text

    def board(self, seat: int, arg: str) -> None:
        """`board`: the whole table as the seat sees it; `board N`: seat N's board in full."""
        if not arg:
            self.say(self.game.board_text(self.state, seat))
            return
        n = int(arg) if arg.isascii() and arg.isdigit() and len(arg) < 4 else 0
        if not 1 <= n <= self.state.num_players:
            self.say(f"There is no player {arg}: board N shows player N's board, 1 to {self.state.num_players}.")
            return
        self.say(self.game.seat_board_text(self.state, seat, n - 1))


COMMANDS = frozenset(
    {"help", "h", "?", "list", "all", "board", "b", "hand", "scores", "hint", "save", "back", "quit", "exit", "q"}
)


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
