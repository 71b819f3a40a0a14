"""The `dinotable` command: play (bots and a scripted person, in each game) and replay."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from cli_support import (
    DG,
    GAME,
    NAME,
    TED,
    expected_rows,
    finished_record,
    fitted,
    flat,
    runner,
    score_block,
    scripted,
    wide_consoles,  # noqa: F401 (autouse: imported, it applies to this file's tests)
)

import dinotable
from dinotable.agents import AGENTS
from dinotable.analysis.hints import hint
from dinotable.cli import menu
from dinotable.cli.main import app
from dinotable.cli.play import HELP, HINT_SEED_KEY, fit_screen, look_up, play, score_lines, seat_names
from dinotable.cli.replay import PROMPT
from dinotable.core.options import parse_option_args
from dinotable.core.rng import derive_seed

# ------------------------------------------------------------------------------------------- play: bots


@pytest.mark.parametrize(
    ("players", "option_args"),
    [
        ("greedy,random", []),
        ("random,greedy,random", ["-o", "rocks_per_base=2", "-o", "excavation=dice"]),
    ],
)
def test_play_all_bots_prints_final_scores_and_winner(players, option_args):
    """An all-bot game runs to its end and prints the game's own score breakdown and winners."""
    seed = 11
    result = runner.invoke(app, ["play", NAME, "--players", players, "--seed", str(seed), *option_args])
    assert result.exit_code == 0, result.output
    specs = players.split(",")
    state = play(
        GAME,
        specs,
        seed,
        parse_option_args(GAME.option_specs, option_args[1::2]),
        read=scripted([]),
        write=lambda _: None,
    )
    assert state.is_over
    rows, winners = score_block(result.stdout)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())


def test_play_help_names_every_agent():
    """`play --help` names every agent a seat can be given."""
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    for name in AGENTS:
        assert name in result.stdout


# --------------------------------------------------------------------------------------- play: a person


