"""A finished table's analysis on its replay page (docs/analysis.md): the Analyse button, the progress in words
while it runs (told on the table's socket, or asked for each second without one), then each seat's chance to
win as a chart with the Rounds marked, the turning points as buttons that step the board to their decision
and show it judged (taken, better, the top choices) and outlined on the board, and each seat's summary; all
in words, on a desktop and a phone."""

from __future__ import annotations

import re

import pytest

from .conftest import APPS, ARTIFACTS, watch
from .readable import nested_controls, overflowing, unreadable_texts
from .test_browser import get, post

BUDGET = 20  # search iterations per decision: enough to judge, small enough to be quick
OVER = "() => !!window.__dinotableState && window.__dinotableState.over"
AT_STEP = "(step) => !!window.__dinotableReplay && window.__dinotableReplay.step === step"
READY = "() => document.body.dataset.analysis === 'ready' && !!document.querySelector('#chance-chart svg')"
# Every text the analysis section showed while it ran, recorded as it changed (it may run for a moment only).
RECORD_PROGRESS = """() => {
  window.__progress = [];
  const box = document.getElementById('analysis-body');
  new MutationObserver(() => {
    const words = document.getElementById('analysis-words');
    const bar = document.getElementById('analysis-progress');
    if (words && bar) window.__progress.push({ words: words.textContent, max: bar.max, value: bar.value });
  }).observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
}"""
CHART = """() => {
  const chart = document.querySelector('#chance-chart svg');
  return {
    width: chart.getBoundingClientRect().width,
    lines: [...chart.querySelectorAll('path.chance-line')].map((p) => ({
      seat: Number(p.dataset.seat), stroke: p.getAttribute('stroke') })),
    rounds: [...chart.querySelectorAll('.round-mark')].map((g) => Number(g.dataset.index)),
    names: [...chart.querySelectorAll('.round-name')].map((t) => t.textContent),
    grid: [...chart.querySelectorAll('.grid text')].map((t) => t.textContent),
    dots: [...chart.querySelectorAll('.turning-dot')].map((g) => Number(g.dataset.index)),
    legend: [...document.querySelectorAll('.chart-legend li')].map((li) => li.textContent.trim()),
    points: [...document.querySelectorAll('.turning-point')].map((b) => ({
      index: Number(b.dataset.index), text: b.querySelector('.tp-text').textContent,
      change: b.querySelector('.tp-change').textContent })),
    summary: [...document.querySelectorAll('.seat-review')].map((li) => li.textContent),
  };
}"""
DECISION = """() => {
  const box = document.getElementById('decision');
  const text = (sel) => box.querySelector(sel)?.textContent ?? null;
  const where = (n) => n.dataset.tile ?? n.dataset.cell ?? '';
  return {
    hidden: box.hidden, who: text('.who-decided'), taken: text('.taken-text'), verdict: text('.verdict'),
    better: text('.better-text'), top: [...box.querySelectorAll('.top-choices li')].map((li) => li.textContent),
    legend: text('.board-legend'),
    takenMarks: [...document.querySelectorAll('#board .taken-mark')].map(where),
    betterMarks: [...document.querySelectorAll('#board .better-mark')].map(where),
  };
}"""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NO_SOCKETS = "window.WebSocket = function () { throw new Error('no sockets on this page'); };"


@pytest.fixture(scope="module")
def small_budget(server_url):
    """The module's server analyses with a small search budget, so that an analysis takes a moment."""
    analyses = APPS[server_url].state.server.analyses
    before = analyses.budget
    analyses.budget = BUDGET
    yield server_url
    analyses.budget = before


