"""Names and rematches at a table (issue 30, "Names" and "After the game"): each person names their seat,
bots are named by level, and a finished table starts a rematch to which each person's old link leads."""

from __future__ import annotations

import pytest

from .helpers import new_table, play, state_of, tokens_of

MFD = "my-funny-dinos"


def test_people_name_their_seats_and_bots_are_named_by_level(client):
    made = new_table(client, players=("human", "human", "hard", "hard"), names=["Ana", None])
    assert [s["name"] for s in made["seats"]] == ["Ana", "Player 2", "Hard bot", "Hard bot 2"]
    table, tokens = made["table"], tokens_of(made)
    state = state_of(client, table, tokens[1])
    assert state["heading"] == "My Funny Dinos: Ana, Player 2, Hard bot and Hard bot 2"
    assert table not in state["heading"]
    assert "Ana excavates" in state["status"]  # the seat to move, by name
    state = play(client, table, tokens, 3)
    lines = [line["text"] for line in state_of(client, table, tokens[0])["log"]]
    assert lines and all(not line.lower().startswith("player 1") for line in lines)
    assert any(line.startswith("Ana: ") for line in lines)
    listed = client.get("/api/tables", params={"tokens": tokens[0]}).json()
    assert listed[0]["heading"] == state["heading"]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([{"type": "human", "name": ""}, {"type": "human"}], "players.0.name: a name needs some text"),
        ([{"type": "human", "name": "A" * 25}, {"type": "human"}], "players.0.name: a name is at most 24 characters"),
        ([{"type": "human", "name": "Ana\u0007"}, {"type": "human"}], "no line breaks or control characters"),
        ([{"type": "human", "name": "Ana"}, {"type": "human", "name": "ANA"}], "'ANA' is already another seat's name"),
        ([{"type": "human"}, {"type": "bot", "level": "easy", "name": "Rex"}], "a bot is named by its level"),
        ([{"type": "human", "name": "Player 2"}, {"type": "human"}], "players.1.name: 'Player 2' is already"),
    ],
)
def test_a_bad_name_makes_no_table_and_says_why(client, players, message):
    tables_before = client.app.state.server.store.table_count()
    response = client.post("/api/tables", json={"game": MFD, "players": players})
    assert response.status_code == 400 and message in response.json()["error"]
    assert client.app.state.server.store.table_count() == tables_before


def test_a_seat_may_change_its_name_only_before_its_first_decision(client):
    made = new_table(client, players=("human", "human"))
    table, tokens = made["table"], tokens_of(made)
    assert state_of(client, table, tokens[0])["can_rename"] is True
    assert state_of(client, table)["can_rename"] is False  # a spectator has no name to change
    renamed = client.post(f"/api/tables/{table}/name", json={"token": tokens[1], "name": "Ben"})
    assert renamed.status_code == 200 and renamed.json()["seats"][1]["name"] == "Ben"
    play(client, table, tokens, 1)  # seat 1 (Player 1) decides
    # Seat 2 has not decided yet: its new name reaches every line told so far.
    again = client.post(f"/api/tables/{table}/name", json={"token": tokens[1], "name": "Benedict"})
    assert again.status_code == 200
    assert "Ben " not in " ".join(line["text"] + " " for line in again.json()["log"])
    counts = client.app.state.server.store.counts(table)
    refused = client.post(f"/api/tables/{table}/name", json={"token": tokens[0], "name": "Ana"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "name: a name may be changed only before your first decision"
    taken = client.post(f"/api/tables/{table}/name", json={"token": tokens[1], "name": "player 1"})
    assert taken.status_code == 400 and "already another seat's name" in taken.json()["error"]
    empty = client.post(f"/api/tables/{table}/name", json={"token": tokens[1], "name": " "})
    assert empty.status_code == 400 and empty.json()["error"] == "name: a name needs some text"
    forged = client.post(f"/api/tables/{table}/name", json={"token": "forged", "name": "Eve"})
    assert forged.status_code == 403
    assert client.app.state.server.store.counts(table) == counts  # nothing written by a refusal


def test_a_rematch_has_the_same_seats_and_each_old_link_leads_to_its_new_seat(client):
    made = new_table(client, players=("human", "human", "easy"), names=["Ana", "Ben"], seed=3)
    table, tokens = made["table"], tokens_of(made)
    early = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]})
    assert early.status_code == 400 and early.json()["error"] == "a rematch starts once the game is over"
    final = play(client, table, tokens, 600)
    assert final["over"] and final["rematch"] is None
    first = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json()
    new = first["table"]
    assert new != table and first["seat"] == 0 and first["url"] == f"/t/{new}?token={first['token']}"
    assert state_of(client, table)["rematch"] == new  # every page of the old table is told
    second = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[1]}).json()
    assert second["table"] == new and second["seat"] == 1
    assert client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json() == first  # the same link
    watcher = client.post(f"/api/tables/{table}/rematch", json={}).json()
    assert watcher == {"table": new, "spectator_url": f"/t/{new}"}
    mine = state_of(client, new, first["token"])
    assert mine["seat"] == 0 and [s["name"] for s in mine["seats"]] == ["Ana", "Ben", "Easy bot"]
    assert mine["seats"][2]["level"] == "easy" and not mine["over"] and mine["seq"] == 0
    assert state_of(client, new, second["token"])["seat"] == 1
    for old in tokens.values():  # an old token is no seat at the new table
        assert client.get(f"/api/tables/{new}", params={"token": old}).status_code == 403
    forged = client.post(f"/api/tables/{table}/rematch", json={"token": "forged"})
    assert forged.status_code == 403
