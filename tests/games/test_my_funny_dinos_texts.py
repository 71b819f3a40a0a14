"""My Funny Dinos in words: the component reference (`help NAME`), the log of what happened (event texts)
and what an action will do (action texts), each in the rulebook's words."""

import random
import re

import pytest

import dinotable
from dinotable.cli.play import look_up
from dinotable.games.my_funny_dinos.content import ICON_NAMES
from dinotable.games.my_funny_dinos.rules import FULLY_KNOWN, PASS, PICK, failure_chances
from dinotable.games.my_funny_dinos.testing import (
    complete_set,
    event_kind,
    fail_rocks,
    give_tiles,
    kind,
    new,
    restore_directly,
    set_missions,
    start_turn,
    steer,
    steer_die,
    succeed,
    tile,
    to_restore,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content
INTERNAL = re.compile(r"_|\{|\[|'[^' ]*'|\bNone\b|\bTrue\b|\bFalse\b|\(s\)")


def told(s, events) -> list[str]:
    return [GAME.event_text(s, e) for e in events]


# ------------------------------------------------------------------------------------------ reference
def test_reference_names_every_component_the_table_shows():
    """Rulebook, I. Game Components: every tile part, colour, event icon, mission tile, the base tiles,
    rocks, bone tokens, exhibition tiles and the amber token have an entry by their printed name."""
    reference = GAME.reference()
    names = {"head tile", "tail tile", "leg tile", "event tile", "fossil tile", "base tile", "rock"}
    names |= {"small bone token", "exhibition tile", "amber token", "paper board", "mission tile"}
    names |= {"single-colour dinosaur", "mixed dinosaur", *ICON_NAMES.values(), *C.colours, *C.dinosaurs}
    names |= {m.name for m in C.missions}
    assert names <= set(reference), names - set(reference)
    for name, line in reference.items():
        assert "\n" not in line and not INTERNAL.search(name + line), (name, line)


def test_reference_tells_each_event_icon_its_effect_and_points():
    """Rulebook, Excavation Success: the shovel excavates once more, the bone pile takes a bone from each
    other player; circled 2 is worth 2 points at the end, the other event tiles 1."""
    reference = GAME.reference()
    assert "one more" in reference["shovel"] and "1 point" in reference["shovel"]
    assert "each other player" in reference["bone pile"]
    assert "2 points" in reference["circled 2"] and "1 point" in reference["exchange"]


def test_reference_tells_each_mission_its_condition_and_reward():
    """Rulebook, Mission Tiles: black tiles score 2 at the end for most tiles of a colour; red tiles 3, taken
    at once."""
    reference = GAME.reference()
    assert reference["Most red tiles"].startswith("black mission tile: 2 points at the end")
    assert "most red tiles" in reference["Most red tiles"]
    assert "6 small bone tokens" in reference["Six bone tokens"] and "3 points" in reference["Six bone tokens"]
    assert "4 different colours" in reference["Four-colour dinosaur"]


def test_reference_gives_a_restored_dinosaurs_value_single_colour_against_mixed():
    """Rulebook, Scoring: a dinosaur of one colour scores 10, of two or more colours 6."""
    reference = GAME.reference()
    assert "10 points" in reference["single-colour dinosaur"] and "6 points" in reference["mixed dinosaur"]
    assert "10 points" in reference["T-Rex"] and "yellow" in reference["T-Rex"]


def test_help_finds_a_component_by_a_part_of_its_name():
    """The terminal's `help NAME` reads the reference: a unique part of a name finds it."""
    assert look_up(GAME, "amber").startswith("amber token: ")
    assert look_up(GAME, "six").startswith("Six bone tokens: red mission tile")


# ------------------------------------------------------------------------------------------ the log
def test_a_die_roll_is_told_with_the_roll_it_needed():
    """Dice mode (designed): the log tells the roll of the twelve-sided die and the lowest roll that succeeds."""
    s = new(2, 3, excavation="dice")
    top = s.stacks[1][-1]
    steer_die(s, 12)
    text = told(s, s.apply(top))[0]
    assert re.search(r"Player 1 rolls 12 on the 12-sided die \(needing \d+ or more\) and excavates the ", text)
    assert text.endswith(f"the {C.tile_words(s.kind[top])}")


def test_a_failed_excavation_tells_what_collapsed_and_the_bone_gained():
    """Rulebook, Excavation Failure: the rocks collapse (and are stacked again); the player takes a bone."""
    s = new(2, 4)
    text = told(s, fail_rocks(s, s.pile[0]))[0]
    assert f"fails to excavate the buried tile at spot {s.spot[0]} (" in text and "the rocks collapse" in text
    assert text.endswith("player 1 takes a small bone token from the supply")


def test_tiles_that_slide_off_the_paper_are_named_where_they_go():
    """Rulebook, Excavation Failure: fallen tiles go onto the centre of the paper board (designed: face up)."""
    s = new(2, 5)
    edge = next(spot for spot, e in enumerate(C.spot_edge) if e and len(s.stacks[spot]) > 1)
    under = s.stacks[edge][-2]
    rock, edge = failure_chances(s, under, 0)
    steer(s, rock, rock + (1 - rock) * edge)  # the rocks hold, but tiles slide off the paper
    events = s.apply(under)
    text = told(s, events)[0]
    fallen = [f"the {C.tile_words(s.kind[p])}" for p in (under, s.stacks[0][-1])]
    assert "tiles slide off the paper; " + " and ".join(fallen) + " go face up" in text
    assert "face up onto the centre stack (spot 0)" in text


def test_the_shovels_extra_excavation_is_told_as_such():
    """Rulebook, Shovel icon: excavate one more time, told when the shovel is found."""
    s = new(2, 6)
    shovel = tile(s, event_kind("shovel"))
    give_tiles(s, 1)  # nothing moves; the shovel stays in the pile
    events = succeed(s, shovel)
    assert told(s, events)[0].endswith(": the shovel gives one more excavation")
    assert s.decisions[s.phase].name == "excavate" and s.current_player == 0


def test_bone_pile_and_mission_taken_are_told_with_the_mission_name():
    """Rulebook, Bone pile icon and red missions: the bones taken and the mission tile taken, by its name."""
    s = new(3, 7)
    six = next(i for i, m in enumerate(C.missions) if m.name == "Six bone tokens")
    set_missions(s, (0, 1, six))
    s.bones, s.supply = [5, 2, 2], s.supply - 3
    events = succeed(s, tile(s, event_kind("bone_pile")))
    texts = told(s, events)
    assert "Bone pile: player 1 takes a small bone token from player 2 and player 3" in texts
    assert "Player 1 takes the mission tile Six bone tokens: 3 points" in texts


def test_a_restoration_tells_its_value_and_the_mission_it_takes():
    """Rulebook, Restoration Rules and red missions: the last leg's text tells what the dinosaur scores, and
    the Four-colour dinosaur mission it takes; the event names its tiles."""
    s = new(2, 8)
    four = next(i for i, m in enumerate(C.missions) if m.name == "Four-colour dinosaur")
    set_missions(s, (0, 1, four))
    head, tail, leg1, leg2 = complete_set(s, 0, ("green", "red", "blue", "pink"))
    to_restore(s)
    assert s.action_text(PICK + head).endswith("(mixed: 6 points)")
    events = s.apply_told(PICK + head, None)
    forced = [e.detail["text"] for e in events if e.kind == "forced"]
    assert forced == [
        "Use the red tail",  # the head already said it: mixed, 6 points
        "Use the blue leg",
        "Use the pink leg: completes a mixed dinosaur, 6 points, and takes the mission Four-colour dinosaur (3 points)",
    ]
    texts = told(s, events)
    assert texts[3:] == [
        "Player 1 restores a mixed dinosaur (green head, red tail, blue leg, pink leg): 6 points, shown on an "
        'exhibition tile, "6" side up',
        "Player 1 takes the mission tile Four-colour dinosaur: 3 points",
    ]


def test_a_single_colour_head_tells_its_ten_points_and_a_part_that_mixes_it_tells_six():
    """Rulebook, Scoring: a dinosaur of one colour scores 10, told when its head is chosen; a tail of
    another colour, when another green one is on offer, makes it mixed: 6."""
    s = new(2, 9)
    head, tail, *_ = complete_set(s, 0)
    red_tail = give_tiles(s, 0, kind("red", "tail"))[0]
    to_restore(s)
    expected = "Restore a dinosaur, starting with the green head (all green: 10 points)"
    assert s.action_text(PICK + head) == expected
    s.apply(PICK + head)
    assert s.action_text(PICK + tail) == "Use the green tail"
    assert s.action_text(PICK + red_tail) == "Use the red tail (mixed: 6 points)"


def test_ending_the_turn_with_nothing_to_restore_is_told_quietly():
    """Almost every turn ends with nothing to restore: that forced decision is told with no words (the
    front end shows nothing); ending a turn by choice, with a set in hand, still reads as it is."""
    s = new(2, 10)
    top = next(stack[-1] for stack in s.stacks if stack and C.kind_part[s.kind[stack[-1]]] != 3)
    steer(s, 0.9999, 1.0)
    events = s.apply_told(top, None)
    forced = [e for e in events if e.kind == "forced"]
    assert [e.detail["text"] for e in forced] == [""] and GAME.event_text(s, forced[0]) == ""
    s = new(2, 10)
    complete_set(s, 0)
    to_restore(s)
    assert s.action_text(PASS) == "End the turn without restoring a dinosaur"


def test_the_end_of_the_game_tells_each_score_by_its_parts():
    """Rulebook, Scoring: restored dinosaurs, remaining dinosaur tiles, small bone tokens (1 per 2) and
    mission tiles, summed."""
    s = new(2, 11)
    restore_directly(s, 1, kind("red", "head"), kind("red", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    give_tiles(s, 1, event_kind("two"))
    s.pile, s.stacks = [], [[] for _ in s.stacks]
    for p in range(40):
        if s.owner[p] < 0:
            s.owner[p], s.spot[p] = 0, -1
            s.add_loose(0, C.kind_part[s.kind[p]], 1)
    start_turn(s, 1)
    events = s.apply_told(s.legal_actions()[0], None) if s.legal_actions() else []
    over = [GAME.event_text(s, e) for e in events if e.kind == "game_over"]
    assert s.is_over and over
    lines = over[0].split("\n")
    assert lines[0] == "The game is over (the pile is empty). Scoring:"
    for seat, line in enumerate(lines[1:]):
        total, parts = re.match(r"    player \d: (\d+) points = (.*)", line).groups()
        assert int(total) == s.scores()[seat] == sum(int(n) for n in re.findall(r"\w+ (\d+)(?: \(|$| \+)", parts))
    assert "restored dinosaurs 10 + remaining dinosaur tiles 2 + small bone tokens 1 (2 tokens)" in lines[2]


@pytest.mark.parametrize("num_players", [2, 4])
@pytest.mark.parametrize("options", GAME.test_option_sets)
def test_the_whole_log_reads_in_words(num_players, options):
    """Through whole random games: every action and event text is words, with no internal names, values
    or ids (mission ids are names now)."""
    s = GAME.new_game(num_players, 21, options)
    rng = random.Random(21)
    mission_ids = {m.id for m in C.missions}
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        texts = [s.action_text(a, viewer=None), s.action_text(a)]
        texts += [GAME.event_text(s, e) for e in GAME.events_for(s.apply_told(a, None), None)]
        for text in texts:
            assert not INTERNAL.search(text.replace("'s", "")), text
            assert not any(i in text for i in mission_ids), text


def test_taking_a_tile_tells_the_red_mission_it_hands_out():
    """Red missions go at once to whoever meets them: the exchange that gives a player a third event tile
    tells, as it is offered, that this player takes Three special tiles."""
    s = new(3)
    set_missions(s, (4, 5, 6))
    head = give_tiles(s, 1, event_kind("two", 0), event_kind("two", 1), kind("red", "head"))[2]
    exchange = tile(s, event_kind("exchange"))
    succeed(s, exchange)  # seat 0 gives its only tile, the exchange tile itself: only the take is open
    text = s.action_text(PICK + head)
    assert text == "Take player 2's red head (player 2 takes the mission Three special tiles)"
    assert s.action_text(PICK + head, viewer=2) == text
    assert s.owner[head] == 1 and s.mission_owner[2] == -1  # the text changed nothing


def test_a_shovel_found_last_says_the_pile_is_empty():
    """Designed (`shovel-empty-pile`): a shovel's extra excavation is skipped if the pile is empty; the log
    says so."""
    s = new(2, 12)
    shovel = tile(s, event_kind("shovel"))
    give_tiles(s, 1, *[s.kind[p] for p in list(s.pile) if p != shovel])
    start_turn(s, 0)
    text = told(s, succeed(s, shovel))[0]
    assert text.endswith(": the shovel would give one more excavation, but the pile is empty")


def test_a_dinosaur_after_the_fifth_is_told_without_an_exhibition_tile():
    """Rulebook, Game End: dinosaurs restored after the fifth get no exhibition tile but still score."""
    s = new(2, 13)
    for colour in ("yellow", "blue", "red", "purple", "orange"):
        restore_directly(
            s, 1, kind(colour, "head"), kind(colour, "tail"), kind(colour, "leg", 0), kind(colour, "leg", 1)
        )
    head, *_ = complete_set(s, 0)
    to_restore(s)
    texts = told(s, s.apply(PICK + head))
    assert (
        "Player 1 restores a single-colour dinosaur (green head, green tail, green leg, green leg): 10 points"
        in (texts[0])
    )
    assert texts[0].endswith("(no exhibition tile is left, but it scores)")


def test_a_known_event_tile_offered_tells_its_effect_and_the_mission_it_brings():
    """Rulebook, event icons and red missions: a bone pile seen in the pile is offered with its effect, and
    with Six bone tokens when the bones it takes make six."""
    s = new(3, 7)
    six = next(i for i, m in enumerate(C.missions) if m.name == "Six bone tokens")
    set_missions(s, (0, 1, six))
    s.bones, s.supply = [4, 2, 2], s.supply - 2
    bone_pile = tile(s, event_kind("bone_pile"))
    s.known[bone_pile] = FULLY_KNOWN  # seen whole (it slid onto the centre, say)
    text = s.action_text(bone_pile)
    assert text.endswith(
        "; bone pile: take 1 bone from each other player who has any; it takes the mission Six bone tokens (3 points)"
    )
    s.bones, s.supply = [3, 2, 2], s.supply + 1
    assert s.action_text(bone_pile).endswith("who has any")  # 3 + 2 is five: no mission
