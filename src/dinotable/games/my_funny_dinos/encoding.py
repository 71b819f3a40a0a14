"""My Funny Dinos as an observation: the turn, the options, the pile, each seat's holdings, the missions,
and each of the 40 fossil tiles by its number (the number the action ids name: excavate #p, pick #p).

Everything at this table is public but the buried tiles: every seat sees the same pile, the same loose tiles
and dinosaurs. A tile in the pile shows what the table has seen of it (the whole face on top, the colour
ribbon under one tile, nothing deeper; what was once seen stays known); an excavated tile is known to all.
A tile's success chance is the one the excavation's text tells the seat (it follows from the pile, the
options and the round), worked out for every spot and depth at once and kept.

Left out, as nothing a seat decides by or as told elsewhere: the exhibition tiles left (five less the
dinosaurs restored), which tiles make up each dinosaur and whether it got an exhibition tile (a dinosaur never
breaks up; its tiles' seat, its kind and its points are encoded), the mission tiles' texts and points (each
tile's entry names it), the other seats' chances (their dexterity is encoded), the order of the parts picked
(each one's face tells its part), and the log of past attempts.

For speed (an encoding should cost no more than an engine decision), the tiles' fields are packed as bytes
into one small matrix, one product turns it into the rows to copy from tables made here, the counts go in as
one list scaled by one product, and every one-hot entry is set in one write.
"""

from __future__ import annotations

import struct
from operator import itemgetter
from typing import NamedTuple

import numpy as np

from dinotable.core.observation import Encoder as BaseEncoder
from dinotable.games.my_funny_dinos.content import EVENT, ICON_NAMES, ICONS, PARTS, TWO
from dinotable.games.my_funny_dinos.rules import COLOUR_KNOWN, FULLY_KNOWN, NUM_TILES

# Scales: the most a count can be, from the components; for the round and the tiles lying on a tile, where
# the count stops mattering (beyond it the entry stays at 1).
MAX_ROUND = 50  # random play ends by round 30
MAX_COVER = 8  # tiles lying on a tile: the centre's stack takes fallen tiles too
MAX_DINOSAURS = 8  # each dinosaur needs a head, and there are eight
MAX_SCORE = 120  # eight single-colour dinosaurs, every bone and three missions come to about 110
MAX_DEXTERITY = 4.0  # the option's maximum
PART_COUNTS = (8, 8, 16, 8)  # heads, tails, legs, event tiles (the rulebook's components)
_KEPT = 64  # games (deals) whose tables are kept at once

# The rows of the packed tile matrix, each NUM_TILES entries.
OWNER, SPOT, RESTORED, KNOWN, KIND, COVER, ONE = range(7)
# The owner and the spot may be -1 (nobody; not in the pile): signed bytes.
_pack_signed = struct.Struct(f"{2 * NUM_TILES}b").pack
_ONES = bytes([1] * NUM_TILES)


class Deal(NamedTuple):
    """What stays the same through one game: its copies share these tuples (a determinized copy deals the
    buried tiles again, so has kinds of its own, and a Deal of its own, sharing the rest: Encoder._table)."""

    kind: tuple  # the state's own tuples, to tell the game by identity
    base_rocks: tuple
    missions: tuple
    fixed: list  # per seat, the options, the paper's edge, the rocks and the dexterities, scaled
    twos: tuple  # the circled 2 event tiles
    revealed: list  # the entries of missions.revealed that hold 1
    missions_plan: tuple  # per revealed mission: slot, its first entry of missions.owners, what reads the
    # owners of a black one's colour's tiles (None for a red one; read only where owned, so seen), points
    chances: dict  # chance tables by (round if stacks get shakier, seat), shared by the determinized copies


