"""Seats named by people (issue 30, "Names"): `state.name_seats` names every text, and changes nothing else."""

from __future__ import annotations

import random
import re

import pytest

import dinotable
from dinotable.core.narration import tell
from dinotable.core.record import replay
from dinotable.core.words import NAME_LIMIT, name_problem, upper_first

NAMES = ["Ana", "Ben", "McKay", "Dee", "Eli"]
# Every way a game's texts named a seat before people could name it.
NUMBERED = re.compile(r"\bplayers? \d\b", re.IGNORECASE)
CASES = [
    ("my-funny-dinos", 3, {}),
    ("tiny-epic-dinosaurs", 2, {}),
    ("tiny-epic-dinosaurs", 1, {}),
    ("dinogenics", 3, {}),
    ("dinogenics", 4, {"expansion": True, "chaos_theory": True, "elites": True}),
    ("dinogenics", 2, {"coop": True}),
    ("dinogenics", 1, {"scenario": "CC3"}),
]


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "a name needs some text"),
        ("   ", "a name needs some text"),
        ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT} characters"),
        ("Ana\nBen", "no line breaks or control characters"),
        ("Ana\x07", "no line breaks or control characters"),
        ("\ud800", "no line breaks or control characters"),
        (" Ana", "no spaces before or after"),
        (7, "a name needs some text"),
    ],
)
def test_a_bad_name_is_refused_saying_why(name, problem):
    assert problem in name_problem(name)
    state = dinotable.get_game("my-funny-dinos").new_game(2, 1, {})
    with pytest.raises(ValueError, match=re.escape(problem)):
        state.name_seats([name, "Ben"])
    assert state.names == ()  # nothing half-applied


def test_two_seats_may_not_share_a_name_and_every_seat_needs_one():
    state = dinotable.get_game("my-funny-dinos").new_game(3, 1, {})
    with pytest.raises(ValueError, match="the name of seat 3: 'ana' is already another seat's"):
        state.name_seats(["Ana", "Ben", "ana"])
    with pytest.raises(ValueError, match=r"one name per seat is needed \(3\)"):
        state.name_seats(["Ana", "Ben"])
    assert name_problem("Ana María 🦕") is None  # any letters, and a dinosaur


def test_a_capital_starts_a_sentence_and_changes_nothing_else():
    assert upper_first("player 2") == "Player 2"
    assert upper_first("McKay") == "McKay" != "McKay".capitalize()


def texts_of(state, viewer):
    game = state.game
    return [game.status_text(state, viewer), game.screen_text(state, viewer), game.board_text(state, viewer)]


@pytest.mark.parametrize(("game_name", "players", "options"), CASES)
def test_named_seats_name_every_text_and_change_nothing_else(game_name, players, options):
    game = dinotable.get_game(game_name)
    named = game.new_game(players, 5, options)
    named.name_seats(NAMES[:players])
    plain = game.new_game(players, 5, options)
    rng = random.Random(5)
    told: list[str] = []
    for step in range(400):
        if named.is_over:
            break
        viewer = step % (players + 1) if step % 7 == 0 else None  # now and then a seat, else a spectator
        viewer = None if viewer == players else viewer
        if step % 25 == 0:
            told += texts_of(named, viewer) + [named.action_text(a) for a in named.legal_actions()]
        action = rng.choice(named.legal_actions())
        lines, _ = tell(named, action, viewer, lambda seat: "" if seat is None else game.seat_name(named, seat))
        told += lines
        plain.apply(action)
        assert named == plain  # names are no part of the position
    told += texts_of(named, None)
    if named.is_over:
        told.append(str(named.outcome()))
    text = "\n".join(told)
    assert not NUMBERED.findall(text), NUMBERED.findall(text)[:5]
    assert any(name in text for name in NAMES[:players])
    assert named.view(0) == plain.view(0)  # the view places things by seat, never by name
    clone = named.clone()
    assert clone.names == tuple(NAMES[:players])
    again = replay(game, named.to_json())
    assert again.names == named.names and again == named


def test_a_record_with_a_bad_name_is_refused_naming_the_field():
    game = dinotable.get_game("my-funny-dinos")
    doc = game.new_game(2, 1, {}).to_json() | {"names": ["Ana", ""]}
    with pytest.raises(dinotable.RecordError, match="record field 'names': the name of seat 2: a name needs some text"):
        replay(game, doc)
