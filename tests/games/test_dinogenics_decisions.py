"""DinoGenics on the core decision registry: one record per kind of decision, at the phase number and under the
name the golden files, views and error messages use; one action-id layout giving the ids the golden files
recorded, whose table docs/dinogenics.md (section 11) holds; and `action_info` for every kind of decision, in
positions built as the rules tests build them, naming what the view names and holding nothing the seat to
move could not see."""

from pathlib import Path

import pytest

from dinotable.core.errors import IllegalAction
from dinotable.core.rng import Rng
from dinotable.games.dinogenics import GAME, rules, testing
from dinotable.games.dinogenics.actions import MEANINGS
from dinotable.games.dinogenics.components import REFINED, SCANDALS
from dinotable.games.dinogenics.decisions import TABLE

from .dinogenics_helpers import (
    build,
    card,
    cc_quiet,
    cell,
    city,
    coop,
    do_steps,
    edge,
    empty_hands,
    fac,
    give,
    give_card,
    give_kind,
    job_market,
    large,
    pen,
    place,
    put,
    quiet,
    rect,
    relist,
    reveal,
    run,
    setr,
    sp,
    space,
    specialist,
    steer_upkeep,
    victim,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dinogenics.md"
C = GAME.content
IDS = GAME.ids
POLY = GAME.tables.poly
# The phase names the views and refusals have always shown, in phase-number order.
NAMES = (
    "running",
    "place a worker",
    "choose an option",
    "create a dinosaur",
    "pick DNA cards",
    "place the dinosaur",
    "build pens",
    "buy a facility",
    "place the facility",
    "repair a structure",
    "choose the damaged structure",
    "play a Manipulation card",
    "choose an opponent",
    "choose at the City Center",
    "take bonus visitors",
    "feed a mutant",
    "choose the action to outsource",
    "game over",
    "buy a large facility",
    "place the large facility",
    "pay for the Plesiosaurus",
    "claim a specialist",
    "destroy a dinosaur",
    "graft more DNA",
    "discard Manipulation cards",
    "choose which branch places first",
    "place a shared visitor",
    "choose the park for the facility",
    "gift cards at the docks",
)


# ------------------------------------------------------------------------------------ records and ids
def test_each_decision_is_registered_at_its_phase_number_under_its_name():
    assert TABLE.names == NAMES
    constants = ("NONE", "PLACE", "CHOOSE", "CREATE", "PICK", "HABITAT", "BUILD", "FACILITY", "FACILITY_CELL")
    constants += ("REPAIR", "TARGET", "CARD", "OPPONENT", "CITY", "BONUS", "MUTANT", "OUTSOURCE", "OVER", "LARGE")
    constants += ("LARGE_SPOT", "OCEAN", "JOB", "DESTROY", "GRAFT", "MANIP_PAY", "TEAM_ORDER", "SHARE", "FAC_PARK")
    constants += ("GIFT",)
    assert [getattr(rules, name) for name in constants] == list(range(len(NAMES)))
    assert TABLE[rules.PICK].context is rules.PickContext
    assert TABLE[rules.DESTROY].context is rules.DestroyContext


def test_an_illegal_action_names_the_open_decision():
    s = quiet(2)
    with pytest.raises(IllegalAction, match=r"not legal now \(place a worker\)"):
        s.apply(IDS.docks)
    assert s.view(0)["phase"] == "place a worker"


def test_the_layout_gives_the_ids_the_golden_files_use():
    assert GAME.layout.rows() == [
        ("done", 0, 0),
        ("space", 1, 21),
        ("species", 22, 41),
        ("dna", 42, 62),
        ("cell", 63, 74),
        ("pen", 75, 129),
        ("stack", 130, 133),
        ("structure", 134, 183),
        ("manipulation", 184, 225),
        ("seat", 226, 230),
        ("city_center", 231, 235),
        ("option", 236, 239),
        ("refined", 240, 240),
        ("large", 241, 246),
        ("spot", 247, 270),
        ("specialist", 271, 288),
        ("victim", 289, 528),
        ("airport", 529, 529),
        ("docks", 530, 530),
    ]
    assert GAME.num_distinct_actions == GAME.layout.size == 531
    assert GAME.layout.kind(IDS.victim + 13) == ("victim", 13)


def test_the_docs_hold_the_layouts_action_id_table():
    """docs/dinogenics.md section 11 is the table the layout writes, row for row."""
    lines = DOCS.read_text().splitlines()
    start = lines.index("| ids | kind | meaning |")
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("|"))
    assert "\n".join(lines[start:end]) == GAME.layout.markdown(MEANINGS)


