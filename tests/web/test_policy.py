"""The pages under the server's policies (issue 31): they satisfy their Content-Security-Policy (the lobby, a
table played a few decisions by clicking, and a finished table's replay, with no refusal in the browser's
console), and a table page whose WebSocket a limit refuses says why and shows the table all the same."""

from dataclasses import replace

from .conftest import APPS
from .test_browser import AT_SEQ, READY, open_page, post

OVER = "() => !!window.__dinotableState && window.__dinotableState.over"


def test_the_pages_run_under_their_policy_with_nothing_refused(server_url, browser, page_errors):
    refused: list[str] = []
    page = open_page(browser, server_url + "/", page_errors)
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    page.click("#create")
    page.click("#go-to-seat")
    seq = -1
    for _ in range(3):  # a few decisions by clicking the list: the board, the log and the socket all run
        page.wait_for_function(READY, arg=seq)
        state = page.evaluate("() => window.__dinotableState")
        seq = state["seq"]
        page.locator("#actions button[data-action]").first.click()
    bots = post(
        server_url, "/api/tables", {"game": "my-funny-dinos", "players": [{"type": "bot", "level": "easy"}] * 2}
    )
    page.goto(server_url + bots["spectator_url"])
    page.wait_for_function(OVER)
    page.click("a.replay-link")
    page.wait_for_function("() => !!window.__dinotableReplay")
    assert refused == []
    assert page_errors == []


def test_a_page_refused_its_socket_by_a_limit_says_which_and_still_shows_the_table(server_url, browser, page_errors):
    server = APPS[server_url].state.server
    made = [
        post(server_url, "/api/tables", {"game": "my-funny-dinos", "players": [{"type": "human"}] * 2}) for _ in "ab"
    ]
    first = open_page(browser, server_url + made[0]["spectator_url"], page_errors)
    first.wait_for_function(AT_SEQ, arg=0)
    before = server.limits
    server.limits = replace(before, watched_tables=len(server.watchers.clients.get("127.0.0.1", {})))
    try:
        page = open_page(browser, server_url + made[1]["spectator_url"], page_errors)
        page.wait_for_function("() => document.getElementById('connection').textContent.includes('watched_tables')")
        page.wait_for_function(AT_SEQ, arg=0)  # read over HTTP instead
        assert page.evaluate("() => window.__dinotableState.table") == made[1]["table"]
    finally:
        server.limits = before
    assert page_errors == []
