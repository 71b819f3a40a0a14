"""Two people at a table from two browsers (issue 30): names given in the lobby and at the seat, each move held
for Confirm or Cancel, the take-back and its reason, the others' last moves marked, one log grouped by Round,
and after the game the score chart, the lobby and a rematch that each person's link leads into.

Waits are on the page's own state (window.__dinotableState), never sleeps."""

import random

import pytest

from .conftest import ARTIFACTS
from .test_browser import get, open_page, post

STATE = "() => window.__dinotableState"
SEQ_IS = "(seq) => !!window.__dinotableState && window.__dinotableState.seq === seq"
MY_TURN = """() => { const s = window.__dinotableState;
  return !!s && !s.over && s.seat !== null && s.to_move === s.seat && s.legal.length > 0; }"""
HEADING = "(h) => document.title === h && document.getElementById('title').textContent === h"


def finish(base: str, made: dict, seed: int) -> dict:
    """Plays a table of people through the API to its end, each decision at random; returns the last state."""
    tokens = {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
    rng = random.Random(seed)
    table = made["table"]
    for _ in range(20000):
        state = get(base, f"/api/tables/{table}")
        if state["over"]:
            return state
        if state["to_move"] not in tokens:
            continue  # a bot is thinking: ask again
        mine = get(base, f"/api/tables/{table}?token={tokens[state['to_move']]}")
        body = {"token": tokens[state["to_move"]], "seq": mine["seq"], "action": rng.choice(mine["legal"])["id"]}
        post(base, f"/api/tables/{table}/actions", body)
    pytest.fail("the game did not end")


def play_until(base: str, made: dict, rng: random.Random, wanted) -> dict:
    """Plays a table of people through the API at random until the seat to move's take-back is `wanted`;
    returns that seat's table state."""
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    table = made["table"]
    for _ in range(400):
        state = get(base, f"/api/tables/{table}")
        mine = get(base, f"/api/tables/{table}?token={tokens[state['to_move']]}")
        if mine["undo"] and wanted(mine["undo"]):
            return mine
        body = {"token": tokens[state["to_move"]], "seq": mine["seq"], "action": rng.choice(mine["legal"])["id"]}
        post(base, f"/api/tables/{table}/actions", body)
    pytest.fail("the wanted take-back never came")


def board_target(page, action_id: int):
    return page.locator(f'#board [data-action="{action_id}"], #actions [data-action="{action_id}"]').first


def test_two_people_name_their_seats_confirm_or_cancel_and_follow_each_other(server_url, browser, page_errors):
    # Ana makes the table in the lobby with her name; Ben's seat is a person's.
    ana = open_page(browser, server_url + "/", page_errors, confirm=True)
    ana.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    ana.select_option("#game", "my-funny-dinos")
    ana.select_option("#count", "2")
    ana.select_option('#seats select[data-seat="1"]', "human")
    ana.fill('[data-name="0"]', "Ana")
    ana.fill("#seed", "3")
    ana.click("#create")
    ben_link = ana.locator('#created li[data-seat="1"] a.seat-link').get_attribute("href")
    ana.click("#go-to-seat")
    ana.wait_for_function(STATE)

    # Ben opens his link on a phone and gives his name; both pages and titles then read the names.
    ben = open_page(browser, server_url + ben_link, page_errors, phone=True, confirm=True)
    ben.wait_for_function(STATE)
    assert ben.locator("#name-form").is_visible()
    assert ben.input_value("#name-input") == "Player 2"
    ben.fill("#name-input", "x" * 24 + "y")  # the input holds at most 24 characters
    assert ben.input_value("#name-input") == "x" * 24
    ben.fill("#name-input", "Ben")
    ben.locator("#name-form button").tap()
    heading = "My Funny Dinos: Ana and Ben"
    ben.wait_for_function(HEADING, arg=heading)
    ana.wait_for_function(HEADING, arg=heading)
    assert ben.locator("#name-form").is_hidden() and ben.locator("#change-name").is_visible()
    assert "Ben (you)" in ben.locator("#seat-list").text_content()
    assert "table" not in ana.title().lower()
    # Ben's lobby lists the table he was invited to, by its game and names.
    lobby = ben.context.new_page()
    lobby.goto(server_url + "/")
    row = lobby.locator(f'#mine-list li[data-table="{ben.evaluate(STATE)["table"]}"]')
    row.wait_for()
    assert row.locator("a").text_content() == heading
    lobby.close()

    pages = {0: ana, 1: ben}
    state = ana.evaluate(STATE)
    mover = state["to_move"]
    page, other = pages[mover], pages[1 - mover]
    page.wait_for_function(MY_TURN)
    mine = page.evaluate(STATE)
    first = mine["legal"][0]

    # A tap holds the move: its whole text shows, nothing is sent; Cancel (Escape) lets it go.
    target = board_target(page, first["id"])
    target.tap() if page is ben else target.click()
    page.wait_for_selector("#pending:not([hidden])")
    assert page.locator("#pending-text").text_content() == first["text"]
    assert page.locator(f'#board [data-action="{first["id"]}"].pending-move').count() >= 1
    assert page.evaluate(STATE)["seq"] == mine["seq"]
    if page is ben:
        page.locator("#cancel").tap()
    else:
        page.keyboard.press("Escape")
    assert page.locator("#pending").is_hidden()
    assert page.evaluate(STATE)["seq"] == mine["seq"]
    assert get(server_url, f"/api/tables/{mine['table']}")["seq"] == mine["seq"]  # nothing was sent

    # Chosen again and confirmed (Enter, or a tap on Confirm), it is sent.
    target = board_target(page, first["id"])
    target.tap() if page is ben else target.click()
    page.wait_for_selector("#pending:not([hidden])")
    if page is ben:
        page.locator("#confirm").tap()
    else:
        page.keyboard.press("Enter")
    page.wait_for_function("(seq) => window.__dinotableState.seq > seq", arg=mine["seq"])

    # The other person sees the move marked on the board and told in words, with the mover's name.
    other.wait_for_function("(seq) => window.__dinotableState.seq > seq", arg=mine["seq"])
    seen = other.evaluate(STATE)
    moves = [m for m in seen["last_moves"] if m["seat"] == mover]
    assert moves and moves[0]["text"].startswith(("Ana: ", "Ben: "))
    assert other.locator(f'#board [data-last-move="{mover}"]').count() >= 1
    if other is ana:
        assert moves[0]["text"] in other.locator("#latest").text_content()

    # The log: one entry per decision, what followed nested under it, grouped by Round, the newest group open.
    log = seen["log"]
    entries = other.locator("#log li.entry")
    assert entries.count() == len(log) == seen["seq"]
    for i, entry in enumerate(log):
        assert entries.nth(i).locator(".did").text_content() == entry["text"]
        assert entries.nth(i).locator(".followed li").count() == len(entry["details"])
    groups = other.locator("#log details.stage")
    assert groups.count() == len({e["stage"] for e in log})
    assert groups.last.get_attribute("open") is not None
    other.screenshot(path=str(ARTIFACTS / f"sitting-{'phone' if other is ben else 'desktop'}.png"))

    # The take-back: on one's own turn always there; with nothing of one's own to take back it says why.
    now = other.evaluate(STATE)
    assert now["to_move"] == 1 - mover and not page.locator("#take-back").is_visible()
    assert other.locator("#take-back").is_visible() and other.locator("#undo").is_disabled()
    assert now["undo"] == {"decisions": 0, "why": "the last decision was not yours"}
    assert other.locator("#undo-why").text_content() == "Nothing to take back: the last decision was not yours."
    assert page_errors == []


def test_a_whole_turn_is_taken_back_by_its_button(server_url, browser, page_errors):
    """A DinoGenics worker placement is several decisions with no chance: the button takes back them all."""
    made = post(server_url, "/api/tables", {"game": "dinogenics", "players": [{"type": "human"}] * 2, "seed": 4})
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rng = random.Random(2)
    table = made["table"]
    # On through the API until a seat has two decisions of its turn to take back.
    mine = play_until(server_url, made, rng, lambda undo: undo["decisions"] >= 2)
    page = open_page(browser, f"{server_url}/t/{table}?token={tokens[mine['seat']]}", page_errors)
    page.wait_for_function(SEQ_IS, arg=mine["seq"])
    count = mine["undo"]["decisions"]
    assert page.locator("#undo").text_content() == f"Take back my turn ({count} decisions)"
    page.click("#undo")
    page.wait_for_function(SEQ_IS, arg=mine["seq"] - count)
    assert page.evaluate(STATE)["log"][-1]["seq"] == mine["seq"] - count
    # Later, a turn whose decision rolled dice or drew cards: the button stays, disabled, and says so.
    mine = play_until(server_url, made, rng, lambda undo: "chance" in (undo["why"] or ""))
    page = open_page(browser, f"{server_url}/t/{table}?token={tokens[mine['seat']]}", page_errors)
    page.wait_for_function(SEQ_IS, arg=mine["seq"])
    assert page.locator("#undo").is_disabled()
    assert (
        page.locator("#undo-why").text_content()
        == "Nothing to take back: chance was used (a die rolled or cards shuffled)."
    )
    assert page_errors == []


@pytest.mark.parametrize(
    ("game", "options"),
    [("my-funny-dinos", {}), ("tiny-epic-dinosaurs", {}), ("dinogenics", {})],
)
def test_after_the_game_a_rematch_seats_the_same_people_and_the_chart_shows_the_rounds(
    server_url, browser, page_errors, game, options
):
    players = [{"type": "human", "name": "Ana"}, {"type": "human", "name": "Ben"}, {"type": "bot", "level": "easy"}]
    made = post(server_url, "/api/tables", {"game": game, "players": players, "seed": 6, "options": options})
    final = finish(server_url, made, seed=6)
    links = {s["seat"]: s["url"] for s in made["seats"] if "url" in s}
    ana = open_page(browser, server_url + links[0], page_errors)
    ben = open_page(browser, server_url + links[1], page_errors, phone=True)
    for page in (ana, ben):
        page.wait_for_function("() => !!window.__dinotableState && window.__dinotableState.over")
        assert page.locator("#to-lobby").get_attribute("href") == "/"
        assert page.locator("#rematch").text_content() == "Rematch"
    # The score over the game: a chart per seat (and automaton), ending at the final score.
    history = ana.evaluate(STATE)["score_history"]
    assert history["round_word"] == ("Season" if game == "dinogenics" else "Round")
    assert ana.locator(".score-charts h3").text_content() == f"The score at the end of each {history['round_word']}"
    charts = ana.locator(".score-charts li")
    assert charts.count() == len(history["rows"]) >= 3
    for i, row in enumerate(history["rows"]):
        label = charts.nth(i).locator("svg.score-chart").get_attribute("aria-label")
        assert label.split(": ")[1].startswith(", ".join(map(str, row["points"])))
    assert [r["points"][-1] for r in history["rows"] if "seat" in r] == final["outcome"]["scores"]
    ana.screenshot(path=str(ARTIFACTS / f"after-{game}-desktop.png"), full_page=True)

    # Ana asks for the rematch and lands at her new seat; Ben's page offers to join it, and his link leads there.
    ana.click("#rematch")
    ana.wait_for_url(lambda url: made["table"] not in url and "token=" in url)
    ana.wait_for_function("() => !!window.__dinotableState && window.__dinotableState.seat === 0")
    again = ana.evaluate(STATE)
    assert again["heading"] == ana.title() and "Ana, Ben and Easy bot" in again["heading"]
    ben.wait_for_function("() => document.getElementById('rematch')?.textContent === 'Join the rematch'")
    ben.locator("#rematch").tap()
    ben.wait_for_function("(t) => !!window.__dinotableState && window.__dinotableState.table === t", arg=again["table"])
    assert ben.evaluate(STATE)["seat"] == 1
    assert [s["level"] for s in again["seats"] if s["type"] == "bot"] == ["easy"]
    assert page_errors == []


def test_a_name_is_shown_as_text_never_as_markup(server_url, browser, page_errors):
    name = "<img src=x onerror=alert(1)>"[:24]
    players = [{"type": "human", "name": name}, {"type": "bot", "level": "easy"}]
    made = post(server_url, "/api/tables", {"game": "my-funny-dinos", "players": players, "seed": 2})
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(STATE)
    assert page.locator("#title").text_content() == f"My Funny Dinos: {name} and Easy bot"
    assert page.locator("header img, #seat-list img, #log img").count() == 0
    assert name in page.locator("#seat-list").text_content()
    assert page_errors == []
