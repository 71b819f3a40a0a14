"""The core step registry (dinotable.core.effects): reading steps from content with errors that name the
entry, the explicit choose and optional nodes, what can be done, running up to a decision, and the text."""

import pytest

from dinotable.core.content import ContentError, Reader
from dinotable.core.effects import Effects, StepKind


class Table:
    """A stand-in state: a seat's coins, and a log of what ran."""

    def __init__(self, coins: int = 0) -> None:
        self.coins = coins
        self.log: list = []


def _amount(reader, value, where):
    if not isinstance(value, int) or value < 1:
        raise reader.fail(where, "a positive whole amount")
    return value


def _gain(s, seat, value, events):
    s.coins += value
    events.append(("gain", value))
    return False


def _pay(s, seat, value, events):
    s.coins -= value
    return False


def _pick(s, seat, value, events):
    s.log.append(("pick", value))
    return True  # opens a decision


def effects(choose=True) -> Effects:
    def ask_choice(s, seat, options, events):
        s.log.append(("choose", len(options)))
        return True

    def ask_optional(s, seat, steps, events):
        s.log.append(("optional", steps))
        return True

    table = Effects(choose=ask_choice if choose else None, optional=ask_optional)
    table.add(StepKind("gain", parse=_amount, run=_gain, text=lambda v: f"gain {v} coins"))
    table.add(
        StepKind("pay", parse=_amount, run=_pay, text=lambda v: f"pay {v} coins", can=lambda s, seat, v: s.coins >= v)
    )
    table.add(
        StepKind(
            "pick",
            parse=_amount,
            run=_pick,
            text=lambda v: f"pick {v}",
            can=lambda s, seat, v: s.coins >= v,
            asks=True,
        )
    )
    return table


READER = Reader("cards.toml", {})


def test_steps_are_read_with_their_nodes():
    steps = effects().parse(
        READER,
        [{"pay": 1}, {"choose": [[{"gain": 2}], [{"pick": 1}, {"gain": 1}]]}, {"optional": [{"gain": 3}]}],
        "card.x.steps",
    )
    assert steps == (("pay", 1), ("choose", ((("gain", 2),), (("pick", 1), ("gain", 1)))), ("optional", (("gain", 3),)))


@pytest.mark.parametrize(
    ("steps", "where", "message"),
    [
        ([{"steal": 1}], "card.x.steps[0]", "unknown step 'steal' (expected one of choose, gain, optional, pay, pick)"),
        ([{"gain": 1, "pay": 1}], "card.x.steps[0]", "a step is a table with one key"),
        ([{"gain": 0}], "card.x.steps[0]", "a positive whole amount"),
        ([{"choose": [[{"gain": 1}]]}], "card.x.steps[0]", "choose takes 2 to 4 options"),
        ([{"choose": [[{"gain": 1}], [{"gain": -1}]]}], "card.x.steps[0].choose[1][0]", "a positive whole amount"),
        ({"gain": 1}, "card.x.steps", "steps are a list"),
    ],
)
def test_a_bad_step_is_refused_naming_the_file_and_the_entry(steps, where, message):
    with pytest.raises(ContentError) as caught:
        effects().parse(READER, steps, "card.x.steps")
    assert str(caught.value).startswith(f"cards.toml: {where}: ")
    assert message in str(caught.value)


def test_a_node_the_game_does_not_have_is_refused():
    with pytest.raises(ContentError, match="this game has no 'choose' steps"):
        effects(choose=False).parse(READER, [{"choose": [[{"gain": 1}], [{"gain": 2}]]}], "space.steps")


def test_a_kind_is_registered_once_and_a_node_cannot_be_one():
    table = effects()
    with pytest.raises(ValueError, match="'gain' is registered twice"):
        table.add(StepKind("gain", parse=_amount, run=_gain, text=str))
    with pytest.raises(ValueError, match="'choose' is registered twice"):
        table.add(StepKind("choose", parse=_amount, run=_gain, text=str))


