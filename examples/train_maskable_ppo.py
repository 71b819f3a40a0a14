"""Trains sb3-contrib's MaskablePPO on My Funny Dinos, two players, against the `random` agent, then plays
the trained policy against `random` with seats rotated and reports its win rate with a 95% interval.

    python examples/train_maskable_ppo.py                      # the full run (a few minutes on one core)
    python examples/train_maskable_ppo.py --steps 2048 --games 20  # a short one (CI runs this)

The policy is saved (`--out`) and plays anywhere an agent does: `dinotable tournament my-funny-dinos
--agents ppo:path=var/ppo-my-funny-dinos.zip,random`. Needs the rl extra (`pip install -e '.[rl]'`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

GAME = "my-funny-dinos"


def train(steps: int, seed: int, out: Path, reward: str = "outcome") -> float:
    """Trains for `steps` environment steps and saves the policy; returns the steps per second."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from dinotable.rl import GymEnv

    torch.set_num_threads(1)  # on small networks a second thread only contends (20 times slower here)
    # One environment per seat, so the policy learns to play first and second.
    env = DummyVecEnv(
        [lambda seat=seat: GymEnv(GAME, seat=seat, opponents="random", num_players=2, reward=reward) for seat in (0, 1)]
    )
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    seconds = time.perf_counter() - start
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return steps / seconds


def evaluate(out: Path, games: int, seed: int) -> dict:
    """The trained policy against `random`, half the games in each seat; its row of the tournament."""
    from dinotable.sim.tournament import tournament

    ppo = f"ppo:path={out}"
    result = tournament(GAME, [ppo, "random"], games=max(1, games // 2), seed=seed)
    return next(row for row in result["agents"] if row["agent"] == ppo)  # rows come by rating


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=500_000, help="environment steps to train for")
    parser.add_argument("--games", type=int, default=400, help="evaluation games against random (seats rotated)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", choices=("outcome", "score"), default="outcome", help="see docs/rl.md")
    parser.add_argument("--out", type=Path, default=Path("var/ppo-my-funny-dinos.zip"), help="where the policy goes")
    args = parser.parse_args(argv)
    rate = train(args.steps, args.seed, args.out, args.reward)
    print(f"trained {args.steps} steps at {rate:.0f} steps a second; saved {args.out}")
    row = evaluate(args.out, args.games, args.seed + 1)
    low, high = row["win_rate_ci95"]
    print(f"against random over {row['games']} games: won {row['win_rate']:.1%} (95% interval {low:.1%} to {high:.1%})")
    return row


if __name__ == "__main__":
    main(sys.argv[1:])
