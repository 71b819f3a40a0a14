"""DinoGenics' board tells the whole table (the issue "every board tells the whole table"): every thing
view(seat) places is drawn where the view puts it, every target of a decision is offered or tells why not, and
the board reads well (no label covered, nothing off the screen, no engine words) on a desktop and a phone.

The places, in the view's own words: a park's spaces and fences as the view names them, after its owner
("player 2 B3", "player 2 commercial 1", "player 1 A1|A2", "Synth C4"), and "player 2 specialists"; a
worker space's key ("site_a") for the workers and tokens on it; "hand" for the viewing seat's own cards;
"market", "dna discard", "manipulation discard", "stack 1", "large offer 1", "job market", "contractors",
"active news" and "upcoming news". Counts (credits, goats, the Basic Hotels left, another seat's hand) are
numbers on the board, not things placed."""

from collections import Counter

import pytest

import dinotable

from .boards import board_page, draw, sampled, states, walk
from .conftest import ARTIFACTS
from .readable import reads_well

GAME = "dinogenics"
# A worker space's codes in the view: a seat (a worker), a blocking token, a Crash Token; -1 is a free space.
TOKENS = {-2: "blocking token", -3: "Crash Token"}


def park(placed: Counter, who: str, pv: dict, refs: dict, words: dict) -> None:
    for cells in pv["pens"]:
        for cell in cells:
            placed[("pen", f"{who} {cell}")] += 1
    for edge in {*pv["fence_edges"], *pv["broken_edges"]}:
        placed[("fence", f"{who} {edge}")] += 1
    for dino in pv["dinosaurs"]:
        placed[(dino["ref"], f"{who} {dino['cell']}")] += 1
    for facility in pv["facilities"]:
        for space in facility["spaces"]:  # a Large Facility on each of its two spaces
            placed[(facility["ref"], f"{who} {space}")] += 1
    for key in pv["specialists"]:
        placed[(refs.get(key, key), f"{who} specialists")] += 1
    for key, n in pv.get("dna", {}).items():  # the viewing seat's own hand only
        placed[(words["dna"][key], "hand")] += n
    for key, n in pv.get("manipulation", {}).items():
        placed[(refs[key], "hand")] += n


def expected(view: dict, seat: int | None) -> Counter:
    """Everything the view places, as (printed name, place), read from the view alone."""
    placed = Counter()
    refs, words = view["refs"], view["words"]
    for number, pv in enumerate(view["players"], 1):
        park(placed, f"player {number}", pv, refs, words)
    if view["synth"]:
        park(placed, "Synth", view["synth"], refs, words)
    for key, codes in view["mainland"].items():
        for code in codes:
            if code >= 0 or code in TOKENS:
                placed[(TOKENS.get(code, "worker"), key)] += 1
    for key in view["market"]:
        placed[(words["dna"][key], "market")] += 1
    for key in view["dna_discard"]:
        placed[(words["dna"][key], "dna discard")] += 1
    for key in view["manipulation_discard"]:
        placed[(refs[key], "manipulation discard")] += 1
    for number, stack in enumerate(view["stacks"], 1):
        for key in stack:
            placed[(refs[key], f"stack {number}")] += 1
    for number, key in enumerate(view["large_offer"], 1):
        if key:
            placed[(refs[key], f"large offer {number}")] += 1
    for where in ("job_market", "contractors"):
        for key in view[where]:
            placed[(refs[key], where.replace("_", " "))] += 1
    for when in ("active", "upcoming"):
        card = words[f"{when}_news"]
        if card:
            placed[(refs.get(f"news_{card['number']}", card["name"]), f"{when} news")] += 1
    return +placed


def test_the_option_sets_cover_every_option():
    names = {spec.name for spec in dinotable.get_game(GAME).option_specs}
    assert names == {name for _, options in GAMES for name in options}


# (players, options): the base game, Controlled Chaos, its modules, a solo scenario, the co-op.
GAMES = [
    (3, {"expansion": False}),
    (2, {}),
    (4, {"chaos_theory": True, "elites": True}),
    (1, {"scenario": "CC4"}),
    (2, {"coop": True}),
]


@pytest.mark.parametrize("players, options", [GAMES[1], (1, {"scenario": "CC3"})], ids=["expansion", "solo"])
def test_the_board_draws_what_the_view_places(server_url, browser, page_errors, players, options):
    page = board_page(server_url, browser, page_errors, GAME, players, options)
    assert walk(page, GAME, players, 1, options, expected) > 40
    assert page_errors == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "players, seed, options",
    [
        (1, 2, {"expansion": False}),
        (3, 3, {"expansion": False}),
        (5, 4, {}),
        (4, 5, {"chaos_theory": True, "elites": True}),
        (3, 6, {"chaos_theory": True}),
        *[(1, 6 + n, {"scenario": f"CC{n}"}) for n in range(1, 8)],
        (2, 14, {"coop": True}),
        (5, 15, {"expansion": False}),
    ],
)
def test_the_board_draws_what_the_view_places_in_every_game(server_url, browser, page_errors, players, seed, options):
    page = board_page(server_url, browser, page_errors, GAME, players, options)
    walk(page, GAME, players, seed, options, expected)
    assert page_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_an_expansion_game_reads_well(server_url, browser, page_errors, phone):
    game = dinotable.get_game(GAME)
    options = {"chaos_theory": True, "elites": True}
    page = board_page(server_url, browser, page_errors, GAME, 3, options, phone=phone)
    for step, state in sampled(GAME, 3, 7, options, every=40):
        seat = None if state.is_over else state.current_player
        draw(page, game, state, seat)
        reads_well(page, f"3p seed 7 decision {step}, seat {seat}, {'phone' if phone else 'desktop'}")
    assert page_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("players, options", GAMES)
def test_every_game_reads_well(server_url, browser, page_errors, phone, players, options):
    game = dinotable.get_game(GAME)
    seed = 8
    page = board_page(server_url, browser, page_errors, GAME, players, options, phone=phone)
    for step, state in sampled(GAME, players, seed, options, every=25):
        for seat in {None, None if state.is_over else state.current_player}:
            draw(page, game, state, seat)
            reads_well(page, f"{players}p seed {seed} {options} decision {step}, seat {seat}")
    assert page_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_mid_game_expansion_table_as_a_picture(server_url, browser, page_errors, phone):
    """A mid-game Controlled Chaos table, saved for a person to look at (tests/web/artifacts)."""
    game = dinotable.get_game(GAME)
    options = {"chaos_theory": True, "elites": True}
    page = board_page(server_url, browser, page_errors, GAME, 3, options, phone=phone)
    state = next(state for step, state in enumerate(states(GAME, 3, 9, options)) if step >= 150)
    draw(page, game, state, state.current_player)
    reads_well(page, "mid-game")
    page.screenshot(path=str(ARTIFACTS / f"dinogenics-{'phone' if phone else 'desktop'}.png"), full_page=True)
    assert page_errors == []
