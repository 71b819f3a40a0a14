"""The Tiny Epic Dinosaurs state: flat lists of small ints and tuples, so that clone() is a few list copies.

Per-seat values live in flat lists indexed by seat (or seat * width + item): resources, Containment
Zone, Medical Leave, newborns, Farm spaces; and the action spaces' holders by slot * holders + holder.
Rules read and change them only through the accessors below. A Farm space holds -1 (empty), a common
species (0-3) or a Unique Dinosaur's code (components.unique_code). Barriers on a Farm, its fed spaces
and the penalties paid are bit masks, read the same way.
"""

from __future__ import annotations

from dinotable.core.contract import Secret
from dinotable.core.flat import FlatState
from dinotable.core.rng import derive_seed, redeal, seed_state, shuffle
from dinotable.games.tiny_epic_dinosaurs import render, rules, scoring
from dinotable.games.tiny_epic_dinosaurs.components import (
    COMMON_SPECIES,
    KEEP,
    MEAT,
    NUM_RESOURCES,
    PLANT,
    SUPPLY,
)
from dinotable.games.tiny_epic_dinosaurs.decisions import TABLE
from dinotable.games.tiny_epic_dinosaurs.farm import farm_zones
from dinotable.games.tiny_epic_dinosaurs.grid import members

R, K = NUM_RESOURCES, COMMON_SPECIES  # the widths of a seat's resources and of its per-species counts


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
        self.res = [0] * (R * num_players)
        for seat in range(num_players):
            self.set_resources(seat, c.seat_bonus[seat])
        start = c.numbers["starting_barriers"]
        self.barriers = [start] * num_players
        self.barrier_supply = c.numbers["barrier_supply"] - start * num_players
        self.fence = [0] * num_players
        self.zones = [farm_zones(self, seat) for seat in range(num_players)]
        self.cells = [-1] * (n_cells * num_players)
        self.fed = [0] * num_players
        self.hold = [0] * (K * num_players)
        self.hold_unique: list[tuple[int, ...]] = [()] * num_players
        self.medical = [0] * (K * num_players)
        self.normals = [0] * num_players
        self.foreman = [False] * num_players
        self.foreman_at = [-1] * num_players  # the slot the seat's Foreman stands on, -1 while it is not out
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
        self.newborns = [0] * (K * num_players)
        self.rival_cols = [0] * K
        self.rival_res = [0] * R
        self.rival_contracts: tuple[int, ...] = ()
        self.rival_research: tuple[int, ...] = ()
        self.rival_deck = list(range(len(c.rival_cards))) if self.solo else []
        self.rival_hand = 0  # Rival cards still to play this round (the top of rival_deck)
        self.rival_played: tuple[tuple[int, int], ...] = ()  # this round's Rival cards: (card, slot or -1)
        self.last_roll: tuple[int, ...] = ()  # the Hunting Die's last result: (holder, species, face)

        self.first = 0
        self.cur = 0
        self.round = 1
        self.phase = KEEP
        self.ctx = None  # the open decision's context (decisions.py), None for a decision that needs none
        self.queue: tuple[int, ...] = tuple(range(num_players))  # the seats still to act in this phase
        self.over = False
        # (seat, legal placements) worked out when the turn passed to that seat
        self.place_cache: tuple[int, tuple[int, ...]] | None = None
        self.rng = rng
        self.history: list[int] = []
        events: list = []
        rules.settle(self, events)
        self.relist()

    # A seat's resources (PLANT, MEAT, SUPPLY): in the flat `res`, at seat * R + resource.
    def resource(self, seat: int, r: int) -> int:
        return self.res[seat * R + r]

    def resources(self, seat: int) -> list[int]:
        """A copy of the seat's tracks: plant, meat, supply."""
        return self.res[seat * R : seat * R + R]

    def gain(self, seat: int, r: int, amount: int) -> int:
        """Moves the seat's marker up, stopping at the track's top (13); returns what was actually gained."""
        i = seat * R + r
        have = self.res[i]
        got = min(have + amount, self.c.numbers["track_max"]) - have
        self.res[i] = have + got
        return got

    def gain_each(self, seat: int, amounts) -> list[int]:
        """`gain` for each resource (plant, meat, supply: the first amounts); returns what was gained of each."""
        top, res, i = self.c.numbers["track_max"], self.res, seat * R
        plant, meat, supply = res[i : i + R]
        res[i + PLANT] = min(plant + amounts[PLANT], top)
        res[i + MEAT] = min(meat + amounts[MEAT], top)
        res[i + SUPPLY] = min(supply + amounts[SUPPLY], top)
        return [res[i + PLANT] - plant, res[i + MEAT] - meat, res[i + SUPPLY] - supply]

    def add_resource(self, seat: int, r: int, n: int) -> None:
        """The seat's marker moves n up (down if n < 0), uncapped: `gain` stops at the top."""
        self.res[seat * R + r] += n

    def set_resources(self, seat: int, values) -> None:
        self.res[seat * R : seat * R + R] = values

    def pay(self, seat: int, cost) -> None:
        """The seat pays a cost (plant, meat, supply)."""
        i, res = seat * R, self.res
        res[i + PLANT] -= cost[PLANT]
        res[i + MEAT] -= cost[MEAT]
        res[i + SUPPLY] -= cost[SUPPLY]

    # A seat's common dinosaurs by species, in the Containment Zone (`hold`), on Medical Leave (`medical`)
    # and born this round (`newborns`): each at seat * K + species.
    def held(self, seat: int, k: int) -> int:
        """Common dinosaurs of species k in the seat's Containment Zone."""
        return self.hold[seat * K + k]

    def held_commons(self, seat: int) -> list[int]:
        """A copy of the seat's Containment Zone counts, by species."""
        return self.hold[seat * K : seat * K + K]

    def add_held(self, seat: int, k: int, n: int) -> None:
        self.hold[seat * K + k] += n

    def clear_held(self, seat: int) -> None:
        self.hold[seat * K : seat * K + K] = [0] * K

    def on_leave(self, seat: int, k: int) -> int:
        """Common dinosaurs of species k on Medical Leave with the seat's Dinofarmers."""
        return self.medical[seat * K + k]

    def add_on_leave(self, seat: int, k: int, n: int) -> None:
        self.medical[seat * K + k] += n

    def newborn(self, seat: int, k: int) -> int:
        return self.newborns[seat * K + k]

    def newborn_commons(self, seat: int) -> list[int]:
        """A copy of the seat's newborn counts, by species."""
        return self.newborns[seat * K : seat * K + K]

    def add_newborn(self, seat: int, k: int, n: int) -> None:
        self.newborns[seat * K + k] += n

    def clear_newborns(self, seat: int) -> None:
        self.newborns[seat * K : seat * K + K] = [0] * K

    # A seat's Farm spaces, each a dinosaur's code or EMPTY: in the flat `cells`, at seat * spaces + space.
    def space(self, seat: int, cell: int) -> int:
        """What stands on a Farm space: a dinosaur's code, or EMPTY."""
        return self.cells[seat * self.c.geometry.num_cells + cell]

    def farm_spaces(self, seat: int) -> list[int]:
        """A copy of the seat's Farm spaces, indexed by space."""
        n = self.c.geometry.num_cells
        return self.cells[seat * n : seat * n + n]

    def set_space(self, seat: int, cell: int, code: int) -> None:
        self.cells[seat * self.c.geometry.num_cells + cell] = code

    # The action spaces' holders (the seats, then the solo Rival): the strength each has on a slot, in the
    # flat `occ`, at slot * holders + holder.
    def occupants(self, slot: int) -> list[int]:
        """A copy of the strengths on a slot, by holder (0: not there)."""
        h = self.holders
        return self.occ[slot * h : slot * h + h]

    def occupant(self, slot: int, holder: int) -> int:
        return self.occ[slot * self.holders + holder]

    def set_occupant(self, slot: int, holder: int, strength: int) -> None:
        self.occ[slot * self.holders + holder] = strength

    # Bit masks by seat: Barriers by edge, fed dinosaurs by Farm space, penalties paid this round.
    def has_barrier(self, seat: int, edge: int) -> bool:
        return self.fence[seat] >> edge & 1 == 1

    def set_barrier(self, seat: int, edge: int) -> None:
        """A Barrier onto the edge of the seat's Farm (the Enclosures are the caller's to work out again)."""
        self.fence[seat] |= 1 << edge

    def clear_barrier(self, seat: int, edge: int) -> None:
        """The Barrier off the edge of the seat's Farm (likewise)."""
        self.fence[seat] &= ~(1 << edge)

    def is_fed(self, seat: int, cell: int) -> bool:
        return self.fed[seat] >> cell & 1 == 1

    def fed_spaces(self, seat: int) -> list[int]:
        """The Farm spaces whose dinosaur has been fed this round."""
        return members(self.fed[seat])

    def feed_space(self, seat: int, cell: int) -> None:
        """The dinosaur on this space has been fed this round."""
        self.fed[seat] |= 1 << cell

    def unfeed(self, seat: int, cell: int) -> None:
        """The space's dinosaur is gone: its space no longer counts as fed."""
        self.fed[seat] &= ~(1 << cell)

    def has_paid(self, seat: int, penalty: int) -> bool:
        """Whether the seat has paid this penalty (escapes.HERB_PENALTY, CARN_PENALTY) this round."""
        return bool(self.penalties[seat] & penalty)

    def mark_paid(self, seat: int, penalty: int) -> None:
        self.penalties[seat] |= penalty

    def _determinize(self, seat: int | None, seed: int) -> TinyEpicDinosaursState:
        """A copy in which what `seat` cannot see is re-dealt: deck orders, the other seats' Private
        Contracts (kept and dealt), the Rival's cards still in hand; and the future chance is re-seeded."""
        new = self.clone()
        rng = seed_state(derive_seed(seed, 1))
        rng = redeal(rng, new.public_deck)
        rng = redeal(rng, new.research_deck)
        # At the end every Private Contract is shown: nothing of the seats' is hidden any more.
        others = [] if self.over else [o for o in range(self.num_players) if o != seat]
        # The Private Contract the seat put back is known to be in the deck until round 4's draw.
        known = self.returned[seat] if seat is not None and self.round < self.c.numbers["new_dinofarmer_round"] else ()
        pool = [k for k in self.private_deck if k not in known]
        for o in others:
            pool += self.private[o] + self.dealt[o]
        rng = redeal(rng, pool)
        for o in others:
            k = len(self.private[o])
            new.private[o], pool = tuple(pool[:k]), pool[k:]
            k = len(self.dealt[o])
            new.dealt[o], pool = tuple(pool[:k]), pool[k:]
        new.private_deck = pool + list(known)
        for o in others:
            new.returned[o] = ()  # what another seat put back is its own secret
        rng = redeal(rng, new.private_deck)
        if self.solo:
            rng = redeal(rng, new.rival_deck)
        self._reseed_copy(new, seed)
        new.place_cache = None  # re-dealt contracts may change what the seat to move can do
        new.relist()
        return new

    def secrets(self, seat: int | None) -> dict[str, Secret]:
        """Deck orders, and every other seat's Private Contracts (kept and dealt), dealt from the contracts
        this seat has not seen."""
        known = self.returned[seat] if seat is not None and self.round < self.c.numbers["new_dinofarmer_round"] else ()
        others = [] if self.over else [o for o in range(self.num_players) if o != seat]
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
