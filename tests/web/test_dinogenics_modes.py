"""DinoGenics' modes in a real Chromium (issue 20): the lobby's solo scenarios CC1-CC7 with their story and
objective and the co-op explained; a CC4 game clicked to its end with the objective's progress and the grade
shown; a Synth Re-Activated game clicked through Synth's turns to the shared result.

The panel is boards/dinogenics-modes.js, which the DinoGenics board draws in #dg-modes. Waits are on the page's
own state (window.__dinotableState, set once the page has drawn it), never sleeps."""

import random
from urllib.parse import parse_qs, urlsplit

import pytest

import dinotable

from .conftest import ARTIFACTS
from .test_browser import AT_SEQ, READY, log_lines, open_page, play_through_api

GAME = dinotable.get_game("dinogenics")
LEAKS = ("_", "undefined", "null", "NaN", "[object", "{", "true", "false")
# Once the page is READY after a decision and the panel shows its state (renderModes marks the state it drew):
# the state, and the panel's parts.
SNAPSHOT = f"""(after) => {{
  const s = window.__dinotableState, box = document.getElementById('dg-modes');
  if (!({READY})(after) || !box || box.dataset.seq !== String(s.seq)) return null;
  const all = (selector) => [...box.querySelectorAll(selector)];
  return {{
    state: s, text: box.innerText,
    branches: Object.fromEntries(all('[data-branch]').map((n) => [n.dataset.branch, n.innerText])),
    synth: all('[data-synth-score]').map((n) => n.innerText),
    turns: all('[data-synth-turn]').map((n) => ({{turn: n.dataset.synthTurn, seq: n.dataset.seq, text: n.innerText}})),
    park: all('[data-synth-park]').map((n) => n.innerText),
    progress: all('[data-progress]').map((n) => n.innerText),
    seasons_left: all('[data-seasons-left]').map((n) => n.dataset.seasonsLeft),
  }};
}}"""


def read_well(text: str) -> str:
    leaks = [word for word in LEAKS if word in text]
    assert leaks == [], f"the panel reads in the rulebook's words, never program values: {leaks}"
    return text


def panel_text(page) -> str:
    return read_well(page.locator("#dg-modes").inner_text())


def open_lobby(browser, server_url, page_errors):
    page = open_page(browser, server_url + "/", page_errors)
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "dinogenics")
    return page


def make_table(page, seed: int) -> dict:
    """Makes the table in the lobby and goes to the first seat; returns the table and its seats' tokens (as
    the API gives them), from the seats' links the lobby shows."""
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#go-to-seat")
    links = page.eval_on_selector_all(".seat-links a.seat-link", "(links) => links.map((a) => a.getAttribute('href'))")
    made = {"table": urlsplit(links[0]).path.rsplit("/", 1)[1], "seats": []}
    made["seats"] = [{"token": parse_qs(urlsplit(link).query)["token"][0]} for link in links]
    return made


def go_to_seat(page) -> None:
    page.click("#go-to-seat")
    page.wait_for_function(READY, arg=-1)


def random_until(base: str, made: dict, local, rng: random.Random, arrived) -> None:
    """The table played through the API, each decision random, until `arrived(local)`; `local` is the engine's
    copy of the table, replayed alongside."""
    play_through_api(base, made, local, lambda s, legal: arrived(s), lambda s, legal: rng.choice(legal), 3000)


# A game clicked to its end takes a few minutes' CPU in the browser: `make test` plays the first Seasons
# through the API and clicks the last two, `make test-all` clicks every Season.
CLICKED_FROM = pytest.mark.parametrize(
    "from_season", [pytest.param(1, id="every-season", marks=pytest.mark.slow), pytest.param(6, id="last-seasons")]
)


def wait_panel(page, after: int) -> dict:
    """The page's state after decision `after`, once the panel has drawn it, and what the panel then shows:
    read in one round trip, which a game clicked decision by decision repeats a few hundred times."""
    snapshot = page.wait_for_function(SNAPSHOT, arg=after).json_value()
    read_well(snapshot["text"])
    return snapshot


