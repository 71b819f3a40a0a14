"""Agents: building them from specs, legal and deterministic play, strength, and what an Observation shows."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import dinotable
from dinotable.agents import AGENTS, GreedyAgent, MCTSAgent, Observation, make_agent, parse_spec
from dinotable.core.rng import Rng
from dinotable.sim import simulate, summarize
from dinotable.sim.stats import wilson_interval

NAME = "my-funny-dinos"
GAME = dinotable.get_game(NAME)
GAMES = dinotable.list_games()

# ----------------------------------------------------------------------------------------- specs


@pytest.mark.parametrize(
    ("spec", "name", "params"),
    [
        ("random", "random", {}),
        ("  greedy ", "greedy", {}),
        ("greedy:depth=3", "greedy", {"depth": 3}),
        ("mcts:c=1.4:rollouts=200:policy=greedy", "mcts", {"c": 1.4, "rollouts": 200, "policy": "greedy"}),
        ("x:neg=-2:exp=1e-3", "x", {"neg": -2, "exp": 0.001}),
    ],
)
def test_parse_spec_reads_name_and_parameters(spec, name, params):
    """A spec is a name then key=value parameters, each read as an int, a float, or else text."""
    parsed_name, parsed = parse_spec(spec)
    assert parsed_name == name
    assert parsed == params
    assert [type(v) for v in parsed.values()] == [type(v) for v in params.values()]


@pytest.mark.parametrize("spec", ["greedy:depth", "greedy:=3", "random:a=1:b"])
def test_parse_spec_refuses_a_parameter_without_a_value(spec):
    """A parameter not written key=value is a ValueError quoting the spec."""
    with pytest.raises(ValueError, match="key=value") as info:
        parse_spec(spec)
    assert repr(spec) in str(info.value)


@pytest.mark.parametrize("spec", ["wizard", "wizard:level=3", "", "Random"])
def test_make_agent_refuses_an_unknown_agent(spec):
    """An unknown agent is a ValueError naming it and listing the known ones."""
    with pytest.raises(ValueError) as info:
        make_agent(spec, GAME, 0)
    message = str(info.value)
    assert repr(parse_spec(spec)[0]) in message
    for known in AGENTS:
        assert known in message


@pytest.mark.parametrize("name", sorted(AGENTS))
@pytest.mark.parametrize("param", ["nosuch=1", "seed=3", "game=x"])
def test_an_agent_refuses_an_unknown_parameter(name, param):
    """Every agent refuses a parameter it does not take, with a ValueError naming the parameter."""
    with pytest.raises(ValueError) as info:
        make_agent(f"{name}:{param}", GAME, 0)
    assert repr(param.split("=")[0]) in str(info.value)
    assert repr(name) in str(info.value)


# The agents that play without a file of their own; `ppo` plays a trained policy and is tested with the
# training example (tests/rl/test_train_example.py).
SELF_CONTAINED = sorted(name for name in AGENTS if name != "ppo")


@pytest.mark.parametrize("name", SELF_CONTAINED)
def test_make_agent_builds_the_named_agent(name):
    """make_agent gives an instance of the named agent class, for the game and seed it was given."""
    agent = make_agent(name, GAME, 123)
    assert type(agent) is AGENTS[name]
    assert agent.game is GAME and agent.seed == 123


def test_greedy_needs_a_heuristic():
    """The greedy agent refuses a game that offers no heuristic, naming the game."""
    bare = SimpleNamespace(name="bare", title="A Game Without Heuristic", heuristic=None)
    with pytest.raises(ValueError, match="A Game Without Heuristic"):
        GreedyAgent(bare, 0)


# ----------------------------------------------------------------------------------------- play


# Agents with a small budget, for tests that play many whole games.
LIGHT = {"mcts": "mcts:iters=6:depth=4"}


def play_checked(num_players: int, seed: int, options: dict, specs: list[str], game=GAME):
    """Plays one game with agents asked through Observations; checks every answer is legal and that asking
    never changes the state. Returns the finished state."""
    state = game.new_game(num_players, seed, options)
    agents = [make_agent(spec, game, seed * 10 + seat) for seat, spec in enumerate(specs)]
    while not state.is_over:
        assert len(state.history) < game.max_decisions
        seat = state.current_player
        before = state.clone()
        action = agents[seat].act(Observation(state, seat, len(state.history)))
        assert state == before, "an agent changed the state it was shown"
        assert type(action) is int
        assert action in state.legal_actions(), (specs[seat], action)
        state.apply(action)
    return state


@pytest.mark.parametrize(
    ("name", "num_players"),
    [
        # DinoGenics' larger tables, with every module, are the longest games: `make test-all` plays them.
        pytest.param(name, n, marks=[pytest.mark.slow] if name == "dinogenics" and n > 2 else [])
        for name in GAMES
        for n in range(dinotable.get_game(name).min_players, 5)
    ],
)
def test_agents_only_play_legal_actions(name, num_players):
    """Over seeded games of every game, player count and test option set, agents only answer legal ids."""
    game = dinotable.get_game(name)
    names = [LIGHT.get(agent, agent) for agent in SELF_CONTAINED]
    for k, options in enumerate(game.test_option_sets_for(num_players)):
        for seed in range(3):
            specs = [names[(seat + seed) % len(names)] for seat in range(num_players)]
            state = play_checked(num_players, 100 * k + seed, options, specs, game)
            assert state.is_over and len(state.scores()) == num_players


def test_greedy_is_deterministic_for_a_fixed_seed():
    """Two greedy agents with the same seed answer the same observations the same way, and whole games of
    greedy agents with the same seeds are the same game."""
    first, second = GreedyAgent(GAME, 5), GreedyAgent(GAME, 5)
    mover = Rng(17)
    state = GAME.new_game(3, 17)
    asked = 0
    while not state.is_over:
        seat = state.current_player
        obs = Observation(state, seat, len(state.history))
        assert first.act(obs) == second.act(Observation(state, seat, len(state.history)))
        asked += 1
        state.apply(mover.choice(obs.legal_actions))
    assert asked > 10

    games = [play_checked(3, 31, {}, ["greedy", "greedy", "greedy"]) for _ in range(2)]
    assert games[0].history == games[1].history
    assert games[0].scores() == games[1].scores()


@pytest.mark.parametrize(
    ("name", "per_side"), [("my-funny-dinos", 150), ("tiny-epic-dinosaurs", 20), ("dinogenics", 20)]
)
def test_greedy_beats_random(name, per_side):
    """Over two-player games, seats alternated, the greedy agent's win share (ties shared) has a 95%
    Wilson interval wholly above one half."""
    as_first = summarize(simulate(name, 2, per_side, ["greedy", "random"], seed=2024), ["greedy", "random"])
    as_second = summarize(simulate(name, 2, per_side, ["random", "greedy"], seed=2025), ["random", "greedy"])
    wins = as_first["seats"][0]["wins"] + as_second["seats"][1]["wins"]
    low, _ = wilson_interval(wins, 2 * per_side)
    assert low > 0.5, f"greedy won {wins} of {2 * per_side}"


def test_every_game_with_a_heuristic_is_covered_by_the_strength_test():
    """A new game with a heuristic gets a greedy-beats-random test above, not silently none."""
    covered = {"my-funny-dinos", "tiny-epic-dinosaurs", "dinogenics"}
    assert {name for name in GAMES if dinotable.get_game(name).heuristic is not None} <= covered


# ----------------------------------------------------------------------------------------- observations


def positions(num_players: int, seed: int, every: int = 7):
    """Positions of a random game, one every `every` decisions, up to its end."""
    state = GAME.new_game(num_players, seed)
    rng = Rng(seed)
    while not state.is_over:
        if len(state.history) % every == 0:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("num_players", [2, 4])
def test_observation_shows_the_seats_view_and_legal_actions(num_players):
    """An Observation gives its seat's view, the legal actions with their text, and the game."""
    for state in positions(num_players, 3):
        for seat in range(num_players):
            obs = Observation(state, seat, len(state.history))
            assert obs.seat == seat
            assert obs.game is GAME
            assert obs.view() == state.view(seat)
            assert obs.legal_actions == state.legal_actions()
            assert [obs.action_text(a) for a in obs.legal_actions] == [
                state.action_text(a) for a in state.legal_actions()
            ]