def test_play_human_commands_and_bad_input(tmp_path):
    """A person's bad numbers, garbage, help, board, scores, save and quit are each answered; nothing crashes."""
    seed = 21
    path = tmp_path / "mid.json"
    lines = ["99", "0", "foo", "²", "-3", "help", "board", "scores", "1", f"save {path}", "quit"]
    result = runner.invoke(
        app, ["play", NAME, "--players", "human,random", "--seed", str(seed)], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    first = GAME.new_game(2, seed)
    assert first.current_player == 0  # the person's first prompt is at the opening position
    legal = first.legal_actions()
    assert len(legal) < 99
    assert f"There is no action 99: choose 1 to {len(legal)}" in out
    assert f"There is no action 0: choose 1 to {len(legal)}" in out
    for garbage in ("foo", "²", "-3"):
        assert f"{garbage!r} is not a choice" in out
    assert HELP in out
    assert fitted(GAME.screen_text(first, 0)) in out  # the screen at the prompt
    assert fitted(GAME.board_text(first, 0)) in out  # the whole table for `board`
    names = seat_names(["human", "random"])
    assert "\n".join("  " + line for line in score_lines(first, names)) in out
    assert f"Saved to {path}" in flat(out)
    assert "Game left unfinished." in out
    assert "Traceback" not in result.output

    # The same person, played through play() itself, leaves the game in the state the file holds.
    written: list[str] = []
    state = play(GAME, ["human", "random"], seed, {}, read=scripted(lines), write=written.append)
    saved = json.loads(path.read_text())
    assert saved.pop("players") == ["human", "random"]  # who sat where, for `play --load`
    assert saved == state.to_json()
    assert state.history and not state.is_over

    # The saved game replays, showing the scores so far.
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    rows, _ = score_block(result.stdout, "Scores so far (the record ends before the game does):")
    assert rows == expected_rows(state)


@pytest.mark.parametrize("lines", [[], ["foo", "help"], ["1"]])
def test_play_human_end_of_input_leaves_the_game(lines):
    """End of input at the prompt ends the game politely (exit 0), whenever it comes."""
    result = runner.invoke(app, ["play", NAME, "--players", "human,greedy", "--seed", "3"], input="\n".join(lines))
    assert result.exit_code == 0, result.output
    assert "Game left unfinished." in result.stdout
    assert "Final scores:" not in result.stdout


def test_play_save_replays_to_the_same_final_scores(tmp_path):
    """A game saved at every prompt and played on to its end: the saved file replays, and the saved record
    followed by the rest of the game reproduces the final scores and winners the game itself printed."""
    path = tmp_path / "game.json"
    seed = 8
    answers = itertools.cycle([f"save {path}", "1"])  # save at every prompt, then take the first action

    def read(prompt: str) -> str:
        return next(answers)

    written: list[str] = []
    state = play(GAME, ["human", "greedy"], seed, {}, read=read, write=written.append)
    assert state.is_over
    played = "\n".join(written)
    played_rows, played_winners = score_block(played)
    assert played_rows == expected_rows(state)
    assert played_winners == sorted(state.winners())

    doc = json.loads(path.read_text())
    saved = doc["history"]
    assert state.history[: len(saved)] == saved and len(saved) < len(state.history)

    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "Scores so far" in result.stdout

    # The saved game, played on with the decisions that followed, is the finished game.
    loaded = GAME.from_json(doc)
    for action in state.history[len(saved) :]:
        loaded.apply(action)
    assert loaded == state
    full = tmp_path / "full.json"
    full.write_text(json.dumps({**doc, "history": state.history}))
    result = runner.invoke(app, ["replay", str(full)])
    assert result.exit_code == 0, result.output
    rows, winners = score_block(result.stdout)
    assert rows == played_rows
    assert winners == played_winners


def test_play_save_to_an_unwritable_place_is_answered(tmp_path):
    """Saving where no file can be written says so and the game goes on."""
    written: list[str] = []
    bad = tmp_path / "no-such-dir" / "game.json"
    state = play(GAME, ["human", "random"], 2, {}, read=scripted([f"save {bad}", "quit"]), write=written.append)
    assert not bad.exists()
    said = "".join(written)  # the message, its long path cut over lines of 80
    assert f"Could not save to {bad}".replace(" ", "") in said.replace(" ", "")
    assert written[-1] == "Game left unfinished."
    assert state.history == []


# -------------------------------------------------------------------------------------- play: bad setup


PLAYERS = ["--players", "random,random"]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["play", "no-such-game", *PLAYERS], ["no-such-game"]),
        (["play", NAME, *PLAYERS, "-o", "nosuch=1"], ["nosuch"]),
        (["play", NAME, *PLAYERS, "-o", "rocks_per_base"], ["rocks_per_base", "name=value"]),
        (["play", NAME, *PLAYERS, "-o", "rocks_per_base=7"], ["rocks_per_base", "7"]),
        (["play", NAME, *PLAYERS, "-o", "shaky_stacks=maybe"], ["shaky_stacks", "maybe"]),
        (["play", NAME, *PLAYERS, "-o", "[/x]=1"], ["[/x]"]),
        (["play", NAME, "--players", "random,wizard"], ["wizard"]),
        (["play", NAME, "--players", "human:x,random"], ["human:x"]),
        (["play", NAME, "--players", "greedy:depth=3,random"], ["depth"]),
        (["play", NAME, "--players", "random"], ["players", "1"]),
        (["play", NAME, "--players", ",".join(["random"] * 5)], ["players", "5"]),
        (["play", NAME, "--players", "random,random", "--names", "Ana,"], ["seat", "2", "needs", "text"]),
        (["play", NAME, "--players", "random,random", "--names", "Ana"], ["one", "name", "per", "seat"]),
        (["play", NAME, "--players", "random,random", "--names", "Ana,ana"], ["ana", "another", "seat's"]),
    ],
)
def test_play_bad_setup_exits_2_naming_it(args, named):
    """A bad game, option, option value, agent or player count: exit code 2 and a message naming it."""
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:")
    for word in named:
        assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", message), (word, message)


