"""My Funny Dinos on the terminal's 80x24 screen: the status line, the screen in brief, each seat's board and
the whole table fit 80 columns and tell a seat nothing it could not see at the table; actions have short
stable names and labels; every component of a view carries its reference entry (game.reference)."""

import random
import re

import pytest

import dinotable
from dinotable.games.my_funny_dinos.rules import PASS, PICK
from dinotable.games.my_funny_dinos.testing import (
    complete_set,
    kind,
    new,
    restore_directly,
    to_restore,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content
NAME = re.compile(r"^[a-z0-9#][a-z0-9#-]*$")


def positions(num_players: int, options: dict, seed: int, every: int = 3):
    """Positions of a seeded random game, one every few decisions, and the end."""
    s = GAME.new_game(num_players, seed, options)
    rng = random.Random(seed)
    while not s.is_over:
        if len(s.history) % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))
    yield s


CONFIGS = [(n, options) for n in (2, 3, 4) for options in GAME.test_option_sets_for(n)]


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_every_text_of_the_screen_fits_80_columns_and_the_screen_14_lines(num_players, options):
    """The terminal is 80x24: the status line is one line, the screen at most 14, every line at most 80."""
    for s in positions(num_players, options, seed=num_players * 7 + len(options)):
        for seat in [None, *range(num_players)]:
            status, screen = GAME.status_line(s, seat), GAME.screen_text(s, seat).split("\n")
            assert "\n" not in status and len(status) <= 80, status
            assert screen[0] == status
            assert len(screen) <= 14, "\n".join(screen)
            texts = [*screen, *GAME.board_text(s, seat).split("\n")]
            texts += [line for other in range(num_players) for line in GAME.seat_board_text(s, seat, other).split("\n")]
            too_wide = [line for line in texts if len(line) > 80]
            assert not too_wide, too_wide


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_screen_ends_with_the_seats_own_board_and_names_each_other_seat_once(num_players, options):
    """The seat's own board is last, nearest the prompt; each other seat has one line; a spectator has no
    own board."""
    for s in positions(num_players, options, seed=3 + num_players, every=7):
        for seat in range(num_players):
            screen = GAME.screen_text(s, seat).split("\n")
            own = [i for i, line in enumerate(screen) if line.startswith(f"You, player {seat + 1}")]
            assert len(own) == 1 and len(screen) - own[0] <= 5, screen
            assert all(line.startswith("  ") for line in screen[own[0] + 1 :]), screen
            for other in range(num_players):
                if other != seat:
                    lines = [line for line in screen if line.startswith(f"player {other + 1}")]
                    assert len(lines) == 1 and screen.index(lines[0]) < own[0]
        spectator = GAME.screen_text(s, None)
        assert "You," not in spectator and "you:" not in GAME.status_line(s, None)


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_action_names_are_unique_typable_and_labels_short(num_players, options):
    """A person may type an action's name ("#26", "pass") instead of its number: names are unique among the
    actions on offer; labels fit a menu of 30 columns."""
    for s in positions(num_players, options, seed=11 * num_players, every=1):
        if s.is_over:
            continue
        legal = s.legal_actions()
        names = [GAME.action_name(s, a) for a in legal]
        assert len(set(names)) == len(names), names
        assert all(NAME.match(name) for name in names), names
        for a in legal:
            label = GAME.action_label(s, a)
            assert label and len(label) <= 30, label
            assert "_" not in label and "None" not in label


def test_a_tile_keeps_its_name_whatever_the_decision():
    """The same choice keeps the same name all game: a tile is "#n" to excavate it and to pick it later;
    ending the turn is "pass"."""
    s = new(2, 4)
    head, tail, leg1, leg2 = complete_set(s, 0)
    top = s.stacks[s.spot[s.pile[0]]][-1]
    assert GAME.action_name(s, top) == f"#{top}"
    to_restore(s)
    assert GAME.action_name(s, PICK + head) == f"#{head}" and GAME.action_name(s, PASS) == "pass"
    assert GAME.action_label(s, PICK + head) == "green head: 10 points"  # all green: a single-colour dinosaur


@pytest.mark.parametrize(("num_players", "options"), CONFIGS[::2])
def test_screen_and_boards_leak_nothing_a_determinized_copy_could_change(num_players, options):
    """Hidden information: the screen, the status line and the boards are the same on any copy
    determinized for the seat (buried tiles re-dealt), so they tell it nothing it could not see."""
    for i, s in enumerate(positions(num_players, options, seed=5 + num_players, every=5)):
        for seat in [None, *range(num_players)]:
            copy = s.determinize(seat, 1000 + i)
            assert GAME.screen_text(copy, seat) == GAME.screen_text(s, seat)
            assert GAME.status_line(copy, seat) == GAME.status_line(s, seat)
            assert GAME.board_text(copy, seat) == GAME.board_text(s, seat)
            if not s.is_over:
                assert [GAME.action_label(copy, a) for a in copy.legal_actions()] == [
                    GAME.action_label(s, a) for a in s.legal_actions()
                ]


def test_count_labels_read_as_words():
    """Every statistic a simulation counts (excavations won and failed, dinosaurs, exchanges, red missions,
    bones and loose tiles at the end) has a label a designer reads, with no '_' or ':'."""
    names = set()
    for seed in range(6):
        s, counts, rng = new(3, seed), {}, random.Random(seed)
        while not s.is_over:
            GAME.count_events(counts, s, s.apply(rng.choice(s.legal_actions())))
        assert sum(counts["excavated"]) == sum(1 for p in range(40) if s.owner[p] >= 0)  # every tile owned was dug
        names |= {*counts, *GAME.final_counts(s)}
    assert {"excavated", "failed:rocks", "restored:mixed", "bones"} <= names
    assert any(name.startswith("mission:") for name in names)
    for name in names:
        label = GAME.count_label(name)
        assert "_" not in label and ":" not in label and label != name, (name, label)
    assert GAME.count_label("mission:six-bones") == "Six bone tokens taken"


# ------------------------------------------------------------------------------------------ references
def refs(value):
    """Every "ref" in a view, wherever it is."""
    if isinstance(value, dict):
        if "ref" in value:
            yield value["ref"]
        for v in value.values():
            yield from refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from refs(v)


def test_every_ref_in_a_view_is_a_reference_entry_and_every_kind_of_component_has_one():
    """A browser shows the reference on hover: every component of a view names its entry in
    game.reference(), and over a few games every tile part, event icon, mission, the base tiles, the paper
    board and both kinds of dinosaur appear with one."""
    reference = GAME.reference()
    seen = set()
    for seed in range(12):
        for s in positions(2 + seed % 3, GAME.test_option_sets[seed % 6], seed, every=4):
            for seat in (None, s.num_players - 1):
                found = set(refs(s.view(seat)))
                assert found <= set(reference), found - set(reference)
                seen |= found
    s = new(2, 1)
    restore_directly(s, 0, kind("red", "head"), kind("red", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    seen |= set(refs(s.view(0)))
    wanted = {"fossil tile", "head tile", "tail tile", "leg tile", "base tile", "paper board"}
    wanted |= {"exchange", "shovel", "bone pile", "circled 2", "single-colour dinosaur", "mixed dinosaur"}
    wanted |= {m.name for m in C.missions}
    assert wanted <= seen, wanted - seen
