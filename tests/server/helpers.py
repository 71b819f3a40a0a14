"""Helpers of the server's tests: a client on a fresh app, and tables made and played through the API."""

from __future__ import annotations

import socket

from fastapi.testclient import TestClient

from dinotable.server.app import create_app

# Bots as fast as they go, so that a test never waits on search.
FAST_LEVELS = {"easy": "random", "medium": "greedy", "hard": "mcts:iters=8"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def client_for(url: str, **kwargs) -> TestClient:
    return TestClient(create_app(url, levels=kwargs.pop("levels", FAST_LEVELS), **kwargs))


def new_table(
    client, game="my-funny-dinos", players=("human", "human"), seed=7, options=None, clock=None, names=None
) -> dict:
    """Makes a table; players are "human" or a bot level ("easy", "medium", "hard"); `names`: a person's name
    per seat (None: the default "Player N")."""
    seats = [{"type": "human"} if p == "human" else {"type": "bot", "level": p} for p in players]
    for seat, name in zip(seats, names or [], strict=False):
        if name is not None:
            seat["name"] = name
    body = {"game": game, "players": seats, "seed": seed}
    if options is not None:
        body["options"] = options
    if clock is not None:
        body["clock"] = clock
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def settle(client, table: str) -> None:
    """Waits until the table's bots, playing on after the last change, have stopped (a person is to move)."""
    client.portal.call(client.app.state.server.idle, table)


def state_of(client, table: str, token: str | None = None) -> dict:
    """The table's state once its bots have played (as `token`'s seat; none: a spectator)."""
    settle(client, table)
    response = client.get(f"/api/tables/{table}", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def play(client, table: str, tokens: dict[int, str], count: int, pick=lambda legal: legal[0]["id"]) -> dict:
    """Plays `count` decisions (or to the end) as whichever seat is to move; returns the last state."""
    state = state_of(client, table)
    for _ in range(count):
        if state["over"]:
            break
        seat = state["to_move"]
        mine = state_of(client, table, tokens[seat])
        body = {"token": tokens[seat], "seq": mine["seq"], "action": pick(mine["legal"])}
        response = client.post(f"/api/tables/{table}/actions", json=body)
        assert response.status_code == 200, response.text
        state = state_of(client, table)  # after the bots' answers
    return state


def tokens_of(made: dict) -> dict[int, str]:
    """The human seats' tokens of a new table, by seat."""
    return {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
