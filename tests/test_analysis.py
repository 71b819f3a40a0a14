"""The post-game analysis (dinotable.analysis): labels where the right answer is known, chance told apart from
decisions, determinism, the seat's own information only, and hints."""

from __future__ import annotations

import pytest

import dinotable
from dinotable.agents import Observation, make_agent
from dinotable.analysis import analyse
from dinotable.analysis.calibration import fit, reliability
from dinotable.analysis.engine import Analyst, Plan, judge, label
from dinotable.analysis.hints import hint
from dinotable.analysis.review import chart, review, summary, turning_points
from dinotable.core.rng import derive_seed

MFD = dinotable.get_game("my-funny-dinos")
COPIES = 30  # determinized copies that must all agree before a result counts as certain


def played(game, players: int, seed: int, specs=("random",), until: int | None = None):
    state = game.new_game(players, seed)
    agents = [make_agent(specs[s % len(specs)], game, seed + s) for s in range(players)]
    while not state.is_over and (until is None or len(state.history) < until):
        seat = state.current_player
        state.apply(agents[seat].act(Observation(state, seat, len(state.history))))
    return state


def forced(state, seat: int, budget: list[int]) -> float | None:
    """The share of the win `seat` can make sure of when it makes every decision left (None: another seat
    decides, or the tree is too big to search)."""
    if state.is_over:
        winners = state.winners()
        return 1.0 / len(winners) if seat in winners else 0.0
    if state.current_player != seat or budget[0] <= 0:
        return None
    budget[0] -= 1
    values = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        value = forced(after, seat, budget)
        if value is None:
            return None
        values.append(value)
    return max(values)


def certain_values(state) -> dict[int, float] | None:
    """Each action's result for the mover, if it is the same on the true state and COPIES copies
    determinized for the mover (no chance left that could change it); else None."""
    seat = state.current_player
    values = {}
    for action in state.legal_actions():
        seen = set()
        for source in [state, *(state.determinize(seat, k) for k in range(COPIES))]:
            after = source.clone()
            after.apply(action)
            seen.add(forced(after, seat, [2000]))
        if len(seen) != 1 or None in seen:
            return None
        values[action] = seen.pop()
    return values


@pytest.fixture(scope="module")
def won_or_thrown():
    """A My Funny Dinos game's last Round where the mover wins for sure with one action and loses for sure
    with another: (state before it, seat, winning action, losing action), found by exhaustive search."""
    for seed in range(300):
        final = played(MFD, 2, seed)
        for back in range(1, 8):
            state = played(MFD, 2, seed, until=len(final.history) - back)
            values = certain_values(state)
            if values and 1.0 in values.values() and 0.0 in values.values():
                win = next(a for a, v in values.items() if v == 1.0)
                lose = next(a for a, v in values.items() if v == 0.0)
                return state, state.current_player, win, lose
    pytest.fail("no game in 300 seeds has a last Round decided by one decision")


def finish(state, seat: int, first: int):
    """The game after `first`, the seat then making the choices that keep its best result."""
    state = state.clone()
    state.apply(first)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(max(legal, key=lambda a: forced(_after(state, a), seat, [2000]) or 0.0))
    return state


def _after(state, action):
    copy = state.clone()
    copy.apply(action)
    return copy


def judged(final, seat: int, index: int, budget: int = 200):
    analysis = analyse(final.to_json(), seat=seat, budget=budget, seed=3)
    return next(d for d in analysis.decisions if d.index == index)


def test_a_forced_win_is_best_and_its_chance_is_high(won_or_thrown):
    state, seat, win, _ = won_or_thrown
    final = finish(state, seat, win)
    assert seat in final.winners()
    decision = judged(final, seat, len(state.history))
    assert decision.label == "best" and decision.loss == 0.0
    assert decision.preferred == win
    assert decision.chance >= 0.9


def test_throwing_away_a_won_game_in_the_last_round_is_a_blunder(won_or_thrown):
    state, seat, win, lose = won_or_thrown
    final = finish(state, seat, lose)
    assert seat not in final.winners()
    decision = judged(final, seat, len(state.history))
    assert decision.label == "blunder"
    assert decision.preferred != lose
    assert decision.loss >= 0.5
    assert decision.taken_text == state.action_text(lose)
    points = turning_points(analyse(final.to_json(), seat=seat, budget=200, seed=3))
    assert points[0]["index"] == len(state.history) and points[0]["kind"] == "blunder"
    assert state.action_text(lose) in points[0]["text"] and "was better" in points[0]["text"]


