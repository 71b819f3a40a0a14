"""Tiny Epic Dinosaurs in the terminal at 80x24: the status line, the 14-line screen, the boards, the names
a person types and the menu labels, the statistics' names, and the reference keys every component of a view
carries. Positions are sampled from seeded random games at every player count and option set."""

import re

import pytest

import dinotable
from dinotable.core.rng import Rng, derive_seed
from dinotable.games.tiny_epic_dinosaurs import screen
from dinotable.games.tiny_epic_dinosaurs.testing import fence, put_dinosaur, set_resources, to_feed

from .test_tiny_epic_dinosaurs import BR, C3_D3_PEN, edge, feed_id, lagoon, unique

GAME = dinotable.get_game("tiny-epic-dinosaurs")
NAME = re.compile(r"^[a-z0-9#][a-z0-9#-]*$")
CASES = [(n, options) for n in range(1, 5) for options in GAME.test_option_sets_for(n)]


def positions(num_players, options, seed, every=7):
    """Every `every`-th position of a random game, and its end."""
    state = GAME.new_game(num_players, seed, options)
    rng = Rng(derive_seed(seed, 5))
    i = 0
    while not state.is_over:
        if i % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        i += 1
    yield state


def refs(value):
    """Every `ref` in a view, with the dict that carries it."""
    if isinstance(value, dict):
        if "ref" in value:
            yield value["ref"], value
        for v in value.values():
            yield from refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from refs(v)


@pytest.mark.parametrize(("num_players", "options"), CASES)
def test_every_text_fits_the_terminal_and_names_are_unique(num_players, options):
    """The terminal is 80x24: the status line is one line, the screen at most 14 lines, every line of the
    status, the screen and the boards at most 80 wide; action names are unique among those on offer and
    typeable; menu labels at most 30 characters."""
    for seed in (1, 2):
        for s in positions(num_players, options, seed):
            for viewer in (None, *range(num_players)):
                status = GAME.status_line(s, viewer)
                assert "\n" not in status and len(status) <= 80, status
                text = GAME.screen_text(s, viewer)
                assert len(text.splitlines()) <= 14, text
                for what in (text, GAME.board_text(s, viewer)):
                    assert all(len(line) <= 80 for line in what.splitlines()), what
                for seat in range(num_players):
                    assert all(len(x) <= 80 for x in GAME.seat_board_text(s, viewer, seat).splitlines())
            names = [GAME.action_name(s, a) for a in s.legal_actions()]
            assert all(NAME.match(x) for x in names), names
            assert len(set(names)) == len(names), names
            assert all(len(GAME.action_label(s, a)) <= 30 for a in s.legal_actions())


@pytest.mark.parametrize(("num_players", "options"), CASES)
def test_screen_and_status_leak_nothing(num_players, options):
    """Hidden information: what a seat's screen and status line show is the same on any copy determinized
    for that seat (another seat's Private Contracts are face down until the end)."""
    for s in positions(num_players, options, 3, every=11):
        for seat in range(num_players):
            for k in range(2):
                d = s.determinize(seat, k)
                assert GAME.screen_text(d, seat) == GAME.screen_text(s, seat)
                assert GAME.status_line(d, seat) == GAME.status_line(s, seat)
                assert GAME.seat_board_text(d, seat, seat) == GAME.seat_board_text(s, seat, seat)


def test_the_screen_ends_with_the_seats_own_board_and_private_contract():
    """The seat's own board is last, nearest the prompt: its Farm, resources and its Private Contract with
    what it needs and the VP it gives; another seat's Private Contract is a face-down count."""
    s = GAME.new_game(3, 4)
    while s.round == 1 and s.phase == 0:
        s.apply(s.legal_actions()[0])
    c = GAME.content
    for seat in range(3):
        lines = GAME.screen_text(s, seat).splitlines()
        mine = c.contracts[s.private[seat][0]]
        assert lines[-1].startswith(f"Private Contract: {mine.name}: ") and lines[-1].endswith(f"{mine.vp}VP")
        assert any(f"You, player {seat + 1}" in line for line in lines[-5:])
        for other in range(3):
            if other != seat:
                theirs = c.contracts[s.private[other][0]].name
                assert theirs not in "\n".join(lines)
                assert any(line.startswith(f"Player {other + 1}") and "1 Private" in line for line in lines)


