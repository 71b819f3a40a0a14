"""My Funny Dinos at a table of people: the score if the game ended now (`score_now`), why a tile or a spot
cannot be chosen (`targets`, `unavailable`), How to play, the status in words, the options' names, and plain
words in every text a page shows. Positions are built with the game's test builders
(dinotable.games.my_funny_dinos.testing); the rulebook is quoted in the docstrings."""

import random
import re

import pytest

import dinotable
from dinotable.core.errors import ContentError
from dinotable.games.my_funny_dinos.content import HOW_TO_PLAY_PATH, RULEBOOK_SECTIONS, load_how_to_play
from dinotable.games.my_funny_dinos.rules import (
    EXCAVATE,
    GIVE,
    LEG1_STEP,
    LEG2_STEP,
    NOBODY,
    PICK,
    RESTORE,
    TAIL_STEP,
    TAKE,
    loose_tiles,
)
from dinotable.games.my_funny_dinos.testing import (
    complete_set,
    event_kind,
    give_tiles,
    kind,
    new,
    reopen,
    restore_directly,
    set_bones,
    set_missions,
    start_turn,
    to_exchange,
    to_restore,
)

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content
MISSION = {m.id: i for i, m in enumerate(C.missions)}


def name(s, p) -> str:
    return C.tile_words(s.kind[p])


# ------------------------------------------------------------------------------------------ score now
def scored_position():
    """Three seats: seat 0 a yellow dinosaur and 3 bones, leading Most yellow tiles; seat 1 the yellow
    circled 2 tile and a green leg; seat 2 a mixed dinosaur, a green head, 6 bones and Six bone tokens
    taken; seats 1 and 2 tied on green."""
    s = new(3, 1)
    set_missions(s, (MISSION["most-yellow"], MISSION["most-green"], MISSION["six-bones"]), [NOBODY, NOBODY, 2])
    yellow = [kind("yellow", "head"), kind("yellow", "tail"), kind("yellow", "leg", 0), kind("yellow", "leg", 1)]
    restore_directly(s, 0, *yellow)
    give_tiles(s, 1, event_kind("two"), kind("green", "leg"))
    restore_directly(s, 2, kind("red", "head"), kind("blue", "tail"), kind("red", "leg"), kind("pink", "leg"))
    give_tiles(s, 2, kind("green", "head"))
    set_bones(s, [3, 0, 6])
    return s


def test_score_now_counts_each_part_of_the_rulebooks_scoring():
    """Rulebook, V. Game End, Scoring: '1. Restored dinosaurs (one color 10, two or more 6) 2. Remaining
    dinosaur tiles: 1 point each (including special tiles) 3. Small bone token: 1 point per 2 tokens
    4. Points shown on the acquired mission tiles'; circled 2: 2 points. Each mission on the table is a
    part, the same in every row: its points go to the seat that took it (red) or leads it now (black; tied
    seats all score it, designed `black-mission-ties`)."""
    s = scored_position()
    rows = s.score_now(0)
    names = [
        "Restored dinosaurs",
        "Remaining dinosaur tiles",
        "Small bone tokens (1 point per 2)",
        "Mission tile: Most yellow tiles (led now)",
        "Mission tile: Most green tiles (led now)",
        "Mission tile: Six bone tokens",
    ]
    assert all([p["name"] for p in row["parts"]] == names for row in rows)
    assert [[p["points"] for p in row["parts"]] for row in rows] == [
        [10, 0, 1, 2, 0, 0],
        [0, 3, 0, 0, 2, 0],
        [6, 1, 3, 0, 2, 3],
    ]
    assert [row["total"] for row in rows] == [13, 5, 15] == s.scores()
    assert [row["seat"] for row in rows] == [0, 1, 2] and {row["unit"] for row in rows} == {"points"}
    assert [row["missions"] for row in s.outcome()["breakdown"]] == [2, 2, 5]  # as the breakdown counts them


