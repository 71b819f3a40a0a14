"""The `dinotable` command: listing the games, and each game's rules summary and provenance."""

from __future__ import annotations

import json

import pytest
from cli_support import (
    DG,
    GAME,
    NAME,
    TED,
    flat,
    runner,
    wide_consoles,  # noqa: F401 (autouse: imported, it applies to this file's tests)
)

import dinotable
from dinotable.cli.main import app

# ----------------------------------------------------------------------------------------- games, rules


def test_games_lists_every_game():
    """`games` prints one line per registered game, my-funny-dinos among them, with its title."""
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert NAME in dinotable.list_games()
    for name in dinotable.list_games():
        line = next(line for line in result.stdout.splitlines() if line.split()[0] == name)
        assert dinotable.get_game(name).title in line


def test_rules_summary_names_every_option():
    """`rules GAME` shows the rules version, the provenance counts and every option."""
    result = runner.invoke(app, ["rules", NAME])
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert GAME.version in text
    items = GAME.provenance()
    designed = sum(1 for i in items if i["provenance"] == "designed")
    assert f"{designed} designed" in text
    for spec in GAME.option_specs:
        assert spec.name in text


def test_rules_summary_as_json():
    """`rules GAME --json` gives the same summary as data: every option with its default and the counts."""
    result = runner.invoke(app, ["rules", NAME, "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == NAME and doc["version"] == GAME.version
    assert [o["name"] for o in doc["options"]] == [s.name for s in GAME.option_specs]
    assert doc["provenance_counts"]["designed"] == sum(1 for i in GAME.provenance() if i["provenance"] == "designed")


def table_items(text: str) -> list[tuple[str, str, str]]:
    """(kind, name, provenance) of every row of the provenance table (continuation lines skipped)."""
    items = []
    for line in text.splitlines():
        if not line.startswith("│"):
            continue
        kind, name, provenance, _ = (cell.strip() for cell in line.strip("│").split("│"))
        if kind:
            items.append((kind, name, provenance))
    return items


@pytest.mark.parametrize("show_all", [False, True])
def test_rules_provenance_table(show_all):
    """`rules --provenance` lists exactly the designed items (all of them); `--all` adds the rulebook ones."""
    args = ["rules", NAME, "--provenance"] + (["--all"] if show_all else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    items = GAME.provenance()
    wanted = items if show_all else [i for i in items if i["provenance"] == "designed"]
    assert any(i["provenance"] == "designed" for i in items)
    assert any(i["provenance"] == "rulebook" for i in items)
    shown = table_items(result.stdout)
    assert sorted(shown) == sorted((i["kind"], i["name"], i["provenance"]) for i in wanted)
    if not show_all:
        assert {p for _, _, p in shown} == {"designed"}
    assert f"({len(wanted)})" in result.stdout


@pytest.mark.parametrize("show_all", [False, True])
def test_rules_provenance_json(show_all):
    """`rules --provenance --json` is JSON: the designed items exactly as game.provenance() gives them."""
    args = ["rules", NAME, "--provenance", "--json"] + (["--all"] if show_all else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    items = GAME.provenance()
    assert shown == (items if show_all else [i for i in items if i["provenance"] == "designed"])
    if not show_all:
        assert all(i["provenance"] != "rulebook" for i in shown)


# ---------------------------------------------------------------------------------- Tiny Epic Dinosaurs


def test_rules_provenance_lists_tiny_epic_dinosaurs_designs():
    """The designed rules, farms, spaces and cards of Tiny Epic Dinosaurs are all listed as designed."""
    result = runner.invoke(app, ["rules", TED.name, "--provenance", "--json"])
    assert result.exit_code == 0, result.output
    shown = {(i["kind"], i["name"]) for i in json.loads(result.stdout)}
    assert ("rule", "exact strength") in shown
    assert all(("farm", f.name) in shown for f in TED.content.farms)
    assert all(("research card", c.name) in shown for c in TED.content.research)
    assert all(("rival card", c.name) in shown for c in TED.content.rival_cards)


# ------------------------------------------------------------------------------------------- DinoGenics


def test_rules_provenance_lists_dinogenics_designs():
    """Every designed rule, space, facility, Manipulation card and Breaking News card of DinoGenics is
    listed as designed; the published species table is not."""
    result = runner.invoke(app, ["rules", DG.name, "--provenance", "--json"])
    assert result.exit_code == 0, result.output
    shown = {(i["kind"], i["name"]) for i in json.loads(result.stdout)}
    assert ("rule", "building pens") in shown and ("rule", "damage targets") in shown
    assert all(("breaking news", f"{n.number} {n.name}") in shown for n in DG.content.news if not n.chaos)
    assert all(("breaking news", f"Chaos Theory: {n.name}") in shown for n in DG.content.news if n.chaos)
    assert ("specialist", "security_officer") in shown and ("facility", "convention_center") in shown
    assert ("manipulation card", "black_market") in shown
    assert ("species", "t_rex") not in shown  # published
    assert ("species", "mutant") in shown  # its goats and breeding rule are designed
