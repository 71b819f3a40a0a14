"""My Funny Dinos: each rule of the rulebook (quoted in the docstrings) and each designed rule of the setup,
excavation, events, restoration and the game's end. Scoring is in test_my_funny_dinos_scoring.py, what the
table shows in test_my_funny_dinos_view.py, the decision records in test_my_funny_dinos_decisions.py.

Scenarios are built with the game's test builders (dinotable.games.my_funny_dinos.testing): tiles placed
directly in the flat state, chance steered by choosing the generator state before an excavation, so each
test reaches exactly the situation its rule speaks of.
"""

import pytest

import dinotable
from dinotable.core.rng import seed_state
from dinotable.games.my_funny_dinos import rules
from dinotable.games.my_funny_dinos.content import HEAD, PARTS, TAIL
from dinotable.games.my_funny_dinos.rules import FULLY_KNOWN, PASS, PICK
from dinotable.games.my_funny_dinos.testing import (
    base_spot,
    body_tile_on_top,
    complete_set,
    event_kind,
    fail_rocks,
    give_tiles,
    kind,
    new,
    restore_directly,
    restore_now,
    set_bones,
    set_missions,
    start_turn,
    steer,
    steer_die,
    succeed,
    tile,
    to_restore,
    top_tile,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content


def kinds_of(events):
    return [e.kind for e in events]


# --------------------------------------------------------------------------------------------- setup
def test_components_match_the_rulebook():
    """'40 Dinosaur fossil tiles: 8 Head tiles, 8 Tail tiles, 16 Leg tiles, 8 Event tiles' and
    '7 Mission tiles', '32 Small bone tokens', '5 Exhibition tiles'."""
    counts = {name: sum(1 for p in C.kind_part if PARTS[p] == name) for name in PARTS}
    assert counts == {"head": 8, "tail": 8, "leg": 16, "event": 8}
    assert len(C.missions) == 7
    assert sum(1 for m in C.missions if m.border == "black") == 4
    assert sum(1 for m in C.missions if m.border == "red") == 3
    assert C.numbers["bone_supply"] == 32 and C.numbers["exhibition_tiles"] == 5


def test_setup_bases_rocks_bones_missions_first_player():
    """'Place 4 base tiles on the dinosaur tiles, but they should not be overlapped', 'Place three rocks
    stack up on each base tile', 'Each player receives two small bone tokens', 'randomly choose three
    tiles and reveal them', 'The first player receives the tweezer and the amber token'."""
    for seed in range(20):
        s = new(4, seed)
        assert sorted(r for r in s.base_rocks if r) == [3, 3, 3, 3]  # four bases on four distinct spots
        assert all(s.stacks[spot] for spot, r in enumerate(s.base_rocks) if r)  # resting on tiles
        assert s.bones == [2, 2, 2, 2] and s.supply == 32 - 8
        assert len(s.missions) == 3 and len(set(s.missions)) == 3
        assert len(s.pile) == 40 and all(o < 0 for o in s.owner)
        assert s.current_player == 0 and s.view(None)["first_player"] == 0
    assert len({new(3, seed).missions for seed in range(30)}) > 3  # the draw is random


def test_easy_game_uses_two_rocks():
    """'Tip: If someone is playing this game first time, you will be able to use two rocks for easier
    game.'"""
    s = new(3, 4, rocks_per_base=2)
    assert sorted(r for r in s.base_rocks if r) == [2, 2, 2, 2]
    hard = new(3, 4)
    under_base = [p for p in s.pile if s.base_rocks[s.spot[p]]]
    for p in under_base:
        assert rules.success_chance(s, p, 0) > rules.success_chance(hard, p, 0)


@pytest.mark.parametrize(
    "options",
    [
        {"nosuch": 1},
        {"rocks_per_base": 4},
        {"excavation": "coin"},
        {"dexterity": 9.0},
        {"dexterity": [1.0, 1.0]},
        {"shaky_stacks": "yes"},
    ],
)
def test_bad_options_are_refused_by_name(options):
    """An unknown option or a bad value raises ValueError naming the option."""
    with pytest.raises(ValueError) as err:
        new(3, 1, **options)
    assert next(iter(options)) in str(err.value)


@pytest.mark.parametrize("num_players", [0, 1, 5])
def test_player_count_is_two_to_four(num_players):
    """Designed: 2-4 players (the rulebook speaks of "each other player")."""
    with pytest.raises(ValueError, match="2 to 4"):
        GAME.new_game(num_players, 1)


# ---------------------------------------------------------------------------------------- excavation
def test_excavation_is_mandatory():
    """'1. Excavating a fossil tile (Mandatory)': a turn starts with only excavations to choose from."""
    s = new()
    assert PASS not in s.legal_actions()
    assert s.legal_actions() == sorted(s.pile)


def test_success_gives_the_tile_that_was_attempted():
    """'You should excavate the first tile you touched. You cannot change the tile' and 'If a player pulls
    a tile out without letting any rock fall, the player succeeds': the chosen tile, and only it, is won."""
    s = new()
    p = body_tile_on_top(s)
    events = succeed(s, p)
    assert s.owner[p] == 0 and p not in s.pile
    assert events[0].kind == "excavated" and events[0].detail["piece"] == p
    assert sum(1 for o in s.owner if o >= 0) == 1


def test_failure_gives_a_bone_and_no_tile():
    """'They cannot get any dinosaur tile this turn but receive one small bone token instead.'"""
    s = new()
    p = top_tile(s, base_spot(s))
    pile_before = list(s.pile)
    fail_rocks(s, p)
    assert s.bones[0] == 3 and s.supply == 32 - 6 - 1
    assert s.pile == pile_before and all(o < 0 for o in s.owner)


def test_rocks_are_restacked_after_a_collapse():
    """'Then stack up the collapsed rock pieces again on the base tiles': the bases keep their rocks and
    the pile is as it was."""
    s = new()
    p = top_tile(s, base_spot(s))
    bases, stacks = s.base_rocks, [list(st) for st in s.stacks]
    fail_rocks(s, p)
    assert s.base_rocks == bases and s.stacks == stacks


def test_fallen_tiles_go_back_on_the_centre():
    """'Fossil tiles fall outside the excavation area' is a failure, and 'put all fallen tiles on the
    center of the paper board'. Designed: the attempted tile and those on it fall, face up."""
    s = new()
    edge_spot = next(spot for spot in range(C.num_spots) if C.spot_edge[spot] and len(s.stacks[spot]) >= 2)
    p = s.stacks[edge_spot][-2]  # one tile lies on it
    rock, edge = rules.failure_chances(s, p, 0)
    assert edge > 0
    steer(s, rock + 1e-9, rock + (1 - rock) * edge)
    events = s.apply(p)
    failed = next(e for e in events if e.kind == "excavation_failed")
    assert failed.detail["cause"] == "edge"
    fallen = failed.detail["fallen"]
    assert p in fallen and len(fallen) == 2
    assert s.stacks[C.centre][-2:] == fallen
    assert all(s.spot[q] == C.centre and s.known[q] == FULLY_KNOWN for q in fallen)
    assert s.bones[0] == 3


def test_restoring_is_allowed_after_a_failed_excavation():
    """'Note: The player will be able to perform 2. Restoring dinosaur even though they have failed
    excavation this turn.'"""
    s = new()
    give_tiles(s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1))
    p = top_tile(s, base_spot(s))
    fail_rocks(s, p)
    assert s.current_player == 0 and s.phase == rules.RESTORE
    assert PASS in s.legal_actions() and len(s.legal_actions()) == 2


