"""The engine contract: what every game offers, and what every front end, agent and test relies on.

A Game holds a game's static facts and makes States. A State is one position of one match: it is mutated
only by `apply`, copied by `clone`, and read by front ends and agents only through `view`.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple

from dinotable.core.errors import shown
from dinotable.core.options import OptionSpec, validate_options
from dinotable.core.words import names_problem, upper_first

# The type of a game's states: each game is a Game[ItsState], so its methods take its own states. A plain
# `Game` means Game[State] to the type checker (the default; typing.TypeVar takes `default` from Python 3.13
# only, so the run-time TypeVar has none: it is not read at run time).
if TYPE_CHECKING:
    from typing_extensions import TypeVar

    StateT = TypeVar("StateT", bound="State", default="State")
else:
    from typing import TypeVar

    StateT = TypeVar("StateT", bound="State")


def action_id(action: Any) -> int | None:
    """The int an action stands for (a NumPy integer too), or None if it is not an action id at all."""
    if type(action) is int:
        return action
    if isinstance(action, bool):
        return None
    try:
        return operator.index(action)
    except TypeError:
        return None


def check_seat(seat: Any, num_players: int) -> int | None:
    """A seat is an int in range(num_players), or None for a spectator; a bool, a string, a float or a
    seat not at this table is refused with ValueError (True must never read as seat 1)."""
    if seat is None or (type(seat) is int and 0 <= seat < num_players):
        return seat
    index = action_id(seat)
    if index is not None and type(seat) is not bool and 0 <= index < num_players:
        return index  # a NumPy integer, say
    raise ValueError(
        f"seat {shown(seat)} is not a seat of this {num_players}-player game: a seat is 0-{num_players - 1}, or None"
    )


def check_seed(seed: Any, what: str = "seed") -> int:
    """Seeds are whole numbers of at most 64 bits (records keep them as plain JSON numbers)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"{what} must be a whole number, got {shown(seed)}")
    if seed.bit_length() > 64:
        raise ValueError(f"{what} must fit in 64 bits, got {shown(seed)}")
    return seed


