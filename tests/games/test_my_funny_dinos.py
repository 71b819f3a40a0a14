"""My Funny Dinos: each rule of the rulebook (quoted in the docstrings) and each designed rule.

Scenarios are set up by placing tiles directly in the flat state, and chance is steered by choosing the
generator state before an excavation, so each test reaches exactly the situation its rule speaks of.
"""

import pytest

import dinotable
from dinotable.core.rng import next_below, next_float, seed_state
from dinotable.games.my_funny_dinos import rules
from dinotable.games.my_funny_dinos.content import EVENT, HEAD, ICONS, LEG, PARTS, TAIL
from dinotable.games.my_funny_dinos.rules import FULLY_KNOWN, PASS, PICK

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content


# ------------------------------------------------------------------------------------------ helpers
def new(num_players=3, seed=1, **options):
    return GAME.new_game(num_players, seed, options)


def kind(colour: str, part: str, nth: int = 0) -> int:
    matches = [k for k in range(40) if C.colours[C.kind_colour[k]] == colour and PARTS[C.kind_part[k]] == part]
    return matches[nth]


def event_kind(icon: str, nth: int = 0) -> int:
    return [k for k in range(40) if C.kind_part[k] == EVENT and ICONS[C.kind_icon[k]] == icon][nth]


def piece(s, k: int) -> int:
    return s.kind.index(k)


def refresh(s):
    s._legal = rules.legal_actions(s)
    GAME.check_invariants(s)


def give(s, seat: int, *kinds: int) -> list[int]:
    """Moves the tiles of these kinds from the pile to a seat's loose tiles."""
    pieces = []
    for k in kinds:
        p = piece(s, k)
        assert s.owner[p] < 0, "helper: tile already owned"
        s.stacks[s.spot[p]].remove(p)
        s.spot[p] = -1
        s.pile.remove(p)
        s.owner[p] = seat
        s.known[p] = FULLY_KNOWN
        s.parts[seat * 4 + C.kind_part[k]] += 1
        pieces.append(p)
    refresh(s)
    return pieces


def restore_directly(s, seat: int, *kinds: int) -> None:
    pieces = give(s, seat, *kinds)
    colours = {C.kind_colour[k] for k in kinds}
    for p in pieces:
        s.restored[p] = True
        s.parts[seat * 4 + C.kind_part[s.kind[p]]] -= 1
    exhibited = len(s.dinos) < C.numbers["exhibition_tiles"]
    value = C.numbers["single_colour_dinosaur" if len(colours) == 1 else "mixed_dinosaur"]
    s.dinos.append(rules.Dinosaur(seat, tuple(pieces), value, exhibited, len(colours)))
    refresh(s)


def set_bones(s, bones: list[int]) -> None:
    s.supply += sum(s.bones) - sum(bones)
    s.bones = list(bones)
    refresh(s)


def steer(s, low: float, high: float) -> None:
    """Sets the generator so that the next uniform draw falls in [low, high)."""
    for i in range(1_000_000):
        state = seed_state(i)
        if low <= next_float(state)[1] < high:
            s.rng = state
            return
    raise AssertionError("no generator state found")


def steer_die(s, roll: int) -> None:
    for i in range(1000):
        state = seed_state(i)
        if next_below(state, 12)[1] + 1 == roll:
            s.rng = state
            return
    raise AssertionError(f"no generator state rolls {roll}")


def succeed(s, p: int):
    steer(s, 0.9999, 1.0)
    return s.apply(p)


def fail_rocks(s, p: int):
    rock, _ = rules.failure_chances(s, p, s.cur)
    assert rock > 0
    steer(s, 0.0, rock)
    return s.apply(p)


def top_piece(s, spot: int) -> int:
    return s.stacks[spot][-1]


def body_piece_on_top(s, spot_filter=lambda spot: True) -> int:
    """A face-up body-part tile (not an event) on top of a stack, so that excavating it has no effect."""
    for spot, stack in enumerate(s.stacks):
        if stack and spot_filter(spot) and C.kind_part[s.kind[stack[-1]]] != EVENT:
            return stack[-1]
    raise AssertionError("no such tile")


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
    """Designed: 2-4 players (GAPS.md 1.1)."""
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
    p = body_piece_on_top(s)
    events = succeed(s, p)
    assert s.owner[p] == 0 and p not in s.pile
    assert events[0].kind == "excavated" and events[0].detail["piece"] == p
    assert sum(1 for o in s.owner if o >= 0) == 1


