"""Tiny Epic Dinosaurs: Feed Dinosaurs, Dinosaur Escape and its penalties, Breeding, and the choices among
dinosaurs that matter (the helpers are test_tiny_epic_dinosaurs.py's)."""

import pytest

from dinotable.games.tiny_epic_dinosaurs.components import ADAPT, ESCAPE, FEED, NEWBORN
from dinotable.games.tiny_epic_dinosaurs.escapes import HERB_PENALTY
from dinotable.games.tiny_epic_dinosaurs.grid import set_of
from dinotable.games.tiny_epic_dinosaurs.testing import (
    barriers_on,
    farm,
    fence,
    hold,
    keep_first_contracts,
    no_barriers,
    pass_turn,
    put_dinosaur,
    relist,
    run_breeding,
    set_resources,
    settle,
    to_adapt,
    to_feed,
)

from .test_tiny_epic_dinosaurs import (
    A1_B1_PEN,
    AL,
    BR,
    C3_D3_PEN,
    D2_PEN,
    GAME,
    IDS,
    LAGOON,
    ST,
    VE,
    C,
    adapt_all,
    before_collect,
    card,
    cell,
    edge,
    feed_id,
    fresh,
    kinds_of,
    lagoon,
    outside,
    put_id,
    unique,
)


# --------------------------------------------------------------------------------------- feed dinosaurs
def test_herbivores_eat_plants_and_carnivores_meat():
    """'Generally, Herbivores eat Plant, and Carnivores eat Meat.' (designed food: Brachiosaurus 2 plants,
    Allosaurus 2 meat)"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", BR)
    put_dinosaur(s, 0, "B3", AL)
    set_resources(s, 0, 2, 1, 0)
    to_feed(s)
    assert s.phase == FEED and s.legal_actions() == [feed_id("A3", meat=False)]  # the meat is short
    set_resources(s, 0, 1, 2, 0)
    relist(s)
    assert s.legal_actions() == [feed_id("B3", meat=True)]  # now the plants are
    events = s.apply(feed_id("B3", meat=True))
    assert before_collect(s, events) == [1, 0, 0]  # the Allosaurus ate 2 meat
    assert farm(s) == {"B3": AL}  # the hungry Brachiosaurus escaped
    assert any(e.kind == "escape" and e.detail["dinosaurs"] == ["brachiosaurus"] for e in events)


def test_omnivores_eat_plant_or_meat_as_the_player_chooses():
    """'Omnivores eat Plant or Meat. You can choose which resource to use to feed them.'"""
    for meat in (False, True):
        s = lagoon()
        put_dinosaur(s, 0, "A1", unique("Pteranodon"))
        set_resources(s, 0, 1, 1, 0)
        to_feed(s)
        assert s.phase == FEED
        assert sorted(s.legal_actions()) == [feed_id("A1", meat=False), feed_id("A1", meat=True)]
        events = s.apply(feed_id("A1", meat=meat))
        assert before_collect(s, events) == ([1, 0, 0] if meat else [0, 1, 0])
        assert farm(s) == {"A1": unique("Pteranodon")} and s.round == 2


def test_unfed_dinosaurs_escape_unique_ones_too():
    """'If you have no more resources and have not fed all Dinosaurs, all unfed Dinosaurs (including Unique
    Dinosaurs) Escape.' and 'For escaped Unique Dinosaurs, also return their respective cards to the discard
    pile of the Research Board.'"""
    s = lagoon()
    put_dinosaur(s, 0, "A1", unique("Tyrannosaurus"))  # eats 3 meat
    set_resources(s, 0, 5, 2, 0)
    assert s.scores() == [C.research[card("Tyrannosaurus")].vp]
    events = to_feed(s)
    assert "escape" in kinds_of(events)
    assert farm(s) == {} and s.owned[0] == ()
    assert card("Tyrannosaurus") in s.research_discard
    assert s.scores() == [0]  # its points are lost


