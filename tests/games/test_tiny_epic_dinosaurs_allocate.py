"""Tiny Epic Dinosaurs: Allocate Dinofarmers, the action spaces, hunting and the Hunting Die, Retrieve
Dinofarmers, and the solo Rival (the helpers are test_tiny_epic_dinosaurs.py's)."""

import random

import dinotable
from dinotable.core.rng import Rng
from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    CHOOSE,
    COMMON_SPECIES,
    DAMAGE,
    EGG,
    MEAT,
    NET,
    PLACE,
    PLANT,
    SUPPLY,
)
from dinotable.games.tiny_epic_dinosaurs.testing import (
    hold,
    keep_first_contracts,
    occupants,
    own_card,
    place_id,
    relist,
    set_privates,
    set_public_row,
    set_resources,
    settle,
    space_slot,
    steer_die,
    to_adapt,
)

from .test_tiny_epic_dinosaurs import (
    AL,
    BR,
    GAME,
    IDS,
    ST,
    C,
    card,
    contract,
    finish_round,
    fresh,
    rival_card,
    rival_result,
    steps_of,
)


# --------------------------------------------------------------------------------- allocate dinofarmers
def test_one_dinofarmer_per_turn_clockwise_from_the_first_player():
    """'Starting with the player who has the First Player Marker, players take turns ... you must place a
    single Dinofarmer ... Then, the next player clockwise will place a Dinofarmer and so on'."""
    s = keep_first_contracts(fresh(3))
    order = []
    for space_id in ("gather_plants", "gather_meat", "gather_supplies", "barriers", "barriers_large", "first_player"):
        seat = s.current_player
        order.append(seat)
        before = s.normals[:]
        s.apply(place_id(s, space_id))
        assert s.normals[seat] == before[seat] - 1 and sum(s.normals) == sum(before) - 1
    assert order == [0, 1, 2, 0, 1, 2]


def test_the_first_player_marker_holder_starts_the_next_round():
    """'in Allocate Dinofarmers the player with the First Player Marker allocates their first Dinofarmer'
    (designed Town Hall: take the First Player Marker)."""
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_plants"))
    s.apply(place_id(s, "first_player"))  # seat 1 takes the marker
    assert s.first == 1 and s.view(2)["first_player"] == 1
    assert s.current_player == 2  # this round goes on clockwise
    to_adapt(s)
    finish_round(s)
    assert s.round == 2 and s.phase == PLACE and s.current_player == 1


def test_players_without_dinofarmers_are_skipped():
    """'If, on a player's turn, they have no Dinofarmers to place, then they are simply skipped and the phase
    continues with the next player clockwise.'"""
    s = keep_first_contracts(fresh(3))
    s.normals[1], s.foreman[1] = 0, False
    settle(s)
    s.apply(place_id(s, "gather_plants"))
    assert s.current_player == 2
    s.apply(place_id(s, "gather_meat"))
    assert s.current_player == 0


def test_the_foreman_counts_as_two_for_entering_and_blocking():
    """'A Foreman counts as 2 normal Dinofarmers for both allocation and blocking opponents.'"""
    s = keep_first_contracts(fresh(3))
    slot = space_slot(s, "gather_plants")
    s.apply(place_id(s, "gather_plants", foreman=True))  # the Foreman alone on an empty space
    assert occupants(s, "gather_plants") == [2, 0, 0] and s.normals[0] == 3 and not s.foreman[0]
    # Seat 1 must bring 3: three Dinofarmers, or its Foreman and one.
    s.normals[1] = 2
    relist(s)
    assert IDS.place + slot * 2 not in s.legal_actions()
    assert IDS.place + slot * 2 + 1 in s.legal_actions()
    s.normals[1] = 3
    relist(s)
    with_normals = s.clone()
    with_normals.apply(IDS.place + slot * 2)
    assert occupants(with_normals, "gather_plants") == [2, 3, 0] and with_normals.normals[1] == 0
    s.apply(IDS.place + slot * 2 + 1)
    assert occupants(s, "gather_plants") == [2, 3, 0] and s.normals[1] == 2 and not s.foreman[1]
    # Seat 2 needs 4 there: its Foreman and two.
    assert place_id(s, "gather_plants", foreman=True) in s.legal_actions()
    s.apply(place_id(s, "gather_plants", foreman=True))
    assert occupants(s, "gather_plants") == [2, 3, 4] and s.normals[2] == 1