def test_failure_gives_a_bone_and_no_tile():
    """'They cannot get any dinosaur tile this turn but receive one small bone token instead.'"""
    s = new()
    p = top_piece(s, next(spot for spot, r in enumerate(s.base_rocks) if r))
    pile_before = list(s.pile)
    fail_rocks(s, p)
    assert s.bones[0] == 3 and s.supply == 32 - 6 - 1
    assert s.pile == pile_before and all(o < 0 for o in s.owner)


def test_rocks_are_restacked_after_a_collapse():
    """'Then stack up the collapsed rock pieces again on the base tiles': the bases keep their rocks and
    the pile is as it was."""
    s = new()
    p = top_piece(s, next(spot for spot, r in enumerate(s.base_rocks) if r))
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
    failed = next(e for e in events if e.kind == "excavation-failed")
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
    give(s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1))
    p = top_piece(s, next(spot for spot, r in enumerate(s.base_rocks) if r))
    fail_rocks(s, p)
    assert s.current_player == 0 and s.phase == rules.RESTORE
    assert PASS in s.legal_actions() and len(s.legal_actions()) == 2


def test_more_weight_makes_an_excavation_riskier():
    """Excavation model (GAPS.md 1.2): the chance of success falls with the tiles resting on the chosen
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
    """Designed option `shaky_stacks`: 'Stacks may get shakier as the game goes' (GAPS.md 1.2)."""
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
    p = body_piece_on_top(s, lambda spot: not s.base_rocks[spot] and not C.spot_edge[spot])  # fails only on a 1
    trial = s.clone()
    steer_die(trial, 1)
    events = trial.apply(p)
    assert events[0].kind == "excavation-failed" and events[0].detail["roll"] == 1
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
    mine = give(s, 0, kind("red", "head"))[0]
    theirs = give(s, 1, kind("pink", "tail"))[0]
    restore_directly(
        s, 1, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1)
    )
    restore_directly(
        s, 0, kind("brown", "head"), kind("brown", "tail"), kind("brown", "leg", 0), kind("brown", "leg", 1)
    )
    exchange = piece(s, event_kind("exchange"))
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
    events = succeed(s, piece(s, event_kind("exchange")))
    assert "exchange-skipped" in kinds_of(events)
    assert s.current_player == 1 and s.phase == rules.EXCAVATE and s.owner.count(0) == 1


def test_shovel_excavates_again():
    """'Shovel icon: Immediately 1. Excavating a fossil tile (Mandatory) one more time.'"""
    s = new()
    succeed(s, piece(s, event_kind("shovel")))
    assert s.current_player == 0 and s.phase == rules.EXCAVATE
    p = body_piece_on_top(s)
    succeed(s, p)
    assert s.owner[p] == 0 and s.current_player == 1


def test_bone_pile_takes_one_bone_from_each_other_player_who_has_any():
    """'Bone pile icon: Immediately receive 1 small bone token from each other player. You will not be
    able to get one from a player who does not have any small bone token.'"""
    s = new(4)
    set_bones(s, [2, 0, 3, 1])
    events = succeed(s, piece(s, event_kind("bone_pile")))
    assert s.bones == [4, 0, 2, 0]
    assert next(e for e in events if e.kind == "bones-taken").detail["from"] == [2, 3]


def test_bone_pile_takes_from_every_other_player_the_next_one_included():
    """My Funny Dinos rulebook, Event tiles: 'Bone pile icon: Immediately receive 1 small bone token from
    each other player.' Every other seat has bones here, the one right after the current player too (a loop
    that skipped it, or the last seat, would take fewer)."""
    s = new(4)
    set_bones(s, [0, 1, 1, 2])
    events = succeed(s, piece(s, event_kind("bone_pile")))
    assert s.bones == [3, 0, 0, 1]
    assert next(e for e in events if e.kind == "bones-taken").detail["from"] == [1, 2, 3]


def test_two_event_is_worth_two_points_others_one():
    """'Circled "2" icon: At the end of the game, get 2 points (All the other event tiles worth 1 point
    each).'"""
    s = new(2)
    s.missions = (4, 5, 6)  # red missions only, so that no black mission adds points
    s.mission_owner = [-1, -1, -1]
    give(s, 0, event_kind("two"))
    give(s, 1, event_kind("shovel"))
    rows = s.outcome()["breakdown"]
    assert rows[0]["tiles"] == 2 and rows[1]["tiles"] == 1


