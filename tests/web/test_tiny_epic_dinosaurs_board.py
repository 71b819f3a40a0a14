"""Tiny Epic Dinosaurs on its own board in a real Chromium (issue 19): the Action Boards, the Farms as grids,
playing by clicking, and the Private Contracts kept secret.

Waits are on the page's own state (window.__dinotableState, set once the page has drawn it), never sleeps."""

import random

import pytest

import dinotable
from dinotable.games.tiny_epic_dinosaurs.content import load_content

from .conftest import ARTIFACTS
from .test_browser import (
    AT_SEQ,
    BOARD_ACTIONS,
    READY,
    UNNAMED_ACTIONS,
    get,
    open_page,
    plain,
    play_through_api,
    post,
)

GAME = "tiny-epic-dinosaurs"
STATE = "() => window.__dinotableState"
LISTED = "() => [...document.querySelectorAll('#actions [data-action]')].map((n) => Number(n.dataset.action))"


def every_action_on_the_board(page) -> dict:
    """The page's state, after checking each legal action is a labelled button on the board (the keyboard list
    holds them too)."""
    state = page.evaluate(STATE)
    assert sorted(set(page.evaluate(BOARD_ACTIONS))) == sorted(a["id"] for a in state["legal"])
    assert page.evaluate(UNNAMED_ACTIONS) == [], "every clickable board element is a button with a label"
    listed = page.evaluate(LISTED)
    assert listed == [a["id"] for a in state["legal"]], "every decision stays in the keyboard list"
    text = page.locator("#board").inner_text().replace(state["screen"], "")
    leaks = [word for word in ("_", "undefined", "null", "NaN", "[object", "{", "true", "false") if word in text]
    assert leaks == [], "the board reads in the rulebook's words, never program values"
    return state


def drive_to(base: str, made: dict, seed: int, wanted, rng: random.Random, limit: int = 2000):
    """Plays a two-seat table through the API, each decision random but never a wanted one, until seat 0 may
    make a decision `wanted(info)` accepts; returns the engine's state there (the table's replayed)."""

    def arrived(state, legal) -> bool:
        return state.current_player == 0 and any(wanted(state.action_info(a)) for a in legal)

    def choose(state, legal) -> int:
        return rng.choice([a for a in legal if not wanted(state.action_info(a))] or legal)

    return play_through_api(base, made, dinotable.get_game(GAME).new_game(2, seed), arrived, choose, limit)


def test_the_board_draws_each_farm_as_the_game_reads_it(server_url, browser, page_errors):
    """The Farm pictures the board draws are the content's (content.toml, [[farm]]), read into the same spaces,
    symbols and edges (names and kinds: dotted line, water, mountain) as the engine's geometry."""
    content = load_content()
    page = open_page(browser, server_url + "/", page_errors)
    # Each Farm's picture as the view sends it, read by the board's module.
    pictures = {farm.name: list(farm.picture) for farm in content.farms}
    view_picture = dinotable.get_game(GAME).new_game(2, 1).view(0)["players"][0]["farm_picture"]
    assert view_picture in pictures.values()
    drawn = page.evaluate(
        """async (pictures) => {
      const m = await import('/static/js/boards/tiny-epic-dinosaurs.js');
      return Object.fromEntries(Object.entries(pictures).map(([n, p]) => [n, m.readFarm(p)]));
    }""",
        pictures,
    )
    assert sorted(drawn) == sorted(f.name for f in content.farms)
    geometry = content.geometry
    for farm in content.farms:
        read = drawn[farm.name]
        assert (read["rows"], read["cols"]) == (geometry.rows, geometry.cols)
        assert [e["name"] for e in read["edges"]] == list(geometry.edge_names), farm.name
        assert [e["kind"] for e in read["edges"]] == list(farm.edge_kinds), farm.name
        symbols = {"P": 0, "M": 1, "S": 2, "-": -1}
        assert [symbols[s] for s in read["symbols"]] == [s if s in (0, 1, 2) else -1 for s in farm.symbols], farm.name
    assert page_errors == []


