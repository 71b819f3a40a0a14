"""The terminal at 80x24 everywhere, over every decision of whole seeded games of every game and mode: the
screen and menu before each decision fit 24 lines of 80 columns; every choice the menu does not show whole is
shown whole by `? N`; a hand the screen cuts short is whole under `hand`; and `replay --step` tells each
decision in a screen of 24 lines of 80 columns, the rest of what it told one key away.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from cli_support import flat, runner, scripted

import dinotable
from dinotable.cli import menu, replay
from dinotable.cli.main import app
from dinotable.cli.menu import HEIGHT, WIDTH
from dinotable.cli.play import COMMANDS, RECAP, SCREEN, Table, fit_screen
from dinotable.core.narration import tell

# A line of a seat's own hand on the screen, cut short: its cards before the "...".
HAND = re.compile(r"(?:^|\| )(?:DNA \(\d+ of \d+\)|Manipulation|Research|Hand): (.*)\.\.\.$")


def scan(name: str, players: int, options: dict, seed: int = 3) -> dict[str, int]:
    """Plays a seeded random game to its end; at every decision, draws the seat's screen and menu as the
    prompt does (with the most narration kept above it) and checks that they fit 80x24, that `? N` shows in
    full every choice the menu does not, and that `hand` and `board` show whole each hand line the screen
    cuts short. Returns how many choices and hands were cut (so that a caller can tell the check ran)."""
    game = dinotable.get_game(name)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    written: list[str] = []
    table = Table(state, ["human"] * players, scripted([]), written.append, "unused.json", None)
    counts = {"decisions": 0, "cut choices": 0, "cut hands": 0}
    while not state.is_over:
        seat = state.current_player
        table.state = state
        lines, items, title, _ = table.decision_screen(seat, RECAP)
        where = f"{name} {players}p {options} decision {len(state.history)}"
        assert len(lines) + 1 <= HEIGHT, (where, lines)  # the prompt is the 24th line
        assert max(map(len, lines)) <= WIDTH, (where, [line for line in lines if len(line) > WIDTH])
        assert not {e.name for e in items} & COMMANDS, where  # a command's word would hide the action
        shown = flat("\n".join(lines[lines.index(title) + 1 :]))
        for entry in items:
            whole = flat(state.action_text(entry.action, viewer=seat))
            if whole in shown:
                continue
            counts["cut choices"] += 1
            written.clear()
            assert table.command(f"? {entry.number}", seat, items) is None
            assert whole in flat("\n".join(written)), (where, entry, written)
            assert max(map(len, written)) <= WIDTH, (where, written)
        cut = [m[1] for line in fit_screen(game.screen_text(state, seat)) for m in [HAND.search(line)] if m]
        if cut:
            counts["cut hands"] += 1
            written.clear()
            table.command("hand", seat, items)
            table.command("board", seat, items)
            assert max(map(len, written)) <= WIDTH, (where, written)
            full = flat("\n".join(written))
            for cards in cut:
                for card in cards.split(", ")[:-1]:  # the last may be cut inside its name
                    assert re.sub(r"^1 ", "", card) in full, (where, card, written)
        counts["decisions"] += 1
        state.apply(rng.choice(state.legal_actions()))
    return counts


# Every game and mode a person can sit down to: (game, players, options). The fast ones first.
FAST = [
    ("dinogenics", 2, {"coop": True}),
    ("dinogenics", 2, {}),
    ("dinogenics", 1, {"scenario": "CC7"}),
    ("tiny-epic-dinosaurs", 1, {}),
    ("tiny-epic-dinosaurs", 3, {}),
    ("my-funny-dinos", 2, {}),
]
EVERY = [
    *[("dinogenics", 1, options) for options in dinotable.get_game("dinogenics").test_option_sets_for(1)],
    ("dinogenics", 2, {"expansion": False}),
    ("dinogenics", 4, {"expansion": True, "elites": True, "chaos_theory": True}),
    ("dinogenics", 3, {"expansion": False}),
    ("tiny-epic-dinosaurs", 1, {"farm": "Canyon"}),
    ("tiny-epic-dinosaurs", 2, {"farm": "Canyon"}),
    ("tiny-epic-dinosaurs", 4, {}),
    ("my-funny-dinos", 3, {}),
    ("my-funny-dinos", 4, {"excavation": "dice"}),
]


def ids(configs):
    return [f"{n}-{p}p-" + "-".join(f"{k}={v}" for k, v in o.items()) for n, p, o in configs]


def test_the_solo_scenarios_are_all_in_the_exhaustive_scan():
    """Every solo scenario the game's options list is among the modes scanned whole."""
    spec = next(s for s in dinotable.get_game("dinogenics").option_specs if s.name == "scenario")
    scanned = {o.get("scenario") for n, _, o in EVERY if n == "dinogenics"}
    assert {c for c in spec.choices if c} <= scanned and len(spec.choices) > 5


@pytest.mark.parametrize("config", FAST, ids=ids(FAST))
def test_every_decision_fits_80_by_24_and_each_cut_choice_is_whole_under_question_mark(config):
    counts = scan(*config)
    assert counts["decisions"] > 50
    if config[0] == "dinogenics":  # its menus and hands are the longest: the checks above did run
        assert counts["cut choices"] > 50 and counts["cut hands"] > 0, counts


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("config", EVERY, ids=ids(EVERY))
def test_every_decision_of_every_mode_fits_80_by_24_and_each_cut_choice_is_whole(config, seed):
    assert scan(*config, seed=seed)["decisions"] > 50


