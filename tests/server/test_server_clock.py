"""Clocks: a time bank per human seat, read from when each decision was written; a seat out of time may be
handed to a bot by the others, and the result says so. The server's time is moved on by the tests (no
waiting): `server.now` is what the clocks read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from dinotable.server.clock import ClockRule, read_clock, words

from .helpers import client_for, new_table, play, state_of, tokens_of

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class Time:
    """A server clock the test moves on by hand."""

    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at

    def wait(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def timed(db_url):
    with client_for(db_url) as client:
        time = Time()
        client.app.state.server.now = time
        yield client, time


def act(client, table, token, pick=0):
    mine = state_of(client, table, token)
    body = {"token": token, "seq": mine["seq"], "action": mine["legal"][pick]["id"]}
    response = client.post(f"/api/tables/{table}/actions", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_seat_spends_its_bank_while_it_is_to_move_and_gains_the_increment_per_decision(timed):
    client, time = timed
    made = new_table(client, players=("human", "human"), clock={"bank": 600, "increment": 5})
    table, tokens = made["table"], tokens_of(made)
    clock = state_of(client, table)["clock"]
    assert clock == {"bank": 600, "increment": 5, "left": [600, 600], "running": 0, "since": clock["since"]}
    assert datetime.fromisoformat(clock["since"]) == T0
    time.wait(100)
    after = act(client, table, tokens[0])["clock"]
    assert after["left"][0] == pytest.approx(505)  # 600 - 100 + 5
    assert after["left"][1] == 600
    assert datetime.fromisoformat(after["since"]) == T0 + timedelta(seconds=100)
    assert after["running"] == state_of(client, table)["to_move"]


def test_bots_have_no_clock_and_the_clock_stops_when_a_bot_is_to_move(timed):
    client, _time = timed
    made = new_table(client, players=("medium", "human"), clock={"bank": 300})
    state = state_of(client, made["table"])
    assert state["clock"]["left"][0] is None
    assert state["clock"]["left"][1] == 300
    assert state["clock"]["running"] == (1 if state["to_move"] == 1 else None)


def test_time_spent_on_a_decision_taken_back_still_counts(timed):
    client, time = timed
    made = new_table(client, players=("human", "human"), clock={"bank": 600})
    table, tokens = made["table"], tokens_of(made)
    # My Funny Dinos: play until the seat to move may take back its own last decision.
    decisions = 0
    for _ in range(40):
        decisions += 1
        time.wait(10)
        state = act(client, table, tokens[state_of(client, table)["to_move"]])
        if state["can_undo"]:
            break
    else:
        pytest.skip("no decision that may be taken back in this game's first 40")
    seat, seq = state["seat"], state["seq"]
    before = state["clock"]["left"][seat]
    time.wait(50)
    undone = client.post(f"/api/tables/{table}/undo", json={"token": tokens[seat], "seq": seq}).json()
    # The clock runs from the decision before the one taken back: its 10 s and the 50 s since both count.
    assert undone["clock"]["running"] == seat
    assert datetime.fromisoformat(undone["clock"]["since"]) == T0 + timedelta(seconds=10 * (decisions - 1))
    assert undone["clock"]["left"][seat] == pytest.approx(before + 10)


def test_the_clock_survives_a_restart(db_url):
    time = Time()
    with client_for(db_url) as client:
        client.app.state.server.now = time
        made = new_table(client, players=("human", "human"), clock={"bank": 3 * 86_400, "increment": 86_400})
        time.wait(3_600)
        first = act(client, made["table"], tokens_of(made)[0])["clock"]
    with client_for(db_url) as client:
        assert state_of(client, made["table"])["clock"] == first
    assert first["left"][0] == pytest.approx(4 * 86_400 - 3_600)


def test_a_seat_out_of_time_may_be_handed_to_a_bot_by_another_seat_and_the_result_says_so(timed):
    client, time = timed
    made = new_table(client, players=("human", "human"), clock={"bank": 120})
    table, tokens = made["table"], tokens_of(made)
    to_move = state_of(client, table)["to_move"]
    other = 1 - to_move
    time.wait(119)
    early = client.post(f"/api/tables/{table}/timeout", json={"token": tokens[other]})
    assert early.status_code == 400
    assert early.json()["error"] == f"{made['seats'][to_move]['name']} still has 1 s"
    time.wait(2)
    own = client.post(f"/api/tables/{table}/timeout", json={"token": tokens[to_move]})
    assert own.status_code == 403 and "leave the table instead" in own.json()["error"]
    spectator = client.post(f"/api/tables/{table}/timeout", json={"token": ""})
    assert spectator.status_code == 403
    handed = client.post(f"/api/tables/{table}/timeout", json={"token": tokens[other], "level": "easy"})
    assert handed.status_code == 200, handed.text
    seat_doc = state_of(client, table)["seats"][to_move]
    assert seat_doc["type"] == "bot" and seat_doc["took_over"] and seat_doc["out_of_time"]
    assert seat_doc["level"] == "easy"
    # The timed-out player's token works no more; the game plays on to the end with the bot in the seat.
    gone = client.post(f"/api/tables/{table}/chat", json={"token": tokens[to_move], "text": "hello"})
    assert gone.status_code == 403
    final = play(client, table, {other: tokens[other]}, 2_000)
    assert final["over"]
    assert final["outcome"]["out_of_time"] == [made["seats"][to_move]["name"]]
    assert final["outcome"]["bots_took_over"] == [made["seats"][to_move]["name"]]


def test_handing_over_is_refused_without_a_clock_and_changes_nothing(timed):
    client, time = timed
    made = new_table(client, players=("human", "human"))
    table, tokens = made["table"], tokens_of(made)
    assert state_of(client, table)["clock"] is None
    counts = client.app.state.server.store.counts(table)
    time.wait(10**7)
    refused = client.post(
        f"/api/tables/{table}/timeout", json={"token": tokens[1 - state_of(client, table)["to_move"]]}
    )
    assert refused.status_code == 400
    assert refused.json()["error"] == "this table has no clock, so no one runs out of time"
    assert client.app.state.server.store.counts(table) == counts


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        ({"bank": 10}, "clock.bank: a time bank is 60 s to 30 days, not 10 s"),
        ({"bank": 600, "increment": -1}, "clock.increment: the time added per decision is 0 to 7 days, not -1 s"),
        ({"bank": "600"}, "clock.bank: Input should be a valid integer"),
        ({"minutes": 5}, "clock.bank: Field required"),
    ],
)
def test_a_bad_clock_is_refused_naming_what_is_wrong(client, clock, message):
    body = {"game": "my-funny-dinos", "players": [{"type": "human"}, {"type": "human"}], "clock": clock}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == message
    assert client.app.state.server.store.table_count() == 0


def test_clock_reading_charges_each_human_decision_from_the_one_before():
    rule = ClockRule(100, increment=2)
    times = [T0 + timedelta(seconds=s) for s in (30, 40, 100)]
    reading = read_clock(rule, T0, times, [0, 1, 0], [True, False], to_move=0)
    assert reading.left == [pytest.approx(100 - 30 + 2 - 60 + 2), None]
    assert reading.since == times[-1]
    assert reading.running == 0
    assert reading.left_now(times[-1] + timedelta(seconds=20)) == pytest.approx(14 - 20)
    assert read_clock(rule, T0, times, [0, 1, 0], [True, False], to_move=1).running is None


def test_time_left_reads_as_a_person_says_it():
    assert words(250) == "4 min 10 s"
    assert words(59.9) == "59 s"
    assert words(3 * 86_400 + 7_200) == "3 days 2 h"
    assert words(86_400) == "1 day"
    assert words(5_400) == "1 h 30 min"
    assert words(0) == "no time"
