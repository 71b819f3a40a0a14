"""DinoGenics, base game: each published fact about the base game the engine relies on, the Controlled Chaos
quick reference (Open Season, Upkeep, rampage checks, rampage die results, structure damage), quoted in the
docstrings, and the designed rules of content/rules.toml ("designed: ...").

Scenarios start from a real new game and set the flat state's fields directly (dinosaurs, fences, facilities,
hands, counters); then either the engine's own settle() runs on to the next decision and the test drives on
through apply(), or one Season step or task is run by itself (testing.run_stage, run_task). Chance is steered
by choosing the generator state before a rampage roll. Cards and tiles are moved, never made, so that the
invariants still hold.

This file: rampage checks, damage.
Shared helpers are in dinogenics_helpers.py.
"""

from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.components import FATALITY, NAIVE_VISITOR, SLASH
from dinotable.games.dinogenics.rules import HUNGRY, RAMPAGED, has_flag, without_flag

from .dinogenics_helpers import (
    GEO,
    IDS,
    broken,
    build,
    cell,
    damaged,
    do_steps,
    edge,
    fresh,
    get,
    kinds,
    pen,
    place,
    put,
    quiet,
    relist,
    run,
    setr,
    sp,
    steer,
)


# ------------------------------------------------------------------------------------ rampage checks
def test_placing_a_dinosaur_checks_only_its_own_area():
    """'Check when placing a dinosaur'; designed: 'Placing a dinosaur checks it and every dinosaur sharing its
    area (all open-space dinosaurs when it goes to open space)'."""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "raptor", "C4")  # improper in open space, but not where the new one goes
    pen(s, seat, "A1", "A2")
    put(s, seat, "triceratops", "A1")
    rules.place_dinosaur(s, seat, sp("triceratops"), cell("A1"), 0, [])
    assert s.tasks == []
    rules.place_dinosaur(s, seat, sp("raptor"), cell("A1"), 0, [])  # two species, and too small
    assert sorted(s.tasks) == [("rampage", seat, 1), ("rampage", seat, 2), ("rampage", seat, 3)]
    s.tasks.clear()
    rules.place_dinosaur(s, seat, sp("brontosaurus"), cell("B4"), 0, [])  # into open space
    assert sorted(s.tasks) == [("rampage", seat, 0), ("rampage", seat, 4)]


def test_upkeep_checks_improper_and_hungry_dinosaurs():
    """'2. Check for rampage, and roll if necessary (pg 11). Any unfed carnivores, or dinosaurs in improper
    habitats, require a Rampage Check.'"""
    s = fresh(2)
    s.order = (1, 0)
    pen(s, 0, "A1")
    put(s, 0, "raptor", "A1")  # fed, proper
    pen(s, 0, "C1")
    put(s, 0, "raptor", "C1", HUNGRY)
    put(s, 0, "stegosaurus", "B3")  # open space
    pen(s, 1, "A1", "A2", "A3")
    put(s, 1, "t_rex", "A1")
    testing.run_stage(s, "rampage", [])
    assert sorted(s.tasks) == [("rampage", 0, 1), ("rampage", 0, 2)]


def test_a_dinosaur_rampages_at_most_once_in_each_phase():
    """'A dinosaur will rampage only once in Open Season and once in Upkeep.'"""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "raptor", "B2")
    steer(s, NAIVE_VISITOR)
    s.tasks.append(("rampage", seat, 0))
    events = run(s)
    assert kinds(events).count("rampage") == 1 and has_flag(s.dinos[seat][0], RAMPAGED)
    rules.place_dinosaur(s, seat, sp("raptor"), cell("B3"), 0, [])
    assert s.tasks == [("rampage", seat, 1)]  # the one that rampaged is not checked again
    s.tasks.clear()
    testing.run_stage(s, "rampage", [])  # still the Open Season: the first one has had its rampage
    assert s.tasks == [("rampage", seat, 1)]
    s.tasks.clear()
    testing.run_stage(s, "terror", [])  # the Upkeep is a new phase
    assert not any(has_flag(d, RAMPAGED) for d in s.dinos[seat])
    testing.run_stage(s, "rampage", [])
    assert sorted(s.tasks) == [("rampage", seat, 0), ("rampage", seat, 1)]