@pytest.mark.parametrize("num_players", [2, 3])
def test_observation_determinize_keeps_the_seats_view(num_players):
    """determinize(seed) is a separate state whose view for the seat is the true view, the same for the same
    seed; playing on it leaves the true state alone."""
    for state in positions(num_players, 11):
        seat = state.current_player
        obs = Observation(state, seat, len(state.history))
        before = state.clone()
        for seed in (0, 1, 99):
            copy = obs.determinize(seed)
            assert copy is not state
            assert copy == obs.determinize(seed)
            assert copy.view(seat) == state.view(seat)
            assert copy.legal_actions() == obs.legal_actions
            copy.apply(copy.legal_actions()[-1])
            assert state == before


def test_an_observation_holds_no_secret():
    """The Observation an agent gets is built on a determinized copy: even looking inside it, an agent
    finds neither the true buried tiles nor the true generator."""
    game = dinotable.get_game("my-funny-dinos")
    state = game.new_game(3, 4)
    buried = [p for p in state.pile if state.known[p] == 0]
    differs = 0
    for seed in range(10):
        inner = Observation(state, 0, seed)._state
        assert inner is not state and inner.rng != state.rng
        differs += any(inner.kind[p] != state.kind[p] for p in buried)
    assert differs >= 8


# ----------------------------------------------------------------------------------------- search


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("mcts:rollout=clever", "rollout must be one of random, greedy"),
        ("mcts:iters=0", "iters must be a positive number"),
        ("mcts:seconds=-1", "seconds must be a positive number"),
        ("mcts:depth=-2", "depth must be a whole number"),
        ("mcts:c=-1", "c must be at least 0"),
        ("mcts:prior=oracle", "prior must be one of none, greedy"),
    ],
)
def test_mcts_refuses_a_bad_parameter_naming_it(spec, named):
    with pytest.raises(ValueError, match=named):
        make_agent(spec, GAME, 0)


