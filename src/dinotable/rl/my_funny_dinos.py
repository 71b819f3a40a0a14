"""My Funny Dinos as an observation: the pile, the missions, each seat's holdings and each of the 40 fossil
tiles by its number (the number the action ids name: excavate #p, pick #p).

Everything at this table is public but the buried tiles: every seat sees the same pile, the same loose tiles
and dinosaurs. A tile in the pile shows what the table has seen of it (the whole face on top, the colour
ribbon under one tile, nothing deeper; what was once seen stays known); an excavated tile is known to all.
The success chance of an excavation is the one the action's text tells the seat (it follows from the pile,
the options and the round), worked out once per deal of base tiles and round in a table.
"""

from __future__ import annotations

import numpy as np

from dinotable.games.my_funny_dinos.content import EVENT, ICON_NAMES, ICONS, PARTS
from dinotable.games.my_funny_dinos.rules import COLOUR_KNOWN, FULLY_KNOWN, NUM_TILES
from dinotable.rl.encoding import Encoder as BaseEncoder

# Scales: each is the most the count can be, from the components (or, for the round and the tiles lying on
# a tile, where the count stops mattering; beyond it the entry stays at 1).
MAX_ROUND = 50  # random play ends by round 30
MAX_COVER = 8  # tiles lying on a tile: the centre's stack holds fallen tiles too
MAX_DINOSAURS = 8  # a dinosaur needs a head, and there are eight
MAX_SINGLE = 8  # one head a colour: eight single-colour dinosaurs at most
MAX_COLOUR = 5  # tiles of a colour: head, tail, two legs, event
MAX_SCORE = 120  # eight single-colour dinosaurs, every bone, every mission: about 110
_CACHE_LIMIT = 4096  # chance tables kept (a deal of base tiles, a round with shaky stacks, a seat)


