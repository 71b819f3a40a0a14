"""Phone first (the issue's requirement): on a phone-sized page (390x844, touch) the current decision's part of the
board is on the first screen, the header's players, scores and latest moves fold into one line, nothing is told
only on hover, no keyboard hints show, and My Funny Dinos' pile is only as tall as each stack needs.

Whole games of all three games are played here by tapping, one random target of each decision, and each decision
is checked as it begins: at least one of its targets is within the first screen. Waits are on the page's own
state (window.__dinotableState, set once the page has drawn it), never sleeps."""

import random

import pytest

import dinotable

from .conftest import ARTIFACTS
from .test_browser import AT_SEQ, READY, get, open_page, play_through_api, post

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# What the page shows once it is READY after decision `after` (see test_browser.READY), read in one round trip:
# the state; the decision's targets (the board's elements whose data-action is legal, else the list's buttons),
# each with where it is on the screen; the targets with no name; the `title`s told nowhere else; the header.
DECISION = f"""(after) => {{
  if (!({READY})(after)) return null;
  const s = window.__dinotableState;
  const legal = new Set(s.legal.map((a) => String(a.id)));
  const box = document.getElementById('board');
  // Drawn and not folded away (a closed <details> keeps its content laid out, under content-visibility: hidden).
  const shown = (n) => {{
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && n.checkVisibility({{ visibilityProperty: true }});
  }};
  let where = 'board';
  let nodes = [...box.querySelectorAll('[data-action]')].filter((n) => legal.has(n.dataset.action) && shown(n));
  if (!nodes.length) {{
    where = 'list';
    nodes = [...document.querySelectorAll('#actions button[data-action]')].filter(shown);
  }}
  const scope = where === 'board' ? '#board' : '#actions';
  const targets = nodes.map((n) => {{
    const r = n.getBoundingClientRect();
    const same = [...document.querySelectorAll(`${{scope}} [data-action="${{n.dataset.action}}"]`)];
    return {{
      action: Number(n.dataset.action), nth: same.indexOf(n),
      top: r.top, bottom: r.bottom, left: r.left, right: r.right,
      within: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
    }};
  }});
  const text = (n) => (n instanceof HTMLElement ? n.innerText
    : [...n.querySelectorAll('text')].map((t) => t.textContent).join(' ')).trim();
  const unnamed = [...box.querySelectorAll('[data-action]')].filter((n) =>
    !(text(n) || (n.getAttribute('aria-label') || '').trim()
      || (n.querySelector(':scope > title')?.textContent || '').trim())
  ).map((n) => n.outerHTML.slice(0, 120));
  // A `title` attribute shows on hover only: it must be said in the element's own text or label too, or a tap
  // must tell it (a target says it as its label; a tap on a component or an unavailable target opens the sheet).
  const titled = [...box.querySelectorAll('[title]')].filter((n) => {{
    const title = n.getAttribute('title').trim();
    if (!title || !shown(n) || n.closest('[data-action]')) return false;
    return !text(n).includes(title) && !(n.getAttribute('aria-label') || '').includes(title);
  }}).map((n) => ({{
    title: n.getAttribute('title').trim(), text: text(n), ref: n.closest('[data-ref]')?.dataset.ref || null,
    reason: n.closest('[data-reason]')?.dataset.reason || null, html: n.outerHTML.slice(0, 160),
  }}));
  const summary = document.getElementById('info-summary');
  const style = getComputedStyle(summary);
  const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
  return {{
    state: s, where, targets, unnamed, titled,
    info: {{ open: document.getElementById('table-info').open, height: summary.getBoundingClientRect().height, line }},
    scroll: window.scrollY, viewport: [innerWidth, innerHeight],
  }};
}}"""


def table(base: str, game: str, seed: int, players: list, options: dict | None = None) -> dict:
    """A table made through the API: "human" and "bot" (an easy bot) seats."""
    seats = [{"type": "human"} if p == "human" else {"type": "bot", "level": "easy"} for p in players]
    return post(base, "/api/tables", {"game": game, "players": seats, "seed": seed, "options": options or {}})


def reference(base: str, game: str) -> set:
    """The printed names the game's reference has an entry for (a tap on one opens the sheet), lower case."""
    return {name.lower() for name in get(base, f"/api/games/{game}/reference")["entries"]}


