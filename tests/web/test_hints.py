"""Hints at a table whose players allowed them (docs/analysis.md): the lobby's option, the Hint button on one's
own turn only (never another seat's page, never a spectator's), "Thinking..." while the search bot thinks,
then at most three choices that are the seat's legal choices, each with its chance, cleared at the next
decision; and everyone at the table reads that hints are on and how many each person used."""

from __future__ import annotations

import re

import dinotable

from .conftest import ARTIFACTS
from .readable import nested_controls, overflowing, unreadable_texts
from .test_browser import AT_SEQ, get, open_page, post

GAME = "my-funny-dinos"
SEED = 3
# Every text the hint's status line showed, recorded as it changed.
RECORD_STATUS = """() => {
  window.__hintStatus = [];
  const status = document.getElementById('hint-status');
  new MutationObserver(() => window.__hintStatus.push(status.textContent))
    .observe(status, { subtree: true, childList: true, characterData: true });
}"""
CHOICES = """() => [...document.querySelectorAll('#hint-choices li')].map((li) => ({
  text: li.querySelector('.hint-text').textContent, chance: li.querySelector('.hint-chance').textContent }))"""


def hint_table(base: str, hints: bool = True) -> dict:
    body = {"game": GAME, "players": [{"type": "human", "name": "Ana"}, {"type": "human", "name": "Bo"}], "seed": SEED}
    if hints:
        body["hints"] = True
    return post(base, "/api/tables", body)


def note(page) -> str:
    return page.locator("#hints-note").text_content().strip()


def readable(page, table: str) -> list[str]:
    return unreadable_texts(page, table) + overflowing(page) + nested_controls(page)


def ask_for_a_hint(page, picture: str | None = None) -> list[dict]:
    """Presses Hint and waits for its choices; returns them. The page said it was thinking meanwhile (and is
    pictured so, at once, when `picture` names a file)."""
    page.evaluate(RECORD_STATUS)
    page.click("#hint-button")
    if picture:
        page.screenshot(path=str(ARTIFACTS / picture))
    page.wait_for_selector("#hint-choices li")
    assert "Thinking about your best choices..." in page.evaluate("() => window.__hintStatus")
    assert page.locator("#hint-button").is_hidden(), "one hint per decision"
    return page.evaluate(CHOICES)


def check_choices(choices: list[dict], state: dict) -> None:
    legal = {a["text"] for a in state["legal"]}
    assert 1 <= len(choices) <= 3
    for choice in choices:
        assert choice["text"] in legal, f"{choice['text']!r} is one of the seat's choices"
        assert re.fullmatch(r"\((\d{1,3}% to win|the only choice)\)", choice["chance"]), choice["chance"]


