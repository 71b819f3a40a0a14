"""The Tiny Epic Dinosaurs state: flat lists of small ints and tuples, so that clone() is a few list copies.

Per-seat values live in flat lists indexed by seat (or seat * width + item): resources, Containment
Zone, Farm spaces. A Farm space holds -1 (empty), a common species (0-3) or UNIQUE + the Research card
of a Unique Dinosaur. Barriers on a Farm are a bit mask over the grid's edges.
"""

from __future__ import annotations

from dinotable.core.contract import Secret
from dinotable.core.flat import FlatState
from dinotable.core.rng import derive_seed, seed_state, shuffle
from dinotable.games.tiny_epic_dinosaurs import render, rules, scoring
from dinotable.games.tiny_epic_dinosaurs.components import KEEP
from dinotable.games.tiny_epic_dinosaurs.decisions import TABLE
from dinotable.games.tiny_epic_dinosaurs.farm import farm_zones


class TinyEpicDinosaursState(FlatState):
    rules, scoring, render = rules, scoring, render
    decisions = TABLE
    unkeyed = frozenset({"ids", "place_cache"})  # not part of the key: the action ids' layout, a cache
    # The ids are sized from the game's content, so the layout is the game's.
    layout = property(lambda self: self.game.layout)

    def __init__(self, game, num_players: int, seed: int, options: dict) -> None:
        c = game.content
        self.game = game
        self.c = c
        self.ids = game.ids  # the first id of each range of the game's action layout
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.solo = num_players == 1
        self.slots = c.spaces_for[num_players]  # action spaces on this side, boards A-D
        # Turn holders for allocation: the seats, and in the solo game the Rival after them.
        self.holders = num_players + (1 if self.solo else 0)
        rng = seed_state(seed)
        geo = c.geometry
        n_cells = geo.num_cells

        farms = list(range(len(c.farms)))
        rng = shuffle(rng, farms)
        if options["farm"] != "random":
            farms = [next(f.index for f in c.farms if f.name == options["farm"])] * num_players
        self.farm = tuple(farms[:num_players])
        self.res = [0] * (3 * num_players)
        for seat in range(num_players):
            for r in range(3):
                self.res[seat * 3 + r] = c.seat_bonus[seat][r]
        start = c.numbers["starting_barriers"]
        self.barriers = [start] * num_players
        self.barrier_supply = c.numbers["barrier_supply"] - start * num_players
        self.fence = [0] * num_players
        self.zones = [farm_zones(self, seat) for seat in range(num_players)]
        self.cells = [-1] * (n_cells * num_players)
        self.fed = [0] * num_players
        self.hold = [0] * (4 * num_players)
        self.hold_unique: list[tuple[int, ...]] = [()] * num_players
        self.medical = [0] * (4 * num_players)
        self.normals = [0] * num_players
        self.foreman = [False] * num_players
        self.occ = [0] * (len(self.slots) * self.holders)
        self.supply = [sp.supply for sp in c.species]

        publics = [k.index for k in c.contracts if k.public]
        privates = [k.index for k in c.contracts if not k.public]
        rng = shuffle(rng, publics)
        rng = shuffle(rng, privates)
        row = c.numbers["contracts_extra"] + num_players
        self.public_row = publics[:row]
        self.public_deck = publics[row:]
        dealt = c.numbers["private_dealt"]
        self.dealt = [tuple(privates[seat * dealt : (seat + 1) * dealt]) for seat in range(num_players)]
        self.private_deck = privates[num_players * dealt :]
        self.private: list[tuple[int, ...]] = [()] * num_players
        self.returned: list[tuple[int, ...]] = [()] * num_players  # what each seat put back at setup
        self.fulfilled: list[tuple[int, ...]] = [()] * num_players

        research = list(range(len(c.research)))
        rng = shuffle(rng, research)
        n_row = c.numbers["research_row"]
        self.research_row = research[:n_row]
        self.research_deck = research[n_row:]
        self.research_discard: list[int] = []
        self.owned: list[tuple[int, ...]] = [()] * num_players

        self.penalties = [0] * num_players
        self.newborns = [0] * (4 * num_players)
        self.rival_cols = [0] * 4
        self.rival_res = [0] * 3
        self.rival_contracts: tuple[int, ...] = ()
        self.rival_research: tuple[int, ...] = ()
        self.rival_deck = list(range(len(c.rival_cards))) if self.solo else []
        self.rival_hand = 0  # Rival cards still to play this round (the top of rival_deck)

        self.first = 0
        self.cur = 0
        self.round = 1
        self.phase = KEEP
        self.ctx = None  # the open decision's context (decisions.py), None for a decision that needs none
        self.queue: tuple[int, ...] = tuple(range(num_players))  # the seats still to act in this phase
        self.over = False
        self.place_cache = None  # (seat, legal placements) worked out when the turn passed to that seat
        self.rng = rng
        self.history: list[int] = []
        events: list = []
        rules.settle(self, events)
        self.relist()

    def _determinize(self, seat: int | None, seed: int) -> TinyEpicDinosaursState:
        """A copy in which what `seat` cannot see is re-dealt: deck orders, the other seats' Private
        Contracts (kept and dealt), the Rival's cards still in hand; and the future chance is re-seeded."""
        new = self.clone()
        rng = seed_state(derive_seed(seed, 1))
        rng = shuffle(rng, new.public_deck)
        rng = shuffle(rng, new.research_deck)
        others = [o for o in range(self.num_players) if o != seat]
        # The Private Contract the seat put back is known to be in the deck until round 4's draw.
        known = self.returned[seat] if seat is not None and self.round < self.c.numbers["new_dinofarmer_round"] else ()
        pool = [k for k in self.private_deck if k not in known]
        for o in others:
            pool += self.private[o] + self.dealt[o]
        rng = shuffle(rng, pool)
        for o in others:
            k = len(self.private[o])
            new.private[o], pool = tuple(pool[:k]), pool[k:]
            k = len(self.dealt[o])
            new.dealt[o], pool = tuple(pool[:k]), pool[k:]
        new.private_deck = pool + list(known)
        for o in others:
            new.returned[o] = ()  # what another seat put back is its own secret
        rng = shuffle(rng, new.private_deck)
        if self.solo:
            rng = shuffle(rng, new.rival_deck)
        self._reseed_copy(new, seed)
        new.place_cache = None  # re-dealt contracts may change what the seat to move can do
        new.relist()
        return new

    def secrets(self, seat: int | None) -> dict[str, Secret]:
        """Deck orders, and every other seat's Private Contracts (kept and dealt), dealt from the contracts
        this seat has not seen."""
        known = self.returned[seat] if seat is not None and self.round < self.c.numbers["new_dinofarmer_round"] else ()
        others = [o for o in range(self.num_players) if o != seat]
        unseen = [k for k in self.private_deck if k not in known]
        for o in others:
            unseen += [*self.private[o], *self.dealt[o]]
        pool = tuple(unseen)
        out = {
            "Contract deck": Secret(tuple(self.public_deck), tuple(self.public_deck), ordered=True),
            "Research deck": Secret(tuple(self.research_deck), tuple(self.research_deck), ordered=True),
            "Rival deck": Secret(tuple(self.rival_deck), tuple(self.rival_deck), ordered=True),
            "Private Contract deck": Secret(tuple(k for k in self.private_deck if k not in known), pool),
        }
        for o in others:
            out[f"seat {o}'s Private Contracts"] = Secret(tuple(self.private[o]), pool)
            out[f"seat {o}'s dealt Private Contracts"] = Secret(tuple(self.dealt[o]), pool)
        return out
