"""The browser client in a real Chromium against the real server (issue 17, Browser and Tests sections).

Waits are on the page's own state (window.__dinotableState, set once the page has drawn it), never sleeps."""

import json
import random
import re
import urllib.request

import pytest

import dinotable

from .conftest import ARTIFACTS, watch

READY = """(after) => {
  const s = window.__dinotableState;
  return !!s && s.seq > after && (s.over || (s.seat !== null && s.to_move === s.seat && s.legal.length > 0));
}"""
AT_SEQ = "(seq) => !!window.__dinotableState && window.__dinotableState.seq === seq"
BOARD_TILES = """() => [...document.querySelectorAll('#board .tile[data-tile]')].map(
  (n) => [Number(n.dataset.tile), n.dataset.colour, n.dataset.part])"""
LOG_AT_BOTTOM = (
    "() => { const l = document.getElementById('log'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }"
)
CHAT_SHOWS = "(text) => [...document.querySelectorAll('#chat .chat-text')].some((n) => n.textContent === text)"
UNNAMED_ACTIONS = """() => [...document.querySelectorAll('#board [data-action]')].filter((n) =>
  !((n.tagName === 'BUTTON' || n.getAttribute('role') === 'button')
    && (n.getAttribute('aria-label') || n.textContent.trim()))
).map((n) => n.dataset.action)"""
BOARD_ACTIONS = "() => [...document.querySelectorAll('#board [data-action]')].map((n) => Number(n.dataset.action))"


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def log_lines(state: dict) -> list[dict]:
    """Every line of a table state's log, each entry and then what followed it: {seq, text}."""
    return [{"seq": e["seq"], "text": t} for e in state["log"] for t in [e["text"], *e["details"]]]


def get(base: str, path: str) -> dict:
    with urllib.request.urlopen(base + path) as response:
        return json.loads(response.read())


def play_through_api(base: str, made: dict, state, arrived, choose, limit: int) -> object:
    """Plays a table of human seats through the API, `state` (the engine's copy of the table) replayed alongside,
    each decision `choose(state, legal)`, until `arrived(state, legal)`; returns the state there."""
    tokens = [seat["token"] for seat in made["seats"]]
    for _ in range(limit):
        legal = state.legal_actions()
        if arrived(state, legal):
            return state
        action = choose(state, legal)
        post(
            base,
            f"/api/tables/{made['table']}/actions",
            {"token": tokens[state.current_player], "seq": len(state.history), "action": action},
        )
        state.apply(action)
    pytest.fail(f"the wanted decision never came in {limit} decisions")


def plain(value):
    """A view as JSON would carry it (tuples become lists), to compare with what the page received."""
    return json.loads(json.dumps(value))


def view_tiles(view: dict) -> list:
    """Every tile the My Funny Dinos view shows, with what of it is visible: (tile, colour, part)."""
    tiles = [t for spot in view["pile"] for t in spot["tiles"]]
    for player in view["players"]:
        tiles += player["tiles"]
        tiles += [t for dino in player["dinosaurs"] for t in dino["tiles"]]
    return sorted([t["tile"], t.get("colour", ""), t.get("part", "")] for t in tiles)


def open_page(browser, url: str, errors: list, phone: bool = False, confirm: bool = False):
    """A page in its own context (its own localStorage): a desktop, or a phone 390 px wide with touch.
    `confirm`: the person confirms each move (the default for a new person); the tests that click through
    whole games send each click at once, as a person who turned it off."""
    if phone:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    else:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
    if not confirm:
        # (about:blank has no localStorage to set)
        context.add_init_script("try { localStorage.setItem('dinotable.confirm', 'off'); } catch {}")
    page = context.new_page()
    watch(page, errors)
    page.goto(url)
    return page


def click_board(page, rng: random.Random) -> int:
    """Clicks one of the board's clickable elements; every legal action must be one of them."""
    state = page.evaluate("() => window.__dinotableState")
    on_board = page.evaluate(BOARD_ACTIONS)
    assert sorted(set(on_board)) == sorted(a["id"] for a in state["legal"]), "every legal action is on the board"
    unnamed = page.evaluate(UNNAMED_ACTIONS)
    assert unnamed == [], "every clickable board element is a button with a label"
    action = rng.choice(sorted(set(on_board)))
    target = page.locator(f'#board [data-action="{action}"]').first
    if page.viewport_size["width"] < 500:
        target.tap()  # a phone is played by touch
    else:
        target.click()
    return action


