"""The My Funny Dinos state: flat lists of small ints, so that clone() is a handful of list copies.

Tiles are physical pieces numbered 0-39; `kind[p]` says which fossil piece p is (its colour, part and
icon). For tiles still buried in the pile that is hidden information: determinize() re-deals it.
"""

from __future__ import annotations

from dinotable.core.contract import Secret
from dinotable.core.flat import FlatState
from dinotable.core.rng import derive_seed, redeal, seed_state, shuffle
from dinotable.games.my_funny_dinos import render, rules, scoring
from dinotable.games.my_funny_dinos.content import PARTS
from dinotable.games.my_funny_dinos.decisions import DECISIONS
from dinotable.games.my_funny_dinos.rules import COLOUR_KNOWN, EXCAVATE, LAYOUT, NOBODY, NUM_TILES

NUM_PARTS = len(PARTS)  # the width of a seat's loose-tile counts in `parts`


class MyFunnyDinosState(FlatState):
    rules, scoring, render = rules, scoring, render
    decisions, layout = DECISIONS, LAYOUT
    # Not part of the key: the options read once (keyed as options) and each spot's risk, worked out from
    # the base tiles' rocks and the content.
    unkeyed = frozenset({"dexterity", "dice_mode", "shaky", "spot_risk"})

    def __init__(self, game, num_players: int, seed: int, options: dict) -> None:
        c = game.content
        self.game = game
        self.c = c
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.dexterity = tuple(options["dexterity"])
        self.dice_mode = options["excavation"] == "dice"
        self.shaky = options["shaky_stacks"]
        rng = seed_state(seed)

        # The pile: shuffle the 40 tiles and deal them round-robin onto the spots, bottom to top.
        kinds = list(range(NUM_TILES))
        rng = shuffle(rng, kinds)
        self.kind = tuple(kinds)
        self.owner = [NOBODY] * NUM_TILES
        self.restored = [False] * NUM_TILES
        num_spots = c.num_spots  # a property: read once, as a new game is part of every simulated one
        self.spot = [p % num_spots for p in range(NUM_TILES)]
        self.stacks = [list(range(s, NUM_TILES, num_spots)) for s in range(num_spots)]
        self.known = [0] * NUM_TILES
        for stack in self.stacks:
            rules.reveal(self, stack)
        self.pile = list(range(NUM_TILES))

        # Base tiles with their rock stacks on distinct spots ("they should not be overlapped").
        base_spots = list(c.base_spots)
        rng = shuffle(rng, base_spots)
        rocks = options["rocks_per_base"]
        base_rocks = [0] * num_spots
        for spot in base_spots[: c.bases]:
            base_rocks[spot] = rocks
        self.base_rocks = tuple(base_rocks)
        m = c.model
        self.spot_risk = tuple(
            m["rock_base"]
            + (m["rock_base_here"] + m["rock_per_rock_here"] * base_rocks[s] if base_rocks[s] else 0.0)
            + m["rock_per_rock_near"] * sum(base_rocks[t] for t in c.spot_neighbours[s])
            for s in range(num_spots)
        )

        # Three of the seven mission tiles, face up; the rest are out of the game unseen.
        order = list(range(len(c.missions)))
        rng = shuffle(rng, order)
        self.missions = tuple(sorted(order[: c.numbers["missions_revealed"]]))
        self.mission_owner = [NOBODY] * len(self.missions)
        self.red_open = tuple(i for i, m_ in enumerate(self.missions) if c.missions[m_].border == "red")

        start = c.numbers["starting_bones"]
        self.bones = [start] * num_players
        self.supply = c.numbers["bone_supply"] - start * num_players
        self.parts = [0] * (NUM_PARTS * num_players)  # loose tiles per seat and part: read through `loose`
        self.dinos: list[rules.Dinosaur] = []
        self.first_player = 0  # holds the amber token
        self.cur = 0
        self.phase = EXCAVATE
        self.digs = 1
        self.ctx: tuple = ()  # the open decision's context: a NamedTuple of rules, or () if it needs none
        self.round = 1
        self.final_round = False
        self.over = False
        self.rng = rng
        self.history: list[int] = []
        self.relist()

    # How many loose tiles (excavated or exchanged, not yet in a restored dinosaur) a seat holds of a part
    # (HEAD, TAIL, LEG, EVENT): kept in the flat `parts`, at seat * NUM_PARTS + part, read and changed
    # only through these.
    def loose(self, seat: int, part: int) -> int:
        """How many loose tiles of this part the seat holds."""
        return self.parts[seat * NUM_PARTS + part]

    def add_loose(self, seat: int, part: int, n: int) -> None:
        """The seat gains n loose tiles of this part (n < 0: it gives them up, or restores them)."""
        self.parts[seat * NUM_PARTS + part] += n

    def _determinize(self, seat: int | None, seed: int) -> MyFunnyDinosState:
        """A copy in which the buried tiles are re-dealt and the future chance is re-seeded.

        Nobody at the table knows a buried tile (all seats see the same pile), so `seat` changes nothing
        here; a tile whose colour ribbon shows keeps its colour.
        """
        new = self.clone()
        rng = seed_state(derive_seed(seed, 1))
        known, colour_of = self.known, self.c.kind_colour
        ribbons = [p for p in self.pile if known[p] == COLOUR_KNOWN]
        buried = [p for p in self.pile if known[p] < COLOUR_KNOWN]
        pool = [self.kind[p] for p in ribbons + buried]
        rng = redeal(rng, pool)
        by_colour: list[list[int]] = [[] for _ in self.c.colours]
        for k in pool:
            by_colour[colour_of[k]].append(k)
        kind = list(self.kind)
        # A tile whose ribbon shows gets a random unseen kind of its colour; the buried ones share the rest.
        for p in ribbons:
            kind[p] = by_colour[colour_of[kind[p]]].pop()
        rest = [k for kinds in by_colour for k in kinds]
        rng = redeal(rng, rest)
        for p, k in zip(buried, rest, strict=True):
            kind[p] = k
        new.kind = tuple(kind)
        self._reseed_copy(new, seed)
        return new

    def secrets(self, seat: int | None) -> dict[str, Secret]:
        """The kinds of the buried tiles, and of the tiles whose colour ribbon shows, colour by colour (each
        pool holds just the part's own tiles: the re-deal also swaps them with others, so a part varies at
        least this much)."""
        known, kind, colour_of = self.known, self.kind, self.c.kind_colour
        out = {}
        buried = tuple(kind[p] for p in self.pile if known[p] < COLOUR_KNOWN)
        out["buried tiles"] = Secret(buried, buried, ordered=True)
        for colour in range(len(self.c.colours)):
            ribbons = tuple(kind[p] for p in self.pile if known[p] == COLOUR_KNOWN and colour_of[kind[p]] == colour)
            out[f"ribbon tiles of colour {colour}"] = Secret(ribbons, ribbons, ordered=True)
        return out
