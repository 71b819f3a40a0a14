"""DinoGenics on its own board in a real Chromium (issue 20): the Mainland and IntelliGen Designs, each park as a
grid, playing by clicking (a pen built by dragging on the park), and the hands kept secret.

Waits are on the page's own state (window.__dinotableState, set once the page has drawn it), never sleeps."""

import random

import pytest

import dinotable

from .conftest import ARTIFACTS
from .test_browser import (
    AT_SEQ,
    BOARD_ACTIONS,
    READY,
    UNNAMED_ACTIONS,
    get,
    log_lines,
    open_page,
    plain,
    play_through_api,
    post,
)

GAME = "dinogenics"
STATE = "() => window.__dinotableState"
LISTED = "() => [...document.querySelectorAll('#actions [data-action]')].map((n) => Number(n.dataset.action))"
# A program key of this game's view with no underscore (the generic check catches the others): the DNA kind.
KEYS = ("polymorphic",)


def every_action_on_the_board(page) -> dict:
    """The page's state, after checking each legal action is a labelled button on the board (the keyboard list
    holds them too) and the board reads in the rulebook's words."""
    state = page.evaluate(STATE)
    assert sorted(set(page.evaluate(BOARD_ACTIONS))) == sorted(a["id"] for a in state["legal"])
    assert page.evaluate(UNNAMED_ACTIONS) == [], "every clickable board element is a button with a label"
    assert page.evaluate(LISTED) == [a["id"] for a in state["legal"]], "every decision stays in the keyboard list"
    # The terminal's screen, shown as text under the board, has its own legend ("_ free"): the board's own words.
    text = page.locator("#board").inner_text().replace(state["screen"], "")
    assert state["screen"] and state["screen"].strip() in page.locator("#screen").text_content()
    leaks = [w for w in ("_", "undefined", "null", "NaN", "[object", "{", "true", "false", *KEYS) if w in text]
    assert leaks == [], "the board reads in the rulebook's words, never program values"
    return state


def drag(page, park, start: str, end: str) -> None:
    """A pointer drag on a park grid from the middle of one space to the middle of another (within one space: a
    short drag from its middle towards its corner)."""
    park.scroll_into_view_if_needed()
    boxes = [park.locator(f'.cell[data-space="{cell}"]').bounding_box() for cell in (start, end)]
    (x1, y1), (x2, y2) = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    if start == end:
        x2, y2 = x1 + boxes[0]["width"] / 4, y1 + boxes[0]["height"] / 4
    page.mouse.move(x1, y1)
    page.mouse.down()
    page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, steps=3)
    page.mouse.move(x2, y2, steps=3)
    page.mouse.up()


def corners(cells: list) -> tuple:
    """The two opposite corners of a rectangle of park spaces ("A1".."C4": row letter, column number)."""
    return min(cells), max(cells)


def play(page, state: dict, rng: random.Random) -> dict:
    """One decision, clicked on the board; a pen built by dragging its rectangle on the park."""
    action = rng.choice(state["legal"])
    if action["info"]["kind"] == "pen":
        park = page.locator(f'#board .dg-player[data-seat="{state["seat"]}"] .dg-park')
        drag(page, park, *corners(action["info"]["pen"]))
    else:
        page.locator(f'#board [data-action="{action["id"]}"]').first.click()
    return action


def drive_to(base: str, made: dict, seed: int, options: dict, wanted, rng: random.Random, limit: int = 3000):
    """Plays a table of human seats through the API, each decision random, until seat 0 may make a decision
    and `wanted(state, legal)` accepts the moment; returns the engine's state there (the table's replayed)."""
    state = dinotable.get_game(GAME).new_game(len(made["seats"]), seed, options)

    def arrived(state, legal) -> bool:
        return state.current_player == 0 and wanted(state, legal)

    return play_through_api(base, made, state, arrived, lambda state, legal: rng.choice(legal), limit)


def table(base: str, seed: int, options: dict, players=None) -> dict:
    body = {"game": GAME, "players": players or [{"type": "human"}] * 2, "seed": seed, "options": options}
    return post(base, "/api/tables", body)


