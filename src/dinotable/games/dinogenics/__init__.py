"""DinoGenics: clone dinosaurs, build a park and draw visitors over 7 Seasons of worker placement.

Rules: the base rulebook is absent; the game is built from the published facts in shared/rules/GAPS.md
section 3.1 and from what the Controlled Chaos rulebook (shared/rules/dinogenics-controlled-chaos.txt)
says of the base game (the Open Season and Upkeep steps, rampage checks and results, structure damage,
player order). What no source gives is designed, as `designed` entries of content.toml.
"""

from __future__ import annotations

from dinotable.core.contract import Game
from dinotable.games.dinogenics import render
from dinotable.games.dinogenics.content import CONTENT_PATH, VISITORS, Content, load_content
from dinotable.games.dinogenics.heuristic import HEURISTIC
from dinotable.games.dinogenics.park import make_geometry
from dinotable.games.dinogenics.rules import COMMERCIAL, FACILITY_CELL, KEEP, PICK, WIDTH, ActionIds, Tables, room
from dinotable.games.dinogenics.state import DinoGenicsState


class DinoGenics(Game):
    name = "dinogenics"
    title = "DinoGenics"
    heuristic = HEURISTIC
    # Measured: 200 worlds, greedy priors, the heuristic at the leaf: 15 of 16 games against greedy.
    search_defaults = {"iters": 200, "depth": 0, "scale": 15.0, "prior": "greedy", "c": 1.5}
    # 7 Seasons of up to 5 workers each, with their choices, and the Upkeep's.
    max_decisions = 5_000

    def __init__(self, content: Content) -> None:
        self.content = content
        self.version = content.version
        self.min_players = content.numbers["min_players"]
        self.max_players = content.numbers["max_players"]
        n = content.numbers
        self.geo = make_geometry(n["park_rows"], n["park_columns"], n["pen_max"])
        self.ids = ActionIds(content, self.geo)
        self.tables = Tables(content)
        self.num_distinct_actions = self.ids.total

    def _new_state(self, num_players: int, seed: int, options: dict) -> DinoGenicsState:
        return DinoGenicsState(self, num_players, seed, options)

    def count_events(self, counts: dict, state, events) -> None:
        """Placements on each action space ("placed:<space>"), dinosaurs created per species
        ("created:<species>"), mutants bred, rampages and Scandals, per seat."""
        if not counts:
            for sp in self.content.spaces:
                counts[f"placed:{sp.key}"] = [0] * state.num_players
            for sp in self.content.species:
                counts[f"created:{sp.key}"] = [0] * state.num_players
            counts["bred"] = [0] * state.num_players
            counts["rampages"] = [0] * state.num_players
            counts["scandals"] = [0] * state.num_players
        for e in events:
            if e.kind == "place":
                counts[f"placed:{e.detail['space']}"][e.seat] += 1
            elif e.kind == "create":
                counts[f"created:{e.detail['species']}"][e.seat] += 1
            elif e.kind == "breed":
                counts["bred"][e.seat] += 1
            elif e.kind == "rampage":
                counts["rampages"][e.seat] += 1
            elif e.kind == "scandal":
                counts["scandals"][e.seat] += e.detail["scandals"]

    def final_counts(self, state) -> dict:
        """Dinosaurs and facilities in each park at the end."""
        seats = range(state.num_players)
        return {
            "dinosaurs": [len(state.dinos[p]) for p in seats],
            "facilities": [len(state.facs[p]) for p in seats],
        }

    def board_text(self, state, seat: int | None) -> str:
        return render.board_text(state, seat)

    def event_text(self, state, event) -> str:
        return render.event_text(state, event)

    def check_invariants(self, s: DinoGenicsState) -> None:
        c = self.content
        k, m = len(c.species), len(c.manipulation)
        for p in range(s.num_players):
            base = p * WIDTH
            assert all(v >= 0 for v in s.res[base : base + WIDTH]), "a counter below zero"
            assert s.res[base + VISITORS] <= room(s, p), "more visitors than rooms"
            assert s.broken[p] & ~s.fence[p] == 0, "a broken fence where none was built"
            places = [(f >> 6) & 31 for f in s.facs[p]]
            assert len(set(places)) == len(places), "two facilities on one space"
            assert s.fcells[p] == sum(1 << x for x in places if x < COMMERCIAL), "park facility cells out of date"
        held = [sum(s.dna[p * k + sp] for p in range(s.num_players)) for sp in range(k)]
        kept = list(s.ctx[2]) if s.phase == PICK and s.ctx[0] == KEEP else []
        for sp in range(k):
            total = held[sp] + s.dna_deck.count(sp) + s.dna_discard.count(sp) + s.market.count(sp) + kept.count(sp)
            assert total == c.dna_deck[sp], f"{c.species[sp].name} DNA cards not conserved"
        for card in c.manipulation:
            total = sum(s.manip[p * m + card.index] for p in range(s.num_players))
            total += s.manip_deck.count(card.index) + s.manip_discard.count(card.index)
            expected = card.count if s.num_players > 1 or not card.opponents else 0
            assert total == expected, f"{card.name} cards not conserved"
        tiles = list(s.bag) + [f for stack in s.stacks for f in stack]
        tiles += [f & 63 for p in range(s.num_players) for f in s.facs[p]]
        if s.phase == FACILITY_CELL:
            tiles.append(s.ctx[0])  # bought, its park space not yet chosen
        for fac in c.facilities:
            if fac.stack:
                assert tiles.count(fac.index) + s.hotels_left == fac.count, "Basic Hotels not conserved"
            else:
                assert tiles.count(fac.index) == fac.count, f"{fac.name} tiles not conserved"


GAME = DinoGenics(load_content(CONTENT_PATH))