def test_the_lobby_offers_the_scenarios_with_their_story_and_the_coop_explained(server_url, browser, page_errors):
    page = open_lobby(browser, server_url, page_errors)
    labels = page.locator('[data-option="scenario"] option').all_inner_texts()
    assert labels[0] == "No scenario"
    for sc, label in zip(GAME.content.scenarios, labels[1:], strict=True):
        assert label == f"{sc.key}: {sc.name} ({sc.difficulty.capitalize()} Difficulty)"
    assert page.locator('[data-choice-help="scenario"]').inner_text().strip() == "", "no story before a choice"
    page.select_option('[data-option="scenario"]', label=labels[4])  # CC4
    cc4 = next(sc for sc in GAME.content.scenarios if sc.key == "CC4")
    shown = page.locator('[data-choice-help="scenario"]').inner_text()
    assert cc4.story in shown and f"Objective: {cc4.goal}" in shown
    assert page.input_value("#count") == "1", "a solo scenario is for one player"
    assert page.locator("#seats select").count() == 1
    assert page.locator("#option-note").inner_text() == ""
    page.screenshot(path=str(ARTIFACTS / "dinogenics-lobby-scenario.png"), full_page=True)
    # Each scenario's own story and objective follows the choice.
    for sc, label in zip(GAME.content.scenarios, labels[1:], strict=True):
        page.select_option('[data-option="scenario"]', label=label)
        shown = page.locator('[data-choice-help="scenario"]').inner_text()
        assert sc.story in shown and sc.goal in shown and sc.name not in shown.replace(sc.story, "")

    # The co-op is explained, and choosing it sets two players; with a scenario too the lobby says why not.
    coop_help = page.locator('[data-option="coop"] ~ .help').inner_text()
    assert "West Branch" in coop_help and "Synth Turn Chart" in coop_help and GAME.content.coop["goal"] in coop_help
    page.check('[data-option="coop"]')
    assert page.input_value("#count") == "2"
    note = page.locator("#option-note").inner_text()
    assert (
        note
        == "“Solo scenario” (1 player) and “Two-player co-op against Synth” (2 players) cannot be played together: "
        "take one off."
    )
    assert page.locator("#create").is_disabled(), "a table the note refuses is not sent"
    page.screenshot(path=str(ARTIFACTS / "dinogenics-lobby-coop-refused.png"), full_page=True)
    page.select_option('[data-option="scenario"]', label="No scenario")
    assert page.locator("#option-note").inner_text() == ""
    assert page.locator("#create").is_enabled()
    page.select_option("#count", "3")
    assert "“Two-player co-op against Synth” is for 2 players, not 3" in page.locator("#option-note").inner_text()
    assert page.locator("#create").is_disabled()
    page.screenshot(path=str(ARTIFACTS / "dinogenics-lobby-coop-players.png"), full_page=True)
    assert page_errors == []


@CLICKED_FROM
def test_scenario_cc4_clicked_to_the_end_shows_its_progress_and_grade(server_url, browser, page_errors, from_season):
    """CC4 Overcoming Goliath, every decision from Season `from_season` on clicked in the page's list (random
    choices); the panel's rows are the view's objective at every step, and at the end the grade the engine gives
    the same record."""
    page = open_lobby(browser, server_url, page_errors)
    page.select_option('[data-option="scenario"]', label="CC4: Overcoming Goliath (Medium Difficulty)")
    made = make_table(page, seed=11)
    rng = random.Random(4)
    local = GAME.new_game(1, 11, {"scenario": "CC4"})
    random_until(server_url, made, local, rng, lambda s: s.season >= from_season)
    go_to_seat(page)
    seq, pictured = -1, False
    for _ in range(400):
        panel = wait_panel(page, seq)
        state = panel["state"]
        seq = state["seq"]
        assert state["seq"] == len(local.history), "the page shows the table as it is"
        goal = state["view"]["objective"]
        assert "Solo Scenario #CC4: Overcoming Goliath (Medium Difficulty)" in panel["text"]
        assert f"Objective: {goal['goal']}" in panel["text"]
        assert len(panel["progress"]) == len(goal["progress"]) == 1
        assert f"{goal['score']} / 100" in panel["progress"][0]
        assert panel["seasons_left"] == [str(goal["seasons_left"])]
        if state["over"]:
            break
        if goal["season"] == 3 and not pictured:
            page.locator("#dg-modes").screenshot(path=str(ARTIFACTS / "dinogenics-cc4-midgame-panel.png"))
            pictured = True
        action = rng.choice(state["legal"])["id"]
        page.click(f'#actions [data-action="{action}"]')
        local.apply(action)
    assert state["over"] and local.is_over, "CC4 ends within its Seasons"
    expected = local.outcome()
    grade = page.locator("#dg-modes [data-grade]")
    assert grade.inner_text() == expected["grade"] == state["outcome"]["grade"]
    assert grade.is_visible()
    met = "Objective met" if expected["objective_met"] else "Objective not met"
    assert met in panel_text(page) and "Season 7 of 7: the game is over." in panel_text(page)
    assert "Final / needed" in panel_text(page) and "not met" in panel_text(page) or expected["objective_met"]
    page.screenshot(path=str(ARTIFACTS / "dinogenics-cc4-end.png"))
    page.locator("#dg-modes").screenshot(path=str(ARTIFACTS / "dinogenics-cc4-end-panel.png"))
    assert page_errors == []


