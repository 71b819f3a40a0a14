"""The terminal fits 80x24 and says what matters: scripted sessions of every game through `play`, the menu,
stable names, `back` and the hot-seat pass screen; and core.undo, which says when a decision may be taken back.

The screen and the names come from each game's hooks (`screen_text`, `action_name`, `action_label`...): a
test here that fails for one game only may be that game's hooks missing, not the terminal.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from cli_support import fitted, runner, scripted

import dinotable
from dinotable.cli import menu
from dinotable.cli.main import app
from dinotable.cli.menu import HEIGHT, WIDTH, Entry
from dinotable.cli.play import MENU_AGAIN, SCREEN, play, seat_names
from dinotable.core.contract import Secret
from dinotable.core.undo import CHANCE, SEEN, SHOWN, take_back_refusal

# Every mode a person can sit down to: (game, players, options).
CONFIGS = [
    ("my-funny-dinos", 2, {}),
    ("tiny-epic-dinosaurs", 1, {}),
    ("tiny-epic-dinosaurs", 2, {}),
    ("dinogenics", 2, {}),
    ("dinogenics", 1, {"scenario": "CC1"}),
    ("dinogenics", 2, {"coop": True}),
    ("dinogenics", 2, {"expansion": False}),
]
IDS = ["mfd-2p", "ted-solo", "ted-2p", "dg-2p", "dg-cc1", "dg-coop", "dg-base"]


class Terminal:
    """A scripted person at an 80x24 terminal: every line `play` writes, where each prompt came, and each
    screen drawn (where, for which seat, and the position it showed). `answers` answer the action prompts
    ("> "); the pass screen and the offer to save get Enter."""

    def __init__(self, monkeypatch, game, answers):
        self.lines: list[str] = []
        self.prompts: list[tuple[int, str, str]] = []  # (line index, prompt, answer)
        self.screens: list[tuple[int, int, object, str]] = []  # (first line, seat, state, screen text)
        self.answers = iter(answers)
        real = game.screen_text

        def screen_text(state, seat):
            text = real(state, seat)
            self.screens.append((len(self.lines) + 1, seat, state.clone(), text))  # after one blank line
            return text

        monkeypatch.setattr(game, "screen_text", screen_text)

    def write(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def read(self, prompt: str) -> str:
        answer = next(self.answers, None) if prompt == "> " else ""
        self.prompts.append((len(self.lines), prompt, answer))
        if answer is None:
            raise EOFError
        return answer

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def session(monkeypatch, config, answers, specs=None, state=None) -> tuple[Terminal, object]:
    name, players, options = config
    game = dinotable.get_game(name)
    term = Terminal(monkeypatch, game, answers)
    specs = specs or ["human"] + ["random"] * (players - 1)
    end = play(game, specs, 3, options, read=term.read, write=term.write, state=state)
    return term, end


def assert_fits(term: Terminal) -> None:
    """Every line at most 80 wide; from each screen drawn to its prompt at most 24 lines, the screen (at
    most 14 lines) printed as the game wrote it; after a command, the menu again, compact, above the prompt."""
    long = [line for line in term.lines if len(line) > WIDTH]
    assert not long, long[:3]
    assert term.screens, "a person was asked to decide"
    starts = [index for index, _, _, _ in term.screens]
    for start, _, _, text in term.screens:
        shown = fitted(text).split("\n")
        shown = shown if len(shown) <= SCREEN else [shown[0], *shown[1 - SCREEN :]]
        assert term.lines[start : start + len(shown)] == shown
        prompt = next(index for index, p, _ in term.prompts if p == "> " and index >= start)
        assert prompt - start + 1 <= HEIGHT, term.lines[start : prompt + 1]
    answered = [(index, answer) for index, p, answer in term.prompts if p == "> " and answer is not None]
    for (index, answer), (after, _) in itertools.pairwise(answered):
        if answer.split(" ")[0] in ("help", "board", "scores", "list", "?") and not any(
            index < s <= after for s in starts
        ):
            block = term.lines[index:after]
            title = max(i for i, line in enumerate(block) if ", your move:" in line)
            assert len(block) - title + 1 <= MENU_AGAIN + 2, block[title:]


# ---------------------------------------------------------------------------------------- whole sessions


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_session_fits_80_by_24_with_commands_between_decisions(monkeypatch, config):
    """Sixty decisions with help, scores, board, board 1, list and `? 1` between them: every line fits 80
    columns, each decision's screen and menu fit 24 lines, and the menu comes back after each command."""
    commands = ["help", "scores", "board", "board 1", "list", "? 1", "help 1"]
    answers = [a for i in range(60) for a in (commands[i % len(commands)], "1")]
    term, end = session(monkeypatch, config, answers)
    assert_fits(term)
    assert len(term.screens) >= 20 and ("Game left unfinished." in term.lines or end.is_over)
    assert "Commands:" in term.text  # help answered


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_whole_game_by_a_person_fits_80_columns(monkeypatch, config):
    """A person taking the first action every time to the end of the game: every line, the final table and
    scores included, fits 80 columns, and every decision's screen fits 24 lines."""
    term, end = session(monkeypatch, config, ["1"] * 4000)
    assert end.is_over
    assert_fits(term)