def test_a_t_rex_rolls_two_rampage_dice_and_applies_both():
    """Published: the T-Rex 'rolls two rampage dice and applies both'; other dinosaurs roll one."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3")
    rex = put(s, seat, "t_rex", "A1")
    raptor = put(s, seat, "raptor", "C1")
    setr(s, seat, visitors=1, credits=0)
    steer(s, NAIVE_VISITOR, NAIVE_VISITOR)
    s.tasks.append(("rampage", seat, rex))
    events = run(s)
    rolls = [e.detail["faces"] for e in events if e.kind == "rampage"]
    assert rolls == [["naive_visitor", "naive_visitor"]] and get(s, seat, "credits") == 2
    steer(s, NAIVE_VISITOR, NAIVE_VISITOR)
    s.tasks.append(("rampage", seat, raptor))
    events = run(s)
    assert [e.detail["faces"] for e in events if e.kind == "rampage"] == [["naive_visitor"]]
    assert get(s, seat, "credits") == 3


def test_fatality_kills_a_visitor_for_a_scandal_then_damages():
    """'Rampage Fatality: Kill one visitor (gaining a Scandal), then damage an accessible structure.' Designed
    ('damage targets'): the Petting Zoo beside the pen is in reach; once it is damaged, a fence of the pen."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    i = put(s, seat, "stegosaurus", "A1")
    build(s, seat, "petting_zoo", "B1")
    setr(s, seat, visitors=2)
    steer(s, FATALITY)
    s.tasks.append(("rampage", seat, i))
    events = run(s)
    assert [k for k in kinds(events) if k != "place"] == ["rampage", "killed", "scandal", "damage"]
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1)
    assert damaged(s, seat) == ["petting_zoo"] and broken(s, seat) == []
    setr(s, seat, visitors=0)
    steer(s, FATALITY)
    s.dinos[seat] = (without_flag(s.dinos[seat][0], RAMPAGED),)
    s.tasks.append(("rampage", seat, i))
    run(s)
    assert get(s, seat, "scandals") == 1  # nobody to kill; the damage still comes
    assert broken(s, seat) == ["A1 top"]


def test_a_raptor_slash_kills_one_extra_visitor():
    """'Rampage Slash: Assign damage to an accessible structure.'; published: the Raptor's 'claw rampage result
    kills one extra visitor'."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    raptor = put(s, seat, "raptor", "A1")
    pen(s, seat, "C3", "C4")
    stego = put(s, seat, "stegosaurus", "C3")
    setr(s, seat, visitors=2)
    testing.run_task(s, ("face", seat, stego, SLASH), [])
    run(s)
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (2, 0)
    stego_fence = s.broken[seat]
    assert bin(stego_fence).count("1") == 1 and stego_fence & GEO.border  # a board-edge fence of its pen
    testing.run_task(s, ("face", seat, raptor, SLASH), [])
    run(s)
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1)
    assert broken(s, seat)[0] == "A1 top" and len(broken(s, seat)) == 2


def test_naive_visitor_gains_a_credit_only_with_a_visitor():
    """'Naive Visitor: If you have a visitor, gain 1 credit.' Nothing is damaged."""
    s = quiet(2)
    seat = s.cur
    i = put(s, seat, "raptor", "B2")
    setr(s, seat, credits=0, visitors=0)
    testing.run_task(s, ("face", seat, i, NAIVE_VISITOR), [])
    assert get(s, seat, "credits") == 0 and s.tasks == []
    setr(s, seat, visitors=1)
    testing.run_task(s, ("face", seat, i, NAIVE_VISITOR), [])
    assert (get(s, seat, "credits"), get(s, seat, "visitors"), get(s, seat, "scandals")) == (1, 1, 0)
    assert s.tasks == []


# ------------------------------------------------------------------------------------------ damage
def test_damage_goes_to_facilities_first_and_the_owner_chooses():
    """'Facilities are targeted first, then fences blocking route to board edge.' Designed ('damage targets'):
    the owner chooses among the undamaged facilities the dinosaur reaches: here the two bordering its pen, not
    the Gift Shop in the commercial sector."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3")
    rex = put(s, seat, "t_rex", "A1")
    build(s, seat, "gift_shop")
    zoo = build(s, seat, "petting_zoo", "B1")
    ranch = build(s, seat, "goat_ranch", "B3")
    steer(s, SLASH, SLASH)
    s.tasks.append(("rampage", seat, rex))
    run(s)
    assert (s.phase, s.cur) == (rules.TARGET, seat)
    assert sorted(s.legal_actions()) == [IDS.structure + zoo, IDS.structure + ranch]
    assert "Petting Zoo" in s.action_text(IDS.structure + zoo)
    s.apply(IDS.structure + zoo)
    # The second die: one facility left in reach, damaged by itself.
    assert damaged(s, seat) == ["petting_zoo", "goat_ranch"]
    assert broken(s, seat) == []


