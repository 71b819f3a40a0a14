"""DinoGenics: clone dinosaurs, build a park and draw visitors over 7 Seasons of worker placement.

Rules: the base rulebook is absent; the game is built from the published facts about the base game and
from what the Controlled Chaos rulebook (its quick reference above all)
says of the base game (the Open Season and Upkeep steps, rampage checks and results, structure damage,
player order). What no source gives is designed, as `designed` entries of the content files (content/).
"""

from __future__ import annotations

from dinotable.core.contract import Game
from dinotable.core.options import OptionSpec
from dinotable.games.dinogenics import board, render, screen, texts
from dinotable.games.dinogenics.actions import first_ids, layout_for
from dinotable.games.dinogenics.components import VISITORS, Content
from dinotable.games.dinogenics.content import CONTENT_PATH, load_content
from dinotable.games.dinogenics.heuristic import HEURISTIC
from dinotable.games.dinogenics.park import make_geometry
from dinotable.games.dinogenics.rules import (
    ASKING,
    COMMERCIAL,
    FAC_PARK,
    FACILITY_CELL,
    KEEP,
    LARGE_SPOT,
    PICK,
    Tables,
    meeples_left,
    places,
    room,
)
from dinotable.games.dinogenics.rules.codes import facility_of
from dinotable.games.dinogenics.state import DinoGenicsState
from dinotable.games.dinogenics.texts import BRANCHES

_SCENARIOS = ("CC1", "CC2", "CC3", "CC4", "CC5", "CC6", "CC7")


def _scenario_label(content: Content, key: str) -> str:
    sc = next(sc for sc in content.scenarios if sc.key == key)
    return f"{key}: {sc.name} ({sc.difficulty.capitalize()} Difficulty)"


def _scenario_help(content: Content, key: str) -> str:
    """What the lobby tells of a scenario before the table is made: its story, then its objective."""
    sc = next(sc for sc in content.scenarios if sc.key == key)
    return f"{sc.story}\n\nObjective: {sc.goal}"