def test_feeding_is_automatic_when_there_is_food_for_all_and_no_omnivore():
    """Designed 'feeding at once': 'When there is food for every dinosaur and no omnivore's choice, all are fed
    at once.' ('Feed until you have no more resources or all Dinosaurs are fed.')"""
    s = lagoon(2)
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", VE)
    set_resources(s, 0, 5, 3, 0)
    put_dinosaur(s, 1, "A1", unique("Compsognathus"))  # an omnivore: seat 1 chooses
    set_resources(s, 1, 5, 3, 0)
    to_feed(s)
    assert s.phase == FEED and s.current_player == 1
    assert s.resources(0) == [4, 2, 0] and set(s.fed_spaces(0)) == {cell("A3"), cell("B3")}
    assert len(s.legal_actions()) == 2


# ----------------------------------------------------------------------------------------------- escape
def test_herbivore_escape_removes_a_barrier_of_the_players_choice():
    """'Herbivore Escape Penalty: Remove 1 Barrier of your choice from your Farm (if any).'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *D2_PEN)
    put_dinosaur(s, 0, "A3", ST)
    set_resources(s, 0, 0, 0, 0)
    supply = s.barrier_supply
    to_feed(s)
    assert s.phase == ESCAPE
    assert sorted(s.legal_actions()) == sorted(IDS.unfence + e for e in (edge("A3", "B3"), *D2_PEN))
    s.apply(IDS.unfence + edge("D1", "D2"))
    assert barriers_on(s) == {edge("A3", "B3"), edge("C2", "D2"), edge("D2", "D3")}
    assert s.barrier_supply == supply + 1 and s.supply[ST] == 15


@pytest.mark.parametrize(("removed", "newborns"), [("D3 right", 0), ("A3|B3", 1)])
def test_an_opened_enclosure_keeps_its_fed_dinosaurs_but_they_do_not_breed(removed, newborns):
    """'If the removal of a Barrier causes an Enclosure to no longer be "closed," the remaining fed Dinosaurs do
    NOT escape; however, they also do not breed during Breeding.'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *C3_D3_PEN)
    put_dinosaur(s, 0, "C3", ST)
    put_dinosaur(s, 0, "D3", ST)
    put_dinosaur(s, 0, "A3", BR)  # eats 2 plants: it will go hungry
    set_resources(s, 0, 2, 0, 0)
    to_feed(s)
    s.apply(feed_id("C3", meat=False))  # the second Stegosaurus follows; the Brachiosaurus escapes
    assert s.phase == ESCAPE and s.supply[BR] == 14
    s.apply(IDS.unfence + (edge("A3", "B3") if removed == "A3|B3" else outside("D3")[0]))
    assert s.supply[BR] == 15
    assert s.space(0, cell("C3")) == ST and s.space(0, cell("D3")) == ST  # fed, so they stay
    assert s.newborn(0, ST) + s.cells.count(ST) - 2 == newborns


def test_carnivore_escape_discards_another_dinosaur_of_the_players_choice():
    """'Carnivore Escape Penalty: Discard ANY other Dinosaur (if any) along with the Dinosaur that escaped.'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", VE)  # no meat: it escapes
    put_dinosaur(s, 0, "A1", unique("Triceratops"))
    set_resources(s, 0, 3, 0, 0)
    to_feed(s)
    s.apply(feed_id("A3", meat=False))  # then the Triceratops, then the Velociraptor escapes
    assert s.phase == ESCAPE
    assert sorted(s.legal_actions()) == [IDS.eat + cell("A1"), IDS.eat + cell("A3")]
    s.apply(IDS.eat + cell("A1"))
    assert farm(s) == {"A3": ST} and s.supply[VE] == 15
    assert card("Triceratops") in s.research_discard and s.owned[0] == ()
    assert barriers_on(s) == {edge("A3", "B3")}  # an eaten herbivore did not escape: no herbivore penalty


def test_an_eaten_escaping_herbivore_does_not_cause_the_herbivore_penalty():
    """'The "eaten" Dinosaur can be one that would also have escaped. If a Carnivore eats an Herbivore that was
    going to escape, before its escape, then this Herbivore DOES NOT CAUSE the Herbivore Escape Penalty.'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", VE)
    set_resources(s, 0, 0, 0, 0)
    to_feed(s)
    assert s.phase == ESCAPE and s.legal_actions() == [IDS.eat_common + ST]
    s.apply(IDS.eat_common + ST)
    assert barriers_on(s) == {edge("A3", "B3")} and farm(s) == {}
    assert s.supply[ST] == 15 and s.supply[VE] == 15


