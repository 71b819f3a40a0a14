"""Tiny Epic Dinosaurs on the core decision registry: one record per kind of decision, in the phase order
the golden files and error messages use; one action-id layout, whose table the docs hold; `action_info` for
every kind of decision, holding nothing the seat to move could not see (the helpers are
test_tiny_epic_dinosaurs.py's; tests/test_imports.py checks the package has no import cycle)."""

from pathlib import Path

import pytest

from dinotable.core.errors import IllegalAction
from dinotable.core.rng import Rng
from dinotable.games.tiny_epic_dinosaurs import components
from dinotable.games.tiny_epic_dinosaurs.actions import MEANINGS
from dinotable.games.tiny_epic_dinosaurs.components import MEAT, NUM_RESOURCES, PLANT
from dinotable.games.tiny_epic_dinosaurs.decisions import TABLE
from dinotable.games.tiny_epic_dinosaurs.testing import (
    fence,
    hold,
    hold_unique,
    keep_first_contracts,
    no_barriers,
    place_id,
    put_dinosaur,
    set_privates,
    set_public_row,
    set_resources,
    settle,
    to_adapt,
    to_feed,
)

from .test_tiny_epic_dinosaurs import (
    A1_B1_PEN,
    BR,
    C3_D3_PEN,
    D2_PEN,
    IDS,
    SHIPPED,
    ST,
    VE,
    C,
    N,
    card,
    cell,
    contract,
    edge,
    feed_id,
    fresh,
    lagoon,
    put_id,
    unique,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "tiny-epic-dinosaurs.md"
PHASES = {
    "KEEP": "choosing a Private Contract to keep",
    "PLACE": "Allocate Dinofarmers",
    "CHOOSE": "choose on the action space",
    "ADAPT": "Adapt the Farm",
    "FEED": "Feed Dinosaurs",
    "ESCAPE": "Dinosaur Escape",
    "NEWBORN": "Breeding: placing newly hatched dinosaurs",
    "OVER": "game over",
}


def test_each_decision_is_registered_at_its_phase_number():
    """The phase numbers and names are those the golden files recorded and the error messages show."""
    assert TABLE.names == tuple(PHASES.values())
    for constant, name in PHASES.items():
        assert TABLE[getattr(components, constant)].name == name


def test_an_illegal_action_names_the_open_decision():
    s = lagoon()
    to_adapt(s)
    with pytest.raises(IllegalAction, match=r"not legal now \(Adapt the Farm\)"):
        s.apply(IDS.omni)
    assert s.view(0)["phase"] == "Adapt the Farm"


def test_the_layout_gives_the_ids_the_golden_files_use():
    assert SHIPPED.layout.rows() == [
        ("place", 0, 33),
        ("species", 34, 37),
        ("research", 38, 40),
        ("contract", 41, 64),
        ("trade", 65, 73),
        ("fence", 74, 104),
        ("put", 105, 152),
        ("put_unique", 153, 392),
        ("lift", 393, 404),
        ("done", 405, 405),
        ("feed", 406, 429),
        ("eat", 430, 441),
        ("eat_common", 442, 445),
        ("eat_unique", 446, 465),
        ("unfence", 466, 496),
        ("omni", 497, 498),
    ]
    assert SHIPPED.num_distinct_actions == SHIPPED.layout.size == 499
    assert SHIPPED.layout.kind(IDS.put_unique + 3) == ("put_unique", 3)


def test_the_docs_hold_the_layouts_action_id_table():
    """docs/tiny-epic-dinosaurs.md section 8 is the table the layout writes, row for row."""
    lines = DOCS.read_text().splitlines()
    start = lines.index("| ids | kind | meaning |")
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("|"))
    assert "\n".join(lines[start:end]) == SHIPPED.layout.markdown(MEANINGS)


def info(s, action) -> dict:
    """action_info without the two keys core adds, after checking them."""
    out = s.action_info(action)
    assert out.pop("decision") == TABLE[s.phase].name
    assert out.pop("kind") == SHIPPED.layout.kind(action)[0]
    return out


def test_action_info_keeping_a_private_contract():
    s = fresh(3, 5)
    k = s.dealt[0][1]
    assert s.action_info(IDS.contract + k) == {
        "decision": "choosing a Private Contract to keep",
        "kind": "contract",
        "contract": C.contracts[k].name,
    }


def test_action_info_placing_dinofarmers_or_the_foreman():
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_meat"))  # seat 0 there with 1
    assert s.action_info(place_id(s, "gather_meat")) == {
        "decision": "Allocate Dinofarmers",
        "kind": "place",
        "action_space": "gather_meat",
        "dinofarmers": 2,
        "foreman": False,
    }
    assert info(s, place_id(s, "gather_meat", foreman=True)) == {
        "action_space": "gather_meat",
        "dinofarmers": 0,
        "foreman": True,
    }


