"""My Funny Dinos' decisions as registered records: the action-id layout and the docs' table of it, the phase
numbers and names, and what `action_info` says for each kind of decision (never more than the view)."""

from pathlib import Path

import pytest

import dinotable
from dinotable.games.my_funny_dinos import rules
from dinotable.games.my_funny_dinos.rules import PASS, PICK
from dinotable.games.my_funny_dinos.state import MyFunnyDinosState
from dinotable.games.my_funny_dinos.testing import (
    complete_set,
    give_tiles,
    kind,
    new,
    to_exchange,
    to_restore,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content


# ----------------------------------------------------------------------------- decisions as records
DOCS = Path(__file__).resolve().parents[2] / "docs" / "my-funny-dinos.md"


def test_the_docs_hold_the_action_id_table_the_layout_writes():
    """docs/my-funny-dinos.md, section 4 "Action ids", is the table the action-id layout writes, so the docs
    cannot drift from the ids."""
    text = DOCS.read_text()
    lines = text[text.index("### Action ids") :].splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    end = next(i for i in range(first, len(lines)) if not lines[i].startswith("|"))
    assert "\n".join(lines[first:end]) == rules.LAYOUT.markdown(rules.ACTION_MEANINGS)
    assert rules.LAYOUT.rows() == [("excavate", 0, 39), ("pick", 40, 79), ("end turn", 80, 80)]
    assert (rules.DIG, rules.PICK, rules.PASS, GAME.num_distinct_actions) == (0, 40, 80, 81)


def test_the_decisions_keep_their_phase_numbers_and_names():
    """The table's order gives the phase numbers the rules move between, and the names the view's `phase` and
    the refusal messages show."""
    names = MyFunnyDinosState.decisions.names
    assert names == (
        "excavate",
        "exchange: give",
        "exchange: take",
        "restore",
        "restore: tail",
        "restore: leg",
        "restore: second leg",
        "over",
    )
    phases = (rules.EXCAVATE, rules.GIVE, rules.TAKE, rules.RESTORE, rules.TAIL_STEP, rules.LEG1_STEP)
    assert [names[p] for p in (*phases, rules.LEG2_STEP, rules.OVER)] == list(names)
    s = new()
    with pytest.raises(dinotable.IllegalAction, match=r"not legal now \(excavate\)"):
        s.apply(PASS)


def test_action_info_of_an_excavation_is_the_tile_as_the_table_shows_it_and_its_spot():
    """An excavation touches a tile of the pile and the spot it lies on; the tile is described as the view
    shows it: whole on top, by its colour one down, by its number alone when buried."""
    s = new(3, 8)
    spot = next(sp for sp, stack in enumerate(s.stacks) if len(stack) >= 3)
    bottom, ribbon, top = s.stacks[spot][0], s.stacks[spot][-2], s.stacks[spot][-1]
    assert s.action_info(bottom) == {"decision": "excavate", "kind": "excavate", "tile": bottom, "spot": spot}
    colour = C.colours[C.kind_colour[s.kind[ribbon]]]
    assert s.action_info(ribbon) == {
        "decision": "excavate",
        "kind": "excavate",
        "tile": ribbon,
        "colour": colour,
        "spot": spot,
    }
    shown = s.view(0)["pile"][spot]["tiles"][-1]
    assert shown["tile"] == top and "part" in shown
    shown = {k: v for k, v in shown.items() if k != "ref"}  # the view's reference key, for a hover
    assert s.action_info(top) == {"decision": "excavate", "kind": "excavate", **shown, "spot": spot}


def test_action_info_of_an_exchange_names_the_tiles_and_their_owners():
    """`exchange: give` touches one of the mover's loose tiles; `exchange: take` another player's, with the
    tile already given (as the view's `picked`)."""
    s = new()
    mine = give_tiles(s, 0, kind("red", "head"))[0]
    theirs = give_tiles(s, 1, kind("pink", "tail"))[0]
    give_tiles(s, 2, kind("blue", "leg"))
    exchange = to_exchange(s)
    assert s.legal_actions() == sorted([PICK + mine, PICK + exchange])
    assert s.action_info(PICK + mine) == {
        "decision": "exchange: give",
        "kind": "pick",
        "tile": mine,
        "colour": "red",
        "part": "head",
        "owner": 0,
    }
    s.apply(PICK + exchange)
    assert len(s.legal_actions()) == 2
    assert s.action_info(PICK + theirs) == {
        "decision": "exchange: take",
        "kind": "pick",
        "tile": theirs,
        "colour": "pink",
        "part": "tail",
        "owner": 1,
        "picked": [exchange],
    }


def test_action_info_of_each_restoration_step_names_the_part_and_the_dinosaur_so_far():
    """`restore` touches the head that starts a dinosaur (ending the turn touches nothing); each later step
    the part it adds, with the tiles picked before it, head first."""
    s = new()
    head, tail, leg1, leg2 = complete_set(s, 0)
    other_head, other_tail, other_leg = give_tiles(s, 0, kind("red", "head"), kind("red", "tail"), kind("red", "leg"))
    to_restore(s)
    assert s.action_info(PASS) == {"decision": "restore", "kind": "end turn"}
    assert s.action_info(PICK + head) == {
        "decision": "restore",
        "kind": "pick",
        "tile": head,
        "colour": "green",
        "part": "head",
        "owner": 0,
    }
    s.apply(PICK + head)
    assert s.action_info(PICK + other_tail) == {
        "decision": "restore: tail",
        "kind": "pick",
        "tile": other_tail,
        "colour": "red",
        "part": "tail",
        "owner": 0,
        "picked": [head],
    }
    s.apply(PICK + tail)
    first = min(leg1, leg2, other_leg)
    info = s.action_info(PICK + first)
    assert info == {**info, "decision": "restore: leg", "part": "leg", "tile": first, "picked": [head, tail]}
    s.apply(PICK + first)
    second = max(leg1, leg2, other_leg)
    info = s.action_info(PICK + second)
    assert info["decision"] == "restore: second leg" and info["picked"] == [head, tail, first]
    assert other_head not in info["picked"]


def test_action_info_is_refused_once_the_game_is_over():
    """The finished game (core's game-over record) offers nothing, so describes nothing."""
    s = new(2)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.view(None)["phase"] == "over"
    with pytest.raises(dinotable.IllegalAction, match="the game is over"):
        s.action_info(0)


@pytest.mark.parametrize("seed", range(3))
def test_action_info_tells_no_more_of_a_tile_than_the_view(seed):
    """Every legal action's tile is described exactly as the seat to move's view shows that tile (a buried
    tile by its number only), through random games."""
    s = new(3, seed)
    described = 0
    while not s.is_over:
        view = s.view(s.current_player)
        shown = {t["tile"]: t for spot in view["pile"] for t in spot["tiles"]}
        shown.update({t["tile"]: t for player in view["players"] for t in player["tiles"]})
        for a in s.legal_actions():
            info = s.action_info(a)
            assert info["decision"] == view["phase"]
            if "tile" in info:
                told = {k: info[k] for k in ("tile", "colour", "part", "icon") if k in info}
                assert told == {k: v for k, v in shown[info["tile"]].items() if k != "ref"}
                described += 1
        s.apply(s.legal_actions()[len(s.history) % len(s.legal_actions())])
    assert described > 100