def test_an_escaping_herbivore_that_is_not_eaten_costs_a_barrier():
    """'Herbivore Escape Penalty: Remove 1 Barrier of your choice from your Farm (if any).' (the counterpart of
    the eaten herbivore: here the carnivore is fed)"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", VE)
    set_resources(s, 0, 0, 1, 0)
    to_feed(s)
    assert s.legal_actions() == [feed_id("B3", meat=True)]
    events = s.apply(feed_id("B3", meat=True))  # the Stegosaurus escapes; the only Barrier goes
    assert "barrier_removed" in kinds_of(events)
    assert barriers_on(s) == set() and farm(s) == {"B3": VE} and s.supply[ST] == 15


@pytest.mark.parametrize("as_carnivore", [False, True])
def test_an_escaping_omnivore_counts_as_the_type_the_player_chooses(as_carnivore):
    """'This causes different penalties for Herbivores or Carnivores (in the case of Omnivores, you choose
    which type it will be).'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "A1", unique("Pteranodon"))
    set_resources(s, 0, 0, 0, 0)
    to_feed(s)  # both starve
    assert s.phase == ESCAPE and sorted(s.legal_actions()) == [IDS.omni, IDS.omni + 1]
    s.apply(IDS.omni + int(as_carnivore))
    if as_carnivore:  # it takes the Stegosaurus with it; the herbivore penalty is spared
        assert barriers_on(s) == {edge("A3", "B3")}
    else:  # two herbivores escape: one Barrier goes
        assert barriers_on(s) == set()
    assert farm(s) == {} and card("Pteranodon") in s.research_discard


def test_each_penalty_happens_once_per_round():
    """'Each penalty occurs ONLY once per round, even if several of the same species escape.'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *D2_PEN)
    no_barriers(s, 0)
    hold(s, 0, ST, 4)  # three spaces in Enclosures: A3, B3, D2
    set_resources(s, 0, 0, 0, 0)
    to_adapt(s)
    adapt_all(s)
    assert s.phase == ESCAPE and len(s.legal_actions()) == 4  # first escape of the round: a Barrier goes
    s.apply(IDS.unfence + edge("D1", "D2"))
    assert len(barriers_on(s)) == 3
    # Feed: no plants, the three Stegosaurus escape too, but the herbivore penalty was paid this round.
    assert s.round == 2 and farm(s) == {} and len(barriers_on(s)) == 3
    assert s.supply[ST] == 15


# --------------------------------------------------------------------------------------------- breeding
def test_two_fed_common_dinosaurs_of_a_species_in_one_enclosure_make_one():
    """'Every 2 common Dinosaurs of the same species that are in the SAME Enclosure will generate 1 new
    Dinosaur of the same species.' and 'All newly hatched Dinosaurs ... must be immediately placed on your
    Farm. They must be placed in an Enclosure, but do not need to be with their "parents."'"""
    s = lagoon()
    fence(s, 0, *D2_PEN)
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", ST)
    set_resources(s, 0, 2, 0, 0)
    events = to_feed(s)
    assert "breed" in kinds_of(events)
    assert s.phase == NEWBORN and s.newborn_commons(0) == [1, 0, 0, 0]
    assert s.legal_actions() == [put_id(ST, "D2")]
    s.apply(put_id(ST, "D2"))
    assert farm(s) == {"A3": ST, "B3": ST, "D2": ST} and s.round == 2


def test_dinosaurs_in_different_enclosures_do_not_breed():
    """'Every 2 common Dinosaurs of the same species that are in the SAME Enclosure will generate 1 new
    Dinosaur': a Barrier between them keeps two fed Stegosaurus from breeding."""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *D2_PEN)
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", ST)
    set_resources(s, 0, 2, 0, 0)
    events = to_feed(s)
    assert "breed" not in kinds_of(events) and s.round == 2 and s.cells.count(ST) == 2