# -------------------------------------------------------------------------------------------- restore
def complete_set(s, seat, colours=("green", "green", "green", "green")):
    head, tail, leg1, leg2 = colours
    return give(
        s,
        seat,
        kind(head, "head"),
        kind(tail, "tail"),
        kind(leg1, "leg", 0),
        kind(leg2, "leg", 1 if leg2 == leg1 else 0),
    )


def restore_now(s, pieces):
    """Plays the restoration of exactly these tiles (head, tail, two legs) from the RESTORE phase; a
    choice with one option resolves itself, every other must be on offer."""
    head, tail, *legs = pieces
    for p in (head, tail, *sorted(legs)):
        if s.dinos and p in s.dinos[-1].pieces or p in s.picks:
            continue  # the engine took it as the only option
        assert PICK + p in s.legal_actions(), f"tile #{p} is not on offer"
        s.apply(PICK + p)
    assert s.dinos and sorted(s.dinos[-1].pieces) == sorted(pieces)


def to_restore_phase(s):
    """Ends the current excavation with a failure (no tile changes hands), reaching RESTORE."""
    fail_rocks(s, s.pile[0])
    assert s.phase == rules.RESTORE


def test_restoring_needs_head_tail_and_two_legs_and_no_event_tiles():
    """'The player needs 1 head tile, 1 tail tile, and 2 legs tiles to restore. Special tiles cannot be
    used for restoration.'"""
    s = new()
    give(s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), event_kind("two"))
    p = next(q for q in s.pile if C.kind_part[s.kind[q]] in (HEAD, TAIL))
    succeed(s, p)
    assert s.current_player == 1 and not s.dinos  # one leg only: nothing to restore, the turn ended
    s2 = new()
    pieces = complete_set(s2, 0)
    special = give(s2, 0, event_kind("two"))[0]
    to_restore_phase(s2)
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
    to_restore_phase(s)
    restore_now(s, pieces)
    assert len(s.dinos) == 1 and s.dinos[0].value == value
    assert s.outcome()["breakdown"][0]["dinosaurs"] == value
    assert all(s.restored[p] for p in pieces)