class Encoder(BaseEncoder):
    def build(self, state) -> None:
        c = state.c
        n = self.num_players
        self.content = c
        numbers = c.numbers
        num_spots = c.num_spots
        num_colours = len(c.colours)
        self.num_spots = num_spots
        colours = ", ".join(c.colours)
        rocks = numbers["rocks_per_base"]
        supply = numbers["bone_supply"]
        seats = "you first, then the others in turn order"
        add = self.layout.add

        # Whose turn, which decision, the amber token: one-hots, set with the others in one write.
        self.turn = add("turn.seat", n, f"1 for the seat to move ({seats}); 0 once the game is over")
        decisions = ", ".join(d.name for d in state.decisions)
        self.decision = add("turn.decision", len(state.decisions), f"1 for the open decision, of: {decisions}")
        self.first = add("turn.first_player", n, "1 for the seat holding the amber token (the first player)")

        # What stays the same all game, for a seat: written from one array per seat (Deal.fixed).
        fixed: list[tuple[slice, float]] = []
        dense: list[tuple[slice, float | list[float]]] = []

        def scaled(into: list, name: str, size: int, doc: str, scale: float | list[float] = 1.0) -> None:
            into.append((add(name, size, doc), scale))

        spots = f"spot 0 the centre, 1-6 the inner ring, 7-{num_spots - 1} the outer ring"
        scaled(fixed, "options.rocks_per_base", 1, f"rocks on each base tile / {rocks} (option)", 1 / rocks)
        scaled(fixed, "options.dice", 1, "1 if an excavation is decided by a die roll (option excavation = dice)")
        scaled(fixed, "options.shaky_stacks", 1, "1 if the rock stacks get shakier every round (option)")
        scaled(fixed, "pile.edge", num_spots, f"1 if the spot is at the paper's edge ({spots})")
        scaled(fixed, "pile.rocks", num_spots, f"rocks on the spot's base tile / {rocks} (0: no base tile)", 1 / rocks)
        dex = f"each seat's dexterity / {MAX_DEXTERITY:g} (option; 1 is an ordinary hand) ({seats})"
        scaled(fixed, "seats.dexterity", n, dex, 1 / MAX_DEXTERITY)

        # The counts, written as one list and scaled.
        scaled(dense, "turn.round", 1, f"the round / {MAX_ROUND} (at most 1)", 1 / MAX_ROUND)
        scaled(dense, "turn.final_round", 1, "1 once five dinosaurs are restored: the last round is under way")
        scaled(dense, "board.bone_supply", 1, f"bone tokens left in the supply / {supply}", 1 / supply)
        scaled(dense, "board.dinosaurs", 1, f"dinosaurs restored by all / {MAX_DINOSAURS}", 1 / MAX_DINOSAURS)
        scaled(dense, "pile.tiles", num_spots, f"tiles in the spot's stack / {NUM_TILES}", 1 / NUM_TILES)
        scaled(dense, "seats.bones", n, f"each seat's bone tokens / {supply}", 1 / supply)
        plurals = ("heads", "tails", "legs", "event tiles")
        parts = ", ".join(f"{name} / {k}" for name, k in zip(plurals, PART_COUNTS, strict=True))
        loose = f"each seat's loose tiles (not in a dinosaur), by part: {parts}"
        scaled(dense, "seats.loose", n * len(PARTS), loose, [1 / k for k in PART_COUNTS] * n)
        scaled(dense, "seats.dinosaurs", n, f"each seat's restored dinosaurs / {MAX_DINOSAURS}", 1 / MAX_DINOSAURS)
        single = f"each seat's single-colour dinosaurs / {MAX_DINOSAURS}"
        scaled(dense, "seats.single_colour", n, single, 1 / MAX_DINOSAURS)
        total = f"each seat's points if the game ended now (the score breakdown's total) / {MAX_SCORE}"
        scaled(dense, "seats.score", n, total, 1 / MAX_SCORE)
        self.fixed = slice(fixed[0][0].start, fixed[-1][0].stop)
        self.fixed_scale = _scales(fixed)
        self.dense = slice(dense[0][0].start, dense[-1][0].stop)
        self.dense_scale = _scales(dense)

        # The mission tiles, all seven in the content's order: three are revealed.
        names = ", ".join(m.name for m in c.missions)
        self.revealed = add("missions.revealed", len(c.missions), f"1 if the mission tile is revealed, of: {names}")
        self.mission_owners = add(
            "missions.owners",
            len(c.missions) * n,
            f"per mission, 1 for each seat that took it (red border) or leads its colour now (black border) ({seats})",
        )

        # The 40 tiles by number: where each is, what the table has seen of it, and its excavation.
        w = num_spots + 2 * n
        self.where = add(
            "tiles.where",
            NUM_TILES * w,
            f"per tile, {w} entries, one-hot: in the pile at spot 0-{num_spots - 1}; loose, held by seat 1-{n} "
            f"({seats}); in a dinosaur restored by seat 1-{n}",
        )
        icons = ", ".join(ICON_NAMES[i] for i in ICONS)
        face = num_colours + len(PARTS) + len(ICONS)
        self.face = add(
            "tiles.face",
            NUM_TILES * face,
            f"per tile, {face} entries: its colour once seen ({colours}); its part once its face is seen "
            f"({', '.join(PARTS)}); an event tile's icon once its face is seen ({icons})",
        )
        covered = add(
            "tiles.covered", NUM_TILES, f"per tile in the pile, the tiles lying on it / {MAX_COVER} (at most 1)"
        )
        chance = add(
            "tiles.chance", NUM_TILES, "per tile in the pile, the chance that your excavation of it succeeds now"
        )
        self.cover_and_chance = slice(covered.start, chance.stop)
        self.picked = add(
            "tiles.picked", NUM_TILES, "1 for a tile picked in the open decision (the tile given, the dinosaur's parts)"
        )
        # Each entry's scale (the count it stands for is the entry / its scale): 1 but for the counts.
        self.scale = np.ones(self.layout.size, dtype=np.float32)
        self.scale[self.fixed] = self.fixed_scale
        self.scale[self.dense] = self.dense_scale
        self.scale[covered] = 1 / MAX_COVER

        # The codes that pick the tables' rows, one product of the packed fields (a float product is the
        # fastest, and exact here): a tile's place, 28 * (owner + 1) + 14 * restored + spot + 1 (0 out of
        # the pile), as its row of tiles.where; what it shows, 40 * level seen + kind, as its row of
        # tiles.face; its cover and chance, entries of a chance table (Encoder.chance_table).
        row = 2 * (num_spots + 1)
        self.codes = np.zeros((4, 7), dtype=np.float32)
        self.codes[0, [OWNER, RESTORED, SPOT, ONE]] = (row, num_spots + 1, 1, row + 1)
        self.codes[1, [KNOWN, KIND]] = (NUM_TILES, 1)
        self.codes[2, COVER] = 1
        self.codes[3, [SPOT, COVER, ONE]] = (NUM_TILES, 1, 2 * NUM_TILES)
        self.where_tables = []
        for seat in range(n):
            table = np.zeros(((n + 1) * row, w), dtype=np.float32)
            for spot in range(num_spots):
                table[spot + 1, spot] = 1.0  # owner -1: in the pile
            for owner in range(n):
                k = (owner - seat) % n
                for restored in (0, 1):
                    table[(owner + 1) * row + restored * (num_spots + 1), num_spots + k + n * restored] = 1.0
            self.where_tables.append(table)
        self.face_table = np.zeros((3 * NUM_TILES, face), dtype=np.float32)
        for level in (COLOUR_KNOWN, FULLY_KNOWN):
            for k in range(NUM_TILES):
                entries = self.face_table[level * NUM_TILES + k]
                entries[c.kind_colour[k]] = 1.0
                if level == FULLY_KNOWN:
                    entries[num_colours + c.kind_part[k]] = 1.0
                    if c.kind_part[k] == EVENT:
                        entries[num_colours + len(PARTS) + c.kind_icon[k]] = 1.0
        self.cover_table = np.array([min(k, MAX_COVER) / MAX_COVER for k in range(NUM_TILES)], dtype=np.float32)

        # The score's parts: a loose tile is worth 1 point, a circled 2 two.
        self.is_two = tuple(c.kind_part[k] == EVENT and c.kind_icon[k] == TWO for k in range(NUM_TILES))
        if {c.kind_points[k] for k in range(NUM_TILES) if not self.is_two[k]} != {numbers["loose_tile"]}:
            raise ValueError("this encoding scores every loose tile but a circled 2 alike")
        self.loose_points = numbers["loose_tile"]
        self.two_extra = max(c.kind_points) - numbers["loose_tile"]
        self.bones_per_point = numbers["bones_per_point"]
        self.rel = [[(other - seat) % n for other in range(n)] for seat in range(n)]
        self.order = [self.seats_from(seat) for seat in range(n)]
        self.deals: dict[int, Deal] = {}
        self.tables: dict[tuple, tuple] = {}  # by the rocks and the missions: see _table
        self.views: dict[int, tuple] = {}

    # ------------------------------------------------------------------------------------- kept tables
    def deal(self, s) -> Deal:
        """The tables of `s`'s game, made on first sight (kept by the identity of its kinds, which the game's
        copies share and a determinized copy replaces)."""
        deal = self.deals.get(id(s.kind))
        if deal is not None and deal.kind is s.kind and deal.base_rocks is s.base_rocks and deal.missions is s.missions:
            return deal
        if len(self.deals) >= _KEPT:
            self.deals.clear()
        c, n, kind = self.content, self.num_players, s.kind
        # The pile's rocks and the missions revealed: shared with the determinized copies.
        key = (s.base_rocks, s.missions)
        fixed, revealed, chances = self.tables.get(key) or self._table(s, key)
        by_colour: list[list[int]] = [[] for _ in c.colours]
        twos = []
        for p, k in enumerate(kind):
            by_colour[c.kind_colour[k]].append(p)
            if self.is_two[k]:
                twos.append(p)
        plan = []
        for slot, m in enumerate(s.missions):
            mission = c.missions[m]
            first = self.mission_owners.start + m * n
            # A black one: what reads the owners of its colour's tiles.
            owners = None if mission.border == "red" else itemgetter(*by_colour[mission.colour])
            plan.append((slot, first, owners, mission.points))
        deal = Deal(kind, s.base_rocks, s.missions, fixed, tuple(twos), revealed, tuple(plan), chances)
        self.deals[id(kind)] = deal
        return deal

    def _table(self, s, key: tuple) -> tuple:
        """The entries fixed for each seat, the revealed missions' entries and the chance tables."""
        if len(self.tables) >= _KEPT:
            self.tables.clear()
        options = [s.options["rocks_per_base"], s.dice_mode, s.shaky, *self.content.spot_edge, *s.base_rocks]
        fixed = []
        for seat in range(self.num_players):
            dexterity = [s.dexterity[k] for k in self.seats_from(seat)]
            fixed.append((np.array(options + dexterity) * self.fixed_scale).astype(np.float32))
        table = self.tables[key] = (fixed, [self.revealed.start + m for m in s.missions], {})
        return table

    def views_of(self, out: np.ndarray) -> tuple:
        """The slices of `out` that fill writes whole (kept, as an environment fills the same vector again)."""
        views = self.views.get(id(out))
        if views is not None and views[0] is out:
            return views
        if len(self.views) >= _KEPT:
            self.views.clear()
        views = self.views[id(out)] = (
            out,
            out[self.fixed],
            out[self.dense],
            out[self.where].reshape(NUM_TILES, -1),
            out[self.face].reshape(NUM_TILES, -1),
            out[self.cover_and_chance].reshape(2, NUM_TILES),
        )
        return views

    def chance_table(self, s, seat: int, deal: Deal) -> np.ndarray:
        """Entries by code: the scaled cover by tiles lying on a tile (0-39), zeros for the tiles out of the
        pile (40-79), then the chance that `seat`'s excavation succeeds, at 80 + 40 * spot + tiles lying on
        it, as rules.failure_chances works it out."""
        key = (s.round if s.shaky else 0, seat)
        table = deal.chances.get(key)
        if table is None:
            table = np.zeros((self.num_spots + 2, NUM_TILES), dtype=np.float32)
            table[0] = self.cover_table
            table[2:] = self._chances(s, seat)
            table = deal.chances[key] = table.ravel()
        return table

    def _chances(self, s, seat: int) -> np.ndarray:
        c = self.content
        above = np.arange(NUM_TILES, dtype=np.float64)[None, :]
        edge = np.array(c.spot_edge)[:, None]
        if s.dice_mode:
            d = c.dice
            rocks = np.array(s.base_rocks, dtype=np.float64)[:, None]
            risk = d["risk_base"] + np.minimum(above, d["risk_above_cap"]) * d["risk_per_tile_above"]
            risk = risk + np.where(rocks > 0, (rocks - 1) * d["risk_per_rock_here_beyond_first"], 0.0)
            risk = risk + np.where(edge, d["risk_edge"], 0)
            if s.shaky:
                risk = risk + (s.round - 1) // d["risk_shaky_every_rounds"]
            return 1.0 - np.minimum(risk, d["sides"] - 1) / d["sides"]
        m = c.model
        dex = s.dexterity[seat]
        rock = np.array(s.spot_risk, dtype=np.float64)[:, None] + m["rock_per_tile_above"] * above
        if s.shaky:
            rock = rock + m["rock_shaky_per_round"] * (s.round - 1)
        rock = np.minimum(m["max_failure"], rock / dex)
        slide = (m["edge_base"] + m["edge_per_tile_above"] * above) / dex
        slide = np.where(edge, np.minimum(m["max_failure"], slide), 0.0)
        return (1.0 - rock) * (1.0 - slide)

    # -------------------------------------------------------------------------------------------- fill
    def fill(self, s, seat: int, out: np.ndarray) -> None:
        n = self.num_players
        rel = self.rel[seat]
        deal = self.deal(s)
        _, fixed, dense, where, face, cover_and_chance = self.views_of(out)
        fixed[:] = deal.fixed[seat]
        ones = [self.decision.start + s.phase, self.first.start + rel[s.first_player]]
        if not s.over:
            ones.append(self.turn.start + rel[s.cur])
        picked = self.picked.start
        for p in s.ctx:
            ones.append(picked + p)

        # The tiles: the tiles lying on each, from the stacks; then every field packed.
        cover = bytearray(NUM_TILES)
        heights = []
        for stack in s.stacks:
            k = len(stack)
            heights.append(k)
            for p in stack:
                k -= 1
                cover[p] = k
        owner = s.owner
        packed = _pack_signed(*owner, *s.spot) + bytes(s.restored) + bytes(s.known) + bytes(s.kind) + cover + _ONES
        codes = self.codes.dot(np.frombuffer(packed, dtype=np.int8).reshape(7, NUM_TILES)).astype(np.intp)
        self.where_tables[seat].take(codes[0], 0, where)
        self.face_table.take(codes[1], 0, face)
        self.chance_table(s, seat, deal).take(codes[2:], None, cover_and_chance)

        # Dinosaurs, missions and the score, as the score breakdown counts them.
        cut = seat * len(PARTS)
        parts = s.parts[cut:] + s.parts[:cut]
        bones = s.bones[seat:] + s.bones[:seat]
        per_point, loose_points = self.bones_per_point, self.loose_points
        score = [loose_points * sum(parts[4 * k : 4 * k + 4]) + bones[k] // per_point for k in range(n)]
        for p in deal.twos:  # event tiles are never restored: an owned one is loose
            if owner[p] >= 0:
                score[rel[owner[p]]] += self.two_extra
        dinos = [0] * n
        single = [0] * n
        for d in s.dinos:
            k = rel[d.seat]
            dinos[k] += 1
            score[k] += d.value
            if d.colours == 1:
                single[k] += 1
        ones += deal.revealed
        seats = self.order[seat]
        for slot, first, colour_owners, points in deal.missions_plan:
            if colour_owners is None:  # a red mission: its taker's
                taker = s.mission_owner[slot]
                if taker >= 0:
                    ones.append(first + rel[taker])
                    score[rel[taker]] += points
            else:  # a black one: whoever has most tiles of its colour (all if tied), nobody if no one has any
                held = colour_owners(owner)
                column = [held.count(other) for other in seats]
                best = max(column)
                if best:
                    for k, count in enumerate(column):
                        if count == best:
                            ones.append(first + k)
                            score[k] += points
        out.put(ones, 1.0)

        dense[:] = [
            s.round if s.round < MAX_ROUND else MAX_ROUND,
            s.final_round,
            s.supply,
            len(s.dinos),
            *heights,
            *bones,
            *parts,
            *dinos,
            *single,
            *score,
        ]
        np.multiply(dense, self.dense_scale, out=dense)


def _scales(slices: list) -> np.ndarray:
    """Each entry's scale, from the (slice, scale) pairs of contiguous slices."""
    return np.concatenate([np.broadcast_to(np.asarray(k, dtype=np.float32), (w.stop - w.start,)) for w, k in slices])