def test_mcts_needs_a_heuristic_for_greedy_rollouts_and_cut_offs():
    """Greedy rollouts and cut-off rollouts are scored by the game's heuristic; a game without one is named."""
    bare = SimpleNamespace(name="bare", title="A Game Without Heuristic", heuristic=None)
    with pytest.raises(ValueError, match="A Game Without Heuristic offers no heuristic for greedy rollouts"):
        MCTSAgent(bare, 0, rollout="greedy")
    with pytest.raises(ValueError, match="no heuristic to score a cut-off rollout"):
        MCTSAgent(bare, 0, depth=3)
    with pytest.raises(ValueError, match="no heuristic for greedy priors"):
        MCTSAgent(bare, 0, prior="greedy")
    plain = MCTSAgent(bare, 0, iters=5)
    assert plain.depth == -1 and plain.prior == "none"  # UCB, rollouts played to the end


def test_mcts_is_deterministic_and_counts_its_iterations():
    """The same seed and observation give the same answer; each decision with a choice runs `iters` worlds,
    and a decision with one legal action runs none."""
    state = GAME.new_game(2, 3)
    first, second = make_agent("mcts:iters=40", GAME, 9), make_agent("mcts:iters=40", GAME, 9)
    seat = state.current_player
    a = first.act(Observation(state, seat, 1))
    assert a == second.act(Observation(state, seat, 1)) and a in state.legal_actions()
    assert first.iterations_done == (40 if len(state.legal_actions()) > 1 else 0)


class _TickingClock:
    """A clock that moves on `tick` seconds each time it is read: the search's time, without waiting on it."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.mark.parametrize(
    ("spec", "iterations"),
    [
        # Read once for the deadline (0.1 + 0.25 = 0.35), then once after each world: 0.2, 0.3, 0.4 ends it.
        ("mcts:seconds=0.25", 3),
        # Whichever budget is reached first ends the search: here the iterations, there the time.
        ("mcts:seconds=0.25:iters=2", 2),
        ("mcts:seconds=0.25:iters=50", 3),
        # A budget shorter than a world still searches one.
        ("mcts:seconds=0.01", 1),
    ],
)
def test_mcts_with_a_time_budget_stops_when_the_time_is_up(monkeypatch, spec, iterations):
    """`seconds` bounds the search on the agent's clock: it stops at the first world that ends past the
    deadline, after at least one world, and `iters` ends it first when reached first."""
    agent = make_agent(spec, GAME, 1)
    clock = _TickingClock(0.1)
    monkeypatch.setattr(agent, "clock", clock)
    state = GAME.new_game(2, 4)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    agent.act(Observation(state, state.current_player, 0))
    assert agent.iterations_done == iterations


def test_mcts_prefers_winning_moves_over_random_play():
    """Over seeded two-player games of My Funny Dinos, seats alternated, a small search scored by the game's heuristic
    beats random play."""
    wins = 0.0
    for k, specs in enumerate((["mcts:iters=60:depth=0", "random"], ["random", "mcts:iters=60:depth=0"])):
        seat = specs.index("mcts:iters=60:depth=0")
        results = simulate(NAME, 2, 6, specs, seed=70 + k)
        wins += summarize(results, specs)["seats"][seat]["wins"]
    assert wins >= 10, f"search won {wins} of 12"


def test_mcts_takes_the_game_s_search_defaults_and_parameters_override_them():
    """With no parameters the agent searches as the game says (Game.search_defaults); a spec overrides."""
    for name in GAMES:
        game = dinotable.get_game(name)
        agent = make_agent("mcts", game, 0)
        defaults = game.search_defaults
        assert agent.iters == defaults.get("iters", 500) and agent.depth == defaults.get("depth", -1)
        assert agent.prior == defaults.get("prior", "none")
    agent = make_agent("mcts:iters=7:prior=none:c=2", GAME, 0)
    assert (agent.iters, agent.prior, agent.c) == (7, "none", 2.0)


def test_mcts_with_greedy_priors_plays_legal_games_of_every_game():
    """PUCT with the heuristic's priors, on a small budget, answers only legal actions in every game."""
    for name in GAMES:
        game = dinotable.get_game(name)
        state = play_checked(2, 8, {}, ["mcts:iters=4:prior=greedy:depth=0", "greedy"], game)
        assert state.is_over