def test_the_status_line_names_round_phase_turn_and_resources():
    """Round and phase (the rulebook's seven phases), whose turn, and the seat's own tracks only."""
    s = GAME.new_game(2, 1)
    while s.phase == 0:
        s.apply(s.legal_actions()[0])
    mover = s.current_player
    other = 1 - mover
    mine = GAME.status_line(s, mover)
    assert mine.startswith("Tiny Epic Dinosaurs | Round 1/6") and "Allocate" in mine and "your turn" in mine
    plant, meat, supply = s.resources(mover)
    assert f"{plant}p {meat}m {supply}s" in mine
    theirs = GAME.status_line(s, other)
    assert f"player {mover + 1}" in theirs and "your turn" not in theirs
    spectator = GAME.status_line(s, None)
    assert "Barrier" not in spectator


def test_the_solo_screen_shows_the_rival_score_beside_yours_and_how_it_plays():
    """Solo (published outline): the Rival scores like a player; the screen puts its score beside the
    player's, its columns, the cards it played this round and one line on how it plays; the view holds
    the rules text and its score."""
    s = GAME.new_game(1, 2)
    rng = Rng(7)
    while not s.rival_played:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    lines = GAME.screen_text(s, 0).splitlines()
    rival = next(line for line in lines if line.startswith("Rival: "))
    assert f"Rival: {s.view(0)['rival']['score']} VP (you {s.scores()[0]})" in rival
    card = GAME.content.rival_cards[s.rival_played[-1][0]].name
    assert card in rival
    assert screen.RIVAL_SUMMARY in lines
    view = s.view(0)["rival"]
    assert "scores like you" in view["rules"] and view["played"][-1]["name"] == card


def test_every_component_in_a_view_carries_its_reference_key():
    """Hover: each component in a view (species, Research card, Contract, action space, Rival card) has
    `ref`, a key of game.reference(); over a few games every kind the reference lists appears."""
    reference = GAME.reference()
    seen = set()
    for num_players in (1, 2, 4):
        for s in positions(num_players, {}, 6, every=5):
            for seat in (None, *range(num_players)):
                for ref, _ in refs(s.view(seat)):
                    assert ref in reference, ref
                    seen.add(ref)
    c = GAME.content
    kinds = {
        "species": {sp.name for sp in c.species},
        "Research card": {k.name for k in c.research},
        "Contract": {k.name for k in c.contracts},
        "action space": {sp.name for sp in c.spaces},
        "Rival card": {r.name for r in c.rival_cards},
    }
    for kind, names in kinds.items():
        assert names & seen, f"no {kind} in any view"


def test_count_labels_read_as_words():
    """Every statistic a simulation counts has a label without '_' or ':' (placements by space name)."""
    s = GAME.new_game(4, 1)
    counts: dict = {}
    rng = Rng(3)
    while not s.is_over:
        legal = s.legal_actions()
        GAME.count_events(counts, s, s.apply(legal[rng.below(len(legal))]))
    names = list(counts) + list(GAME.final_counts(s))
    for name in names:
        label = GAME.count_label(name)
        assert label and "_" not in label and ":" not in label, (name, label)
    assert GAME.count_label("placed:hunt_herbivore") == "Dinofarmers on Hunt a herbivore"


def test_action_names_are_the_printed_names():
    """Placements by the space's printed name ('hunt-herbivore', 'foreman-hunt-herbivore'), dinosaurs by
    species, Farm spaces as 'd3'; the same kind of choice keeps its name."""
    s = GAME.new_game(2, 1)
    while s.phase == 0:
        s.apply(s.legal_actions()[0])
    names = {GAME.action_name(s, a) for a in s.legal_actions()}
    assert {"hunt-herbivore", "foreman-hunt-herbivore", "town-hall", "market-herbivore"} <= names
    assert screen.space_slug("Dinosaur Market: herbivore") == "market-herbivore"


def test_feeding_is_named_by_the_farm_space():
    """Feed Dinosaurs: a dinosaur is fed by its Farm space ('a3'); an omnivore by space and food, as
    'Omnivores eat Plant or Meat. You can choose which resource to use to feed them.'"""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *C3_D3_PEN)
    put_dinosaur(s, 0, "A3", BR)
    put_dinosaur(s, 0, "A1", unique("Pteranodon"))
    set_resources(s, 0, 3, 1, 0)
    to_feed(s)
    names = {s.game.action_name(s, a) for a in s.legal_actions()}
    assert names == {"a3", "a1-plant", "a1-meat"}
    assert s.game.action_name(s, feed_id("A3", meat=False)) == "a3"