def test_entering_an_occupied_space_takes_one_more_than_the_strongest():
    """'If an action space already has one or more opponent Dinofarmers, you can perform that action by placing
    1 more Dinofarmer than the player who currently has the most Dinofarmers there.' (designed: exactly one
    more)"""
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_meat"))
    s.apply(place_id(s, "gather_meat"))
    assert occupants(s, "gather_meat") == [1, 2, 0] and s.normals[1] == 1
    s.normals[2] = 2  # not enough to beat 2
    relist(s)
    assert place_id(s, "gather_meat") not in s.legal_actions()
    s.normals[2] = 3
    relist(s)
    meat = s.resource(2, MEAT)
    s.apply(place_id(s, "gather_meat"))
    assert occupants(s, "gather_meat") == [1, 2, 3] and s.normals[2] == 0
    assert s.resource(2, MEAT) == meat + steps_of("gather_meat", "gain")[MEAT]  # and performs the action


def test_never_where_you_already_stand():
    """'You CANNOT allocate Dinofarmers to action spaces where you already have other Dinofarmers.'"""
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_meat"))
    s.apply(place_id(s, "gather_plants"))
    s.apply(place_id(s, "gather_supplies"))
    assert s.current_player == 0
    assert place_id(s, "gather_meat") not in s.legal_actions()
    assert place_id(s, "gather_meat", foreman=True) not in s.legal_actions()
    assert place_id(s, "gather_plants") in s.legal_actions()  # two beat the one there


def test_costs_are_paid_at_once_then_the_action():
    """'When placing Dinofarmers in action spaces, you MUST pay the necessary resources immediately and then
    perform at least part of the corresponding action.'"""
    s = keep_first_contracts(fresh(3))
    plants, cost = s.resource(0, PLANT), steps_of("market_herbivore", "pay")[PLANT]
    assert cost > 0
    s.apply(place_id(s, "market_herbivore"))
    assert s.resource(0, PLANT) == plants - cost  # paid before the choice of species
    assert s.phase == CHOOSE and sorted(s.legal_actions()) == [IDS.species + ST, IDS.species + BR]
    s.apply(IDS.species + BR)
    assert s.held(0, BR) == 1 and s.supply[BR] == 14 and s.phase == PLACE and s.current_player == 1


def test_a_space_whose_cost_or_action_cannot_be_met_is_not_legal():
    """'you MUST pay the necessary resources immediately and then perform at least part of the corresponding
    action' and (published FAQ) 'You may place a Dinofarmer only where you can perform at least part of the
    action'."""
    s = keep_first_contracts(fresh(3))
    assert place_id(s, "market_herbivore") in s.legal_actions()
    assert steps_of("barriers_large", "pay")[SUPPLY] == 1
    set_resources(s, 0, steps_of("market_herbivore", "pay")[PLANT] - 1, 3, 0)
    relist(s)
    assert place_id(s, "market_herbivore") not in s.legal_actions()  # a plant short
    assert place_id(s, "barriers_large") not in s.legal_actions()  # a supply needed
    set_resources(s, 0, 13, 13, 13)
    relist(s)
    assert place_id(s, "gather_plants") not in s.legal_actions()  # nothing of it can be performed at 13
    assert place_id(s, "contract") not in s.legal_actions()  # no Contract to fulfil, and its gains are full
    set_public_row(s, ["Petting Zoo", "Long Necks", "Raptor Pack", "Apex Exhibit"])
    hold(s, 0, ST, 3)
    relist(s)
    assert place_id(s, "contract") in s.legal_actions()  # the Petting Zoo can be fulfilled