def test_action_info_choosing_a_species_a_research_card_a_contract_or_a_trade():
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "market_herbivore"))
    assert info(s, IDS.species + BR) == {"action_space": "market_herbivore", "species": "brachiosaurus"}

    s = keep_first_contracts(fresh(3))
    row = [card("Genetics Lab"), card("Tyrannosaurus"), card("Triceratops")]
    s.research_deck = [k for k in s.research_deck + s.research_row if k not in row]
    s.research_row = list(row)
    set_resources(s, 0, 1, 0, 2)
    settle(s)
    s.apply(place_id(s, "research"))
    assert info(s, IDS.research + 2) == {"action_space": "research", "research": "Triceratops"}

    s = keep_first_contracts(fresh(3))
    set_public_row(s, ["Petting Zoo", "Long Necks", "Raptor Pack", "Apex Exhibit"])
    set_privates(s, {0: ["Secret Breeding Program"]})
    hold(s, 0, ST, 5)
    hold(s, 0, BR, 2)
    settle(s)
    s.apply(place_id(s, "contract"))
    assert info(s, IDS.contract + contract("Secret Breeding Program")) == {
        "action_space": "contract",
        "contract": "Secret Breeding Program",
    }

    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "trade"))
    assert info(s, IDS.trade + PLANT * NUM_RESOURCES + MEAT) == {
        "action_space": "trade",
        "pay": "plant",
        "gain": "meat",
        "amount": 3,
    }


def test_action_info_adapting_the_farm():
    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)
    hold(s, 0, ST)
    hold_unique(s, 0, "Triceratops")
    to_adapt(s)
    assert info(s, IDS.fence + edge("A1", "B1")) == {"edge": "A1|B1"}
    assert info(s, put_id(ST, "B3")) == {"species": "stegosaurus", "cell": "B3"}
    assert info(s, IDS.put_unique + card("Triceratops") * N + cell("A1")) == {"unique": "Triceratops", "cell": "A1"}
    assert info(s, IDS.lift + cell("A3")) == {"cell": "A3", "dinosaur": "Stegosaurus"}

    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", ST)
    hold(s, 0, VE)
    no_barriers(s, 0)
    to_adapt(s)  # the Velociraptor fits nowhere
    assert info(s, IDS.done) == {"escaping": ["Velociraptor"]}


def test_action_info_feeding():
    s = lagoon()
    put_dinosaur(s, 0, "A1", unique("Pteranodon"))
    set_resources(s, 0, 1, 1, 0)
    to_feed(s)
    food = C.research[card("Pteranodon")].unique_food
    assert info(s, feed_id("A1", meat=True)) == {"cell": "A1", "dinosaur": "Pteranodon", "food": "meat", "amount": food}


def test_action_info_escape_penalties():
    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", VE)
    put_dinosaur(s, 0, "A1", unique("Triceratops"))
    set_resources(s, 0, 3, 0, 0)
    to_feed(s)
    s.apply(feed_id("A3", meat=False))  # the Velociraptor escapes and takes something
    assert info(s, IDS.eat + cell("A1")) == {"cell": "A1", "dinosaur": "Triceratops"}

    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", VE)
    put_dinosaur(s, 0, "A1", unique("Triceratops"))
    set_resources(s, 0, 0, 0, 0)
    to_feed(s)  # all three escape: the Velociraptor takes one of the other two
    assert info(s, IDS.eat_common + ST) == {"species": "stegosaurus"}
    assert info(s, IDS.eat_unique + card("Triceratops")) == {"unique": "Triceratops"}

    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *D2_PEN)
    put_dinosaur(s, 0, "A3", ST)
    set_resources(s, 0, 0, 0, 0)
    to_feed(s)
    assert info(s, IDS.unfence + edge("D1", "D2")) == {"edge": "D1|D2"}

    s = lagoon(2)
    no_barriers(s, 0)
    fence(s, 0, edge("C1", "C2"))
    put_dinosaur(s, 0, "A1", unique("Pteranodon"))
    set_resources(s, 0, 0, 0, 0)
    put_dinosaur(s, 1, "A1", unique("Compsognathus"))
    set_resources(s, 1, 1, 1, 0)
    to_feed(s)
    assert [info(s, a) for a in (IDS.omni, IDS.omni + 1)] == [
        {"omnivores_as": "herbivores"},
        {"omnivores_as": "carnivores"},
    ]


def test_action_info_placing_newborns():
    s = lagoon()
    fence(s, 0, *C3_D3_PEN, *A1_B1_PEN)
    for name in ("A3", "B3", "C3", "D3"):
        put_dinosaur(s, 0, name, ST)
    set_resources(s, 0, 4, 0, 0)
    to_feed(s)
    assert info(s, put_id(ST, "A1")) == {"species": "stegosaurus", "cell": "A1"}


def test_no_action_is_described_once_the_game_is_over():
    s = fresh(2, 3)
    rng = Rng(3)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    with pytest.raises(IllegalAction, match="the game is over"):
        s.action_info(IDS.done)


@pytest.mark.parametrize("num_players", [1, 3])
def test_action_info_holds_nothing_the_seat_to_move_cannot_see(num_players):
    """Each description is the same on a copy determinized for the seat to move (other seats' Private
    Contracts and the decks re-dealt), so it tells that seat nothing it could not see at the table."""
    s = fresh(num_players, 11)
    rng = Rng(11)
    kinds = set()
    while not s.is_over:
        legal = s.legal_actions()
        copy = s.determinize(s.current_player, len(s.history))
        for a in legal:
            kinds.add(s.action_info(a)["decision"])
            assert copy.action_info(a) == s.action_info(a)
        s.apply(legal[rng.below(len(legal))])
    assert {"Allocate Dinofarmers", "Adapt the Farm"} <= kinds