def test_score_now_hides_nothing_every_viewer_reads_the_same():
    """Nothing that scores is hidden: the tiles in front of the players lie face up, bones and missions are
    on the table, and a tile in the pile scores for nobody. Every seat and a spectator read the same rows."""
    s = scored_position()
    rows = s.score_now(None)
    assert all(s.score_now(seat) == rows for seat in range(3))
    assert not any(row["hidden"] for row in rows)
    assert all(part["points"] is not None for row in rows for part in row["parts"])


def test_a_mission_nobody_holds_scores_nobody():
    """A red mission nobody met and a black one whose colour nobody owns: 0 for every seat."""
    s = new(2, 2)
    set_missions(s, (MISSION["most-red"], MISSION["four-colour-dinosaur"], MISSION["six-bones"]))
    for row in s.score_now(1):
        assert [(p["name"], p["points"]) for p in row["parts"][3:]] == [
            ("Mission tile: Most red tiles (led now)", 0),
            ("Mission tile: Four-colour dinosaur", 0),
            ("Mission tile: Six bone tokens", 0),
        ]


@pytest.mark.parametrize("seed", [3, 4])
def test_score_now_at_the_end_is_the_final_score(seed):
    """Once the game is over the rows are scores(); a black mission is scored, no longer led 'now'."""
    s = GAME.new_game(3, seed, {})
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    rows = s.score_now(None)
    assert [row["total"] for row in rows] == s.scores()
    assert not any("now" in part["name"] for row in rows for part in row["parts"])


# ---------------------------------------------------------------------------------- targets, reasons
def reasons(s) -> dict:
    """The seat to move's reasons, by tile ("t12") or spot ("s7")."""
    return {
        ("t" if "tile" in e["target"] else "s") + str(next(iter(e["target"].values()))): e["reason"]
        for e in s.unavailable(s.current_player)
    }


def offered(s, target: dict) -> bool:
    return any(all(s.action_info(a).get(k) == v for k, v in target.items()) for a in s.legal_actions())


def test_excavating_every_spot_and_every_tile_of_the_pile_is_a_target():
    """Designed (`attempt-any-tile`): a player may attempt any tile in the pile, buried ones included; so
    every tile of the pile, and every spot that holds one, is on offer, and no reason is given."""
    s = new(3, 5)
    targets = s.targets()
    assert targets[: C.num_spots] == [{"spot": spot} for spot in range(C.num_spots)]
    assert sorted(t["tile"] for t in targets[C.num_spots :]) == list(range(40))
    assert all(offered(s, t) for t in targets) and s.unavailable(0) == []
    assert s.unavailable(1) == [] and s.unavailable(None) == []  # only the seat to move is told


def test_an_empty_spot_says_no_tile_is_left_there():
    """Nothing left to excavate at a spot: its reason; a spot that still holds a tile is on offer."""
    s = new(2, 6)
    spot = 7
    give_tiles(s, 1, *[s.kind[p] for p in s.stacks[spot]])
    start_turn(s, 0)
    assert reasons(s)[f"s{spot}"] == "Spot 7: no tile is left there"
    assert "s8" not in reasons(s) and offered(s, {"spot": 8})


def test_own_tiles_while_excavating_say_restoring_comes_after():
    """Rulebook, IV. How to Play: '1. Excavating a fossil tile (Mandatory) 2. Restoring dinosaur
    (Optional)': a head tapped while excavating is refused; once the excavation is done, it starts the
    dinosaur."""
    s = new(2, 7)
    head, *_ = complete_set(s, 0)
    assert s.phase == EXCAVATE
    assert reasons(s)[f"t{head}"] == "Your green head: restoring a dinosaur comes after the excavation"
    to_restore(s)
    assert offered(s, {"tile": head}) and f"t{head}" not in reasons(s)


