"""Tiny Epic Dinosaurs: the action spaces' steps as core.effects step kinds (effects.py). Each kind is
registered once; a content mistake in a step is refused naming the file and the entry; each kind reads as
the action spaces always have; what a kind says can be done agrees with what it offers; and a space with a
cost is judged on what can be done once the cost is paid (the helpers are test_tiny_epic_dinosaurs.py's)."""

import pytest

from dinotable.core.content import Reader, load_toml
from dinotable.core.errors import ContentError
from dinotable.core.rng import Rng, derive_seed
from dinotable.games.tiny_epic_dinosaurs import TinyEpicDinosaurs
from dinotable.games.tiny_epic_dinosaurs.components import CHOOSE, PLACE, PLANT
from dinotable.games.tiny_epic_dinosaurs.content import CONTENT_PATH, load_content
from dinotable.games.tiny_epic_dinosaurs.effects import EFFECTS
from dinotable.games.tiny_epic_dinosaurs.render import space_text
from dinotable.games.tiny_epic_dinosaurs.testing import keep_first_contracts, place_id, relist, set_resources

from .test_tiny_epic_dinosaurs import GAME, card, edit_key

READER = Reader(CONTENT_PATH, load_toml(CONTENT_PATH))
ASKING = {kind for kind, record in EFFECTS.kinds.items() if record.options}  # the kinds that offer action ids

# Each kind's content and its words (amounts counted: '2 supplies', but '3 meat'; a dinosaur with its article).
WORDS = {
    "pay": ({"plant": 1, "supply": 2}, "pay 1 plant, 2 supplies"),
    "gain": ({"barriers": 3, "plant": 1}, "gain 1 plant, 3 Barriers"),
    "hunt": (["stegosaurus", "brachiosaurus"], "hunt a Stegosaurus or a Brachiosaurus"),
    "dinosaur": (["allosaurus"], "take an Allosaurus"),
    "trade": (3, "trade 1 resource for 3 of another"),
    "research": (True, "take a Research card"),
    "contract": (True, "fulfil a Contract"),
    "first_player": (True, "take the First Player Marker"),
}


def test_each_step_kind_is_registered_once_and_reads_as_before():
    assert set(EFFECTS.kinds) == set(WORDS)
    assert not EFFECTS.nodes  # no choose or optional steps in this game
    for kind, (value, words) in WORDS.items():
        steps = EFFECTS.parse(READER, [{kind: value}], "space.x.steps")
        assert EFFECTS.text(steps) == words, kind
    assert {kind for kind, record in EFFECTS.kinds.items() if record.asks} == ASKING
    assert {"hunt", "dinosaur", "trade", "research", "contract"} == ASKING


def test_an_action_space_reads_as_its_steps_in_order():
    """A space's steps in order; a cost ('a black circle around the action space') reads as a cost."""
    c = GAME.content
    market = next(sp for sp in c.spaces if sp.id == "market_herbivore")
    assert space_text(c, market) == (
        "Dinosaur Market: herbivore (Action Board B): pay 1 plant, then take a Stegosaurus or a Brachiosaurus"
    )
    start = next(sp for sp in c.spaces if sp.steps[0][0] == "first_player")
    assert space_text(c, start).endswith(
        "(Action Board C): take the First Player Marker, gain 1 plant, 1 meat, 1 supply"
    )


@pytest.mark.parametrize(
    ("space", "steps", "where", "message"),
    [
        (
            "market_herbivore",
            "[{ pay = { gold = 1 } }]",
            "steps[0]",
            "unknown key 'gold' (expected plant, meat",
        ),
        ("gather_meat", "[{ gain = { meat = -3 } }]", "steps[0]", "amounts cannot be negative"),
        ("gather_meat", "[{ gain = 3 }]", "steps[0]", "expected a table of amounts by name"),
        ("gather_meat", '[{ gain = { meat = "3" } }]', "steps[0].meat", "expected int, got '3'"),
        ("hunt_stegosaurus", '[{ hunt = ["trex"] }]', "steps[0]", "unknown species 'trex'"),
        ("market_herbivore", "[{ pay = { plant = 1 } }, { dinosaur = [] }]", "steps[1]", "expected a list of species"),
        ("trade", "[{ trade = 0 }]", "steps[0]", "trade gives a positive whole amount"),
        ("trade", "[{ trade = true }]", "steps[0]", "trade gives a positive whole amount"),
        ("research", "[{ research = 2 }]", "steps[0]", "this step takes no amount: write it `= true`, not 2"),
        ("contract", "[{ contract = false }]", "steps[0]", "this step takes no amount"),
        ("trade", '[{ first_player = "yes" }]', "steps[0]", "this step takes no amount"),
        ("trade", "[{ teleport = 2 }]", "steps[0]", "unknown step 'teleport' (expected one of contract, dinosaur,"),
        ("trade", "[{ trade = 2, gain = { meat = 1 } }]", "steps[0]", "a step is a table with one key"),
        ("trade", "[{ choose = [[{ trade = 2 }], [{ gain = { meat = 1 } }]] }]", "steps[0]", "no 'choose' steps"),
        ("trade", "[{ optional = [{ trade = 2 }] }]", "steps[0]", "this game has no 'optional' steps"),
        ("trade", '"trade"', "steps", "expected list, got 'trade'"),
    ],
    ids=[
        "pay-unknown-resource",
        "gain-negative",
        "gain-not-a-table",
        "gain-not-a-number",
        "hunt-unknown-species",
        "dinosaur-no-species",
        "trade-zero",
        "trade-a-flag",
        "research-an-amount",
        "contract-false",
        "first-player-a-word",
        "unknown-kind",
        "two-kinds-in-one-step",
        "choose-node",
        "optional-node",
        "steps-not-a-list",
    ],
)
def test_a_step_mistake_is_refused_naming_the_file_and_the_entry(tmp_path, space, steps, where, message):
    """content.toml is data: a step its kind cannot read raises ContentError naming the space and the step."""
    text = CONTENT_PATH.read_text()
    broken = edit_key(text, f'id = "{space}"', "steps", steps)
    assert broken != text
    path = tmp_path / "content.toml"
    path.write_text(broken)
    with pytest.raises(ContentError) as err:
        load_content(path)
    assert str(err.value).startswith(f"content.toml: space.{space}.{where}: ")
    assert message in str(err.value)