def test_only_one_dinosaur_a_turn():
    """'The player can only restore one dinosaur per turn.'"""
    s = new()
    first = complete_set(s, 0)
    second = give(s, 0, kind("red", "head"), kind("red", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    to_restore_phase(s)
    restore_now(s, first)
    assert len(s.dinos) == 1 and s.current_player == 1
    assert not any(s.restored[p] for p in second)


def test_restored_dinosaurs_never_break_up():
    """'The player cannot decompose the restored dinosaurs': restored tiles are never offered again."""
    s = new()
    pieces = complete_set(s, 0)
    to_restore_phase(s)
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
    sixth = give(
        s, 2, kind("purple", "head"), kind("purple", "tail"), kind("purple", "leg", 0), kind("purple", "leg", 1)
    )
    fifth = complete_set(s, 1)
    for colour in ("red", "blue", "pink", "brown"):
        restore_directly(
            s, 2, kind(colour, "head"), kind(colour, "tail"), kind(colour, "leg", 0), kind(colour, "leg", 1)
        )
    succeed(s, body_piece_on_top(s))  # seat 0 takes its turn without restoring
    if s.phase == rules.RESTORE:
        s.apply(PASS)
    assert s.current_player == 1
    to_restore_phase(s)
    restore_now(s, fifth)
    assert len(s.dinos) == 5 and s.final_round and not s.is_over
    assert s.current_player == 2  # the round goes on to the player before the amber token
    to_restore_phase(s)
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
    fifth = give(
        s, 2, kind("purple", "head"), kind("purple", "tail"), kind("purple", "leg", 0), kind("purple", "leg", 1)
    )
    for colour in ("red", "blue", "pink"):
        restore_directly(
            s, 0, kind(colour, "head"), kind(colour, "tail"), kind(colour, "leg", 0), kind(colour, "leg", 1)
        )
    s.cur = 1
    refresh(s)
    to_restore_phase(s)
    restore_now(s, fourth)
    assert len(s.dinos) == 4 and not s.final_round
    assert s.current_player == 2
    to_restore_phase(s)
    s.apply(PASS)  # seat 2 keeps its set for now; the round passes the amber token and the game goes on
    assert not s.is_over and s.current_player == 0
    succeed(s, body_piece_on_top(s))
    if s.phase == rules.RESTORE:
        s.apply(PASS)
    s.cur, s.phase = 2, rules.EXCAVATE
    refresh(s)
    to_restore_phase(s)
    restore_now(s, fifth)
    assert len(s.dinos) == 5 and s.final_round


def test_pile_running_out_ends_the_game_at_the_end_of_the_round():
    """Designed: if the pile runs out before five dinosaurs are restored, the round is finished and the
    game ends."""
    s = new(3)
    last = s.pile[0]
    for p in list(s.pile):
        if p != last:
            give(s, 2, s.kind[p])
    s.cur = 1
    refresh(s)
    succeed(s, last)
    # Seat 2 has no tile to excavate: it may only restore (it holds enough) or end its turn.
    assert not s.is_over and s.current_player == 2 and s.phase == rules.RESTORE
    s.apply(PASS)
    assert s.is_over


def test_empty_bone_supply_gives_nothing_on_failure():
    """Designed: 'If the supply is empty, a failed excavation gives nothing.'"""
    s = new(2)
    s.supply = 0
    s.bones = [16, 16]
    refresh(s)
    p = top_piece(s, next(spot for spot, r in enumerate(s.base_rocks) if r))
    events = fail_rocks(s, p)
    assert s.bones == [16, 16] and events[0].detail["bone"] is False


# -------------------------------------------------------------------------------------------- scoring
def test_rulebook_scoring_example_is_23_points():
    """The rulebook's scoring example: a one-colour dinosaur (10), a mixed one (6), remaining tiles
    '1 point + 2 points', three bone tokens (1 point) and a red mission tile (3): 'Total: 23 points.'"""
    s = new(2)
    s.missions = (4, 5, 6)
    s.mission_owner = [0, -1, -1]
    restore_directly(
        s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1)
    )
    restore_directly(s, 0, kind("red", "head"), kind("blue", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    give(s, 0, kind("pink", "head"), event_kind("two"))
    set_bones(s, [3, 2])
    row = s.outcome()["breakdown"][0]
    assert (row["dinosaurs"], row["tiles"], row["bones"], row["missions"]) == (16, 3, 1, 3)
    assert s.scores()[0] == 23


def test_bones_score_one_point_per_two():
    """'Small bone token: 1 point per 2 tokens. (0 point if you have only 1 token.)'"""
    s = new(4)
    set_bones(s, [1, 2, 5, 0])
    assert [row["bones"] for row in s.outcome()["breakdown"]] == [0, 1, 2, 0]


def test_black_missions_score_most_tiles_of_their_colour_at_the_end():
    """'Black border tiles: Get the tile and points at the end of the game.' 'Player with the most
    specific color dinosaur tiles at the end of the game. Note: Event tiles also count as their colors.'
    Designed: restored tiles count; every tied player scores; nobody if no one has the colour."""
    s = new(3)
    s.missions = (0, 1, 4)  # most yellow, most green, a red mission
    s.mission_owner = [-1, -1, -1]
    yellow_event = next(k for k in range(40) if C.kind_part[k] == EVENT and C.colours[C.kind_colour[k]] == "yellow")
    give(s, 0, kind("yellow", "head"))
    give(s, 1, yellow_event, kind("yellow", "leg", 0))  # the event tile counts as yellow
    rows = s.outcome()["breakdown"]
    assert "most-yellow" in rows[1]["mission_tiles"] and "most-yellow" not in rows[0]["mission_tiles"]
    assert not any("most-green" in r["mission_tiles"] for r in rows)  # nobody has green
    give(s, 0, kind("yellow", "tail"))
    rows = s.outcome()["breakdown"]
    assert "most-yellow" in rows[0]["mission_tiles"] and "most-yellow" in rows[1]["mission_tiles"]
    restore_directly(
        s, 2, kind("green", "head"), kind("green", "tail"), kind("yellow", "leg", 1), kind("green", "leg", 0)
    )
    rows = s.outcome()["breakdown"]
    assert "most-green" in rows[2]["mission_tiles"]


def test_a_seat_scores_every_mission_tile_it_holds():
    """My Funny Dinos rulebook, Scoring: '4. Points shown on the acquired mission tiles': all of them. Seat 0
    leads yellow and green (two black missions, 2 points each) and took the red one (3 points): 7."""
    s = new(2)
    s.missions = (0, 1, 4)  # most yellow, most green, four-colour dinosaur
    s.mission_owner = [-1, -1, 0]
    give(s, 0, kind("yellow", "head"), kind("green", "head"))
    set_bones(s, [0, 0])
    rows = s.outcome()["breakdown"]
    assert sorted(rows[0]["mission_tiles"]) == ["four-colour-dinosaur", "most-green", "most-yellow"]
    assert rows[0]["missions"] == 2 + 2 + 3 and rows[1]["missions"] == 0
    assert s.scores()[0] == 2 + 7  # and the two loose tiles


def test_red_mission_six_bones_is_taken_at_once_by_the_first():
    """'Red border tiles: Immediately get the tile and points when the condition satisfied.' 'Own 6 small
    bone tokens.' Once taken, no one else can score it."""
    s = new(2)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    s.red_open = (0, 1, 2)
    set_bones(s, [5, 2])
    p = top_piece(s, next(spot for spot, r in enumerate(s.base_rocks) if r))
    events = fail_rocks(s, p)
    assert s.mission_owner[1] == 0 and any(e.kind == "mission-taken" for e in events)
    set_bones(s, [1, 8])
    rules._check_red_missions(s, [])
    assert s.mission_owner[1] == 0  # kept, although seat 0 now has fewer bones
    assert s.outcome()["breakdown"][0]["missions"] == 3


def test_red_mission_three_special_tiles():
    """'Acquire 3 special tiles.' Designed: owning three event tiles at once."""
    s = new(2)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    s.red_open = (0, 1, 2)
    give(s, 0, event_kind("two", 0), event_kind("two", 1))
    refresh(s)
    events = succeed(s, piece(s, event_kind("shovel")))
    assert s.mission_owner[2] == 0 and any(e.kind == "mission-taken" for e in events)


def test_red_mission_four_colour_dinosaur():
    """'Restoring a dinosaur with four color tiles.'"""
    s = new(2)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    s.red_open = (0, 1, 2)
    three = complete_set(s, 0, ("green", "green", "red", "blue"))
    to_restore_phase(s)
    restore_now(s, three)
    assert s.mission_owner[0] == -1  # three colours are not four
    s.cur = 0
    s.phase = rules.EXCAVATE
    refresh(s)
    four = complete_set(s, 0, ("pink", "brown", "purple", "yellow"))
    to_restore_phase(s)
    restore_now(s, four)
    assert s.mission_owner[0] == 0 and s.dinos[-1].value == 6


def test_red_missions_met_at_once_go_to_the_player_whose_turn_it_is():
    """Designed: if several players meet a red mission at the same moment, the current player first."""
    s = new(3)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    s.red_open = (0, 1, 2)
    s.cur = 2
    set_bones(s, [6, 0, 6])
    rules._check_red_missions(s, [])
    assert s.mission_owner[1] == 2


def test_ties_broken_by_tiles_then_bones():
    """'In case of tie, the player with most total number of dinosaur tiles among the tied players wins.
    If still tied, the player with the most number of small bone tokens wins.'"""
    s = new(3)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    set_bones(s, [0, 1, 0])  # bones worth 0 points each
    give(s, 0, event_kind("two", 0))  # 2 points, 1 tile
    give(s, 1, kind("red", "head"), kind("blue", "head"))  # 2 points, 2 tiles
    give(s, 2, kind("pink", "head"), kind("green", "head"))  # 2 points, 2 tiles
    assert s.scores() == [2, 2, 2]
    assert s.winners() == [1]  # as many tiles as seat 2, one bone more
    set_bones(s, [0, 1, 1])
    assert s.winners() == [1, 2]  # still tied: both share the win


def _tied(bones: list[int], ones: list[int], twos: list[int], restorer: int = -1):
    """Three seats, red missions only (none taken): each seat's bone tokens, its loose 1-point tiles, its '2'
    event tiles (2 points, 1 tile each), and for the `restorer` one mixed dinosaur (6 points, 4 tiles)."""
    s = new(3)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    mixed = (kind("red", "head"), kind("blue", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    if restorer >= 0:
        restore_directly(s, restorer, *mixed)
    singles = [kind(colour, part) for part in ("head", "tail") for colour in C.colours]
    singles = [k for k in singles if k not in mixed]
    events = [event_kind("two", i) for i in range(sum(twos))]
    for seat in range(3):
        give(s, seat, *(singles.pop() for _ in range(ones[seat])), *(events.pop() for _ in range(twos[seat])))
    set_bones(s, bones)
    return s


def test_tie_on_points_goes_to_most_dinosaur_tiles_though_the_other_has_more_bones():
    """My Funny Dinos rulebook, V. Game End: 'In case of tie, the player with most total number of dinosaur
    tiles among the tied players wins.' The tiles come before the bones: a tied player with more tiles wins
    against one with more bone tokens (the bones here worth the same points)."""
    s = _tied(bones=[0, 1, 0], ones=[3, 1, 0], twos=[0, 1, 0])
    assert s.scores() == [3, 3, 0]
    assert s.winners() == [0]  # 3 tiles against 2: seat 1's extra bone is not looked at


def test_tie_on_points_and_tiles_goes_to_most_bones_among_those_still_tied():
    """My Funny Dinos rulebook, V. Game End: '... the player with most total number of dinosaur tiles among
    the tied players wins. If still tied, the player with the most number of small bone tokens wins.' The
    bones decide only between the players still tied after the tiles: seat 2 has the most bones of all but
    a tile fewer, so it is out before the bones are counted."""
    s = _tied(bones=[2, 3, 5], ones=[3, 3, 2], twos=[0, 0, 0])
    assert s.scores() == [4, 4, 4]
    assert s.winners() == [1]


def test_restored_tiles_count_in_the_tie_break_total():
    """My Funny Dinos rulebook, V. Game End: 'the player with most total number of dinosaur tiles': the total
    counts the tiles in restored dinosaurs too (they score as the dinosaur, not as tiles, but are still the
    player's dinosaur tiles). Seat 0: a mixed dinosaur (6) and 2 tiles, 6 tiles in all; seat 1: two '2'
    tiles, 3 tiles and 2 bones (1 point), 5 tiles in all."""
    s = _tied(bones=[0, 2, 0], ones=[2, 3, 0], twos=[0, 2, 0], restorer=0)
    assert s.scores() == [8, 8, 0]
    assert s.winners() == [0]


# ------------------------------------------------------------------------------------ hidden information
def test_buried_tiles_are_hidden_in_every_view():
    """GAPS.md 1.2: 'fully buried tiles are unknown until pulled'; the tile under the top one shows only
    its colour ribbon."""
    s = new(3, 8)
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        for spot in view["pile"]:
            tiles = spot["tiles"]
            if not tiles:
                continue
            assert {"colour", "part"} <= set(tiles[-1])
            if len(tiles) > 1:
                assert "colour" in tiles[-2] and "part" not in tiles[-2]
            for t in tiles[:-2]:
                assert set(t) == {"tile"}


def test_determinize_redeals_buried_tiles_and_keeps_what_shows():
    """determinize(seat, seed) re-deals the buried tiles among themselves, keeps the colour of a tile whose
    ribbon shows, and keeps every face-up and owned tile."""
    s = new(3, 8)
    succeed(s, body_piece_on_top(s))
    buried = [p for p in s.pile if s.known[p] == 0]
    ribbon = [p for p in s.pile if s.known[p] == 1]
    seen = {p for p in range(40) if s.owner[p] >= 0 or s.known[p] == FULLY_KNOWN}
    changed = 0
    for seed in range(20):
        d = s.determinize(1, seed)
        assert all(d.kind[p] == s.kind[p] for p in seen)
        assert all(C.kind_colour[d.kind[p]] == C.kind_colour[s.kind[p]] for p in ribbon)
        assert sorted(d.kind[p] for p in buried + ribbon) == sorted(s.kind[p] for p in buried + ribbon)
        changed += any(d.kind[p] != s.kind[p] for p in buried)
        assert d.rng != s.rng
    assert changed >= 15


def test_what_was_once_seen_stays_known():
    """Designed: a tile once seen stays known when tiles fall on it again."""
    s = new(3, 8)
    top = s.stacks[C.centre][-1]
    assert s.known[top] == FULLY_KNOWN
    edge_spot = next(spot for spot in range(C.num_spots) if C.spot_edge[spot])
    p = s.stacks[edge_spot][-1]
    rock, edge = rules.failure_chances(s, p, 0)
    steer(s, rock + 1e-9, rock + (1 - rock) * edge)
    s.apply(p)
    assert s.stacks[C.centre][-1] == p and s.known[top] == FULLY_KNOWN
    assert "part" in next(t for t in s.view(0)["pile"][C.centre]["tiles"] if t["tile"] == top)


def test_action_text_never_names_a_buried_tile():
    """A buried tile's action text says only what the table shows."""
    s = new(3, 8)
    for p in s.pile:
        text = s.action_text(p)
        if s.known[p] == 0:
            assert "buried tile" in text and C.kind_name(s.kind[p]) not in text
        elif s.known[p] == FULLY_KNOWN:
            assert C.kind_name(s.kind[p]) in text
    # Ending the turn has its text where it is on offer: after an excavation, with a set to restore.
    s = new()
    complete_set(s, s.cur)
    to_restore_phase(s)
    assert PASS in s.legal_actions() and "end the turn" in s.action_text(PASS)


def test_illegal_actions_are_refused_with_the_reason():
    """An illegal id raises IllegalAction naming it and the phase, and changes nothing."""
    s = new()
    snapshot = s.clone()
    with pytest.raises(dinotable.IllegalAction, match="80 is not legal now"):
        s.apply(PASS)
    assert s == snapshot


def test_restoration_choices_are_the_seats_loose_parts():
    """The legal restoration choices are the seat's loose heads (or ending the turn), then its tails, then
    each pair of its legs once (the lower-numbered leg first)."""
    s = new()
    pieces = give(
        s,
        0,
        kind("green", "head"),
        kind("red", "head"),
        kind("green", "tail"),
        kind("green", "leg", 0),
        kind("green", "leg", 1),
        kind("red", "leg", 0),
    )
    to_restore_phase(s)
    heads = sorted(PICK + p for p in pieces if C.kind_part[s.kind[p]] == HEAD)
    legs = sorted(p for p in pieces if C.kind_part[s.kind[p]] == LEG)
    assert s.legal_actions() == heads + [PASS]
    s.apply(heads[0])  # the only tail resolves itself
    assert s.phase == rules.LEG1_STEP
    assert s.legal_actions() == [PICK + legs[0], PICK + legs[1]]
    s.apply(PICK + legs[0])
    assert s.legal_actions() == [PICK + legs[1], PICK + legs[2]]
    s.apply(PICK + legs[2])
    assert len(s.dinos) == 1 and sorted(s.dinos[0].pieces[2:]) == [legs[0], legs[2]]


def test_view_shows_mission_takers_and_black_mission_leaders():
    """The table shows who took each red mission and who leads each black mission's colour now."""
    s = new(3)
    s.missions = (0, 5, 6)  # most yellow, six bones, three special tiles
    s.mission_owner = [-1, 2, -1]
    s.red_open = (2,)
    give(s, 1, kind("yellow", "head"))
    owners = {m["id"]: m["owners"] for m in s.view(0)["missions"]}
    assert owners == {"most-yellow": [1], "six-bones": [2], "three-special-tiles": []}
    assert "led by player 2" in GAME.board_text(s, 0) and "taken by player 3" in GAME.board_text(s, 0)


def test_excavations_are_presented_face_up_first():
    """Terminal play lists the face-up tiles first, then deeper ones, each depth by spot; the set of
    actions is exactly the legal one."""
    s = new(3, 5)
    shown = GAME.present_actions(s, s.legal_actions())
    assert sorted(shown) == s.legal_actions()
    depths = [rules.tiles_above(s, p) for p in shown]
    assert depths == sorted(depths) and depths[0] == 0
    assert "on top" in s.action_text(shown[0]) and "under" in s.action_text(shown[-1])


def test_colour_names_have_terminal_styles():
    """Every tile colour has a terminal style (presentation data in content.toml)."""
    assert set(GAME.text_styles) == set(C.colours)


@pytest.mark.parametrize("agent_seed", range(8))
def test_greedy_restores_the_single_colour_dinosaur_it_holds(agent_seed):
    """The greedy agent values each restoration choice by the best dinosaur it can still become, so it
    never splits a one-colour set for a mixed one (here: yellow head, tail and legs, and a blue leg)."""
    from dinotable.agents import Observation, make_agent

    # A deal where some other leg is numbered above both yellow legs, so that a careless first leg leaves
    # only the mixed pair.
    other_legs = [k for k in range(40) if C.kind_part[k] == LEG and C.colours[C.kind_colour[k]] != "yellow"]
    for seed in range(100):
        s = new(2, seed)
        odd = max(other_legs, key=lambda k: piece(s, k))
        if piece(s, odd) > max(piece(s, kind("yellow", "leg", i)) for i in (0, 1)):
            break
    give(s, 0, kind("yellow", "head"), kind("yellow", "tail"), kind("yellow", "leg", 0), kind("yellow", "leg", 1))
    give(s, 0, odd)
    to_restore_phase(s)
    agent = make_agent("greedy", GAME, agent_seed)
    while s.current_player == 0:
        s.apply(agent.act(Observation(s, 0, len(s.history))))
    assert len(s.dinos) == 1 and s.dinos[0].value == 10


# --------------------------------------------------------------------------------- designed edge cases
def test_shovels_chain():
    """Designed `shovels-chain`: a shovel found by a shovel's extra excavation gives one more."""
    s = new()
    first, second = piece(s, event_kind("shovel", 0)), piece(s, event_kind("shovel", 1))
    succeed(s, first)
    succeed(s, second)
    assert s.current_player == 0 and s.phase == rules.EXCAVATE
    succeed(s, body_piece_on_top(s))
    assert s.current_player == 1 and sum(1 for o in s.owner if o == 0) == 3


def test_a_failed_shovel_excavation_keeps_the_tiles_won_before():
    """Designed `failed-shovel-excavation`: 'They cannot get any dinosaur tile this turn' applies to the
    failed excavation; the shovel tile won first is kept, and a bone is taken."""
    s = new()
    shovel = piece(s, event_kind("shovel"))
    succeed(s, shovel)
    events = fail_rocks(s, s.pile[0])
    assert events[0].kind == "excavation-failed"
    assert s.owner[shovel] == 0 and s.bones[0] == 3 and s.current_player == 1


def test_a_shovel_on_the_last_tile_gives_no_excavation():
    """Designed `shovel-empty-pile`: a shovel's extra excavation is skipped if the pile is empty."""
    s = new(3)
    shovel = piece(s, event_kind("shovel"))
    for p in list(s.pile):
        if p != shovel:
            give(s, 2, s.kind[p])
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
    s.cur = 1
    refresh(s)
    to_restore_phase(s)
    restore_now(s, set_)
    assert s.is_over and s.current_player is None


def test_an_event_tile_gained_by_exchange_does_not_act():
    """'The player who excavates event tile use its effect immediately': a shovel received through an
    exchange gives no excavation, and a bone pile given away takes no bones."""
    s = new(3)
    shovel = give(s, 1, event_kind("shovel"))[0]
    set_bones(s, [2, 2, 2])
    exchange = piece(s, event_kind("exchange"))
    succeed(s, exchange)  # the only tile to give (this one) and to take (the shovel) resolve themselves
    assert s.owner[shovel] == 0 and s.owner[exchange] == 1
    assert s.current_player == 1 and s.bones == [2, 2, 2]


def test_a_red_mission_can_go_to_another_seat_through_an_exchange():
    """Red missions are checked after every step for every seat: giving the exchange tile to a player who
    holds two event tiles makes them meet 'Acquire 3 special tiles' at once."""
    s = new(3)
    s.missions = (4, 5, 6)
    s.mission_owner = [-1, -1, -1]
    s.red_open = (0, 1, 2)
    head = give(s, 1, event_kind("two", 0), event_kind("two", 1), kind("red", "head"))[2]
    exchange = piece(s, event_kind("exchange"))
    succeed(s, exchange)  # seat 0 gives its only tile, the exchange tile itself
    events = s.apply(PICK + head)
    assert s.owner[exchange] == 1 and s.owner[head] == 0
    assert s.mission_owner[2] == 1
    assert any(e.kind == "mission-taken" and e.seat == 1 for e in events)


def test_heuristic_value_prefers_the_seat_ahead():
    """The game's evaluation (for search agents) is the seat's prospects minus the best opponent's."""
    s = new(2)
    give(s, 0, kind("green", "head"), kind("green", "tail"), kind("green", "leg", 0), kind("green", "leg", 1))
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
    give(s, 0, kind("red", "head"))  # another seat's tiles change nothing
    s.cur = seat
    refresh(s)
    to_restore_phase(s)
    assert s.current_player == seat and PICK + pieces[0] in s.legal_actions()
    restore_now(s, pieces)
    assert [d.seat for d in s.dinos] == [seat]
