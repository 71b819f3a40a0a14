"""Tiny Epic Dinosaurs as one float32 vector per seat: the board, every Farm, the seat's own Private Contracts,
the open decision and its context, and in the solo game the Rival.

Seats are listed from the observer (`Encoder.seats_from`); the action spaces' holders are those seats, then
the solo Rival. For speed (an encoding costs about what the engine's own decision does) `fill` writes one
bytes object from the state as it stands, seats in their own order: the counts as the state's flat fields
hold them, each seat's part (its Farm and cards: it changes only when that seat acts, so it is kept from one
decision to the next), then the rest; one index table per observer gathers those bytes into the layout and
one multiplication scales them. The scores, which may be below 0, are written apart.

Left out, as nothing a seat decides by: the printed terms of the cards and action spaces (each card or space
is a fixed entry of its slice, so the entry says which it is) and the Rival's rules text.
"""

from __future__ import annotations

import numpy as np

from dinotable.core.observation import Encoder as BaseEncoder
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

# The steps of an action space that ask the player (the CHOOSE decision), as the context's one-hot names them.
CHOICE_STEPS = ("hunt", "dinosaur", "trade", "research", "contract")
ESCAPE_WHY = tuple(WHY)  # the phases dinosaurs escape in: Adapt the Farm, Feed Dinosaurs, Breeding
# Each seat's part, kept between decisions: these slices' entries for that seat, one after the other.
SEAT_PARTS = ("farm", "symbols", "dotted", "fence", "enclosed", "spaces", "fed", "containment_unique", "foreman")
SEAT_PARTS += ("research", "fulfilled", "penalties")
SCORE_SCALE = 50  # VP / 50: a strong score is near 1
BARRIER_SCALE = 10  # Barriers / 10: a player holds a few (the supply's 60 bound the range)
MEMO_SIZE = 4_096  # pieces of seats' parts and card rows kept per encoder; then it starts over
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
        self.n_private, self.n_unique = n_private, n_unique
        self._sources(slots)
        self.memo: dict = {}  # kept bytes: Farm boards, Barriers and Enclosures, cards, card rows
        self.seat_memo: dict = {}  # kept seats' parts, by everything they are made from
        self.fed_bytes = [bytes(1 if mask >> x & 1 else 0 for x in range(cells)) for mask in range(1 << cells)]
        self.penalty_bytes = [bytes((mask & 1, mask >> 1 & 1)) for mask in range(4)]
        # VP tables for the scores (scoring.breakdown, read from flat tables): a Farm space's VP by its code
        # (the last entry, code -1, an empty space), a Contract's, a Research card's and its Contract bonus.
        self.space_vp = [sp.value for sp in c.species] + [0] * (UNIQUE - n_species + n_research) + [0]
        self.contract_vp = [k.vp for k in c.contracts]
        self.research_vp = [card.vp for card in c.research]
        self.contract_bonus = [card.contract_bonus for card in c.research]
        self.species_vp = [sp.value for sp in c.species]
        self.farms = c.farms
        # What stands on a Farm space, one-hot, by the dinosaur's code (the last entry, code -1, empty).
        self.kind_bytes = [bytes(kinds)] * len(self.space_vp)
        for code, kind in self.kind_of.items():
            self.kind_bytes[code] = bytes(1 if i == kind else 0 for i in range(kinds))

    def _sources(self, slots: int) -> None:
        """For each observer, where each entry comes from in the bytes `fill` writes (`sources`): the counts,
        then the seats' parts in seat order, then the rest (`at`: where each of its slices starts), seats and
        holders in their own order; the scores' entries read a last byte that is always 0."""
        n, holders, layout = self.num_players, self.holders, self.layout
        by_name = {s.name: s for s in layout.slices}
        numbers = [s for s in layout.slices if self.numbers_start <= s.start < self.numbers_stop]
        self.seat_slices = [by_name[f"seats.{name}"] for name in SEAT_PARTS]
        apart = {"seats.score", "rival.score"}
        parted = {s.name for s in self.seat_slices}
        rest = [s for s in layout.slices if s not in numbers and s.name not in parted and s.name not in apart]
        counted = self.numbers_stop - self.numbers_start
        width = sum(s.size // n for s in self.seat_slices)
        self.seat_width = width
        rest_start = counted + n * width
        self.at: dict[str, int] = {}  # where each of the rest starts in fill's bytes, from rest_start
        at = 0
        for s in rest:
            self.at[s.name] = at
            at += s.size
        self.rest_size = at
        zero = rest_start + at  # a last byte, always 0, for the entries written apart

        # The counts: the list holds the holders' strengths as the state does, by space then holder.
        from_list = np.arange(counted)
        spaces = by_name["board.action_spaces"]
        base = spaces.start - self.numbers_start
        for h in range(holders):
            for slot in range(slots):
                from_list[base + h * slots + slot] = base + slot * holders + h
        seat_wise = {"turn", "seats.to_act", "seats.private"} | {s.name for s in numbers if s.name.startswith("seats.")}
        holder_wise = {"first_player", "board.action_spaces", "board.hunting_die.holder"}

        def owner(s, seat: int, pos: int) -> int:
            """The seat or holder whose entries stand at `pos` for this observer."""
            if s.name in seat_wise:
                return (seat + pos) % n
            return pos if pos >= n else (seat + pos) % n

        self.sources = []
        for seat in range(n):
            source = np.full(layout.size, zero, dtype=np.intp)
            for s in numbers + rest:
                many = n if s.name in seat_wise else holders if s.name in holder_wise else 1
                w = s.size // many
                for pos in range(many):
                    who = owner(s, seat, pos) if many > 1 else 0
                    if s in numbers:  # where seat 0 would read them, then where the list holds them
                        written = s.start - self.numbers_start + who * w
                        source[s.start + pos * w : s.start + (pos + 1) * w] = from_list[written : written + w]
                    else:
                        first = rest_start + self.at[s.name] + who * w
                        source[s.start + pos * w : s.start + (pos + 1) * w] = np.arange(first, first + w)
            offset = 0
            for s in self.seat_slices:
                w = s.size // n
                for pos in range(n):
                    first = counted + (seat + pos) % n * width + offset
                    source[s.start + pos * w : s.start + (pos + 1) * w] = np.arange(first, first + w)
                offset += w
            self.sources.append(source)

    def _part(self, key, make):
        """A piece kept by its key (made by `make` the first time); every key starts with the piece's name."""
        got = self.memo.get(key)
        if got is None:
            if len(self.memo) >= MEMO_SIZE:
                self.memo.clear()
            got = self.memo[key] = make()
        return got

    def _seat(self, s, p: int) -> tuple[bytes, float]:
        """Seat p's part (its Farm and cards, in `seat_slices` order) as bytes, and its score / SCORE_SCALE.
        A seat's part changes only when it acts, so it is kept, by everything it is made from."""
        cells, at = self.cells, p * self.cells
        spaces = tuple(s.cells[at : at + cells])
        farm, fence, owned, fulfilled = s.farm[p], s.fence[p], s.owned[p], s.fulfilled[p]
        key = (farm, fence, spaces, s.fed[p], s.hold_unique[p], s.foreman[p], owned, fulfilled, s.penalties[p])
        got = self.seat_memo.get(key)
        if got is not None:
            return got
        # Worked out again from its pieces, each kept too: a decision mostly changes one of them.
        part = self._part
        cards, cards_vp = part(("cards", owned, fulfilled), lambda: self._cards(owned, fulfilled))
        block = b"".join(
            (
                part(("farm", farm), lambda: self._board(farm)),
                part(("fence", farm, fence), lambda: self._fenced(fence, s.zones[p])),
                b"".join(map(self.kind_bytes.__getitem__, spaces)),
                self.fed_bytes[s.fed[p]],
                self._held_unique(s.hold_unique[p]),
                b"\1" if s.foreman[p] else b"\0",
                cards,
                self.penalty_bytes[s.penalties[p]],
            )
        )
        # scoring.breakdown: the common dinosaurs on the Farm, then the cards' part.
        vp = sum(map(self.space_vp.__getitem__, spaces)) + cards_vp
        got = (block, vp / SCORE_SCALE)
        if len(self.seat_memo) >= SEAT_MEMO_SIZE:
            self.seat_memo.clear()
        self.seat_memo[key] = got
        return got

    def _board(self, farm: int) -> bytes:
        """A Farm board's one-hot, the symbols under its spaces and its dotted lines."""
        board = self.farms[farm]
        out = bytearray(self.n_farms + 3 * self.cells + self.edges)
        out[farm] = 1
        for cell, symbol in enumerate(board.symbols):
            if symbol >= 0:
                out[self.n_farms + cell * 3 + symbol] = 1
        for edge in members(board.dotted):
            out[self.n_farms + 3 * self.cells + edge] = 1
        return bytes(out)

    def _fenced(self, fence: int, zone: tuple) -> bytes:
        """The Barriers on a Farm's edges and the spaces they enclose (with the Farm's Mountains and Water)."""
        out = bytearray(self.edges + self.cells)
        for edge in members(fence):
            out[edge] = 1
        for cell, z in enumerate(zone):
            if z < OPEN:
                out[self.edges + cell] = 1
        return bytes(out)

    def _held_unique(self, held: tuple) -> bytes:
        out = bytearray(self.n_unique)
        for card in held:
            out[self.unique_entry[card]] = 1
        return bytes(out)

    def _cards(self, owned: tuple, fulfilled: tuple) -> tuple[bytes, int]:
        """A seat's Research cards and fulfilled Contracts, and the VP they give (scoring.breakdown)."""
        out = bytearray(self.n_research + self.n_contracts)
        for card in owned:
            out[card] = 1
        for k in fulfilled:
            out[self.n_research + k] = 1
        vp = sum(self.contract_vp[k] for k in fulfilled) + sum(self.research_vp[card] for card in owned)
        vp += sum(self.contract_bonus[card] for card in owned) * len(fulfilled)
        return bytes(out), vp

    def _card_rows(self, row: list, discard: list, public: list) -> bytes:
        """The Research row (a one-hot per position), the Research discard and the face-up Public Contracts,
        which lie one after the other among the rest."""
        width = self.n_research
        out = bytearray(
            self.research_row.stop - self.research_row.start + width + (self.public_row.stop - self.public_row.start)
        )
        for i, card in enumerate(row):
            out[i * width + card] = 1
        start = self.research_discard.start - self.research_row.start
        for card in discard:
            out[start + card] = 1
        start = self.public_row.start - self.research_row.start
        for k in public:
            out[start + k] = 1
        return bytes(out)

    def fill(self, state, seat: int, out: np.ndarray) -> None:
        s = state
        n, phase, at = self.num_players, s.phase, self.at
        rest = bytearray(self.rest_size)  # everything but the counts and the seats' parts, seats in their order

        # Who decides, what, when.
        if not s.over:
            rest[at["turn"] + s.cur] = 1
        rest[at["decision"] + phase] = 1
        rest[at["round"] + s.round - 1] = 1
        rest[at["first_player"] + s.first] = 1  # a holder: a seat, or the Rival after them

        # The board.
        last = s.last_roll
        if last:
            rest[at["board.hunting_die.holder"] + last[0]] = 1
            rest[at["board.hunting_die.species"] + last[1]] = 1
            rest[at["board.hunting_die.face"] + last[2]] = 1
        row, discard, public = s.research_row, s.research_discard, s.public_row
        rows = self._part(("rows", *row, -1, *discard, -1, *public), lambda: self._card_rows(row, discard, public))
        start = at["board.research_row"]
        rest[start : start + len(rows)] = rows

        # The seats' own: who is still to act, the observer's Private Contracts (everyone's at the end).
        if phase in (KEEP, ADAPT, FEED, NEWBORN):
            for p in s.queue:
                rest[at["seats.to_act"] + p] = 1
        n_private, first = self.n_private, self.first_private
        for p in range(n) if s.over else (seat,):
            for k in s.private[p]:
                rest[at["seats.private"] + p * n_private + k - first] = 1
        for k in s.dealt[seat]:
            rest[at["me.dealt"] + k - first] = 1
        for k in s.returned[seat]:
            rest[at["me.returned"] + k - first] = 1

        # The open decision's context.
        ctx = s.ctx
        if phase == CHOOSE:
            kind, value = ctx.step
            rest[at["choice.step"] + CHOICE_STEPS.index(kind)] = 1
            rest[at["choice.space"] + ctx.slot] = 1
            if kind == "trade":
                rest[at["choice.trade_amount"]] = value
            elif kind in ("hunt", "dinosaur"):
                for k in value.species:
                    rest[at["choice.species"] + k] = 1
        elif phase == ADAPT:
            for cell in members(ctx.settled):
                rest[at["adapt.settled"] + cell] = 1
        elif phase == ESCAPE:
            for code in ctx.escaping:
                if code < UNIQUE:
                    rest[at["escape.escaping"] + code] += 1
                else:
                    rest[at["escape.escaping_unique"] + self.unique_entry[code - UNIQUE]] = 1
            if ctx.omni_as >= 0:
                rest[at["escape.omnivores_as"] + ctx.omni_as] = 1
            rest[at["escape.penalty"] + ctx.stage] = 1
            rest[at["escape.why"] + ESCAPE_WHY.index(ctx.back_to)] = 1

        if self.solo:
            for k in s.rival_contracts:
                rest[at["rival.contracts"] + k] = 1
            for card in s.rival_research:
                rest[at["rival.research"] + card] = 1
            for card, _ in s.rival_played:
                rest[at["rival.played"] + card] = 1
            counts = (*s.rival_cols, *s.rival_res, s.rival_hand)
        else:
            counts = ()

        # The counts, from the state's flat fields as they are: small whole numbers, so bytes.
        nums = bytes(
            (
                *s.supply,
                s.barrier_supply,
                len(s.research_deck),
                len(s.public_deck),
                len(s.private_deck),
                *s.occ,
                *s.res,
                *s.barriers,
                *s.hold,
                *s.medical,
                *s.newborns,
                *s.normals,
                *map(len, s.private),
                *map(len, s.dealt),
                *counts,
            )
        )
        seats = [self._seat(s, p) for p in range(n)]
        written = b"".join((nums, *[part for part, _ in seats], rest, b"\0"))
        np.multiply(np.frombuffer(written, dtype=np.uint8)[self.sources[seat]], self.scale, out=out)

        scores = [score for _, score in seats]
        out[self.scores] = scores[seat:] + scores[:seat]
        if self.solo:
            # scoring.rival_breakdown: its Contracts, Research cards, and dinosaurs at their value.
            vp = sum(self.contract_vp[k] for k in s.rival_contracts)
            vp += sum(self.research_vp[card] for card in s.rival_research)
            vp += sum(map(int.__mul__, self.species_vp, s.rival_cols))
            out[self.rival_score.start] = vp / SCORE_SCALE
