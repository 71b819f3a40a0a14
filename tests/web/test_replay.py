"""The replay page of a finished table (issue 17, Replays): it steps forward and back through every decision,
by button, arrow key and slider, drawing the spectator's board of each step, read-only."""

import dinotable

from .conftest import ARTIFACTS, watch
from .test_browser import BOARD_ACTIONS, BOARD_TILES, get, post, view_tiles

AT_STEP = "(step) => !!window.__dinotableReplay && window.__dinotableReplay.step === step"
OVER = "() => !!window.__dinotableState && window.__dinotableState.over"
# The log as drawn: an entry per decision, with what followed it.
LOG = """() => [...document.querySelectorAll('#log li.entry')].map((n) => ({
  seq: Number(n.dataset.seq), text: n.querySelector('.did').textContent,
  details: [...n.querySelectorAll('.followed li')].map((d) => d.textContent)}))"""


def test_the_replay_page_steps_forward_and_back_through_a_finished_game(server_url, browser, page_errors):
    made = post(
        server_url,
        "/api/tables",
        {"game": "my-funny-dinos", "players": [{"type": "bot", "level": "easy"}] * 2, "seed": 5},
    )
    table = made["table"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch(page, page_errors)
    page.goto(f"{server_url}/t/{table}")
    page.wait_for_function(OVER)  # the two easy bots play it to the end
    # The record, replayed here, says what the board must show after each decision.
    record = get(server_url, f"/api/tables/{table}/record")
    game = dinotable.get_game(record["game"])
    states = [game.new_game(record["num_players"], record["seed"], record["options"])]
    for action in record["history"]:
        states.append(states[-1].clone())
        states[-1].apply(action)
    last = len(record["history"])
    told = get(server_url, f"/api/tables/{table}")["log"]  # the spectator's log of the whole game
    assert view_tiles(states[0].view(None)) != view_tiles(states[last].view(None))

    page.click("a.replay-link")  # the finished table links to its replay

    def check(step: int) -> None:
        page.wait_for_function(AT_STEP, arg=step)
        assert page.url.endswith(f"/r/{table}?step={step}")
        assert sorted(page.evaluate(BOARD_TILES)) == view_tiles(states[step].view(None)), f"the board at step {step}"
        assert page.evaluate(BOARD_ACTIONS) == [], "nothing on a replayed board is clickable"
        drawn = [{"seq": e["seq"], "text": e["text"], "details": e["details"]} for e in told if e["seq"] <= step]
        assert page.evaluate(LOG) == drawn, "the log stops at the step shown"
        assert page.locator("#where").text_content() == f"Decision {step} of {last}"

    check(0)
    assert page.locator("#back").is_disabled() and page.locator("#outcome").is_hidden()
    page.click("#forward")
    check(1)
    page.keyboard.press("ArrowRight")
    check(2)
    page.keyboard.press("ArrowRight")
    check(3)
    page.keyboard.press("ArrowLeft")
    check(2)
    page.click("#back")
    check(1)
    page.click("#last")
    check(last)
    assert page.locator("#forward").is_disabled() and page.locator("#outcome").is_visible()
    page.locator("#slider").fill(str(last // 2))
    check(last // 2)
    page.keyboard.press("Home")
    check(0)
    page.screenshot(path=str(ARTIFACTS / "replay.png"))
    assert page_errors == []
    context.close()
