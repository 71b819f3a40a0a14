"""The pages satisfy their Content-Security-Policy (issue 31, "Headers and origins"): the lobby, a table
played a few decisions by clicking, and a finished table's replay, with no refusal in the browser's console."""

from .test_browser import READY, open_page, post

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