def test_a_base_game_against_a_bot_is_played_by_clicking_the_board(server_url, browser, page_errors):
    """The base game (no Controlled Chaos) against an easy bot, to the end: every decision clicked on the board
    (a worker space, a card, a park space, a pen dragged, a prompt button); every state the page showed is the
    record replayed, view(seat) exactly; the final breakdown shows."""
    made = table(server_url, 4, {"expansion": False}, [{"type": "human"}, {"type": "bot", "level": "easy"}])
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    rng = random.Random(4)
    seen = {}
    seq = -1
    dragged = 0
    for _ in range(1500):
        page.wait_for_function(READY, arg=seq)
        state = every_action_on_the_board(page)
        seen[state["seq"]] = state["view"]
        seq = state["seq"]
        if state["over"]:
            break
        assert page.locator("#board .dg-intelligen").count() == 0, "no IntelliGen Designs board in the base game"
        dragged += play(page, state, rng)["info"]["kind"] == "pen"
    assert state["over"], "the game ended"
    assert dragged > 0, "pens were built by dragging"
    page.locator("#outcome").wait_for()
    total = state["outcome"]["breakdown"][0]["total"]
    assert page.locator('#outcome tr[data-seat="0"] td').last.inner_text() == str(total)
    record = get(server_url, f"/api/tables/{made['table']}/record")
    replay = dinotable.get_game(GAME).new_game(2, 4, {"expansion": False})
    seasons = set()
    for index, action in enumerate([*record["history"], None]):
        if index in seen:
            assert seen.pop(index) == plain(replay.view(0)), f"decision {index}"
            seasons.add(replay.season)
        if action is not None:
            replay.apply(action)
    assert not seen and replay.is_over and len(seasons) == 7, "every Season was played on the board"
    page.screenshot(path=str(ARTIFACTS / "dg-final-desktop.png"), full_page=True)
    assert page_errors == []


def test_a_pen_is_built_by_dragging_a_rectangle_on_the_park(server_url, browser, page_errors):
    """Building pens (rulebook: a pen is a rectangle of spaces fenced all round): a drag from one space to
    another builds the pen of that rectangle; a drag over a rectangle no pen may take builds nothing."""
    made = table(server_url, 5, {})

    def wanted(s, legal):
        return any(s.action_info(a)["kind"] == "pen" and len(s.action_info(a)["pen"]) > 1 for a in legal)

    engine = drive_to(server_url, made, 5, {}, wanted, random.Random(5))
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    pens = [a for a in state["legal"] if a["info"]["kind"] == "pen"]
    big = max(pens, key=lambda a: len(a["info"]["pen"]))
    park = page.locator('#board .dg-player[data-seat="0"] .dg-park')
    assert "pen-building" in park.get_attribute("class")
    page.screenshot(path=str(ARTIFACTS / "dg-pen-before-desktop.png"), full_page=True)
    drag(page, park, *corners(big["info"]["pen"]))
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    after = page.evaluate(STATE)
    assert sorted(big["info"]["pen"]) in [sorted(p) for p in after["view"]["players"][0]["pens"]], "the pen stands"
    cells = big["info"]["pen"]  # told in words: "A1, A2 and B1"
    told = ", ".join(cells[:-1]) + " and " + cells[-1] if len(cells) > 1 else cells[0]
    assert any(e["text"].endswith("builds a pen on " + told) for e in log_lines(after))
    for cell in big["info"]["pen"]:
        assert "pen" in park.locator(f'.cell[data-space="{cell}"]').get_attribute("class").split()
    page.screenshot(path=str(ARTIFACTS / "dg-pen-after-desktop.png"), full_page=True)
    assert page_errors == []


def test_a_worker_is_placed_by_clicking_its_space_and_dna_taken_from_the_market(server_url, browser, page_errors):
    """Worker Placement (rulebook): the space is a button; Site A's DNA cards are taken by clicking them in the
    DNA Market; the worker then stands on the space in the seat's colour and shape."""
    made = table(server_url, 6, {})

    def wanted(s, legal):
        return any(s.action_info(a).get("space") == "site_a" for a in legal)

    engine = drive_to(server_url, made, 6, {}, wanted, random.Random(6))
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    place = next(a for a in state["legal"] if a["info"].get("space") == "site_a")
    space = page.locator('#board .dg-space[data-space="site_a"]')
    assert space.locator(f'[data-action="{place["id"]}"]').count() == 1
    space.locator(f'[data-action="{place["id"]}"]').click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    state = every_action_on_the_board(page)
    assert space.locator('.dg-slot.worker [data-seat="0"]').count() >= 1, "the worker stands on Site A"
    market = page.locator("#board .dg-market")
    takes = [a for a in state["legal"] if a["info"].get("from") == "market"]
    assert takes and all(market.locator(f'[data-action="{a["id"]}"]').count() == 1 for a in takes)
    before = state["view"]["players"][0]["dna"].get(takes[0]["info"]["dna"], 0)
    market.locator(f'[data-action="{takes[0]["id"]}"]').click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    after = page.evaluate(STATE)
    assert after["view"]["players"][0]["dna"].get(takes[0]["info"]["dna"], 0) == before + 1, "the card is in hand"
    page.screenshot(path=str(ARTIFACTS / "dg-market-desktop.png"), full_page=True)
    assert page_errors == []


