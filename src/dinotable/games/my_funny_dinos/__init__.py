"""My Funny Dinos: excavate fossil tiles from under stacked rocks and restore (funny) dinosaurs.

Rules: the My Funny Dinos rulebook; what it leaves open is designed, as the `designed` entries of
content.toml.
"""

from __future__ import annotations

from dinotable.core.contract import Game
from dinotable.core.options import OptionSpec
from dinotable.games.my_funny_dinos import render, screen
from dinotable.games.my_funny_dinos.content import (
    CONTENT_PATH,
    HEAD,
    LEG,
    PARTS,
    TAIL,
    Content,
    load_content,
    load_how_to_play,
)
from dinotable.games.my_funny_dinos.heuristic import HEURISTIC
from dinotable.games.my_funny_dinos.rules import EXCAVATE, NUM_ACTIONS, NUM_TILES, loose_tiles, tiles_above
from dinotable.games.my_funny_dinos.state import MyFunnyDinosState


class MyFunnyDinos(Game[MyFunnyDinosState]):
    name = "my-funny-dinos"
    title = "My Funny Dinos"
    num_distinct_actions = NUM_ACTIONS
    heuristic = HEURISTIC
    encoding = "dinotable.games.my_funny_dinos.encoding:Encoder"
    # Measured: 300 worlds, greedy priors, the heuristic at the leaf: 24 of 30 games against greedy.
    search_defaults = {"iters": 300, "depth": 0, "scale": 10.0, "prior": "greedy", "c": 1.5}
    test_option_sets = (
        {},
        {"rocks_per_base": 2},
        {"excavation": "dice"},
        {"shaky_stacks": True, "dexterity": 0.5},
        {"rocks_per_base": 2, "excavation": "dice", "shaky_stacks": True},
        {"dexterity": 2.0, "rocks_per_base": 2},
    )
    # Every turn removes a tile or ends; 40 tiles, at most a few decisions each, plus failed turns.
    max_decisions = 2_000

    def __init__(self, content: Content) -> None:
        self.content = content
        self.version = content.version
        self.min_players = content.numbers["min_players"]
        self.max_players = content.numbers["max_players"]
        self.text_styles = dict(zip(content.colours, content.colour_styles, strict=True))
        self._how_to_play = load_how_to_play()
        rocks, easy = content.numbers["rocks_per_base"], content.numbers["rocks_per_base_easy"]
        self.option_specs = (
            OptionSpec(
                "rocks_per_base",
                "choice",
                rocks,
                f"How many rocks each base tile carries: {rocks}, as the rulebook sets up the game, or {easy} "
                "for an easier game, as its tip allows.",
                choices=(rocks, easy),
                label="Rocks on each base tile",
            ),
            OptionSpec(
                "excavation",
                "choice",
                "model",
                "How an attempt to excavate is decided: the pile model weighs how deep the tile lies, the rocks "
                "near it and the paper's edge, with each player's steadiness of hand; the dice game rolls a "
                f"{content.dice['sides']}-sided die instead, alike for every player.",
                choices=("model", "dice"),
                choice_labels=("Pile model", "Dice"),
                provenance="designed",
                label="Excavation",
            ),
            OptionSpec(
                "dexterity",
                "per_seat_float",
                1.0,
                "How steady each player's hand is in the pile model: 1 is an ordinary player, more succeeds "
                "more often, less fails more often (from 0.25 to 4; one value for everyone, or one for each "
                "player). The dice game has no use for it.",
                minimum=0.25,
                maximum=4.0,
                provenance="designed",
                label="Steadiness of hand",
            ),
            OptionSpec(
                "shaky_stacks",
                "bool",
                False,
                "The rock stacks get shakier every round, so excavating gets harder as the game goes on.",
                provenance="designed",
                label="Shaky stacks",
            ),
        )

    def check_options(self, options: dict, num_players: int) -> None:
        if options["excavation"] == "dice" and any(d != 1.0 for d in options["dexterity"]):
            raise ValueError(
                "option 'dexterity' has no effect with excavation='dice' (a die has no skill); leave it at 1.0"
            )

    def _new_state(self, num_players: int, seed: int, options: dict) -> MyFunnyDinosState:
        return MyFunnyDinosState(self, num_players, seed, options)

    def present_actions(self, state: MyFunnyDinosState, actions: list[int]) -> list[int]:
        # Excavations are listed as a player scans the pile: face-up tiles first, then deeper ones, by spot.
        if state.phase == EXCAVATE:
            return sorted(actions, key=lambda p: (tiles_above(state, p), state.spot[p], p))
        return actions

    # What designers count: excavations won and failed (by cause), dinosaurs by kind, exchanges, red
    # missions taken; read from the events, outside the rules.
    COUNTS = ("excavated", "failed:rocks", "failed:edge", "restored:single", "restored:mixed", "exchanged")

    def count_events(self, counts: dict, state: MyFunnyDinosState, events) -> None:
        if not counts:
            for name in self.COUNTS:
                counts[name] = [0] * state.num_players
        for kind, seat, detail in events:
            if kind == "excavated":
                counts["excavated"][seat] += 1
            elif kind == "excavation_failed":
                counts[f"failed:{detail['cause']}"][seat] += 1
            elif kind == "restored":
                single = detail["value"] == self.content.numbers["single_colour_dinosaur"]
                counts["restored:single" if single else "restored:mixed"][seat] += 1
            elif kind == "exchanged":
                counts["exchanged"][seat] += 1
            elif kind == "mission_taken":
                counts.setdefault(f"mission:{detail['mission']}", [0] * state.num_players)[seat] += 1

    def final_counts(self, state: MyFunnyDinosState) -> dict:
        """Bone tokens and loose tiles held at the end, per seat."""
        seats = range(state.num_players)
        return {"bones": list(state.bones), "loose": [len(loose_tiles(state, seat)) for seat in seats]}

    def count_label(self, name: str) -> str:
        return screen.count_label(self.content, name)

    def reference(self) -> dict[str, str]:
        return render.reference(self.content)

    def how_to_play(self) -> list[dict]:
        """The game in brief, from how_to_play.toml (loaded and checked with the game)."""
        return [dict(section) for section in self._how_to_play]

    def stage_text(self, state: MyFunnyDinosState) -> str:
        return render.stage_text(state)

    def round_of(self, state: MyFunnyDinosState) -> int:
        return state.round

    def status_text(self, state: MyFunnyDinosState, seat: int | None) -> str:
        return render.status_text(state, seat)

    def board_text(self, state: MyFunnyDinosState, seat: int | None) -> str:
        return screen.board_text(state, seat)

    def status_line(self, state: MyFunnyDinosState, seat: int | None) -> str:
        return screen.status_line(state, seat)

    def screen_text(self, state: MyFunnyDinosState, seat: int | None) -> str:
        return screen.screen_text(state, seat)

    def seat_board_text(self, state: MyFunnyDinosState, viewer: int | None, seat: int) -> str:
        return screen.seat_board_text(state, viewer, seat)

    def action_name(self, state: MyFunnyDinosState, action: int) -> str:
        return screen.action_name(state, action)

    def action_label(self, state: MyFunnyDinosState, action: int) -> str:
        return screen.action_label(state, action)

    def event_text(self, state: MyFunnyDinosState, event) -> str:
        text = render.event_text(state, event)
        return text[:1].upper() + text[1:]  # a sentence, as the other games tell theirs

    def check_invariants(self, s: MyFunnyDinosState) -> None:
        c = self.content
        in_stacks = sorted(p for stack in s.stacks for p in stack)
        assert in_stacks == sorted(s.pile), "the pile's stacks and its tile list disagree"
        assert all(s.owner[p] < 0 for p in s.pile), "a tile in the pile has an owner"
        assert sum(1 for p in range(NUM_TILES) if s.owner[p] >= 0) + len(s.pile) == NUM_TILES, "tiles lost"
        assert sorted(s.kind) == list(range(NUM_TILES)), "tile kinds are not the 40 components"
        assert sum(s.bones) + s.supply == c.numbers["bone_supply"], "bone tokens not conserved"
        assert min(s.bones) >= 0 and s.supply >= 0, "negative bones"
        for seat in range(s.num_players):
            for part in range(len(PARTS)):
                assert s.loose(seat, part) == len(loose_tiles(s, seat, part)), "loose part counts out of date"
        restored = [p for d in s.dinos for p in d.pieces]
        assert len(restored) == len(set(restored)) == sum(s.restored), "a tile is in two dinosaurs"
        for d in s.dinos:
            assert all(s.owner[p] == d.seat for p in d.pieces), "a restored dinosaur changed hands"
            parts = [c.kind_part[s.kind[p]] for p in d.pieces]
            assert parts == [HEAD, TAIL, LEG, LEG], "a dinosaur is not head, tail and two legs"
            single = d.colours == 1
            assert d.value == c.numbers["single_colour_dinosaur" if single else "mixed_dinosaur"]
        taken = [o for o in s.mission_owner if o >= 0]
        assert all(0 <= o < s.num_players for o in taken)


GAME = MyFunnyDinos(load_content(CONTENT_PATH))
