"""docs/rl.md: its layout tables are the code's (`python -m dinotable.rl.docs` writes them), and it tells
how to use each environment."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed (pip install -e '.[rl]')")

import dinotable  # noqa: E402
from dinotable.rl import docs, encoder_for  # noqa: E402


def test_the_layout_tables_in_docs_rl_md_are_up_to_date():
    text = docs.DOC.read_text(encoding="utf-8")
    assert docs.updated(text) == text, "docs/rl.md is out of date: run python -m dinotable.rl.docs"


@pytest.mark.parametrize("name", dinotable.list_games())
def test_each_games_table_is_its_two_player_layout(name):
    game = dinotable.get_game(name)
    text = docs.DOC.read_text(encoding="utf-8")
    layout = encoder_for(game.new_game(docs.SHOWN_PLAYERS, 0)).layout
    assert layout.markdown() in text
    for s in layout.slices:
        assert f"| `{s.name}` |" in text


def test_the_generated_part_is_replaced_between_the_markers_only():
    page = f"intro\n{docs.BEGIN}\nstale table\n{docs.END}\noutro\n"
    out = docs.updated(page)
    assert out.startswith(f"intro\n{docs.BEGIN}\n") and out.endswith(f"{docs.END}\noutro\n")
    assert "stale table" not in out and "### My Funny Dinos" in out
    with pytest.raises(ValueError, match="markers"):
        docs.updated("no markers here")


def test_the_page_shows_each_interface_and_says_how_rewards_and_chance_work():
    text = docs.DOC.read_text(encoding="utf-8")
    for needed in ("aec_env(", "GymEnv(", "import dinotable.rl.openspiel", "SAMPLED_STOCHASTIC", "2/k - 1"):
        assert needed in text
    assert "2 players with the default options" in text
