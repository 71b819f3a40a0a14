"""Seats and secrets: every message a seat receives is what a copy of the table determinized for that seat
would give it (its view, its legal actions' texts, the log as it may be told it), and the seed and the
record are never sent before the end (the issue's "Seats and secrets")."""

from __future__ import annotations

import json
import random

import pytest

import dinotable
from dinotable.core.rng import derive_seed

from .helpers import new_table, state_of, tokens_of

SEED = 987_654_321_987


def told(state, action: int, viewer, names) -> tuple[list[str], object]:
    """The lines `viewer` is told of `action` on `state` (a copy), as the terminal and the server tell them."""
    game = state.game
    mover = state.current_player
    after = state.clone()
    lines = [f"{names[mover]}: {state.action_text(action, viewer=viewer)}"]
    for event in game.events_for(after.apply_told(action, viewer), viewer):
        if event.kind == "forced":
            if event.detail["text"]:
                who = game.title if event.seat is None else names[event.seat]
                lines.append(f"{who}: {event.detail['text']}")
        else:
            lines.append(game.event_text(after, event))
    return lines, after


@pytest.mark.parametrize(
    ("name", "players", "decisions"),
    [("my-funny-dinos", 3, 400), ("tiny-epic-dinosaurs", 2, 60), ("dinogenics", 2, 60)],
)
def test_every_message_a_seat_receives_is_what_its_determinized_copy_gives(client, name, players, decisions):
    game = dinotable.get_game(name)
    people = ["Ana", "Ben", "Cy"][:players]
    made = new_table(client, game=name, players=("human",) * players, seed=SEED, names=people)
    table, tokens = made["table"], tokens_of(made)
    truth = game.new_game(players, SEED, {})  # the judge's own copy of the true game
    truth.name_seats(people)
    names = [game.seat_name(truth, seat) for seat in range(players)]
    assert names == people
    rng = random.Random(5)
    viewers = [None, *range(players)]
    compared = 0
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws:
        pushed = [ws.receive_json()]
        for step in range(decisions):
            if truth.is_over:
                break
            mover = truth.current_player
            got = {v: state_of(client, table, tokens[v] if v is not None else None) for v in viewers}
            for viewer, state in got.items():
                raw = json.dumps(state)
                assert str(SEED) not in raw and "history" not in state and "seed" not in state
                copy = truth.determinize(viewer, derive_seed(SEED, step, 0 if viewer is None else viewer + 1))
                assert state["view"] == copy.view(viewer), f"decision {step}: view({viewer}) tells a secret"
                assert state["status"] == game.status_text(copy, viewer)
                assert state["score_now"] == json.loads(json.dumps(copy.score_now(viewer))), "the score now"
                assert state["unavailable"] == json.loads(json.dumps(copy.unavailable(viewer))), "the reasons"
                assert state["screen"] == game.screen_text(copy, viewer)
                for move in state["last_moves"]:  # the others' last decisions, as this seat was told them
                    assert move["text"] == next(e["text"] for e in state["log"] if e["seq"] == move["seq"])
                if viewer == mover:
                    legal = game.present_actions(copy, copy.legal_actions())
                    assert [a["id"] for a in state["legal"]] == legal
                    assert [a["text"] for a in state["legal"]] == [copy.action_text(a) for a in legal]
                else:
                    assert state["legal"] == []
            assert client.get(f"/api/tables/{table}/record").status_code == 403
            action = rng.choice(got[mover]["legal"])["id"]
            body = {"token": tokens[mover], "seq": len(truth.history), "action": action}
            assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200
            pushed.append(ws.receive_json())
            assert pushed[-1] == state_of(client, table, tokens[1])  # the push is the state, as seat 2 sees it
            lines = {v: told(truth, action, v, names)[0] for v in viewers}
            for viewer in viewers:
                seq = len(truth.history) + 1
                entries = [e for e in state_of(client, table, tokens.get(viewer))["log"] if e["seq"] == seq]
                assert len(entries) == 1  # one entry per decision
                log = [entries[0]["text"], *entries[0]["details"]]
                assert log == lines[viewer]
                # The same lines from a copy the viewer cannot tell apart, meeting the same dice.
                copy = truth.determinize(viewer, derive_seed(SEED, step, 7))
                copy.rng = truth.rng
                if action not in copy.legal_actions():
                    continue
                on_copy, copy_after = told(copy, action, viewer, names)
                truth_after = truth.clone()
                truth_after.apply(action)
                if copy_after.view(viewer) == truth_after.view(viewer):
                    assert on_copy == log, f"decision {step}: the log tells seat {viewer} a secret"
                    compared += 1
            truth.apply(action)
    assert compared >= decisions // 2 or compared >= len(truth.history)
    for message in pushed:
        assert message["seat"] == 1 and str(SEED) not in json.dumps(message)