def test_a_decision_with_a_single_option_costs_nothing_and_is_not_searched(monkeypatch):
    final = played(MFD, 2, 4)
    index = 10
    taken = final.history[index]
    cls = type(final)
    real = cls.legal_actions
    monkeypatch.setattr(cls, "legal_actions", lambda s: [taken] if len(s.history) == index else real(s))
    searched = []
    monkeypatch.setattr(Analyst, "search", lambda self, *a, **k: searched.append(1) or pytest.fail("searched"))
    plan = Plan(final.to_json(), budget=10)
    chunk = next(job for job in plan.jobs if job[1] <= index < job[2])
    only = (chunk[0], index, index + 1, *chunk[3:])
    decision = judge(only)["decisions"][0]
    assert decision["options"] == 1 and decision["label"] == "best" and decision["loss"] == 0.0
    assert decision["chance"] is None and not searched


@pytest.mark.parametrize(("loss", "preferred", "expected"), [
    (0.0, True, "best"), (0.5, True, "best"), (0.005, False, "best"), (0.02, False, "good"),
    (0.05, False, "inaccuracy"), (0.12, False, "mistake"), (0.15, False, "blunder"), (0.9, False, "blunder"),
])  # fmt: skip
def test_labels_follow_the_documented_thresholds(loss, preferred, expected):
    assert label(loss, preferred) == expected


def test_the_same_record_budget_and_seed_give_the_same_analysis_on_any_number_of_workers():
    record = played(MFD, 3, 8).to_json()
    one = analyse(record, budget=30, seed=5, workers=1).to_json()
    two = analyse(record, budget=30, seed=5, workers=2).to_json()
    assert one == two
    other = analyse(record, budget=30, seed=6).to_json()
    assert other["decisions"] != one["decisions"]  # the seed is used


def test_each_decision_is_judged_from_the_movers_information_only():
    """A search on the true state and on a copy determinized for the mover give the same values: the copy
    is made from what the seat sees and the seed alone, so no secret reaches the judgement."""
    for name in dinotable.list_games():
        game = dinotable.get_game(name)
        state = played(game, 2, 11, specs=("greedy", "random"), until=25)
        seat = state.current_player
        copy = state.determinize(seat, 99)
        truth = Analyst(game, 4, False, iters=40).search(Observation(state, seat, 7))
        seen = Analyst(game, 4, False, iters=40).search(Observation(copy, seat, 7))
        assert truth.visits == seen.visits and truth.values == seen.values, name


def test_chance_that_fell_is_luck_not_a_mistake():
    """My Funny Dinos' excavations succeed or fail by chance: a decision that revealed a tile is marked,
    its luck is the chance after less the value expected, and luck never adds to a decision's loss."""
    final = played(MFD, 2, 21, specs=("greedy",))
    analysis = analyse(final.to_json(), budget=60, seed=1)
    fell = [d for d in analysis.decisions if d.chance_fell]
    assert fell, "no decision revealed chance in a whole game"
    assert any("Excavate" in d.taken_text for d in fell)
    for d in fell:
        assert d.after is not None and d.luck == pytest.approx(d.after - d.taken_value, abs=1e-3)
    for d in analysis.decisions:
        if not d.chance_fell:
            assert d.luck == 0.0
        assert d.loss == pytest.approx(max(0.0, d.chance - d.taken_value), abs=1e-3) if d.chance is not None else True


def test_the_review_tells_each_seat_its_summary_turning_points_and_chart():
    final = played(MFD, 2, 13, specs=("greedy", "random"))
    analysis = analyse(final.to_json(), budget=40, seed=2)
    rows = summary(analysis)
    assert [r["seat"] for r in rows] == [0, 1]
    for r in rows:
        own = [d for d in analysis.decisions if d.seat == r["seat"]]
        assert sum(r["labels"].values()) == r["decisions"] == len(own)
        assert r["won"] == (r["seat"] in final.winners())
    points = turning_points(analysis)
    assert len(points) <= 5
    sizes = [abs(p["change"]) for p in points]
    assert sizes == sorted(sizes, reverse=True)
    drawn = chart(analysis)
    assert drawn["round_word"] == MFD.round_word
    for line in drawn["seats"]:
        assert line["points"][-1] == [len(final.history), 1.0 if line["seat"] in final.winners() else 0.0]
        assert all(0.0 <= chance <= 1.0 for _, chance in line["points"])
    doc = review(analysis)
    assert len(doc["decisions"]) == len(final.history)