def check_options_mapping(options: Any) -> dict:
    """Options are a mapping from option names to values; None means the defaults. Anything else (0, "",
    [], a list of pairs) is refused rather than read as no options."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping of option names to values, got {shown(options)}")
    for name in options:
        if not isinstance(name, str):
            raise ValueError(f"option names are strings, got {shown(name)}")
    return dict(options)


class Event(NamedTuple):
    """Something that happened inside `apply`: a die roll, a gained tile, a mission taken.

    Every seat and spectator may receive an event, except the detail keys its game lists for that kind
    in `Game.private_details`: those belong to `seat` alone (the identity of a card it drew, say), and
    `Game.events_for` leaves them out for everyone else. The conformance suite proves that what a viewer
    receives is the same on the true state and on any copy determinized for that viewer."""

    kind: str
    seat: int | None
    detail: dict


class Secret(NamedTuple):
    """One part of a state that a seat cannot see, as `State.secrets` names it for the conformance suite:
    its value, the cards or tiles a fair re-deal could put there (`pool`, a subset of them where the game's
    re-deal is constrained), and whether order matters (a deck) or only the multiset (a hand)."""

    value: tuple
    pool: tuple
    ordered: bool = False


class Game(ABC, Generic[StateT]):
    """A game's static facts, its options, and the factory of its states (of type StateT)."""

    name: str
    title: str
    version: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    option_specs: tuple[OptionSpec, ...] = ()
    # Option sets the conformance suite plays besides the defaults: every module and variant.
    test_option_sets: tuple[dict, ...] = ({},)
    # No legal game lasts longer than this many decisions (the conformance suite checks it).
    max_decisions: int = 10_000
    # The game's own evaluation for heuristic and search agents (see dinotable.agents), or None.
    heuristic: Any = None
    # Where the game's observation encoder is ("module:Class", see core.observation): imported when first
    # asked for, since it needs numpy (the rl extra).
    encoding: str | None = None
    # The search agent's defaults for this game (agents.mcts): iters, depth (-1: rollouts to the end),
    # scale (points of heuristic advantage worth about 73% of a win), prior (none or greedy), c.
    search_defaults: dict = {}

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> StateT:
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError(f"num_players must be a whole number, got {shown(num_players)}")
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {shown(num_players)}"
            )
        check_seed(seed)
        options = validate_options(self.option_specs, check_options_mapping(options), num_players)
        self.check_options(options, num_players)
        return self._new_state(num_players, seed, options)

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict) -> StateT: ...

    def from_json(self, doc: dict | str) -> StateT:
        """Rebuilds a state from its record by replaying it; raises RecordError on a bad record."""
        from dinotable.core.record import replay

        return replay(self, doc)

    def check_options(self, options: dict, num_players: int) -> None:
        """Raises ValueError, naming the options, for a combination of options that does not go together."""

    def test_option_sets_for(self, num_players: int) -> tuple[dict, ...]:
        """The test option sets this player count allows (a solo scenario is for one player)."""
        out = []
        for options in self.test_option_sets:
            try:
                self.check_options(validate_options(self.option_specs, options, num_players), num_players)
            except ValueError:
                continue
            out.append(options)
        return tuple(out)

    def count_events(self, counts: dict, state: StateT, events: list[Event]) -> None:
        """Adds what designers count (placements, escapes...) from one decision's events to `counts`,
        name -> one number per seat. Simulations call it after each apply, outside the rules."""

    def count_label(self, name: str) -> str:
        """A count's name as a report prints it, in the game's words ("placed:site_a" -> "workers placed on
        Site A"); by default the name itself."""
        return name

    def final_counts(self, state: StateT) -> dict:
        """Counts read from a finished game (name -> one number per seat), beside count_events'."""
        return {}

    def provenance(self) -> list[dict]:
        """Every rule and component with where it comes from: rulebook, published or designed; by default
        the game's content items (`self.content.provenance`) and its options."""
        items = list(getattr(getattr(self, "content", None), "provenance", ()))
        items += [
            {"kind": "option", "name": spec.name, "provenance": spec.provenance, "text": spec.help}
            for spec in self.option_specs
        ]
        return items

    # Per event kind, the detail keys only the event's own seat may receive (see Event).
    private_details: dict[str, tuple[str, ...]] = {}

    def events_for(self, events: list[Event], viewer: int | None) -> list[Event]:
        """The events as `viewer` (a seat, or None for a spectator) may receive them."""
        private = self.private_details
        if not private:
            return list(events)
        return [
            e
            if e.seat == viewer or e.kind not in private
            else Event(e.kind, e.seat, {k: v for k, v in e.detail.items() if k not in private[e.kind]})
            for e in events
        ]

    def check_invariants(self, state: StateT) -> None:
        """Raises AssertionError if a rule invariant (counts conserved, values in bounds) is broken."""

    # Text for terminal front ends; a game overrides these with its own render module.
    # Words a terminal may colour, and their rich style (e.g. a tile colour's name in that colour).
    text_styles: dict[str, str] = {}

    def present_actions(self, state: StateT, actions: list[int]) -> list[int]:
        """The legal actions in the order a person should see them listed (by default, as given)."""
        return actions

    def reference(self) -> dict[str, str]:
        """A reference for every component the table shows, from the content: its printed name -> one line
        of what it is and does (cost, effect, VP). The terminal's `help NAME` reads it."""
        return {}

    def how_to_play(self) -> list[dict]:
        """The game in brief for a person at the table: sections {"title", "text", "rulebook"} (turn
        structure, what ends the game, how it scores), in the project's words, each citing the rulebook's
        section it follows (or saying the rule is designed)."""
        return []

    def seat_name(self, state: StateT, seat: int) -> str:
        """A seat as the game's texts and the table call it: its display name if people gave names ("Ana"),
        else the game's own ("player 2"; a co-op's "East Branch")."""
        return state.names[seat] if state.names else f"player {seat + 1}"

    def board_text(self, state: StateT, seat: int | None) -> str:
        """The whole table as `seat` (None: a spectator) sees it: the terminal's `board`. At most 80
        characters wide."""
        import json

        return json.dumps(state.view(seat), indent=1)

    # The terminal's screen fits 80x24: the screen and the menu of actions below it share the 24 lines.
    def status_line(self, state: StateT, seat: int | None) -> str:
        """One line of at most 80 characters: the game, the round or Season and its phase, whose turn it
        is, and `seat`'s key resources."""
        mover = state.current_player  # None once the game is over, and only then
        turn = "over" if mover is None else f"{self.seat_name(state, mover)} to move"
        return f"{self.title} | {turn}"

    def status_text(self, state: StateT, seat: int | None) -> str:
        """Where the game stands, in words, for a page (no terminal shorthand): "Round 1 of 6, Setup: choose a
        Private Contract to keep". By default, whose turn it is."""
        mover = state.current_player
        if mover is None:
            return "The game is over."
        return f"{upper_first(self.seat_name(state, mover))} to move."

    def stage_text(self, state: StateT) -> str:
        """Where in the game the next decision falls, as a log groups decisions: "Season 3 of 7 - Worker
        Placement", "Round 2 of 6 - Allocate Dinofarmers", "Round 4". By default, none."""
        return ""

    # What the game calls the steps `round_of` counts ("Round"; DinoGenics: "Season").
    round_word = "Round"

    def round_of(self, state: StateT) -> int:
        """The Round (or Season) the game is in: the steps of the score chart after a game. By default 1."""
        return 1

    def screen_text(self, state: StateT, seat: int | None) -> str:
        """What `seat` needs in front of it to decide, in at most 14 lines of at most 80 characters: the
        status line, the shared table in brief, each other seat in a line, and its own board and hand last,
        nearest the prompt. The whole table is `board_text`; one seat's is `seat_board_text`."""
        return self.status_line(state, seat)

    def seat_board_text(self, state: StateT, viewer: int | None, seat: int) -> str:
        """One seat's board in full as `viewer` sees it (the terminal's `board N`), at most 80 wide."""
        return self.board_text(state, viewer)

    def action_name(self, state: StateT, action: int) -> str:
        """A short stable name for a legal action that a person may type instead of its number, from the
        board's printed names ("site-a", "#26"); unique among the actions on offer. "" for none."""
        return ""

    def action_label(self, state: StateT, action: int) -> str:
        """The action in a few words (at most 30 characters) for a long menu grouped by kind, where the
        decision's name heads the group ("green leg 84%"); the full text is `action_text`. By default the
        text, cut short."""
        text = state.action_text(action)
        return text if len(text) <= 30 else text[:29] + "…"

    def event_text(self, state: StateT, event: Event) -> str:
        return f"{event.kind} {event.detail}"

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