def test_a_space_whose_cost_is_exactly_what_you_have_is_legal():
    """Tiny Epic Dinosaurs rulebook: 'you MUST pay the necessary resources immediately': a player who has
    exactly the cost can pay it (one short cannot, above), and a supply cost of 1 is paid with 1."""
    s = keep_first_contracts(fresh(3))
    set_resources(s, 0, steps_of("market_herbivore", "pay")[PLANT], 0, steps_of("barriers_large", "pay")[SUPPLY])
    relist(s)
    assert place_id(s, "market_herbivore") in s.legal_actions()
    assert place_id(s, "barriers_large") in s.legal_actions()


def test_contract_choices_are_the_public_row_and_your_own_private_contracts():
    """'Players must keep their Private Contract Cards secret until they are fulfilled' (and, published: a
    Contract's dinosaurs are delivered). Designed: the dinosaurs come from the Containment Zone and go back
    to the supply; one Contract per action."""
    s = keep_first_contracts(fresh(3))
    set_public_row(s, ["Petting Zoo", "Long Necks", "Raptor Pack", "Apex Exhibit"])
    set_privates(s, {0: ["Secret Breeding Program"], 1: ["Research Institute"]})
    hold(s, 0, ST, 5)
    hold(s, 0, BR, 2)
    settle(s)
    s.apply(place_id(s, "contract"))
    assert s.phase == CHOOSE
    offered = {C.contracts[a - IDS.contract].name for a in s.legal_actions()}
    assert offered == {"Petting Zoo", "Long Necks", "Secret Breeding Program"}  # not seat 1's Research Institute
    s.apply(IDS.contract + contract("Secret Breeding Program"))
    assert s.held_commons(0) == [0, 2, 0, 0] and s.supply[ST] == 15
    assert s.private[0] == () and s.fulfilled[0] == (contract("Secret Breeding Program"),)
    assert s.scores()[0] == C.contracts[contract("Secret Breeding Program")].vp
    assert s.phase == PLACE and s.current_player == 1


def test_research_is_taken_from_the_row_paying_its_cost():
    """Designed Research Lab (a published action kind: take a Research card, paying its cost); a Unique
    Dinosaur card puts its dinosaur in the Containment Zone ('Unique Dinosaurs (those received through Research)')."""
    s = keep_first_contracts(fresh(3))
    row = [card("Genetics Lab"), card("Tyrannosaurus"), card("Triceratops")]
    s.research_deck = [k for k in s.research_deck + s.research_row if k not in row]
    s.research_row = list(row)
    set_resources(s, 0, 1, 0, 2)
    settle(s)
    lab = next(sp for sp in C.spaces if sp.id == "research")
    bonus = [sum(st[1][r] for st in lab.steps if st[0] == "gain") for r in range(3)]  # the space's own gains
    s.apply(place_id(s, "research"))
    offered = {s.research_row[a - IDS.research] for a in s.legal_actions()}
    assert {card("Genetics Lab"), card("Triceratops")} <= offered
    assert (card("Tyrannosaurus") in offered) == (bonus[MEAT] >= 1 and 2 + bonus[SUPPLY] >= 3)  # 3 supply, 1 meat
    s.apply(IDS.research + s.research_row.index(card("Triceratops")))  # 2 supplies and a plant
    assert s.resources(0) == [bonus[PLANT], bonus[MEAT], bonus[SUPPLY]]
    assert s.owned[0] == (card("Triceratops"),) and s.hold_unique[0] == (card("Triceratops"),)
    assert card("Triceratops") not in s.research_row