def test_an_event_tile_while_excavating_says_it_acted_when_excavated():
    """Rulebook, Excavation Success: 'The player who excavates event tile use its effect immediately';
    in an exchange the same tile may be given ('You can exchange any dinosaur tile or event tile')."""
    s = new(2, 8)
    two = give_tiles(s, 0, event_kind("two"))[0]
    assert reasons(s)[f"t{two}"] == f"Your {name(s, two)}: an event tile acts once, as it is excavated"
    give_tiles(s, 1, kind("red", "head"))
    to_exchange(s)
    assert s.phase == GIVE and offered(s, {"tile": two})


def test_another_players_tile_changes_hands_only_through_an_exchange():
    """Rulebook, Exchange icon: 'Immediately exchange 1 dinosaur tile with another player': while
    excavating, another player's tile is refused; in the exchange, it may be taken."""
    s = new(2, 9)
    head = give_tiles(s, 1, kind("red", "head"), kind("red", "tail"))[0]
    assert reasons(s)[f"t{head}"] == (
        "Player 2's red head: another player's tile changes hands only through an exchange tile"
    )
    to_exchange(s)  # the exchange tile is seat 0's only tile: given at once
    assert s.phase == TAKE and offered(s, {"tile": head})


def test_a_restored_dinosaur_is_never_taken_apart():
    """Rulebook, Restoration Rules 5: 'The player cannot decompose the restored dinosaurs.' A loose head
    of the same colour is on offer."""
    s = new(2, 10)
    restore_directly(s, 0, kind("red", "head"), kind("red", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    head, *_ = complete_set(s, 0)
    restored = s.dinos[0].pieces[0]
    to_restore(s)
    assert reasons(s)[f"t{restored}"] == (
        "Your red head: it is part of a restored dinosaur, which cannot be taken apart"
    )
    assert offered(s, {"tile": head})


def test_parts_of_a_restored_dinosaur_cannot_be_exchanged():
    """Rulebook, Exchange icon: 'You cannot exchange parts from an already restored dinosaur.' Neither
    given nor taken; the loose tiles are."""
    s = new(2, 11)
    restore_directly(s, 0, kind("red", "head"), kind("red", "tail"), kind("red", "leg", 0), kind("red", "leg", 1))
    restore_directly(s, 1, kind("pink", "head"), kind("pink", "tail"), kind("pink", "leg", 0), kind("pink", "leg", 1))
    mine = give_tiles(s, 0, kind("green", "head"))[0]
    theirs = give_tiles(s, 1, kind("blue", "head"), kind("blue", "tail"))
    to_exchange(s)
    assert s.phase == GIVE
    why = reasons(s)
    assert why[f"t{s.dinos[0].pieces[1]}"] == "Your red tail: parts of a restored dinosaur cannot be exchanged"
    assert offered(s, {"tile": mine})
    s.apply(PICK + mine)
    assert s.phase == TAKE
    assert reasons(s)[f"t{s.dinos[1].pieces[0]}"] == (
        "Player 2's pink head: parts of a restored dinosaur cannot be exchanged"
    )
    assert offered(s, {"tile": theirs[0]})


def test_the_exchange_gives_first_then_takes_from_another_player():
    """Designed (`exchange-order`): first the tile you give, then the other player's tile you take.
    Giving, another player's tile is refused; taking, your own tiles are (the one given says so)."""
    s = new(2, 12)
    mine = give_tiles(s, 0, kind("green", "head"))[0]
    theirs = give_tiles(s, 1, kind("blue", "head"), kind("blue", "tail"))[0]
    exchange = to_exchange(s)
    assert s.phase == GIVE
    assert reasons(s)[f"t{theirs}"] == "Player 2's blue head: first choose the tile you give, one of your own"
    assert offered(s, {"tile": mine})
    s.apply(PICK + mine)
    why = reasons(s)
    assert why[f"t{mine}"] == "Your green head: it is the tile you give"
    assert why[f"t{exchange}"] == f"Your {name(s, exchange)}: the exchange takes a tile from another player"
    assert offered(s, {"tile": theirs})


def test_a_dinosaur_is_restored_from_the_players_own_tiles_and_never_an_event_tile():
    """Rulebook, 2. Restoring Dinosaur: 'using the collected tiles'; Restoration Rules 1: 'Special tiles
    cannot be used for restoration.'"""
    s = new(2, 13)
    head, *_ = complete_set(s, 0)
    two = give_tiles(s, 0, event_kind("two"))[0]
    theirs = give_tiles(s, 1, kind("red", "head"))[0]
    to_restore(s)
    why = reasons(s)
    assert why[f"t{theirs}"] == "Player 2's red head: a dinosaur is restored from your own tiles"
    assert why[f"t{two}"] == f"Your {name(s, two)}: event tiles cannot be used to restore a dinosaur"
    assert offered(s, {"tile": head})


def test_a_restoration_starts_with_the_head_then_asks_for_each_part():
    """Designed (`restoration-steps`): the head, then the tail, then the two legs. Before the head a tail
    is refused; at the tail, the head chosen and the legs are."""
    s = new(2, 14)
    head, tail, leg, _ = complete_set(s, 0)
    red_tail = give_tiles(s, 0, kind("red", "tail"))[0]
    to_restore(s)
    assert s.phase == RESTORE
    assert reasons(s)[f"t{tail}"] == "Your green tail: a restoration starts with the dinosaur's head"
    s.apply(PICK + head)
    assert s.phase == TAIL_STEP  # two tails: a choice
    why = reasons(s)
    assert why[f"t{head}"] == "Your green head: it is already chosen for this dinosaur"
    assert why[f"t{leg}"] == "Your green leg: the dinosaur needs its tail now"
    assert offered(s, {"tile": tail}) and offered(s, {"tile": red_tail})


def test_a_head_without_a_whole_set_says_what_a_restoration_needs():
    """Rulebook, Restoration Rules 1: 'The player needs 1 head tile, 1 tail tile, and 2 legs tiles to
    restore.' (Built: in play a decision with only 'end the turn' resolves itself.)"""
    s = new(2, 15)
    head = give_tiles(s, 0, kind("green", "head"))[0]
    s.phase, s.digs = RESTORE, 0
    reopen(s)
    assert reasons(s)[f"t{head}"] == "Your green head: restoring needs a head, a tail and two legs"
    complete_set(s, 0, ("red", "red", "red", "red"))
    assert offered(s, {"tile": head})


def test_the_legs_are_chosen_as_a_pair_in_a_set_order():
    """Designed (`restoration-steps`): the lower-numbered leg of a pair first, so each pair is one choice.
    The last of the player's legs cannot be the first; it is on offer as the second. Once a leg is chosen,
    a leg that could only have come first is refused; it was on offer as the first."""
    s = new(2, 16)
    head, _, *legs = complete_set(s, 0)
    legs += give_tiles(s, 0, kind("red", "leg", 0), kind("blue", "leg", 0))
    legs.sort()
    to_restore(s)
    s.apply(PICK + head)  # one tail: it resolves itself
    assert s.phase == LEG1_STEP
    assert reasons(s)[f"t{legs[-1]}"] == (
        f"Your {name(s, legs[-1])}: choose the first leg from your other legs; this one can then be the second"
    )
    assert offered(s, {"tile": legs[0]})
    s.apply(PICK + legs[1])
    assert s.phase == LEG2_STEP
    assert reasons(s)[f"t{legs[0]}"] == (
        f"Your {name(s, legs[0])}: with the leg already chosen, this one could only have been chosen as the first leg"
    )
    assert offered(s, {"tile": legs[-1]})


# -------------------------------------------------------------------------------------- how to play
def test_how_to_play_has_the_turn_the_end_and_the_scoring_each_citing_the_rulebook():
    """Every section cites a heading of the rulebook's table of contents, or says it is designed."""
    sections = GAME.how_to_play()
    titles = [section["title"] for section in sections]
    assert {"A turn", "The end of the game", "Scoring"} <= set(titles)
    for section in sections:
        assert set(section) == {"title", "text", "rulebook"} and section["text"]
        cite = section["rulebook"]
        assert cite == "designed" or (
            cite.startswith("My Funny Dinos rulebook, ")
            and set(cite.removeprefix("My Funny Dinos rulebook, ").split(", ")) <= set(RULEBOOK_SECTIONS)
        ), cite
    assert GAME.how_to_play() is not GAME.how_to_play()  # a copy: a caller cannot change the game's


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ('rulebook = "designed"', "section[0]: missing 'text'"),
        ('text = "x"\nrulebook = "My Funny Dinos rulebook, VI. Epilogue"', "section[0].rulebook: 'VI. Epilogue'"),
        ('text = "x"\nrulebook = "the box"', "section[0].rulebook: must be 'designed'"),
        ('text = "x"\nrulebook = "designed"\npicture = "x"', "section[0].picture: unknown key"),
    ],
)
def test_a_broken_how_to_play_file_is_refused_naming_the_file_and_key(tmp_path, broken, message):
    path = tmp_path / "how_to_play.toml"
    path.write_text(f'[[section]]\ntitle = "The aim"\n{broken}\n')
    with pytest.raises(ContentError, match=re.escape(f"how_to_play.toml: {message}")):
        load_how_to_play(path)


