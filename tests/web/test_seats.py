"""Seats in the browser (issue 17, Browser: "colour is never the only cue"): every seat carries a numbered shape
of its own beside its name, in the seat list, whose turn it is, the log and My Funny Dinos' board."""

from .conftest import ARTIFACTS
from .test_browser import AT_SEQ, get, open_page, post

MARKS = """(selector) => [...document.querySelectorAll(selector)].map((n) => {
  const b = n.querySelector('.seat-badge');
  return b ? [b.dataset.seat, b.dataset.shape, getComputedStyle(b, '::after').content] : null;
})"""


def play_some(server_url: str, made: dict, decisions: int) -> dict:
    """Plays the first legal action of whoever is to move, through the API, and returns the spectator's state."""
    tokens = [seat.get("token") for seat in made["seats"]]
    table = made["table"]
    for _ in range(decisions):
        state = get(server_url, f"/api/tables/{table}")
        token = tokens[state["to_move"]]
        mine = get(server_url, f"/api/tables/{table}?token={token}")
        post(
            server_url,
            f"/api/tables/{table}/actions",
            {"token": token, "seq": mine["seq"], "action": mine["legal"][0]["id"]},
        )
    return get(server_url, f"/api/tables/{table}")


def test_every_seat_has_its_own_numbered_shape_wherever_it_shows(server_url, browser, page_errors):
    made = post(server_url, "/api/tables", {"game": "my-funny-dinos", "players": [{"type": "human"}] * 3, "seed": 4})
    state = play_some(server_url, made, 4)
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=state["seq"])

    seats = page.evaluate(MARKS, "#seat-list li")
    assert [m[0] for m in seats] == ["0", "1", "2"], "the seat list shows every seat with its mark"
    assert len({m[1] for m in seats}) == 3, "each seat's mark has a shape of its own, not only a colour"
    assert [m[2] for m in seats] == ['"1"', '"2"', '"3"'], "each mark carries the seat's number"
    assert "Player 1 (you)" in page.locator("#seat-list li").first.inner_text()

    turn = page.evaluate(MARKS, "#turn")[0]
    assert turn[0] == "0", "the turn line marks this page's seat"
    tags = [t.get_attribute("data-seat") for t in page.locator("#turn .seat-tag").all()]
    expected = ["0"] if state["to_move"] == 0 else ["0", str(state["to_move"])]
    assert tags == expected, "the turn line marks this page's seat and the seat it waits for"

    # Each decision in the log carries its seat's mark, and the mark adds nothing to the text.
    lines = page.locator("#log li.entry .did")
    marked = 0
    for i in range(lines.count()):
        line = lines.nth(i)
        text = line.text_content()
        badge = line.locator(".seat-badge")
        if badge.count():
            marked += 1
            seat = int(badge.get_attribute("data-seat"))
            assert text.startswith(f"Player {seat + 1}: "), text
    assert marked >= 4, "every decision's line names its seat and carries its mark"

    # The board: each player's area and the missions' holders or leaders carry the mark.
    panels = page.evaluate(MARKS, "#board section.player h3")
    assert sorted(m[0] for m in panels) == ["0", "1", "2"]
    for who in page.locator("#board .mission .who[data-owners]:not([data-owners=''])").all():
        owners = who.get_attribute("data-owners").split()
        assert [b.get_attribute("data-seat") for b in who.locator(".seat-badge").all()] == owners
    page.screenshot(path=str(ARTIFACTS / "seats-desktop.png"), full_page=True)
    assert page_errors == []