def info(s, action) -> dict:
    """action_info without the two keys core adds, after checking them."""
    out = s.action_info(action)
    assert out.pop("decision") == TABLE[s.phase].name == s.view(s.cur)["phase"]
    assert out.pop("kind") == GAME.layout.kind(action)[0]
    return out


# ------------------------------------------------------------------------ worker placement and spaces
def test_action_info_placing_a_worker_names_the_space_and_the_slot_it_takes():
    s = quiet(2)
    seat = s.cur
    other = 1 - seat
    s.occ[s.slot0[space("city_center")]] = other
    first_free = s.view(seat)["mainland"]["city_center"].index(-1)
    assert s.action_info(place("city_center")) == {
        "decision": "place a worker",
        "kind": "space",
        "space": "city_center",
        "slot": first_free,
    }


def test_action_info_of_the_private_airport_and_outsource():
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "private_airport")
    relist(s)
    # The place as the view writes it, and each space it covers: a Large Facility on two commercial spaces.
    assert info(s, IDS.airport) == {
        "facility": "private_airport",
        "place": "commercial 1+commercial 2",
        "spaces": ["commercial 1", "commercial 2"],
    }
    s.apply(IDS.airport)
    assert s.phase == rules.OUTSOURCE
    assert info(s, place("farm")) == {"space": "farm"}


def test_action_info_of_an_option_names_its_place_in_the_choice():
    s = quiet(2)
    setr(s, s.cur, credits=2, scandals=1)  # both of the Agency's options open
    do_steps(s, s.cur, C.spaces[space("agency")].steps)
    assert s.phase == rules.CHOOSE
    assert info(s, IDS.option) == {"option": 0}


