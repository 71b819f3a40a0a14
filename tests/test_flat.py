"""FlatState's derived equality key and clone, for every game, player count and option set the games declare:
a clone shares no list with its original, the key moves when any keyed field moves, states replayed from
the same record are equal, and which fields clone() copies (read once per class) holds for every state."""

from __future__ import annotations

import dataclasses

import pytest

import dinotable
from dinotable.core.conformance import random_game
from dinotable.core.flat import FlatState
from dinotable.core.golden import configurations
from dinotable.core.rng import derive_seed

# Shared by a clone and its original by design: the content, the options, and the legal actions (replaced
# after each decision, never changed in place; legal_actions() hands out a copy).
SHARED = frozenset({"game", "c", "options", "_legal"})
POINTS = 5  # decision points per game, spread from its start to its end

CONFIGS = [pytest.param(c.game, c.num_players, c.options, id=f"{c.game}-{c.slug}") for c in configurations()]


def points(name: str, num_players: int, options: dict) -> tuple[list[FlatState], FlatState]:
    """States spread over a seeded random game, each rebuilt by replaying the record's first decisions
    (not cloned: the clone is under test), and the finished game."""
    game = dinotable.get_game(name)
    seed = derive_seed(11, num_players)
    final = random_game(game, num_players, options, seed)
    length = len(final.history)
    out = []
    for i in range(POINTS):
        state = game.new_game(num_players, seed, options)
        for action in final.history[: length * i // POINTS]:
            state.apply(action)
        out.append(state)
    return out, final


def lists_in(value, path: str, out: dict) -> dict:
    """Every list reachable from `value` through lists and tuples (named ones too), by its path."""
    if isinstance(value, list):
        out[path] = value
    if isinstance(value, list | tuple):
        for i, inner in enumerate(value):
            lists_in(inner, f"{path}[{i}]", out)
    return out


def state_lists(state: FlatState) -> dict:
    out: dict = {}
    for name, value in state.__dict__.items():
        if name not in SHARED:
            lists_in(value, name, out)
    return out


def shared_lists(a: FlatState, b: FlatState) -> list[str]:
    """The paths of the lists two states hold in common (the same object, not an equal one)."""
    theirs = {id(v) for v in state_lists(b).values()}
    return sorted(path for path, v in state_lists(a).items() if id(v) in theirs)


def changed(value):
    """A value of the same kind as `value` that is not equal to it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "'"
    if value is None:
        return 0
    if isinstance(value, list):
        return [*value, -7]
    if isinstance(value, tuple):
        return (*value, -7)
    raise AssertionError(f"no change known for a {type(value).__name__}; give the test one")


def keyed_fields(state: FlatState) -> list[str]:
    return sorted(n for n in state.__dict__ if n not in state._unkeyed and n not in state.keyed_by)


@pytest.mark.parametrize(("name", "num_players", "options"), CONFIGS)
def test_a_clone_shares_no_list_with_its_original(name, num_players, options):
    """Every list of a clone (lists inside lists and tuples too) is its own: changing each one leaves the
    original as it was."""
    states, final = points(name, num_players, options)
    for state in [*states, final]:
        before = repr(state._key())
        lists_before = {path: list(v) for path, v in state_lists(state).items()}
        copy = state.clone()
        assert copy == state
        assert shared_lists(copy, state) == [], f"{name}: a clone shares these lists with its original"
        for value in state_lists(copy).values():
            value.append(-7)
            if value[:-1]:
                value[0] = -7
        assert repr(state._key()) == before, f"{name}: changing a clone's lists changed its original"
        assert {path: list(v) for path, v in state_lists(state).items()} == lists_before
        assert copy != state


@pytest.mark.parametrize(("name", "num_players", "options"), CONFIGS)
def test_the_key_moves_with_every_keyed_field(name, num_players, options):
    """Changing any one keyed field of a state, or the first item of a list field (one level into a list
    of lists), makes it unequal to the state it was cloned from."""
    states, final = points(name, num_players, options)
    for state in [*states, final]:
        for field in keyed_fields(state):
            value = getattr(state, field)
            variants = [changed(value)]
            if isinstance(value, list) and value:
                variants.append([changed(value[0]), *value[1:]])
                if isinstance(value[0], list) and value[0]:
                    variants.append([[changed(value[0][0]), *value[0][1:]], *value[1:]])
            for variant in variants:
                copy = state.clone()
                setattr(copy, field, variant)
                assert copy != state, f"{name}: {field} = {variant!r} left the key unchanged"


@pytest.mark.parametrize(("name", "num_players", "options"), CONFIGS)
def test_states_replayed_from_one_record_are_equal(name, num_players, options):
    """Two states built by replaying the same record compare equal, at every point sampled and at the end,
    and states at different points do not."""
    game = dinotable.get_game(name)
    states, final = points(name, num_players, options)
    again, final_again = points(name, num_players, options)
    assert final == final_again and final == game.from_json(final.to_json())
    for a, b in zip(states, again, strict=True):
        assert a == b and a._key() == b._key()
    keys = [repr(s._key()) for s in [*states, final]]
    assert len(set(keys)) == len(keys), f"{name}: states at different points compare equal"


@pytest.mark.parametrize(("name", "num_players", "options"), CONFIGS)
def test_the_copied_fields_are_every_list_at_every_decision(name, num_players, options):
    """The fields clone() copies, read once per class, are the state's lists at every decision of a game,
    with just the lists of lists copied one level deeper: no field is a list at one time and not at another."""
    game = dinotable.get_game(name)
    first = game.new_game(num_players, 1, options)
    first.clone()  # reads the fields, if no state of this class was cloned before
    lists, nested = type(first)._copied
    seen: set[str] = set()

    def check(state) -> None:
        now = {n for n, v in state.__dict__.items() if isinstance(v, list) and n != "_legal"}
        assert now == set(lists) | set(nested), f"{name}: lists {sorted(now ^ (set(lists) | set(nested)))}"
        for n in lists:
            assert not any(isinstance(v, list) for v in getattr(state, n)), f"{name}: {n} holds lists"
        for n in nested:
            assert all(isinstance(v, list) for v in getattr(state, n)), f"{name}: {n} holds other than lists"
        seen.update(state.__dict__)

    random_game(game, num_players, options, derive_seed(12, num_players), check)
    assert seen == set(first.__dict__), f"{name}: fields come and go: {sorted(seen ^ set(first.__dict__))}"


def test_my_funny_dinos_stacks_are_copied_one_level_deeper():
    """The one list of lists today: a clone's stacks are new lists, not the original's."""
    state = dinotable.get_game("my-funny-dinos").new_game(3, 5, {})
    copy = state.clone()
    assert copy.stacks == state.stacks
    assert all(a is not b for a, b in zip(copy.stacks, state.stacks, strict=True))
    assert "stacks" in type(state)._copied[1]


def test_a_clone_that_shares_a_list_is_caught(monkeypatch):
    """The yardstick against a deliberately shallow clone: a list left out of the copied fields, and the
    stacks copied only one level, are both reported, and a change through the clone reaches the original."""
    state = dinotable.get_game("my-funny-dinos").new_game(3, 5, {})
    state.clone()
    lists, nested = type(state)._copied
    # `pile` not copied at all, `stacks` copied as a flat list (its inner lists shared).
    monkeypatch.setattr(type(state), "_copied", (tuple(n for n in lists if n != "pile") + nested, ()))
    copy = state.clone()
    shared = shared_lists(copy, state)
    assert "pile" in shared and "stacks[0]" in shared and "stacks" not in shared
    before = repr(state._key())  # text, not a clone: the clone is what is broken
    copy.pile.append(-7)
    assert repr(state._key()) != before


def test_dinogenics_keys_its_scenario_by_name():
    """The `keyed_by` hook: a scenario reworded is the same state; another scenario is not."""
    game = dinotable.get_game("dinogenics")
    state = game.new_game(1, 3, {"scenario": "CC1"})
    reworded = state.clone()
    reworded.scenario = dataclasses.replace(state.scenario, name=state.scenario.name + " (reworded)")
    assert reworded == state
    other = state.clone()
    other.scenario = next(sc for sc in game.content.scenarios if sc.key != state.scenario.key)
    assert other != state


def test_unkeyed_fields_are_left_out_of_the_key():
    """What a class declares unkeyed (caches, copies of the options) does not tell states apart, and what
    every FlatState shares is never keyed."""
    for name in dinotable.list_games():
        state = dinotable.get_game(name).new_game(2, 3, {})
        keyed = {field for field, _ in state._key()[1]}
        assert not keyed & (SHARED | state.unkeyed), name
        assert keyed == set(state.__dict__) - SHARED - state.unkeyed, name
        for field in state.unkeyed:
            copy = state.clone()
            setattr(copy, field, "something else")
            assert copy == state, f"{name}: unkeyed {field} is in the key"