def test_more_weight_makes_an_excavation_riskier():
    """Designed excavation model: the chance of success falls with the tiles resting on the chosen
    tile, with a base and its rocks on its spot, and at the paper's edge."""
    s = new()
    for stack in s.stacks:
        if len(stack) >= 2:
            assert rules.success_chance(s, stack[-1], 0) > rules.success_chance(s, stack[0], 0)
    # Same depth, base or no base: compare the top tiles of inner spots.
    inner = [spot for spot in C.base_spots]
    with_base = [rules.failure_chances(s, s.stacks[sp][-1], 0)[0] for sp in inner if s.base_rocks[sp]]
    without = [rules.failure_chances(s, s.stacks[sp][-1], 0)[0] for sp in inner if not s.base_rocks[sp]]
    assert min(with_base) > max(without)
    for spot in range(C.num_spots):
        assert (rules.failure_chances(s, s.stacks[spot][-1], 0)[1] > 0) == C.spot_edge[spot]


def test_dexterity_is_per_seat_and_divides_the_risk():
    """Designed option `dexterity`: a steadier hand (per seat) fails less often, in proportion."""
    s = new(2, 3, dexterity=[1.0, 2.0])
    for p in s.pile:
        rock0, edge0 = rules.failure_chances(s, p, 0)
        rock1, edge1 = rules.failure_chances(s, p, 1)
        assert rock1 == pytest.approx(min(C.model["max_failure"], rock0 * 1.0) / 2, rel=1e-9) or rock0 >= 0.9
        assert edge1 == pytest.approx(edge0 / 2, rel=1e-9) or edge0 >= 0.9


