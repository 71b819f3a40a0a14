"""My Funny Dinos at the table: what each seat sees (views, action texts, the board), what determinize re-deals,
how actions are listed and refused, and the greedy agent's choices, on positions built with the game's test
builders (dinotable.games.my_funny_dinos.testing)."""

import pytest

import dinotable
from dinotable.games.my_funny_dinos import rules
from dinotable.games.my_funny_dinos.content import HEAD, LEG
from dinotable.games.my_funny_dinos.rules import FULLY_KNOWN, PASS, PICK
from dinotable.games.my_funny_dinos.testing import (
    body_tile_on_top,
    complete_set,
    give_tiles,
    kind,
    new,
    set_missions,
    steer,
    succeed,
    tile,
    to_restore,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content


# ------------------------------------------------------------------------------------ hidden information
def test_buried_tiles_are_hidden_in_every_view():
    """Designed excavation model: fully buried tiles are unknown until pulled; the tile under the top one shows only
    its colour ribbon."""
    s = new(3, 8)
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        for spot in view["pile"]:
            tiles = spot["tiles"]
            if not tiles:
                continue
            assert {"colour", "part"} <= set(tiles[-1])
            if len(tiles) > 1:
                assert "colour" in tiles[-2] and "part" not in tiles[-2]
            for t in tiles[:-2]:
                assert set(t) == {"tile", "ref"}  # its number, and the reference entry of a fossil tile


def test_determinize_redeals_buried_tiles_and_keeps_what_shows():
    """determinize(seat, seed) re-deals the buried tiles among themselves, keeps the colour of a tile whose
    ribbon shows, and keeps every face-up and owned tile."""
    s = new(3, 8)
    succeed(s, body_tile_on_top(s))
    buried = [p for p in s.pile if s.known[p] == 0]
    ribbon = [p for p in s.pile if s.known[p] == 1]
    seen = {p for p in range(40) if s.owner[p] >= 0 or s.known[p] == FULLY_KNOWN}
    changed = 0
    for seed in range(20):
        d = s.determinize(1, seed)
        assert all(d.kind[p] == s.kind[p] for p in seen)
        assert all(C.kind_colour[d.kind[p]] == C.kind_colour[s.kind[p]] for p in ribbon)
        assert sorted(d.kind[p] for p in buried + ribbon) == sorted(s.kind[p] for p in buried + ribbon)
        changed += any(d.kind[p] != s.kind[p] for p in buried)
        assert d.rng != s.rng
    assert changed >= 15


def test_what_was_once_seen_stays_known():
    """Designed: a tile once seen stays known when tiles fall on it again."""
    s = new(3, 8)
    top = s.stacks[C.centre][-1]
    assert s.known[top] == FULLY_KNOWN
    edge_spot = next(spot for spot in range(C.num_spots) if C.spot_edge[spot])
    p = s.stacks[edge_spot][-1]
    rock, edge = rules.failure_chances(s, p, 0)
    steer(s, rock + 1e-9, rock + (1 - rock) * edge)
    s.apply(p)
    assert s.stacks[C.centre][-1] == p and s.known[top] == FULLY_KNOWN
    assert "part" in next(t for t in s.view(0)["pile"][C.centre]["tiles"] if t["tile"] == top)


def test_action_text_never_names_a_buried_tile():
    """A buried tile's action text says only what the table shows."""
    s = new(3, 8)
    for p in s.pile:
        text = s.action_text(p)
        if s.known[p] == 0:
            assert "buried tile" in text and C.tile_words(s.kind[p]) not in text
        elif s.known[p] == FULLY_KNOWN:
            assert C.tile_words(s.kind[p]) in text
    # Ending the turn has its text where it is on offer: after an excavation, with a set to restore.
    s = new()
    complete_set(s, s.cur)
    to_restore(s)
    assert PASS in s.legal_actions() and "End the turn" in s.action_text(PASS)


def test_illegal_actions_are_refused_with_the_reason():
    """An illegal id raises IllegalAction naming it and the phase, and changes nothing."""
    s = new()
    snapshot = s.clone()
    with pytest.raises(dinotable.IllegalAction, match="80 is not legal now"):
        s.apply(PASS)
    assert s == snapshot


def test_restoration_choices_are_the_seats_loose_parts():
    """The legal restoration choices are the seat's loose heads (or ending the turn), then its tails, then
    each pair of its legs once (the lower-numbered leg first)."""
    s = new()
    pieces = give_tiles(
        s,
        0,
        kind("green", "head"),
        kind("red", "head"),
        kind("green", "tail"),
        kind("green", "leg", 0),
        kind("green", "leg", 1),
        kind("red", "leg", 0),
    )
    to_restore(s)
    heads = sorted(PICK + p for p in pieces if C.kind_part[s.kind[p]] == HEAD)
    legs = sorted(p for p in pieces if C.kind_part[s.kind[p]] == LEG)
    assert s.legal_actions() == heads + [PASS]
    s.apply(heads[0])  # the only tail resolves itself
    assert s.phase == rules.LEG1_STEP
    assert s.legal_actions() == [PICK + legs[0], PICK + legs[1]]
    s.apply(PICK + legs[0])
    assert s.legal_actions() == [PICK + legs[1], PICK + legs[2]]
    s.apply(PICK + legs[2])
    assert len(s.dinos) == 1 and sorted(s.dinos[0].pieces[2:]) == [legs[0], legs[2]]


def test_view_shows_mission_takers_and_black_mission_leaders():
    """The table shows who took each red mission and who leads each black mission's colour now."""
    s = new(3)
    set_missions(s, (0, 5, 6), [-1, 2, -1])  # most yellow, six bones, three special tiles
    give_tiles(s, 1, kind("yellow", "head"))
    owners = {m["id"]: m["owners"] for m in s.view(0)["missions"]}
    assert owners == {"most-yellow": [1], "six-bones": [2], "three-special-tiles": []}
    assert "led by player 2" in GAME.board_text(s, 0) and "taken by player 3" in GAME.board_text(s, 0)


def test_excavations_are_presented_face_up_first():
    """Terminal play lists the face-up tiles first, then deeper ones, each depth by spot; the set of
    actions is exactly the legal one."""
    s = new(3, 5)
    shown = GAME.present_actions(s, s.legal_actions())
    assert sorted(shown) == s.legal_actions()
    depths = [rules.tiles_above(s, p) for p in shown]
    assert depths == sorted(depths) and depths[0] == 0
    assert "on top" in s.action_text(shown[0]) and "under" in s.action_text(shown[-1])


def test_colour_names_have_terminal_styles():
    """Every tile colour has a terminal style (presentation data in content.toml)."""
    assert set(GAME.text_styles) == set(C.colours)


@pytest.mark.parametrize("agent_seed", range(8))
def test_greedy_restores_the_single_colour_dinosaur_it_holds(agent_seed):
    """The greedy agent values each restoration choice by the best dinosaur it can still become, so it
    never splits a one-colour set for a mixed one (here: yellow head, tail and legs, and a blue leg)."""
    from dinotable.agents import Observation, make_agent

    # A deal where some other leg is numbered above both yellow legs, so that a careless first leg leaves
    # only the mixed pair.
    other_legs = [k for k in range(40) if C.kind_part[k] == LEG and C.colours[C.kind_colour[k]] != "yellow"]
    for seed in range(100):
        s = new(2, seed)
        odd = max(other_legs, key=lambda k: tile(s, k))
        if tile(s, odd) > max(tile(s, kind("yellow", "leg", i)) for i in (0, 1)):
            break
    give_tiles(s, 0, kind("yellow", "head"), kind("yellow", "tail"), kind("yellow", "leg", 0), kind("yellow", "leg", 1))
    give_tiles(s, 0, odd)
    to_restore(s)
    agent = make_agent("greedy", GAME, agent_seed)
    while s.current_player == 0:
        s.apply(agent.act(Observation(s, 0, len(s.history))))
    assert len(s.dinos) == 1 and s.dinos[0].value == 10