def hover_only(decision: dict, entries: set) -> list:
    """The board's elements whose words are only in their `title` (no text of their own, no label), that no tap
    tells either (sheet.js `explain`: a tap on an element with a reason, or on a component with a reference entry,
    opens the sheet). An element with words of its own and a title that says them again is no loss on a phone."""
    return [
        t for t in decision["titled"] if not t["text"] and not t["reason"] and (t["ref"] or "").lower() not in entries
    ]


def check_decision(decision: dict) -> None:
    """What a phone must give as a decision begins: a target within the first screen, every target named, and the
    header's players, scores and latest moves folded into one line."""
    state, info = decision["state"], decision["info"]
    assert decision["viewport"] == [PHONE["width"], PHONE["height"]]
    assert decision["targets"], f"decision {state['seq']} offers something to tap"
    assert any(t["within"] for t in decision["targets"]), (
        f"decision {state['seq']} ({state['legal'][0]['text']!r}, ...): none of its {len(decision['targets'])} "
        f"targets ({decision['where']}) is on the first screen (scrolled to {decision['scroll']}); the nearest: "
        f"{min(decision['targets'], key=lambda t: abs(t['top']))}"
    )
    assert decision["unnamed"] == [], f"decision {state['seq']}: every target has visible text or a label"
    assert not info["open"], "the players, scores and latest moves stay folded on a phone"
    assert info["height"] < 2 * info["line"], f"the folded header is one line ({info['height']} px high)"


def tap_whole_game(page, rng: random.Random, game: str, limit: int, picture_at: int = 10, seen=None):
    """Plays the page's seat to the end by tapping, from the page as it is: at each decision a random target within
    the first screen (checked first, see `check_decision`). Returns the final state and the decisions tapped; with
    `seen`, only `limit` decisions, each one's page (DECISION) given to `seen` too."""
    seq = -1
    for tapped in range(limit):
        decision = page.wait_for_function(DECISION, arg=seq).json_value()
        state = decision["state"]
        seq = state["seq"]
        if state["over"]:
            return state, tapped
        check_decision(decision)
        if seen:
            seen(decision)
        if tapped == picture_at:
            page.screenshot(path=str(ARTIFACTS / f"phone-{game}.png"))
        target = rng.choice([t for t in decision["targets"] if t["within"]])
        scope = "#board" if decision["where"] == "board" else "#actions"
        page.locator(f'{scope} [data-action="{target["action"]}"]').nth(target["nth"]).tap()
    if seen:
        return state, limit
    pytest.fail(f"the game did not end within {limit} of our decisions")


def check_the_end(server_url: str, page, state: dict, tapped: int) -> None:
    """The page shows the final outcome, and the table's record has our taps and the bot's moves."""
    assert state["over"], "the game ended"
    page.locator("#outcome").wait_for()
    assert "Final outcome" in page.locator("#outcome").inner_text()
    record = get(server_url, f"/api/tables/{state['table']}/record")
    assert tapped > 0 and len(record["history"]) > tapped, "we tapped, and the bot played too"


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("game", "seed"), [("my-funny-dinos", 7), ("tiny-epic-dinosaurs", 8)])
def test_a_whole_game_against_a_bot_is_tapped_with_each_decision_on_the_first_screen(
    server_url, browser, page_errors, game, seed
):
    """My Funny Dinos and Tiny Epic Dinosaurs, two players (you and an easy bot), played to the end on a phone by
    tapping a random target of each decision; as each decision begins one of its targets is on the first screen."""
    made = table(server_url, game, seed, ["human", "bot"])
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors, phone=True)
    state, tapped = tap_whole_game(page, random.Random(seed), game, 3000)
    check_the_end(server_url, page, state, tapped)
    assert page_errors == []


def dinogenics_from(server_url: str, browser, page_errors, season: int):
    """A base DinoGenics table of two, played through the API (random choices) until the first seat's decision in
    Season `season`; then the second seat leaves and an easy bot plays on for it. The first seat's phone page."""
    seed = 4
    made = table(server_url, "dinogenics", seed, ["human", "human"], {"expansion": False})
    local = dinotable.get_game("dinogenics").new_game(2, seed, {"expansion": False})
    rng = random.Random(seed)

    def arrived(state, legal) -> bool:
        return state.season >= season and state.current_player == 0

    play_through_api(server_url, made, local, arrived, lambda state, legal: rng.choice(legal), 3000)
    post(server_url, f"/api/tables/{made['table']}/leave", {"token": made["seats"][1]["token"], "level": "easy"})
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors, phone=True)
    page.wait_for_function(AT_SEQ, arg=len(local.history))
    return page, len(local.history)


