"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game, through the contract.

Each iteration samples a world from the seat's Observation (`determinize`, with the agent's own seeds),
walks one tree shared by all worlds, choosing among the actions legal in this world by UCB with
availability counts, adds one node, plays the game on (randomly or by the game's greedy evaluation) for
up to `depth` decisions, and backs up each seat's reward. The reward is the share of the win at the end
of the game; a rollout cut short is scored by the game's heuristic, each seat's value against the best
other seat's, squashed to 0-1. The agent answers with the root action visited most.

The tree is keyed by action ids alone, so it mixes worlds: a node is the sequence of decisions taken, not
one hidden state (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012). With
`prior=greedy` a node's children are chosen by PUCT (Silver et al., AlphaZero), the game's heuristic scoring
the actions once, in the first world that reaches the node, as a softmax prior.
"""

from __future__ import annotations

import math
import time

from dinotable.agents.base import Agent, Observation
from dinotable.core.rng import Rng

ROLLOUTS = ("random", "greedy")
PRIORS = ("none", "greedy")


class _Node:
    __slots__ = ("children", "visits", "reward", "available", "priors")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.priors: dict[int, float] | None = None  # with prior=greedy: the heuristic's softmax here
        self.visits = 0
        self.reward = 0.0  # summed reward of the seat that chose the action leading here
        self.available = 0  # iterations in which this node's action was legal at its parent


class Search:
    """What one search found at the root: for each legal action, how often it was tried and each seat's
    mean reward after it (its value: the share of the win, 0-1, that seat can expect)."""

    __slots__ = ("legal", "visits", "values")

    def __init__(self, legal: list[int], root: _Node, totals: dict[int, list[float]]) -> None:
        self.legal = legal
        self.visits = {a: root.children[a].visits if a in root.children else 0 for a in legal}
        self.values = {a: [x / self.visits[a] for x in totals[a]] for a in legal if a in totals and self.visits[a]}

    @property
    def preferred(self) -> int:
        """The action visited most (the first listed among equals): the one the agent plays."""
        legal = self.legal
        return max(legal, key=lambda a: (self.visits[a], -legal.index(a)))

    def best(self, count: int, seat: int) -> list[int]:
        """The preferred action, then the next `count` - 1 most visited, these ordered by their value for
        `seat` (a list a person reads best first, led by the agent's own choice)."""
        first = self.preferred
        legal = self.legal
        others = sorted(
            (a for a in legal if a != first and self.visits[a]), key=lambda a: (-self.visits[a], legal.index(a))
        )
        others = sorted(others[: count - 1], key=lambda a: -(self.value(a, seat) or 0.0))
        return [first, *others]

    def mean(self, seat: int) -> float:
        """Seat's mean reward over every iteration of the search: the value of the position under the
        search's own play."""
        visits = sum(self.visits[a] for a in self.values)
        return sum(self.values[a][seat] * self.visits[a] for a in self.values) / visits

    def value(self, action: int, seat: int) -> float | None:
        """Seat's mean reward after `action`, or None if the search never tried it."""
        row = self.values.get(action)
        return row[seat] if row is not None else None


def _add(totals: dict[int, list[float]], action: int, rewards: list[float]) -> None:
    row = totals.get(action)
    if row is None:
        totals[action] = list(rewards)
    else:
        for i, r in enumerate(rewards):
            row[i] += r


class MCTSAgent(Agent):
    """ISMCTS. Parameters: `iters` (iterations per decision) or `seconds` (time per decision; the first of
    the two reached ends the search), `rollout` (random or greedy), `depth` (rollout decisions before the
    heuristic scores the position; -1 plays to the end), `c` (exploration), `scale` (points of heuristic
    advantage worth about 73% of a win), `prior` (none: UCB, every action tried once; greedy: PUCT, the
    heuristic's scores of the actions as priors). Each game sets its defaults (Game.search_defaults)."""

    name = "mcts"
    clock = staticmethod(time.perf_counter)  # what `seconds` is measured on (a test gives its own)

    def __init__(
        self,
        game,
        seed: int = 0,
        iters: int | None = None,
        seconds: float | None = None,
        rollout: str = "random",
        depth: int | None = None,
        c: float | None = None,
        scale: float | None = None,
        prior: str | None = None,
        **params,
    ) -> None:
        super().__init__(game, seed, **params)
        defaults = getattr(game, "search_defaults", {}) or {}
        if c is None:
            c = defaults.get("c", 0.7)
        if prior is None:
            prior = defaults.get("prior", "none") if game.heuristic is not None else "none"
        if iters is None and seconds is None:
            iters = defaults.get("iters", 500)
        if depth is None:
            depth = defaults.get("depth", -1) if game.heuristic is not None else -1
        if scale is None:
            scale = defaults.get("scale", 10.0)
        if prior not in PRIORS:
            raise ValueError(f"agent 'mcts': prior must be one of {', '.join(PRIORS)}, not {prior!r}")
        if prior == "greedy" and game.heuristic is None:
            raise ValueError(f"agent 'mcts': {game.title} offers no heuristic for greedy priors")
        if rollout not in ROLLOUTS:
            raise ValueError(f"agent 'mcts': rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if rollout == "greedy" and game.heuristic is None:
            raise ValueError(f"agent 'mcts': {game.title} offers no heuristic for greedy rollouts")
        if depth >= 0 and game.heuristic is None:
            raise ValueError(f"agent 'mcts': {game.title} offers no heuristic to score a cut-off rollout")
        for name, value in (("iters", iters), ("seconds", seconds)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | float) or value <= 0):
                raise ValueError(f"agent 'mcts': {name} must be a positive number, not {value!r}")
        if not isinstance(depth, int) or depth < -1:
            raise ValueError(f"agent 'mcts': depth must be a whole number of decisions, or -1, not {depth!r}")
        if not isinstance(c, int | float) or c < 0 or not isinstance(scale, int | float) or scale <= 0:
            raise ValueError("agent 'mcts': c must be at least 0 and scale above 0")
        self.iters = int(iters) if iters is not None else None
        self.seconds = float(seconds) if seconds is not None else None
        self.rollout = rollout
        self.depth = depth
        self.c = float(c)
        self.scale = float(scale)
        self.prior = prior
        self.heuristic = game.heuristic
        self.rng = Rng(seed)
        self.iterations_done = 0  # over the agent's life, for the benchmark

    def act(self, obs: Observation) -> int:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.search(obs).preferred

    def search(self, obs: Observation, iters: int | None = None, ensure: int | None = None) -> Search:
        """One search from the Observation: `iters` iterations (else the agent's own budget), then, if
        `ensure` is a root action tried fewer than a quarter as often as the preferred one, iterations that
        start with it until it is (so its value is read from as many worlds as an alternative needs)."""
        legal = obs.legal_actions
        root = _Node()
        totals: dict[int, list[float]] = {}
        clock = self.clock
        budget = iters if iters is not None else self.iters
        deadline = clock() + self.seconds if self.seconds is not None and iters is None else None
        done = 0
        while True:
            first, rewards = self._iterate(root, obs.determinize(self.rng.below(1 << 62)))
            _add(totals, first, rewards)
            done += 1
            if budget is not None and done >= budget:
                break
            if deadline is not None and clock() >= deadline:
                break
        if ensure is not None and len(legal) > 1:
            wanted = max(ch.visits for ch in root.children.values()) // 4
            child = root.children.get(ensure)
            while child is None or child.visits < wanted:
                first, rewards = self._iterate(root, obs.determinize(self.rng.below(1 << 62)), ensure)
                _add(totals, first, rewards)
                done += 1
                child = root.children[ensure]
        self.iterations_done += done
        return Search(legal, root, totals)

    def _iterate(self, root: _Node, state, first: int | None = None) -> tuple[int, list[float]]:
        """One iteration; returns the root action it took and every seat's reward. `first` forces the root
        action."""
        node = root
        path: list[tuple[_Node, int]] = []  # (child node, seat that chose it)
        c = self.c
        expanded = False
        if first is not None:
            expanded = first not in root.children  # a new node is a leaf to score
            node = root.children.setdefault(first, _Node())
            node.available += 1
            path.append((node, state.current_player))
            state.apply(first)
        # Selection and expansion: down the tree while every legal action here has been tried.
        while not expanded and not state.is_over:
            legal = state.legal_actions()
            seat = state.current_player
            if self.prior == "greedy" and len(legal) > 1:
                node, expanded = self._select_puct(node, state, legal, seat, path)
                continue
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                if a in children:
                    children[a].available += 1
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = children[action] = _Node()
                child.available = 1
                state.apply(action)
                path.append((child, seat))
                break
            best = -1.0
            action = legal[0]
            for a in legal:
                ch = children[a]
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                if score > best:
                    best, action = score, a
            state.apply(action)
            node = children[action]
            path.append((node, seat))
        rewards = self._rollout(state)
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]
        return self._root_action(root, path), rewards

    @staticmethod
    def _root_action(root: _Node, path: list) -> int:
        top = path[0][0] if path else None
        return next((a for a, ch in root.children.items() if ch is top), -1)

    def _select_puct(self, node: _Node, state, legal: list[int], seat: int, path: list) -> tuple[_Node, bool]:
        """PUCT with the heuristic's choices as priors (AlphaZero's rule); returns the node reached and
        whether it is new (a leaf to score)."""
        if node.priors is None:
            scores = self.heuristic.action_scores(state, seat, legal)
            top = max(scores)
            weights = [math.exp((x - top) / (self.scale / 4)) for x in scores]
            total = sum(weights)
            node.priors = {a: w / total for a, w in zip(legal, weights, strict=True)}
        priors = node.priors
        floor = min(priors.values())
        children = node.children
        seen = 0
        for a in legal:
            ch = children.get(a)
            if ch is not None:
                ch.available += 1
                seen += ch.visits
        root_n = math.sqrt(seen + 1)
        best, action = -1.0, legal[0]
        for a in legal:
            ch = children.get(a)
            q, n = (ch.reward / ch.visits, ch.visits) if ch is not None and ch.visits else (0.5, 0)
            score = q + self.c * priors.get(a, floor) * root_n / (1 + n)
            if score > best:
                best, action = score, a
        state.apply(action)
        child = children.get(action)
        if child is None:
            child = children[action] = _Node()
            child.available = 1
            path.append((child, seat))
            return child, True
        path.append((child, seat))
        return child, False

    def _rollout(self, state) -> list[float]:
        steps = 0
        rng = self.rng
        while not state.is_over and steps != self.depth:
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif self.rollout == "greedy":
                scores = self.heuristic.action_scores(state, state.current_player, legal)
                action = legal[scores.index(max(scores))]
            else:
                action = legal[rng.below(len(legal))]
            state.apply(action)
            steps += 1
        return self._rewards(state)

    def _rewards(self, state) -> list[float]:
        n = state.num_players
        if state.is_over:
            winners = state.winners()
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
        values = [self.heuristic.value(state, p) for p in range(n)]
        if n == 1:
            return [1.0 / (1.0 + math.exp(-(values[0] - self.game_target(state)) / self.scale))]
        out = []
        for p in range(n):
            best_other = max(values[q] for q in range(n) if q != p)
            out.append(1.0 / (1.0 + math.exp(-(values[p] - best_other) / self.scale)))
        return out

    def game_target(self, state) -> float:
        """Alone at the table, a cut-off rollout is scored against the game's target, if it has one."""
        target = state.outcome().get("target")
        return float(target) if target is not None else 0.0
