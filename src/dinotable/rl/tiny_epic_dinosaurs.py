"""Tiny Epic Dinosaurs as one float32 vector per seat: the board, every Farm, the seat's own Private Contracts,
the open decision and its context, and in the solo game the Rival.

Seats are listed from the observer (`Encoder.seats_from`); the action spaces' holders are those seats, then
the solo Rival. For speed (an encoding costs about what the engine's own decision does) `fill` writes every
entry as if seat 0 observed, reading the state's flat fields as they stand, and one index table per observer
moves the entries to their places: the counts pass to numpy as one bytes object and every 1 of a one-hot or
a set as one list of indices. A seat's part (its Farm, cards and score) changes only when that seat acts,
so it is kept from one decision to the next, by everything it is made from.

Left out, as nothing a seat decides by: the printed terms of the cards and action spaces (each card or space
is a fixed entry of its slice, so the entry says which it is) and the Rival's rules text.
"""

from __future__ import annotations

import numpy as np

from dinotable.games.tiny_epic_dinosaurs.components import (
    ADAPT,
    CHOOSE,
    ESCAPE,
    FEED,
    KEEP,
    NEWBORN,
    OVER,
    UNIQUE,
)
from dinotable.games.tiny_epic_dinosaurs.escapes import WHY
from dinotable.games.tiny_epic_dinosaurs.grid import OPEN, members
from dinotable.rl.encoding import Encoder as BaseEncoder

# The steps of an action space that ask the player (the CHOOSE decision), as the context's one-hot names them.
CHOICE_STEPS = ("hunt", "dinosaur", "trade", "research", "contract")
ESCAPE_WHY = tuple(WHY)  # the phases dinosaurs escape in: Adapt the Farm, Feed Dinosaurs, Breeding
SCORE_SCALE = 50  # VP / 50: a strong score is near 1
BARRIER_SCALE = 10  # Barriers / 10: a player holds a few (the supply's 60 bound the range)
MEMO_SIZE = 1_000  # Farm boards kept per encoder (a game deals each seat one); then it starts over
SEAT_MEMO_SIZE = 4_096  # seats' parts kept per encoder (the last few hundred decisions'); then it starts over


