"""Clocks in the browser (issue 17, Server: "a table may set a time bank per seat; a seat that runs out may be
handed to a bot by the others, and the result says so"). No test waits for a clock: the server's time
(app.state.server.now) and the page's (Date.now) are moved on instead."""

import re
from datetime import timedelta

import pytest

from .conftest import APPS, ARTIFACTS
from .test_browser import AT_SEQ, get, open_page, post

SKEW = 120  # seconds the server's and the pages' clocks are moved on: past a 60 s bank
SEAT_CLOCK = "(seat) => document.querySelector(`#seat-list .seat-clock[data-seat='${seat}']`)?.textContent ?? null"


def ahead_of_time(page, seconds: int) -> None:
    """The page's clock runs `seconds` ahead (set before its scripts run)."""
    page.add_init_script(f"{{ const real = Date.now; Date.now = () => real() + {seconds * 1000}; }}")


def test_the_lobby_offers_the_clocks_and_makes_a_table_with_the_one_chosen(server_url, browser, page_errors):
    page = open_page(browser, server_url + "/", page_errors)
    page.wait_for_selector("#clock option", state="attached")
    labels = page.locator("#clock option").all_inner_texts()
    assert labels[0] == "no clock"
    assert [label for label in labels if label.startswith("real-time")] == [
        "real-time: 5 minutes each",
        "real-time: 15 minutes each",
        "real-time: 30 minutes each",
    ]
    assert [label for label in labels if label.startswith("turn-based")] == [
        f"turn-based: {n} each, plus 1 day a decision" for n in ("1 day", "3 days", "7 days")
    ]
    page.select_option("#game", "my-funny-dinos")
    page.select_option("#clock", label="real-time: 15 minutes each")
    page.click("#create")
    page.wait_for_selector("#go-to-seat")
    assert "Clock: real-time, 15 minutes each." in page.locator("#created").inner_text()
    page.click("#go-to-seat")
    page.wait_for_function(AT_SEQ, arg=0)
    clock = page.evaluate("() => window.__dinotableState.clock")
    assert (clock["bank"], clock["increment"]) == (900, 0), "the table has the clock the lobby offered"
    assert re.fullmatch(r"1[45]:\d\d", page.evaluate(SEAT_CLOCK, 0)), "the seat to move counts down from 15:00"
    assert page.evaluate(SEAT_CLOCK, 1) is None, "the bot's seat has no clock"
    assert page_errors == []


def test_each_person_sees_every_human_seat_s_time_left(server_url, browser, page_errors):
    """A real-time bank reads in minutes and seconds; a turn-based one in days and hours; only the seat to
    move counts down."""
    made = post(
        server_url,
        "/api/tables",
        {"game": "my-funny-dinos", "players": [{"type": "human"}] * 2, "seed": 3, "clock": {"bank": 60}},
    )
    page = open_page(browser, server_url + made["seats"][1]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=0)
    state = page.evaluate("() => window.__dinotableState")
    running = state["clock"]["running"]
    assert running == state["to_move"]
    assert re.fullmatch(r"[01]:\d\d", page.evaluate(SEAT_CLOCK, running)), "min:s for the running seat"
    assert page.evaluate(SEAT_CLOCK, 1 - running) == "1:00", "the other seat's bank stands still"
    assert page.locator("#hand-over").count() == 0, "nobody is out of time"
    assert "Clock: real-time, 1 minute each." in page.locator("#clock-note").inner_text()

    days = post(
        server_url,
        "/api/tables",
        {
            "game": "my-funny-dinos",
            "players": [{"type": "human"}] * 2,
            "clock": {"bank": 3 * 86400, "increment": 86400},
        },
    )
    page.goto(server_url + days["seats"][0]["url"])
    page.wait_for_function("(t) => window.__dinotableState && window.__dinotableState.table === t", arg=days["table"])
    texts = [page.evaluate(SEAT_CLOCK, seat) for seat in (0, 1)]
    assert sorted(texts) == ["2 days 23 h", "3 days"], "days and hours; only the running seat has spent any"
    assert "turn-based, 3 days each, plus 1 day a decision" in page.locator("#clock-note").inner_text()

    # The pure functions the page counts with, at a chosen time.
    checks = page.evaluate(
        """async () => {
      const c = await import('/static/js/clock.js');
      const clock = {bank: 60, increment: 0, left: [60, 45, null], running: 0, since: '2026-01-01T00:00:00+00:00'};
      const t0 = Date.parse('2026-01-01T00:00:00Z');
      const seats = [0, 1, 2].map((s) => ({seat: s, type: s < 2 ? 'human' : 'bot'}));
      const state = (seat) => ({seat, over: false, clock, seats});
      return {
        running: c.timeLeft(clock, 0, t0 + 15500), standing: c.timeLeft(clock, 1, t0 + 15500),
        bot: c.timeLeft(clock, 2, t0),
        texts: [44.5, 0.4, 0, -3, 3599, 3600 * 5 + 720, 86400 * 2 + 3600 * 5, 86400].map(c.formatLeft),
        early: c.canHandOver(state(1), t0 + 59000), late: c.canHandOver(state(1), t0 + 60000),
        self: c.canHandOver(state(0), t0 + 90000), spectator: c.canHandOver(state(null), t0 + 90000),
      };
    }"""
    )
    assert checks["running"] == 44.5 and checks["standing"] == 45 and checks["bot"] is None
    assert checks["texts"] == [
        "0:45",
        "0:01",
        "out of time",
        "out of time",
        "59:59",
        "5 h 12 min",
        "2 days 5 h",
        "1 day",
    ]
    assert (checks["early"], checks["late"]) == (False, True), "the hand-over is offered once the time is out"
    assert not checks["self"] and not checks["spectator"], "never to the seat out of time, nor to a spectator"
    assert page_errors == []