# ----------------------------------------------------------------------------------------------- hunt
def test_hunt_net_gives_the_dinosaur():
    """'Hunt Dinosaurs: Immediately receive 1 of the common Dinosaurs ... and place it in the Containment Zone
    ... Then, roll the Hunting Die ... Net: no additional effect.'"""
    s = keep_first_contracts(fresh(3))
    steer_die(s, NET)
    events = s.apply(place_id(s, "hunt_stegosaurus"))
    assert next(e for e in events if e.kind == "hunt").detail["face"] == "net"
    assert s.held(0, ST) == 1 and s.supply[ST] == 14 and s.on_leave(0, ST) == 0
    assert occupants(s, "hunt_stegosaurus") == [1, 0, 0]


def test_hunt_damage_sends_dinofarmers_to_medical_leave_and_frees_the_space():
    """'Damage: Move your Dinofarmer(s) and the Dinosaur you received in this action space to the' Medical
    Leave (published: 'which frees that action space for others or for you again')."""
    s = keep_first_contracts(fresh(3))
    steer_die(s, DAMAGE)
    s.apply(place_id(s, "hunt_stegosaurus"))
    assert s.held(0, ST) == 0 and s.on_leave(0, ST) == 1 and s.supply[ST] == 14
    assert occupants(s, "hunt_stegosaurus") == [0, 0, 0] and s.normals[0] == 2
    # free for others with a single Dinofarmer ...
    assert place_id(s, "hunt_stegosaurus") in s.legal_actions()
    steer_die(s, NET)
    s.apply(place_id(s, "hunt_stegosaurus"))
    assert occupants(s, "hunt_stegosaurus") == [0, 1, 0] and s.normals[1] == 2
    # ... and for the hurt player again.
    s.apply(place_id(s, "gather_meat"))
    assert s.current_player == 0 and place_id(s, "hunt_stegosaurus") in s.legal_actions()


def test_a_hunt_with_a_choice_of_species_rolls_after_the_choice():
    """'Immediately receive 1 of the common Dinosaurs ... Then, roll the Hunting Die' on the 1-2 player side,
    where a hunt space offers two species (designed): the Damage frees the space all the same."""
    s = keep_first_contracts(fresh(2))
    s.apply(place_id(s, "hunt_herbivore"))
    assert s.phase == CHOOSE and sorted(s.legal_actions()) == [IDS.species + ST, IDS.species + BR]
    steer_die(s, DAMAGE)
    s.apply(IDS.species + BR)
    assert [s.on_leave(0, k) for k in range(COMMON_SPECIES)] == [0, 1, 0, 0] and s.held_commons(0) == [0, 0, 0, 0]
    assert occupants(s, "hunt_herbivore") == [0, 0] and s.current_player == 1


def test_hunt_egg_gives_two_dinosaurs():
    """Published: 'Egg (receive 2 dinosaurs of that species)'."""
    s = keep_first_contracts(fresh(3))
    steer_die(s, EGG)
    s.apply(place_id(s, "hunt_allosaurus"))
    assert s.held(0, AL) == 2 and s.supply[AL] == 13


def test_hunt_egg_with_one_left_in_the_supply_gives_one():
    """'If the supply of a common Dinosaur species reaches zero, you cannot take any more of this Dinosaur.
    Any effect that results in receiving this species is canceled.'"""
    s = keep_first_contracts(fresh(3))
    hold(s, 2, AL, 14)  # seat 2 holds all but one
    settle(s)
    steer_die(s, EGG)
    s.apply(place_id(s, "hunt_allosaurus"))
    assert s.held(0, AL) == 1 and s.supply[AL] == 0
    assert place_id(s, "hunt_allosaurus") not in s.legal_actions()  # nothing left to hunt


def test_safe_hunt_research_turns_damage_into_net():
    """Designed Research card Tranquilizer Darts: 'Hunts never send your Dinofarmers to Medical Leave.'"""
    s = keep_first_contracts(fresh(3))
    own_card(s, 0, card("Tranquilizer Darts"))
    steer_die(s, DAMAGE)
    s.apply(place_id(s, "hunt_stegosaurus"))
    assert s.held(0, ST) == 1 and s.on_leave(0, ST) == 0 and occupants(s, "hunt_stegosaurus") == [1, 0, 0]