# ------------------------------------------------------------------------------ dinosaurs and DNA cards
def test_action_info_creating_and_placing_a_dinosaur():
    """Creating names the species; its habitat names the park space and what stands for it there (a pen's
    spaces, a Biodome, open space); a pen built first names its spaces and the fences it takes."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "t_rex", 3)
    give(s, seat, "raptor", 2)
    pen(s, seat, "A1", "A2")
    dome = build(s, seat, "biodome", "C4")
    do_steps(s, seat, (("create", 0),))
    assert info(s, IDS.species + sp("t_rex")) == {"species": "t_rex"}
    s.apply(IDS.species + sp("t_rex"))
    assert s.phase == rules.HABITAT
    assert info(s, IDS.cell + cell("A1")) == {"species": "t_rex", "cell": "A1", "pen": ["A1", "A2"]}
    assert info(s, IDS.cell + cell("C4")) == {
        "species": "t_rex",
        "cell": "C4",
        "facility": "biodome",
        "place": s.view(seat)["players"][seat]["facilities"][dome]["place"],
        "spaces": ["C4"],
    }
    assert info(s, IDS.cell + cell("A3")) == {"species": "t_rex", "cell": "A3", "open_space": True}  # the first
    built = IDS.pen + rect("B1")
    assert built in s.legal_actions()
    assert info(s, built) == {"species": "t_rex", "pen": ["B1"], "fences": 3}  # its top is A1's pen's


def test_action_info_of_a_pick_names_the_card_where_it_comes_from_and_the_price():
    s = quiet(2)
    seat = s.cur
    setr(s, seat, credits=5)
    do_steps(s, seat, (("market_buy", (2, 1)),))
    assert s.phase == rules.PICK
    first = s.legal_actions()[0]
    key = texts_of([first - IDS.dna])[0]
    assert key in s.view(seat)["market"]
    assert info(s, first) == {"purpose": "buy", "dna": key, "from": "market", "credits": 1}
    s.apply(first)
    assert info(s, IDS.done) == {"purpose": "buy"}

    s = quiet(2)
    seat = s.cur
    give(s, seat, "raptor")
    give(s, seat, "t_rex")
    do_steps(s, seat, (("market_sell", (1, 2)),))
    assert info(s, IDS.dna + sp("raptor")) == {"purpose": "sell", "dna": "raptor", "from": "hand", "credits": 2}


def test_action_info_keeping_a_drawn_card_names_it_for_the_seat_choosing():
    """Site B's cards drawn are the mover's to see (the view's context shows them to it alone)."""
    s = quiet(2)
    seat = s.cur
    s.apply(place("site_b"))
    assert s.phase == rules.PICK and s.ctx.purpose == rules.KEEP
    drawn = texts_of(s.view(seat)["context"][2])
    assert [info(s, a) for a in s.legal_actions()] == [
        {"purpose": "keep", "dna": key, "from": "drawn"}
        for key in sorted(set(drawn), key=texts_of(range(C.kinds)).index)
    ]


def texts_of(kinds: list[int]) -> list[str]:
    return [C.species[k].key if k < len(C.species) else "polymorphic" for k in kinds]


def test_action_info_of_a_set_names_each_card_and_the_refined_token():
    s = cc_quiet(2)
    seat = s.cur
    give(s, seat, "t_rex")
    give_kind(s, seat, POLY)
    s.put(seat, REFINED, 1)
    do_steps(s, seat, (("create", 0),))
    s.apply(IDS.species + sp("t_rex"))
    assert s.phase == rules.PICK and s.ctx.purpose == rules.SET
    assert info(s, IDS.dna + POLY) == {"purpose": "set", "dna": "polymorphic", "from": "hand"}
    assert info(s, IDS.refined) == {"purpose": "set", "refined": True}


def test_action_info_feeding_a_mutant_and_destroying_a_dinosaur():
    s = cc_quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    put(s, seat, "mutant", "A1")
    setr(s, seat, goats=5)
    s.tasks.append(("mutants", seat, 1))
    run(s)
    assert s.phase == rules.MUTANT
    goats = rules.mutant_goats(s, seat)
    assert info(s, IDS.option) == {"species": "mutant", "goats": goats} and info(s, IDS.done) == {}

    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "B1", "B2")
    pen(s, seat, "C1")
    put(s, seat, "raptor", "C1")
    s.tasks.append(("place", seat, sp("spinosaurus"), 0))
    run(s)
    s.apply(IDS.cell + cell("B1"))
    assert s.phase == rules.DESTROY
    assert info(s, victim("raptor", "C1")) == {"species": "raptor", "cell": "C1"}
    assert info(s, IDS.done) == {}
    assert s.action_text(IDS.done) == "Roll the Upkeep die instead"


def test_action_info_grafting_names_the_goats_and_the_deck():
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "gene_grafting_lab")
    setr(s, seat, goats=3)
    s.tasks.append(("graft", seat, True))
    run(s)
    assert s.phase == rules.GRAFT
    assert info(s, IDS.option + 1) == {"goats": 2, "deck": "edna_deck"}


# ----------------------------------------------------------------------------------- pens and facilities
def test_action_info_building_a_pen_names_its_spaces_and_fences():
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    setr(s, seat, fences=6)
    do_steps(s, seat, (("build", True),))
    assert s.phase == rules.BUILD
    assert info(s, IDS.pen + rect("A2")) == {"pen": ["A2"], "fences": 3}  # A1's right side is built
    assert info(s, IDS.done) == {}