def test_shaky_stacks_get_riskier_each_round():
    """Designed option `shaky_stacks`: stacks may get shakier as the game goes."""
    steady, shaky = new(2, 5), new(2, 5, shaky_stacks=True)
    p = steady.pile[0]
    assert rules.failure_chances(shaky, p, 0) == rules.failure_chances(steady, p, 0)
    steady.round = shaky.round = 4
    assert rules.failure_chances(shaky, p, 0)[0] == pytest.approx(
        rules.failure_chances(steady, p, 0)[0] + 3 * C.model["rock_shaky_per_round"]
    )


def test_excavation_outcomes_follow_the_model_chances():
    """The seeded model succeeds as often as its stated chance (2,000 attempts, within 4 sigma)."""
    base = new(3, 11)
    p = next(q for q in base.pile if 0.3 < rules.success_chance(base, q, 0) < 0.9)
    chance = rules.success_chance(base, p, 0)
    wins = 0
    trials = 2000
    for i in range(trials):
        s = base.clone()
        s.rng = seed_state(i)
        s.apply(p)
        wins += s.owner[p] == 0
    sigma = (chance * (1 - chance) / trials) ** 0.5
    assert abs(wins / trials - chance) < 4 * sigma


def test_dice_mode_rolls_a_die_against_the_risk():
    """Designed dice mode: roll a twelve-sided die, fail on a roll at or below 1, +1 per tile above (at
    most 2), +1 per rock on the spot's base beyond the first, +1 at the paper's edge."""
    for rocks in (3, 2):
        s = new(3, 2, excavation="dice", rocks_per_base=rocks)
        for p in s.pile:
            spot = s.spot[p]
            expected = 1 + min(rules.tiles_above(s, p), 2) + max(0, s.base_rocks[spot] - 1) + C.spot_edge[spot]
            assert rules.dice_risk(s, p) == expected
            assert sum(rules.failure_chances(s, p, 0)) == pytest.approx(expected / 12)
    p = body_tile_on_top(s, lambda spot: not s.base_rocks[spot] and not C.spot_edge[spot])  # fails only on a 1
    trial = s.clone()
    steer_die(trial, 1)
    events = trial.apply(p)
    assert events[0].kind == "excavation_failed" and events[0].detail["roll"] == 1
    trial = s.clone()
    steer_die(trial, 2)
    events = trial.apply(p)
    assert events[0].kind == "excavated" and events[0].detail["roll"] == 2


def test_dice_mode_easy_game_and_shaky_stacks():
    """'you will be able to use two rocks for easier game' holds in dice mode too; designed shaky_stacks
    adds 1 to the risk every 4 rounds; dexterity is refused there, a die has no skill."""
    hard, easy = new(3, 2, excavation="dice"), new(3, 2, excavation="dice", rocks_per_base=2)
    under = [p for p in hard.pile if hard.base_rocks[hard.spot[p]]]
    assert all(rules.dice_risk(easy, p) == rules.dice_risk(hard, p) - 1 for p in under)
    shaky = new(3, 2, excavation="dice", shaky_stacks=True)
    p = shaky.pile[0]
    shaky.round = 9
    assert rules.dice_risk(shaky, p) == min(11, rules.dice_risk(hard, p) + 2)
    with pytest.raises(ValueError, match="dexterity"):
        new(3, 2, excavation="dice", dexterity=2.0)