def test_two_players_against_a_bot_place_a_dinofarmer_by_clicking_a_space(server_url, browser, page_errors):
    """Allocate Dinofarmers (rulebook): a Dinofarmer is placed by clicking its action space, which says the
    strength it enters with; the bot answers on the Action Boards, and each space shows who stands there."""
    made = post(
        server_url,
        "/api/tables",
        {"game": GAME, "players": [{"type": "human"}, {"type": "bot", "level": "easy"}], "seed": 4},
    )
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(READY, arg=-1)
    state = every_action_on_the_board(page)
    assert page.locator("#board .ted-board").count() == 4, "the four Action Boards"
    assert [b.get_attribute("data-board") for b in page.locator("#board .ted-board").all()] == ["A", "B", "C", "D"]
    for space in state["view"]["action_spaces"]:  # each space with its cost and what it does
        text = page.locator(f'#board .ted-space[data-space="{space["id"]}"]').inner_text()
        assert (f"pay {space['cost']}: " if space["cost"] else "") + space["does"] in text
    assert page.locator("#board .ted-farm").count() == 2, "both Farms as grids"
    assert page.locator("#board .player-panel .seat-badge").count() >= 2, "each Farm bears its seat's mark"
    # Keeping a Private Contract is played seat after seat: the Round Board says who has still to choose.
    waiting = state["view"]["still_to_choose"]
    assert waiting and f"Still to choose: {', '.join(waiting)}" in page.locator("#board .ted-round").inner_text()
    # Keep a Private Contract by clicking it, then place on a space.
    for _ in range(20):
        if state["legal"][0]["info"]["kind"] == "place":
            break
        page.locator(f'#board [data-action="{state["legal"][0]["id"]}"]').first.click()
        page.wait_for_function(READY, arg=state["seq"])
        state = every_action_on_the_board(page)
    place = next(a for a in state["legal"] if a["info"]["kind"] == "place" and not a["info"]["foreman"])
    space = page.locator(f'#board .ted-space[data-space="{place["info"]["action_space"]}"]')
    assert f"strength {place['info']['dinofarmers']}" in space.locator(f'[data-action="{place["id"]}"]').inner_text()
    # Allocate Dinofarmers: "A Foreman counts as 2 normal Dinofarmers", and its button says so.
    foreman = next(a for a in state["legal"] if a["info"]["kind"] == "place" and a["info"]["foreman"])
    button = page.locator(f'#board [data-action="{foreman["id"]}"]').inner_text()
    assert "Foreman" in button and f"strength {foreman['info']['dinofarmers'] + 2}" in button
    page.screenshot(path=str(ARTIFACTS / "ted-allocate-desktop.png"), full_page=True)
    space.locator(f'[data-action="{place["id"]}"]').click()
    page.wait_for_function(READY, arg=state["seq"])
    after = page.evaluate(STATE)
    while after["legal"][0]["info"]["kind"] != "place":  # the choices on the space taken, clicked on the board
        page.locator(f'#board [data-action="{after["legal"][0]["id"]}"]').first.click()
        page.wait_for_function(READY, arg=after["seq"])
        after = every_action_on_the_board(page)
    assert any(entry["seq"] > state["seq"] for entry in after["log"]), "the log goes on"
    spaces = {s["id"]: s for s in after["view"]["action_spaces"]}
    assert spaces[place["info"]["action_space"]]["occupants"].get("player 1", 0) >= place["info"]["dinofarmers"]
    assert "player 1" in space.inner_text() or after["seats"][0]["name"] in space.inner_text()
    bot_name = after["seats"][1]["name"]
    bot_spaces = [s for s in after["view"]["action_spaces"] if s["occupants"].get("player 2")]
    assert bot_spaces, "the bot placed on the Action Boards"
    for s in bot_spaces:
        text = page.locator(f'#board .ted-space[data-space="{s["id"]}"]').inner_text()
        assert bot_name in text and f"strength {s['occupants']['player 2']}" in text
    # The Foreman placed by clicking shows on its space as the 2 it counts for.
    foreman = next(a for a in after["legal"] if a["info"]["kind"] == "place" and a["info"]["foreman"])
    page.locator(f'#board [data-action="{foreman["id"]}"]').first.click()
    page.wait_for_function(READY, arg=after["seq"])
    placed = page.evaluate(STATE)
    held = next(s for s in placed["view"]["action_spaces"] if s["id"] == foreman["info"]["action_space"])
    assert held["foreman"] == ["player 1"]
    text = page.locator(f'#board .ted-space[data-space="{held["id"]}"]').inner_text()
    assert f"strength {held['occupants']['player 1']} (Foreman 2" in text
    page.screenshot(path=str(ARTIFACTS / "ted-two-players-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "ted-two-players-phone.png"), full_page=True)
    assert page_errors == []


@pytest.fixture(scope="module")
def adapting(server_url):
    """Two people at a table with seed 9, driven through the API to seat 0's Adapt the Farm with a Barrier to
    place (rulebook, Adapt the Farm: 'place Barriers on the dotted lines')."""
    made = post(server_url, "/api/tables", {"game": GAME, "players": [{"type": "human"}] * 2, "seed": 9})
    state = drive_to(server_url, made, 9, lambda info: info.get("kind") == "fence", random.Random(2))
    return made, state


def test_a_barrier_is_placed_by_clicking_a_dotted_line(server_url, browser, page_errors, adapting):
    """Adapt the Farm: clicking a dotted line of one's own Farm places a Barrier there; it is drawn as one."""
    made, engine = adapting
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    assert state["view"] == plain(engine.view(0))
    fence = next(a for a in state["legal"] if a["info"]["kind"] == "fence")
    edge = fence["info"]["edge"]
    mine = page.locator('#board .ted-player[data-seat="0"]')
    assert mine.locator(f'.edge[data-edge="{edge}"].edge-dotted').count() == 1, "a dotted line before"
    page.screenshot(path=str(ARTIFACTS / "ted-adapt-desktop.png"), full_page=True)
    mine.locator(f'.edge[data-edge="{edge}"][data-action="{fence["id"]}"]').click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    after = page.evaluate(STATE)
    assert edge in after["view"]["players"][0]["fence"]
    assert mine.locator(f'.edge[data-edge="{edge}"].edge-barrier').count() == 1, "a Barrier drawn there"
    assert page.locator('#board .ted-player[data-seat="1"] [data-action]').count() == 0, (
        "the other Farm is not clickable"
    )
    page.screenshot(path=str(ARTIFACTS / "ted-barrier-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "ted-barrier-phone.png"), full_page=True)
    assert page_errors == []


def test_a_seat_never_sees_the_other_seats_private_contract(server_url, browser, page_errors):
    """Setup (rulebook): each player keeps one Private Contract face down; the other seat's page never names
    it, in its state or on its board, while the seat's own page shows its own."""
    made = post(server_url, "/api/tables", {"game": GAME, "players": [{"type": "human"}] * 2, "seed": 21})
    engine = dinotable.get_game(GAME).new_game(2, 21)
    pages = [open_page(browser, server_url + seat["url"], page_errors) for seat in made["seats"]]
    content = load_content()
    public_names = {c.name for c in content.contracts if c.public}
    for _ in range(6):  # both seats keep theirs, and a few decisions more
        seq = len(engine.history)
        for page in pages:
            page.wait_for_function(AT_SEQ, arg=seq)
        for seat, page in enumerate(pages):
            own = engine.view(seat)["players"][seat]
            secret = [
                c["name"]
                for c in (
                    engine.view(1 - seat)["players"][1 - seat]["private"]
                    + engine.view(1 - seat)["players"][1 - seat]["dealt"]
                )
            ]
            secret = [name for name in secret if name not in public_names]
            words = page.locator("#board").inner_text() + page.locator("#actions").inner_text()
            assert not [name for name in secret if name in words or name in str(page.evaluate(STATE))]
            for card in own["private"] + own["dealt"]:
                assert card["name"] in words, "a seat sees its own Private Contracts"
        action = engine.legal_actions()[0]
        actor = engine.current_player
        pages[actor].locator(f'#board [data-action="{action}"]').first.click()
        engine.apply(action)
    pages[actor].wait_for_function(AT_SEQ, arg=len(engine.history))  # the last click is answered
    assert page_errors == []
    assert get(server_url, f"/api/tables/{made['table']}")["seq"] == len(engine.history)


def test_a_dinosaur_is_moved_by_clicking_it_then_a_highlighted_space(server_url, browser, page_errors):
    """Adapt the Farm (rulebook: dinosaurs may be moved around the Farm): clicking a dinosaur lifts it, the
    spaces it may go to are highlighted, and clicking one puts it there."""
    made = post(server_url, "/api/tables", {"game": GAME, "players": [{"type": "human"}] * 2, "seed": 13})
    engine = drive_to(server_url, made, 13, lambda info: info.get("kind") == "lift", random.Random(5))
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    lift = next(a for a in state["legal"] if a["info"]["kind"] == "lift")
    mine = page.locator('#board .ted-player[data-seat="0"]')
    dino = mine.locator(f'.dino[data-action="{lift["id"]}"]')
    assert dino.get_attribute("data-dinosaur") == lift["info"]["dinosaur"]
    dino.click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    state = every_action_on_the_board(page)
    puts = [a for a in state["legal"] if a["info"]["kind"] in ("put", "put_unique")]
    assert puts, "the lifted dinosaur waits to be put down"
    assert mine.locator(".target.active").count() == len(puts), "each space it may go to is highlighted"
    name = lift["info"]["dinosaur"]
    put = next(a for a in puts if name in (a["info"].get("unique"), str(a["info"].get("species")).capitalize()))
    mine.locator(f'.target[data-action="{put["id"]}"]').click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    after = page.evaluate(STATE)
    cells = [f"{'ABCD'[i % 4]}{i // 4 + 1}" for i in range(12)]
    moved = after["view"]["players"][0]["spaces"][cells.index(put["info"]["cell"])]
    assert moved is not None and moved["name"] == lift["info"]["dinosaur"], "the dinosaur stands where it was put"
    assert mine.locator(f'.dino[data-dinosaur="{lift["info"]["dinosaur"]}"]').count() >= 1
    page.screenshot(path=str(ARTIFACTS / "ted-moved-desktop.png"), full_page=True)
    assert page_errors == []


def test_solo_against_the_rival_shows_its_board_beside_the_player(server_url, browser, page_errors):
    """Solo (rulebook, Solo Rules): the Rival's score, columns and the cards it played stand beside the
    player's Farm, and the Rival's Dinofarmers show on the spaces they block."""
    made = post(server_url, "/api/tables", {"game": GAME, "players": [{"type": "human"}], "seed": 3})
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(READY, arg=-1)
    rng = random.Random(1)
    for _ in range(12):
        state = every_action_on_the_board(page)
        if state["over"] or any(s["occupants"].get("Rival") for s in state["view"]["action_spaces"]):
            break
        action = rng.choice(state["legal"])
        page.locator(f'#board [data-action="{action["id"]}"]').first.click()
        page.wait_for_function(READY, arg=state["seq"])
    state = page.evaluate(STATE)
    rival = state["view"]["rival"]
    panel = page.locator('#board [data-key="rival"]')
    assert f"{rival['score']} VP" in panel.inner_text()
    blocked = [s for s in state["view"]["action_spaces"] if s["occupants"].get("Rival")]
    assert blocked, "the Rival blocked a space"
    for s in blocked:
        assert "Rival" in page.locator(f'#board .ted-space[data-space="{s["id"]}"]').inner_text()
    for card in rival["played"]:
        assert card["name"] in panel.inner_text()
    assert page.locator("#board .ted-phases li.now").count() <= 1
    page.screenshot(path=str(ARTIFACTS / "ted-solo-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "ted-solo-phone.png"), full_page=True)
    assert page_errors == []


@pytest.mark.parametrize(
    "players",
    [
        pytest.param(["human"], id="solo"),
        # Two players' boards are clicked in other tests here; the whole game against a bot is `make test-all`'s.
        pytest.param(["human", "bot"], id="against-a-bot", marks=pytest.mark.slow),
    ],
)
def test_a_whole_game_is_played_by_clicking_the_board(server_url, browser, page_errors, players):
    """Solo against the Rival, or two players against a bot: every decision clicked on the board (a space, an
    edge, a dinosaur, a space of the Farm, a card or a button of the prompt) until the game ends; the page
    shows the final outcome, and every state it showed is the record replayed, view(seat) exactly."""
    seats = [{"type": "human"} if p == "human" else {"type": "bot", "level": "easy"} for p in players]
    made = post(server_url, "/api/tables", {"game": GAME, "players": seats, "seed": 8})
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    rng = random.Random(8)
    seen = {}
    seq = -1
    for _ in range(3000):
        page.wait_for_function(READY, arg=seq)
        state = every_action_on_the_board(page)
        seen[state["seq"]] = state["view"]
        seq = state["seq"]
        if state["over"]:
            break
        action = rng.choice(state["legal"])
        page.locator(f'#board [data-action="{action["id"]}"]').first.click()
    assert state["over"], "the game ended"
    page.locator("#outcome").wait_for()
    outcome = page.locator("#outcome").inner_text()
    assert "Final outcome" in outcome and "object" not in outcome
    total = state["outcome"]["breakdown"][0]["total"]
    assert page.locator('#outcome tr[data-seat="0"] td').last.inner_text() == str(total), "the player's total"
    if len(players) == 1:
        rival = state["outcome"]["automata"]["Rival"]["total"]
        assert page.locator('#outcome tr[data-automaton="Rival"] td').last.inner_text() == str(rival), "the Rival's"
    else:
        bot = state["outcome"]["breakdown"][1]["total"]
        assert page.locator('#outcome tr[data-seat="1"] td').last.inner_text() == str(bot), "beside the bot's"
    record = get(server_url, f"/api/tables/{made['table']}/record")
    replay = dinotable.get_game(GAME).new_game(len(players), 8)
    bot_moves = 0
    for index, action in enumerate([*record["history"], None]):
        if index in seen:
            assert seen.pop(index) == plain(replay.view(0)), f"decision {index}"
        if action is not None:
            bot_moves += replay.current_player == 1
            replay.apply(action)
    assert not seen and replay.is_over
    assert bot_moves > 0 or len(players) == 1, "the bot played"
    page.screenshot(path=str(ARTIFACTS / f"ted-final-{len(players)}-desktop.png"), full_page=True)
    assert page_errors == []


@pytest.mark.parametrize(
    ("decision", "seed", "wanted"),
    [
        ("Feed Dinosaurs", 3, lambda info: info.get("kind") == "feed"),
        ("Dinosaur Escape", 1, lambda info: info.get("kind") == "eat"),
        ("Breeding", 6, lambda info: info.get("kind") == "put" and info.get("decision", "").startswith("Breeding")),
    ],
)
def test_feeding_escapes_and_breeding_are_clicked_on_the_farm(server_url, browser, page_errors, decision, seed, wanted):
    """Feed Dinosaurs, a Dinosaur Escape and Breeding (rulebook): each choice that names a space of one's Farm
    is a button on that space, and clicking it decides it."""
    made = post(server_url, "/api/tables", {"game": GAME, "players": [{"type": "human"}] * 2, "seed": seed})
    engine = drive_to(server_url, made, seed, wanted, random.Random(2))
    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(engine.history))
    state = every_action_on_the_board(page)
    choices = [a for a in state["legal"] if wanted(a["info"])]
    assert choices
    # The phase tracker marks where the table is; an escape, in the phase it interrupts.
    during = state["view"]["escape_during"] or state["view"]["phase"]
    marked = {"Feed Dinosaurs": "Feed Dinosaurs", "Adapt the Farm": "Adapt the Farm"}.get(during, "Breeding")
    assert marked in page.locator("#board .ted-phases li.now").inner_text()
    farm = page.locator('#board .ted-player[data-seat="0"] .ted-farm')
    for a in choices:
        assert farm.locator(f'[data-action="{a["id"]}"]').count() == 1, f"{a['text']} is on the Farm"
    farm.locator(f'[data-action="{choices[-1]["id"]}"]').first.click()
    page.wait_for_function(AT_SEQ, arg=state["seq"] + 1)
    assert page.evaluate(STATE)["log"][-1]["seq"] > state["seq"]
    page.screenshot(path=str(ARTIFACTS / f"ted-{decision.lower().replace(' ', '-')}-desktop.png"), full_page=True)
    assert page_errors == []