def test_question_mark_and_hand_are_in_the_help_text():
    from dinotable.cli.play import HELP

    assert "? N, ? NAME   one action in full" in HELP and "\n  hand " in HELP
    assert max(map(len, HELP.split("\n"))) <= WIDTH


# ------------------------------------------------------------------------------------------ replay --step


def record(name: str, players: int, options: dict, seed: int = 5) -> dict:
    game = dinotable.get_game(name)
    state, rng = game.new_game(players, seed, options), random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_json()


def stepped(doc: dict, answers=None) -> tuple[list[str], list[int]]:
    """`replay --step` of `doc` answered with Enter (or `answers`, then Enter): the lines written and the
    index in them of each prompt."""
    written: list[str] = []
    prompts: list[int] = []
    queue = list(answers or [])

    def read(prompt: str) -> str:
        assert prompt == replay.PROMPT
        prompts.append(len(written))
        return queue.pop(0) if queue else ""

    replay.replay_game(dinotable.get_game(doc["game"]), doc, True, read=read, write=written.append)
    return written, prompts


@pytest.mark.parametrize("config", FAST, ids=ids(FAST))
def test_replay_step_tells_each_decision_in_24_lines_of_80(config):
    """Each step is its own screen: "Decision N of M:", who decided what (as the record's reader), the
    table after it in brief, and the prompt as the 24th line at most; every line at most 80 wide."""
    doc = record(*config)
    written, prompts = stepped(doc)
    total = len(doc["history"])
    assert len(prompts) == total and len(replay.PROMPT) < WIDTH - 4
    assert max(map(len, written)) <= WIDTH
    game = dinotable.get_game(doc["game"])
    state = game.new_game(doc["num_players"], doc["seed"], doc["options"])
    starts = [0, *prompts[:-1]]
    for number, (start, prompt) in enumerate(zip(starts, prompts, strict=True), 1):
        step = written[start:prompt]
        if number == 1:
            step = step[1:]  # the record's heading line comes once, before the first step
        assert len(step) + 1 <= HEIGHT, step
        assert step[0] == f"Decision {number} of {total}:"
        action = doc["history"][number - 1]
        lines, _ = tell(state, action, ..., lambda seat: "", indent="  ")
        assert flat(lines[0]) in flat("\n".join(step))  # what was decided, and (before it) by whom
        screen = fit_screen(game.screen_text(state, None))
        assert len(screen) <= SCREEN and step[-len(screen) :] == screen  # the table after it, nearest the prompt


def test_replay_step_trims_what_a_decision_told_and_t_shows_it_all():
    """A decision that told more than the lines left keeps its first lines and says how many more there
    are; `t` prints them all, `b` the whole table, `b 9` says there is no such seat; `q` stops stepping."""
    long = [f"event {i} " + "word " * 20 for i in range(12)]
    told = replay.told_lines(3, 9, long, 8)
    assert len(told) == 8 and told[0] == "Decision 3 of 9:"
    hidden = sum(len(menu.wrap("  " + line)) for line in long) - 6
    assert told[-1] == f"  ... {hidden} more lines: t shows them all"
    doc = record("dinogenics", 2, {"coop": True})
    game = dinotable.get_game("dinogenics")
    state = game.new_game(2, doc["seed"], doc["options"])
    for number, action in enumerate(doc["history"], 1):
        lines, _ = tell(state, action, ..., lambda seat: game.title if seat is None else "x", indent="  ")
        screen = fit_screen(game.screen_text(state, None))
        if len(replay.told_lines(number, 1, lines, HEIGHT - 2 - len(screen))) < 1 + len(lines):
            break
    else:
        pytest.fail("no decision of the co-op told more than its step's lines")
    written, prompts = stepped(doc, [""] * (number - 1) + ["t", "b", "b 9", "q"])
    assert len(prompts) == number + 3  # the same step's prompt again after t, b and b 9; then q
    step = written[prompts[number - 2] : prompts[number - 1]]
    assert any(line.endswith("more lines: t shows them all") for line in step)
    after_t = flat("\n".join(written[prompts[number - 1] : prompts[number]]))
    names = [game.seat_name(state, seat) for seat in range(2)]
    lines, _ = tell(_at(doc, number - 1), doc["history"][number - 1], ..., lambda seat: names[seat], indent="  ")
    assert all(flat(line) in after_t for line in lines)
    after_b = "\n".join(written[prompts[number] : prompts[number + 1]])
    assert flat(game.board_text(_at(doc, number), None)) in flat(after_b)
    assert "There is no seat 9" in flat("\n".join(written[prompts[number + 1] :]))
    assert "Final scores:" in written  # q told the rest and the end


def _at(doc: dict, decisions: int):
    game = dinotable.get_game(doc["game"])
    return game.from_json({**doc, "history": doc["history"][:decisions]})


def test_replay_step_through_the_command_fits_80_columns(tmp_path):
    """`dinotable replay FILE --step` itself: each step's screen ends with the prompt, within 24 lines."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record("tiny-epic-dinosaurs", 2, {})))
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    # Through a pipe the prompt and the next line share a line (at a terminal, Enter ends the prompt's).
    lines = result.stdout.replace(replay.PROMPT, replay.PROMPT + "\n").split("\n")
    assert max(map(len, lines)) <= WIDTH
    prompts = [i for i, line in enumerate(lines) if line == replay.PROMPT]
    assert len(prompts) == 3
    for before, prompt in zip([1, *(p + 1 for p in prompts[:-1])], prompts, strict=True):
        assert prompt - before + 1 <= HEIGHT and lines[before].startswith("Decision ")