def test_a_hint_is_for_the_seat_to_move_and_everyone_sees_the_count(server_url, browser, page_errors):
    made = hint_table(server_url)
    table = made["table"]
    engine = dinotable.get_game(GAME).new_game(2, SEED, {})
    mover = engine.current_player
    other = 1 - mover
    names = ["Ana", "Bo"]
    pages = [open_page(browser, server_url + made["seats"][seat]["url"], page_errors) for seat in (0, 1)]
    watcher = open_page(browser, server_url + made["spectator_url"], page_errors)
    for page in [*pages, watcher]:
        page.wait_for_function(AT_SEQ, arg=0)
        assert note(page) == "Hints allowed: Ana used 0, Bo used 0."
    assert pages[mover].locator("#hint-button").is_visible()
    assert pages[other].locator("#hint-box").is_hidden(), "not on another seat's turn"
    assert watcher.locator("#hint-box").is_hidden(), "never for a spectator"

    choices = ask_for_a_hint(pages[mover], picture="hint-thinking.png")
    state = pages[mover].evaluate("() => window.__dinotableState")
    check_choices(choices, state)
    told = f"Hints allowed: Ana used {1 if mover == 0 else 0}, Bo used {1 if mover == 1 else 0}."
    for page in [*pages, watcher]:
        page.wait_for_function("(text) => document.getElementById('hints-note').textContent.trim() === text", arg=told)
        assert page.locator("#hint-choices li").count() == (len(choices) if page is pages[mover] else 0)
    assert readable(pages[mover], table) == []
    pages[mover].screenshot(path=str(ARTIFACTS / "hint-desktop.png"), full_page=True)

    # The same seat on a phone: the same hint (asked again at the same decision, counted once).
    phone = open_page(browser, server_url + made["seats"][mover]["url"], page_errors, phone=True)
    phone.wait_for_function(AT_SEQ, arg=0)
    assert ask_for_a_hint(phone) == choices
    assert note(phone) == told
    assert readable(phone, table) == []
    phone.evaluate("() => document.getElementById('hint-box').scrollIntoView()")
    phone.screenshot(path=str(ARTIFACTS / "hint-phone.png"))
    phone.evaluate("() => scrollTo(0, 0)")
    phone.screenshot(path=str(ARTIFACTS / "hint-phone-top.png"))

    # The seat decides: its hint is gone; the Hint button is offered to whoever is to move next.
    action = engine.legal_actions()[0]
    post(
        server_url, f"/api/tables/{table}/actions", {"token": made["seats"][mover]["token"], "seq": 0, "action": action}
    )
    engine.apply(action)
    now = engine.current_player
    for page in [*pages, watcher, phone]:
        page.wait_for_function(AT_SEQ, arg=1)
        assert page.locator("#hint-choices li").count() == 0, "the hint is cleared at the next decision"
        assert note(page) == told
    for seat, page in enumerate(pages):
        assert page.locator("#hint-button").is_visible() == (seat == now)
    assert pages[now].locator("#hint-button").is_enabled()
    assert "three best choices" in pages[now].locator("#hint-status").text_content()
    assert watcher.locator("#hint-box").is_hidden()
    assert get(server_url, f"/api/tables/{table}")["hints"] == {
        "allowed": True,
        "used": [int(mover == 0), int(mover == 1)],
    }
    assert names[mover] in told and page_errors == []
    for page in [*pages, watcher, phone]:
        page.context.close()


def test_without_hints_there_is_no_hint_button_and_no_word_of_hints(server_url, browser, page_errors):
    made = hint_table(server_url, hints=False)
    engine = dinotable.get_game(GAME).new_game(2, SEED, {})
    page = open_page(browser, server_url + made["seats"][engine.current_player]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=0)
    assert page.locator("#hint-box").is_hidden() and page.locator("#hints-note").is_hidden()
    assert page.locator("#actions button").count() > 0, "it is this seat's turn all the same"
    assert page_errors == []
    page.context.close()


def test_the_lobby_makes_a_table_with_hints_and_every_seat_reads_so(server_url, browser, page_errors):
    page = open_page(browser, server_url + "/", page_errors)
    page.wait_for_selector("#game option", state="attached")
    box = page.locator("#hints")
    assert box.is_visible() and not box.is_checked(), "hints are off unless chosen"
    assert page.locator("label.hints-field").text_content().strip() == "Hints allowed"
    assert "three best choices" in page.locator("#hints-help").text_content()
    assert box.get_attribute("aria-describedby") == "hints-help"
    page.select_option("#game", GAME)
    page.select_option("#count", "2")
    page.select_option("[data-seat='1']", "human")
    page.fill("[data-name='0']", "Ana")
    page.fill("[data-name='1']", "Bo")
    box.check()
    page.click("#create")
    page.wait_for_selector("#go-to-seat")
    assert "Hints allowed" in page.locator("#created").text_content()
    other = page.locator(".seat-link").nth(1).get_attribute("href")
    page.click("#go-to-seat")
    page.wait_for_function(AT_SEQ, arg=0)
    state = page.evaluate("() => window.__dinotableState")
    assert state["hints"]["allowed"] is True
    assert note(page) == "Hints allowed: Ana used 0, Bo used 0."
    second = open_page(browser, server_url + other, page_errors, phone=True)
    second.wait_for_function(AT_SEQ, arg=0)
    assert note(second) == "Hints allowed: Ana used 0, Bo used 0.", "seen on a phone too, outside the folded header"
    assert second.locator("#hints-note").is_visible()
    assert page_errors == []
    page.context.close()
    second.context.close()