def test_what_can_be_done_looks_into_choices():
    table = effects()
    poor, rich = Table(0), Table(5)
    assert not table.can(poor, 0, (("pay", 2),)) and table.can(rich, 0, (("pay", 2),))
    choice = (("choose", ((("pay", 2),), (("pick", 3),))),)
    assert not table.can(poor, 0, choice) and table.can(rich, 0, choice)
    assert table.can(poor, 0, (("optional", (("pay", 9),)),))


def test_running_stops_after_a_decision_and_says_where_to_go_on():
    table = effects()
    s = Table(3)
    events: list = []
    steps = (("gain", 1), ("pick", 2), ("gain", 5), ("pay", 1))
    assert table.run_from(s, 0, steps, 0, events) == 2  # stopped after the pick
    assert s.coins == 4 and s.log == [("pick", 2)] and events == [("gain", 1)]
    assert table.run_from(s, 0, steps, 2, events) is None
    assert s.coins == 8


def test_a_step_that_asks_and_cannot_be_done_is_skipped_and_so_is_a_choice_with_no_option():
    table = effects()
    s = Table(0)
    steps = (("pick", 1), ("choose", ((("pick", 2),), (("pay", 3),))), ("gain", 1), ("optional", (("gain", 1),)))
    assert table.run_from(s, 0, steps, 0, []) == 4  # only the optional node asked
    assert s.coins == 1 and s.log == [("optional", (("gain", 1),))]


def test_steps_read_as_text():
    table = effects()
    steps = (("pay", 1), ("choose", ((("gain", 2),), (("pick", 1),))), ("optional", (("gain", 3),)))
    assert table.text(steps) == "pay 1 coins, (gain 2 coins) or (pick 1), you may gain 3 coins"


# ---------------------------------------------------------------------- steps that offer action ids
def asking_effects(asked: list) -> Effects:
    """A table with one asking kind: `take` offers ids 10 + k for each k in its value the state still
    holds (`s.log` keeps what was asked and performed, with the effect's source)."""

    def ask(s, seat, step, events):
        asked.append(step)
        return True

    def offered(s, seat, value):
        return [10 + k for k in value if k < s.coins]

    def take(s, seat, value, action, source, events):
        s.log.append(("take", action, source))

    table = Effects(ask=ask)
    table.add(StepKind("gain", parse=_amount, run=_gain, text=lambda v: f"gain {v} coins"))
    table.add(StepKind("take", parse=None, run=None, text=str, options=offered, perform=take))
    return table


def test_an_asking_step_opens_the_decision_performs_its_only_option_or_is_skipped():
    asked: list = []
    table = asking_effects(asked)
    assert table.kinds["take"].asks  # a step that offers options asks
    steps = (("take", (0, 1, 2)), ("gain", 5))
    several = Table(coins=3)
    assert table.run_from(several, 0, steps, 0, [], source="slot 4") == 1  # stops: the game asks
    assert asked == [("take", (0, 1, 2))] and several.log == [] and several.coins == 3
    assert table.options(several, 0, steps[0]) == [10, 11, 12]
    table.perform(several, 0, steps[0], 11, [], source="slot 4")
    assert several.log == [("take", 11, "slot 4")]
    one = Table(coins=1)
    assert table.run_from(one, 0, steps, 0, [], source="slot 2") is None  # done: nothing asked
    assert one.log == [("take", 10, "slot 2")] and one.coins == 6
    none = Table(coins=0)
    assert table.run_from(none, 0, steps, 0, []) is None
    assert none.log == [] and none.coins == 5  # skipped, and the next step still ran
    assert len(asked) == 1


def test_a_step_kind_gives_a_run_or_options_with_perform_and_needs_the_games_ask():
    with pytest.raises(ValueError, match="either `run`, or `options` with `perform`"):
        StepKind("bad", parse=None, run=None, text=str)
    with pytest.raises(ValueError, match="either `run`, or `options` with `perform`"):
        StepKind("bad", parse=None, run=_gain, text=str, options=lambda s, seat, v: [], perform=None)
    with pytest.raises(ValueError, match="no `ask` decision"):
        Effects().add(
            StepKind("take", parse=None, run=None, text=str, options=lambda s, seat, v: [], perform=lambda *a: None)
        )