def test_a_seat_out_of_time_is_handed_to_a_bot_by_another_seat(server_url, browser, page_errors):
    made = post(
        server_url,
        "/api/tables",
        {"game": "my-funny-dinos", "players": [{"type": "human"}] * 2, "seed": 8, "clock": {"bank": 60}},
    )
    server = APPS[server_url].state.server
    real_now = server.now
    server.now = lambda: real_now() + timedelta(seconds=SKEW)
    try:
        first = get(server_url, f"/api/tables/{made['table']}")
        out, waiting = first["to_move"], 1 - first["to_move"]
        watcher = open_page(browser, "about:blank", page_errors)
        ahead_of_time(watcher, SKEW)
        watcher.goto(server_url + made["seats"][waiting]["url"])
        late = open_page(browser, "about:blank", page_errors, phone=True)
        ahead_of_time(late, SKEW)
        late.goto(server_url + made["seats"][out]["url"])
        for page in (watcher, late):
            page.wait_for_function(AT_SEQ, arg=0)
        assert watcher.evaluate(SEAT_CLOCK, out) == "out of time"
        assert watcher.locator(f"#seat-list li[data-seat='{out}']").evaluate(
            "(n) => n.classList.contains('out-of-time')"
        )
        assert "is out of time" in watcher.locator("#clock-note").inner_text()
        assert late.locator("#hand-over").count() == 0, "the seat out of time is not offered its own hand-over"
        assert "You may still decide" in late.locator("#clock-note").inner_text()
        watcher.screenshot(path=str(ARTIFACTS / "clock-out-of-time-desktop.png"), full_page=True)
        late.screenshot(path=str(ARTIFACTS / "clock-out-of-time-phone.png"), full_page=True)

        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        watcher.click("#hand-over")
        try:
            watcher.wait_for_function(
                "(seat) => window.__dinotableState.seats[seat].out_of_time === true && window.__dinotableState.seq > 0",
                arg=out,
            )
        except PlaywrightTimeout:  # say what the page and the server had then, not only that the wait ran out
            table = get(server_url, f"/api/tables/{made['table']}")
            pytest.fail(
                f"the seat was not handed over: the page says {watcher.locator('#error').inner_text()!r}; "
                f"the server has seq {table['seq']}, seats {table['seats']}, clock {table.get('clock')}"
            )
        seat_line = watcher.locator(f"#seat-list li[data-seat='{out}']").inner_text()
        assert "a bot (medium), for a player out of time" in seat_line, seat_line
        assert watcher.locator("#hand-over").count() == 0
    finally:
        server.now = real_now
    assert page_errors == []
