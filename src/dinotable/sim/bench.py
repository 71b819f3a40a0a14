"""The project's own benchmark: engine speed per game, through the public contract only, on one core.

For each game: random-play games/s and decisions/s (new_game, legal_actions, a random choice, apply),
the cost of clone() on positions taken from real games, the cost of legal_actions() + apply() alone
per decision (replaying recorded random games, with no choosing in the timed loop), and the search
agent's iterations per second on those positions (with its default rollout settings for the game).
"""

from __future__ import annotations

import time

from dinotable.agents import Observation, make_agent
from dinotable.core.registry import get_game
from dinotable.core.rng import Rng


def bench_game(
    name: str, seconds: float = 2.0, num_players: int | None = None, seed: int = 0, options: dict | None = None
) -> dict:
    game = get_game(name)
    players = num_players or min(max(game.min_players, 3), game.max_players)
    rng = Rng(seed)

    # 1. Random play for `seconds`.
    games = decisions = 0
    histories = []
    start = time.perf_counter()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:  # at least one game, so every rate is defined
        state = game.new_game(players, seed + games, options)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        decisions += len(state.history)
        if len(histories) < 200:
            histories.append((seed + games, state.history))
        games += 1
    elapsed = time.perf_counter() - start

    # 2. legal_actions() + apply() alone, replaying the recorded games.
    timed = 0.0
    replayed = 0
    snapshots = []
    for game_seed, history in histories:
        state = game.new_game(players, game_seed, options)
        t0 = time.perf_counter()
        for action in history:
            state.legal_actions()
            state.apply(action)
        timed += time.perf_counter() - t0
        replayed += len(history)
        # Positions at a third and two thirds of the game, for clone().
        for k in (len(history) // 3, 2 * len(history) // 3):
            snap = game.new_game(players, game_seed, options)
            for action in history[:k]:
                snap.apply(action)
            snapshots.append(snap)

    # 3. clone() on those positions.
    repeats = max(1, 20_000 // max(1, len(snapshots)))
    t0 = time.perf_counter()
    for _ in range(repeats):
        for snap in snapshots:
            snap.clone()
    clone_time = (time.perf_counter() - t0) / (repeats * len(snapshots))

    # 4. The search agent at its default budget's settings: worlds (iterations) per second, on positions
    # spread over the games, as many as a third of `seconds` allows at 0.02 s or more each.
    agent = make_agent("mcts", game, seed)
    searchable = [snap for snap in snapshots if not snap.is_over and len(snap.legal_actions()) >= 2]
    count = max(1, min(len(searchable), int(seconds / 3 / 0.02)))
    budget = max(0.02, seconds / 3 / count)
    searched = 0.0
    for k, snap in enumerate(searchable[:: max(1, len(searchable) // count)][:count]):
        agent.seconds, agent.iters = budget, None
        t0 = time.perf_counter()
        agent.act(Observation(snap, snap.current_player, seed + k))
        searched += time.perf_counter() - t0

    return {
        "game": name,
        "players": players,
        "options": options or {},
        "games": games,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games if games else 0.0,
        "clone_us": clone_time * 1e6,
        "legal_apply_us": timed / replayed * 1e6 if replayed else 0.0,
        "search_iters_per_s": agent.iterations_done / searched if searched else 0.0,
    }


REFERENCE = "python_block_dominoes"


def _reference_game():
    """OpenSpiel's game, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  registers the Python game
    except ImportError:
        return None
    return pyspiel.load_game(REFERENCE)


def _play_reference(game, rng: Rng, seconds: float) -> tuple[int, float]:
    """Random play of the reference game through its own API for about `seconds`: (actions, elapsed). Each
    chance outcome of the deal counts, as it is an `apply_action` call there as each decision is an
    `apply` call here (14 of a game's 24 or so actions)."""
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.below(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
    return decisions, time.perf_counter() - start


def _play(name: str, players: int, options: dict | None, rng: Rng, seed: int, seconds: float) -> tuple[int, float]:
    """Random play of one of our games for about `seconds`: (decisions, elapsed)."""
    game = get_game(name)
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:
        state = game.new_game(players, seed + games, options)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        decisions += len(state.history)
        games += 1
    return decisions, time.perf_counter() - start


def versus_reference(
    name: str, players: int, options: dict | None = None, seconds: float = 4.0, seed: int = 0, slices: int = 8
) -> dict | None:
    """Decisions/s of a game over the reference's actions/s, the two played in alternating short slices so
    that a change in the machine's speed during the run (another process, the clock) falls on both alike.
    None when OpenSpiel is not installed."""
    reference = _reference_game()
    if reference is None:
        return None
    ours = theirs = 0
    ours_time = theirs_time = 0.0
    rng = Rng(seed)
    per_slice = seconds / (2 * slices)
    for k in range(slices):
        d, t = _play(name, players, options, rng, seed + 1000 * k, per_slice)
        ours, ours_time = ours + d, ours_time + t
        d, t = _play_reference(reference, rng, per_slice)
        theirs, theirs_time = theirs + d, theirs_time + t
    rate, reference_rate = ours / ours_time, theirs / theirs_time
    return {"ratio": rate / reference_rate, "decisions_per_s": rate, "reference_per_s": reference_rate}


def bench_table(rows: list[dict]) -> list[str]:
    """The bench figures as the terminal prints them: a table, and what the ratio is measured against."""
    out = []
    header = (
        "game",
        "players",
        "games/s",
        "decisions/s",
        "decisions/game",
        "clone() us",
        "legal+apply us",
        "mcts iters/s",
        "x dominoes",
    )
    lines = [header] + [
        (
            r["game"],
            str(r["players"]),
            f"{r['games_per_s']:,.0f}",
            f"{r['decisions_per_s']:,.0f}",
            f"{r['decisions_per_game']:.1f}",
            f"{r['clone_us']:.2f}",
            f"{r['legal_apply_us']:.2f}",
            f"{r['search_iters_per_s']:,.0f}",
            f"{r['vs_reference']:.2f}" if r["vs_reference"] else "-",
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out.append("dinotable bench: one core, random play; legal+apply is per decision; mcts at its default settings")
    for line in lines:
        out.append(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            )
        )
    if rows[0]["vs_reference"]:
        rates = sorted(r["versus_reference"]["reference_per_s"] for r in rows)
        out.append(
            f"x dominoes: decisions/s over the actions/s of OpenSpiel's {REFERENCE}, the two played in "
            f"alternating slices ({rates[0]:,.0f} to {rates[-1]:,.0f} a second; random play, its deal's "
            "chance outcomes included)"
        )
    return out
