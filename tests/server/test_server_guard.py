"""Headers, origins and odd input at the edge (issue 31, "Headers and origins" and the smaller findings):
every answer says nosniff, no framing and no referrer, the pages get a Content-Security-Policy, a page of
another site may not open a table's WebSocket, and text that is not one line of valid Unicode is refused
with a JSON error that names the field, changing nothing."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import client_for, new_table, tokens_of

SAFE = {"x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer"}


@pytest.mark.parametrize("path", ["/", "/t/abc", "/r/abc", "/static/js/table.js", "/api/games", "/api/tables/nope"])
def test_every_answer_carries_the_safety_headers_and_pages_a_policy(client, path):
    response = client.get(path)
    for name, value in SAFE.items():
        assert response.headers[name] == value
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "'unsafe-eval'" not in policy


def test_the_api_pages_load_their_own_scripts_so_go_without_the_policy(client):
    response = client.get("/docs")
    assert response.status_code == 200 and "content-security-policy" not in response.headers
    assert response.headers["x-frame-options"] == "DENY"


def test_a_page_of_another_site_may_not_watch_a_table(sqlite_url):
    with client_for(sqlite_url, origins=["https://friends.example"]) as client:
        table = new_table(client)["table"]
        with client.websocket_connect(f"/ws/tables/{table}", headers={"origin": "https://evil.example"}) as ws:
            assert "may not watch tables of this server" in ws.receive_json()["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        for origin in ("http://testserver", "https://friends.example"):  # its own pages, and those allowed
            with client.websocket_connect(f"/ws/tables/{table}", headers={"origin": origin}) as ws:
                assert ws.receive_json()["table"] == table
        with client.websocket_connect(f"/ws/tables/{table}") as ws:  # no browser, no Origin: the token decides
            assert ws.receive_json()["table"] == table


def test_a_binary_message_closes_the_socket_saying_why(client):
    table = new_table(client)["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json() == {"error": "a binary message means nothing here: send text"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("hi\x7f", "U+007F"),
        ("h\x85i", "U+0085"),
        ("one\u2028two", "U+2028"),
        ("\u202eevil", "U+202E"),
        ("\u2066isolated", "U+2066"),
    ],
)
def test_chat_is_one_line_of_plain_text(client, text, named):
    made = new_table(client)
    table, tokens = made["table"], tokens_of(made)
    before = client.app.state.server.store.counts(table)
    response = client.post(f"/api/tables/{table}/chat", json={"token": tokens[0], "text": text})
    assert response.status_code == 400
    assert response.json()["error"] == (
        f"text: a chat line is one line of plain text: it holds a control or direction character ({named}): "
        "one line of plain text is wanted"
    )
    assert client.app.state.server.store.counts(table) == before
    fine = client.post(f"/api/tables/{table}/chat", json={"token": tokens[0], "text": "ça va? 🦕\tyes"})
    assert fine.status_code == 200


@pytest.mark.parametrize("field", ["text", "token"])
def test_a_lone_surrogate_is_refused_at_the_edge_as_json(client, field):
    made = new_table(client)
    table, tokens = made["table"], tokens_of(made)
    body = {"token": f'"{tokens[0]}"', "text": '"hello"'} | {field: '"a\\ud800"'}
    raw = "{" + ", ".join(f'"{k}": {v}' for k, v in body.items()) + "}"
    before = client.app.state.server.store.counts(table)
    response = client.post(f"/api/tables/{table}/chat", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"].startswith(f"{field}: ") and "lone surrogate" in response.json()["error"]
    assert client.app.state.server.store.counts(table) == before


def test_a_number_too_long_to_read_gets_a_json_error(client):
    made = new_table(client)
    raw = '{"token": "x", "seq": ' + "9" * 5000 + ', "action": 1}'
    response = client.post(
        f"/api/tables/{made['table']}/actions", content=raw, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert "could not be read as JSON" in response.json()["error"]


def test_an_error_quotes_only_a_short_prefix_of_what_was_sent(client):
    response = client.post("/api/tables", json={"game": "x" * 10_000, "players": [{"type": "human"}] * 2})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error.startswith("unknown game 'xxx") and "..." in error and len(error) < 200