# ------------------------------------------------------------------------------------------- retrieve
def test_retrieve_brings_everyone_home_and_medical_leave_dinosaurs_to_containment():
    """'All players simultaneously collect all Dinofarmers, including those present in Medical Leave ... Any
    Dinosaur present in Medical Leave is moved to that player's Containment Zone.'"""
    s = keep_first_contracts(fresh(3))
    steer_die(s, DAMAGE)
    s.apply(place_id(s, "hunt_stegosaurus"))
    assert s.on_leave(0, ST) == 1 and s.normals[0] == 2
    to_adapt(s)  # the allocation ends
    assert s.phase == ADAPT and s.current_player == 0
    assert s.medical == [0] * 12 and s.held_commons(0) == [1, 0, 0, 0] and s.occ == [0] * len(s.occ)
    finish_round(s)
    assert s.round == 2 and s.normals == [3, 3, 3] and s.foreman == [True, True, True]


# ------------------------------------------------------------------------------------------------- solo
def test_solo_uses_the_one_two_player_side_and_the_rival_is_no_seat():
    """Published solo outline: 'an automated Rival draws Rival cards ... places them on Action Boards'; the
    engine plays it, so the only seat to decide is the player's."""
    s = fresh(1, 6)
    assert s.slots == C.spaces_for[2]
    rng = Rng(6)
    while not s.is_over:
        assert s.current_player == 0
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        GAME.check_invariants(s)
    assert s.current_player is None and len(s.scores()) == 1


def test_rival_cards_block_spaces_like_dinofarmers():
    """Published: the Rival 'places them on Action Boards' (designed: a card blocks as its strength; the
    player needs one more to enter, 'placing 1 more Dinofarmer than the player who currently has the most')."""
    s = keep_first_contracts(fresh(1, 2))
    s.rival_deck.remove(rival_card("Quartermaster"))
    s.rival_deck.insert(0, rival_card("Quartermaster"))
    s.apply(place_id(s, "gather_food"))
    assert occupants(s, "gather_supplies") == [0, 1]
    assert s.rival_res == list(C.rival_cards[rival_card("Quartermaster")].resources)
    assert s.current_player == 0 and s.rival_hand == C.rival_cards_per_round - 1
    s.normals[0] = 1
    relist(s)
    assert place_id(s, "gather_supplies") not in s.legal_actions()
    assert place_id(s, "gather_supplies", foreman=True) in s.legal_actions()
    s.normals[0] = 2
    relist(s)
    s.apply(place_id(s, "gather_supplies"))
    assert occupants(s, "gather_supplies") == [2, 1] and s.normals[0] == 0


def test_the_rival_takes_the_first_player_marker_with_its_mayor():
    """Published: the Rival's actions include 'take the First Player Marker' (designed card: Mayor); then the
    Rival places first in the next round."""
    s = keep_first_contracts(fresh(1, 2))
    s.rival_deck.remove(rival_card("Mayor"))
    s.rival_deck.insert(0, rival_card("Mayor"))
    s.apply(place_id(s, "gather_food"))
    assert s.first == 1 and s.view(0)["first_player"] == "rival"
    assert occupants(s, "first_player") == [0, 1]
    to_adapt(s)
    finish_round(s)
    assert s.round == 2 and s.current_player == 0
    assert s.rival_hand == C.rival_cards_per_round - 1  # the Rival has played before the player


def test_the_rival_fulfils_at_most_one_public_contract_per_card():
    """Published: the Rival 'fulfils at most one Public Contract per card' (designed: the one worth most)."""
    s = keep_first_contracts(fresh(1, 2))
    set_public_row(s, ["Petting Zoo", "Herd"])
    s.supply[ST] -= 7
    s.rival_cols[ST] = 7
    s.rival_deck.remove(rival_card("Quartermaster"))
    s.rival_deck.insert(0, rival_card("Quartermaster"))
    settle(s)
    s.apply(place_id(s, "gather_food"))
    assert s.rival_contracts == (contract("Herd"),) and s.public_row == [contract("Petting Zoo")]
    assert s.rival_cols[ST] == 3 and s.supply[ST] == 15 - 3