def test_hands_are_never_shown_to_the_other_seat_or_a_spectator(server_url, browser, page_errors):
    """A seat's DNA and Manipulation cards are its own (rulebook: hands are hidden): the other seat's page and
    a spectator's show only their number; each page's state is view(seat) of the game and of a copy with every
    unseen card re-dealt (determinized), so nothing it draws comes from what it could not see."""
    made = table(server_url, 7, {})
    engine = dinotable.get_game(GAME).new_game(2, 7, {})
    pages = [open_page(browser, server_url + seat["url"], page_errors) for seat in made["seats"]]
    watcher = open_page(browser, server_url + made["spectator_url"], page_errors)
    rng = random.Random(7)
    for step in range(40):
        seq = len(engine.history)
        for page in [*pages, watcher]:
            page.wait_for_function(AT_SEQ, arg=seq)
        for seat, page in enumerate(pages):
            state = page.evaluate(STATE)
            assert state["view"] == plain(engine.view(seat))
            assert state["view"] == plain(engine.determinize(seat, step).view(seat)), "nothing unseen is shown"
            other = page.locator(f'#board .dg-player[data-seat="{1 - seat}"]')
            assert other.locator(".dg-hand").count() == 0, "the other seat's cards are only counted"
            hidden = engine.view(1 - seat)["players"][1 - seat]
            assert f"{hidden['dna_cards']} in hand" in other.inner_text()
            mine = page.locator(f'#board .dg-player[data-seat="{seat}"] .dg-hand').all_inner_texts()
            for key in engine.view(seat)["players"][seat]["manipulation"]:
                assert engine.view(seat)["refs"][key] in " ".join(mine), "a seat sees its own hand"
            text = page.locator("#board").inner_text()
            secret = set(hidden["manipulation"]) - set(engine.view(seat)["players"][seat]["manipulation"])
            secret -= set(engine.view(seat)["manipulation_discard"])
            assert not [k for k in secret if engine.view(1 - seat)["refs"][k] in text]
        spectator = watcher.evaluate(STATE)
        assert spectator["view"] == plain(engine.view(None)) and watcher.locator("#board .dg-hand").count() == 0
        actor = engine.current_player
        action = rng.choice(engine.legal_actions())
        info = engine.action_info(action)
        if info["kind"] == "pen":
            park = pages[actor].locator(f'#board .dg-player[data-seat="{actor}"] .dg-park')
            drag(pages[actor], park, *corners(info["pen"]))
        else:
            pages[actor].locator(f'#board [data-action="{action}"]').first.click()
        engine.apply(action)
    assert page_errors == []