# --------------------------------------------------------------------------------------------- events
def test_exchange_swaps_one_loose_tile_with_another_player():
    """'Exchange icon (two arrows): Immediately exchange 1 dinosaur tile with another player. You cannot
    exchange parts from an already restored dinosaur. Note: You can exchange any dinosaur tile or event
    tile including this tile.'"""
    s = new()
    mine = give_tiles(s, 0, kind("red", "head"))[0]
    theirs = give_tiles(s, 1, kind("pink", "tail"))[0]
    restore_directly(
        s, 1, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1)
    )
    restore_directly(
        s, 0, kind("brown", "head"), kind("brown", "tail"), kind("brown", "leg", 0), kind("brown", "leg", 1)
    )
    exchange = tile(s, event_kind("exchange"))
    succeed(s, exchange)
    assert s.phase == rules.GIVE and s.current_player == 0
    assert sorted(s.legal_actions()) == sorted([PICK + mine, PICK + exchange])  # restored parts excluded
    s.apply(PICK + exchange)  # the only tile to take then resolves itself
    assert s.phase != rules.TAKE
    assert s.owner[exchange] == 1 and s.owner[theirs] == 0
    assert all(s.owner[p] == 1 for p in s.dinos[0].pieces) and all(s.owner[p] == 0 for p in s.dinos[1].pieces)


def test_exchange_does_nothing_when_no_one_else_has_a_loose_tile():
    """Designed: the exchange is compulsory when another player has a loose tile, and does nothing
    otherwise."""
    s = new()
    events = succeed(s, tile(s, event_kind("exchange")))
    assert "exchange_skipped" in kinds_of(events)
    assert s.current_player == 1 and s.phase == rules.EXCAVATE and s.owner.count(0) == 1


def test_shovel_excavates_again():
    """'Shovel icon: Immediately 1. Excavating a fossil tile (Mandatory) one more time.'"""
    s = new()
    succeed(s, tile(s, event_kind("shovel")))
    assert s.current_player == 0 and s.phase == rules.EXCAVATE
    p = body_tile_on_top(s)
    succeed(s, p)
    assert s.owner[p] == 0 and s.current_player == 1


def test_bone_pile_takes_one_bone_from_each_other_player_who_has_any():
    """'Bone pile icon: Immediately receive 1 small bone token from each other player. You will not be
    able to get one from a player who does not have any small bone token.'"""
    s = new(4)
    set_bones(s, [2, 0, 3, 1])
    events = succeed(s, tile(s, event_kind("bone_pile")))
    assert s.bones == [4, 0, 2, 0]
    assert next(e for e in events if e.kind == "bones_taken").detail["from"] == [2, 3]


def test_bone_pile_takes_from_every_other_player_the_next_one_included():
    """My Funny Dinos rulebook, Event tiles: 'Bone pile icon: Immediately receive 1 small bone token from
    each other player.' Every other seat has bones here, the one right after the current player too (a loop
    that skipped it, or the last seat, would take fewer)."""
    s = new(4)
    set_bones(s, [0, 1, 1, 2])
    events = succeed(s, tile(s, event_kind("bone_pile")))
    assert s.bones == [3, 0, 0, 1]
    assert next(e for e in events if e.kind == "bones_taken").detail["from"] == [1, 2, 3]


def test_two_event_is_worth_two_points_others_one():
    """'Circled "2" icon: At the end of the game, get 2 points (All the other event tiles worth 1 point
    each).'"""
    s = new(2)
    set_missions(s, (4, 5, 6))  # red missions only, so that no black mission adds points
    give_tiles(s, 0, event_kind("two"))
    give_tiles(s, 1, event_kind("shovel"))
    rows = s.outcome()["breakdown"]
    assert rows[0]["tiles"] == 2 and rows[1]["tiles"] == 1


