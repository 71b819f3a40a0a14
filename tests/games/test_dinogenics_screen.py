"""DinoGenics in the terminal's 80x24: the status line, the screen, the boards, the actions' typed names and
short labels, the simulation counts' labels, and the reference keys the view carries for hover."""

from __future__ import annotations

import random
import re

import pytest

import dinotable
from dinotable.games.dinogenics import screen

GAME = dinotable.get_game("dinogenics")
NAME = re.compile(r"^[a-z0-9#][a-z0-9#-]*$")


def _modes():
    for n in range(GAME.min_players, GAME.max_players + 1):
        for options in GAME.test_option_sets_for(n):
            yield n, options


MODES = list(_modes())


def positions(n: int, options: dict, seed: int, every: int = 23):
    """Positions of a random game: every `every`-th decision, and the end."""
    s = GAME.new_game(n, seed, options)
    rng = random.Random(seed)
    i = 0
    while not s.is_over:
        if i % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))
        i += 1
    yield s


@pytest.mark.parametrize(("n", "options"), MODES, ids=[f"{n}p-{o}" for n, o in MODES])
def test_every_screen_fits_eighty_columns_and_fourteen_lines(n, options):
    """The terminal fits 80x24: the screen takes at most 14 lines, every text at most 80 columns, the status
    one line, and the seat's own hands close the screen, nearest the prompt."""
    for s in positions(n, options, seed=11):
        for seat in [*range(n), None]:
            status = GAME.status_line(s, seat)
            assert "\n" not in status and len(status) <= 80, status
            lines = GAME.screen_text(s, seat).split("\n")
            assert len(lines) <= 14, lines
            assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
            assert lines[0] == status
            if seat is not None:
                assert lines[-1].startswith("Manipulation:") and lines[-2].startswith("DNA (")
                assert any(line.startswith("You: ") for line in lines[-6:])
            board = GAME.board_text(s, seat).split("\n")
            assert all(len(line) <= 80 for line in board), [x for x in board if len(x) > 80]
            for p in range(n):
                one = GAME.seat_board_text(s, seat, p).split("\n")
                assert all(len(line) <= 80 for line in one), [x for x in one if len(x) > 80]


@pytest.mark.parametrize(("n", "options"), MODES, ids=[f"{n}p-{o}" for n, o in MODES])
def test_action_names_are_unique_typed_words_and_labels_short(n, options):
    """A typed name: lower case words joined by '-', unique among the actions on offer; a label at most 30."""
    for s in positions(n, options, seed=5, every=3):
        if s.is_over:
            continue
        legal = s.legal_actions()
        names = [GAME.action_name(s, a) for a in legal]
        assert all(NAME.match(x) for x in names), names
        assert len(set(names)) == len(names), names
        labels = [GAME.action_label(s, a) for a in legal]
        assert all(0 < len(x) <= 30 for x in labels), [x for x in labels if len(x) > 30]


def test_action_names_come_from_the_printed_names():
    """Spaces by their printed names ('site-a', 'city-center', the HQ as 'hq'), DNA picks by verb and
    species ('keep-t-rex')."""
    s = GAME.new_game(2, 3, {})
    rng = random.Random(3)
    seen = set()
    for _ in range(400):
        if s.is_over:
            break
        seen |= set(screen.action_names(s).values())
        s.apply(rng.choice(s.legal_actions()))
    assert {"site-a", "site-b", "farm", "hq", "iom"} <= seen
    assert any(x.startswith("keep-") for x in seen) and "done" in seen


@pytest.mark.parametrize(("n", "options"), MODES[::2], ids=[f"{n}p-{o}" for n, o in MODES[::2]])
def test_screen_and_status_tell_nothing_a_seat_cannot_see(n, options):
    """A seat's screen is the same on every copy determinized for it: it shows only what that seat sees."""
    for i, s in enumerate(positions(n, options, seed=17, every=31)):
        for seat in range(n):
            copy = s.determinize(seat, 100 + i)
            assert GAME.screen_text(copy, seat) == GAME.screen_text(s, seat)
            assert GAME.status_line(copy, seat) == GAME.status_line(s, seat)


def test_the_screen_shows_the_shared_table_and_the_seat_hand():
    """The Mainland with its workers, the DNA Market, player order, Breaking News, and the seat's cards."""
    s = GAME.new_game(3, 2, {})
    text = GAME.screen_text(s, s.current_player)
    assert "Mainland (_ free, # blocked" in text and "Site A" in text and "DNA Market:" in text and "Order " in text
    assert "News" in text and "DNA (" in text and "Manipulation:" in text