def finished_table(base: str, browser, errors: list, seed: int) -> str:
    """A My Funny Dinos table of two easy bots, played to the end while its page watches."""
    table = post(
        base, "/api/tables", {"game": "my-funny-dinos", "players": [{"type": "bot", "level": "easy"}] * 2, "seed": seed}
    )["table"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    watch(page, errors)
    page.goto(f"{base}/t/{table}")
    page.wait_for_function(OVER)
    context.close()
    return table


def replay_page(browser, url: str, errors: list, phone: bool = False, sockets: bool = True):
    if phone:
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    else:
        context = browser.new_context(viewport=DESKTOP)
    if not sockets:
        context.add_init_script(NO_SOCKETS)
    page = context.new_page()
    watch(page, errors)
    page.goto(url)
    return page


def percent(chance: float) -> str:
    value = abs(chance)
    return "under 1%" if 0 < value < 0.005 else f"{round(100 * value)}%"


def signed(change: float) -> str:
    if round(100 * abs(change)) == 0:
        return "0%"
    return ("\u2212" if change < 0 else "+") + percent(change)


def analyse(page) -> list[dict]:
    """Presses Analyse and waits for the analysis to be shown; returns the progress the page showed."""
    page.wait_for_selector("#analyse")
    assert page.locator("#analyse").text_content() == "Analyse the game"
    page.evaluate(RECORD_PROGRESS)
    page.click("#analyse")
    page.wait_for_function(READY)
    return page.evaluate("() => window.__progress")


def readable(page, table: str) -> list[str]:
    return unreadable_texts(page, table) + overflowing(page) + nested_controls(page)


def check_progress(progress: list[dict], total: int) -> None:
    assert progress, "the page said how far the analysis was while it ran"
    for shown in progress:
        match = re.fullmatch(r"Analysing the game: (\d+) of (\d+) decisions(?: \(.*\))?\.", shown["words"])
        assert match, shown["words"]
        assert int(match.group(2)) == total and shown["max"] == total
        assert shown["value"] == int(match.group(1)) <= total


def check_chart(page, review: dict) -> dict:
    drawn = page.evaluate(CHART)
    chart = review["chart"]
    assert sorted(line["seat"] for line in drawn["lines"]) == [s["seat"] for s in chart["seats"]], "a line per seat"
    assert len({line["stroke"] for line in drawn["lines"]}) == len(chart["seats"]), "a colour per seat"
    assert drawn["rounds"] == [index for index, _ in chart["rounds"]], "each Round's start is marked"
    assert drawn["names"] and drawn["names"][0] == f"Round {chart['rounds'][0][1]}"
    assert all(re.fullmatch(r"Round \d+", name) for name in drawn["names"])
    assert drawn["grid"] == ["0%", "25%", "50%", "75%", "100%"]
    assert drawn["dots"] == [p["index"] for p in review["turning_points"]], "the turning points are marked"
    names = [s["name"] for s in review["summary"]]
    assert all(any(name in line for line in drawn["legend"]) for name in names), drawn["legend"]
    assert [p["index"] for p in drawn["points"]] == [p["index"] for p in review["turning_points"]]
    for shown, point in zip(drawn["points"], review["turning_points"], strict=True):
        assert shown["text"] == point["text"]
        assert signed(point["change"]) in shown["change"]
    for line, s in zip(drawn["summary"], review["summary"], strict=True):
        assert s["name"] in line and f"cost {percent(s['average_loss'])} of the chance" in line
        assert f"{s['labels']['mistake']} mistake" in line and f"{s['labels']['blunder']} blunder" in line
    return drawn


def check_decision(page, review: dict, index: int) -> None:
    """The board shows the decision made at `index`, judged, and outlined on the board."""
    page.wait_for_function(AT_STEP, arg=index)
    assert page.evaluate("() => document.body.dataset.step") == str(index)
    decision = next(d for d in review["decisions"] if d["index"] == index)
    shown = page.evaluate(DECISION)
    assert not shown["hidden"]
    assert shown["taken"] == decision["taken"]
    name = next(s["name"] for s in review["summary"] if s["seat"] == decision["seat"])
    assert shown["who"].startswith(f"{name} decided, in Round {decision['round']}")
    worse = decision["label"] in ("inaccuracy", "mistake", "blunder")
    if decision["preferred"] and decision["preferred"] != decision["taken"]:
        assert shown["better"] == decision["preferred"]
        if "tile" in (decision["preferred_info"] or {}):
            assert shown["betterMarks"] == [str(decision["preferred_info"]["tile"])], "the better choice is outlined"
            assert "dashed outline" in shown["legend"]
    if worse:
        assert f"cost {percent(decision['loss'])} of the chance to win" in shown["verdict"]
    if "tile" in (decision["taken_info"] or {}):
        assert shown["takenMarks"] == [str(decision["taken_info"]["tile"])], "the decision taken is outlined"
        assert "solid outline: the decision taken" in shown["legend"]
    assert [line.split(" - ")[0] for line in shown["top"]] == [c["text"] for c in decision["top"]]
    assert all(
        line.endswith(f"{percent(c['chance'])} to win") for line, c in zip(shown["top"], decision["top"], strict=True)
    )


def test_the_replay_analyses_the_game_and_steps_to_its_turning_points(small_budget, browser, page_errors):
    base = small_budget
    table = finished_table(base, browser, page_errors, seed=5)
    total = len(get(base, f"/api/tables/{table}/record")["history"])
    page = replay_page(browser, f"{base}/r/{table}", page_errors)
    page.wait_for_function(AT_STEP, arg=0)
    assert page.locator("#decision").is_hidden(), "nothing is judged before the analysis"
    check_progress(analyse(page), total)
    review = get(base, f"/api/tables/{table}/analysis")["review"]
    drawn = check_chart(page, review)
    assert drawn["width"] > 800, "the chart is as wide as the page's main column"
    assert readable(page, table) == []

    # A turning point, chosen by keyboard: the board steps to its decision, judged and outlined.
    first = review["turning_points"][0]
    page.focus(".turning-point[data-turning='1']")
    page.keyboard.press("Enter")
    check_decision(page, review, first["index"])
    assert page.locator(".turning-point[data-turning='1']").get_attribute("aria-current") == "step"
    assert readable(page, table) == []
    page.screenshot(path=str(ARTIFACTS / "analysis-desktop.png"), full_page=True)

    # A point of the chart: the board steps to that decision.
    seat_one = [i for i, _ in review["chart"]["seats"][1]["points"] if i < total and i not in drawn["dots"]]
    target = seat_one[len(seat_one) // 2]
    page.click(f"#chance-chart .chance-point[data-seat='1'][data-index='{target}']")
    check_decision(page, review, target)

    # Stepping on with the arrow keys judges each decision in turn; the end judges none.
    page.keyboard.press("ArrowRight")
    check_decision(page, review, target + 1)
    page.keyboard.press("End")
    page.wait_for_function(AT_STEP, arg=total)
    assert page.locator("#decision").is_hidden()
    assert page_errors == []
    page.context.close()


def test_a_ready_analysis_shows_at_once_and_reads_well_on_a_phone(small_budget, browser, page_errors):
    base = small_budget
    table = finished_table(base, browser, page_errors, seed=9)
    post(base, f"/api/tables/{table}/analysis", {})
    page = replay_page(browser, f"{base}/r/{table}?step=3", page_errors, phone=True)
    page.wait_for_function(READY)  # ready by now, or soon: the page follows it either way
    review = get(base, f"/api/tables/{table}/analysis")["review"]
    drawn = check_chart(page, review)
    assert 300 <= drawn["width"] <= 390, "the chart fits the phone's width"
    assert page.locator("#analyse").count() == 0
    check_decision(page, review, 3)
    assert readable(page, table) == []
    page.locator(".turning-point").first.tap()
    check_decision(page, review, review["turning_points"][0]["index"])
    assert readable(page, table) == []
    page.screenshot(path=str(ARTIFACTS / "analysis-phone.png"), full_page=True)
    page.evaluate("() => scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "analysis-phone-top.png"))
    assert page_errors == []
    page.context.close()


def test_without_a_socket_the_page_asks_each_second_how_far_the_analysis_is(small_budget, browser, page_errors):
    base = small_budget
    table = finished_table(base, browser, page_errors, seed=13)
    total = len(get(base, f"/api/tables/{table}/record")["history"])
    page = replay_page(browser, f"{base}/r/{table}", page_errors, sockets=False)
    check_progress(analyse(page), total)
    check_chart(page, get(base, f"/api/tables/{table}/analysis")["review"])
    assert page_errors == []
    page.context.close()
