"""Tiny Epic Dinosaurs: breed and sell dinosaurs on a tropical island farm, in 6 rounds of worker placement.

Rules: the Tiny Epic Dinosaurs rulebook (its text is cut off in the first action); what it leaves open:
the published facts about the printed game and the `designed` entries of its content files. One player plays the solo
game against the Rival, which the engine plays.
"""

from __future__ import annotations

from dinotable.core.contract import Game
from dinotable.core.options import OptionSpec
from dinotable.games.tiny_epic_dinosaurs import log, render, screen
from dinotable.games.tiny_epic_dinosaurs.actions import first_ids, layout_for
from dinotable.games.tiny_epic_dinosaurs.components import COMMON_SPECIES, EMPTY, is_common, is_unique, unique_card
from dinotable.games.tiny_epic_dinosaurs.content import CONTENT_PATH, Content, load_content
from dinotable.games.tiny_epic_dinosaurs.escapes import escaping_now
from dinotable.games.tiny_epic_dinosaurs.farm import farm_zones
from dinotable.games.tiny_epic_dinosaurs.grid import has, members
from dinotable.games.tiny_epic_dinosaurs.heuristic import HEURISTIC
from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


class TinyEpicDinosaurs(Game[TinyEpicDinosaursState]):
    name = "tiny-epic-dinosaurs"
    title = "Tiny Epic Dinosaurs"
    heuristic = HEURISTIC
    encoding = "dinotable.games.tiny_epic_dinosaurs.encoding:Encoder"
    # Measured: 200 worlds, greedy priors, the heuristic at the leaf: 11 of 16 games against greedy.
    search_defaults = {"iters": 200, "depth": 0, "scale": 10.0, "prior": "greedy", "c": 1.5}
    # 6 rounds: a dozen placements and choices each, a Farm to adapt and feed per player.
    max_decisions = 3_000
    # Round 4's Private Contract is drawn face down: only its owner is told which.
    private_details = {"draw_private": ("contracts",)}

    def __init__(self, content: Content) -> None:
        self.content = content
        self.version = content.version
        self.min_players = content.numbers["min_players"]
        self.max_players = content.numbers["max_players"]
        self.layout = layout_for(content)
        self.ids = first_ids(self.layout)
        self.num_distinct_actions = self.layout.size
        self.text_styles = {sp.name: sp.style for sp in content.species}
        farms = ("random", *(f.name for f in content.farms))
        self.option_specs = (
            OptionSpec(
                "farm",
                "choice",
                "random",
                "Which Farm board everyone plays on. Random deals each player a different one; a Farm's name gives "
                "every player that same Farm.",
                choices=farms,
                provenance="designed",
                choice_labels=("Random", *(f.name for f in content.farms)),
                choice_help=(
                    "Each player is dealt a different Farm board.",
                    *(f"Every player plays on the {f.name} Farm." for f in content.farms),
                ),
                label="Farm",
            ),
        )
        self.test_option_sets = ({}, {"farm": content.farms[-1].name})

    def _new_state(self, num_players: int, seed: int, options: dict) -> TinyEpicDinosaursState:
        return TinyEpicDinosaursState(self, num_players, seed, options)

    def count_events(self, counts: dict, state, events) -> None:
        """Placements on each action space ("placed:<space>"), dinosaurs escaped and born, per seat."""
        if not counts:
            for space in state.slots:
                counts[f"placed:{self.content.spaces[space].id}"] = [0] * state.num_players
            counts["escaped"] = [0] * state.num_players
            counts["born"] = [0] * state.num_players
        for e in events:
            if e.kind == "place":
                counts[f"placed:{e.detail['space']}"][e.seat] += 1
            elif e.kind == "escape":
                counts["escaped"][e.seat] += len(e.detail["dinosaurs"])
            elif e.kind == "breed":
                counts["born"][e.seat] += sum(e.detail.values())

    def final_counts(self, state) -> dict:
        """Contracts fulfilled and Research cards held at the end, per seat."""
        seats = range(state.num_players)
        return {
            "contracts": [len(state.fulfilled[seat]) for seat in seats],
            "research": [len(state.owned[seat]) for seat in seats],
        }

    def reference(self) -> dict[str, str]:
        return render.reference(self.content)

    def count_label(self, name: str) -> str:
        return screen.count_label(self.content, name)

    def board_text(self, state, seat: int | None) -> str:
        return screen.board_text(state, seat)

    def status_line(self, state, seat: int | None) -> str:
        return screen.status_line(state, seat)

    def stage_text(self, state) -> str:
        return render.stage_text(state)

    def round_of(self, state) -> int:
        return state.round

    def status_text(self, state, seat: int | None) -> str:
        return render.status_text(state, seat)

    def how_to_play(self) -> list[dict]:
        """The sections of content/how_to_play.toml, each citing the rulebook section it follows."""
        return [dict(section) for section in self.content.how_to_play]

    def screen_text(self, state, seat: int | None) -> str:
        return screen.screen_text(state, seat)

    def seat_board_text(self, state, viewer: int | None, seat: int) -> str:
        return screen.seat_board_text(state, viewer, seat)

    def action_name(self, state, action: int) -> str:
        return screen.action_name(state, action)

    def action_label(self, state, action: int) -> str:
        return screen.action_label(state, action)

    def event_text(self, state, event) -> str:
        return log.event_text(state, event)

    def check_invariants(self, s: TinyEpicDinosaursState) -> None:
        c = self.content
        top = c.numbers["track_max"]
        assert all(0 <= r <= top for r in s.res), "a resource track is outside 0-13"
        assert all(0 <= r <= top for r in s.rival_res), "a Rival resource is outside 0-13"
        fenced = sum(len(members(f)) for f in s.fence)
        assert s.barrier_supply + sum(s.barriers) + fenced == c.numbers["barrier_supply"], "Barriers not conserved"
        for seat in range(s.num_players):
            dotted = c.farms[s.farm[seat]].dotted
            assert all(has(dotted, e) for e in members(s.fence[seat])), "a Barrier off a dotted line"
            assert s.zones[seat] == farm_zones(s, seat), "Enclosures out of date"
        for k in range(COMMON_SPECIES):
            on_farms = sum(1 for code in s.cells if code == k)
            held = sum(s.held(p, k) + s.on_leave(p, k) + s.newborn(p, k) for p in range(s.num_players))
            total = s.supply[k] + on_farms + held + s.rival_cols[k] + escaping_now(s).count(k)
            assert total == c.species[k].supply, f"{c.species[k].name} not conserved"
        cards = list(s.research_deck) + s.research_row + s.research_discard + list(s.rival_research)
        for seat in range(s.num_players):
            cards += s.owned[seat]
        assert sorted(cards) == list(range(len(c.research))), "Research cards not conserved"
        for seat in range(s.num_players):
            # A Unique Dinosaur is on the Farm, in the Containment Zone or escaping (from the seat to move).
            uniques = [unique_card(code) for code in s.farm_spaces(seat) if is_unique(code)]
            uniques += list(s.hold_unique[seat])
            if seat == s.cur:
                uniques += [unique_card(code) for code in escaping_now(s) if is_unique(code)]
            owned = [k for k in s.owned[seat] if c.research[k].unique_diet >= 0]
            assert sorted(uniques) == sorted(owned), "a Unique Dinosaur without its card, or a card without it"
        contracts = s.public_deck + s.public_row + s.private_deck + list(s.rival_contracts)
        for seat in range(s.num_players):
            contracts += list(s.private[seat]) + list(s.dealt[seat]) + list(s.fulfilled[seat])
        assert sorted(contracts) == list(range(len(c.contracts))), "Contracts not conserved"
        assert all(code == EMPTY or is_common(code) or unique_card(code) < len(c.research) for code in s.cells)


GAME = TinyEpicDinosaurs(load_content(CONTENT_PATH))
