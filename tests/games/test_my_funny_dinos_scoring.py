"""My Funny Dinos scoring, missions and tie-breaks: each rule of the rulebook (quoted in the docstrings) and
each designed rule, on positions built with the game's test builders (dinotable.games.my_funny_dinos.testing)."""

import dinotable
from dinotable.games.my_funny_dinos import rules
from dinotable.games.my_funny_dinos.content import EVENT
from dinotable.games.my_funny_dinos.testing import (
    base_spot,
    complete_set,
    event_kind,
    fail_rocks,
    give_tiles,
    kind,
    new,
    restore_directly,
    restore_now,
    set_bones,
    set_missions,
    start_turn,
    succeed,
    tile,
    to_restore,
    top_tile,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content


# -------------------------------------------------------------------------------------------- scoring
def test_rulebook_scoring_example_is_23_points():
    """The rulebook's scoring example: a one-colour dinosaur (10), a mixed one (6), remaining tiles
    '1 point + 2 points', three bone tokens (1 point) and a red mission tile (3): 'Total: 23 points.'"""
    s = new(2)
    set_missions(s, (4, 5, 6), [0, -1, -1])
    restore_directly(
        s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1)
    )
    restore_directly(s, 0, kind("red", "head"), kind("blue", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    give_tiles(s, 0, kind("pink", "head"), event_kind("two"))
    set_bones(s, [3, 2])
    row = s.outcome()["breakdown"][0]
    assert (row["dinosaurs"], row["tiles"], row["bones"], row["missions"]) == (16, 3, 1, 3)
    assert s.scores()[0] == 23


def test_bones_score_one_point_per_two():
    """'Small bone token: 1 point per 2 tokens. (0 point if you have only 1 token.)'"""
    s = new(4)
    set_bones(s, [1, 2, 5, 0])
    assert [row["bones"] for row in s.outcome()["breakdown"]] == [0, 1, 2, 0]


def test_black_missions_score_most_tiles_of_their_colour_at_the_end():
    """'Black border tiles: Get the tile and points at the end of the game.' 'Player with the most
    specific color dinosaur tiles at the end of the game. Note: Event tiles also count as their colors.'
    Designed: restored tiles count; every tied player scores; nobody if no one has the colour."""
    s = new(3)
    set_missions(s, (0, 1, 4))  # most yellow, most green, a red mission
    yellow_event = next(k for k in range(40) if C.kind_part[k] == EVENT and C.colours[C.kind_colour[k]] == "yellow")
    give_tiles(s, 0, kind("yellow", "head"))
    give_tiles(s, 1, yellow_event, kind("yellow", "leg", 0))  # the event tile counts as yellow
    rows = s.outcome()["breakdown"]
    assert "most-yellow" in rows[1]["mission_tiles"] and "most-yellow" not in rows[0]["mission_tiles"]
    assert not any("most-green" in r["mission_tiles"] for r in rows)  # nobody has green
    give_tiles(s, 0, kind("yellow", "tail"))
    rows = s.outcome()["breakdown"]
    assert "most-yellow" in rows[0]["mission_tiles"] and "most-yellow" in rows[1]["mission_tiles"]
    restore_directly(
        s, 2, kind("green", "head"), kind("green", "tail"), kind("yellow", "leg", 1), kind("green", "leg", 0)
    )
    rows = s.outcome()["breakdown"]
    assert "most-green" in rows[2]["mission_tiles"]


def test_a_seat_scores_every_mission_tile_it_holds():
    """My Funny Dinos rulebook, Scoring: '4. Points shown on the acquired mission tiles': all of them. Seat 0
    leads yellow and green (two black missions, 2 points each) and took the red one (3 points): 7."""
    s = new(2)
    set_missions(s, (0, 1, 4), [-1, -1, 0])  # most yellow, most green, four-colour dinosaur
    give_tiles(s, 0, kind("yellow", "head"), kind("green", "head"))
    set_bones(s, [0, 0])
    rows = s.outcome()["breakdown"]
    assert sorted(rows[0]["mission_tiles"]) == ["four-colour-dinosaur", "most-green", "most-yellow"]
    assert rows[0]["missions"] == 2 + 2 + 3 and rows[1]["missions"] == 0
    assert s.scores()[0] == 2 + 7  # and the two loose tiles


def test_red_mission_six_bones_is_taken_at_once_by_the_first():
    """'Red border tiles: Immediately get the tile and points when the condition satisfied.' 'Own 6 small
    bone tokens.' Once taken, no one else can score it."""
    s = new(2)
    set_missions(s, (4, 5, 6))
    set_bones(s, [5, 2])
    p = top_tile(s, base_spot(s))
    events = fail_rocks(s, p)
    assert s.mission_owner[1] == 0 and any(e.kind == "mission_taken" for e in events)
    set_bones(s, [1, 8])
    rules.check_red_missions(s, [])
    assert s.mission_owner[1] == 0  # kept, although seat 0 now has fewer bones
    assert s.outcome()["breakdown"][0]["missions"] == 3


def test_red_mission_three_special_tiles():
    """'Acquire 3 special tiles.' Designed: owning three event tiles at once."""
    s = new(2)
    set_missions(s, (4, 5, 6))
    give_tiles(s, 0, event_kind("two", 0), event_kind("two", 1))
    events = succeed(s, tile(s, event_kind("shovel")))
    assert s.mission_owner[2] == 0 and any(e.kind == "mission_taken" for e in events)


def test_red_mission_four_colour_dinosaur():
    """'Restoring a dinosaur with four color tiles.'"""
    s = new(2)
    set_missions(s, (4, 5, 6))
    three = complete_set(s, 0, ("green", "green", "red", "blue"))
    to_restore(s)
    restore_now(s, three)
    assert s.mission_owner[0] == -1  # three colours are not four
    start_turn(s, 0)
    four = complete_set(s, 0, ("pink", "brown", "purple", "yellow"))
    to_restore(s)
    restore_now(s, four)
    assert s.mission_owner[0] == 0 and s.dinos[-1].value == 6


def test_red_missions_met_at_once_go_to_the_player_whose_turn_it_is():
    """Designed: if several players meet a red mission at the same moment, the current player first."""
    s = new(3)
    set_missions(s, (4, 5, 6))
    start_turn(s, 2)
    set_bones(s, [6, 0, 6])
    rules.check_red_missions(s, [])
    assert s.mission_owner[1] == 2


def test_ties_broken_by_tiles_then_bones():
    """'In case of tie, the player with most total number of dinosaur tiles among the tied players wins.
    If still tied, the player with the most number of small bone tokens wins.'"""
    s = new(3)
    set_missions(s, (4, 5, 6))
    set_bones(s, [0, 1, 0])  # bones worth 0 points each
    give_tiles(s, 0, event_kind("two", 0))  # 2 points, 1 tile
    give_tiles(s, 1, kind("red", "head"), kind("blue", "head"))  # 2 points, 2 tiles
    give_tiles(s, 2, kind("pink", "head"), kind("green", "head"))  # 2 points, 2 tiles
    assert s.scores() == [2, 2, 2]
    assert s.winners() == [1]  # as many tiles as seat 2, one bone more
    set_bones(s, [0, 1, 1])
    assert s.winners() == [1, 2]  # still tied: both share the win


def _tied(bones: list[int], ones: list[int], twos: list[int], restorer: int = -1):
    """Three seats, red missions only (none taken): each seat's bone tokens, its loose 1-point tiles, its '2'
    event tiles (2 points, 1 tile each), and for the `restorer` one mixed dinosaur (6 points, 4 tiles)."""
    s = new(3)
    set_missions(s, (4, 5, 6))
    mixed = (kind("red", "head"), kind("blue", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    if restorer >= 0:
        restore_directly(s, restorer, *mixed)
    singles = [kind(colour, part) for part in ("head", "tail") for colour in C.colours]
    singles = [k for k in singles if k not in mixed]
    events = [event_kind("two", i) for i in range(sum(twos))]
    for seat in range(3):
        give_tiles(s, seat, *(singles.pop() for _ in range(ones[seat])), *(events.pop() for _ in range(twos[seat])))
    set_bones(s, bones)
    return s


def test_tie_on_points_goes_to_most_dinosaur_tiles_though_the_other_has_more_bones():
    """My Funny Dinos rulebook, V. Game End: 'In case of tie, the player with most total number of dinosaur
    tiles among the tied players wins.' The tiles come before the bones: a tied player with more tiles wins
    against one with more bone tokens (the bones here worth the same points)."""
    s = _tied(bones=[0, 1, 0], ones=[3, 1, 0], twos=[0, 1, 0])
    assert s.scores() == [3, 3, 0]
    assert s.winners() == [0]  # 3 tiles against 2: seat 1's extra bone is not looked at


def test_tie_on_points_and_tiles_goes_to_most_bones_among_those_still_tied():
    """My Funny Dinos rulebook, V. Game End: '... the player with most total number of dinosaur tiles among
    the tied players wins. If still tied, the player with the most number of small bone tokens wins.' The
    bones decide only between the players still tied after the tiles: seat 2 has the most bones of all but
    a tile fewer, so it is out before the bones are counted."""
    s = _tied(bones=[2, 3, 5], ones=[3, 3, 2], twos=[0, 0, 0])
    assert s.scores() == [4, 4, 4]
    assert s.winners() == [1]


def test_restored_tiles_count_in_the_tie_break_total():
    """My Funny Dinos rulebook, V. Game End: 'the player with most total number of dinosaur tiles': the total
    counts the tiles in restored dinosaurs too (they score as the dinosaur, not as tiles, but are still the
    player's dinosaur tiles). Seat 0: a mixed dinosaur (6) and 2 tiles, 6 tiles in all; seat 1: two '2'
    tiles, 3 tiles and 2 bones (1 point), 5 tiles in all."""
    s = _tied(bones=[0, 2, 0], ones=[2, 3, 0], twos=[0, 2, 0], restorer=0)
    assert s.scores() == [8, 8, 0]
    assert s.winners() == [0]