def test_whole_my_funny_dinos_game_against_a_bot_by_clicking_the_board(server_url, browser, page_errors):
    """Lobby -> table against an easy bot -> every decision clicked on the board -> final score breakdown; every
    state the page showed equals view(seat) of the record replayed, and the board draws only what it shows."""
    page = open_page(browser, server_url + "/", page_errors)
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "my-funny-dinos")
    page.select_option("#count", "2")
    page.select_option('#seats select[data-seat="1"]', "bot:easy")
    page.select_option('[data-option="rocks_per_base"]', label="2")
    page.fill("#seed", "7")
    page.screenshot(path=str(ARTIFACTS / "lobby-desktop.png"), full_page=True)
    page.click("#create")
    page.wait_for_selector("#go-to-seat")
    page.screenshot(path=str(ARTIFACTS / "lobby-created-desktop.png"), full_page=True)
    assert page.locator(".seat-links li").count() == 2
    assert page.locator(".seat-links a.seat-link").count() == 1, "the bot's seat has no link"
    page.click("#go-to-seat")

    page.wait_for_function(READY, arg=-1)
    assert page.evaluate("() => window.__dinotableState.view.options.rocks_per_base") == 2, "the lobby's option"
    rng = random.Random(17)
    seen = {}  # seq -> (view, tiles drawn) for every state the page showed when it was our turn
    seq = -1
    undone = reloaded = False
    shots = set()
    for step in range(500):
        page.wait_for_function(READY, arg=seq)
        state = page.evaluate("() => window.__dinotableState")
        seen[state["seq"]] = (state["view"], page.evaluate(BOARD_TILES))
        # The take-back button is there on our own turn, enabled when something may be taken back.
        assert page.locator("#undo").is_visible() == (state["undo"] is not None)
        if state["undo"] is not None:
            assert page.locator("#undo").is_enabled() == state["can_undo"]
        if state["over"]:
            break
        picked = state["view"]["picked"]
        assert page.locator("#board .tile.picked").count() == len(picked), "the parts chosen so far stand out"
        decision = state["legal"][0]["info"]["decision"]
        if picked and decision not in shots:
            shots.add(decision)
            name = decision.replace(":", "").replace(" ", "-")
            page.screenshot(path=str(ARTIFACTS / f"mfd-{name}-desktop.png"), full_page=True)
        if step == 0:
            # An excavation's success chance shows on hover and on keyboard focus, before anything is clicked.
            top = state["legal"][0]
            page.hover(f'#board .tile[data-action="{top["id"]}"]')
            assert "%" in page.locator("#board .hover-info").inner_text()
            assert page.evaluate("() => window.__dinotableState.seq") == state["seq"]
            last = state["legal"][-1]
            page.focus(f'#board .tile[data-action="{last["id"]}"]')
            assert page.locator("#board .hover-info").inner_text().startswith(last["text"])
        if step == 5:
            page.screenshot(path=str(ARTIFACTS / "mfd-midgame-desktop.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(ARTIFACTS / "mfd-midgame-phone.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 900})
        if step == 8:
            # Turn-based play: the page comes back by its link where the game was.
            page.reload()
            page.wait_for_function(AT_SEQ, arg=state["seq"])
            assert page.evaluate("() => window.__dinotableState.view") == state["view"]
            reloaded = True
            lobby = page.context.new_page()
            lobby.goto(server_url + "/")
            row = lobby.locator(f'#mine-list li[data-table="{state["table"]}"]')
            row.wait_for()
            assert "your turn" in row.inner_text(), "the lobby lists my table with whose turn it is"
            lobby.close()
        if state["can_undo"] and not undone:
            # The take-back goes back over our turn so far, and the log with it.
            before = page.locator("#log li.entry").count()
            page.click("#undo")
            back_to = state["seq"] - state["undo"]["decisions"]
            page.wait_for_function("(seq) => window.__dinotableState.seq === seq", arg=back_to)
            assert page.locator("#log li.entry").count() < before
            for later in [s for s in seen if s >= state["seq"]]:
                del seen[later]  # the record keeps only what was not taken back
            undone = True
            state = page.evaluate("() => window.__dinotableState")
            seen[state["seq"]] = (state["view"], page.evaluate(BOARD_TILES))
        seq = state["seq"]
        click_board(page, rng)
    else:
        pytest.fail("the game did not end within 500 of our decisions")
    assert reloaded and undone

    table = state["table"]
    assert state["over"] and state["outcome"]["winners"]
    outcome = page.locator("#outcome")
    assert outcome.is_visible() and "Final outcome" in outcome.inner_text()
    assert page.locator("#outcome .breakdown tbody tr").count() == 2
    assert page.locator("#log li").count() >= state["seq"], "every decision is in the log"
    assert page.evaluate(LOG_AT_BOTTOM), "the log shows its newest entry, at the bottom"
    page.screenshot(path=str(ARTIFACTS / "mfd-final-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "mfd-final-phone.png"), full_page=True)

    record = get(server_url, f"/api/tables/{table}/record")
    game = dinotable.get_game("my-funny-dinos")
    replay = game.new_game(2, record["seed"], record["options"])
    by_seq = dict(seen)
    bot_moves = 0
    for index in range(len(record["history"]) + 1):
        if index in by_seq:
            view, tiles = by_seq.pop(index)
            assert view == plain(replay.view(0)), f"the page's view at decision {index} is view(seat) exactly"
            assert sorted(tiles) == view_tiles(view), f"the board draws what the view shows, at decision {index}"
        if index < len(record["history"]):
            bot_moves += replay.current_player == 1
            replay.apply(record["history"][index])
    assert not by_seq and replay.is_over
    assert bot_moves > 0, "the bot played"

    page.goto(server_url + "/")
    row = page.locator(f'#mine-list li[data-table="{table}"]')
    row.wait_for()
    assert "game over" in row.inner_text()
    assert page_errors == []


@pytest.fixture(scope="module")
def two_humans(server_url):
    """A My Funny Dinos table for two people, made through the API with a known seed."""
    made = post(server_url, "/api/tables", {"game": "my-funny-dinos", "players": [{"type": "human"}] * 2, "seed": 11})
    return made


def test_a_seat_sees_only_its_view_and_the_spectator_only_theirs(server_url, browser, two_humans, page_errors):
    """Secrets: each seat's page holds view(seat) and nothing else, the spectator's view(None), decision after
    decision; each seat's clicks are only its own. The second seat plays from a phone, by touch."""
    urls = [server_url + seat["url"] for seat in two_humans["seats"]]
    pages = [open_page(browser, urls[0], page_errors), open_page(browser, urls[1], page_errors, phone=True)]
    spectator = open_page(browser, server_url + two_humans["spectator_url"], page_errors)
    game = dinotable.get_game("my-funny-dinos")
    replay = game.new_game(2, 11)
    rng = random.Random(3)
    touches = 0
    for _ in range(14):
        seq = len(replay.history)
        for page in [*pages, spectator]:
            page.wait_for_function(AT_SEQ, arg=seq)
        for seat, page in enumerate(pages):
            state = page.evaluate("() => window.__dinotableState")
            assert state["seat"] == seat
            assert state["view"] == plain(replay.view(seat)), f"seat {seat} at decision {seq}"
            assert sorted(page.evaluate(BOARD_TILES)) == view_tiles(state["view"])
            if seat != replay.current_player:
                assert state["legal"] == [] and page.evaluate(BOARD_ACTIONS) == [], "no choices out of turn"
        watched = spectator.evaluate("() => window.__dinotableState")
        assert watched["seat"] is None and watched["legal"] == []
        assert watched["view"] == plain(replay.view(None))
        assert sorted(spectator.evaluate(BOARD_TILES)) == view_tiles(watched["view"]), "the spectator sees the board"
        if replay.is_over:
            break
        touches += replay.current_player == 1
        replay.apply(click_board(pages[replay.current_player], rng))
    assert len(replay.history) >= 10 and touches > 0, "both seats played, the second by touch"
    pages[0].screenshot(path=str(ARTIFACTS / "mfd-two-people-seat1.png"), full_page=True)
    pages[1].screenshot(path=str(ARTIFACTS / "mfd-two-people-seat2-phone.png"), full_page=True)
    assert page_errors == []


def test_chat_markup_shows_as_text(server_url, browser, two_humans, page_errors):
    """Table chat is plain text: markup and script posted by one seat show as text on every page."""
    markup = '<b>bold</b><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">'
    pages = [open_page(browser, server_url + seat["url"], page_errors) for seat in two_humans["seats"]]
    pages[0].wait_for_function("() => !!window.__dinotableState")
    pages[0].fill("#chat-text", markup)
    pages[0].press("#chat-text", "Enter")
    for page in pages:
        line = page.locator("#chat .chat-text").last
        line.wait_for()
        page.wait_for_function(CHAT_SHOWS, arg=markup)
        assert page.locator("#chat b, #chat script, #chat img").count() == 0
        assert page.evaluate("() => window.__pwned") is None
    assert page_errors == []


@pytest.mark.parametrize("game", dinotable.list_games())
def test_generic_board_plays_any_game_by_keyboard(server_url, browser, page_errors, game):
    """The generic board (a game's until it has its own, and any game's with ?board=plain): the view as panels
    and the screen text, and the number keys choose from the list of actions."""
    players = dinotable.get_game(game).min_players
    made = post(server_url, "/api/tables", {"game": game, "players": [{"type": "human"}] * players, "seed": 5})
    page = open_page(browser, server_url + made["seats"][0]["url"] + "&board=plain", page_errors)
    page.wait_for_function(READY, arg=-1)
    state = page.evaluate("() => window.__dinotableState")
    assert page.locator("#board pre.screen").inner_text().strip() == state["screen"].strip()
    assert page.locator("#board section.panel h3").count() >= 3
    panels = page.locator("#board").inner_text().replace(state["screen"], "")
    assert "{" not in panels, "sections, not raw JSON"
    assert "_" not in panels, "names as the rulebook writes them (through the view's refs), not program keys"
    assert not re.search(r"(^|[\s,:])-[123]\b", panels), "no slot codes (-1 free, -2 blocked)"
    assert page.locator("#board .player-panel .seat-badge").count() == players, "each player's panel bears its mark"
    page.keyboard.press("1")
    page.wait_for_function("(after) => window.__dinotableState.seq > after", arg=state["seq"])
    assert page.evaluate("() => window.__dinotableState.seq") == state["seq"] + 1, "key 1 made one decision"
    assert page.locator("#log li").count() > 0 and page.locator("#log li").last.inner_text() != ""
    page.screenshot(path=str(ARTIFACTS / f"generic-{game}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / f"generic-{game}-phone.png"), full_page=True)
    assert page_errors == []


def test_a_click_on_the_pushed_state_is_sent_while_the_answer_to_the_last_is_on_its_way(
    server_url, browser, page_errors
):
    """The table's push of a decision often comes before the answer to the request that made it; a person who
    clicks the next choice as soon as the board shows it must not lose that click (it was dropped while the
    page waited for the answer). Here the first decision's answer is held until the second decision is asked
    for, so the second click comes while the first answer is on its way, and the page goes on only if it is
    sent."""
    made = post(server_url, "/api/tables", {"game": "tiny-epic-dinosaurs", "players": [{"type": "human"}], "seed": 3})
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(READY, arg=-1)
    held = []

    def hold_the_first_answer(route) -> None:
        held.append((route, route.fetch()))  # the table makes the decision (and pushes it) now
        if len(held) == 2:
            for asked, answer in held:
                asked.fulfill(response=answer)

    page.route("**/api/tables/*/actions", hold_the_first_answer)
    first = page.evaluate("() => window.__dinotableState")
    page.click(f'#actions [data-action="{first["legal"][0]["id"]}"]')
    page.wait_for_function(AT_SEQ, arg=first["seq"] + 1)  # the push
    assert page.evaluate("() => document.body.classList.contains('pending')"), "the answer is still on its way"
    second = page.evaluate("() => window.__dinotableState")
    page.click(f'#actions [data-action="{second["legal"][0]["id"]}"]')
    page.wait_for_function(
        "(seq) => window.__dinotableState.seq === seq && !document.body.classList.contains('pending')",
        arg=second["seq"] + 1,
    )
    assert page_errors == []
