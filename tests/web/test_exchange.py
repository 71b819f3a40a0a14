"""My Funny Dinos' exchange played by clicking the board (issue 17, Browser: "exchange by clicking"; the
rulebook's exchange event tile: give one of your loose tiles, take one of another player's)."""

import dinotable

from .conftest import ARTIFACTS
from .test_browser import AT_SEQ, UNNAMED_ACTIONS, log_lines, open_page, post

SEED = 14


def moves_to_an_exchange(seed: int) -> list[int]:
    """Decisions that reach seat 1's "exchange: give" in a two-player game: the exchange tile is excavated as
    soon as it shows, else the first choice is taken."""
    state = dinotable.get_game("my-funny-dinos").new_game(2, seed)
    moves = []
    while not state.is_over and len(moves) < 200:
        infos = {a: state.action_info(a) for a in state.legal_actions()}
        first = next(iter(infos.values()))
        if first.get("decision") == "exchange: give" and state.current_player == 0:
            return moves
        move = next((a for a, info in infos.items() if info.get("icon") == "exchange"), next(iter(infos)))
        state.apply(move)
        moves.append(move)
    raise AssertionError(f"seed {seed} reaches no exchange for seat 1 by this play")


def tile_actions(page, panel_seat: int) -> dict:
    """The tile actions clickable in a player's area: {action id: tile}."""
    nodes = page.locator(f'#board section.player[data-seat="{panel_seat}"] .tile[data-action]').all()
    return {int(n.get_attribute("data-action")): int(n.get_attribute("data-tile")) for n in nodes}


def test_the_exchange_is_played_by_clicking_a_tile_to_give_and_one_to_take(server_url, browser, page_errors):
    made = post(server_url, "/api/tables", {"game": "my-funny-dinos", "players": [{"type": "human"}] * 2, "seed": SEED})
    tokens = [seat["token"] for seat in made["seats"]]
    table = made["table"]
    moves = moves_to_an_exchange(SEED)
    replay = dinotable.get_game("my-funny-dinos").new_game(2, SEED)
    for seq, move in enumerate(moves):
        token = tokens[replay.current_player]
        post(server_url, f"/api/tables/{table}/actions", {"token": token, "seq": seq, "action": move})
        replay.apply(move)

    page = open_page(browser, server_url + made["seats"][0]["url"], page_errors)
    page.wait_for_function(AT_SEQ, arg=len(moves))
    state = page.evaluate("() => window.__dinotableState")
    assert state["legal"][0]["info"]["decision"] == "exchange: give"
    assert "give it away" in page.locator("#board .prompt").inner_text()
    # Give: every legal gift is one of the seat's own loose tiles, clickable in its own area, with a label.
    gifts = tile_actions(page, 0)
    assert sorted(gifts) == sorted(a["id"] for a in state["legal"]), "each tile to give is clickable in my area"
    assert tile_actions(page, 1) == {}, "nothing of the other player's is offered yet"
    assert page.evaluate(UNNAMED_ACTIONS) == []
    given = min(gifts)
    label = page.locator(f'#board .tile[data-action="{given}"]').get_attribute("aria-label")
    assert label.startswith("Give your "), label
    page.screenshot(path=str(ARTIFACTS / "mfd-exchange-give-desktop.png"), full_page=True)
    page.click(f'#board .tile[data-action="{given}"]')

    # Take: the other player's loose tiles are the choices; the tile given stands out as chosen.
    page.wait_for_function(AT_SEQ, arg=len(moves) + 1)
    state = page.evaluate("() => window.__dinotableState")
    assert state["legal"][0]["info"]["decision"] == "exchange: take"
    takes = tile_actions(page, 1)
    assert sorted(takes) == sorted(a["id"] for a in state["legal"]), "each tile to take is clickable in their area"
    picked = page.locator("#board .tile.picked")
    assert [int(n.get_attribute("data-tile")) for n in picked.all()] == [gifts[given]], "the tile given is marked"
    assert "You give:" in page.locator("#board .chosen").inner_text()
    assert page.evaluate(UNNAMED_ACTIONS) == []
    taken = min(takes)
    page.screenshot(path=str(ARTIFACTS / "mfd-exchange-take-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "mfd-exchange-take-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator(f'#board .tile[data-action="{taken}"]').press("Enter")  # the keyboard works as a click does

    page.wait_for_function(AT_SEQ, arg=len(moves) + 2)
    state = page.evaluate("() => window.__dinotableState")
    mine = {t["tile"] for t in state["view"]["players"][0]["tiles"]}
    theirs = {t["tile"] for t in state["view"]["players"][1]["tiles"]}
    assert takes[taken] in mine and gifts[given] in theirs, "the two tiles changed hands"
    got = next(t for t in state["view"]["players"][0]["tiles"] if t["tile"] == takes[taken])
    assert any(f"for the {got['colour']} " in line["text"] for line in log_lines(state))  # the log names no tile number
    assert page_errors == []
