"""Boards drawn from states made in the test, whole games at a time: the game's part of a table state (the
server's own `game_doc`) is drawn by the game's board module into the `#board` of a real table page, so a
test can read what is drawn at every decision without a round trip through the server for each.

What a board marks (js/sheet.js says the same):
- `data-cell="<where>"` on every thing the view places, in the view's own words for the place ("B2",
  "commercial 1", "spot 3"), with `data-ref="<printed name>"` naming the thing (its reference entry, when
  the game's reference has one). A thing covering two places is drawn once per place.
- `data-target="key:value"` on a board target of a decision (the keys of `targets()`), and `data-action`
  on whatever takes a legal action.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import dinotable
from dinotable.server.live import game_doc
from tests.web.test_browser import AT_SEQ, get, open_page, post

DRAW = """async ({ doc, names }) => {
  const { boardFor } = await import('/static/js/boards/index.js');
  const { markUnavailable } = await import('/static/js/sheet.js');
  const board = await boardFor(doc.game, false);
  const box = document.getElementById('board');
  box.replaceChildren();
  board.render(box, doc, { act: () => {}, seatName: (seat) => names[seat] });
  markUnavailable(box, doc);
  const all = (selector) => [...box.querySelectorAll(selector)];
  return {
    places: all('[data-cell]').map((n) => [n.dataset.ref || '', n.dataset.cell]),
    targets: all('[data-target]').map((n) => n.dataset.target),
    unavailable: all('[data-target].unavailable').map((n) => n.dataset.target),
    actions: [...new Set(all('[data-action]').map((n) => Number(n.dataset.action)))].sort((a, b) => a - b),
  };
}"""


def board_page(server_url: str, browser, errors: list, game: str, players: int, options: dict, phone=False):
    """A table page of `game` as a spectator sees it, with nobody to move it on: its `#board` is redrawn by
    `draw`. The table is never played, so no pushed state redraws the board under the test."""
    made = post(
        server_url,
        "/api/tables",
        {"game": game, "players": [{"type": "human"}] * players, "seed": 1, "options": options},
    )
    page = open_page(browser, f"{server_url}/t/{made['table']}", errors, phone=phone)
    page.wait_for_function(AT_SEQ, arg=0)
    assert get(server_url, f"/api/tables/{made['table']}")["seq"] == 0
    return page


def draw(page, game, state, seat: int | None) -> dict:
    """Draws `state` as `seat` sees it on the page's board; what the board marked (see the module's text)."""
    doc = game_doc(game, state, seat)
    names = [game.seat_name(state, s) for s in range(state.num_players)]
    return {"doc": doc, **page.evaluate(DRAW, {"doc": doc, "names": names})}


def states(name: str, players: int, seed: int, options: dict, limit: int = 5000) -> Iterator:
    """Every state of one seeded random game, from the deal to the end (or `limit` decisions)."""
    game = dinotable.get_game(name)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        if state.is_over:
            return
        state = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        yield state


def sampled(name: str, players: int, seed: int, options: dict, every: int):
    """(decision, state) for every `every`th state of a seeded game, and its last."""
    last = None
    for step, state in enumerate(states(name, players, seed, options)):
        last = (step, state)
        if step % every == 0:
            yield last
    if last[0] % every:
        yield last


def disagreement(drawn: list, expected: Counter) -> list[str]:
    """What the board drew that the view does not place, and what the view places that is not drawn."""
    got = Counter((ref, cell) for ref, cell in drawn)
    extra = [f"drawn but not in the view: {ref or '?'} at {cell}" for (ref, cell) in sorted(got - expected)]
    missing = [f"in the view but not drawn: {ref or '?'} at {cell}" for (ref, cell) in sorted(expected - got)]
    return missing + extra


def walk(
    page, name: str, players: int, seed: int, options: dict, expected: Callable[[dict, int | None], Counter]
) -> int:
    """Draws every state of a seeded game for the seat to move (and, each tenth decision, a spectator) and
    asserts that the board agrees with the view element by element, that every legal action is on the board
    and that every target drawn is offered or marked with its reason. Returns the decisions walked."""
    game = dinotable.get_game(name)
    steps = 0
    for steps, state in enumerate(states(name, players, seed, options)):
        seats = [None if state.is_over else state.current_player] + ([None] if steps % 10 == 0 else [])
        for seat in seats:
            drawn = draw(page, game, state, seat)
            where = f"{name} {players}p seed {seed} {options} decision {steps}, seat {seat}"
            wrong = disagreement(drawn["places"], expected(drawn["doc"]["view"], seat))
            assert not wrong, f"{where}: " + "; ".join(wrong[:8])
            legal = {a["id"] for a in drawn["doc"]["legal"]}
            assert set(drawn["actions"]) <= legal, f"{where}: the board offers what is not legal"
            wrong = targets_disagree(state, drawn) if seat is not None else []
            assert not wrong, f"{where}: " + "; ".join(wrong[:5])
    return steps


def target_key(target: dict) -> str:
    """A target as a board's data-target names it ("space:site_a"), as js/sheet.js's targetKey."""
    return ",".join(f"{key}:{value}" for key, value in target.items())


def targets_disagree(state, drawn: dict) -> list[str]:
    """A target of the decision drawn with neither a choice nor its reason, and a target with a reason that
    is not drawn (a person could not tap it to read why). A board may mark targets of other decisions too."""
    targets = {target_key(t): t for t in state.targets()}
    infos = [a["info"] or {} for a in drawn["doc"]["legal"]]
    wrong = []
    for key in set(drawn["targets"]) & set(targets):
        offered = any(all(str(info.get(k)) == str(v) for k, v in targets[key].items()) for info in infos)
        if not offered and key not in drawn["unavailable"]:
            wrong.append(f"target {key!r} has neither a choice nor its reason on the board")
    for entry in drawn["doc"]["unavailable"]:
        if target_key(entry["target"]) not in drawn["targets"]:
            wrong.append(f"target {target_key(entry['target'])!r} has a reason but is not drawn")
    return wrong