def test_a_scenario_screen_shows_its_objective_and_special_rules():
    """A solo scenario: its objective and progress, and the rules it changes (CC4: no Site A or B)."""
    s = GAME.new_game(1, 4, {"scenario": "CC4"})
    text = GAME.screen_text(s, 0)
    assert "CC4 Overcoming Goliath: " in text and " of 100 VP" in text
    assert "Rules: You may not play workers to Site A or B." in text


def test_the_solo_target_and_the_coop_contest_are_on_screen():
    """The solo game's target and the co-op's average against Synth."""
    solo = GAME.screen_text(GAME.new_game(1, 4, {}), 0)
    assert f"of {GAME.content.numbers['solo_target']} VP scored now" in solo
    coop = GAME.screen_text(GAME.new_game(2, 4, {"coop": True}), 0)
    assert "Co-op, scored now: the branches' average" in coop and "Synth's park:" in coop


def test_the_synth_step_is_named_only_in_the_coop():
    """The Upkeep's Synth step: 'Upkeep: Synth' in the co-op, plain 'Upkeep' elsewhere."""
    from dinotable.games.dinogenics import render

    assert render.stage_label(GAME.new_game(2, 1, {"coop": True}), "synth") == "Upkeep: Synth"
    assert render.stage_label(GAME.new_game(2, 1, {}), "synth") == "Upkeep"


def test_count_labels_read_as_a_designer_reads_them():
    """Every count a simulation makes has a label without '_' or ':'."""
    counts: dict = {}
    for n, options in MODES[:6]:
        s = GAME.new_game(n, 1, options)
        rng = random.Random(1)
        while not s.is_over:
            GAME.count_events(counts, s, s.apply(rng.choice(s.legal_actions())))
        counts.update(GAME.final_counts(s))
    labels = {name: GAME.count_label(name) for name in counts}
    assert all("_" not in x and ":" not in x for x in labels.values()), labels
    assert labels["placed:site_a"] == "workers on Site A"
    assert labels["created:t_rex"] == "T-Rex created"
    assert labels["placed:news_15"] == "workers on Celebrity Visit (Breaking News 15)"


def _refs(value, out):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "ref":
                out.append(item)
            elif key == "refs":
                out.extend(item.values())
            else:
                _refs(item, out)
    elif isinstance(value, list):
        for item in value:
            _refs(item, out)
    return out


def test_every_view_ref_is_a_reference_entry_and_every_kind_appears():
    """Components in the view carry their reference entry ('ref', and 'refs' for keys named in lists):
    every one is a key of game.reference(), and species, facilities, Manipulation cards, specialists,
    Mainland spaces and Breaking News all appear over a few games."""
    reference = GAME.reference()
    c = GAME.content
    kinds = {
        "species": {sp.name for sp in c.species},
        "facility": {f.name for f in c.facilities},
        "manipulation": {m.name for m in c.manipulation},
        "specialist": {sp.name for sp in c.specialists},
        "space": {sp.name for sp in c.spaces if not sp.news},
        "news": {name for name in reference if name.startswith("Breaking News ")},
    }
    found = set()
    for n, options in [(2, {}), (4, {"elites": True, "chaos_theory": True}), (2, {"coop": True})]:
        for s in positions(n, options, seed=8, every=17):
            for seat in [*range(n), None]:
                refs = _refs(s.view(seat), [])
                assert all(ref in reference for ref in refs), [r for r in refs if r not in reference]
                found |= set(refs)
    assert all(found & names for names in kinds.values()), {k: bool(found & v) for k, v in kinds.items()}
    s = GAME.new_game(2, 8, {})
    dinos = [p["dinosaurs"] for p in s.view(0)["players"]]
    assert all("ref" in d for ds in dinos for d in ds)


def test_a_finished_game_screen_gives_the_final_scores_and_the_winner():
    """At the end: End Game Scoring's totals and who won, under the status line."""
    s = GAME.new_game(2, 2, {})
    rng = random.Random(2)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    lines = GAME.screen_text(s, None).split("\n")
    scores = s.scores()
    assert "End Game Scoring | game over" in lines[0]
    assert lines[1].startswith(f"Final scores: player 1 {scores[0]}, player 2 {scores[1]}; won: ")


def test_a_space_whose_text_starts_with_its_name_is_labelled_by_what_it_does():
    """The menu shows a space's name beside its label, so "Site A: take up to 2 DNA..." is labelled by
    what Site A does rather than by "Site A" again."""
    state = GAME.new_game(2, 5, {})
    names = {GAME.action_name(state, a): a for a in state.legal_actions()}
    assert state.action_text(names["site-a"]).startswith("Site A: take up to 2 DNA")
    label = GAME.action_label(state, names["site-a"])
    assert label.startswith("Take up to 2 DNA") and len(label) <= 30