def test_each_structure_once_then_the_dinosaurs_fences_board_edge_first_then_the_visitor_center():
    """'Each structure can be damaged once'; 'then fences blocking route to board edge'; designed ('damage
    targets'): with no facility in reach, 'a dinosaur not yet out breaks the standing fence around it on the
    most direct route to the board edge (... then a board-edge fence ...); with neither, the Visitor Center
    takes it, last'. Once its pen is open the dinosaur is out, and the damaged Gift Shop leaves it nothing:
    the Visitor Center, a Scandal each."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    i = put(s, seat, "stegosaurus", "A1")
    build(s, seat, "gift_shop", damaged=True)
    hits = []
    for _ in range(3):
        s.tasks.append(("damage", seat, i))
        hits += [e.detail for e in run(s) if e.kind == "damage"]
    assert hits[0]["fence"] in {"A1 top", "A1 left", "A2 top"}  # the board edge first
    assert hits[1:] == [{"visitor_center": True}, {"visitor_center": True}]
    assert broken(s, seat) == [hits[0]["fence"]]
    assert get(s, seat, "scandals") == 2 and damaged(s, seat) == ["gift_shop"]


def test_a_fence_on_the_board_edge_breaks_before_an_inner_one():
    """Designed ('damage targets'): 'fewest standing fences to cross, then a board-edge fence, then the one
    nearest the board edge'. A pen in the middle of the park has no board-edge fence: each fence into open
    space is one to cross, and of those the ones beside an edge space come before B2|B3."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "B2")
    i = put(s, seat, "raptor", "B2")
    s.tasks.append(("damage", seat, i))
    hits = [e.detail for e in run(s) if e.kind == "damage"]
    assert len(hits) == 1 and hits[0]["fence"] in {"A2|B2", "B1|B2", "B2|C2"}  # beside an edge cell, not B2|B3
    assert rules.improper(s, seat) == [True]


def test_a_dinosaur_in_open_space_has_no_fence_to_break_and_damages_the_visitor_center():
    """'Facilities are targeted first, then fences blocking route to board edge.' (quick reference); published:
    'Rampaging dinosaurs break the fence on the most direct route to open space'. A Brontosaurus in open space
    is out (no fence between it and the board edge): with no facility in reach, the Visitor Center takes the
    damage, and the Raptor's pen across the park stays closed."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "raptor", "A1")
    bronto = put(s, seat, "brontosaurus", "C3")
    put(s, seat, "triceratops", "C4")  # another species in open space: the Brontosaurus rampages
    assert rules.improper(s, seat) == [False, True, True]
    s.tasks.append(("damage", seat, bronto))
    events = run(s)
    assert broken(s, seat) == [] and rules.improper(s, seat)[0] is False
    assert [e.detail for e in events if e.kind == "damage"] == [{"visitor_center": True}]


def test_a_damaged_hotel_kills_the_visitors_left_without_a_room():
    """'Damaged hotels result in visitor death. Take a Scandal for each death.' Designed: 'Visitors fill the
    Visitor Center first; a damaged hotel kills the visitors who no longer have a room'."""
    s = quiet(2)
    seat = s.cur
    put(s, seat, "stegosaurus", "B2")
    build(s, seat, "basic_hotel")
    medium = build(s, seat, "medium_hotel")
    setr(s, seat, visitors=7)
    assert rules.room(s, seat) == 8
    s.tasks.append(("damage", seat, 0))
    run(s)
    assert s.phase == rules.TARGET
    events = []
    s.decisions[s.phase].apply(s, IDS.structure + medium, s.ctx, events)  # the answer alone, no settle
    assert damaged(s, seat) == ["medium_hotel"] and rules.room(s, seat) == 4
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (4, 3)
    assert [e.detail for e in events if e.kind == "killed"] == [{"visitors": 3}]