def test_a_newborn_with_no_room_escapes():
    """'If your Farm does not have space for a Newly Hatched Dinosaur, it Escapes immediately.'"""
    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", ST)
    set_resources(s, 0, 2, 0, 0)
    events = to_feed(s)
    assert kinds_of(events).count("escape") == 1 and "breed" in kinds_of(events)
    assert s.round == 2 and s.cells.count(ST) == 2 and s.supply[ST] == 13 and s.newborns == [0] * 4


def test_newborns_do_not_breed_in_the_round_they_are_born():
    """'Newly hatched Dinosaurs can be placed in any order and cannot breed in the same round they were born.'"""
    s = lagoon()
    fence(s, 0, *C3_D3_PEN, *A1_B1_PEN)
    for name in ("A3", "B3", "C3", "D3"):
        put_dinosaur(s, 0, name, ST)
    set_resources(s, 0, 4, 0, 0)
    to_feed(s)
    assert s.phase == NEWBORN and s.newborn(0, ST) == 2
    s.apply(put_id(ST, "A1"))  # and B1 follows
    assert s.round == 2 and s.cells.count(ST) == 6 and s.supply[ST] == 9


@pytest.mark.parametrize("first", [0, 1])
def test_short_supply_is_handed_out_one_at_a_time_from_the_first_player(first):
    """'If there is not enough supply for all players during Breeding, each affected player receives one at a
    time, in order, starting with the first player, until the supply runs out.'"""
    s = keep_first_contracts(fresh(3, 1, farm=LAGOON))
    for seat in (0, 1):
        fence(s, seat, *D2_PEN)
        put_dinosaur(s, seat, "A3", ST)
        put_dinosaur(s, seat, "B3", ST)
        set_resources(s, seat, 5, 3, 0)
    hold(s, 2, ST, 10)  # one Stegosaurus left in the supply
    s.first = first
    to_feed(s)
    assert s.supply[ST] == 0
    assert s.newborn_commons(0) == [int(first == 0), 0, 0, 0] and s.newborn_commons(1) == [int(first == 1), 0, 0, 0]


@pytest.mark.parametrize(
    ("pairs", "supply", "first", "born"),
    [
        ((2, 2, 2), 3, 0, [1, 1, 1, 0]),  # the first player taking all it bred would give [2, 1, 0, 0]
        ((2, 2, 2), 2, 0, [1, 1, 0, 0]),  # [2, 0, 0, 0]
        ((2, 2, 2), 2, 2, [1, 0, 1, 0]),  # turn order 2, 3, 0, 1 (seat 3 breeds nothing): [0, 0, 2, 0]
        ((1, 2, 2), 4, 1, [1, 2, 1, 0]),  # order 1, 2, 3, 0, then round again from seat 1: [0, 2, 2, 0]
    ],
)
def test_short_supply_goes_round_one_newborn_at_a_time_not_all_to_the_first(pairs, supply, first, born):
    """Tiny Epic Dinosaurs rulebook, Common Dinosaur Limit: 'If there is not enough supply for all players
    during Breeding, each affected player receives one at a time, in order, starting with the first player,
    until the supply runs out.' Seats 0-2 breed one or two Stegosaurus each (a pair in the A3+B3 Enclosure,
    another in a C3+D3 pen) from a supply of 2 to 4: everyone who bred gets one before anyone gets a second,
    so the first player does not take all it bred."""
    s = keep_first_contracts(fresh(4, 1, farm=LAGOON))
    for seat, count in enumerate(pairs):
        fence(s, seat, *C3_D3_PEN)
        for name in ("A3", "B3", "C3", "D3")[: 2 * count]:
            put_dinosaur(s, seat, name, ST)
        set_resources(s, seat, 2 * count, 0, 0)
    hold(s, 3, ST, s.supply[ST] - supply)  # the other Stegosaurus wait in seat 3's Containment Zone
    s.first = first
    events = to_feed(s)
    bred = {e.seat: e.detail["stegosaurus"] for e in events if e.kind == "breed"}
    assert [bred.get(seat, 0) for seat in range(4)] == born and s.supply[ST] == 0