def test_the_how_to_play_file_is_the_one_the_game_reads():
    assert [dict(section) for section in load_how_to_play(HOW_TO_PLAY_PATH)] == GAME.how_to_play()


# ------------------------------------------------------------------------------------------- status
def test_the_status_says_the_round_whose_turn_and_the_dinosaurs_restored():
    s = new(3, 17)
    assert GAME.status_text(s, 0) == "Round 1: your turn, excavate a tile of the pile. 0 of 5 dinosaurs restored."
    assert GAME.status_text(s, 1) == "Round 1: player 1 excavates. 0 of 5 dinosaurs restored."
    assert GAME.status_text(s, None) == GAME.status_text(s, 2)
    head, *_ = complete_set(s, 0)
    to_restore(s)
    assert (
        GAME.status_text(s, 0) == "Round 1: your turn, restore a dinosaur, or end your turn. 0 of 5 dinosaurs restored."
    )
    assert GAME.status_text(s, 2) == "Round 1: player 1 may restore a dinosaur. 0 of 5 dinosaurs restored."


def test_the_status_in_the_last_round_and_at_the_end():
    """Rulebook, V. Game End: after the fifth dinosaur the round is played out up to the amber token."""
    s = new(2, 18)
    for colour in ("yellow", "blue", "red", "purple"):
        restore_directly(
            s, 1, *(kind(colour, part, n) for part, n in (("head", 0), ("tail", 0), ("leg", 0), ("leg", 1)))
        )
    head, *_ = complete_set(s, 0)
    to_restore(s)
    s.apply(PICK + head)  # the fifth dinosaur: player 2 still plays
    assert GAME.status_text(s, 1) == (
        "Round 1, the last: your turn, excavate a tile of the pile. 5 dinosaurs restored: the game ends before "
        "player 1, who holds the amber token, would play again."
    )
    rng = random.Random(1)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    winners = " and ".join(f"player {w + 1}" for w in s.winners())
    verb = "wins" if len(s.winners()) == 1 else "share the win"
    assert GAME.status_text(s, 0) == f"The game is over after 1 round: {winners} {verb}."