def test_the_visitor_center_is_repaired_at_once_for_a_scandal():
    """'The Visitor Center is repaired immediately, but costs an extra Scandal.' Designed: 'its visitors are
    not killed'."""
    s = quiet(2)
    seat = s.cur
    i = put(s, seat, "brontosaurus", "B2")  # open space: no fence around it
    setr(s, seat, visitors=2)
    s.tasks.append(("damage", seat, i))
    events = run(s)
    assert [e.detail for e in events if e.kind == "damage"] == [{"visitor_center": True}]
    assert (get(s, seat, "visitors"), get(s, seat, "scandals"), rules.room(s, seat)) == (2, 1, 2)


def test_damaged_facilities_give_no_rooms_reputation_upkeep_or_end_vp():
    """'Each structure can be damaged once; damaged ones score nothing until repaired at the City Center'
    (published)."""
    s = fresh(2)
    for seat, hurt in ((0, True), (1, False)):
        for key in ("medium_hotel", "park_mascots", "patent_center"):
            build(s, seat, key, damaged=hurt)
        build(s, seat, "petting_zoo", "C4", damaged=hurt)
        setr(s, seat, vp=0, credits=0)
    assert [rules.room(s, p) for p in (0, 1)] == [2, 6]
    assert [rules.reputation(s, p) for p in (0, 1)] == [0, 3]
    assert [rules.undamaged_facilities(s, p) for p in (0, 1)] == [0, 4]
    testing.run_stage(s, "vp", [])
    testing.run_stage(s, "resources", [])
    assert [get(s, p, "vp") for p in (0, 1)] == [0, 1]
    assert [get(s, p, "credits") for p in (0, 1)] == [0, 2]
    assert [s.scoring.breakdown(s, p)["facilities"] for p in (0, 1)] == [0, 3]


def test_repairs_at_the_city_center_half_the_facility_price_or_one_credit_a_fence():
    """'City Center (... buy/build a facility or Basic Hotel, or repair one ...)' (published); designed:
    'Repairing a fence at the City Center costs 1 credit; a facility costs half its price, rounded up'."""
    s = quiet(2)
    seat = s.cur
    dome = build(s, seat, "biodome", "C4", damaged=True)  # price 3: repair 2
    pen(s, seat, "A1")
    s.broken[seat] |= 1 << edge("A1 top")
    setr(s, seat, credits=5)
    relist(s)
    s.apply(place("city_center"))
    assert s.phase == rules.CITY and IDS.city_center + rules.REPAIR_CHOICE in s.legal_actions()
    s.apply(IDS.city_center + rules.REPAIR_CHOICE)
    fence_id = IDS.structure + GAME.tables.max_facilities + edge("A1 top")
    assert sorted(s.legal_actions()) == [IDS.structure + dome, fence_id]
    s.apply(IDS.structure + dome)
    assert damaged(s, seat) == [] and get(s, seat, "credits") == 3
    assert s.phase == rules.CITY
    legal = s.legal_actions()
    assert IDS.city_center + rules.REPAIR_CHOICE not in legal and IDS.city_center + rules.FACILITY_CHOICE not in legal
    s.apply(IDS.done)
    setr(s, seat, credits=1)
    do_steps(s, seat, (("repair", 0),))
    assert s.phase == rules.REPAIR and s.legal_actions() == [fence_id]
    s.apply(fence_id)
    assert broken(s, seat) == [] and get(s, seat, "credits") == 0