class State(ABC):
    """One position of one match. Subclasses keep their fields flat so that clone() is cheap."""

    game: Game
    num_players: int
    seed: int
    options: dict
    history: list[int]
    # The seats' display names, once people gave them (`name_seats`); () leaves each game's own ("player 2").
    # Only texts read them: they are no part of the position, and copies share them.
    names: tuple[str, ...] = ()

    def name_seats(self, names: Sequence[str]) -> None:
        """Names the seats for every text that follows ("Ana", "Ben", "Hard bot"); ValueError saying which
        name is refused (empty, too long, control characters, another seat's)."""
        problem = names_problem(list(names), self.num_players)
        if problem:
            raise ValueError(problem)
        self.names = tuple(names)

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> list[int]: ...

    @abstractmethod
    def action_text(self, action: int, viewer: int | None | EllipsisType = ...) -> str:
        """The text of a legal action. Left out, `viewer` is the seat to move, who reads its own choice
        ("Keep Private Contract Secret Breeding Program"); another seat, or None for a spectator, reads it as
        they see it at the table ("Keep one Private Contract"), worked out from what they may see only, so
        it is the same on any copy determinized for them (the conformance suite checks it)."""

    @abstractmethod
    def apply(self, action: int) -> list[Event]: ...

    def apply_told(self, action: int, viewer: int | None | EllipsisType) -> list[Event]:
        """`apply`, with every decision that resolved itself (it had one option) told among the events: an
        event "forced" of the seat it fell to, whose detail `text` is that decision as `viewer` reads it
        (`viewer=...`: as its own seat reads it, for the replay of a finished game's record). A text ""
        is a formality the game does not tell (My Funny Dinos' end of a turn with nothing to restore)."""
        return self.apply(action)

    def action_info(self, action: int) -> dict:
        """A legal action as JSON-ready data: the decision it answers, its kind and the board elements it
        touches, in the names the game's view uses (for clickable boards and for decoding actions)."""
        raise NotImplementedError(f"{type(self).__name__} does not describe its actions")

    def score_now(self, viewer: int | None) -> list[dict]:
        """Every seat's score if the game ended now, by the game's own end-game scoring, as `viewer` (None: a
        spectator) may know it: a row per seat, then one per automaton the rules play (see core.score). A
        part `viewer` cannot see (another seat's hidden card) has no points and counts in no total; the
        seats' totals are `scores()` once the game is over. Worked out from what `viewer` may see only."""
        raise NotImplementedError(f"{type(self).__name__} does not count the score before the end")

    def targets(self) -> list[dict]:
        """The board's targets of the open decision (the spaces, cards or tiles a person points at to decide
        it), each as the keys `action_info` uses for it ({"space": "site_a"}); [] for a decision made
        elsewhere, and once the game is over."""
        return []

    def unavailable(self, seat: int | None) -> list[dict]:
        """Why `seat` cannot choose each target that no legal action touches: [{"target": ..., "reason":
        "Site A: both places are taken"}], in the rulebook's words, for the seat to move (nobody else is
        deciding: [] for them). Worked out from what `seat` may see only."""
        return []

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def outcome(self) -> dict: ...

    @abstractmethod
    def view(self, seat: int | None) -> dict: ...

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def determinize(self, seat: int | None, seed: int) -> State: ...

    @abstractmethod
    def _key(self) -> tuple:
        """Everything that makes this state what it is; equal keys mean equal states."""

    @abstractmethod
    def reseed(self, seed: int) -> None:
        """Future chance comes from `seed`, as on a copy determinized with that seed: two states that share
        it meet the same dice for the same decisions. For copies only (the record keeps the first seed)."""

    def secrets(self, seat: int | None) -> dict[str, Secret]:
        """What `seat` (None: a spectator) cannot see, part by part: other hands, deck orders, face-down
        tiles. The conformance suite checks that copies determinized for the seat re-deal each part."""
        return {}

    def to_json(self) -> dict:
        """The match record. It rebuilds every secret (seed + history replay the deals), so it is for a
        finished game and for the owner of a local game, never for a player in the middle of a game."""
        from dinotable.core.record import make_record

        return make_record(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game is other.game and self._key() == other._key()

    # States are mutable, so unhashable; typeshed types object.__hash__ as a method, and a class that drops it
    # can only say so this way (typeshed's own list and dict do the same).
    __hash__ = None  # type: ignore[assignment]