@pytest.mark.timeout(600)
def test_dinogenics_last_season_is_tapped_with_each_decision_on_the_first_screen(server_url, browser, page_errors):
    """DinoGenics (base game, you and an easy bot): Seasons 1-6 through the API, the last Season tapped on a phone
    to the end; as each decision begins one of its targets is on the first screen."""
    page, before = dinogenics_from(server_url, browser, page_errors, 7)
    assert page.evaluate("() => window.__dinotableState.view.season") == 7
    state, tapped = tap_whole_game(page, random.Random(7), "dinogenics", 1500, picture_at=3)
    check_the_end(server_url, page, state, tapped)
    assert state["seq"] > before + tapped, "the bot played the second seat"
    assert page_errors == []


def test_a_whole_dinogenics_game_against_a_bot_is_tapped_with_each_decision_on_the_first_screen(
    server_url, browser, page_errors
):
    """DinoGenics (base game, you and an easy bot), every Season tapped on a phone to the end; as each decision
    begins one of its targets is on the first screen."""
    made = table(server_url, "dinogenics", 5, ["human", "bot"], {"expansion": False})
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors, phone=True)
    state, tapped = tap_whole_game(page, random.Random(5), "dinogenics", 1500, picture_at=20)
    check_the_end(server_url, page, state, tapped)
    assert page_errors == []


def header(page) -> dict:
    return page.evaluate(
        """() => {
      const summary = document.getElementById('info-summary');
      const style = getComputedStyle(summary);
      // (a closed <details> keeps its content laid out, under content-visibility: hidden)
      const seen = (n) => !!n && n.checkVisibility({ visibilityProperty: true });
      return {
        open: document.getElementById('table-info').open,
        height: summary.getBoundingClientRect().height,
        line: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25,
        text: summary.textContent,
        hint: seen(document.querySelector('.hint.keys')),
        kbd: document.querySelectorAll('#actions kbd').length,
        kbdSeen: [...document.querySelectorAll('#actions kbd')].filter(seen).length,
        seats: seen(document.getElementById('seat-list')),
      };
    }"""
    )


def test_the_header_folds_into_one_line_and_keyboard_hints_hide_on_a_phone(server_url, browser, page_errors):
    """On a phone the players, scores and latest moves are one folded line that a tap opens, and the keyboard's
    hints are hidden; on a desktop the same table shows them open, with the hints."""
    made = table(server_url, "my-funny-dinos", 3, ["human", "bot"])
    url = server_url + made["seats"][0]["url"]
    phone = open_page(browser, url, page_errors, phone=True)
    phone.wait_for_function(READY, arg=-1)
    shown = header(phone)
    assert not shown["open"], "folded on a phone"
    assert shown["height"] < 2 * shown["line"], f"one line: {shown['height']} px for {shown['text']!r}"
    assert not shown["seats"], "the seat list is folded away"
    assert not shown["hint"], "no 'press a number key' on a touch screen"
    assert shown["kbd"] > 0 and shown["kbdSeen"] == 0, "the choices' key numbers are there but not shown"
    phone.locator("#info-summary").tap()
    phone.wait_for_function("() => document.getElementById('table-info').open")
    assert phone.locator("#seat-list").is_visible(), "a tap opens the players"
    assert phone.locator("#seat-list li").count() == 2

    context = browser.new_context(viewport=DESKTOP)
    desktop = context.new_page()
    desktop.on("pageerror", lambda error: page_errors.append(str(error)))
    desktop.goto(url)
    desktop.wait_for_function(READY, arg=-1)
    wide = header(desktop)
    assert wide["open"] and wide["seats"], "open on a desktop"
    assert wide["hint"] and wide["kbdSeen"] > 0, "the keyboard's hints on a desktop"
    context.close()
    assert page_errors == []


def test_the_header_stays_one_line_once_the_others_have_played(server_url, browser, page_errors):
    """The folded line names who just played ("... (Easy bot just played)"): still one line on a phone."""
    made = table(server_url, "my-funny-dinos", 3, ["bot", "human"])
    page = open_page(browser, server_url + made["seats"][1]["url"], page_errors, phone=True)
    page.wait_for_function(READY, arg=-1)
    page.wait_for_function("() => document.getElementById('info-summary').textContent.includes('just played')")
    shown = header(page)
    assert not shown["open"]
    assert shown["height"] < 2 * shown["line"], f"one line: {shown['height']} px for {shown['text']!r}"
    assert page_errors == []


