"""A person reads the whole table from the page alone, in all three games, on a desktop and a phone: every
text in words, nothing off the screen, the score now with its parts, why a target cannot be chosen, each
component's rules, and the game in brief (issue 29).

Whole games are played through the API (every seat a person) with the page of one seat following; each
board's own drawing is checked decision by decision in tests/web/test_*_drawn.py."""

from __future__ import annotations

import random

import pytest

import dinotable

from .conftest import ARTIFACTS
from .readable import nested_controls, overflowing, unreadable_texts
from .test_browser import AT_SEQ, get, open_page, post

# (game, players, options) by name: the three games, and DinoGenics with the expansion, a solo scenario and
# the co-op against Synth.
TABLES = {
    "my-funny-dinos": ("my-funny-dinos", 3, {}),
    "tiny-epic-dinosaurs": ("tiny-epic-dinosaurs", 2, {}),
    "dinogenics": ("dinogenics", 2, {"expansion": True}),
    "dinogenics-scenario": ("dinogenics", 1, {"scenario": "CC2"}),
    "dinogenics-coop": ("dinogenics", 2, {"coop": True}),
}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
OPEN_PANELS = """() => { for (const id of ['rules', 'screen-panel']) {
  const box = document.getElementById(id); if (box && !box.hidden) box.open = true; } }"""


class Table:
    """A table of people played through the API, the engine's copy alongside, one seat's page following."""

    def __init__(self, server_url, browser, errors, name: str, seed: int, phone: bool = False, seat: int = 0):
        game, players, options = TABLES[name]
        self.base, self.game = server_url, dinotable.get_game(game)
        self.made = post(
            server_url,
            "/api/tables",
            {"game": game, "players": [{"type": "human"}] * players, "seed": seed, "options": options},
        )
        self.state = self.game.new_game(players, seed, options)
        self.rng = random.Random(seed)
        self.page = open_page(browser, server_url + self.made["seats"][seat]["url"], errors, phone=phone)
        self.name, self.seed, self.seat = name, seed, seat
        self.shown()

    def shown(self) -> dict:
        """The page's state once it shows the table's latest decision."""
        self.page.wait_for_function(AT_SEQ, arg=len(self.state.history))
        return self.page.evaluate("() => window.__dinotableState")

    def move(self, action: int | None = None) -> None:
        """One decision for the seat to move: `action`, or a seeded random legal one."""
        if action is None:
            action = self.rng.choice(self.state.legal_actions())
        token = self.made["seats"][self.state.current_player]["token"]
        body = {"token": token, "seq": len(self.state.history), "action": action}
        post(self.base, f"/api/tables/{self.made['table']}/actions", body)
        self.state.apply(action)

    def play_until(self, arrived, limit: int = 5000) -> None:
        for _ in range(limit):
            if self.state.is_over or arrived(self.state):
                return
            self.move()
        pytest.fail(f"never arrived in {limit} decisions")


def problems(table: Table) -> list[str]:
    table.page.evaluate(OPEN_PANELS)
    return unreadable_texts(table.page, table.made["table"]) + overflowing(table.page) + nested_controls(table.page)


def game_length(name: str, seed: int) -> int:
    """How many decisions the Table of this name and seed plays to the end (the same seeded choices)."""
    game, players, options = TABLES[name]
    state, rng = dinotable.get_game(game).new_game(players, seed, options), random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return len(state.history)


def scan_game(table: Table, every: int, start: int = 0) -> int:
    """Every `every`-th page state from decision `start` to the end (counted from the end when negative):
    all words, nothing off the screen."""
    if start < 0:
        start += game_length(table.name, table.seed)
    table.play_until(lambda state: len(state.history) >= start)
    scanned = 0
    while True:
        at = len(table.state.history)
        if at % every == 0 or table.state.is_over:
            table.shown()
            found = problems(table)
            assert not found, f"{table.game.name}, decision {at}:\n" + "\n".join(found[:10])
            scanned += 1
        if table.state.is_over:
            return scanned
        table.move()


