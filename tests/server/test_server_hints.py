"""Hints at a table that allows them (docs/server.md, "Analysis and hints"): refused when not allowed, not
the seat's turn, over or stale, with nothing written; the answer is the asker's alone (three or fewer of its
legal choices, the same as on a copy determinized for it), counted once per decision, durably, and the
count is pushed to every watcher while the hint never reaches another seat, a spectator, the log or the
record."""

from __future__ import annotations

import json
import logging

import pytest

import dinotable
from dinotable.analysis.hints import hint
from dinotable.server.hints import hint_seed

from .helpers import client_for, new_table, play, state_of, tokens_of

SEED = 7


def hint_table(client, players=("human", "human"), game="my-funny-dinos", seed=SEED, hints=True) -> dict:
    """Makes a table that allows hints (or not)."""
    seats = [{"type": "human"} if p == "human" else {"type": "bot", "level": p} for p in players]
    response = client.post("/api/tables", json={"game": game, "players": seats, "seed": seed, "hints": hints})
    assert response.status_code == 200, response.text
    return response.json()


def ask(client, table: str, token: str, seq: int):
    return client.post(f"/api/tables/{table}/hint", json={"token": token, "seq": seq})


def without_hints(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "hints"}


def test_every_table_state_says_whether_hints_are_allowed_and_how_many_each_seat_used(client):
    for allowed in (False, True):
        made = hint_table(client, hints=allowed)
        for token in (None, *tokens_of(made).values()):
            assert state_of(client, made["table"], token)["hints"] == {"allowed": allowed, "used": [0, 0]}
    assert new_table(client)["table"]  # a table made without saying allows none
    bad = client.post("/api/tables", json={"game": "my-funny-dinos", "players": [{"type": "human"}], "hints": "yes"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("hints:")


def test_a_hint_is_refused_when_not_allowed_not_your_turn_stale_or_not_a_seat_and_nothing_is_written(client):
    closed = hint_table(client, hints=False)
    made = hint_table(client)
    cases = [
        (closed, 0, 0, 403, "hints are not allowed at this table"),
        (made, 1, 0, 403, "a hint is for your own turn: Player 1 is to move"),
        (made, 0, 1, 409, "stale seq 1: the table is at seq 0"),
    ]
    for table_made, seat, seq, status, words in cases:
        table = table_made["table"]
        before = client.app.state.server.store.counts(table)
        response = ask(client, table, tokens_of(table_made)[seat], seq)
        assert response.status_code == status and words in response.json()["error"], response.text
        assert client.app.state.server.store.counts(table) == before
        assert state_of(client, table)["hints"]["used"] == [0, 0]
    assert ask(client, made["table"], "", 0).status_code == 403  # a spectator
    forged = ask(client, made["table"], "forged", 0)
    assert forged.status_code == 403 and "not a seat's" in forged.json()["error"]
    assert client.post(f"/api/tables/{made['table']}/hint", json={"token": "x"}).status_code == 400


def test_a_hint_is_refused_once_the_game_is_over_and_a_rematch_allows_hints_too(client):
    made = hint_table(client, players=("human", "easy"))
    table, tokens = made["table"], tokens_of(made)
    final = play(client, table, tokens, 1000)
    assert final["over"]
    response = ask(client, table, tokens[0], final["seq"])
    assert response.status_code == 403 and response.json()["error"].startswith("the game is over")
    rematch = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json()
    assert state_of(client, rematch["table"])["hints"] == {"allowed": True, "used": [0, 0]}
    replay = client.get(f"/api/tables/{table}/replay", params={"step": 1}).json()
    assert replay["hints"]["allowed"] is True


def test_a_hint_is_three_of_the_askers_legal_choices_at_most_counted_once_per_decision(db_url):
    """On SQLite and on PostgreSQL."""
    with client_for(db_url) as client:
        made = hint_table(client)
        table, tokens = made["table"], tokens_of(made)
        mine = state_of(client, table, tokens[0])
        first = ask(client, table, tokens[0], 0)
        assert first.status_code == 200, first.text
        answer = first.json()
        assert answer["seq"] == 0 and 1 <= len(answer["choices"]) <= 3
        legal_texts = {a["text"] for a in mine["legal"]}
        for choice in answer["choices"]:
            assert set(choice) == {"text", "chance"}  # no action ids: the client would not know them
            assert choice["text"] in legal_texts
            assert choice["chance"] is None or 0 <= choice["chance"] <= 1
        revision = client.app.state.server.store.counts(table)["revision"]
        again = ask(client, table, tokens[0], 0)
        assert again.json() == answer  # the same hint, counted once
        assert client.app.state.server.store.counts(table)["revision"] == revision
        assert state_of(client, table)["hints"]["used"] == [1, 0]
        after = state_of(client, table, tokens[0])
        assert (after["seq"], after["to_move"], after["log"]) == (mine["seq"], mine["to_move"], mine["log"])
        play(client, table, tokens, 1)
        seat = state_of(client, table)["to_move"]
        assert ask(client, table, tokens[seat], 1).status_code == 200
        used = [1, 0]
        used[seat] += 1
        assert state_of(client, table)["hints"]["used"] == used
        assert client.app.state.server.store.counts(table)["hints"] == 2
    with client_for(db_url) as second:  # a restart: the counts are kept
        for token in (None, *tokens.values()):
            assert state_of(second, table, token)["hints"] == {"allowed": True, "used": used}


@pytest.mark.timeout(60)
def test_every_watcher_sees_the_count_and_no_other_seat_ever_receives_the_hint(client, caplog):
    made = hint_table(client)
    table, tokens = made["table"], tokens_of(made)
    viewers = {"asker": tokens[0], "other": tokens[1], "spectator": None}
    with (
        caplog.at_level(logging.DEBUG),
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as asker,
    ):
        asker.receive_json()
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as other:
            other.receive_json()
            assert asker.receive_json() == {"presence": [0, 1]}
            with client.websocket_connect(f"/ws/tables/{table}") as spectator:
                spectator.receive_json()
                before = {name: state_of(client, table, token) for name, token in viewers.items()}
                answer = ask(client, table, tokens[0], 0).json()
                texts = [c["text"] for c in answer["choices"]]
                sockets = {"asker": asker, "other": other, "spectator": spectator}
                for name, ws in sockets.items():
                    pushed = ws.receive_json()
                    assert pushed["hints"] == {"allowed": True, "used": [1, 0]}, name
                    assert without_hints(pushed) == without_hints(before[name]), f"{name}: only the count changed"
                    assert pushed == state_of(client, table, viewers[name])
                    if name != "asker":
                        raw, earlier = json.dumps(pushed), json.dumps(before[name])
                        assert texts and not [t for t in texts if t in raw and t not in earlier], name
    assert not [t for t in texts if t in caplog.text]  # nor the server's log


@pytest.mark.parametrize("game", ["my-funny-dinos", "tiny-epic-dinosaurs"])
def test_a_hint_is_the_same_as_on_a_copy_determinized_for_the_seat(client, game):
    made = hint_table(client, game=game)
    table, tokens = made["table"], tokens_of(made)
    played = play(client, table, tokens, 3)
    seat, seq = played["to_move"], played["seq"]
    answer = ask(client, table, tokens[seat], seq).json()
    truth = client.app.state.server.live[table].state
    assert len(truth.history) == seq
    for copy in (truth, truth.determinize(seat, 12_345), truth.determinize(seat, 99)):
        expected = hint(copy, seat, hint_seed(SEED, seat, seq), seconds=None)
        assert answer["choices"] == [{"text": c["text"], "chance": c["chance"]} for c in expected]


def test_hints_never_change_the_record(client):
    """Two tables of the same seed, the same decisions: one with a hint asked at every third decision, one
    without; their records and logs are the same."""
    records, logs = [], []
    for hints in (True, False):
        made = hint_table(client, hints=hints)
        table, tokens = made["table"], tokens_of(made)
        state = state_of(client, table)
        asked = 0
        while not state["over"]:
            token = tokens[state["to_move"]]
            mine = client.get(f"/api/tables/{table}", params={"token": token}).json()
            if hints and mine["seq"] % 3 == 0:
                assert ask(client, table, token, mine["seq"]).status_code == 200
                asked += 1
            body = {"token": token, "seq": mine["seq"], "action": mine["legal"][0]["id"]}
            state = client.post(f"/api/tables/{table}/actions", json=body).json()
        records.append(client.get(f"/api/tables/{table}/record").json())
        logs.append(state["log"])
        assert sum(state["hints"]["used"]) == asked and (asked > 0) == hints
    assert records[0] == records[1] and logs[0] == logs[1]
    assert set(records[0]) <= {"game", "version", "num_players", "options", "seed", "history", "names"}
    assert dinotable.get_game("my-funny-dinos").from_json(records[0]).is_over


@pytest.mark.timeout(120)
def test_a_hint_is_made_in_the_worker_processes_of_a_served_table(sqlite_url):
    """As `dinotable serve` makes it: in a bot process, from the seat's copy of the table."""
    with client_for(sqlite_url, bot_workers=2) as client:
        made = hint_table(client)
        table, tokens = made["table"], tokens_of(made)
        answer = ask(client, table, tokens[0], 0).json()
        truth = client.app.state.server.live[table].state
        expected = hint(truth, 0, hint_seed(SEED, 0, 0), seconds=None)
        assert answer["choices"] == [{"text": c["text"], "chance": c["chance"]} for c in expected]
        assert client.app.state.server.bots.pool is not None