# ------------------------------------------------------------------------------ choices that matter
def test_feeding_tells_apart_dinosaurs_over_different_symbols():
    """'You feed your Dinosaurs in the order you prefer': two Stegosaurus of one Enclosure are offered apart
    when they cover different symbols, since the one that escapes uncovers its symbol for the next Collect."""
    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)  # covers a plant
    put_dinosaur(s, 0, "B3", ST)  # covers a meat
    set_resources(s, 0, 1, 0, 0)
    to_feed(s)
    assert sorted(s.legal_actions()) == sorted([feed_id("A3", meat=False), feed_id("B3", meat=False)])
    s.apply(feed_id("B3", meat=False))
    assert farm(s) == {"B3": ST}  # the hungry one escaped; its plant is free again


def test_a_carnivore_may_take_either_of_two_dinosaurs_over_different_symbols():
    """'Discard ANY other Dinosaur': the choice keeps apart dinosaurs that leave different symbols bare."""
    s = lagoon()
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", ST)
    fence(s, 0, *C3_D3_PEN)
    put_dinosaur(s, 0, "C3", VE)  # no meat: it escapes
    set_resources(s, 0, 2, 0, 0)
    to_feed(s)
    s.apply(feed_id("A3", meat=False))  # the other Stegosaurus is fed next
    assert s.phase == ESCAPE
    assert sorted(s.legal_actions()) == [IDS.eat + cell("A3"), IDS.eat + cell("B3")]


def test_an_eaten_dinosaur_leaves_no_fed_mark_behind():
    """The space of a dinosaur taken by an escaping carnivore is empty, and not shown as fed."""
    s = lagoon(2)
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "A1", unique("Triceratops"))
    fence(s, 0, *C3_D3_PEN)
    put_dinosaur(s, 0, "C3", VE)
    set_resources(s, 0, 3, 0, 0)
    put_dinosaur(s, 1, "A1", unique("Pteranodon"))  # seat 1 has a choice to make, so the round waits for it
    set_resources(s, 1, 1, 1, 0)
    to_feed(s)
    s.apply(feed_id("A3", meat=False))  # the Triceratops is fed next; the Velociraptor escapes
    assert s.phase == ESCAPE and IDS.eat + cell("A3") in s.legal_actions()
    s.apply(IDS.eat + cell("A3"))
    assert s.current_player == 1 and s.phase == FEED
    assert not s.is_fed(0, cell("A3")) and "A3" not in s.view(0)["players"][0]["fed"]


def test_an_enclosure_merged_by_a_lost_barrier_breeds_no_more():
    """'An Enclosure ... can contain the same number of Dinosaurs of a single species': an Enclosure holding
    two species after a lost Barrier is no longer a proper Enclosure, and its dinosaurs do not breed."""
    pen = (edge("C1", "C2"), edge("B2", "C2"), edge("D1", "D2"), *outside("C3"), *outside("D3"))
    for mixed in (False, True):
        s = lagoon()
        fence(s, 0, *pen)
        put_dinosaur(s, 0, "C2", ST)
        put_dinosaur(s, 0, "C3", ST)
        if mixed:
            put_dinosaur(s, 0, "D2", BR)
        s.fed[0] = set_of(cell(x) for x in ("C2", "C3", "D2"))
        run_breeding(s)
        assert s.newborn(0, ST) == (0 if mixed else 1)


def test_the_omnivore_question_is_asked_only_when_the_answer_matters():
    """'In the case of Omnivores, you choose which type it will be': with no Barrier to lose and nothing to
    take, both answers are the same, so none is asked; with a Barrier on the Farm, it is."""
    for barrier in (False, True):
        s = lagoon(2)
        no_barriers(s, 0)
        if barrier:
            fence(s, 0, edge("C1", "C2"))
        put_dinosaur(s, 0, "A1", unique("Pteranodon"))  # an omnivore with nothing to eat
        set_resources(s, 0, 0, 0, 0)
        put_dinosaur(s, 1, "A1", unique("Compsognathus"))  # seat 1 keeps the round waiting
        set_resources(s, 1, 1, 1, 0)
        to_feed(s)
        if barrier:
            assert s.phase == ESCAPE and s.legal_actions() == [IDS.omni, IDS.omni + 1]
        else:
            assert s.current_player == 1 and card("Pteranodon") in s.research_discard


