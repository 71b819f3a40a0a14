"""Tiny Epic Dinosaurs: the log tells the game in its own words, and its numbers add up. Each event reads
as the card, space and resource are printed, with counted plurals; what the log says a seat gained, paid
and fed is what its tracks show before and after; the end of the game gives each score's parts."""

import re

import pytest

import dinotable
from dinotable.core.contract import Event
from dinotable.core.rng import Rng, derive_seed
from dinotable.games.tiny_epic_dinosaurs.testing import fence, put_dinosaur, set_resources, to_feed

from .test_tiny_epic_dinosaurs import BR, C3_D3_PEN, IDS, ST, edge, feed_id, lagoon, outside, unique

GAME = dinotable.get_game("tiny-epic-dinosaurs")
C = GAME.content


def text(state, kind, seat=None, **detail):
    return GAME.event_text(state, Event(kind, seat, detail))


def random_game(num_players, seed):
    """(state before, events, state after) for each decision of a seeded random game."""
    s = GAME.new_game(num_players, seed)
    rng = Rng(derive_seed(seed, 9))
    while not s.is_over:
        before = s.clone()
        legal = s.legal_actions()
        events = s.apply(legal[rng.below(len(legal))])
        yield before, events, s


def test_the_rivals_moves_read_as_printed_with_plurals():
    """Solo (published outline): the Rival steals, gains, takes dinosaurs; each reads as printed."""
    s = GAME.new_game(1, 1)
    assert text(s, "rival_steal", resource="plant", amount=2) == "The Rival takes 2 plants from player 1"
    assert text(s, "rival_steal", resource="meat", amount=3) == "The Rival takes 3 meat from player 1"
    assert text(s, "rival_gain", plant=0, meat=0, supply=1) == "The Rival gains 1 supply"
    assert text(s, "rival_dinosaur", species="allosaurus") == "The Rival takes an Allosaurus into its columns"
    assert text(s, "rival", card="Buyer", space="market_herbivore") == (
        "The Rival plays Buyer on Dinosaur Market: herbivore (Action Board B)"
    )


@pytest.mark.parametrize(
    ("why", "reads"),
    [
        ("unplaced", "no place for it in an Enclosure"),
        ("hungry", "no food left for it"),
        ("no room", "newly hatched, with no room on the Farm"),
    ],
)
def test_an_escape_says_which_dinosaur_and_why(why, reads):
    """'Dinosaurs can escape during Adapt the Farm, Feed Dinosaurs, or Breeding': each says why."""
    s = GAME.new_game(2, 1)
    said = text(s, "escape", 1, dinosaurs=["stegosaurus"], why=why)
    assert said == f"A Stegosaurus escapes from player 2's Farm: {reads}"
    two = text(s, "escape", 0, dinosaurs=["allosaurus", "allosaurus"], why=why)
    assert two.startswith("2 Allosaurus escape from player 1's Farm") and "for it" not in two


def test_damage_sends_the_dinofarmers_to_medical_leave_and_retrieve_brings_them_back():
    """Hunting Die, Damage (published): the dinosaur and the Dinofarmers go to Medical Leave; in Retrieve
    Dinofarmers 'any Dinosaur present in Medical Leave is moved to that player's Containment Zone'."""
    sent, back = [], []
    for seed in range(1, 4):
        for before, events, _ in random_game(2, seed):
            for e in events:
                said = GAME.event_text(before, e)
                if e.kind == "hunt" and e.detail["face"] == "damage" and not e.detail.get("safe"):
                    assert "go to Medical Leave" in said
                    sent.append((seed, e.seat, e.detail["species"]))
                if e.kind == "retrieve":
                    assert "come back from Medical Leave" in said
                    back += [(seed, e.seat, k) for k, n in e.detail.items() for _ in range(n)]
    assert sent and sorted(sent) == sorted(back)


def test_the_numbers_in_the_log_add_up_to_the_tracks():
    """What the log says each seat collected, gained, paid, traded, fed and lost to the Rival is exactly how
    its plant, meat and supply tracks moved (a Research card's gain may be cut at 13: not counted)."""
    checked = 0
    for num_players in (1, 2, 4):
        for before, events, after in random_game(num_players, 5):
            change = {seat: [0, 0, 0] for seat in range(num_players)}
            skip = set()
            for e in events:
                d, seat = e.detail, e.seat
                if e.kind in ("collect", "gain"):
                    for r, key in enumerate(("plant", "meat", "supply")):
                        change[seat][r] += d[key]
                elif e.kind == "place":
                    for r in range(3):
                        change[seat][r] -= d["paid"][r]
                elif e.kind == "trade":
                    change[seat][d["paid"]] -= 1
                    change[seat][d["gained"]] += d["amount"]
                elif e.kind == "feed_all":
                    change[seat][0] -= d["plant"]
                    change[seat][1] -= d["meat"]
                elif e.kind == "feed":
                    said = GAME.event_text(before, e)
                    change[seat][1 if d["meat"] else 0] -= int(re.search(r"with (\d+)", said).group(1))
                elif e.kind == "rival_steal":
                    change[0][("plant", "meat", "supply").index(d["resource"])] -= d["amount"]
                elif e.kind == "research":
                    card = next(k for k in C.research if k.name == d["card"])
                    if any(card.gain):
                        skip.add(seat)
                    for r in range(3):
                        change[seat][r] -= card.cost[r]
            for seat in range(num_players):
                if seat in skip:
                    continue
                moved = [a - b for a, b in zip(after.resources(seat), before.resources(seat), strict=True)]
                assert moved == change[seat], (events, seat)
                checked += any(moved)
    assert checked > 100


