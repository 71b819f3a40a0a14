"""`python -m dinotable.rl.bench [--seconds N]`: for each game, the AEC environment's steps per second (random
legal actions, the observation and the action mask made at every step) against the engine's own decisions
per second (legal_actions + apply, random legal actions) in the same run, on one core, and what one encoding
of the mover's observation costs against one engine decision. Times are the process's CPU time, so other
work on the machine disturbs them less."""

from __future__ import annotations

import argparse
import random
import time

from dinotable.core.observation import encoder_for
from dinotable.core.registry import get_game, list_games


def engine_rate(game, num_players: int, seconds: float) -> float:
    """Decisions per second of random play on the bare engine (new games as old ones end)."""
    rng = random.Random(1)
    decisions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(num_players, seed, {})
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.process_time() - start)


def _play(game, num_players: int, seeds: range, encode: bool) -> tuple[int, float]:
    """Random games from `seeds` (the same moves either way), encoding the mover's observation before each
    decision or not; returns the decisions and the CPU seconds."""
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(num_players, seed, {})
        encoder = encoder_for(state)
        while not state.is_over:
            if encode:
                encoder.encode(state, state.current_player)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, time.process_time() - start


def encode_cost(game, num_players: int, seconds: float) -> float:
    """Microseconds one encoding of the mover's observation adds to a decision of random play: games played
    with encoding for half the time, then the same games without (the encoder's kept parts as warm as in an
    environment)."""
    games, decisions, encoded = 0, 0, 0.0
    while encoded < seconds / 2:
        played, spent = _play(game, num_players, range(games, games + 1), True)
        games, decisions, encoded = games + 1, decisions + played, encoded + spent
    _, bare = _play(game, num_players, range(games), False)
    return (encoded - bare) / decisions * 1e6


def env_rate(game, num_players: int, seconds: float) -> float:
    """Steps per second of the AEC environment: `last()` (observation and mask) then a random legal action."""
    from dinotable.rl.pettingzoo_env import aec_env

    env = aec_env(game, num_players)
    rng = random.Random(1)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _reward, done, _truncated, _info = env.last()
            if done:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def rows(seconds: float, num_players: int = 2) -> list[tuple[str, float, float, float]]:
    out = []
    for name in list_games():
        game = get_game(name)
        engine = engine_rate(game, num_players, seconds)
        env = env_rate(game, num_players, seconds)
        out.append((game.title, engine, env, encode_cost(game, num_players, seconds)))
    return out


def table(results: list[tuple[str, float, float, float]], num_players: int) -> str:
    lines = [
        f"| game ({num_players} players, default options) | engine decisions/s | env steps/s | env / engine "
        "| engine µs a decision | encoding µs | encoding / decision |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for title, engine, env, encode in results:
        decision = 1e6 / engine
        lines.append(
            f"| {title} | {engine:,.0f} | {env:,.0f} | {env / engine:.2f} | {decision:.1f} | {encode:.1f} "
            f"| {encode / decision:.2f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m dinotable.rl.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    parser.add_argument("--players", type=int, default=2, help="player count (default 2)")
    args = parser.parse_args(argv)
    print(table(rows(args.seconds, args.players), args.players))


if __name__ == "__main__":
    main()