# ------------------------------------------------------------------------------------ positions to test


def person_position(config, wanted, limit: int = 3000):
    """A position of a seeded random game (the first of a few seeds to meet one) where `wanted(state,
    action)` holds for a legal action of the seat to move: (state, action), or None."""
    name, players, options = config
    game = dinotable.get_game(name)
    for seed in range(1, 5):
        state = game.new_game(players, 3, options)
        rng = random.Random(seed)
        for _ in range(limit):
            if state.is_over:
                break
            legal = state.legal_actions()
            for action in legal:
                if wanted(state, action):
                    return state, action
            state.apply(rng.choice(legal))
    return None


def specs_for(state) -> list[str]:
    """The person on the seat to move, bots on the others (so that no pass screen comes first)."""
    return ["human" if seat == state.current_player else "random" for seat in range(state.num_players)]


def number_of(state, action) -> str:
    return str(state.game.present_actions(state, state.legal_actions()).index(action) + 1)


def take_back(state, action) -> tuple[bool, str | None]:
    """Whether the seat is still to move after `action` with no other seat moved, and core.undo's refusal."""
    seat, after = state.current_player, state.clone()
    events = after.apply_told(action, seat)
    same = after.current_player == seat and not any(e.kind == "forced" and e.seat != seat for e in events)
    return same, take_back_refusal(state, after)


# ---------------------------------------------------------------------------------------- stable names


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_an_action_is_chosen_by_its_stable_name_in_any_case_or_a_unique_start(monkeypatch, config):
    """The name a game gives an action ("site-a", "#26") chooses it, typed in capitals too, and so does
    the shortest start of it that no other name on offer shares."""
    # One of the first actions the menu lists (My Funny Dinos' texts no longer carry the name, "#0").
    found = person_position(
        config, lambda s, a: bool(s.game.action_name(s, a)) and a in s.game.present_actions(s, s.legal_actions())[:7]
    )
    assert found, "the game names some of its actions (action_name)"
    state, action = found
    name = state.game.action_name(state, action)
    term, end = session(monkeypatch, config, [name.upper()], specs=specs_for(state), state=state.clone())
    assert end.history[len(state.history)] == action
    names = [state.game.action_name(state, a) for a in state.legal_actions()]
    others = [n for n in names if n and n != name]
    start = next(name[:k] for k in range(1, len(name) + 1) if not any(o.startswith(name[:k]) for o in others))
    if start.isdigit() or start in ("b", "h", "q", "?"):  # a number or a command's letter: a longer start
        start = name
    term, end = session(monkeypatch, config, [start], specs=specs_for(state), state=state.clone())
    assert end.history[len(state.history)] == action
    assert f"{name}" in term.text  # the menu shows the name to type