@pytest.mark.parametrize("herbivore_penalty", ["no Barrier on the Farm", "paid this round"])
@pytest.mark.parametrize("as_carnivore", [False, True])
def test_the_omnivore_question_is_asked_when_only_the_carnivore_penalty_differs(herbivore_penalty, as_carnivore):
    """'Dinosaur Escape: ... This causes different penalties for Herbivores or Carnivores (in the case of
    Omnivores, you choose which type it will be). Each penalty occurs ONLY once per round'; 'Herbivore Escape
    Penalty: Remove 1 Barrier of your choice from your Farm (if any).'; 'Carnivore Escape Penalty: Discard ANY
    other Dinosaur (if any) along with the Dinosaur that escaped.' An escaping omnivore whose herbivore penalty
    costs nothing (no Barrier left on the Farm, or that penalty already paid this round) with a Stegosaurus
    on the Farm: as a carnivore it takes the Stegosaurus, as a herbivore it does not, so the player is asked."""
    s = lagoon(2)
    no_barriers(s, 0)
    if herbivore_penalty == "paid this round":
        fence(s, 0, edge("C1", "C2"))
        s.mark_paid(0, HERB_PENALTY)
    put_dinosaur(s, 0, "A3", ST)  # in the permanent Enclosure A3+B3: no Barrier needed
    put_dinosaur(s, 0, "A1", unique("Pteranodon"))  # an omnivore
    set_resources(s, 0, 1, 0, 0)  # one plant: for the Stegosaurus or for the Pteranodon
    put_dinosaur(s, 1, "A1", unique("Compsognathus"))  # seat 1 keeps the round waiting
    set_resources(s, 1, 1, 1, 0)
    barriers = barriers_on(s)
    to_feed(s)
    s.apply(feed_id("A3", meat=False))  # the Stegosaurus is fed; the Pteranodon escapes
    assert s.phase == ESCAPE and s.current_player == 0
    assert s.legal_actions() == [IDS.omni, IDS.omni + 1]
    assert [s.action_text(a) for a in s.legal_actions()] == [
        "Escaping omnivores count as herbivores",
        "Escaping omnivores count as carnivores",
    ]
    events = s.apply(IDS.omni + int(as_carnivore))
    if as_carnivore:  # the only other dinosaur is taken along (a single option resolves itself)
        assert [(e.kind, e.detail) for e in events if e.kind == "eaten"] == [("eaten", {"dinosaur": "stegosaurus"})]
        assert farm(s) == {} and s.supply[ST] == 15
    else:  # a herbivore: no Barrier to lose, the Stegosaurus stays
        assert not [e for e in events if e.kind in ("eaten", "barrier_removed")]
        assert farm(s) == {"A3": ST} and s.supply[ST] == 14
    assert barriers_on(s) == barriers
    assert card("Pteranodon") in s.research_discard and s.owned[0] == ()
    assert s.phase == FEED and s.current_player == 1


def test_a_player_with_nowhere_to_go_is_skipped_but_keeps_the_dinofarmers():
    """Designed 'nowhere to go': a player whose Dinofarmers have no legal space now is skipped for the turn
    (rulebook: 'they are simply skipped'), keeps them, and the phase ends when nobody can place."""
    s = keep_first_contracts(fresh(2, 5))
    for slot in range(len(s.slots)):
        s.set_occupant(slot, 1, 3)  # player 2 stands everywhere, strong
    s.normals, s.foreman = [2, 0], [False, False]
    s.cur = 1
    pass_turn(s)
    assert s.cur == -1  # neither can go anywhere: the allocation is over
    assert s.normals[0] == 2  # the Dinofarmers were not taken away
    settle(s)
    assert s.phase == ADAPT


def test_a_copy_determinized_again_for_another_seat_stays_whole():
    """What another seat put back at setup is its secret: a determinized copy forgets it, so determinizing
    the copy again (a search agent's copy seen from another seat) deals every contract exactly once."""
    for seed in range(12):
        s = keep_first_contracts(fresh(3, seed))
        true_returned = list(s.returned)
        d = s.determinize(0, seed)
        assert d.returned[0] == true_returned[0] and d.returned[1] == d.returned[2] == ()
        for seat in (1, 2):
            GAME.check_invariants(d.determinize(seat, seed + 100))
