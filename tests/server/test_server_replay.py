"""The replay of a finished table (docs/server.md, GET /api/tables/{table}/replay): refused before the end,
every step the spectator's view of the record replayed to that step, steps out of range refused."""

from __future__ import annotations

import json

import dinotable

from .helpers import new_table, play, state_of, tokens_of


def finished_table(client) -> str:
    """A My Funny Dinos table of two easy bots: they play it to the end while someone watches."""
    table = new_table(client, players=("easy", "easy"), seed=11)["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.receive_json()
        assert state_of(client, table)["over"]
    return table


def test_a_table_is_replayed_only_once_its_game_is_over(client):
    made = new_table(client)
    table = made["table"]
    play(client, table, tokens_of(made), 2)
    response = client.get(f"/api/tables/{table}/replay", params={"step": 1})
    assert response.status_code == 403
    assert "only once its game is over" in response.json()["error"]


def test_every_step_is_the_spectators_view_of_the_record_replayed_to_that_step(client):
    table = finished_table(client)
    record = client.get(f"/api/tables/{table}/record").json()
    game = dinotable.get_game(record["game"])
    final = state_of(client, table)
    history = game.from_json(record).history
    state = game.new_game(len(final["seats"]), record["seed"], record["options"])
    assert len(history) == final["seq"] > 0
    for step in range(len(history) + 1):
        if step:
            state.apply(history[step - 1])
        doc = client.get(f"/api/tables/{table}/replay", params={"step": step}).json()
        assert (doc["step"], doc["seq"], doc["steps"], doc["seat"]) == (step, step, len(history), None)
        assert doc["view"] == json.loads(json.dumps(state.view(None))), f"step {step}"
        assert doc["legal"] == [] and doc["over"] == state.is_over
        # The log is the spectator's, up to this step and no further.
        assert doc["log"] == [entry for entry in final["log"] if entry["seq"] <= step]
    assert doc["outcome"] == final["outcome"] and doc["log"] == final["log"]


def test_a_step_out_of_range_is_refused_naming_the_range(client):
    table = finished_table(client)
    steps = state_of(client, table)["seq"]
    for step in (-1, steps + 1):
        response = client.get(f"/api/tables/{table}/replay", params={"step": step})
        assert response.status_code == 400
        assert response.json()["error"] == f"step {step} is out of range: this game's steps are 0 to {steps}"
    assert client.get(f"/api/tables/{table}/replay", params={"step": "two"}).status_code == 400
    assert client.get("/api/tables/nosuchtable/replay").status_code == 404
