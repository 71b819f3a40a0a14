"""People at a table (issue 30): each person names their seat and bots are named by level; a seat takes back
its whole turn or is told why not; the others' last decisions are marked; a finished table shows the score
over the rounds and starts a rematch to which each person's old link leads."""

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
    spectator = client.post(f"/api/tables/{table}/rematch", json={})
    assert spectator.status_code == 403 and "only a player at the table starts a rematch" in spectator.json()["error"]
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


def test_a_seat_takes_back_its_whole_turn_and_a_refusal_says_exactly_why(client):
    """Take back (issue 30, "Confirm and take back"): the seat's decisions since it came to move, back to
    the first that used chance or showed something hidden; the button's state says how many, or why none."""
    import random

    made = new_table(client, game="dinogenics", players=("human", "human"), seed=4)
    table, tokens = made["table"], tokens_of(made)
    rng = random.Random(2)
    whole = refused = None
    seen = {}  # the mover's view at each decision
    state = state_of(client, table)
    for _ in range(400):
        if state["over"] or (whole and refused):
            break
        seat = state["to_move"]
        mine = state_of(client, table, tokens[seat])
        undo = mine["undo"]
        seen[mine["seq"]] = mine["view"]
        assert undo is not None and mine["can_undo"] == (undo["decisions"] > 0)
        assert state_of(client, table, tokens[1 - seat])["undo"] is None  # no button off one's turn
        if undo["decisions"] >= 2 and whole is None:
            whole = mine
            back = client.post(f"/api/tables/{table}/undo", json={"token": tokens[seat], "seq": mine["seq"]})
            assert back.status_code == 200 and back.json()["seq"] == mine["seq"] - undo["decisions"]
            assert all(entry["seq"] <= back.json()["seq"] for entry in back.json()["log"])
            assert back.json()["view"] == seen[back.json()["seq"]]  # as it was when the turn began
            mine = state_of(client, table, tokens[seat])
        elif undo["decisions"] == 0 and mine["seq"] > 0 and refused is None and "chance" in (undo["why"] or ""):
            refused = undo["why"]
            counts = client.app.state.server.store.counts(table)
            no = client.post(f"/api/tables/{table}/undo", json={"token": tokens[seat], "seq": mine["seq"]})
            assert no.status_code == 400 and no.json()["error"] == f"cannot take back your turn: {refused}"
            assert client.app.state.server.store.counts(table) == counts
        body = {"token": tokens[seat], "seq": mine["seq"], "action": rng.choice(mine["legal"])["id"]}
        assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200
        state = state_of(client, table)
    assert whole is not None, "no turn of two decisions or more came up"
    assert refused == "chance was used (a die rolled or cards shuffled)"


def test_the_others_last_decisions_are_told_until_the_viewers_next_one(client):
    made = new_table(client, players=("human", "human", "human"), seed=2)
    table, tokens = made["table"], tokens_of(made)
    play(client, table, tokens, 2)  # seats 1 and 2 decide
    mine = state_of(client, table, tokens[2])
    assert [(m["seat"], m["seq"]) for m in mine["last_moves"]] == [(0, 1), (1, 2)]
    for move in mine["last_moves"]:
        told = next(e for e in mine["log"] if e["seq"] == move["seq"])
        assert move["text"] == told["text"]
        assert move["info"] is not None  # an excavation is public: its spot is marked
    spectator = state_of(client, table)
    assert [m["seat"] for m in spectator["last_moves"]] == [0, 1]
    play(client, table, tokens, 1)  # seat 3 decides: what came before it is no longer marked for it
    assert state_of(client, table, tokens[2])["last_moves"] == []
    assert [m["seat"] for m in state_of(client, table, tokens[0])["last_moves"]] == [1, 2]


@pytest.mark.parametrize(("game", "players"), [(MFD, ("human", "easy")), ("tiny-epic-dinosaurs", ("human",))])
def test_a_finished_table_has_the_score_over_the_rounds_ending_at_the_final_scores(client, game, players):
    made = new_table(client, game=game, players=players, seed=5)
    table, tokens = made["table"], tokens_of(made)
    assert "score_history" not in state_of(client, table)
    final = play(client, table, tokens, 2000)
    assert final["over"]
    history = final["score_history"]
    assert history["round_word"] == "Round"
    rounds = history["rounds"]
    assert rounds == sorted(rounds) and len(rounds) >= 2 and len(set(rounds)) == len(rounds)
    seats = [row for row in history["rows"] if "seat" in row]
    assert [row["seat"] for row in seats] == list(range(len(players)))
    assert all(len(row["points"]) == len(rounds) for row in history["rows"])
    assert [row["points"][-1] for row in seats] == final["outcome"]["scores"]
    if game != MFD:
        assert [row["automaton"] for row in history["rows"] if "automaton" in row] == ["Rival"]