STACKS = """() => [...document.querySelectorAll('#board figure.spot[data-spot]')].map((figure) => {
  const stack = figure.querySelector('svg.stack');
  const caption = figure.querySelector('figcaption');
  return {
    spot: Number(figure.dataset.spot),
    stack: stack.getBoundingClientRect().height,
    figure: figure.getBoundingClientRect().height,
    caption: caption.getBoundingClientRect().height,
    tiles: stack.querySelectorAll('.tile[data-tile]').length,
  };
})"""


def test_my_funny_dinos_pile_is_only_as_tall_as_each_stack(server_url, browser, page_errors):
    """My Funny Dinos' pile on a phone: each spot's stack is as tall as its own tiles (and its ground), no taller;
    so spots with more tiles stand taller, and fewer tiles shorter, wherever they are."""
    made = table(server_url, "my-funny-dinos", 7, ["human", "human"])
    local = dinotable.get_game("my-funny-dinos").new_game(2, 7)
    rng = random.Random(2)

    def varied(state, legal) -> bool:  # a few excavations first, so that the stacks differ more
        return len(state.history) >= 6 and len({len(s["tiles"]) for s in state.view(0)["pile"]}) >= 3

    play_through_api(server_url, made, local, varied, lambda state, legal: rng.choice(legal), 200)
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors, phone=True)
    page.wait_for_function(AT_SEQ, arg=len(local.history))
    pile = {spot["spot"]: spot for spot in page.evaluate("() => window.__dinotableState.view.pile")}
    stacks = page.evaluate(STACKS)
    assert sorted(s["spot"] for s in stacks) == sorted(pile), "every spot of the pile is drawn"
    tile_h, gap = 40, 4  # my-funny-dinos-tiles.js: TILE_H, GAP
    for stack in stacks:
        count = len(pile[stack["spot"]]["tiles"])
        assert stack["tiles"] == count, f"spot {stack['spot']} draws its {count} tiles"
        ground = 22 if pile[stack["spot"]]["ref"] == "base tile" else 10
        needed = count * (tile_h + gap) + ground + 6
        assert count * (tile_h + gap) <= stack["stack"] <= needed + 1, (
            f"spot {stack['spot']}: {count} tiles in a stack {stack['stack']} px high (they need {needed})"
        )
        assert stack["figure"] <= stack["stack"] + stack["caption"] + 8, (
            f"spot {stack['spot']}: the spot is no taller than its stack and caption"
        )
    for one in stacks:
        for other in stacks:
            if len(pile[one["spot"]]["tiles"]) < len(pile[other["spot"]]["tiles"]):
                assert one["stack"] < other["stack"], f"spot {one['spot']} has fewer tiles than {other['spot']}"
    page.locator("#board .pile").screenshot(path=str(ARTIFACTS / "phone-my-funny-dinos-pile.png"))
    assert page_errors == []


@pytest.mark.parametrize(("game", "seed"), [("my-funny-dinos", 7), ("tiny-epic-dinosaurs", 8), ("dinogenics", 4)])
def test_nothing_on_the_board_is_told_on_hover_only(server_url, browser, page_errors, game, seed):
    """On a phone nothing can be hovered. Over the first 15 decisions, tapped: every target has visible text, a
    label or a <title> (a tap takes it, and the confirm bar names it); no element of the board has its words only
    in a `title` unless a tap tells them (its reason, or its component's reference entry, in the sheet). And a tap
    on a component opens its entry in the sheet."""
    made = table(server_url, game, seed, ["human", "bot"], {"expansion": False} if game == "dinogenics" else None)
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors, phone=True)
    entries = reference(server_url, game)
    found = {}

    def collect(decision: dict) -> None:
        assert page.locator("#board [data-action]").count() > 0, "the decision is on the board"
        for item in hover_only(decision, entries):
            found.setdefault((item["title"], item["ref"]), item["html"])

    state, tapped = tap_whole_game(page, random.Random(seed), game, 15, picture_at=-1, seen=collect)
    assert tapped == 15 and not state["over"]
    assert found == {}, "words only in a title (hover), which a tap does not tell"
    assert page.locator("#sheet").is_hidden()
    page.locator("#board .tappable[data-ref]").first.tap()
    page.wait_for_function("() => !document.getElementById('sheet').hidden")
    assert page.locator("#sheet h2").inner_text().strip() != "", "a tap on a component tells what it is"
    assert page_errors == []