@CLICKED_FROM
def test_coop_clicked_through_synths_turns_to_the_shared_result(server_url, browser, page_errors, from_season):
    """Synth Re-Activated: the West Branch clicked in the page from Season `from_season` on, the East Branch
    played through the API (random choices both). Each Synth turn the log tells shows in the panel with its roll
    on the Synth Turn Chart; the panel's scores are the view's, and the end shows the shared result and the
    module's ending."""
    page = open_lobby(browser, server_url, page_errors)
    page.check('[data-option="coop"]')
    assert page.input_value("#count") == "2"
    page.select_option('#seats select[data-seat="1"]', "human")
    made = make_table(page, seed=21)
    rng = random.Random(5)
    local = GAME.new_game(2, 21, {"coop": True})
    random_until(server_url, made, local, rng, lambda s: s.current_player == 0 and s.season >= from_season)
    go_to_seat(page)
    seq = -1
    turns_seen = set()
    for _ in range(400):
        panel = wait_panel(page, seq)
        state = panel["state"]
        seq = state["seq"]
        goal = state["view"]["objective"]
        assert "Synth Re-Activated (Hard Difficulty)" in panel["text"]
        assert len(panel["branches"]) == len(goal["branches"])
        for seat, score in enumerate(goal["branches"]):
            assert panel["branches"][str(seat)].endswith(f"{score} VP")
        assert panel["synth"][0].endswith(f"{goal['synth_re_activated']['synth']} VP")
        # A Synth turn: its roll on the Synth Turn Chart, or a Breaking News card's "Synth Occupies".
        rolls = [e for e in log_lines(state) if e["text"].startswith(("Synth rolls", "Synth occupies"))]
        if rolls:
            latest = panel["turns"][0]
            assert latest["turn"] == str(len(rolls))
            assert latest["seq"] == str(rolls[-1]["seq"])
            assert rolls[-1]["text"].split("; ")[-1] in latest["text"], "the roll that placed Synth's worker"
            shown = [int(turn["turn"]) for turn in panel["turns"]]
            assert shown == list(range(len(rolls), max(0, len(rolls) - 3), -1)), (
                "the last three turns, the latest first"
            )
            if len(rolls) not in turns_seen and len(turns_seen) == 2:
                page.screenshot(path=str(ARTIFACTS / "dinogenics-coop-synth-turn.png"))
                for summary in page.locator("#dg-modes details > summary").all():
                    summary.click()  # the earlier turns and Synth's park, opened for the picture
                page.locator("#dg-modes").screenshot(path=str(ARTIFACTS / "dinogenics-coop-synth-turn-panel.png"))
            turns_seen.add(len(rolls))
        assert panel["park"][0].strip() != "", "Synth's park is shown"
        assert state["seq"] == len(local.history), "the page shows the table as it is"
        if state["over"]:
            break
        action = rng.choice(state["legal"])["id"]
        page.click(f'#actions [data-action="{action}"]')
        local.apply(action)
        page.wait_for_function(AT_SEQ, arg=len(local.history))  # the table has it: the East Branch's turn may come
        random_until(server_url, made, local, rng, lambda s: s.is_over or s.current_player == 0)  # the East Branch
    assert len(turns_seen) >= 3, "Synth's turns were shown as they were played"
    assert state["over"], "the co-op ends within its Seasons"
    outcome = state["outcome"]
    result = page.locator("#dg-modes [data-shared-result]")
    assert result.get_attribute("data-shared-result") == ("victory" if outcome["victory"] else "defeat")
    assert (
        f"average {outcome['average']}" in result.inner_text() and f"Synth's {outcome['synth']}" in result.inner_text()
    )
    coop = GAME.content.coop
    assert (coop["victory"] if outcome["victory"] else coop["defeat"]) in panel_text(page)
    synth_row = page.locator('#outcome tr[data-automaton="Synth"] td').last
    assert synth_row.inner_text() == str(outcome["automata"]["Synth"]["total"]), "Synth's End Game Scoring shows"
    assert f"Synth's score: {outcome['synth']}" in page.locator("#outcome").inner_text()
    page.screenshot(path=str(ARTIFACTS / "dinogenics-coop-end.png"))
    page.locator("#dg-modes").screenshot(path=str(ARTIFACTS / "dinogenics-coop-end-panel.png"))
    assert page_errors == []