class Encoder(BaseEncoder):
    def build(self, state) -> None:
        c = state.c
        n, solo = self.num_players, state.solo
        self.solo = solo
        geo = c.geometry
        cells, edges = geo.num_cells, geo.num_edges
        nums = c.numbers
        n_research, n_contracts, n_farms = len(c.research), len(c.contracts), len(c.farms)
        n_public = sum(1 for k in c.contracts if k.public)
        n_private = n_contracts - n_public
        n_species = len(c.species)
        uniques = [card.index for card in c.research if card.unique_diet >= 0]
        n_unique = len(uniques)
        slots = len(state.slots)
        holders = state.holders
        self.cells, self.edges, self.slots, self.holders = cells, edges, slots, holders
        self.n_farms = n_farms
        self.n_species, self.n_research, self.n_contracts = n_species, n_research, n_contracts
        self.first_private = n_public  # Private Contracts follow the Public ones in the content
        # A dinosaur's code (a species, or UNIQUE + its Research card) -> its entry among a space's kinds.
        self.kind_of = {k: k for k in range(n_species)}
        self.kind_of.update({UNIQUE + card: n_species + i for i, card in enumerate(uniques)})
        self.unique_entry = {card: i for i, card in enumerate(uniques)}
        kinds = n_species + n_unique
        self.kinds = kinds

        # Bounds worked out from the content, so that every declared range is a true one.
        workers = nums["dinofarmers"] + 1  # the fourth arrives in round 4
        player_strength = workers + nums["foreman_strength"]
        rival_strength = max((card.strength for card in c.rival_cards), default=0)
        strength = max(player_strength, rival_strength, player_strength + 1 if solo else 0)
        most_private = 1 + nums["round4_private"]
        supply = max(sp.supply for sp in c.species)
        top = nums["track_max"]
        negative = sum(min(0, card.vp) for card in c.research)
        bonus = sum(card.contract_bonus for card in c.research)
        best = (
            sum(k.vp for k in c.contracts)
            + bonus * n_contracts
            + sum(max(0, card.vp) for card in c.research)
            + cells * max(sp.value for sp in c.species)
        )
        rival_best = (
            sum(k.vp for k in c.contracts if k.public)
            + sum(max(0, card.vp) for card in c.research)
            + sum(sp.value * sp.supply for sp in c.species)
        )
        barriers = nums["barrier_supply"]
        rival_cards = len(c.rival_cards)
        rival_hand = max(c.rival_cards_per_round, c.rival_cards_from_round_4)
        who = "the seats from the observer, then the Rival" if solo else "the seats from the observer"

        add = self.layout.add
        scale: list[tuple[slice, float]] = []  # each count slice and what its entries are divided by

        def count(name: str, size: int, doc: str, divisor: float, high: float, low: float = 0.0) -> slice:
            where = add(name, size, doc, low / divisor, high / divisor)
            scale.append((where, 1.0 / divisor))
            return where

        # What is being decided, by whom, when.
        self.turn = add("turn", n, "1 for the seat to decide (the observer first), 0 for all once the game is over")
        self.decision = add(
            "decision",
            OVER + 1,
            "the open decision, one-hot: keep a Private Contract, Allocate Dinofarmers, choose on the action "
            "space, Adapt the Farm, Feed Dinosaurs, Dinosaur Escape, Breeding, the game is over",
        )
        self.round = add("round", nums["rounds"], "the round, one-hot (1 to 6)")
        self.first_player = add("first_player", holders, f"who holds the First Player Marker, one-hot over {who}")
        # The counts: one block, from one list of small whole numbers, scaled by one multiplication.
        self.numbers_start = self.layout.size
        count("board.supply", n_species, f"dinosaurs of each species in the supply / {supply}", supply, supply)
        count("board.barrier_supply", 1, f"Barriers in the supply / {barriers}", barriers, barriers)
        count("board.research_deck", 1, f"Research cards in the deck / {n_research}", n_research, n_research)
        count("board.contract_deck", 1, f"Public Contracts in the deck / {n_public}", n_public, n_public)
        count("board.private_deck", 1, f"Private Contracts in the deck / {n_private}", n_private, n_private)
        count(
            "board.action_spaces",
            holders * slots,
            f"the strength each holder has on each action space (by holder: {who}; then by space, in board "
            f"order) / {strength}",
            strength,
            strength,
        )
        count("seats.resources", 3 * n, f"plant, meat and supply of each seat / {top}", top, top)
        count(
            "seats.barriers",
            n,
            f"Barriers each seat holds, not yet on its Farm / {BARRIER_SCALE}",
            BARRIER_SCALE,
            barriers,
        )
        count(
            "seats.containment",
            n_species * n,
            f"common dinosaurs of each species in each seat's Containment Zone / {supply}",
            supply,
            supply,
        )
        count(
            "seats.medical_leave",
            n_species * n,
            f"common dinosaurs of each species on Medical Leave with each seat's Dinofarmers / {supply}",
            supply,
            supply,
        )
        count(
            "seats.newborns",
            n_species * n,
            f"newly hatched dinosaurs of each species each seat has still to place / {supply}",
            supply,
            supply,
        )
        count("seats.dinofarmers", n, f"Dinofarmers each seat has left to place / {workers}", workers, workers)
        count(
            "seats.private_count",
            n,
            f"Private Contracts each seat holds / {most_private}",
            most_private,
            most_private,
        )
        count(
            "seats.dealt_count",
            n,
            f"Private Contracts dealt to each seat, one to keep / {nums['private_dealt']}",
            nums["private_dealt"],
            nums["private_dealt"],
        )
        if solo:
            count("rival.columns", n_species, f"the Rival's dinosaurs of each species / {supply}", supply, supply)
            count("rival.resources", 3, f"the Rival's plant, meat and supply / {top}", top, top)
            count(
                "rival.cards_left",
                1,
                f"Rival cards still to play this round / {rival_hand}",
                rival_hand,
                rival_hand,
            )
        self.numbers_stop = self.layout.size
        # The scores (they may be below 0), written already scaled.
        self.scores = count("seats.score", n, f"each seat's VP so far / {SCORE_SCALE}", SCORE_SCALE, best, negative)
        if solo:
            self.rival_score = count(
                "rival.score", 1, f"the Rival's VP so far / {SCORE_SCALE}", SCORE_SCALE, rival_best
            )
        # Ones: one-hots and sets, every 1 written by index.
        self.die_holder = add(
            "board.hunting_die.holder", holders, f"who rolled the Hunting Die last, one-hot over {who}"
        )
        self.die_species = add("board.hunting_die.species", n_species, "the species hunted with that roll, one-hot")
        self.die_face = add("board.hunting_die.face", 3, "the face it showed, one-hot (Net, Damage, Egg)")
        self.research_row = add(
            "board.research_row",
            nums["research_row"] * n_research,
            "the Research row: for each position, the card there, one-hot over the Research cards",
        )
        self.research_discard = add("board.research_discard", n_research, "1 for each Research card discarded")
        self.public_row = add("board.public_contracts", n_public, "1 for each Public Contract face up")
        self.to_act = add(
            "seats.to_act",
            n,
            "1 for each seat still to act in this phase (keeping a Private Contract, Adapt the Farm, Feed "
            "Dinosaurs, Breeding)",
        )
        self.farm = add("seats.farm", n_farms * n, "each seat's Farm board, one-hot")
        self.symbols = add(
            "seats.symbols",
            3 * cells * n,
            "the symbol printed under each space of each seat's Farm, one-hot (plant, meat, supply), all 0 under "
            "a space without one",
        )
        self.dotted = add("seats.dotted", edges * n, "1 for each edge of each seat's Farm that is a dotted line")
        self.fence = add("seats.fence", edges * n, "1 for each edge of each seat's Farm with a Barrier on it")
        self.enclosed = add("seats.enclosed", cells * n, "1 for each space of each seat's Farm inside an Enclosure")
        self.spaces = add(
            "seats.spaces",
            kinds * cells * n,
            "what stands on each space of each seat's Farm, one-hot: the common species, then the Unique "
            "Dinosaurs (by Research card); 0 for an empty space",
        )
        self.fed = add("seats.fed", cells * n, "1 for each space of each seat's Farm whose dinosaur was fed this round")
        self.held_unique = add(
            "seats.containment_unique",
            n_unique * n,
            "1 for each Unique Dinosaur in each seat's Containment Zone",
        )
        self.foreman = add("seats.foreman", n, "1 if the seat's Foreman is still to place")
        self.owned = add("seats.research", n_research * n, "1 for each Research card each seat holds")
        self.fulfilled = add("seats.fulfilled", n_contracts * n, "1 for each Contract each seat has fulfilled")
        self.private = add(
            "seats.private",
            n_private * n,
            "1 for each Private Contract each seat holds: the observer's own, everyone's once the game is over",
        )
        self.penalties = add(
            "seats.penalties",
            2 * n,
            "1 for each escape penalty each seat has paid this round (herbivore, carnivore)",
        )
        self.dealt = add("me.dealt", n_private, "1 for each Private Contract dealt to the observer, to keep one")
        self.returned = add(
            "me.returned",
            n_private,
            "1 for the Private Contract the observer put back in the deck at setup",
        )
        self.choice = add(
            "choice.step",
            len(CHOICE_STEPS),
            "choosing on an action space: the step asking, one-hot (hunt, take a dinosaur, trade, Research, "
            "fulfil a Contract)",
        )
        self.choice_space = add("choice.space", slots, "choosing on an action space: which one, in board order")
        self.choice_species = add("choice.species", n_species, "choosing a dinosaur: 1 for each species offered")
        most_trade = max((st[1] for sp in c.spaces for st in sp.steps if st[0] == "trade"), default=1)
        self.trade = count(
            "choice.trade_amount",
            1,
            f"trading: how much of the other resource 1 resource buys / {most_trade}",
            most_trade,
            most_trade,
        )
        self.settled = add(
            "adapt.settled",
            cells,
            "Adapt the Farm: 1 for each space whose dinosaur was placed in this phase (it is not moved again)",
        )
        self.escaping = count(
            "escape.escaping",
            n_species,
            f"Dinosaur Escape: common dinosaurs of each species escaping / {supply}",
            supply,
            supply,
        )
        self.escaping_unique = add(
            "escape.escaping_unique", n_unique, "Dinosaur Escape: 1 for each Unique Dinosaur escaping"
        )
        self.omni_as = add(
            "escape.omnivores_as",
            2,
            "Dinosaur Escape: what escaping omnivores count as, once chosen (herbivores, carnivores)",
        )
        self.penalty = add(
            "escape.penalty",
            3,
            "Dinosaur Escape: the decision open, one-hot (what omnivores count as, what the carnivore takes, "
            "which Barrier is removed)",
        )
        self.why = add(
            "escape.why",
            len(ESCAPE_WHY),
            "Dinosaur Escape: why they escape, one-hot (not placed in Adapt the Farm, not fed, no room at Breeding)",
        )
        if solo:
            self.rival_contracts = add(
                "rival.contracts", n_public, "1 for each Public Contract the Rival has fulfilled"
            )
            self.rival_research = add("rival.research", n_research, "1 for each Research card the Rival holds")
            self.rival_played = add("rival.played", rival_cards, "1 for each Rival card played this round")

        self.scale = np.ones(self.layout.size, dtype=np.float32)
        for where, factor in scale:
            self.scale[where] = factor
        self.number_scale = self.scale[self.numbers_start : self.numbers_stop].copy()
        self._observers(slots)
        self.memo: dict = {}
        self.seat_memo: dict = {}
        self.parts: dict = {}  # what a seat's part is made from: its Barriers, its cards
        # Per Farm board: its one-hot, symbols and dotted lines as offsets within a seat's part of each slice.
        self.boards = []
        for farm in c.farms:
            symbols = [cell * 3 + sym for cell, sym in enumerate(farm.symbols) if sym >= 0]
            self.boards.append((farm.index, tuple(symbols), tuple(members(farm.dotted))))
        # VP tables for the scores (scoring.breakdown, read from flat tables): a Farm space's VP by its code
        # (the last entry, code -1, an empty space), a Contract's, a Research card's and its Contract bonus.
        self.space_vp = [sp.value for sp in c.species] + [0] * (UNIQUE - n_species + n_research) + [0]
        self.contract_vp = [k.vp for k in c.contracts]
        self.research_vp = [card.vp for card in c.research]
        self.contract_bonus = [card.contract_bonus for card in c.research]
        self.species_vp = [sp.value for sp in c.species]

    def _observers(self, slots: int) -> None:
        """For each observer, where each entry written for seat 0 as the observer goes (`maps`), and where
        each count of the block comes from in the list `fill` makes of the state's flat fields (`gathers`)."""
        n, holders = self.num_players, self.holders
        seat_wise = [s for s in self.layout.slices if s.name in ("turn", "seats.score") or s.name.startswith("seats.")]
        holder_wise = [
            s
            for s in self.layout.slices
            if s.name in ("first_player", "board.action_spaces", "board.hunting_die.holder")
        ]
        self.maps, self.gathers = [], []
        start, stop = self.numbers_start, self.numbers_stop
        # The list holds the holders' strengths as the state does, by space then holder; the rest in layout order.
        from_list = np.arange(stop - start)
        spaces = next(s for s in holder_wise if s.name == "board.action_spaces")
        for h in range(holders):
            for slot in range(slots):
                from_list[spaces.start - start + h * slots + slot] = spaces.start - start + slot * holders + h
        for seat in range(n):
            where = np.arange(self.layout.size)
            for s in seat_wise:
                w = s.size // n
                for p in range(n):
                    to = s.start + (p - seat) % n * w
                    where[s.start + p * w : s.start + (p + 1) * w] = np.arange(to, to + w)
            for s in holder_wise:
                w = s.size // holders
                for h in range(holders):
                    to = s.start + (h if h >= n else (h - seat) % n) * w
                    where[s.start + h * w : s.start + (h + 1) * w] = np.arange(to, to + w)
            self.maps.append(where)
            written = np.argsort(where)  # for each entry, the entry written for seat 0 that lands there
            self.gathers.append(from_list[written[start:stop] - start])

    def _boards(self, farms: tuple) -> np.ndarray:
        """The 1s of the seats' Farm boards, their symbols and dotted lines (fixed for a game), written for
        seat 0 as the observer."""
        got = self.memo.get(farms)
        if got is None:
            on = []
            cells, edges = self.cells, self.edges
            for p, farm in enumerate(farms):
                index, symbols, dotted = self.boards[farm]
                on.append(self.farm.start + p * self.n_farms + index)
                on += [self.symbols.start + p * 3 * cells + x for x in symbols]
                on += [self.dotted.start + p * edges + e for e in dotted]
            got = np.array(on, dtype=np.intp)
            if len(self.memo) >= MEMO_SIZE:
                self.memo.clear()
            self.memo[farms] = got
        return got

    def _seat(self, s, p: int) -> tuple[np.ndarray, float]:
        """Seat p's 1s on its Farm and cards, written for seat 0 as the observer, and its score / SCORE_SCALE.
        A seat's part changes only when it acts, so it is kept, by everything it is made from."""
        cells, at = self.cells, p * self.cells
        spaces = tuple(s.cells[at : at + cells])
        owned, fulfilled = s.owned[p], s.fulfilled[p]
        key = (
            p,
            s.farm[p],
            s.fence[p],
            spaces,
            s.fed[p],
            s.hold_unique[p],
            s.foreman[p],
            owned,
            fulfilled,
            s.penalties[p],
        )
        got = self.seat_memo.get(key)
        if got is not None:
            return got
        # Worked out again from its parts, each kept too: what changed is mostly one of them.
        kinds, kind_of, parts = self.kinds, self.kind_of, self.parts
        fenced = parts.get((p, s.farm[p], s.fence[p]))
        if fenced is None:
            fenced = self._fenced(p, s.fence[p], s.zones[p])
            parts[p, s.farm[p], s.fence[p]] = fenced
        cards = parts.get((p, owned, fulfilled))
        if cards is None:
            cards = parts[p, owned, fulfilled] = self._cards(p, owned, fulfilled)
        on = list(fenced)
        on += cards[0]
        start = self.fed.start + at
        on += [start + x for x in members(s.fed[p])]
        start = self.spaces.start + at * kinds
        on += [start + x * kinds + kind_of[code] for x, code in enumerate(spaces) if code >= 0]
        if s.hold_unique[p]:
            start = self.held_unique.start + p * len(self.unique_entry)
            on += [start + self.unique_entry[card] for card in s.hold_unique[p]]
        if s.foreman[p]:
            on.append(self.foreman.start + p)
        if s.penalties[p]:
            start = self.penalties.start + p * 2
            on += [start + bit for bit in members(s.penalties[p])]
        # scoring.breakdown: common dinosaurs on the Farm, then the cards' part.
        vp = sum(map(self.space_vp.__getitem__, spaces)) + cards[1]
        got = (np.array(on, dtype=np.intp), vp / SCORE_SCALE)
        if len(self.seat_memo) >= SEAT_MEMO_SIZE:
            self.seat_memo.clear()
            parts.clear()
        self.seat_memo[key] = got
        return got

    def _fenced(self, p: int, fence: int, zone: tuple) -> tuple[int, ...]:
        """Seat p's Barriers and the spaces they enclose (with the Farm's Mountains and Water)."""
        on = [self.fence.start + p * self.edges + e for e in members(fence)]
        start = self.enclosed.start + p * self.cells
        on += [start + x for x, z in enumerate(zone) if z < OPEN]
        return tuple(on)

    def _cards(self, p: int, owned: tuple, fulfilled: tuple) -> tuple[tuple[int, ...], float]:
        """Seat p's Research cards and fulfilled Contracts, and the VP they give (scoring.breakdown)."""
        start = self.owned.start + p * self.n_research
        on = [start + card for card in owned]
        start = self.fulfilled.start + p * self.n_contracts
        on += [start + k for k in fulfilled]
        vp = sum(self.contract_vp[k] for k in fulfilled) + sum(self.research_vp[card] for card in owned)
        vp += sum(self.contract_bonus[card] for card in owned) * len(fulfilled)
        return tuple(on), vp

    def fill(self, state, seat: int, out: np.ndarray) -> None:
        s = state
        n, K = self.num_players, self.n_species
        phase = s.phase
        # Every entry is written as if seat 0 observed (seats in their own order), then moved to its place
        # for the observer through one index table: no list is turned round seat by seat.
        on: list[int] = []  # the entries that hold a 1

        # Who decides, what, when.
        if not s.over:
            on.append(self.turn.start + s.cur)
        on.append(self.decision.start + phase)
        on.append(self.round.start + s.round - 1)
        on.append(self.first_player.start + s.first)  # a holder: a seat, or the Rival after them

        # The counts, from the state's flat fields as they are: small whole numbers, passed as bytes.
        nums = [*s.supply, s.barrier_supply, len(s.research_deck), len(s.public_deck), len(s.private_deck)]
        nums += s.occ
        nums += s.res
        nums += s.barriers
        nums += s.hold
        nums += s.medical
        nums += s.newborns
        nums += s.normals
        nums += map(len, s.private)
        nums += map(len, s.dealt)
        if self.solo:
            nums += s.rival_cols
            nums += s.rival_res
            nums.append(s.rival_hand)
        np.multiply(
            np.frombuffer(bytearray(nums), dtype=np.uint8)[self.gathers[seat]],
            self.number_scale,
            out=out[self.numbers_start : self.numbers_stop],
        )

        # The board.
        last = s.last_roll
        if last:
            on += (self.die_holder.start + last[0], self.die_species.start + last[1], self.die_face.start + last[2])
        start, width = self.research_row.start, self.n_research
        on += [start + i * width + card for i, card in enumerate(s.research_row)]
        start = self.research_discard.start
        on += [start + card for card in s.research_discard]
        start = self.public_row.start
        on += [start + k for k in s.public_row]

        # The seats: their Farms, cards and scores; the observer's Private Contracts (everyone's at the end).
        if phase in (KEEP, ADAPT, FEED, NEWBORN):
            start = self.to_act.start
            on += [start + p for p in s.queue]
        parts, scores = [self._boards(s.farm)], []  # the seats' 1s, kept as arrays
        for p in range(n):
            ones, score = self._seat(s, p)
            parts.append(ones)
            scores.append(score)
        out[self.scores] = scores[seat:] + scores[:seat]
        n_private, first = self.dealt.stop - self.dealt.start, self.first_private
        for p in range(n) if s.over else (seat,):
            start = self.private.start + p * n_private - first
            on += [start + k for k in s.private[p]]
        start = self.dealt.start - first
        on += [start + k for k in s.dealt[seat]]
        start = self.returned.start - first
        on += [start + k for k in s.returned[seat]]

        # The open decision's context.
        ctx = s.ctx
        if phase == CHOOSE:
            kind, value = ctx.step
            on.append(self.choice.start + CHOICE_STEPS.index(kind))
            on.append(self.choice_space.start + ctx.slot)
            if kind == "trade":
                out[self.trade.start] = value * self.scale[self.trade.start]
            elif kind in ("hunt", "dinosaur"):
                start = self.choice_species.start
                on += [start + k for k in value.species]
        elif phase == ADAPT:
            start = self.settled.start
            on += [start + x for x in members(ctx.settled)]
        elif phase == ESCAPE:
            escaping = [0] * K
            for code in ctx.escaping:
                if code < UNIQUE:
                    escaping[code] += 1
                else:
                    on.append(self.escaping_unique.start + self.unique_entry[code - UNIQUE])
            out[self.escaping] = escaping
            out[self.escaping] *= self.scale[self.escaping]
            if ctx.omni_as >= 0:
                on.append(self.omni_as.start + ctx.omni_as)
            on.append(self.penalty.start + ctx.stage)
            on.append(self.why.start + ESCAPE_WHY.index(ctx.back_to))

        if self.solo:
            # scoring.rival_breakdown: its Contracts, Research cards, and dinosaurs at their value.
            vp = sum(self.contract_vp[k] for k in s.rival_contracts)
            vp += sum(self.research_vp[card] for card in s.rival_research)
            vp += sum(map(int.__mul__, self.species_vp, s.rival_cols))
            out[self.rival_score.start] = vp / SCORE_SCALE
            start = self.rival_contracts.start
            on += [start + k for k in s.rival_contracts]
            start = self.rival_research.start
            on += [start + card for card in s.rival_research]
            start = self.rival_played.start
            on += [start + card for card, _ in s.rival_played]

        parts.append(np.fromiter(on, dtype=np.intp, count=len(on)))
        out[self.maps[seat][np.concatenate(parts)]] = 1.0