def test_action_info_buying_a_facility_and_placing_it():
    s = quiet(2)
    seat = s.cur
    city(s, "petting_zoo", "medium_hotel", "patent_center")
    setr(s, seat, credits=10)
    do_steps(s, seat, (("facility", 1),))
    assert s.phase == rules.FACILITY
    assert info(s, IDS.stack + 0) == {"facility": "basic_hotel", "from": "basic_hotels", "credits": 1}
    assert s.view(seat)["stacks"][0] == ["petting_zoo"]
    assert info(s, IDS.stack + 1) == {"facility": "petting_zoo", "from": "stacks", "stack": 0, "credits": 1}
    s.apply(IDS.stack + 1)
    assert s.phase == rules.FACILITY_CELL
    assert info(s, IDS.cell + cell("B2")) == {"facility": "petting_zoo", "cell": "B2", "park": seat}


def test_action_info_repairing_and_choosing_the_damaged_structure():
    s = quiet(2)
    seat = s.cur
    dome = build(s, seat, "biodome", "C4", damaged=True)
    pen(s, seat, "A1")
    s.broken[seat] |= 1 << edge("A1 top")
    setr(s, seat, credits=5)
    do_steps(s, seat, (("repair", 0),))
    assert s.phase == rules.REPAIR
    assert info(s, IDS.structure + dome) == {"facility": "biodome", "place": "C4", "spaces": ["C4"], "credits": 2}
    fence = IDS.structure + GAME.tables.max_facilities + edge("A1 top")
    assert info(s, fence) == {"fence": "A1 top", "credits": rules.repair_price(s, seat, fence - IDS.structure, 0)}

    s = quiet(2)
    seat = s.cur
    put(s, seat, "stegosaurus", "B2")
    hotel = build(s, seat, "basic_hotel")
    build(s, seat, "medium_hotel")
    s.tasks.append(("damage", seat, 0))
    run(s)
    assert s.phase == rules.TARGET
    assert info(s, IDS.structure + hotel) == {
        "facility": "basic_hotel",
        "place": "commercial 1",
        "spaces": ["commercial 1"],
        "rampaging": {"species": "stegosaurus", "cell": "B2"},
    }


def test_action_info_at_the_city_center_names_the_choice():
    s = quiet(2)
    seat = s.cur
    setr(s, seat, credits=10)
    relist(s)
    s.apply(place("city_center"))
    assert s.phase == rules.CITY
    assert info(s, IDS.city_center + rules.FENCE_CHOICE) == {"choice": "fences"}
    assert info(s, IDS.done) == {}


def test_action_info_buying_a_large_facility_and_its_two_spaces():
    s = cc_quiet(2)
    seat = s.cur
    reveal(s, 0, "safari")
    setr(s, seat, credits=10)
    do_steps(s, seat, (("large_facility", 0),))
    assert s.phase == rules.LARGE
    habitat = {"facility": "aquatic_habitat", "from": "aquatic_habitats", "credits": 3}
    assert info(s, IDS.large) == habitat
    assert s.view(seat)["large_offer"][0] == "safari"
    safari = {"facility": "safari", "from": "large_offer", "offer": 0, "credits": C.facilities[fac("safari")].cost}
    assert info(s, IDS.large + 1) == safari
    s.apply(IDS.large + 0)
    assert s.phase == rules.LARGE_SPOT
    spot = {"facility": "aquatic_habitat", "cells": ["A1", "B1"], "park": seat}
    assert info(s, IDS.spot + cell("A1") * 2 + 1) == spot


def test_action_info_paying_for_the_plesiosaurus():
    s = cc_quiet(2)
    seat = s.cur
    large(s, seat, "aquatic_habitat", "A1", "A2")
    setr(s, seat, credits=10)
    steer_upkeep(s, 2, 3)
    do_steps(s, seat, (("open_ocean", True),))
    assert s.phase == rules.OCEAN
    assert info(s, IDS.option) == {"species": "plesiosaurus", "credits": 5} and info(s, IDS.done) == {}