# -------------------------------------------------------------------------------------------- restore
def test_restoring_needs_head_tail_and_two_legs_and_no_event_tiles():
    """'The player needs 1 head tile, 1 tail tile, and 2 legs tiles to restore. Special tiles cannot be
    used for restoration.'"""
    s = new()
    give_tiles(s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), event_kind("two"))
    p = next(q for q in s.pile if C.kind_part[s.kind[q]] in (HEAD, TAIL))
    succeed(s, p)
    assert s.current_player == 1 and not s.dinos  # one leg only: nothing to restore, the turn ended
    s2 = new()
    pieces = complete_set(s2, 0)
    special = give_tiles(s2, 0, event_kind("two"))[0]
    to_restore(s2)
    assert sorted(s2.legal_actions()) == [PICK + pieces[0], PASS]
    s2.apply(PICK + pieces[0])  # the only tail and the only pair of legs resolve themselves
    assert len(s2.dinos) == 1 and sorted(s2.dinos[0].pieces) == sorted(pieces)
    assert s2.owner[special] == 0 and not s2.restored[special]


@pytest.mark.parametrize(
    ("colours", "value"),
    [(("green",) * 4, 10), (("green", "green", "green", "red"), 6), (("yellow",) * 4, 10)],
)
def test_single_colour_scores_10_mixed_6(colours, value):
    """'If a player restored a dinosaur to its original shape (using a single color), place the
    exhibition tile face up (the side with "10")' / 'funny mixed shape ... the side with "6"'. And 'T-Rex
    should be restored using two different types of legs to get 10 points (but both yellow)'."""
    s = new()
    pieces = complete_set(s, 0, colours)
    to_restore(s)
    restore_now(s, pieces)
    assert len(s.dinos) == 1 and s.dinos[0].value == value
    assert s.outcome()["breakdown"][0]["dinosaurs"] == value
    assert all(s.restored[p] for p in pieces)