def test_find_reads_numbers_names_and_unique_starts():
    """menu.find: a number in range, a name in any case, the start of one name only; a start that several
    names share is answered with those names, anything else with nothing (the caller says what to type)."""
    items = [
        Entry(1, 10, "site-a", "Site A: draw 2 DNA", "Site A", "space"),
        Entry(2, 11, "site-b", "Site B: draw 3 DNA, keep 1", "Site B", "space"),
        Entry(3, 12, "ferry", "Ferry: gain 3 credits", "Ferry", "space"),
        Entry(4, 13, "", "Pass", "Pass", "done"),
    ]
    assert menu.find("2", items).action == 11
    assert menu.find("SITE-A", items).action == 10
    assert menu.find("fe", items).action == 12
    assert "several names (site-a, site-b)" in menu.find("site", items)
    assert menu.find("5", items) == "There is no action 5: choose 1 to 4."
    assert menu.find("pass", items) == ""  # an action with no name is chosen by its number


def test_a_long_menu_is_grouped_in_columns_within_its_lines():
    """A menu too long to list in full is grouped by kind under a header per group, in columns, within the
    lines left; cut shorter still, its last line says how many actions are left out and how to see them."""
    items = [
        Entry(
            i,
            i,
            f"space-{i}" if i <= 20 else "",
            f"Place a worker on space {i}: " + "long text " * 8,
            f"space {i}",
            "space" if i <= 20 else "done",
        )
        for i in range(1, 31)
    ]
    lines = menu.menu_lines(items, 14)
    assert len(lines) <= 14 and all(len(line) <= WIDTH for line in lines)
    assert lines[0] == "space:" and "done:" in lines
    listed = {int(cell.split()[0]) for line in lines for cell in line.split("  ") if cell.strip()[:1].isdigit()}
    assert listed == set(range(1, 31))
    cut = menu.menu_lines(items, 5)
    assert len(cut) == 5
    shown = [int(cell.split()[0]) for line in cut[:-1] for cell in line.split("  ") if cell.strip()[:1].isdigit()]
    assert cut[-1] == f"... {30 - len(shown)} more: type list to see every action in full"
    # The ones shown are the first in the game's order, not a few of each column.
    assert sorted(shown) == list(range(1, len(shown) + 1))
    docks = Entry(31, 31, "docks", "Gift cards at the docks", "Docks: gift cards", "docks")
    alone = menu.grouped_lines([*items, docks], 40)
    assert "docks:" not in alone and alone[-1].startswith("31 docks") and len(alone) <= 40  # a group of one: no header
    full = menu.full_lines(items[:3])
    assert full[0].startswith("1 space-1  Place a worker on space 1:") and full[1].startswith(" " * 11)


# ------------------------------------------------------------------------------------------------ back


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_back_takes_back_a_step_that_showed_nothing(monkeypatch, config):
    """`back` undoes the person's last decision while the same seat is still to move and it revealed
    nothing: the position is as before it, and its screen is drawn again."""
    found = person_position(config, lambda s, a: take_back(s, a) == (True, None))
    assert found, "a multi-step choice that reveals nothing"
    state, action = found
    term, end = session(
        monkeypatch, config, [number_of(state, action), "back"], specs=specs_for(state), state=state.clone()
    )
    assert end == state and end.history == state.history
    who = seat_names(specs_for(state), state)[state.current_player]
    assert fitted(f"{who} takes back: {state.action_text(action)}") in term.text
    assert term.screens[0][3] == term.screens[-1][3] and len(term.screens) == 3  # before, after, before again


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_back_is_refused_once_something_was_drawn_or_rolled(monkeypatch, config):
    """A decision that drew a card, turned a tile or rolled a die cannot be taken back, even while the seat
    is still to move: `back` says why and the game goes on from the decision made."""
    found = person_position(config, lambda s, a: take_back(s, a)[0] and take_back(s, a)[1] is not None)
    assert found, "a decision that reveals something, the seat still to move"
    state, action = found
    why = take_back(state, action)[1]
    term, end = session(
        monkeypatch, config, [number_of(state, action), "back"], specs=specs_for(state), state=state.clone()
    )
    assert f"That cannot be taken back: {why}." in " ".join(term.text.split())
    assert end.history == [*state.history, action]