def test_an_unfinished_game_or_a_bad_seat_is_refused_by_name():
    unfinished = played(MFD, 2, 3, until=10).to_json()
    with pytest.raises(ValueError, match="only a finished game"):
        analyse(unfinished)
    with pytest.raises(ValueError, match="seat must be a seat"):
        analyse(played(MFD, 2, 3).to_json(), seat=2)


def test_a_hint_is_the_same_on_the_true_state_and_on_copies_determinized_for_the_seat():
    for name in dinotable.list_games():
        game = dinotable.get_game(name)
        state = played(game, 3, 17, specs=("greedy",), until=30)
        seat = state.current_player
        truth = hint(state, seat, 5, iters=60, seconds=None)
        assert 1 <= len(truth) <= 3
        assert {h["action"] for h in truth} <= set(state.legal_actions())
        for k in range(3):
            assert hint(state.determinize(seat, derive_seed(9, k)), seat, 5, iters=60, seconds=None) == truth, name
        with pytest.raises(ValueError, match="seat to move"):
            hint(state, (seat + 1) % 3, 5)


def test_the_calibration_fit_recovers_a_known_map_and_the_bins_add_up():
    """Points drawn from a known map (slope 2, shift -0.5): the fit finds it; the reliability table counts
    every point once and its error is the bins' weighted gaps."""
    import math

    from dinotable.analysis.calibration import Point
    from dinotable.core.rng import Rng

    rng = Rng(1)
    points = []
    for i in range(4000):
        value = 0.02 + 0.96 * rng.random()
        chance = 1 / (1 + math.exp(-(2 * math.log(value / (1 - value)) - 0.5)))
        points.append(Point(i, 2, value, 1.0 if rng.random() < chance else 0.0))
    slope, shift = fit(points)
    assert slope == pytest.approx(2, abs=0.25) and shift == pytest.approx(-0.5, abs=0.15)
    table = reliability([p.value for p in points], [p.result for p in points])
    assert sum(row["count"] for row in table["rows"]) == len(points)
    gaps = sum(row["count"] * abs(row["predicted"] - row["observed"]) for row in table["rows"]) / len(points)
    assert table["ece"] == pytest.approx(gaps)


@pytest.mark.parametrize("name", dinotable.list_games())
def test_the_calibration_runs_on_a_small_sample(name, tmp_path):
    """What `make calibrate` runs on 500 games a game, on 6: games played by mixed bots, judged at a few
    decisions, the map fitted on the even games and measured on the odd ones, the table and the diagram."""
    from dinotable.analysis.calibration import calibrate, markdown, plot, tables_for

    quick = ("random", "greedy")
    runs = [calibrate(name, games=6, budget=8, seed=2, levels=quick)]
    if tables_for(name, True):
        runs.append(calibrate(name, games=6, budget=8, seed=2, team=True, levels=quick))
    for run in runs:
        held_out = [p for p in run["points"] if p[0] % 2 == 1]
        assert 0 < len(run["points"]) <= 6 * 4
        assert run["mapped"]["count"] == run["raw"]["count"] == len(held_out)
        assert all(0.0 <= p[2] <= 1.0 and 0.0 <= p[3] <= 1.0 for p in run["points"])
        assert 0.0 <= run["mapped"]["ece"] <= 1.0
        assert "| predicted | predictions |" in markdown(run)
    picture = plot(runs, tmp_path / "calibration.png")
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_luck_averages_zero_over_many_chances():
    """The chance after a chance fell is estimated as the value expected before it was (means over the
    searches' iterations), so luck is not biased: read at the preferred action instead, it averaged -4%."""
    lucks = []
    for seed in range(4):
        final = played(MFD, 2, seed, specs=("greedy",))
        lucks += [d.luck for d in analyse(final.to_json(), budget=100, seed=1).decisions if d.chance_fell]
    assert len(lucks) >= 60
    assert abs(sum(lucks) / len(lucks)) < 0.02