@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_the_end_gives_each_score_with_its_parts_and_the_winner(num_players):
    """End-game scoring (published): Contracts, Research cards and the dinosaurs on the Farm; the last
    event names each part, their sum is the score, and who won."""
    *_, (_, events, after) = random_game(num_players, 2)  # the last decision
    end = next(e for e in events if e.kind == "game_over")
    said = GAME.event_text(after, end)
    parts = re.findall(r"(\d+) VP \(Contracts (-?\d+), Research (-?\d+), dinosaurs [A-Za-z ]+ (\d+)\)", said)
    assert len(parts) == num_players + (num_players == 1)
    scores = after.scores() + ([after.outcome()["automata"]["Rival"]["total"]] if num_players == 1 else [])
    for (total, *rest), score in zip(parts, scores, strict=True):
        assert int(total) == score == sum(int(x) for x in rest)
    if after.winners():
        assert said.endswith(f"Player {after.winners()[0] + 1} wins")
    else:
        assert said.endswith("The Rival wins")


def test_round_fours_private_contract_is_named_to_its_owner_only():
    """Round 4 (published): each player draws one more Private Contract, kept secret."""
    s = GAME.new_game(2, 3)
    rng = Rng(4)
    while s.round < 4:
        legal = s.legal_actions()
        events = s.apply(legal[rng.below(len(legal))])
    drawn = [e for e in events if e.kind == "draw_private"]
    assert {e.seat for e in drawn} == {0, 1}
    for e in drawn:
        name = e.detail["contracts"][0]
        mine = GAME.event_text(s, GAME.events_for([e], e.seat)[0])
        theirs = GAME.event_text(s, GAME.events_for([e], 1 - e.seat)[0])
        assert name in mine and " VP" in mine
        assert name not in theirs and theirs.endswith("draws a Private Contract")


def test_costs_read_as_costs_and_gains_cut_at_13_say_so():
    """'You MUST pay the necessary resources immediately'; 'each player can collect a maximum of 13'."""
    s = GAME.new_game(2, 1)
    paid = text(s, "place", 0, space="market_herbivore", dinofarmers=1, foreman=False, paid=(1, 0, 0))
    assert paid == "Player 1 places 1 Dinofarmer on Dinosaur Market: herbivore (Action Board B) and pays 1 plant"
    foreman = text(s, "place", 1, space="first_player", dinofarmers=0, foreman=True, paid=(0, 0, 0))
    assert foreman == "Player 2 places the Foreman on Town Hall (Action Board C)"
    capped = text(s, "gain", 0, plant=1, meat=0, supply=2, barriers=3, capped=True)
    assert capped == "Player 1 gains 1 plant, 2 supplies, 3 Barriers (the rest is lost: a track stops at 13)"
    nothing = text(s, "gain", 0, plant=0, meat=0, supply=0, barriers=0, capped=True)
    assert nothing == "Player 1 gains nothing (it is all lost: a track stops at 13)"


def test_a_feeding_that_leaves_too_little_food_says_the_unfed_escape():
    """'If you have no more resources and have not fed all Dinosaurs, all unfed Dinosaurs ... Escape': a
    feeding choice says so when the food left cannot feed the rest, and not when it can."""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *C3_D3_PEN)
    put_dinosaur(s, 0, "A3", BR)
    put_dinosaur(s, 0, "A1", unique("Pteranodon"))  # an omnivore: feeding is asked
    set_resources(s, 0, 2, 1, 0)
    to_feed(s)
    short = s.action_text(feed_id("A1", meat=False))
    assert short.startswith("Feed the Pteranodon on A1 with 1 plant") and "unfed escapes" in short
    enough = s.action_text(feed_id("A1", meat=True))
    assert enough == "Feed the Pteranodon on A1 with 1 meat"


def test_removing_a_barrier_says_which_enclosure_it_opens():
    """Herbivore Escape Penalty: 'If the removal of a Barrier causes an Enclosure to no longer be "closed,"
    the remaining fed Dinosaurs do NOT escape; however, they also do not breed': the choice says so."""
    s = lagoon()
    fence(s, 0, edge("A3", "B3"), *C3_D3_PEN)
    put_dinosaur(s, 0, "C3", ST)
    put_dinosaur(s, 0, "D3", ST)
    put_dinosaur(s, 0, "A3", BR)  # eats 2 plants: it will go hungry
    set_resources(s, 0, 2, 0, 0)
    to_feed(s)
    s.apply(feed_id("C3", meat=False))
    opens = s.action_text(IDS.unfence + outside("D3")[0])
    assert opens.endswith(": the dinosaurs on C3 D3 are no longer enclosed and will not breed")
    merged = s.action_text(IDS.unfence + edge("A3", "B3"))  # A3 and B3 are the Farm's permanent Enclosure
    assert merged == "Remove the Barrier between A3 and B3 (herbivore escape penalty): two Enclosures become one"
