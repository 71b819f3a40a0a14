"""The core registries every game's rules run on (dinotable.core.decisions): decision kinds numbered by
registration, and the action-id layout read back by kind."""

import pytest

from dinotable.core.decisions import GAME_OVER, ActionLayout, Decision, Decisions


def _decision(name: str) -> Decision:
    return Decision(name, legal=lambda s, ctx: (0,), apply=lambda s, a, ctx, ev: None, text=lambda s, a, ctx: name)


def test_decisions_are_numbered_in_registration_order_and_found_by_name():
    table = Decisions()
    first, second = table.add(_decision("excavate")), table.add(_decision("restore"))
    over = table.add(GAME_OVER)
    assert (first, second, over) == (0, 1, 2)
    assert table[second].name == "restore" and table.phase("excavate") == first
    assert table.names == ("excavate", "restore", "game over") and len(table) == 3
    assert table[over].legal(None, None) == ()


def test_a_decision_is_registered_once():
    table = Decisions()
    table.add(_decision("excavate"))
    with pytest.raises(ValueError, match="'excavate' is registered twice"):
        table.add(_decision("excavate"))


def test_the_layout_gives_consecutive_ranges_and_reads_an_id_back():
    layout = ActionLayout()
    assert layout.add("dig", 40) == 0
    assert layout.add("pick", 40) == 40
    assert layout.add("pass") == 80
    assert layout.size == 81
    assert layout.kind(0) == ("dig", 0)
    assert layout.kind(39) == ("dig", 39)
    assert layout.kind(47) == ("pick", 7)
    assert layout.kind(80) == ("pass", 0)
    assert layout.rows() == [("dig", 0, 39), ("pick", 40, 79), ("pass", 80, 80)]


@pytest.mark.parametrize("bad", [-1, 81])
def test_the_layout_refuses_an_id_outside_it(bad):
    layout = ActionLayout()
    layout.add("dig", 40)
    layout.add("pick", 41)
    with pytest.raises(ValueError, match=f"action id {bad} is outside 0-80"):
        layout.kind(bad)


def test_the_layout_refuses_an_empty_or_repeated_range():
    layout = ActionLayout()
    layout.add("dig", 40)
    with pytest.raises(ValueError, match="'dig' is laid out twice"):
        layout.add("dig", 3)
    with pytest.raises(ValueError, match="at least one id"):
        layout.add("none", 0)


def test_the_layout_writes_the_docs_table():
    layout = ActionLayout()
    layout.add("dig", 40)
    layout.add("pass")
    table = layout.markdown({"dig": "excavate tile #id", "pass": "end the turn"})
    assert table.splitlines() == [
        "| ids | kind | meaning |",
        "| --- | --- | --- |",
        "| 0-39 | `dig` | excavate tile #id |",
        "| 40 | `pass` | end the turn |",
    ]


def test_a_layout_is_made_from_sizes_and_names_its_first_ids():
    from typing import NamedTuple

    class Ids(NamedTuple):
        dig: int
        pick: int
        end: int

    layout = ActionLayout.of({"dig": 40, "pick": 40, "end": 1})
    assert layout.rows() == [("dig", 0, 39), ("pick", 40, 79), ("end", 80, 80)]
    assert layout.first_ids(Ids) == Ids(0, 40, 80)
