"""My Funny Dinos' observation encoding says what `view(seat)` says: for states of seeded random games, every
slice read back (divided by its scale) equals the view's own entry, seats listed from the observer; and the
success chance of each tile equals the one the excavation's text tells."""

from __future__ import annotations

import re

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed (pip install -e '.[rl]')")

import dinotable  # noqa: E402
from dinotable.games.my_funny_dinos.content import ICONS, PARTS  # noqa: E402
from dinotable.games.my_funny_dinos.encoding import Encoder  # noqa: E402
from dinotable.games.my_funny_dinos.rules import DIG, EXCAVATE, success_chance  # noqa: E402
from dinotable.rl import encoder_for  # noqa: E402

from .sampling import Reading, sampled_states  # noqa: E402

GAME = dinotable.get_game("my-funny-dinos")
C = GAME.content
COLOURS = list(C.colours)
MISSIONS = [m.name for m in C.missions]
DECISIONS = [d.name for d in GAME.new_game(2, 0).decisions]
NUM_SPOTS = C.num_spots

# Player counts and options, named so that `-k my-funny-dinos` selects them: the plain game, the dice with
# two rocks and shakier stacks each round, and the model with a different hand at each seat.
SETUPS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (3, {"excavation": "dice", "rocks_per_base": 2, "shaky_stacks": True}),
    (4, {"shaky_stacks": True, "dexterity": [0.5, 2.0, 1.0, 4.0]}),
]
setups = pytest.mark.parametrize(
    "num_players, options",
    SETUPS,
    ids=[f"my-funny-dinos-{n}p-{'-'.join(o) or 'default'}" for n, o in SETUPS],
)


def states(num_players: int, options: dict, seeds=range(3), every: int = 5):
    return sampled_states(GAME, num_players, options, seeds, every)


def order(seat: int, n: int) -> list[int]:
    return [(seat + k) % n for k in range(n)]


def relative(seat: int, n: int, seats) -> list[int]:
    """Seats as the observer lists them (itself 0), sorted."""
    return sorted((other - seat) % n for other in seats)


@setups
def test_the_turn_agrees_with_the_view(num_players, options):
    """The seat to move, the open decision, the amber token (first player), the round and the final round
    (rulebook, Game End: five dinosaurs restored), as the view tells them."""
    for s in states(num_players, options):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            mover = view["current_player"]
            assert read.ones("turn.seat") == ([] if mover is None else relative(seat, num_players, [mover]))
            assert [DECISIONS[i] for i in read.ones("turn.decision")] == [view["phase"]]
            assert read.ones("turn.first_player") == relative(seat, num_players, [view["first_player"]])
            assert read.counts("turn.round") == [min(view["round"], 50)]
            assert read.counts("turn.final_round") == [int(view["final_round"])]


@setups
def test_the_board_and_options_agree_with_the_view(num_players, options):
    """The bone supply, the dinosaurs restored, each spot of the pile (the paper's edge, the rocks on its
    base tile, its tiles) and the options (rocks per base, dice, shaky stacks, each seat's dexterity)."""
    for s in states(num_players, options, seeds=range(2)):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            assert read.counts("board.bone_supply") == [view["bone_supply"]]
            assert read.counts("board.dinosaurs") == [view["dinosaurs_restored"]]
            assert read.counts("pile.edge") == [int(spot["edge"]) for spot in view["pile"]]
            assert read.counts("pile.rocks") == [spot["rocks"] for spot in view["pile"]]
            assert read.counts("pile.tiles") == [len(spot["tiles"]) for spot in view["pile"]]
            shown = view["options"]
            assert read.counts("options.rocks_per_base") == [shown["rocks_per_base"]]
            assert read.counts("options.dice") == [int(shown["excavation"] == "dice")]
            assert read.counts("options.shaky_stacks") == [int(shown["shaky_stacks"])]
            dexterity = read("seats.dexterity") / read.encoder.scale[read.slices["seats.dexterity"].start]
            assert dexterity.tolist() == pytest.approx([shown["dexterity"][k] for k in order(seat, num_players)])


@setups
def test_each_seats_holdings_agree_with_the_view(num_players, options):
    """Each seat, the observer first: its bone tokens, its loose tiles by part (rulebook, Restoration: a head,
    a tail and two legs make a dinosaur), its restored dinosaurs and how many are single-colour (10 points
    against 6), and its points as the score breakdown counts them if the game ended now."""
    for s in states(num_players, options):
        scores = s.scores()
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            players = [view["players"][k] for k in order(seat, num_players)]
            assert read.counts("seats.bones") == [p["bones"] for p in players]
            loose = [[sum(1 for t in p["tiles"] if t["part"] == part) for part in PARTS] for p in players]
            assert read.counts("seats.loose", len(PARTS)) == loose
            assert read.counts("seats.dinosaurs") == [len(p["dinosaurs"]) for p in players]
            single = [sum(1 for d in p["dinosaurs"] if len({t["colour"] for t in d["tiles"]}) == 1) for p in players]
            assert read.counts("seats.single_colour") == single
            assert read.counts("seats.score") == [scores[k] for k in order(seat, num_players)]