def test_back_with_nothing_decided_yet_says_so(monkeypatch):
    term, end = session(monkeypatch, CONFIGS[0], ["back"])
    assert "Nothing to take back: you have made no decision yet this turn." in term.lines
    assert end.history == []


def test_take_back_refusal_in_dinogenics_names_what_was_drawn_shown_or_rolled():
    """core.undo on DinoGenics: a worker that draws DNA cards for its seat lets the seat see what was
    hidden (no chance: the deck was shuffled at setup); a DNA card spent from a hand is shown to the table;
    a die or a shuffle is chance; a City Center choice showed nothing and may be taken back."""
    seen = person_position(CONFIGS[3], lambda s, a: take_back(s, a)[1] == SEEN)
    shown = person_position(CONFIGS[3], lambda s, a: take_back(s, a)[1] == SHOWN)
    rolled = person_position(CONFIGS[3], lambda s, a: take_back(s, a)[1] == CHANCE)
    quiet = person_position(CONFIGS[3], lambda s, a: take_back(s, a) == (True, None))
    assert seen and shown and rolled and quiet
    for (state, action), chance in ((seen, False), (shown, False), (rolled, True), (quiet, False)):
        after = state.clone()
        after.apply(action)
        assert (after.rng != state.rng) == chance
    state, action = seen
    after = state.clone()
    after.apply(action)
    deck = state.secrets(state.current_player)["DNA deck"].value
    assert len(after.secrets(state.current_player)["DNA deck"].value) < len(deck)  # cards came off the deck


class Hidden:
    """A stand-in state for core.undo: a generator mark and, per viewer, its hidden parts."""

    num_players = 2
    current_player = 0

    def __init__(self, parts, rng=1):
        self.parts, self.rng = parts, rng

    def secrets(self, seat):
        return self.parts.get(seat, {})


def test_take_back_refusal_reads_only_chance_and_what_left_the_hidden_parts():
    """Hidden cards moved between hidden places that re-deal among themselves reveal nothing (a card kept
    from a private draw into the hand); a card that leaves what a viewer cannot see was shown (to the mover:
    seen); a tile leaving a part only its own tiles fill (a colour now showing) was shown though it is still
    hidden; a moved generator, or none to compare, is chance."""
    pool = ("a", "b", "c")
    drawn = {1: {"drawn": Secret(("a", "b"), pool), "hand": Secret(("c",), pool)}}
    kept = {1: {"drawn": Secret(("b",), pool), "hand": Secret(("c", "a"), pool)}}
    assert take_back_refusal(Hidden(drawn), Hidden(kept)) is None
    played = {1: {"drawn": Secret(("b",), pool), "hand": Secret(("c",), pool)}}
    assert take_back_refusal(Hidden(drawn), Hidden(played)) == SHOWN
    assert take_back_refusal(Hidden({0: drawn[1]}), Hidden({0: played[1]})) == SEEN
    buried = {None: {"buried": Secret(("x", "y"), ("x", "y")), "ribbon": Secret(("z",), ("z",))}}
    turned = {None: {"buried": Secret(("x",), ("x",)), "ribbon": Secret(("z", "y"), ("z", "y"))}}
    assert take_back_refusal(Hidden(buried), Hidden(turned)) == SHOWN
    assert take_back_refusal(Hidden(drawn), Hidden(drawn, rng=2)) == CHANCE
    assert take_back_refusal(Hidden(drawn, rng=None), Hidden(drawn, rng=None)) == CHANCE