class Encoder(BaseEncoder):
    def build(self, state) -> None:
        c = state.c
        n = self.num_players
        self.content = c
        num_spots = c.num_spots
        num_colours = len(c.colours)
        add = self.layout.add
        colours = ", ".join(c.colours)
        decisions = ", ".join(d.name for d in state.decisions)
        self.num_spots, self.num_colours = num_spots, num_colours

        # Whose turn, which decision, how far the game is.
        self.turn = add(
            "turn.seat", n, "1 for the seat to move (you first, then the others in turn order); 0 once over"
        )
        self.decision = add("turn.decision", len(state.decisions), f"1 for the open decision, of: {decisions}")
        self.first = add("turn.first_player", n, "1 for the seat holding the amber token (the first player)")
        # The scalars of the table, written together (see _scalars).
        self.round = add("turn.round", 1, f"the round / {MAX_ROUND} (at most 1)")
        self.final = add("turn.final_round", 1, "1 once five dinosaurs are restored: the last round is under way")
        self.supply = add("board.bone_supply", 1, f"bone tokens left in the supply / {c.numbers['bone_supply']}")
        self.restored = add("board.dinosaurs", 1, f"dinosaurs restored by all / {MAX_DINOSAURS}")
        self.rocks_option = add(
            "options.rocks_per_base", 1, f"rocks on each base tile / {c.numbers['rocks_per_base']} (option)"
        )
        self.dice = add("options.dice", 1, "1 if an excavation is decided by a die roll (option excavation = dice)")
        self.shaky = add("options.shaky_stacks", 1, "1 if the rock stacks get shakier every round (option)")
        self.dexterity = add("seats.dexterity", n, "each seat's dexterity / 4 (option; 1.0 is an ordinary hand)")
        self.bones = add("seats.bones", n, f"each seat's bone tokens / {c.numbers['bone_supply']}")
        self.loose = add(
            "seats.loose",
            n * len(PARTS),
            "each seat's loose tiles (not in a dinosaur) by part: heads / 8, tails / 8, legs / 16, event tiles / 8",
        )
        self.dinosaurs = add("seats.dinosaurs", n, f"each seat's restored dinosaurs / {MAX_DINOSAURS}")
        self.single = add("seats.single_colour", n, f"each seat's single-colour dinosaurs / {MAX_SINGLE}")
        self.score = add(
            "seats.score", n, f"each seat's points if the game ended now (the score breakdown's total) / {MAX_SCORE}"
        )
        self.colours = add(
            "seats.colours",
            n * num_colours,
            f"each seat's tiles of each colour ({colours}), restored and event tiles included / {MAX_COLOUR}",
        )

        # The pile's spots: the centre, an inner ring, the outer ring at the paper's edge.
        self.pile_rocks = add(
            "pile.rocks", num_spots, f"rocks on the spot's base tile / {c.numbers['rocks_per_base']} (0: no base)"
        )
        self.pile_edge = add("pile.edge", num_spots, "1 if the spot is at the paper's edge")
        self.pile_height = add("pile.tiles", num_spots, f"tiles in the spot's stack / {NUM_TILES}")

        # The mission tiles, all seven in the content's order: three are revealed.
        names = ", ".join(m.name for m in c.missions)
        self.revealed = add("missions.revealed", len(c.missions), f"1 if the mission tile is revealed, of: {names}")
        self.mission_owners = add(
            "missions.owners",
            len(c.missions) * n,
            "per mission, 1 for each seat that took it (red border) or leads its colour now (black border)",
        )

        # The 40 tiles by number: where each is and what the table has seen of it.
        w = num_spots + 2 * n
        self.where_width = w
        self.where = add(
            "tiles.where",
            NUM_TILES * w,
            f"per tile, one-hot: in the pile at spot 0-{num_spots - 1}; loose, held by seat 1-{n} (you first); "
            f"in a dinosaur restored by seat 1-{n}",
        )
        self.covered = add(
            "tiles.covered", NUM_TILES, f"per tile in the pile, the tiles lying on it / {MAX_COVER} (at most 1)"
        )
        self.tile_colour = add("tiles.colour", NUM_TILES * num_colours, f"per tile, its colour once seen: {colours}")
        self.tile_part = add(
            "tiles.part", NUM_TILES * len(PARTS), f"per tile, its part once its face is seen: {', '.join(PARTS)}"
        )
        icons = ", ".join(ICON_NAMES[i] for i in ICONS)
        self.tile_icon = add(
            "tiles.icon", NUM_TILES * len(ICONS), f"per event tile whose face is seen, its icon: {icons}"
        )
        self.picked = add(
            "tiles.picked", NUM_TILES, "1 for a tile picked in the open decision (the tile given, the dinosaur's parts)"
        )
        self.chance = add(
            "tiles.chance", NUM_TILES, "per tile in the pile, the chance that your excavation of it succeeds now"
        )

        # Tables read by fill.
        self.where_rows = self.where.start + np.arange(NUM_TILES) * w
        # What a tile shows, by (level seen) * 40 + kind: nothing, its colour, or colour, part and icon.
        self.face_colour = np.zeros((3 * NUM_TILES, num_colours), dtype=np.float32)
        self.face_part = np.zeros((3 * NUM_TILES, len(PARTS)), dtype=np.float32)
        self.face_icon = np.zeros((3 * NUM_TILES, len(ICONS)), dtype=np.float32)
        for level in (COLOUR_KNOWN, FULLY_KNOWN):
            for k in range(NUM_TILES):
                row = level * NUM_TILES + k
                self.face_colour[row, c.kind_colour[k]] = 1.0
                if level == FULLY_KNOWN:
                    self.face_part[row, c.kind_part[k]] = 1.0
                    if c.kind_part[k] == EVENT:
                        self.face_icon[row, c.kind_icon[k]] = 1.0
        self.kind_colour = np.array(c.kind_colour, dtype=np.int64)
        self.kind_points = np.array(c.kind_points, dtype=np.float64)
        self.cover_scale = [min(k, MAX_COVER) / MAX_COVER for k in range(NUM_TILES)]
        self.loose_scale = np.tile(np.array([1 / 8, 1 / 8, 1 / 16, 1 / 8], dtype=np.float32), n)
        self.missions_info = [(m.border == "red", m.colour, m.points) for m in c.missions]
        self.bones_per_point = c.numbers["bones_per_point"]
        dex = state.dexterity
        self.dex_by_seat = [[dex[s] / 4 for s in self.seats_from(seat)] for seat in range(n)]
        self.edge = np.array(c.spot_edge, dtype=np.float32)
        self.chance_tables: dict[tuple, list[list[float]]] = {}

    # ----------------------------------------------------------------------------------------- chances
    def chance_table(self, s, seat: int) -> list[list[float]]:
        """The chance an excavation by `seat` succeeds, by spot and tiles lying on the tile: as
        rules.failure_chances works it out, for every depth at once."""
        key = (s.base_rocks, s.round if s.shaky else 0, seat)
        table = self.chance_tables.get(key)
        if table is None:
            if len(self.chance_tables) >= _CACHE_LIMIT:
                self.chance_tables.clear()
            table = self.chance_tables[key] = self._chances(s, seat).tolist()
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
        slide = np.where(
            edge, np.minimum(m["max_failure"], (m["edge_base"] + m["edge_per_tile_above"] * above) / dex), 0.0
        )
        return (1.0 - rock) * (1.0 - slide)

    # -------------------------------------------------------------------------------------------- fill
    def fill(self, s, seat: int, out: np.ndarray) -> None:
        n = self.num_players
        seats = self.seats_from(seat)
        rel = [0] * n  # rel[seat]: where the seat is listed from the observer
        for k, other in enumerate(seats):
            rel[other] = k

        if not s.over:
            out[self.turn.start + rel[s.cur]] = 1.0
        out[self.decision.start + s.phase] = 1.0
        out[self.first.start + rel[s.first_player]] = 1.0
        out[self.round.start] = min(s.round, MAX_ROUND) / MAX_ROUND
        out[self.final.start] = float(s.final_round)
        out[self.supply.start] = s.supply / self.content.numbers["bone_supply"]
        out[self.restored.start] = len(s.dinos) / MAX_DINOSAURS
        out[self.rocks_option.start] = s.options["rocks_per_base"] / self.content.numbers["rocks_per_base"]
        out[self.dice.start] = float(s.dice_mode)
        out[self.shaky.start] = float(s.shaky)
        out[self.dexterity] = self.dex_by_seat[seat]
        bones = s.bones
        out[self.bones] = [bones[k] / self.content.numbers["bone_supply"] for k in seats]
        parts = s.parts
        cut = seat * len(PARTS)
        out[self.loose] = parts[cut:] + parts[:cut]
        out[self.loose] *= self.loose_scale

        # The tiles: where each is.
        owner = np.array(s.owner, dtype=np.int64)
        spot = np.array(s.spot, dtype=np.int64)
        restored = np.array(s.restored, dtype=np.int64)
        owned = owner >= 0
        held = self.num_spots + (owner - seat) % n + n * restored
        out[self.where_rows + np.where(owned, held, spot)] = 1.0

        # What each shows.
        code = np.array(s.known, dtype=np.int64) * NUM_TILES + np.array(s.kind, dtype=np.int64)
        np.take(self.face_colour, code, axis=0, out=out[self.tile_colour].reshape(NUM_TILES, -1))
        np.take(self.face_part, code, axis=0, out=out[self.tile_part].reshape(NUM_TILES, -1))
        np.take(self.face_icon, code, axis=0, out=out[self.tile_icon].reshape(NUM_TILES, -1))
        for p in s.ctx:
            out[self.picked.start + p] = 1.0

        # The pile: each stack's height, the tiles on each tile and the chance to excavate it.
        chances = self.chance_table(s, seat)
        cover_scale = self.cover_scale
        covered = [0.0] * NUM_TILES
        chance = [0.0] * NUM_TILES
        heights = []
        for sp, stack in enumerate(s.stacks):
            k = len(stack)
            heights.append(k / NUM_TILES)
            row = chances[sp]
            for p in stack:
                k -= 1
                covered[p] = cover_scale[k]
                chance[p] = row[k]
        out[self.covered] = covered
        out[self.chance] = chance
        out[self.pile_height] = heights
        out[self.pile_rocks] = s.base_rocks
        out[self.pile_rocks] *= 1 / self.content.numbers["rocks_per_base"]
        out[self.pile_edge] = self.edge

        # Each seat's tiles by colour (for the black missions), dinosaurs and score.
        nc = self.num_colours
        colour = self.kind_colour[np.array(s.kind, dtype=np.int64)]
        rel_owner = (owner - seat) % n
        counts = np.bincount((rel_owner * nc + colour)[owned], minlength=n * nc)
        out[self.colours] = counts
        out[self.colours] *= 1 / MAX_COLOUR
        loose = owned & (restored == 0)
        points = np.bincount(
            rel_owner[loose], weights=self.kind_points[np.array(s.kind, dtype=np.int64)][loose], minlength=n
        )
        score = [points[k] + bones[other] // self.bones_per_point for k, other in enumerate(seats)]
        dinos = [0] * n
        single = [0] * n
        for d in s.dinos:
            k = rel[d.seat]
            dinos[k] += 1
            score[k] += d.value
            if d.colours == 1:
                single[k] += 1
        out[self.dinosaurs] = [x / MAX_DINOSAURS for x in dinos]
        out[self.single] = [x / MAX_SINGLE for x in single]

        # The missions: revealed, and who took (red) or leads (black) each.
        counts = counts.reshape(n, nc)
        base = self.mission_owners.start
        for slot, m in enumerate(s.missions):
            out[self.revealed.start + m] = 1.0
            red, col, pts = self.missions_info[m]
            if red:
                taker = s.mission_owner[slot]
                leaders = [rel[taker]] if taker >= 0 else []
            else:
                column = counts[:, col]
                best = column.max()
                leaders = [k for k in range(n) if column[k] == best] if best > 0 else []
            for k in leaders:
                out[base + m * n + k] = 1.0
                score[k] += pts
        out[self.score] = [x / MAX_SCORE for x in score]