@setups
def test_the_missions_agree_with_the_view(num_players, options):
    """The three mission tiles revealed (rulebook, Setup), and each one's owners as the view shows them: who
    took a red one, who leads a black one's colour now (every tied player; nobody without a tile of it)."""
    for s in states(num_players, options):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            assert [MISSIONS[i] for i in read.ones("missions.revealed")] == sorted(
                (m["name"] for m in view["missions"]), key=MISSIONS.index
            )
            owners = read.ones("missions.owners", num_players)
            for m in view["missions"]:
                assert owners[MISSIONS.index(m["name"])] == relative(seat, num_players, m["owners"]), m["name"]
            hidden = set(range(len(MISSIONS))) - {MISSIONS.index(m["name"]) for m in view["missions"]}
            assert all(owners[i] == [] for i in hidden)


def tile_places(view, seat: int, n: int) -> dict[int, tuple]:
    """Each tile number's place as the view shows it: (spot, tiles on it), or (seat listed, restored), and its
    face as the view shows it."""
    places = {}
    for spot in view["pile"]:
        tiles = spot["tiles"]
        for depth, t in enumerate(tiles):
            places[t["tile"]] = (("pile", spot["spot"], len(tiles) - 1 - depth), t)
    for p in view["players"]:
        k = (p["seat"] - seat) % n
        for t in p["tiles"]:
            places[t["tile"]] = (("loose", k), t)
        for d in p["dinosaurs"]:
            for t in d["tiles"]:
                places[t["tile"]] = (("dinosaur", k), t)
    return places


@setups
def test_each_tile_agrees_with_the_view(num_players, options):
    """Each of the 40 fossil tiles by its number: where it is (a spot of the pile, a seat's loose tiles, a
    seat's dinosaur), the tiles lying on it, and only what the table has seen of it (the top tile's face, the
    next one's colour ribbon, nothing of a buried one); and the tiles picked in the open decision."""
    width = NUM_SPOTS + 2 * num_players
    face_width = len(COLOURS) + len(PARTS) + len(ICONS)
    for s in states(num_players, options):
        for seat in range(num_players):
            view, read = s.view(seat), Reading(s, seat)
            places = tile_places(view, seat, num_players)
            assert sorted(places) == list(range(40))
            where = read.ones("tiles.where", width)
            face = read.ones("tiles.face", face_width)
            covered = read.counts("tiles.covered")
            for p, (place, shown) in places.items():
                if place[0] == "pile":
                    assert where[p] == [place[1]]
                    assert covered[p] == min(place[2], 8)
                else:
                    assert where[p] == [NUM_SPOTS + place[1] + (num_players if place[0] == "dinosaur" else 0)]
                    assert covered[p] == 0
                seen = []
                if "colour" in shown:
                    seen.append(COLOURS.index(shown["colour"]))
                if "part" in shown:
                    seen.append(len(COLOURS) + PARTS.index(shown["part"]))
                if "icon" in shown:
                    seen.append(len(COLOURS) + len(PARTS) + ICONS.index(shown["icon"]))
                assert face[p] == seen, f"tile #{p}: {shown}"
            assert read.ones("tiles.picked") == sorted(t["tile"] for t in view["picked"])


@setups
def test_each_tiles_chance_is_the_one_its_excavation_tells(num_players, options):
    """The chance that the observer's excavation of a tile succeeds, for every tile in the pile (the model
    with the seat's dexterity, or the die; shakier stacks each round), is the one the excavation's text gives
    to that seat; 0 for a tile out of the pile."""
    for s in states(num_players, options, every=7):
        for seat in range(num_players):
            read = Reading(s, seat)
            chance = read("tiles.chance")
            for p in range(40):
                expected = success_chance(s, p, seat) if p in s.pile else 0.0
                assert chance[p] == pytest.approx(expected, abs=1e-6), f"tile #{p}"
            if seat == s.current_player and s.phase == EXCAVATE:
                for p in s.pile:
                    told = re.search(r"die \((\d+)%\)|(\d+)% to succeed", s.action_text(DIG + p))
                    assert abs(int(told.group(1) or told.group(2)) - 100 * chance[p]) <= 0.5 + 1e-3, f"tile #{p}"


@setups
def test_kept_tables_do_not_leak_between_games_or_vectors(num_players, options):
    """The encoder keeps each game's fixed entries and chance tables, and each vector's views: encoding states
    of two games and of determinized copies in turn, into one vector or another, gives what a new encoder
    gives."""
    first, second = (list(states(num_players, options, seeds=[seed], every=11)) for seed in (5, 6))
    shared = encoder_for(first[0])
    vectors = [np.zeros(shared.size, dtype=np.float32) for _ in range(2)]
    for k, (a, b) in enumerate(zip(first, second, strict=False)):
        for s in (a, b, a.determinize(k % num_players, k)):
            for seat in range(num_players):
                fresh = Encoder(GAME.new_game(num_players, 0, options)).encode(s, seat)
                assert np.array_equal(shared.encode(s, seat, vectors[k % 2]), fresh)


@pytest.mark.parametrize("num_players", [3], ids=["my-funny-dinos-3p"])
def test_an_unseen_tile_shows_nothing_and_a_seen_one_its_colour_or_face(num_players):
    """The designed rule of what the pile shows (the top tile whole, the next by its colour ribbon, none
    deeper), on a new game: every stack's top tile shows colour and part, the one under it its colour only."""
    s = GAME.new_game(num_players, 11)
    read = Reading(s, 0)
    face = read.ones("tiles.face", len(COLOURS) + len(PARTS) + len(ICONS))
    for stack in s.stacks:
        top, under, *deeper = reversed(stack)
        assert len(face[top]) in (2, 3)  # colour and part (and an event's icon)
        assert len(face[under]) == 1 and face[under][0] < len(COLOURS)
        assert all(face[p] == [] for p in deeper)