# ------------------------------------------------------------------- cards, opponents and specialists
def test_action_info_playing_a_card_and_choosing_its_opponent():
    s = quiet(3)
    seat = s.cur
    empty_hands(s, seat)
    give_card(s, seat, "whistle_blower")
    give_card(s, seat, "research_pact")
    setr(s, seat, credits=5)
    s.tasks.append(("steps", seat, (("play", True),), 0))
    run(s)
    assert s.phase == rules.CARD
    assert info(s, IDS.manipulation + card("whistle_blower")) == {"manipulation": "whistle_blower"}
    s.apply(IDS.manipulation + card("whistle_blower"))
    assert s.phase == rules.OPPONENT
    other = next(p for p in range(3) if p != seat)
    assert info(s, IDS.seat + other) == {"seat": other}


def test_action_info_claiming_a_specialist_and_paying_for_it():
    s = cc_quiet(2)
    seat = s.cur
    job_market(s, ["concierge"], ["curator"])
    give_card(s, seat, "dna_splice")
    give_card(s, seat, "black_market")
    setr(s, seat, credits=2)
    do_steps(s, seat, (("job_network", True),))
    assert s.phase == rules.JOB
    assert info(s, IDS.specialist + specialist("concierge")) == {"specialist": "concierge", "from": "job_market"}
    curator = IDS.specialist + specialist("curator")
    assert info(s, curator) == {"specialist": "curator", "from": "contractors", "credits": 2}
    s.apply(curator)
    assert s.phase == rules.MANIP_PAY
    assert {info(s, a)["manipulation"] for a in s.legal_actions()} == {"dna_splice", "black_market"}


def test_action_info_taking_a_bonus_visitor():
    s = quiet(2)
    s.pool, s.bonus_first, s.bonus_pos, s.bonus_out = 2, 2, 0, 0
    assert testing.run_stage(s, "bonus", [])
    relist(s)
    assert s.phase == rules.BONUS
    assert info(s, IDS.option) == {"from": "bonus_pool"} and info(s, IDS.done) == {}


# ------------------------------------------------------------------------------------------ the co-op
def test_action_info_of_the_co_ops_decisions():
    s = coop(hands=False)
    assert s.phase == rules.TEAM_ORDER
    assert info(s, IDS.seat + 1) == {"seat": 1}
    give(s, 0, "t_rex")
    give_card(s, 0, "black_market")
    s.apply(IDS.seat)
    assert info(s, IDS.docks) == {"docks": 1}
    s.apply(IDS.docks)
    assert s.phase == rules.GIFT
    assert info(s, IDS.dna + sp("t_rex")) == {"dna": "t_rex", "to": 1}
    assert info(s, IDS.manipulation + card("black_market")) == {"manipulation": "black_market", "to": 1}

    s = coop(hands=False)
    s.tasks.append(("share", 2))
    run(s)
    assert s.phase == rules.SHARE and info(s, IDS.seat + 1) == {"park": 1}

    s = coop(hands=False)
    setr(s, 0, credits=10)
    do_steps(s, 0, (("facility", 0),))
    s.apply(IDS.stack + 0)
    assert s.phase == rules.FAC_PARK
    assert info(s, IDS.seat + 1) == {"facility": "basic_hotel", "park": 1}


def test_action_info_of_an_opponent_in_the_co_op_is_synth():
    """Synth is the branches' one opponent, so the choice resolves itself in play: it is opened here by hand."""
    s = coop(hands=False)
    rules.decide(s, 0, rules.OPPONENT, rules.OpponentContext((((SCANDALS, 1),), (), ())))
    relist(s)
    assert info(s, IDS.seat + rules.SYNTH) == {"synth": True}


def test_action_info_is_refused_once_the_game_is_over():
    s = GAME.new_game(1, 3, {"expansion": False})
    rng = Rng(3)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert s.view(None)["phase"] == "game over"
    with pytest.raises(IllegalAction, match="the game is over"):
        s.action_info(0)


