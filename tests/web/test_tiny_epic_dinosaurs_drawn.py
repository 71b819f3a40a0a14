"""Tiny Epic Dinosaurs: every board tells the whole table. Whole seeded games are drawn decision by decision
(tests/web/boards.py), and the board must place every thing the view places, where the view says, and
nothing else; at a sample of decisions, on a desktop and a phone, no label may be covered, cut off or left in
engine shorthand (tests/web/readable.py).

Where a thing is, in the view's own words (`data-cell`), and what it is (`data-ref`, its reference entry):
- a dinosaur on a Farm: "player 1 B2"; a Barrier on a Farm's line: "player 1 B1|C1", "player 1 C1 top";
- a Dinofarmer or the Foreman of a player on an action space, and a Rival card played there: the space's name;
- a player's resource marker on its track: "player 1 plant 13" (the Rival's: "Rival meat 2");
- a player's dinosaurs in its Containment Zone, on Medical Leave, newborn: "player 1 Containment Zone", ...;
- a player's Research cards and Contracts fulfilled: "player 1 Research", "player 1 Contracts fulfilled";
- the viewing seat's Private Contracts: "hand", and those dealt to it to keep one: "dealt"; another seat's
  once the game's end shows them: "player 2 Private Contracts";
- the Contract and Research rows: "Contracts 1", "Research row 2"; the Research discard pile;
- the Round marker ("round 4"), the First Player Marker ("player 2" or "Rival"), the dinosaurs escaping;
- the Rival's columns, Contracts and Research ("Rival columns", "Rival Contracts", "Rival Research").
Counts with no place of their own (the supply, the decks, Barriers in hand, Dinofarmers still to place) are
words, and another seat's Private Contracts are card backs with no place."""

from collections import Counter

import pytest

import dinotable

from .boards import board_page, draw, states, walk
from .conftest import ARTIFACTS
from .readable import reading_problems

GAME = "tiny-epic-dinosaurs"
COLS = 4  # every Farm is 4 spaces wide, 3 deep (content.toml's geometry)


def cell_name(cell: int) -> str:
    return f"{'ABCD'[cell % COLS]}{cell // COLS + 1}"


def expected(view: dict, seat: int | None) -> Counter:
    """Every thing the view places, as (reference name, place)."""
    out = Counter()
    species = {sp["key"]: sp["ref"] for sp in view["species"]}

    def dinosaurs(counts: dict, where: str) -> None:
        for key, n in (counts or {}).items():
            out[species[key], where] += n

    out["Round Marker", f"round {view['round']}"] += 1
    first = view["first_player"]
    out["First Player Marker", "Rival" if first == "rival" else f"player {first + 1}"] += 1
    spaces = {space["name"] for space in view["action_spaces"]}
    for space in view["action_spaces"]:
        for holder, strength in space["occupants"].items():
            if holder == "Rival":
                continue  # the Rival's card blocks the space (below)
            foreman = holder in space["foreman"]
            out["Foreman", space["name"]] += foreman
            out["Dinofarmer", space["name"]] += strength - 2 * foreman
    for i, card in enumerate(view["public_contracts"]):
        out[card["ref"], f"Contracts {i + 1}"] += 1
    for i, card in enumerate(view["research_row"]):
        out[card["ref"], f"Research row {i + 1}"] += 1
    for card in view["research_discard"]:
        out[card["ref"], "Research discard"] += 1
    for dinosaur in view["escaping"]:
        out[dinosaur["ref"], "escaping"] += 1
    for number, player in enumerate(view["players"]):
        who = f"player {number + 1}"
        for cell, dinosaur in enumerate(player["spaces"]):
            if dinosaur:
                out[dinosaur["ref"], f"{who} {cell_name(cell)}"] += 1
        for edge in player["fence"]:
            out["Barrier", f"{who} {edge}"] += 1
        for resource, value in player["resources"].items():
            out[resource, f"{who} {resource} {value}"] += 1
        dinosaurs(player["containment"], f"{who} Containment Zone")
        for card in player["containment_unique"]:
            out[card["ref"], f"{who} Containment Zone"] += 1
        dinosaurs(player["medical_leave"], f"{who} Medical Leave")
        dinosaurs(player["newborns"], f"{who} newborns")
        for card in player["research"]:
            out[card["ref"], f"{who} Research"] += 1
        for card in player["fulfilled"]:
            out[card["ref"], f"{who} Contracts fulfilled"] += 1
        # The viewing seat's own cards are in its hand; another seat's are card backs (a count) until the
        # end of the game shows them.
        for key, mine, theirs in (("private", "hand", "Private Contracts"), ("dealt", "dealt", "dealt")):
            if isinstance(player[key], list):
                for card in player[key]:
                    out[card["ref"], mine if number == seat else f"{who} {theirs}"] += 1
    rival = view.get("rival")
    if rival:
        dinosaurs(rival["columns"], "Rival columns")
        for resource, value in rival["resources"].items():
            out[resource, f"Rival {resource} {value}"] += 1
        for card in rival["contracts"]:
            out[card["ref"], "Rival Contracts"] += 1
        for card in rival["research"]:
            out[card["ref"], "Rival Research"] += 1
        for card in rival["played"]:
            out[card["ref"], card["space"] if card.get("space") in spaces else "Rival played"] += 1
    return +out