def test_only_one_dinosaur_a_turn():
    """'The player can only restore one dinosaur per turn.'"""
    s = new()
    first = complete_set(s, 0)
    second = give_tiles(s, 0, kind("red", "head"), kind("red", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    to_restore(s)
    restore_now(s, first)
    assert len(s.dinos) == 1 and s.current_player == 1
    assert not any(s.restored[p] for p in second)


def test_restored_dinosaurs_never_break_up():
    """'The player cannot decompose the restored dinosaurs': restored tiles are never offered again."""
    s = new()
    pieces = complete_set(s, 0)
    to_restore(s)
    restore_now(s, pieces)
    for _ in range(60):
        if s.is_over:
            break
        for a in s.legal_actions():
            assert a < PICK or a == PASS or (a - PICK) not in pieces
        s.apply(s.legal_actions()[-1])
    assert all(s.owner[p] == 0 and s.restored[p] for p in pieces)


# ----------------------------------------------------------------------------------------- game end
def test_fifth_dinosaur_finishes_the_round():
    """'When five dinosaurs are been restored during the game, players take turns to the right up until
    the player with the first player (with amber token).' Those restored after the fifth 'will not have
    the exhibition tile, but they can get also points'."""
    s = new(3)
    sixth = give_tiles(
        s, 2, kind("purple", "head"), kind("purple", "tail"), kind("purple", "leg", 0), kind("purple", "leg", 1)
    )
    fifth = complete_set(s, 1)
    for colour in ("red", "blue", "pink", "brown"):
        restore_directly(
            s, 2, kind(colour, "head"), kind(colour, "tail"), kind(colour, "leg", 0), kind(colour, "leg", 1)
        )
    succeed(s, body_tile_on_top(s))  # seat 0 takes its turn without restoring
    if s.phase == rules.RESTORE:
        s.apply(PASS)
    assert s.current_player == 1
    to_restore(s)
    restore_now(s, fifth)
    assert len(s.dinos) == 5 and s.final_round and not s.is_over
    assert s.current_player == 2  # the round goes on to the player before the amber token
    to_restore(s)
    restore_now(s, sixth)
    assert s.is_over and s.current_player is None
    assert s.dinos[5].exhibited is False and s.dinos[4].exhibited is True  # no exhibition tile for the sixth
    assert s.outcome()["breakdown"][2]["dinosaurs"] == 10 * 5


def test_the_fourth_dinosaur_does_not_start_the_final_round():
    """My Funny Dinos rulebook, V. Game End: 'When five dinosaurs are been restored during the game, players
    take turns ... up until the player with the first player': four are not enough. After the fourth the
    game goes on past the amber token; the fifth starts the final round."""
    s = new(3)
    fourth = complete_set(s, 1)
    fifth = give_tiles(
        s, 2, kind("purple", "head"), kind("purple", "tail"), kind("purple", "leg", 0), kind("purple", "leg", 1)
    )
    for colour in ("red", "blue", "pink"):
        restore_directly(
            s, 0, kind(colour, "head"), kind(colour, "tail"), kind(colour, "leg", 0), kind(colour, "leg", 1)
        )
    start_turn(s, 1)
    to_restore(s)
    restore_now(s, fourth)
    assert len(s.dinos) == 4 and not s.final_round
    assert s.current_player == 2
    to_restore(s)
    s.apply(PASS)  # seat 2 keeps its set for now; the round passes the amber token and the game goes on
    assert not s.is_over and s.current_player == 0
    succeed(s, body_tile_on_top(s))
    if s.phase == rules.RESTORE:
        s.apply(PASS)
    start_turn(s, 2)
    to_restore(s)
    restore_now(s, fifth)
    assert len(s.dinos) == 5 and s.final_round


def test_pile_running_out_ends_the_game_at_the_end_of_the_round():
    """Designed: if the pile runs out before five dinosaurs are restored, the round is finished and the
    game ends."""
    s = new(3)
    last = s.pile[0]
    for p in list(s.pile):
        if p != last:
            give_tiles(s, 2, s.kind[p])
    start_turn(s, 1)
    succeed(s, last)
    # Seat 2 has no tile to excavate: it may only restore (it holds enough) or end its turn.
    assert not s.is_over and s.current_player == 2 and s.phase == rules.RESTORE
    s.apply(PASS)
    assert s.is_over


def test_empty_bone_supply_gives_nothing_on_failure():
    """Designed: 'If the supply is empty, a failed excavation gives nothing.'"""
    s = new(2)
    set_bones(s, [16, 16])  # the supply is empty
    assert s.supply == 0
    p = top_tile(s, base_spot(s))
    events = fail_rocks(s, p)
    assert s.bones == [16, 16] and events[0].detail["bone"] is False


# --------------------------------------------------------------------------------- designed edge cases
def test_shovels_chain():
    """Designed `shovels-chain`: a shovel found by a shovel's extra excavation gives one more."""
    s = new()
    first, second = tile(s, event_kind("shovel", 0)), tile(s, event_kind("shovel", 1))
    succeed(s, first)
    succeed(s, second)
    assert s.current_player == 0 and s.phase == rules.EXCAVATE
    succeed(s, body_tile_on_top(s))
    assert s.current_player == 1 and sum(1 for o in s.owner if o == 0) == 3


def test_a_failed_shovel_excavation_keeps_the_tiles_won_before():
    """Designed `failed-shovel-excavation`: 'They cannot get any dinosaur tile this turn' applies to the
    failed excavation; the shovel tile won first is kept, and a bone is taken."""
    s = new()
    shovel = tile(s, event_kind("shovel"))
    succeed(s, shovel)
    events = fail_rocks(s, s.pile[0])
    assert events[0].kind == "excavation_failed"
    assert s.owner[shovel] == 0 and s.bones[0] == 3 and s.current_player == 1


def test_a_shovel_on_the_last_tile_gives_no_excavation():
    """Designed `shovel-empty-pile`: a shovel's extra excavation is skipped if the pile is empty."""
    s = new(3)
    shovel = tile(s, event_kind("shovel"))
    for p in list(s.pile):
        if p != shovel:
            give_tiles(s, 2, s.kind[p])
    succeed(s, shovel)
    # No extra excavation: seat 0's turn ends, seat 1 (nothing to restore) passes, seat 2 may restore.
    assert not s.pile and s.owner.count(0) == 1
    assert s.current_player == 2 and s.phase == rules.RESTORE


def test_fifth_dinosaur_by_the_last_seat_ends_the_game_at_once():
    """'players take turns ... up until the player with the first player': when the seat before the
    amber token restores the fifth dinosaur, the round is already complete and the game ends."""
    s = new(2)
    set_ = complete_set(s, 1)
    for colour in ("red", "blue", "pink", "brown"):
        restore_directly(
            s, 0, kind(colour, "head"), kind(colour, "tail"), kind(colour, "leg", 0), kind(colour, "leg", 1)
        )
    start_turn(s, 1)
    to_restore(s)
    restore_now(s, set_)
    assert s.is_over and s.current_player is None


def test_an_event_tile_gained_by_exchange_does_not_act():
    """'The player who excavates event tile use its effect immediately': a shovel received through an
    exchange gives no excavation, and a bone pile given away takes no bones."""
    s = new(3)
    shovel = give_tiles(s, 1, event_kind("shovel"))[0]
    set_bones(s, [2, 2, 2])
    exchange = tile(s, event_kind("exchange"))
    succeed(s, exchange)  # the only tile to give (this one) and to take (the shovel) resolve themselves
    assert s.owner[shovel] == 0 and s.owner[exchange] == 1
    assert s.current_player == 1 and s.bones == [2, 2, 2]


def test_a_red_mission_can_go_to_another_seat_through_an_exchange():
    """Red missions are checked after every step for every seat: giving the exchange tile to a player who
    holds two event tiles makes them meet 'Acquire 3 special tiles' at once."""
    s = new(3)
    set_missions(s, (4, 5, 6))
    head = give_tiles(s, 1, event_kind("two", 0), event_kind("two", 1), kind("red", "head"))[2]
    exchange = tile(s, event_kind("exchange"))
    succeed(s, exchange)  # seat 0 gives its only tile, the exchange tile itself
    events = s.apply(PICK + head)
    assert s.owner[exchange] == 1 and s.owner[head] == 0
    assert s.mission_owner[2] == 1
    assert any(e.kind == "mission_taken" and e.seat == 1 for e in events)


def test_heuristic_value_prefers_the_seat_ahead():
    """The game's evaluation (for search agents) is the seat's prospects minus the best opponent's."""
    s = new(2)
    give_tiles(s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1))
    assert GAME.heuristic.value(s, 0) > 0 > GAME.heuristic.value(s, 1)
    assert GAME.heuristic.value(s, 0) == -GAME.heuristic.value(s, 1)


def test_whole_number_types_are_accepted_as_action_ids():
    """An int subclass or any integer type (NumPy's, for RL adapters) is an action id; other things are
    refused saying they are not action ids."""

    class Index:
        def __index__(self):
            return s.legal_actions()[0]

    s = new()
    expected = s.clone()
    expected.apply(s.legal_actions()[0])
    s.apply(Index())
    assert s == expected and type(s.history[0]) is int
    with pytest.raises(dinotable.IllegalAction, match="not an action id"):
        s.apply("3")


def test_float_rocks_are_refused():
    """rocks_per_base takes the whole numbers 3 or 2, not 2.0."""
    with pytest.raises(ValueError, match="rocks_per_base"):
        new(3, 1, rocks_per_base=2.0)


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seat_after_the_first_restores_from_its_own_tiles(seat):
    """'The player needs 1 head tile, 1 tail tile, and 2 legs tiles to restore', counted among that
    player's own tiles whichever seat it is (a mutation reading another seat's counts let seat 0 alone
    restore)."""
    s = new(3)
    pieces = complete_set(s, seat)
    give_tiles(s, 0, kind("red", "head"))  # another seat's tiles change nothing
    start_turn(s, seat)
    to_restore(s)
    assert s.current_player == seat and PICK + pieces[0] in s.legal_actions()
    restore_now(s, pieces)
    assert [d.seat for d in s.dinos] == [seat]