def test_solo_outcome_names_the_rival_and_the_player_wins_only_by_beating_it():
    """Published: the Rival 'scores like a player'; ties by the rulebook's turn order (designed 'rival tie':
    the Rival takes part in the tie-break)."""
    s = keep_first_contracts(fresh(1, 2))
    out = s.outcome()
    assert out["result"] == "in progress" and rival_result(s)["total"] == 0 and out["winners"] == []
    s.over = True
    assert s.winners() == [0] and s.outcome()["result"] == "won"  # a tie; the player is first
    s.first = 1
    assert s.winners() == [] and s.outcome()["result"] == "lost"  # a tie; the Rival is first
    s.first = 0
    set_public_row(s, ["Food Chain", "Apex Exhibit"])
    s.rival_contracts = (s.public_row.pop(0),)  # 4 points to the Rival
    assert rival_result(s)["contracts"] == C.contracts[contract("Food Chain")].vp
    assert s.winners() == [] and s.outcome()["result"] == "lost"
    s.fulfilled[0] = (s.public_row.pop(0),)  # 10 to the player
    assert s.scores()[0] > rival_result(s)["total"] > 0
    assert s.winners() == [0] and s.outcome()["result"] == "won"


def test_the_view_shows_whose_foreman_stands_on_a_space_until_the_dinofarmers_are_retrieved():
    """Allocate Dinofarmers: the Foreman counts as 2 (rulebook, Allocate Dinofarmers), and the board shows
    it on its space; Retrieve Dinofarmers brings it home, and the space shows it no more."""
    game = dinotable.get_game("tiny-epic-dinosaurs")
    state = game.new_game(2, 3)
    rng = random.Random(3)
    while not state.is_over:
        foreman = [a for a in state.legal_actions() if state.action_info(a).get("foreman")]
        if foreman:
            seat, where = state.current_player, state.action_info(foreman[0])["action_space"]
            state.apply(foreman[0])
            slot = next(i for i, sp in enumerate(state.view(None)["action_spaces"]) if sp["id"] == where)
            space = state.view(None)["action_spaces"][slot]
            assert space["foreman"] == [f"player {seat + 1}"]
            assert space["occupants"][f"player {seat + 1}"] >= 2
            break
        state.apply(rng.choice(state.legal_actions()))
    else:
        raise AssertionError("no Foreman was placed in the seeded game")
    while not state.is_over and state.view(None)["action_spaces"][slot]["occupants"]:
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(None)["action_spaces"][slot]["foreman"] == []


def test_the_view_lists_the_seats_still_to_choose_in_a_phase_each_seat_plays_for_itself():
    """Keeping a Private Contract (Setup) is played seat after seat here: the view names who has still to."""
    state = dinotable.get_game("tiny-epic-dinosaurs").new_game(3, 1)
    assert state.view(None)["still_to_choose"] == ["player 1", "player 2", "player 3"]
    state.apply(state.legal_actions()[0])
    assert state.view(None)["still_to_choose"] == ["player 2", "player 3"]


def test_the_view_gives_each_action_space_its_cost_and_what_it_does():
    """The Action Boards (rulebook): a space's cost is paid before it acts; the view says both."""
    spaces = {
        sp["id"]: sp for sp in dinotable.get_game("tiny-epic-dinosaurs").new_game(2, 1).view(None)["action_spaces"]
    }
    assert (spaces["market_herbivore"]["cost"], spaces["market_herbivore"]["does"]) == (
        "1 plant",
        "take a Stegosaurus or a Brachiosaurus",
    )
    assert (spaces["gather_food"]["cost"], spaces["gather_food"]["does"]) == ("", "gain 2 plants, 2 meat")