def test_play_names_the_seats_in_every_line_and_the_saved_game_keeps_them(tmp_path):
    """Hot-seat names (`--names`): the narration, the scores and the saved record use them."""
    args = ["play", NAME, "--players", "random,random", "--seed", "5", "--names", "Ana,McKay"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Ana" in result.stdout and "McKay" in result.stdout
    assert not re.search(r"\bplayer [12]\b", result.stdout, re.IGNORECASE), result.stdout[-800:]
    state = play(GAME, ["random", "random"], 5, {}, read=scripted([]), write=lambda _: None, names=["Ana", "McKay"])
    assert state.to_json()["names"] == ["Ana", "McKay"]
    saved = tmp_path / "named.json"
    saved.write_text(json.dumps(state.to_json()))
    told = runner.invoke(app, ["replay", str(saved)])
    assert told.exit_code == 0 and "McKay: " in told.stdout
    assert not re.search(r"\bplayer [12]\b", told.stdout, re.IGNORECASE)


# ----------------------------------------------------------------------------------------------- replay


def illegal_at(doc: dict, step: int) -> int:
    """An action id that is not legal after the record's first `step` decisions."""
    state = GAME.from_json({**doc, "history": doc["history"][:step]})
    return next(a for a in range(GAME.num_distinct_actions) if a not in state.legal_actions())


def test_replay_of_a_finished_game_shows_the_decisions_and_final_scores(tmp_path):
    """Replaying a finished record prints each decision and the game's own final scores and winners."""
    doc = finished_record()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = GAME.from_json(doc)
    rows, winners = score_block(result.stdout)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())
    assert f"{len(doc['history'])} decisions" in result.stdout


@pytest.mark.parametrize(
    "case",
    [
        "not-json",
        "binary",
        "not-an-object",
        "missing-field",
        "wrong-type",
        "wrong-game",
        "wrong-version",
        "bad-options",
        "illegal-action",
        "not-an-id",
        "past-the-end",
        "no-file",
    ],
)
def test_replay_of_a_malformed_record_exits_2(tmp_path, case):
    """Every kind of broken record is refused with exit code 2 and a message saying what is wrong."""
    doc = finished_record()
    path = tmp_path / "bad.json"
    step = len(doc["history"]) // 2
    if case == "not-json":
        path.write_text("{this is not json")
        named = ["JSON", str(path)]
    elif case == "binary":
        path.write_bytes(b"\xff\xfe\x00\x81")
        named = [str(path)]
    elif case == "not-an-object":
        path.write_text("[1, 2, 3]")
        named = ["object"]
    elif case == "missing-field":
        del doc["seed"]
        named = ["seed"]
    elif case == "wrong-type":
        doc["history"] = "1,2,3"
        named = ["history"]
    elif case == "wrong-game":
        doc["game"] = "not-a-dino-game"
        named = ["not-a-dino-game"]
    elif case == "wrong-version":
        doc["version"] = "0.0-ancient"
        named = ["0.0-ancient"]
    elif case == "bad-options":
        doc["options"] = {"nosuch": 1}
        named = ["nosuch"]
    elif case == "illegal-action":
        bad = illegal_at(doc, step)
        doc["history"][step] = bad
        named = [f"step {step}", str(bad)]
    elif case == "not-an-id":
        doc["history"][step] = "dig"
        named = [f"step {step}", "dig"]
    elif case == "past-the-end":
        doc["history"].append(doc["history"][-1])
        named = [f"step {len(doc['history']) - 1}", "over"]
    else:
        path = tmp_path / "missing.json"
        named = [str(path)]
    if case not in ("not-json", "binary", "not-an-object", "no-file"):
        path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:")
    for word in named:
        assert word in message, (word, message)


# ---------------------------------------------------------------------------------- Tiny Epic Dinosaurs


def test_play_tiny_epic_dinosaurs_a_person_plays_a_whole_game():
    """A person choosing the first option every time plays through every phase to the final scores."""
    seed = 3
    result = runner.invoke(
        app, ["play", TED.name, "--players", "human,random", "--seed", str(seed)], input="1\n" * 3000
    )
    assert result.exit_code == 0, result.output
    text = result.stdout
    for phase in ("Allocate Dinofarmers", "Adapt the Farm", "choosing a Private Contract to keep"):
        assert phase in text
    assert "Enclosures:" in text and "Farms: p plant" in text
    state = play(TED, ["human", "random"], seed, {}, read=scripted(["1"] * 3000), write=lambda _: None)
    rows, winners = score_block(text)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())