# ----------------------------------------------------------------------- nothing the mover cannot see
def _seen(view: dict, seat: int) -> dict[str, set]:
    """What the seat's view shows of each kind of thing an action can touch."""
    me = view["players"][seat]
    facilities = {f["facility"] for p in view["players"] for f in p["facilities"]}
    facilities |= {f for stack in view["stacks"] for f in stack} | {f for f in view["large_offer"] if f}
    if view["basic_hotels"]:
        facilities.add("basic_hotel")
    if view["aquatic_habitats"]:
        facilities.add("aquatic_habitat")
    if view["phase"] in ("place the facility", "place the large facility", "choose the park for the facility"):
        facilities.add(C.facilities[view["context"][0]].key)  # bought, not yet placed
    return {
        "dna": set(me["dna"]) | set(view["market"]) | set(view["dna_discard"]),
        "manipulation": set(me["manipulation"]),
        "specialist": set(view["job_market"]) | set(view["contractors"]),
        "space": set(view["mainland"]),
        "facility": facilities,
    }


@pytest.mark.parametrize(
    ("num_players", "options"),
    [
        (2, {}),
        (3, {"expansion": False}),
        (2, {"coop": True}),
        (1, {"scenario": "CC6"}),
        (4, {"elites": True, "chaos_theory": True}),
    ],
)
def test_action_info_names_only_what_the_movers_view_shows(num_players, options):
    """Through random games: the open decision's context is its record's NamedTuple (or () for none), every
    legal action's description names the view's phase, and every card, specialist, space or facility it names
    is one the mover's view shows (a drawn card: in the view's context, which only the mover sees)."""
    s = GAME.new_game(num_players, 5, options)
    rng = Rng(11)
    described = 0
    while not s.is_over and len(s.history) < 1500:
        seat = s.cur
        context = TABLE[s.phase].context
        assert type(s.ctx) is context if context else s.ctx == ()
        view = s.view(seat)
        seen = _seen(view, seat)
        if s.phase == rules.PICK and s.ctx.purpose == rules.KEEP:
            seen["dna"] |= set(texts_of(view["context"][2]))
        for a in s.legal_actions():
            told = s.action_info(a)
            assert told["decision"] == view["phase"]
            for key, shown in seen.items():
                if key in told:
                    assert told[key] in shown, (view["phase"], told)
                    described += 1
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert described > 100


# ------------------------------------------------------------------------ consequences in action texts
def test_a_placement_into_an_improper_habitat_says_it_rolls_a_rampage_check():
    """'Put the T-Rex in ...' tells, before it is chosen, the rampage checks its placement makes (as
    place_dinosaur rolls them: rules.placement_checks); a proper habitat says nothing."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "t_rex", 3)
    pen(s, seat, "A1", "A2", "A3")
    do_steps(s, seat, (("create", 0),))
    s.apply(IDS.species + sp("t_rex"))
    proper = s.action_text(IDS.cell + cell("A1"))
    (loose,) = [s.action_text(a) for a in s.legal_actions() if "open space" in s.action_text(a)]
    assert "rampage check" not in proper
    assert loose.endswith("- improper there: 1 rampage check at once")  # a T-Rex in open space


def test_claiming_a_specialist_says_what_it_costs_and_gives():
    s = cc_quiet(2)
    seat = s.cur
    job_market(s, ["concierge"], ["curator"])
    give_card(s, seat, "dna_splice")
    give_card(s, seat, "black_market")
    setr(s, seat, credits=9)
    do_steps(s, seat, (("job_network", True),))
    market = s.action_text(IDS.specialist + specialist("concierge"))
    # The specialist's printed text follows its cost in the same sentence.
    assert market == "Claim the Concierge: pay 1 Manipulation card; your park holds 2 more visitors"
    fee = rules.contractor_price(s)
    contractor = s.action_text(IDS.specialist + specialist("curator"))
    assert contractor.startswith(f"Claim the Curator: pay 2 Manipulation cards and {fee} credits; ")