# Every page state of whole games. My Funny Dinos and Tiny Epic Dinosaurs are short; a DinoGenics game runs
# to hundreds of decisions, so make test reads its last 150 and `slow` reads every one.
WHOLE = [
    pytest.param("my-funny-dinos", 1, 0, id="my-funny-dinos"),
    pytest.param("tiny-epic-dinosaurs", 1, 0, id="tiny-epic-dinosaurs"),
    pytest.param("dinogenics", 1, -150, id="dinogenics-to-the-end"),
    pytest.param("dinogenics-scenario", 1, 0, id="dinogenics-scenario", marks=pytest.mark.slow),
    pytest.param("dinogenics-coop", 1, 0, id="dinogenics-coop", marks=pytest.mark.slow),
    pytest.param("dinogenics", 1, 0, id="dinogenics-every-decision", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize(("name", "every", "start"), WHOLE)
def test_every_page_state_of_a_whole_game_reads_in_words_and_fits_the_screen(
    server_url, browser, page_errors, name, every, start, phone
):
    """Plain words (the issue's list: no id, key, `_`, `#<digits>`, "(s)", "a" before a vowel, program value
    or table code) in every text node, label and hover title of the page, the log and the How to play panel
    included; and no page or text wider than its screen, the table as text opened."""
    table = Table(server_url, browser, page_errors, name, seed=4, phone=phone)
    scanned = scan_game(table, every, start)
    assert table.state.is_over and scanned > 20
    assert page_errors == []


def scores_shown(page) -> dict:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#scores [data-score-row]')].map((row) =>
        [row.dataset.scoreRow, row.querySelector('.score-total').textContent]))"""
    )


def row_key(row: dict) -> str:
    return f"seat-{row['seat']}" if "seat" in row else f"automaton-{row['automaton']}"


@pytest.mark.parametrize("name", list(TABLES))
def test_the_score_now_shows_every_seat_and_opens_to_its_parts(server_url, browser, page_errors, name):
    """Each board shows every seat's score if the game ended now (the engine's score_now for this viewer:
    another seat's hidden points read "+ hidden"), and a tap opens its parts by the game's end-game scoring."""
    table = Table(server_url, browser, page_errors, name, seed=7, phone=True)
    table.play_until(lambda state: len(state.history) >= 40)
    shown = table.shown()
    rows = table.state.score_now(0)
    assert shown["score_now"] == rows
    want = {row_key(r): f"{r['total']} {r['unit']}" + (" + hidden" if r["hidden"] else "") for r in rows}
    assert scores_shown(table.page) == want
    assert {r["seat"] for r in rows if "seat" in r} == set(range(table.state.num_players))
    # On a phone the players and scores fold into the header's one line, and a tap opens them.
    assert table.page.locator("#scores").is_hidden()
    table.page.locator("#info-summary").tap()
    for row in rows:
        key = row_key(row)
        parts = table.page.locator(f'#scores [data-score-parts="{key}"]')
        assert parts.is_hidden()
        table.page.locator(f'#scores [data-score="{key}"]').tap()
        cells = parts.locator("tr").evaluate_all("(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))")
        assert cells == [[p["name"], "+ hidden" if p["points"] is None else str(p["points"])] for p in row["parts"]]
    assert page_errors == []


def test_another_seat_s_private_contract_counts_as_hidden(server_url, browser, page_errors):
    """Tiny Epic Dinosaurs: each player's Private Contract is face down; the other seat's score reads
    "+ hidden" with no value, and the seat's own counts its own."""
    table = Table(server_url, browser, page_errors, "tiny-epic-dinosaurs", seed=3)
    table.play_until(lambda state: len(state.history) >= 12)
    table.shown()
    shown = scores_shown(table.page)
    assert shown["seat-1"].endswith("+ hidden") and not shown["seat-0"].endswith("+ hidden")
    assert page_errors == []