class DinoGenics(Game[DinoGenicsState]):
    name = "dinogenics"
    title = "DinoGenics"
    heuristic = HEURISTIC
    encoding = "dinotable.games.dinogenics.encoding:Encoder"
    # Measured: 200 worlds, greedy priors, the heuristic at the leaf: 15 of 16 games against greedy.
    search_defaults = {"iters": 200, "depth": 0, "scale": 15.0, "prior": "greedy", "c": 1.5}
    test_option_sets = (
        {},  # Controlled Chaos (on by default)
        {"expansion": False},
        {"expansion": True, "elites": True, "chaos_theory": True},
        *({"scenario": key} for key in _SCENARIOS),
        {"coop": True},
    )
    # 7 Seasons of up to 5 workers each, with their choices, and the Upkeep's.
    max_decisions = 5_000

    def __init__(self, content: Content) -> None:
        self.content = content
        self.version = content.version
        self.min_players = content.numbers["min_players"]
        self.max_players = content.numbers["max_players"]
        n = content.numbers
        self.geo = make_geometry(n["park_rows"], n["park_columns"], n["pen_max"])
        self.layout = layout_for(content, self.geo)
        self.ids = first_ids(self.layout)
        self.tables = Tables(content, self.geo, frozenset(ASKING))
        self.num_distinct_actions = self.layout.size
        self.option_specs = (
            OptionSpec(
                "expansion",
                "bool",
                True,
                "Play with the Controlled Chaos expansion: the IntelliGen Designs board (Site D, Refinement and "
                "the HQ), eDNA, Polymorphic and Refined DNA, aquatic dinosaurs, Large Facilities and specialists. "
                "Without it, the base game is played alone.",
                label="Controlled Chaos expansion",
            ),
            OptionSpec(
                "chaos_theory",
                "bool",
                False,
                "Controlled Chaos' module for expert players: five red Breaking News cards, adversarial and "
                "destructive, are mixed into the deck and resolved as soon as they come up.",
                label="Chaos Theory module",
            ),
            OptionSpec(
                "elites",
                "bool",
                False,
                "Controlled Chaos' module for experienced players: the Parasaurolophus, the Dimetrodon, the "
                "Pachycephalosaurus and the Dreadnoughtus, whose few DNA cards are shuffled into the eDNA deck.",
                label="Dinosaur Elites module",
            ),
            OptionSpec(
                "scenario",
                "choice",
                "",
                "One of Controlled Chaos' seven solo scenarios: you play alone against its objective and are "
                "graded at the end.",
                choices=("", *_SCENARIOS),
                choice_labels=("No scenario", *(_scenario_label(content, key) for key in _SCENARIOS)),
                choice_help=("", *(_scenario_help(content, key) for key in _SCENARIOS)),
                players=1,
                label="Solo scenario",
            ),
            OptionSpec(
                "coop",
                "bool",
                False,
                "Synth Re-Activated (Hard Difficulty), Controlled Chaos' co-op for two players. The West "
                "Branch and the East Branch play together against Synth, a park the table plays itself from the "
                "Synth Turn Chart (two rampage dice each turn), with the Synth Breaking News deck. "
                + content.coop["story"]
                + " Objective: "
                + content.coop["goal"],
                players=2,
                label="Two-player co-op against Synth",
            ),
        )

    def check_options(self, options: dict, num_players: int) -> None:
        # Every module, scenario and the co-op is Controlled Chaos: with expansion=false the record would
        # say "base game" while the table played the expansion.
        for name in ("chaos_theory", "elites", "scenario", "coop"):
            if options[name] and not options["expansion"]:
                raise ValueError(
                    f"options {name!r} and 'expansion': {name}={options[name]!r} is part of Controlled Chaos, "
                    "so it cannot be played with expansion=false"
                )
        if options["coop"] and options["scenario"]:
            raise ValueError(
                f"options 'coop' and 'scenario': Synth Re-Activated is the two-player co-op and "
                f"{options['scenario']} a solo scenario, so they cannot be played together"
            )
        if options["coop"] and num_players != 2:
            raise ValueError(f"option 'coop': Synth Re-Activated is for 2 players, not {num_players}")
        if options["scenario"] and num_players != 1:
            raise ValueError(f"option 'scenario': a solo scenario is for 1 player, not {num_players}")

    def _new_state(self, num_players: int, seed: int, options: dict) -> DinoGenicsState:
        return DinoGenicsState(self, num_players, seed, options)

    def count_events(self, counts: dict, state: DinoGenicsState, events) -> None:
        """Placements on each action space ("placed:<space>"), dinosaurs created per species
        ("created:<species>"), mutants bred, rampages and Scandals, per seat."""
        if not counts:
            for sp in self.content.spaces:
                counts[f"placed:{sp.key}"] = [0] * state.num_players
            for species in self.content.species:
                counts[f"created:{species.key}"] = [0] * state.num_players
            counts["placed:private_airport"] = [0] * state.num_players
            counts["bred"] = [0] * state.num_players
            counts["born"] = [0] * state.num_players
            counts["rampages"] = [0] * state.num_players
            counts["scandals"] = [0] * state.num_players
        for e in events:
            if e.seat is None or e.seat >= state.num_players:
                continue  # the game's own (the co-op's Synth)
            if e.kind == "place":
                counts[f"placed:{e.detail['space']}"][e.seat] += 1
            elif e.kind == "airport":
                counts["placed:private_airport"][e.seat] += 1
            elif e.kind == "create":
                counts[f"created:{e.detail['species']}"][e.seat] += 1
            elif e.kind == "breed":
                counts["bred"][e.seat] += 1
            elif e.kind == "born":
                counts["born"][e.seat] += 1
            elif e.kind == "rampage":
                counts["rampages"][e.seat] += 1
            elif e.kind == "scandal":
                counts["scandals"][e.seat] += e.detail["scandals"]

    def final_counts(self, state: DinoGenicsState) -> dict:
        """Dinosaurs and facilities in each park at the end."""
        seats = range(state.num_players)
        return {
            "dinosaurs": [len(state.dinos[p]) for p in seats],
            "facilities": [len(state.facs[p]) for p in seats],
        }

    def reference(self) -> dict[str, str]:
        return texts.reference(self.content)

    def how_to_play(self) -> list[dict]:
        """The sections of content/how_to_play.toml, each the caller's own copy."""
        return [dict(section) for section in self.content.how_to_play]

    def seat_name(self, state: DinoGenicsState, seat: int) -> str:
        """In the co-op the two seats are the West and East Branches, as the board and the texts name them,
        unless people gave their names."""
        return f"{BRANCHES[seat]} Branch" if state.coop and not state.names else super().seat_name(state, seat)

    def board_text(self, state: DinoGenicsState, seat: int | None) -> str:
        return board.board_text(state, seat)

    def event_text(self, state: DinoGenicsState, event) -> str:
        return render.event_text(state, event)

    def status_line(self, state: DinoGenicsState, seat: int | None) -> str:
        return screen.status_line(state, seat)

    def stage_text(self, state: DinoGenicsState) -> str:
        return screen.stage_text(state)

    round_word = "Season"

    def round_of(self, state: DinoGenicsState) -> int:
        return state.season

    def status_text(self, state: DinoGenicsState, seat: int | None) -> str:
        return screen.status_text(state, seat)

    def screen_text(self, state: DinoGenicsState, seat: int | None) -> str:
        return screen.screen_text(state, seat)

    def seat_board_text(self, state: DinoGenicsState, viewer: int | None, seat: int) -> str:
        return screen.seat_board_text(state, viewer, seat)

    def action_name(self, state: DinoGenicsState, action: int) -> str:
        return screen.action_name(state, action)

    def action_label(self, state: DinoGenicsState, action: int) -> str:
        return screen.action_label(state, action)

    def count_label(self, name: str) -> str:
        return screen.count_label(self.content, name)

    def check_invariants(self, s: DinoGenicsState) -> None:
        c = self.content
        k, m = c.kinds, len(c.manipulation)
        exp = s.expansion
        for p in range(s.parks):
            assert all(v >= 0 for v in s.counters(p)), "a counter below zero"
            assert s.get(p, VISITORS) <= room(s, p), "more visitors than rooms"
            assert s.broken[p] & ~s.fence[p] == 0, "a broken fence where none was built"
            spaces = [x for f in s.facs[p] for x in places(f)]
            assert len(set(spaces)) == len(spaces), "two facilities on one space"
            assert s.fcells[p] == sum(1 << x for x in spaces if x < COMMERCIAL), "park facility cells out of date"
        held = [sum(s.dna[p * k + kind] for p in range(s.num_players)) for kind in range(k)]
        kept = list(s.ctx.arg) if s.phase == PICK and s.ctx.purpose == KEEP else []
        for kind in range(k):
            in_play = kind == s.t.poly or exp or not c.species[kind].expansion
            if kind < len(c.species) and c.species[kind].elites and not s.elites:
                in_play = False
            expected = (c.dna_deck[kind] if kind < len(c.species) else 0) + (c.edna_deck[kind] if exp else 0)
            total = held[kind] + s.dna_deck.count(kind) + s.edna_deck.count(kind) + s.dna_discard.count(kind)
            total += s.market.count(kind) + kept.count(kind)
            name = c.species[kind].name if kind < len(c.species) else "Polymorphic"
            assert total == (expected if in_play else 0), f"{name} DNA cards not conserved"
        for card in c.manipulation:
            total = sum(s.manip[p * m + card.index] for p in range(s.num_players))
            total += s.manip_deck.count(card.index) + s.manip_discard.count(card.index)
            dealt = (s.num_players > 1 or not card.opponents) and (exp or not card.expansion)
            assert total == (card.count if dealt else 0), f"{card.name} cards not conserved"
        tiles = list(s.bag) + [f for stack in s.stacks for f in stack] + list(s.large_pile) + list(s.large_offer)
        tiles += [facility_of(f) for p in range(s.parks) for f in s.facs[p]] + list(s.removed)
        if s.phase in (FACILITY_CELL, LARGE_SPOT, FAC_PARK):
            tiles.append(s.ctx.facility)  # bought, its park space not yet chosen
        for fac in c.facilities:
            expected = fac.count if exp or not fac.expansion else 0
            if fac.stack:
                assert tiles.count(fac.index) + s.hotels_left == expected, "Basic Hotels not conserved"
            elif fac.hq_stack:
                assert tiles.count(fac.index) + s.habitats_left == expected, "Aquatic Habitats not conserved"
            else:
                assert tiles.count(fac.index) == expected, f"{fac.name} tiles not conserved"
        claimed = [i for p in range(s.num_players) for i in range(len(c.specialists)) if s.holds(p, i)]
        specialists = sorted(claimed + s.spec_deck + s.job_market + s.contractors)
        assert specialists == (list(range(len(c.specialists))) if exp else []), "specialists not conserved"
        for sp in c.species:
            assert meeples_left(s, sp.index) >= 0, f"more {sp.name} in the parks than it has meeples"


GAME = DinoGenics(load_content(CONTENT_PATH))