# --------------------------------------------------------------------------------------- plain words
NOT_PLAIN = re.compile(r"#\d|_|\(s\)|(?i:\ba [aeiou])|\bpts\b|part hidden|\bevent \(|\bdinos\b|[{}\[\]]|\bNone\b")


def plain(text: str, what: str) -> None:
    found = NOT_PLAIN.search(text)
    assert not found, f"{what} reads {text!r}: {found.group()!r}"


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize(
    "options", GAME.test_option_sets, ids=lambda o: "+".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_every_text_a_page_shows_is_in_plain_words(num_players, options):
    """Over seeded random games of every option set: every choice on offer, every event as each seat and a
    spectator read it, every status, reason and part of the score now, in words: no tile numbers, no
    internal names, no 'a' before a vowel, no terminal shorthand."""
    for seed in (1, 2):
        s = GAME.new_game(num_players, seed, options)
        rng = random.Random(seed)
        while True:
            for viewer in [None, *range(num_players)]:
                plain(GAME.status_text(s, viewer), "the status")
                for row in s.score_now(viewer):
                    for part in row["parts"]:
                        plain(part["name"], "a part of the score")
            if s.is_over:
                break
            for entry in s.unavailable(s.current_player):
                plain(entry["reason"], "a reason")
            legal = s.legal_actions()
            for a in legal:
                plain(s.action_text(a), "a choice")
            a = rng.choice(legal)
            for viewer in [None, *range(num_players)]:
                copy = s.clone()
                for e in GAME.events_for(copy.apply_told(a, viewer), viewer):
                    plain(GAME.event_text(copy, e), "an event")
            s.apply(a)


def test_the_options_have_their_names_and_help_in_sentences():
    """A lobby shows each option by its name, and help a player reads as a sentence."""
    for spec in GAME.option_specs:
        assert spec.label and spec.label[0].isupper() and "_" not in spec.label, spec.name
        assert spec.help[0].isupper() and spec.help.endswith("."), spec.help
        plain(spec.label + " " + spec.help, f"option {spec.name}")
    labels = {spec.name: spec.label for spec in GAME.option_specs}
    assert labels["rocks_per_base"] == "Rocks on each base tile"


def test_alike_tiles_read_first_and_second_so_no_two_choices_read_the_same():
    """Each colour has two legs (rulebook, I. Game Components: 16 leg tiles in 8 colours): two green legs
    in an exchange read 'first' and 'second', in the order the table shows them."""
    s = new(2, 19)
    legs = give_tiles(s, 0, kind("green", "leg", 0), kind("green", "leg", 1))
    give_tiles(s, 1, kind("red", "head"))
    to_exchange(s)
    first, second = sorted(legs)
    assert s.action_text(PICK + first) == "Give your first green leg"
    assert s.action_text(PICK + second) == "Give your second green leg"
    assert s.action_text(PICK + first, viewer=1) == "Give the first green leg"  # as the others read it
    assert sorted(loose_tiles(s, 0)).index(first) < sorted(loose_tiles(s, 0)).index(second)


def test_an_excavation_reads_as_a_sentence_with_its_spot_and_chance():
    """The issue's example: "Excavate the purple leg on top of spot 0 (84% to succeed)"; spots numbered
    0-12 as the board labels them."""
    s = new(2, 20)
    top = s.stacks[0][-1]
    text = s.action_text(top)
    assert re.fullmatch(rf"Excavate the {name(s, top)} on top of spot 0 \(\d+% to succeed\)(; .*)?", text), text
    under = s.stacks[0][-2]
    assert re.match(r"Excavate the tile with an? \w+ ribbon under 1 tile at spot 0 \(", s.action_text(under))
    buried = s.stacks[1][0]
    rocks = s.base_rocks[1]
    where = f", where a base tile holds {rocks} rocks" if rocks else ""
    assert s.action_text(buried).startswith(f"Excavate the buried tile under 2 tiles at spot 1{where} (")
    edge = s.stacks[7][-1]
    assert "on top of spot 7, at the paper's edge (" in s.action_text(edge)
    dice = new(2, 20, excavation="dice")
    assert re.search(r"\(roll \d+ or more on the 12-sided die, \d+% to succeed\)", dice.action_text(top))