@pytest.mark.parametrize(("game", "hidden"), [("tiny-epic-dinosaurs", "contracts"), ("dinogenics", "species")])
def test_a_bots_hidden_choices_are_not_narrated_to_the_person_at_the_table(game, hidden):
    """The person at the table reads a bot's decisions as they see them: 'Keep one Private Contract', not
    which (Tiny Epic Dinosaurs, two players, seed 4 told it once); a DNA card kept from a draw, not its
    species. The narration before the final scores names no private card of the bot's."""
    g = dinotable.get_game(game)
    lines: list[str] = []
    play(g, ["human", "greedy"], 4, {}, read=scripted(["1"] * 5000), write=lines.append)
    narrated = [line for line in lines[: lines.index("Final scores:")] if line.startswith("player 2 (greedy): ")]
    assert narrated, "the bot's decisions are narrated"
    if hidden == "contracts":
        private = {k.name for k in g.content.contracts if not k.public}
        keeps = [line for line in narrated if "Private Contract" in line]
        assert keeps and all(not any(name in line for name in private) for line in keeps), keeps
    else:
        keeps = [line for line in narrated if line.endswith("Keep one of the cards drawn")]
        assert keeps, "the bot kept cards from a draw"
        species = {sp.name for sp in g.content.species}
        assert not [
            line
            for line in narrated
            if line.split(": ", 1)[1].startswith("Keep a") and any(name in line for name in species)
        ]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_play_solo_lists_the_rival_and_names_who_won(seed):
    """Solo: the final scores list the Rival after the player, and the last line names the winner, the
    Rival when the player did not beat it."""
    result = runner.invoke(app, ["play", TED.name, "--players", "greedy", "--seed", str(seed)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = lines.index("Final scores:")
    assert lines[start + 1].split()[-1] == "Rival"  # a column per seat, then the Rival's (score_lines)
    end = next(i for i in range(start, len(lines)) if lines[i].split()[:1] == ["Total"])
    player, rival = lines[end].split()[-2:-1], lines[end].split()[-1:]
    state = play(TED, ["greedy"], seed, {}, read=scripted([]), write=lambda _: None)
    assert int(player[-1]) == state.scores()[0]
    assert int(rival[-1]) == state.outcome()["automata"]["Rival"]["total"]
    verdict = lines[end + 1]
    if state.winners():
        assert verdict == "Winner: player 1 (greedy)"
        assert int(player[-1]) >= int(rival[-1])
    else:
        assert verdict == "Nobody at the table wins: Rival wins."
        assert int(player[-1]) <= int(rival[-1])


# ------------------------------------------------------------------------------------------- DinoGenics


def test_play_dinogenics_a_person_plays_a_whole_game():
    """A person choosing the first option every time plays all 7 Seasons to the final scores, with their
    screen at each prompt and the whole table at the end."""
    seed = 5
    result = runner.invoke(app, ["play", DG.name, "--players", "human,greedy", "--seed", str(seed)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    text = result.stdout
    state = play(DG, ["human", "greedy"], seed, {}, read=scripted(["1"] * 3000), write=lambda _: None)
    assert fitted(DG.screen_text(DG.new_game(2, seed), 0)) in text  # the person's screen at the first prompt
    assert fitted(DG.board_text(state, None)) in text  # the whole table at the end
    rows, winners = score_block(text)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())


def test_play_dinogenics_scenario_one_person_sees_the_objective_and_grade():
    """`play dinogenics --scenario CC4`: one human seat by default; the game ends with the scenario's
    objective (met or not) and the grade text that applies, as outcome() reports them."""
    seed = 3
    result = runner.invoke(app, ["play", DG.name, "--scenario", "CC4", "--seed", str(seed)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    state = play(DG, ["human"], seed, {"scenario": "CC4"}, read=scripted(["1"] * 3000), write=lambda _: None)
    outcome = state.outcome()
    met = "met" if outcome["objective_met"] else "not met"
    assert f"Scenario CC4: objective {met}. {outcome['grade']}" in flat(result.stdout)
    assert "IntelliGen Designs:" in result.stdout  # the expansion is in play


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scenario", "CC9"], "scenario"),
        (["--scenario", "CC1", "--players", "human,greedy"], "a solo scenario is for 1 player"),
        (["--coop", "--players", "human"], "coop"),
    ],
)
def test_play_dinogenics_bad_scenario_or_coop_is_refused(args, message):
    result = runner.invoke(app, ["play", DG.name, *args])
    assert result.exit_code != 0 and message in result.output


def test_play_dinogenics_coop_two_people_against_synth():
    """`play dinogenics --coop`: two human seats by default (West and East Branches) play Synth Re-Activated
    to the end; the final block lists Synth, and the result is the averaged score against Synth's."""
    seed = 4
    result = runner.invoke(app, ["play", DG.name, "--coop", "--seed", str(seed)], input="1\n" * 4000)
    assert result.exit_code == 0, result.output
    state = play(DG, ["human", "human"], seed, {"coop": True}, read=scripted(["1"] * 4000), write=lambda _: None)
    assert "Synth" in result.stdout and "Synth's park" in result.stdout
    outcome = state.outcome()
    if outcome["victory"]:
        assert "Shared win" in result.stdout
    else:
        assert "Nobody at the table wins: Synth wins." in result.stdout


def test_play_scenario_for_a_game_without_scenarios_is_refused():
    result = runner.invoke(app, ["play", "my-funny-dinos", "--scenario", "CC1"])
    assert result.exit_code != 0 and "has no scenarios" in result.output


# ------------------------------------------------------------------------ saves that resume, hot-seat


def test_a_saved_game_goes_on_with_play_load_to_the_same_end(tmp_path):
    """`play --load FILE` replays the saved game and plays on from there with its own seats: two people
    answering 1 every time reach the same end as the game played in one go."""
    path = tmp_path / "half.json"
    moves = iter(["1"] * 10 + [f"save {path}", "quit"])

    def read(prompt: str) -> str:  # the moves at the action prompt; Enter to pass the screen or not to save
        return next(moves) if prompt == "> " else ""

    play(GAME, ["human", "human"], 5, {}, read=read, write=lambda _: None)
    saved = json.loads(path.read_text())
    assert saved["players"] == ["human", "human"] and saved["history"]
    whole = play(GAME, ["human", "human"], 5, {}, read=scripted(["1"] * 3000), write=lambda _: None)
    result = runner.invoke(app, ["play", "--load", str(path)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert f"Going on after decision {len(saved['history'])}." in result.stdout
    rows, winners = score_block(result.stdout)
    assert rows == expected_rows(whole) and winners == sorted(whole.winners())


def test_play_load_refuses_a_finished_game_a_broken_file_and_a_wrong_seat_count(tmp_path):
    done = tmp_path / "done.json"
    state = play(GAME, ["random", "random"], 2, {}, read=scripted([]), write=lambda _: None)
    done.write_text(json.dumps(state.to_json()))
    result = runner.invoke(app, ["play", "--load", str(done)])
    assert result.exit_code == 2 and "that game is over" in flat(result.stderr)
    half = tmp_path / "half.json"
    half.write_text(json.dumps({**state.to_json(), "history": state.history[:5], "players": ["human"]}))
    result = runner.invoke(app, ["play", "--load", str(half)])
    assert result.exit_code == 2 and "names 1 players for a game of 2" in flat(result.stderr)
    half.write_text(json.dumps({**state.to_json(), "history": state.history[:5]}))
    result = runner.invoke(app, ["play", "--load", str(half), "--players", "human,human,human"])
    assert result.exit_code == 2 and "the saved game has 2" in flat(result.stderr)
    result = runner.invoke(app, ["play", "--load", str(half), "--players", "human,wizard"])
    assert result.exit_code == 2 and "unknown player 'wizard'" in flat(result.stderr)


def test_leaving_a_game_offers_to_save_it(tmp_path):
    """quit (or the end of input, or Ctrl-C) asks whether to save first; a file name ending in .json saves
    there, anything else saves nothing."""
    path = tmp_path / "left.json"
    written: list[str] = []
    state = play(GAME, ["human", "random"], 3, {}, read=scripted(["1", "quit", str(path)]), write=written.append)
    assert any(line.startswith("Save the game?") for line in written)
    assert json.loads(path.read_text())["history"] == state.history
    assert f"Go on with it: dinotable play --load {path}" in flat("\n".join(written))
    written.clear()
    play(GAME, ["human", "random"], 3, {}, read=scripted(["quit", "maybe"]), write=written.append)
    assert "Not saved." in written

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    written.clear()
    play(GAME, ["human", "random"], 3, {}, read=interrupted, write=written.append)
    assert written[-1] == "Game left unfinished."


def test_hot_seat_passes_the_screen_between_people():
    """With two people at one screen, each turn that changes hands asks to pass the screen first, and the
    table is then drawn for the new seat."""
    written: list[str] = []
    play(GAME, ["human", "human"], 5, {}, read=scripted(["1"] * 3000), write=written.append)
    passes = [i for i, line in enumerate(written) if "Pass to player" in line]
    assert passes and any("Pass to player 2 (human)" in written[i] for i in passes)
    assert all(written[i + 1].strip() == "" for i in passes)  # the screen is cleared for the new seat


def test_replay_step_shows_the_table_after_each_decision(tmp_path):
    path = tmp_path / "game.json"
    state = play(GAME, ["random", "random"], 4, {}, read=scripted([]), write=lambda _: None)
    path.write_text(json.dumps(state.to_json()))
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count(PROMPT) == 3  # stepped twice, then q
    after_one = GAME.new_game(2, 4)
    after_one.apply(state.history[0])
    assert "\n".join(fit_screen(GAME.screen_text(after_one, None))) + "\n" + PROMPT in result.stdout
    assert GAME.board_text(state, None) in result.stdout  # the whole table at the end


def test_coop_seats_are_named_as_the_board_names_them():
    """The co-op's seats are the West and East Branches in the prompt as on the board and in every text:
    never 'player 1' in one place and 'West Branch' in another."""
    written: list[str] = []
    answers = iter(["1"] * 60)

    def read(prompt: str) -> str:
        return next(answers, "quit") if prompt == "> " else ""

    play(DG, ["human", "human"], 3, {"coop": True}, read=read, write=written.append)
    text = "\n".join(written)
    assert "West Branch (human), your move:" in text and "East Branch (human), your move:" in text
    assert "player 1" not in text.lower() and "player 2" not in text.lower()


@pytest.mark.parametrize(
    ("game", "name", "says"),
    [
        ("dinogenics", "stegosaurus", "Stegosaurus: herbivore; 3 Dinosaur Value"),
        ("dinogenics", "Mosasaur", "Terror: in the Upkeep you may destroy"),
        ("dinogenics", "Curator", "specialist, claimed for 2 Manipulation cards"),
        ("tiny-epic-dinosaurs", "Trading Post", "action space on Action Board C: trade 1 resource"),
        ("tiny-epic-dinosaurs", "Safari", "Public Contract: 2 Stegosaurus and 1 Brachiosaurus for 9 VP"),
    ],
)
def test_help_name_shows_what_a_component_is_and_does(game, name, says):
    """`help NAME` at the prompt reads the game's reference (from its content): a name in any case, or a
    part of it that names one thing; several matches are listed, no match says so."""
    g = dinotable.get_game(game)
    assert says in look_up(g, name)
    assert all(text and "_" not in text for text in g.reference().values())  # words, not content keys
    assert "names several things" in look_up(g, "a")
    assert "Nothing at this table is called 'zzz'" in look_up(g, "zzz")
    written: list[str] = []
    play(g, ["human", "random"], 1, {}, read=scripted([f"help {name}", "quit"]), write=written.append)
    assert says in flat("\n".join(written))


def test_replay_tells_the_decisions_that_resolved_themselves_as_their_seat_read_them(tmp_path):
    """A record holds only the decisions taken; the replay also tells each one that had a single option
    (a DinoGenics keep of the only card left, say), by its seat, in that seat's own words."""
    game = dinotable.get_game("dinogenics")
    for seed in range(5):
        state, forced, rng = game.new_game(2, seed, {}), [], random.Random(seed)
        while not state.is_over:
            events = state.apply_told(rng.choice(state.legal_actions()), ...)
            forced += [f"player {e.seat + 1}: {e.detail['text']}" for e in events if e.kind == "forced"]
        if any(": Keep a" in line for line in forced):  # a secret keep, told to the record's reader
            break
    else:
        pytest.fail("no forced keep of a card in five games")
    path = tmp_path / "g.json"
    path.write_text(json.dumps(state.to_json()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    # Each told as its own line (wrapped at 80 columns, as every line the terminal prints).
    lines = result.stdout.splitlines()
    assert all(fitted(line).split("\n")[0] in lines and fitted(line) in result.stdout for line in forced)


# ------------------------------------------------------------------------------------------------ hints


def test_hint_gives_the_agents_three_best_choices_with_their_chances():
    """With hints allowed, `hint` says it is thinking, then lists up to three numbered choices, each a legal
    action's text with its chance to win and the menu number that takes it; asked twice at one decision it
    is the same hint and counts once; the count is told."""
    seed = 21
    written: list[str] = []
    play(GAME, ["human", "random"], seed, {}, read=scripted(["hint", "hint", "quit"]), write=written.append, hints=True)
    out = "\n".join(written)
    first = GAME.new_game(2, seed)
    legal = first.legal_actions()
    texts = {first.action_text(a) for a in legal}
    choices = hint(first, 0, derive_seed(seed, HINT_SEED_KEY, 0))
    assert 1 <= len(choices) <= 3 and all(c["text"] in texts for c in choices)
    assert flat(out).count("Thinking (up to 4 seconds)...") == 1
    items = menu.entries(first, GAME.present_actions(first, legal))
    numbers = {entry.action: entry.number for entry in items}
    for k, choice in enumerate(choices, 1):
        line = f"{k}. {choice['text']} - {round(100 * choice['chance'])}% to win (type {numbers[choice['action']]})"
        assert flat(out).count(line) == 2  # the same hint, shown twice
    listed = re.findall(r"^(\d)\. .* - (\d+)% to win \(type \d+\)$", flat_lines(out), re.M)
    assert [int(k) for k, _ in listed] == [*range(1, len(choices) + 1)] * 2
    assert "Hints used: player 1 1." in out  # asked twice at one decision: one hint
    assert out.rstrip().endswith("Hints used: player 1 1.")  # told again as the game is left


def flat_lines(text: str) -> str:
    """Wrapped lines joined again: a line that goes on (indented) is put back on the line before it."""
    return re.sub(r"\n {2,}", " ", text)


def test_hint_without_hints_says_they_are_off_and_how_to_allow_them():
    result = runner.invoke(app, ["play", NAME, "--players", "human,random", "--seed", "21"], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hints are off at this table. Allow them when starting: dinotable play ... --hints" in flat(result.stdout)
    assert "% to win" not in result.stdout and "Hints used" not in result.stdout
    result = runner.invoke(
        app, ["play", NAME, "--players", "human,random", "--seed", "21", "--hints"], input="hint\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "1. " in result.stdout and "% to win" in result.stdout
    assert "Hints used: player 1 1." in result.stdout


def test_hints_change_nothing_in_the_game_or_its_record():
    """A game where the person asks for hints ends in the same record as the same game without them."""
    seed = 5
    moves = ["1"] * 300
    asked = ["hint", "1"] * 4 + moves
    with_hints: list[str] = []
    a = play(GAME, ["human", "random"], seed, {}, read=scripted(asked), write=with_hints.append, hints=True)
    b = play(GAME, ["human", "random"], seed, {}, read=scripted(moves), write=lambda _: None)
    assert a.is_over and b.is_over
    assert a.to_json() == b.to_json()
    assert "Hints used: player 1 4." in with_hints
