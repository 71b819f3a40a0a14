"""The HTTP API and the WebSocket (docs/server.md): shapes, refusals that change nothing, bots, chat, undo."""

from __future__ import annotations

import pytest

from .helpers import client_for, new_table, play, state_of, tokens_of

MFD = "my-funny-dinos"


def counts(client, table: str) -> dict:
    return client.app.state.server.store.counts(table)


def test_games_list_every_game_with_its_options_and_bot_levels(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == {"dinogenics", "my-funny-dinos", "tiny-epic-dinosaurs"}
    mfd = games[MFD]
    assert (mfd["title"], mfd["min_players"], mfd["max_players"]) == ("My Funny Dinos", 2, 4)
    rocks = next(o for o in mfd["options"] if o["name"] == "rocks_per_base")
    assert rocks["choices"] == [3, 2] and rocks["default"] == 3 and rocks["help"]
    assert mfd["bot_levels"] == ["easy", "medium", "hard"]


def test_a_new_table_gives_each_human_seat_a_secret_link_and_bots_none(client):
    made = new_table(client, players=("human", "easy", "human"))
    seats = made["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert seats[0]["url"] == f"/t/{made['table']}?token={seats[0]['token']}"
    assert "token" not in seats[1] and "url" not in seats[1] and seats[1]["level"] == "easy"
    assert seats[0]["token"] != seats[2]["token"] and len(seats[0]["token"]) >= 20
    assert made["spectator_url"] == f"/t/{made['table']}"
    # The database keeps only a hash of each token: the token itself is in no row.
    from sqlalchemy import select

    from dinotable.server import db

    with client.app.state.server.engine.connect() as conn:
        hashes = set(conn.execute(select(db.seats.c.token_hash)).scalars())
    assert seats[0]["token"] not in hashes and None in hashes


def test_the_table_state_has_the_contract_fields_and_only_the_mover_has_legal_actions(client):
    made = new_table(client)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    mover, other, spectator = (state_of(client, table, t) for t in (*tokens, None))
    expected = {"table", "game", "title", "seq", "seat", "seats", "to_move", "over", "status", "view", "screen",
                "legal", "log", "chat", "can_undo"}  # fmt: skip
    assert expected <= set(mover) and "outcome" not in mover
    assert (mover["seat"], other["seat"], spectator["seat"]) == (0, 1, None)
    assert mover["to_move"] == 0 and mover["seq"] == 0
    assert mover["legal"] and other["legal"] == [] and spectator["legal"] == []
    first = mover["legal"][0]
    assert set(first) == {"id", "text", "info", "name", "label"} and first["info"]["decision"] == "excavate"
    assert "seed" not in str(mover.keys()) and "history" not in mover["view"]


def test_a_decision_is_acknowledged_with_the_new_state_and_logged_for_every_viewer(client):
    made = new_table(client)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    before = state_of(client, table, tokens[0])
    action = before["legal"][0]
    after = client.post(f"/api/tables/{table}/actions", json={"token": tokens[0], "seq": 0, "action": action["id"]})
    assert after.status_code == 200
    assert after.json()["seq"] >= 1 and counts(client, table)["actions"] == after.json()["seq"]
    # The mover reads its own decision as it chose it; the other seat as it saw it at the table.
    first = after.json()["log"][0]
    assert first["seq"] == 1 and first["seat"] == 0 and first["text"] == f"Player 1: {action['text']}"
    assert first["stage"] == "Round 1" and first["details"]  # what followed, nested under the decision
    assert state_of(client, table, tokens[1])["log"][0]["text"].startswith("Player 1: ")


@pytest.mark.parametrize(
    ("change", "status", "words"),
    [
        (lambda body, tokens: body | {"token": "forged-token-0123456789"}, 403, "not a seat's"),
        (lambda body, tokens: body | {"token": tokens[1]}, 403, "not your turn"),
        (lambda body, tokens: body | {"token": ""}, 403, "token is needed"),
        (lambda body, tokens: body | {"seq": body["seq"] - 1}, 409, "stale seq"),
        (lambda body, tokens: body | {"seq": body["seq"] + 1}, 409, "stale seq"),
        (lambda body, tokens: body | {"action": 10_000}, 400, "not legal"),
        (lambda body, tokens: body | {"action": "3"}, 400, "action"),
        (lambda body, tokens: body | {"action": True}, 400, "action"),
        (lambda body, tokens: {k: v for k, v in body.items() if k != "seq"}, 400, "seq"),
        (lambda body, tokens: body | {"extra": 1}, 400, "extra"),
    ],
)
def test_a_bad_decision_is_refused_with_a_clear_message_and_changes_nothing(client, change, status, words):
    """Acting with another seat's token, out of turn, with a stale sequence number or an illegal action."""
    made = new_table(client)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    play(client, table, dict(enumerate(tokens)), 1)
    before, stored = state_of(client, table, tokens[0]), counts(client, table)
    seat = before["to_move"]
    body = {
        "token": tokens[seat],
        "seq": before["seq"],
        "action": state_of(client, table, tokens[seat])["legal"][0]["id"],
    }
    turned = {0: tokens[seat], 1: tokens[1 - seat]}
    response = client.post(f"/api/tables/{table}/actions", json=change(body, turned))
    assert response.status_code == status
    assert words in response.json()["error"]
    assert counts(client, table) == stored
    assert state_of(client, table, tokens[0]) == before


def test_malformed_json_is_refused_with_a_clear_message(client):
    made = new_table(client)
    table, tables = made["table"], client.app.state.server.store.table_count()
    response = client.post(
        f"/api/tables/{table}/actions",
        content=b'{"token": "x", "seq": 0,',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400 and "not valid JSON" in response.json()["error"]
    response = client.post("/api/tables", content=b"[1, 2", headers={"content-type": "application/json"})
    assert response.status_code == 400 and "not valid JSON" in response.json()["error"]
    assert client.app.state.server.store.table_count() == tables and counts(client, table)["actions"] == 0


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "players": [{"type": "human"}] * 2}, "unknown game 'chess'"),
        ({"game": MFD, "players": [{"type": "human"}] * 2, "options": {"colour": 1}}, "unknown option 'colour'"),
        ({"game": MFD, "players": [{"type": "human"}] * 2, "options": {"rocks_per_base": 5}}, "rocks_per_base"),
        ({"game": MFD, "players": [{"type": "human"}] * 5}, "2 to 4 players"),
        ({"game": MFD, "players": [{"type": "human"}, {"type": "bot", "level": "godlike"}]}, "level"),
        ({"game": MFD, "players": [{"type": "human"}, {"type": "alien"}]}, "human or bot"),
        ({"game": MFD, "players": [{"type": "human"}] * 2, "seed": 1 << 70}, "seed"),
        ({"game": MFD, "players": [{"type": "human"}] * 2, "seed": "7"}, "seed"),
    ],
)
def test_a_bad_new_table_is_refused_naming_what_is_wrong_and_makes_nothing(client, body, words):
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and words in response.json()["error"]
    assert client.app.state.server.store.table_count() == 0


