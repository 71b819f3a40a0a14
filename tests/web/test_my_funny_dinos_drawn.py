"""My Funny Dinos' board tells the whole table (the issue "every board tells the whole table"): every thing
view(seat) places is drawn where the view puts it, every target of a decision is offered or tells why not,
and the board reads well (no label covered, nothing off the screen, no engine words) on a desktop and a phone.

The places, in the view's own words: "spot 0" to "spot 12" (the pile, numbered as the view numbers it),
"player 2 tiles", "player 2 bones", "player 2 dinosaurs" (the restored dinosaurs), "player 2 dinosaur 1"
(the parts of the first, and its exhibition tile), "bone supply", "exhibition supply" and "missions"."""

from collections import Counter

import pytest

import dinotable

from .boards import board_page, draw, sampled, states, walk
from .conftest import ARTIFACTS
from .readable import reads_well

GAME = "my-funny-dinos"
# Every option of the game, each in some set (the first test holds the list to the game's options).
OPTION_SETS = [
    {},
    {"excavation": "dice", "rocks_per_base": 2},
    {"shaky_stacks": True, "dexterity": 0.5},
    {"dexterity": 2.0, "rocks_per_base": 2},
    {"excavation": "dice", "shaky_stacks": True},
]


def expected(view: dict, seat: int | None) -> Counter:
    """Everything the view places, as (printed name, place), read from the view alone."""
    placed = Counter()
    for spot in view["pile"]:
        cell = f"spot {spot['spot']}"
        placed[(spot["ref"], cell)] += 1  # the ground of the spot: a base tile, or the paper board
        placed[("rock", cell)] += spot["rocks"]
        for tile in spot["tiles"]:
            placed[(tile["ref"], cell)] += 1  # a buried tile as "fossil tile": as far as it shows
    for player in view["players"]:
        who = f"player {player['seat'] + 1}"
        for tile in player["tiles"]:
            placed[(tile["ref"], f"{who} tiles")] += 1
        placed[("small bone token", f"{who} bones")] += player["bones"]
        for number, dino in enumerate(player["dinosaurs"], 1):
            placed[(dino["ref"], f"{who} dinosaurs")] += 1
            for tile in dino["tiles"]:
                placed[(tile["ref"], f"{who} dinosaur {number}")] += 1
            if dino["exhibited"]:
                placed[("exhibition tile", f"{who} dinosaur {number}")] += 1
    placed[("small bone token", "bone supply")] += view["bone_supply"]
    placed[("exhibition tile", "exhibition supply")] += view["exhibition_tiles_left"]
    for mission in view["missions"]:
        placed[(mission["ref"], "missions")] += 1
    return +placed


def test_the_option_sets_cover_every_option():
    names = {spec.name for spec in dinotable.get_game(GAME).option_specs}
    assert names == {name for options in OPTION_SETS for name in options}


@pytest.mark.parametrize(
    "players, seed, options",
    [(2, 1, OPTION_SETS[0]), (3, 2, OPTION_SETS[1]), (4, 1, OPTION_SETS[4])],
)
def test_the_board_draws_what_the_view_places(server_url, browser, page_errors, players, seed, options):
    page = board_page(server_url, browser, page_errors, GAME, players, options)
    assert walk(page, GAME, players, seed, options, expected) > 20
    assert page_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", [5, 6])
def test_the_board_draws_what_the_view_places_in_every_game(server_url, browser, page_errors, players, seed, options):
    page = board_page(server_url, browser, page_errors, GAME, players, options)
    walk(page, GAME, players, seed, options, expected)
    assert page_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_game_reads_well_at_every_fifteenth_decision(server_url, browser, page_errors, phone):
    game = dinotable.get_game(GAME)
    page = board_page(server_url, browser, page_errors, GAME, 4, {}, phone=phone)
    for step, state in sampled(GAME, 4, 7, {}, every=15):
        seat = None if state.is_over else state.current_player
        draw(page, game, state, seat)
        reads_well(page, f"4p seed 7 decision {step}, seat {seat}, {'phone' if phone else 'desktop'}")
    assert page_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("players, seed, options", [(2, 8, OPTION_SETS[1]), (3, 9, OPTION_SETS[4])])
def test_every_game_reads_well(server_url, browser, page_errors, phone, players, seed, options):
    game = dinotable.get_game(GAME)
    page = board_page(server_url, browser, page_errors, GAME, players, options, phone=phone)
    for step, state in sampled(GAME, players, seed, options, every=10):
        for seat in {None, None if state.is_over else state.current_player}:
            draw(page, game, state, seat)
            reads_well(page, f"{players}p seed {seed} {options} decision {step}, seat {seat}")
    assert page_errors == []


def test_each_player_panel_shows_the_points_now_and_stacks_stand_as_high_as_they_are(server_url, browser, page_errors):
    """The issue: each seat's panel carries its points if the game ended now (score_now), and a short stack
    of the pile is drawn short, not padded to the tallest. Screenshots of a mid-game table at both sizes."""
    game = dinotable.get_game(GAME)
    state = next(s for step, s in enumerate(states(GAME, 3, 4, {})) if step == 40)
    for phone in (False, True):
        page = board_page(server_url, browser, page_errors, GAME, 3, {}, phone=phone)
        drawn = draw(page, game, state, state.current_player)
        for row in drawn["doc"]["score_now"]:
            panel = page.locator(f'#board section.player[data-seat="{row["seat"]}"] .points-now')
            assert panel.inner_text() == f"{row['total']} point{'' if row['total'] == 1 else 's'} now"
        heights = page.evaluate(
            "() => [...document.querySelectorAll('#board figure.spot')].map((f) => [!!f.querySelector('.rock'),"
            " f.querySelectorAll('.tile').length, f.querySelector('svg').getBoundingClientRect().height])"
        )
        for ground in (True, False):
            stacks = sorted({(count, height) for based, count, height in heights if based == ground})
            assert [h for _, h in stacks] == sorted({h for _, h in stacks}), f"a stack is as tall as it is: {heights}"
        assert len({count for _, count, _ in heights}) > 1 and len({h for *_, h in heights}) > 1
        size = "phone" if phone else "desktop"
        page.screenshot(path=str(ARTIFACTS / f"my-funny-dinos-midgame-{size}.png"), full_page=True)
        reads_well(page, f"mid-game, {size}")
    assert page_errors == []