# ---------------------------------------------------------------------------------------------- board N


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_board_n_shows_one_seat_in_full_and_a_bad_n_is_answered(monkeypatch, config):
    name, players, options = config
    game = dinotable.get_game(name)
    first = game.new_game(players, 3, options)
    seat = first.current_player
    term, _ = session(monkeypatch, config, [f"board {players}", "board 9", "board"], specs=specs_for(first))
    assert fitted(game.seat_board_text(first, seat, players - 1)) in term.text
    assert f"There is no player 9: board N shows player N's board, 1 to {players}." in term.text
    assert fitted(game.board_text(first, seat)) in term.text


# ------------------------------------------------------------------------------------- narration, hot-seat


@pytest.mark.parametrize("config", [CONFIGS[2], CONFIGS[3]], ids=["ted-2p", "dg-2p"])
def test_forced_decisions_are_narrated_as_the_table_sees_them(config):
    """A decision with one option resolves itself, and is told like any other ("player 2 (random): Keep
    one of the cards drawn"), as the spectator sees it when no one person sits at the table."""
    name, players, options = config
    game = dinotable.get_game(name)
    written: list[str] = []
    specs = ["random"] * players
    end = play(game, specs, 3, options, read=scripted([]), write=written.append)
    replayed, told = game.new_game(players, 3, options), []
    names = seat_names(specs, replayed)
    for action in end.history:
        told += [
            f"{names[e.seat]}: {e.detail['text']}" for e in replayed.apply_told(action, None) if e.kind == "forced"
        ]
    assert told, "some decisions resolved themselves"
    text = "\n".join(written)
    assert all(fitted(line) in text for line in told)


@pytest.mark.parametrize(
    "config", [CONFIGS[0], CONFIGS[2], CONFIGS[3], CONFIGS[5]], ids=["mfd", "ted", "dg", "dg-coop"]
)
def test_hot_seat_clears_the_screen_and_shows_only_the_new_seats_table(monkeypatch, config):
    """Two people at one screen: when the turn passes, the screen is cleared, the pass screen asks for the
    other person, and after it nothing of the previous seat's own screen (what a spectator would not see)
    is printed; the next screen drawn is the new seat's."""
    name, players, options = config
    game = dinotable.get_game(name)
    term = Terminal(monkeypatch, game, ["1"] * 120)
    play(game, ["human", "human"], 3, options, read=term.read, write=term.write)
    assert_fits(term)
    passes = [i for i, line in enumerate(term.lines) if line.startswith("Pass to ")]
    assert len(passes) >= 2
    for at in passes[1:]:
        assert term.lines[at - HEIGHT + 1 : at] == [""] * (HEIGHT - 1)  # the previous screen scrolled away
        before = [s for s in term.screens if s[0] < at][-1]
        after = next((s for s in term.screens if s[0] > at), None)
        if after is None:
            break
        _, old_seat, old_state, old_text = before
        _, new_seat, new_state, new_text = after
        assert (
            new_seat != old_seat
            and term.lines[at] == f"Pass to {seat_names(['human'] * 2, new_state)[new_seat]}, then press Enter."
        )
        private = set(fitted(old_text).split("\n")) - set(fitted(game.screen_text(old_state, None)).split("\n"))
        private -= set(fitted(new_text).split("\n")) | {""}
        printed = term.lines[at + 1 : after[0] + len(fitted(new_text).split("\n"))]
        assert not private & set(printed), private & set(printed)


