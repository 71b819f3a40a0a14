"""Tiny Epic Dinosaurs' observation encoding says what `view(seat)` says: for states of seeded random games, every
slice read back in the view's units (a count divided by the scale its doc states) equals the view's own entry,
seats listed from the observer; and the entries the encoder keeps between decisions never go stale."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed (pip install -e '.[rl]')")

import dinotable  # noqa: E402
from dinotable.games.tiny_epic_dinosaurs.components import CHOOSE, ESCAPE, KEEP  # noqa: E402
from dinotable.games.tiny_epic_dinosaurs.decisions import TABLE  # noqa: E402
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, set_of, zones  # noqa: E402
from dinotable.rl import encoder_for  # noqa: E402

from .sampling import Reading, sampled_states  # noqa: E402

GAME = dinotable.get_game("tiny-epic-dinosaurs")
C = GAME.content
SPECIES = [sp.key for sp in C.species]
RESEARCH = [card.name for card in C.research]
CONTRACTS = [k.name for k in C.contracts]
PRIVATE = [k.name for k in C.contracts if not k.public]
UNIQUES = [card.name for card in C.research if card.unique_diet >= 0]
KINDS = [sp.name for sp in C.species] + UNIQUES
FACES = ["Net", "Damage", "Egg"]


def players(*counts, slow=()):
    """Player counts to test, named so that `-k tiny-epic-dinosaurs` selects them; those in `slow` are left to
    `make test-all`."""
    params = [pytest.param(n, id=f"tiny-epic-dinosaurs-{n}p") for n in counts]
    params += [pytest.param(n, id=f"tiny-epic-dinosaurs-{n}p", marks=pytest.mark.slow) for n in slow]
    return pytest.mark.parametrize("num_players", params)


def states(num_players: int, seeds=range(3), every: int = 7):
    return sampled_states(GAME, num_players, {}, seeds, every)


def order(seat: int, n: int) -> list[int]:
    return [(seat + k) % n for k in range(n)]


@players(1, 2, 3, 4)
def test_player_boards_agree_with_the_view(num_players):
    """Each Player Board as the view shows it, the observer first: resource tracks (at most 13), Barriers held,
    Containment Zone, Medical Leave, newborns, Dinofarmers and Foreman still to place, Contracts held, score."""
    for s in states(num_players):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            players = [view["players"][p] for p in order(seat, num_players)]
            assert read.counts("seats.resources", 3) == [list(p["resources"].values()) for p in players]
            assert read.counts("seats.barriers") == [p["barriers"] for p in players]
            for name, key in (
                ("seats.containment", "containment"),
                ("seats.medical_leave", "medical_leave"),
                ("seats.newborns", "newborns"),
            ):
                assert read.counts(name, 4) == [[p[key][k] for k in SPECIES] for p in players], name
            assert read.names("seats.containment_unique", UNIQUES, len(UNIQUES)) == [
                [u["name"] for u in p["containment_unique"]] for p in players
            ]
            assert read.counts("seats.dinofarmers") == [p["dinofarmers"] for p in players]
            assert read.counts("seats.foreman") == [int(p["foreman"]) for p in players]
            private = [p["private"] if isinstance(p["private"], int) else len(p["private"]) for p in players]
            assert read.counts("seats.private_count") == private
            assert read.counts("seats.score") == [p["score"] for p in players]
            assert read.names("seats.research", RESEARCH, len(RESEARCH)) == [
                sorted((r["name"] for r in p["research"]), key=RESEARCH.index) for p in players
            ]
            assert read.names("seats.fulfilled", CONTRACTS, len(CONTRACTS)) == [
                sorted((k["name"] for k in p["fulfilled"]), key=CONTRACTS.index) for p in players
            ]
            paid = [[p["penalties"] >> bit & 1 for bit in range(2)] for p in players]
            assert read.counts("seats.penalties", 2) == paid


@players(1, 2, 4)
def test_farms_agree_with_the_view(num_players):
    """Each Farm as the view shows it: its board, what stands on each space, the dinosaurs fed this round, the
    Barriers on its dotted lines, and the Enclosures those Barriers close with Mountains and Water."""
    geo = C.geometry
    farms = {f.name: f for f in C.farms}
    for s in states(num_players):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            players = [view["players"][p] for p in order(seat, num_players)]
            assert read.names("seats.farm", [f.name for f in C.farms], len(C.farms)) == [[p["farm"]] for p in players]
            cells = geo.num_cells
            spaces = read("seats.spaces", len(KINDS)).reshape(num_players, cells, len(KINDS))
            for pos, p in enumerate(players):
                shown = [KINDS[int(np.argmax(row))] if row.any() else None for row in spaces[pos]]
                assert shown == [x["name"] if x else None for x in p["spaces"]]
                fed = [geo.cell_name(x) for x in np.flatnonzero(read("seats.fed", cells)[pos])]
                assert fed == p["fed"]
                fence = [geo.edge_names[e] for e in np.flatnonzero(read("seats.fence", geo.num_edges)[pos])]
                assert sorted(fence) == sorted(p["fence"])
                farm = farms[p["farm"]]
                barriers = set_of(geo.edge_names.index(e) for e in p["fence"])
                closed = [int(z < OPEN) for z in zones(geo, farm.dotted, barriers)]
                assert read.counts("seats.enclosed", cells)[pos] == closed
                symbols = read("seats.symbols", 3 * cells)[pos].reshape(cells, 3)
                assert [int(np.argmax(r)) if r.any() else -1 for r in symbols] == list(farm.symbols)


@players(1, 3)
def test_the_shared_board_agrees_with_the_view(num_players):
    """The supply of dinosaurs and Barriers, the Research row (by position: its action ids are positions), the
    Research discard, the face-up Public Contracts, the decks' sizes, who holds the First Player Marker, the
    Hunting Die's last roll and every holder's strength on each action space."""
    for s in states(num_players):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            holders = [f"player {p + 1}" for p in order(seat, num_players)] + (["Rival"] if s.solo else [])
            assert read.counts("board.supply") == [view["supply"][k] for k in SPECIES]
            assert read.counts("board.barrier_supply") == [view["barrier_supply"]]
            assert read.counts("board.research_deck") == [view["research_deck"]]
            assert read.counts("board.contract_deck") == [view["public_deck"]]
            assert read.counts("board.private_deck") == [view["private_deck"]]
            row = read.names("board.research_row", RESEARCH, len(RESEARCH))
            assert row[: len(view["research_row"])] == [[r["name"]] for r in view["research_row"]]
            assert all(not cards for cards in row[len(view["research_row"]) :])
            assert sorted(read.names("board.research_discard", RESEARCH)) == sorted(
                r["name"] for r in view["research_discard"]
            )
            assert sorted(read.names("board.public_contracts", CONTRACTS)) == sorted(
                k["name"] for k in view["public_contracts"]
            )
            first = view["first_player"]
            assert read.names("first_player", holders) == ["Rival" if first == "rival" else f"player {first + 1}"]
            die = view["hunting_die"]
            if die is None:
                assert not read("board.hunting_die.holder").any()
            else:
                assert read.names("board.hunting_die.holder", holders) == [die["who"]]
                assert read.names("board.hunting_die.species", [sp.name for sp in C.species]) == [
                    die["species"]["name"]
                ]
                assert read.names("board.hunting_die.face", FACES) == [die["face"]]
            strengths = read.counts("board.action_spaces", len(view["action_spaces"]))
            for h, name in enumerate(holders):
                assert strengths[h] == [space["occupants"].get(name, 0) for space in view["action_spaces"]]


@players(2, 4)
def test_the_open_decision_agrees_with_the_view(num_players):
    """Whose turn it is (from the observer), the decision open (the view's phase), the round, and the
    decision's context: the action space's step asking (hunt, take, trade...) and the dinosaurs escaping."""
    decisions = [d.name for d in TABLE]
    for s in states(num_players, every=3):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            turn = read.counts("turn")
            if view["current_player"] is None:
                assert not any(turn)
            else:
                assert turn.index(1) == (view["current_player"] - seat) % num_players and sum(turn) == 1
            assert read.names("decision", decisions) == [view["phase"]]
            assert read.counts("round").index(1) + 1 == view["round"]
            steps = read.names("choice.step", ["hunt", "dinosaur", "trade", "research", "contract"])
            assert steps == ([view["choice"]] if view["choice"] else [])
            escaping = read.counts("escape.escaping")
            uniques = read.names("escape.escaping_unique", UNIQUES)
            shown = [x["name"] for x in view["escaping"]]
            assert escaping == [shown.count(sp.name) for sp in C.species]
            assert sorted(uniques) == sorted(x for x in shown if x in UNIQUES)
            if s.phase == CHOOSE:
                slot = s.ctx.slot
                assert read.counts("choice.space").index(1) == slot
            if s.phase == ESCAPE:
                assert sum(read.counts("escape.penalty")) == 1 and sum(read.counts("escape.why")) == 1


@players(1, 2, 3, 4)
def test_private_contracts_are_the_observers_alone_until_the_end(num_players):
    """Private Contracts are kept face down: the observer's own are named (and those dealt to it at setup),
    another seat's only counted, as the view does; at the end every Private Contract is shown."""
    for s in states(num_players, every=5):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            held = read.names("seats.private", PRIVATE, len(PRIVATE))
            for pos, p in enumerate(order(seat, num_players)):
                mine = view["players"][p]["private"]
                if isinstance(mine, list):
                    assert sorted(held[pos]) == sorted(k["name"] for k in mine)
                else:
                    assert held[pos] == []
            dealt = view["players"][seat]["dealt"]
            assert sorted(read.names("me.dealt", PRIVATE)) == sorted(k["name"] for k in dealt)
            assert read.counts("seats.dealt_count")[0] == len(dealt)
        if s.is_over and num_players > 1:
            # Every seat's Private Contracts are named at the end: the last seat's show in the first seat's vector.
            assert Reading(s, 0).names("seats.private", PRIVATE, len(PRIVATE))[-1] == sorted(
                (k["name"] for k in s.view(0)["players"][-1]["private"]), key=PRIVATE.index
            )


@players(2, 3)
def test_the_private_contract_put_back_at_setup_is_remembered(num_players):
    """Setup: each player is dealt 2 Private Contracts and keeps 1, the other going back to the deck (the
    rulebook); the seat that put it back knows which, and nobody else does."""
    s = GAME.new_game(num_players, 5, {})
    assert s.phase == KEEP
    seat = s.current_player
    dealt = [k["name"] for k in s.view(seat)["players"][seat]["dealt"]]
    s.apply(s.legal_actions()[0])  # keeps the first dealt
    kept = [k["name"] for k in s.view(seat)["players"][seat]["private"]]
    assert Reading(s, seat).names("me.returned", PRIVATE) == [k for k in dealt if k not in kept]
    for other in range(num_players):
        if other != seat:
            assert not Reading(s, other)("me.returned").any()


@players(1)
def test_the_solo_rival_agrees_with_the_view(num_players):
    """The solo Rival as the view shows it: its species columns, resources, Contracts and Research cards, the
    cards it has played this round and those it still has to play, and its score."""
    rival_cards = [card.name for card in C.rival_cards]
    for s in states(num_players, seeds=range(4), every=4):
        view, read = s.view(0), Reading(s, 0)
        rival = view["rival"]
        assert read.counts("rival.columns") == [rival["columns"][k] for k in SPECIES]
        assert read.counts("rival.resources") == list(rival["resources"].values())
        assert sorted(read.names("rival.contracts", CONTRACTS)) == sorted(k["name"] for k in rival["contracts"])
        assert sorted(read.names("rival.research", RESEARCH)) == sorted(r["name"] for r in rival["research"])
        assert sorted(read.names("rival.played", rival_cards)) == sorted(r["name"] for r in rival["played"])
        assert read.counts("rival.cards_left") == [rival["cards_left"]]
        assert read.counts("rival.score") == [rival["score"]]


@players(2, 3, 4)
def test_seats_are_listed_from_the_observer(num_players):
    """One policy plays any seat: each seat reads itself first, then the others in turn order (the seats'
    starting resources differ by seat, so the order shows)."""
    s = GAME.new_game(num_players, 11, {})
    for seat in range(num_players):
        listed = Reading(s, seat).counts("seats.resources", 3)
        players = s.view(seat)["players"]
        assert listed == [list(players[p]["resources"].values()) for p in order(seat, num_players)]
        assert len({tuple(r) for r in listed}) == num_players  # the seats' bonuses tell them apart


@players(1, 4)
def test_every_count_is_divided_by_the_number_its_doc_states(num_players):
    """A slice's doc says how its entries are scaled ("plant, meat and supply of each seat / 13"): the encoder
    divides by exactly that, and a slice whose doc states no divisor holds 0s and 1s."""
    encoder = encoder_for(GAME.new_game(num_players, 0, {}))
    for s in encoder.layout.slices:
        scale = encoder.scale[s.start : s.stop]
        if " / " in s.doc:
            divisor = float(s.doc.rsplit(" / ", 1)[1].split()[0])
            assert np.allclose(scale, np.float32(1 / divisor)), s.name
        else:
            assert (scale == 1).all() and (s.low, s.high) == (0, 1), s.name


@players(1, 2, slow=(4,))
def test_an_encoder_that_has_seen_other_positions_encodes_as_a_new_one(num_players):
    """The encoder keeps each seat's part (Farm, cards, score) from one decision to the next, since a seat's
    part changes only when it acts: after every decision of a game (a dinosaur fed, a Barrier placed, a
    penalty paid...) the kept parts must give the vector a new encoder works out from nothing."""
    kept = encoder_for(GAME.new_game(num_players, 0, {}))
    s = GAME.new_game(num_players, 21, {})
    rng = random.Random(21)
    while True:
        seat = s.current_player if s.current_player is not None else 0
        for observer in {seat, (seat + 1) % num_players}:
            fresh = type(kept)(GAME.new_game(num_players, 0, {}))
            assert np.array_equal(kept.encode(s, observer), fresh.encode(s, observer)), s.history[-1:]
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