def test_why_a_target_cannot_be_chosen_shows_on_a_tap(server_url, browser, page_errors):
    """Tapping a target nobody may choose now shows the engine's reason for this seat; a tap on a component
    shows its reference entry, the same text as the terminal's `help NAME`."""
    table = Table(server_url, browser, page_errors, "dinogenics", seed=5, phone=True)
    table.play_until(lambda s: s.current_player == 0 and len(s.history) > 6 and s.unavailable(0))
    shown = table.shown()
    reasons = {",".join(f"{k}:{v}" for k, v in e["target"].items()): e["reason"] for e in shown["unavailable"]}
    assert reasons, "this seat has targets it cannot choose now"
    key, reason = sorted(reasons.items())[0]
    table.page.locator(f'#board [data-target="{key}"].unavailable').first.tap()
    sheet = table.page.locator("#sheet")
    assert sheet.is_visible()
    assert sheet.locator(".sheet-reason").inner_text() == f"Not now: {reason}"
    sheet.locator(".sheet-close").tap()
    assert sheet.is_hidden()

    reference = table.game.reference()
    name = table.page.locator("#board .tappable[data-ref]:not(.unavailable)").first.get_attribute("data-ref")
    table.page.locator(f'#board .tappable[data-ref="{name}"]:not(.unavailable)').first.tap()
    entry = next(key for key in reference if key.lower() == name.lower())
    assert sheet.locator("h2").inner_text() == entry
    assert sheet.locator(".sheet-text").inner_text() == reference[entry]
    table.page.keyboard.press("Escape")
    assert sheet.is_hidden()

    # From the keyboard: one stop per kind of component (not one per bone token), and Enter opens its entry.
    stops = table.page.eval_on_selector_all(
        "#board [data-ref][tabindex='0']:not([data-action])", "(nodes) => nodes.map((n) => n.dataset.ref)"
    )
    assert stops and len(stops) == len(set(stops))
    table.page.locator(f"#board [data-ref='{name}'][tabindex='0']").focus()
    table.page.keyboard.press("Enter")
    assert sheet.locator("h2").inner_text() == entry
    assert page_errors == []


@pytest.mark.parametrize("game", ["dinogenics", "my-funny-dinos", "tiny-epic-dinosaurs"])
def test_how_to_play_gives_the_game_in_brief_citing_the_rulebook(server_url, browser, page_errors, game):
    """The How to play panel: closed at first, then the game's own sections (how a turn goes, what ends the
    game, how it scores), each citing the rulebook, and every component's entry."""
    name = next(key for key, (g, _, _) in TABLES.items() if g == game)
    table = Table(server_url, browser, page_errors, name, seed=2)
    rules = table.page.locator("#rules")
    assert rules.evaluate("(box) => box.open") is False
    rules.locator("summary").first.click()
    wanted = table.game.how_to_play()
    assert rules.locator(":scope > h3").all_inner_texts() == [section["title"] for section in wanted]
    assert rules.locator(":scope > p.cite").all_inner_texts() == [section["rulebook"] for section in wanted]
    titles = " ".join(section["title"].lower() for section in wanted)
    assert "scor" in titles and ("end" in titles or "goal" in titles or "aim" in titles)
    rules.locator("details.components summary").click()
    assert rules.locator("details.components dt").count() == len(table.game.reference())
    assert page_errors == []


def test_the_lobby_names_options_as_the_rulebooks_do(server_url, browser, page_errors):
    """Options by their rulebook names with their help, never the program's keys or values."""
    page = open_page(browser, server_url + "/", page_errors)
    for game in ("dinogenics", "my-funny-dinos", "tiny-epic-dinosaurs"):
        page.select_option("#game", game)
        labels = page.locator("#options label").all_inner_texts()
        assert labels == [option.label for option in dinotable.get_game(game).option_specs]
        found = unreadable_texts(page)
        assert not found, f"{game}: " + "; ".join(found)
    page.select_option("#game", "dinogenics")
    text = page.locator("#options").inner_text()
    assert "Controlled Chaos expansion" in text and "Two-player co-op against Synth" in text
    assert "coop" not in text.split() and "false" not in text.split()
    assert page_errors == []


@pytest.mark.parametrize("name", list(TABLES))
def test_mid_game_screenshots_on_a_desktop_and_a_phone(server_url, browser, page_errors, name):
    """The artifacts a person looks at: a table mid-game at 1280x800 and at 390x844; both read in words."""
    table = Table(server_url, browser, page_errors, name, seed=6)
    table.play_until(lambda state: len(state.history) >= (200 if name.startswith("dinogenics") else 30))
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        table.page.set_viewport_size(size)
        table.shown()
        assert not problems(table), f"{name} at {label}"
        table.page.screenshot(path=str(ARTIFACTS / f"readable-{name}-{label}.png"), full_page=True)
    assert get(server_url, f"/api/tables/{table.made['table']}")["seq"] == len(table.state.history)
    assert page_errors == []