@pytest.mark.parametrize("config", [CONFIGS[0], CONFIGS[3]], ids=["mfd", "dg"])
def test_question_mark_explains_one_action_in_full_and_list_prints_them_all(monkeypatch, config):
    """`? N` and `help N` tell action N in full, with its name; `list` prints every action in full; the
    menu comes back after each."""
    name, players, options = config
    game = dinotable.get_game(name)
    first = game.new_game(players, 3, options)
    items = menu.entries(first, game.present_actions(first, first.legal_actions()))
    term, _ = session(monkeypatch, config, ["? 1", "help 2", "list"])
    text = term.text
    assert "\n".join(menu.explain(items[0])) in text and "\n".join(menu.explain(items[1])) in text
    assert "\n".join(menu.full_lines(items)) in text
    titles = [i for i, line in enumerate(term.lines) if ", your move:" in line]
    assert len(titles) == 4  # under the screen, and again after each command


def test_the_command_keeps_every_line_within_80_columns():
    """`dinotable play` itself (the typer runner, as a pipe): a person's session with commands and a bot,
    every line printed at most 80 wide, and each decision's screen, menu and prompt within 24 lines."""
    lines = ["board", "1", "scores", "2", "board 2", "1", "help", "1", "list", "1"] * 6
    result = runner.invoke(
        app, ["play", "dinogenics", "--players", "human,greedy", "--seed", "2"], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    # Through a pipe the prompt and the next line share a line (at a terminal, Enter ends the prompt's).
    out = [line.removeprefix("> ") for line in result.stdout.split("\n")]
    assert max(map(len, out)) <= WIDTH
    statuses = [i for i, line in enumerate(out) if line.startswith("Season ")]
    assert len(statuses) > 10
    for start in statuses:  # the status line opens each screen; the prompt follows within 24 lines
        assert any(line.startswith(">") for line in result.stdout.split("\n")[start : start + HEIGHT])


def test_a_screen_too_long_or_too_wide_is_fitted_keeping_the_status_and_own_board(monkeypatch):
    """Whatever a game's screen_text gives, the terminal keeps to 80x24: lines too wide are wrapped, and a
    screen over 14 lines keeps its first line (the status) and its last (the seat's own board)."""
    game = dinotable.get_game("my-funny-dinos")
    long = ["status"] + [f"table line {i} " + "x " * 50 for i in range(1, 9)] + [f"own board {i}" for i in range(6)]
    monkeypatch.setattr(game, "screen_text", lambda state, seat: "\n".join(long))
    written: list[str] = []
    play(game, ["human", "random"], 3, {}, read=scripted([]), write=written.append)
    start = written.index("status")
    prompt_title = next(i for i, line in enumerate(written) if ", your move:" in line)
    screen = written[start:prompt_title]
    assert len(screen) == SCREEN and max(map(len, screen)) <= WIDTH
    assert screen[-6:] == [f"own board {i}" for i in range(6)]


def test_an_action_and_its_variant_share_a_cell_so_the_whole_menu_fits():
    """Tiny Epic Dinosaurs offers each space to a Dinofarmer and to the Foreman: "hunt-herbivore" and
    "foreman-hunt-herbivore" share one cell ("1 hunt-herbivore (2 foreman)"), so twenty placements fit in
    five lines where forty cells would not; both numbers still choose."""
    spaces = [
        "hunt-herbivore",
        "hunt-carnivore",
        "market-herbivore",
        "lumber-yard",
        "gather-food",
        "gather-supplies",
        "trading-post",
        "town-hall",
        "research-lab",
        "contract-office",
    ]
    items = []
    for name in spaces:
        for variant in (name, f"foreman-{name}"):
            n = len(items) + 1
            items.append(Entry(n, n, variant, f"to {name}", variant.replace("-", " "), "place"))
    lines = menu.grouped_lines(items, 5)
    assert len(lines) == 5 and not menu.is_cut(lines)
    assert lines[0].startswith(" 1 hunt-herbivore (2 foreman)")
    shown = {int(n) for line in lines for n in re.findall(r"(?<![\w-])(\d+) ", line)}
    assert shown == set(range(1, 21))
    assert menu.find("2", items).name == "foreman-hunt-herbivore"