def test_a_mid_game_table_with_controlled_chaos_reads_well(server_url, browser, page_errors):
    """The docs' picture: a mid-game table with Controlled Chaos, Chaos Theory and the Elites, at a
    decision on the park; the IntelliGen Designs board and each park drawn, readable at 1280x800 and on a phone."""
    options = {"expansion": True, "chaos_theory": True, "elites": True}
    made = table(server_url, 46, options)

    def wanted(s, legal):
        return s.season >= 4 and any(s.action_info(a)["kind"] in ("cell", "spot", "pen") for a in legal)

    engine = drive_to(server_url, made, 46, options, wanted, random.Random(46), limit=5000)
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    assert page.locator("#board .dg-intelligen").count() == 1
    for key in state["view"]["large_offer"]:
        if key:
            assert state["view"]["refs"][key] in page.locator("#board .dg-intelligen").inner_text()
    for seat, player in enumerate(state["view"]["players"]):
        park = page.locator(f'#board .dg-player[data-seat="{seat}"] .dg-park')
        assert park.locator(".dino").count() == len(player["dinosaurs"])
        assert park.locator(".fence").count() == len(set(player["fence_edges"]) | set(player["broken_edges"]))
    assert page.locator("#dg-modes").count() == 1, "the place for the solo and co-op panels"
    # docs/img/dinogenics-board.png is this picture (copied by hand: a test run never writes the docs).
    page.screenshot(path=str(ARTIFACTS / "dg-midgame-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "dg-midgame-phone.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "nothing runs off a phone's screen"
    assert page_errors == []


@pytest.mark.parametrize(
    ("options", "players"),
    [({"coop": True}, 2), ({"scenario": "CC2"}, 1)],
    ids=["co-op", "solo-scenario"],
)
def test_the_co_op_and_a_solo_scenario_play_on_the_same_board(server_url, browser, page_errors, options, players):
    """Synth Re-Activated (the co-op: the two Branches against Synth, whose park is drawn as the players' are)
    and a solo scenario: decisions clicked on the board through the first Season's worker placement, each on the
    board in the rulebook's words, with the place for the modes' panels."""
    made = table(server_url, 9, options, [{"type": "human"}] * players)
    pages = [open_page(browser, server_url + seat["url"], page_errors) for seat in made["seats"]]
    engine = dinotable.get_game(GAME).new_game(players, 9, options)
    rng = random.Random(9)
    for _ in range(30):
        seq = len(engine.history)
        actor = engine.current_player
        page = pages[actor]
        page.wait_for_function(AT_SEQ, arg=seq)
        state = every_action_on_the_board(page)
        assert page.locator("#dg-modes").count() == 1
        if options.get("coop"):
            synth = page.locator('#board .dg-players > .dg-player[data-seat="synth"]')
            assert synth.locator(".dg-park .dino").count() == len(state["view"]["synth"]["dinosaurs"])
            assert synth.locator(".dg-hand").count() == 0
        engine.apply(play(page, state, rng)["id"])
    pages[0].wait_for_function(AT_SEQ, arg=len(engine.history))
    pages[0].screenshot(path=str(ARTIFACTS / f"dg-{'coop' if players == 2 else 'solo'}-desktop.png"), full_page=True)
    assert page_errors == []


MY_PARK = '#board .dg-players > [data-seat="0"]'


@pytest.mark.parametrize(
    ("name", "seed", "wanted", "where"),
    [
        ("rampage-damage", 1, lambda i: i["decision"] == "choose the damaged structure", f"{MY_PARK} .dg-park"),
        ("large-facility", 1, lambda i: i["kind"] == "spot", f"{MY_PARK} .dg-park"),
        ("keep-dna", 1, lambda i: i.get("from") == "drawn", "#board .dg-drawn"),
        ("repair", 6, lambda i: i["decision"] == "repair a structure", MY_PARK),
        ("city-center", 1, lambda i: i["kind"] == "city_center", '#board .dg-space[data-space="city_center"]'),
    ],
    ids=["rampage-damage", "large-facility", "keep-dna", "repair", "city-center"],
)
def test_each_choice_is_made_where_it_happens(server_url, browser, page_errors, name, seed, wanted, where):
    """A rampage's damage (rulebook: the player chooses the structure), a Large Facility's two spaces, the DNA
    cards drawn to keep, a repair and the City Center's choices: each such choice is a button where the thing
    it names is drawn (the seat's park, the drawn cards, the City Center's space), and clicking it decides it."""
    made = table(server_url, seed, {})

    def reached(s, legal):
        return any(wanted(s.action_info(a)) for a in legal)

    engine = drive_to(server_url, made, seed, {}, reached, random.Random(seed))
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    choices = [a for a in state["legal"] if wanted(a["info"])]
    place = page.locator(where)
    for a in choices:
        assert place.locator(f'[data-action="{a["id"]}"]').count() == 1, f"{a['text']} is where it happens"
    page.screenshot(path=str(ARTIFACTS / f"dg-{name}-desktop.png"), full_page=True)
    place.locator(f'[data-action="{choices[-1]["id"]}"]').first.click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    assert page.evaluate(STATE)["log"][-1]["seq"] >= state["seq"]
    assert page_errors == []