def test_an_unknown_table_is_404_and_a_forged_token_403_on_reading(client):
    assert client.get("/api/tables/nosuch").status_code == 404
    assert "no table" in client.get("/api/tables/nosuch").json()["error"]
    made = new_table(client)
    response = client.get(f"/api/tables/{made['table']}", params={"token": "forged"})
    assert response.status_code == 403 and "not a seat's" in response.json()["error"]


def test_the_record_is_refused_until_the_game_is_over_then_replays_the_game(client):
    made = new_table(client, players=("human", "easy"))
    table, token = made["table"], made["seats"][0]["token"]
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 403 and "over" in response.json()["error"]
    final = play(client, table, {0: token}, 400)
    assert final["over"] and final["outcome"]["scores"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["seed"] == 7 and len(record["history"]) == final["seq"]
    import dinotable

    assert dinotable.get_game(MFD).from_json(record).scores() == final["outcome"]["scores"]


def test_bots_answer_a_human_move_until_a_human_is_to_move(client):
    made = new_table(client, players=("human", "easy", "medium"))
    table, token = made["table"], made["seats"][0]["token"]
    state = play(client, table, {0: token}, 6)
    assert state["to_move"] == 0 or state["over"]
    movers = {line["text"].split(":")[0] for line in state["log"]}
    assert {"Easy bot", "Medium bot"} <= movers  # bots are named by their level


def test_a_bot_in_the_first_seat_moves_as_soon_as_the_table_is_made(client):
    made = new_table(client, players=("easy", "human"))
    state = state_of(client, made["table"], made["seats"][1]["token"])
    assert state["seq"] >= 1 and state["to_move"] == 1


def test_the_websocket_pushes_each_change_as_the_seat_sees_it(client):
    made = new_table(client)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws:
        first = ws.receive_json()
        assert first["seq"] == 0 and first["seat"] == 1 and first["legal"] == []
        mover = state_of(client, table, tokens[0])
        client.post(
            f"/api/tables/{table}/actions", json={"token": tokens[0], "seq": 0, "action": mover["legal"][0]["id"]}
        )
        pushed = ws.receive_json()
        assert pushed == state_of(client, table, tokens[1])
        assert pushed["seq"] >= 1 and pushed["log"]
        ws.send_text("state")  # any message asks for the full state again
        assert ws.receive_json() == pushed


def test_the_websocket_refuses_a_forged_token_and_an_unknown_table(client):
    made = new_table(client)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token=forged") as ws:
        assert "not a seat's" in ws.receive_json()["error"]
    with client.websocket_connect("/ws/tables/nosuch") as ws:
        assert "no table" in ws.receive_json()["error"]


def test_a_seat_shows_as_connected_while_its_websocket_is_open(client):
    made = new_table(client)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws:
        ws.receive_json()
        seats = state_of(client, table)["seats"]
        assert [s["connected"] for s in seats] == [True, False]
    assert [s["connected"] for s in state_of(client, table)["seats"]] == [False, False]


def test_the_lobby_lists_the_tables_of_the_tokens_given(client):
    one, two = new_table(client), new_table(client, players=("human", "easy"))
    tokens = f"{one['seats'][1]['token']},{two['seats'][0]['token']},forged"
    listed = {t["table"]: t for t in client.get("/api/tables", params={"tokens": tokens}).json()}
    assert set(listed) == {one["table"], two["table"]}
    assert listed[one["table"]]["seat"] == 1 and listed[one["table"]]["your_turn"] is False
    assert listed[one["table"]]["to_move_name"] == "Player 1"
    assert listed[two["table"]]["your_turn"] is True and listed[two["table"]]["title"] == "My Funny Dinos"
    assert client.get("/api/tables").json() == []


def test_chat_is_stored_as_plain_text_and_length_limited(client):
    made = new_table(client)
    table, token = made["table"], made["seats"][1]["token"]
    markup = "<script>alert(1)</script> <b>hi</b>"
    response = client.post(f"/api/tables/{table}/chat", json={"token": token, "text": markup})
    assert response.status_code == 200
    assert [(c["seat"], c["name"], c["text"]) for c in response.json()["chat"]] == [(1, "Player 2", markup)]
    too_long = client.post(f"/api/tables/{table}/chat", json={"token": token, "text": "x" * 301})
    assert too_long.status_code == 400 and "at most 300" in too_long.json()["error"]
    spectator = client.post(f"/api/tables/{table}/chat", json={"token": "", "text": "hello"})
    assert spectator.status_code == 403
    assert counts(client, table)["chat"] == 1


def test_undo_takes_back_a_decision_that_revealed_nothing_within_the_seats_own_turn(client):
    """My Funny Dinos: an excavation uses chance (it cannot be taken back); a restoration's choices can."""
    made = new_table(client, seed=3)
    table, tokens = made["table"], tokens_of(made)
    state = state_of(client, table)
    taken_back = refused = 0
    for _ in range(200):
        if state["over"] or taken_back:
            break
        seat = state["to_move"]
        mine = state_of(client, table, tokens[seat])
        body = {"token": tokens[seat], "seq": mine["seq"], "action": mine["legal"][-1]["id"]}
        after = client.post(f"/api/tables/{table}/actions", json=body).json()
        undo = client.post(f"/api/tables/{table}/undo", json={"token": tokens[seat], "seq": after["seq"]})
        if after["can_undo"]:
            assert undo.status_code == 200 and undo.json()["seq"] == mine["seq"]
            assert undo.json()["view"] == mine["view"] and undo.json()["log"] == mine["log"]
            assert counts(client, table)["actions"] == mine["seq"]
            taken_back += 1
            after = client.post(f"/api/tables/{table}/actions", json=body).json()
        else:
            assert undo.status_code == 400 and "cannot take back" in undo.json()["error"]
            refused += 1
        state = after
    assert taken_back and refused


def test_bots_decide_the_same_in_a_worker_process_as_in_a_thread(tmp_path):
    """Bots think off the event loop (`dinotable serve` uses a process pool); each decision's agent is seeded
    from the table, so where it thinks changes nothing."""
    seen = []
    for workers in (0, 1):
        with client_for(f"sqlite:///{tmp_path}/bots{workers}.db", bot_workers=workers) as client:
            made = new_table(client, players=("human", "hard", "medium"), seed=21)
            play(client, made["table"], tokens_of(made), 4)
            seen.append({k: v for k, v in state_of(client, made["table"], tokens_of(made)[0]).items() if k != "table"})
            assert (client.app.state.server.bots.pool is not None) == bool(workers)
    assert seen[0] == seen[1] and seen[0]["seq"] > 4


def test_leaving_needs_the_seats_own_token_and_a_known_level(client):
    made = new_table(client)
    table, tokens = made["table"], tokens_of(made)
    stored = counts(client, table)
    forged = client.post(f"/api/tables/{table}/leave", json={"token": "forged", "level": "easy"})
    assert forged.status_code == 403
    unknown = client.post(f"/api/tables/{table}/leave", json={"token": tokens[0], "level": "godlike"})
    assert unknown.status_code == 400 and "level" in unknown.json()["error"]
    assert counts(client, table) == stored and state_of(client, table)["seats"][0]["type"] == "human"


def test_the_pages_and_the_openapi_description_are_served(client):
    """GET / is the lobby, GET /t/{table} the table page (the browser client's files), and the API is
    described at /openapi.json."""
    assert client.get("/").status_code == 200 and "text/html" in client.get("/").headers["content-type"]
    made = new_table(client)
    page = client.get(f"/t/{made['table']}", params={"token": made["seats"][0]["token"]})
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/actions"} <= set(paths)
    assert client.get("/no/such/page").json() == {"error": "Not Found"}


def test_the_lobby_refuses_too_many_tokens_at_once(client):
    response = client.get("/api/tables", params={"tokens": ",".join(["t"] * 201)})
    assert response.status_code == 400 and "at most 200" in response.json()["error"]