# (players, seed, options): the default run is a solo game and two players on the Canyon (about 10 s); three and
# four players, more seeds and Farms are slow (a three- or four-player game takes 15-40 s).
CANYON = {"farm": "Canyon"}
QUICK = [(1, 1, {}), (2, 2, CANYON)]
SLOW = [(3, 3, {}), (3, 8, CANYON), (4, 4, {}), (4, 5, CANYON), (1, 6, CANYON), (2, 7, {})]


def walked(server_url, browser, page_errors, players, seed, options):
    page = board_page(server_url, browser, page_errors, GAME, players, options)
    steps = walk(page, GAME, players, seed, options, expected)
    assert steps > 20, "a whole game was walked"
    assert page_errors == []


@pytest.mark.parametrize(("players", "seed", "options"), QUICK)
def test_the_board_draws_what_the_view_places(server_url, browser, page_errors, players, seed, options):
    walked(server_url, browser, page_errors, players, seed, options)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "options"), SLOW)
def test_the_board_draws_what_the_view_places_in_more_games(server_url, browser, page_errors, players, seed, options):
    walked(server_url, browser, page_errors, players, seed, options)


def readable_at(server_url, browser, page_errors, players, seed, options, phone, every=15, shot=None):
    """At every `every`th decision (for the seat to move), nothing covered, cut off or in shorthand."""
    game = dinotable.get_game(GAME)
    page = board_page(server_url, browser, page_errors, GAME, players, options, phone=phone)
    found = []
    for step, state in enumerate(states(GAME, players, seed, options)):
        if step % every and not state.is_over:
            continue
        draw(page, game, state, None if state.is_over else state.current_player)
        where = f"{players}p seed {seed} decision {step} {'phone' if phone else 'desktop'}"
        found += [f"{where}: {line}" for line in reading_problems(page)]
        if shot and step == shot:
            size = "phone" if phone else "desktop"
            page.screenshot(path=str(ARTIFACTS / f"tiny-epic-dinosaurs-midgame-{size}.png"), full_page=True)
    assert found == [], "\n".join(found[:20])
    assert page_errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_nothing_is_covered_cut_off_or_in_shorthand(server_url, browser, page_errors, phone):
    readable_at(server_url, browser, page_errors, 2, 2, {}, phone, every=30, shot=90)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "options"), [(1, 3, {}), (3, 4, {"farm": "Canyon"}), (4, 9, {})])
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_nothing_is_covered_in_more_games(server_url, browser, page_errors, players, seed, options, phone):
    readable_at(server_url, browser, page_errors, players, seed, options, phone)