def test_a_cost_is_paid_once_in_the_first_step(tmp_path):
    text = CONTENT_PATH.read_text()
    path = tmp_path / "content.toml"
    path.write_text(edit_key(text, 'id = "trade"', "steps", "[{ trade = 2 }, { pay = { meat = 1 } }]"))
    with pytest.raises(ContentError, match=r"content.toml: space.trade: a space pays its cost once, in its first"):
        load_content(path)


def test_what_a_step_can_do_agrees_with_what_it_offers():
    """A step that asks the player is skipped when its `can` says no, and opens a choice or just happens
    by what it offers: the two must agree, on every space of the side, at every placement and choice."""
    for num_players in (1, 3):
        seed = derive_seed(5, num_players)
        s = GAME.new_game(num_players, seed, {})
        rng = Rng(seed)
        looked = 0
        while not s.is_over:
            if s.phase in (PLACE, CHOOSE) and s.current_player is not None:
                seat = s.current_player
                for index in s.slots:
                    for kind, value in s.c.spaces[index].steps:
                        if kind in ASKING:
                            can = EFFECTS.kinds[kind].can(s, seat, value)
                            assert can == bool(EFFECTS.options(s, seat, (kind, value))), (kind, value)
                            looked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert looked > 100


def test_a_space_with_a_cost_is_legal_only_if_part_of_it_can_be_done_once_paid(tmp_path):
    """'you MUST pay the necessary resources immediately and then perform at least part of the corresponding
    action': a space that costs a plant and then takes a Research card is judged with that plant gone (a
    step's `can` reads the tracks, set as paid for the look and put back)."""
    text = CONTENT_PATH.read_text()
    path = tmp_path / "content.toml"
    path.write_text(
        edit_key(text, 'id = "market_herbivore"', "steps", "[{ pay = { plant = 1 } }, { research = true }]")
    )
    game = TinyEpicDinosaurs(load_content(path))
    s = keep_first_contracts(game.new_game(3, 1, {}))
    row = [card("Pteranodon"), card("Parasaurolophus"), card("Triceratops")]  # each costs a plant or two
    s.research_deck = [k for k in s.research_deck + s.research_row if k not in row]
    s.research_row = list(row)
    set_resources(s, 0, 1, 0, 1)  # the Pteranodon now, but nothing once the plant is paid
    relist(s)
    assert place_id(s, "market_herbivore") not in s.legal_actions()
    assert s.resources(0) == [1, 0, 1]  # the look put the tracks back
    set_resources(s, 0, 2, 0, 1)  # a plant left for the Pteranodon
    relist(s)
    assert place_id(s, "market_herbivore") in s.legal_actions()
    assert s.resources(0) == [2, 0, 1]
    s.apply(place_id(s, "market_herbivore"))
    assert s.owned[0] == (card("Pteranodon"),)  # its only option, taken without a choice
    assert s.resource(0, PLANT) == 0 and s.phase == PLACE


def test_the_key_holds_the_open_choice_and_nothing_of_a_closed_one():
    """The state's key is its fields by name with the open decision's context: a choice waiting keys its
    step, the steps after it and the space's slot; once it is made nothing of it stays in the key (rules 1.1;
    1.0 kept the last choice's slot and the last escape's ending there)."""
    s = keep_first_contracts(GAME.new_game(3, 1, {}))
    s.apply(place_id(s, "market_herbivore"))
    assert s.phase == CHOOSE
    fields = dict(s._key()[1])
    assert fields["ctx"] == s.ctx and fields["ctx"][0][0] == "dinosaur"
    assert "acting_slot" not in fields and "leftover" not in fields
    s.apply(s.legal_actions()[0])
    assert dict(s._key()[1])["ctx"] is None
