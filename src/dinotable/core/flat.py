"""A base for states kept as flat fields, with their rules, scoring and text in the game's own modules.

A game's state sets `rules`, `scoring` and `render` (its modules) and `decisions` and `layout` (its
core.decisions.Decisions, indexed by `phase`, and its ActionLayout). The rules module offers
`settle(s, events)` if some of the game runs without decisions, and `targets(s)` and `unavailable(s)` if its
board has targets (State.targets, State.unavailable); the scoring module `score_now(s, viewer)`. The open
decision's context is `ctx`. The
state keeps `over`, `cur` (the seat to move), `phase` and `_legal` (the legal actions, worked out after each
decision).

What clone() copies and what the equality key holds are worked out here from the state's fields, not
listed by each game:
- A field that is a list is copied by clone(), a list of lists one level deeper; every other field is an
  int, a bool, a tuple or a content record, shared by copies. Which fields those are is read once per class,
  from the first state cloned, so a field must be a list from __init__ on (an empty list rather than None),
  and a list of lists must hold lists from the start. `_legal` is shared: it is replaced, never changed.
- The key is the options and the fields by name, sorted, lists as tuples (lists of lists as tuples of
  tuples), less the game, its content, the options (keyed first, as text) and `_legal`, and less the fields a
  class names in `unkeyed` (content tables, caches, copies of options: nothing that tells two positions
  apart). A field named in `keyed_by` is keyed by that function of its value (a content record by its name,
  so that rewording it makes no new state).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import EllipsisType, ModuleType
from typing import Any, ClassVar, Self

from dinotable.core.contract import Event, State, action_id, check_seat, check_seed, shown
from dinotable.core.decisions import ActionLayout, Decisions
from dinotable.core.errors import IllegalAction
from dinotable.core.rng import derive_seed, seed_state

# Never part of the key: the game and its content, the options (keyed apart, first), the legal actions
# (worked out from the rest) and the seats' display names (only texts read them).
_ALWAYS_UNKEYED = frozenset({"game", "c", "options", "_legal", "names"})


class FlatState(State):
    rules: ModuleType
    scoring: ModuleType
    render: ModuleType
    decisions: Decisions
    layout: ActionLayout
    unkeyed: frozenset[str] = frozenset()  # a game's fields that are not part of the position
    keyed_by: Mapping[str, Callable] = {}  # a field keyed by a function of its value, not the value itself
    # (lists, lists of lists) that clone() copies, read from the first state cloned (see _copied_fields)
    _copied: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    _unkeyed: ClassVar[frozenset[str]]  # _ALWAYS_UNKEYED and the class's `unkeyed`, set per class

    # The fields every flat state sets in __init__ (declared here, without class values: clone() copies the
    # instance's __dict__, and the key reads it).
    over: bool
    cur: int  # the seat to move (read while the game is on; a game may leave -1 or None there once it is over)
    phase: int  # the open decision: its index in `decisions`
    # The open decision's context: the NamedTuple its Decision names as `context` (for a decision that reads
    # none, what the game leaves there: () or None), so its type follows `phase`, which no static type can say;
    # each decision's functions annotate the `ctx` they receive with their own context type.
    ctx: Any
    rng: int  # the generator state (core.rng)
    # The legal actions of the position (a list or a tuple, as the decision's `legal` gives them), worked out
    # after each decision; replaced, never changed.
    _legal: Sequence[int]

    # Set per class by __init_subclass__ from `decisions` and `rules`: the open decision's apply and legal,
    # and the rules' `settle` (None: a game that runs nothing between decisions).
    _step: Callable[[FlatState, int, list[Event]], None]
    _legal_of: Callable[[FlatState], Sequence[int]]
    _settle: Callable[[FlatState, list[Event]], None] | None

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.cur

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._copied = None  # each class reads its own fields
        cls._unkeyed = _ALWAYS_UNKEYED | cls.unkeyed
        # Looked up once per class, not on every apply.
        rules = cls.__dict__.get("rules")
        if rules is None:
            return
        # Tuples of the records' functions, built once: a decision costs two index look-ups.
        applies = tuple(d.apply for d in cls.decisions)
        legals = tuple(d.legal for d in cls.decisions)

        def step(s: FlatState, action: int, events: list[Event]) -> None:
            applies[s.phase](s, action, s.ctx, events)

        def legal_of(s: FlatState) -> Sequence[int]:
            return legals[s.phase](s, s.ctx)

        cls._step, cls._legal_of = staticmethod(step), staticmethod(legal_of)
        settle = getattr(rules, "settle", None)
        cls._settle = staticmethod(settle) if settle else None

    def apply(self, action: int) -> list[Event]:
        action = self._offered(action)
        step, settle, legal_of = self._step, self._settle, self._legal_of
        events: list[Event] = []
        self.history.append(action)
        step(self, action, events)
        if settle:
            settle(self, events)
        # A decision with a single option resolves itself.
        legal = legal_of(self)
        while len(legal) == 1:
            step(self, legal[0], events)
            if settle:
                settle(self, events)
            legal = legal_of(self)
        self._legal = legal
        return events

    def apply_told(self, action: int, viewer: int | None | EllipsisType) -> list[Event]:
        """`apply`, for front ends that narrate: each decision that resolved itself (a single option) is told
        in its place among the events, as a "forced" event whose `text` is that decision as `viewer` reads it
        (`action_text`). Simulations use `apply`, which pays nothing for the texts."""
        action = self._offered(action)
        step, settle, legal_of = self._step, self._settle, self._legal_of
        events: list[Event] = []
        self.history.append(action)
        step(self, action, events)
        if settle:
            settle(self, events)
        legal = legal_of(self)
        while len(legal) == 1:
            self._legal = legal  # the text of the one option is read as any offered action's
            events.append(Event("forced", self.cur, {"text": self.action_text(legal[0], viewer=viewer)}))
            step(self, legal[0], events)
            if settle:
                settle(self, events)
            legal = legal_of(self)
        self._legal = legal
        return events

    def relist(self) -> None:
        """Works out the legal actions of the position as it stands (a new or re-dealt state, or one a test
        builder set by hand)."""
        self._legal = self._legal_of(self)

    def _offered(self, action) -> int:
        """The action as an int id if it is on offer now; IllegalAction saying why otherwise."""
        if type(action) is not int:
            given, action = action, action_id(action)
            if action is None:
                raise IllegalAction(f"{shown(given)} is not an action id (action ids are ints)")
        if action not in self._legal:
            raise IllegalAction(self._illegal_message(action))
        return action

    def _illegal_message(self, action) -> str:
        if self.over:
            return f"action {shown(action)} is not legal: the game is over"
        legal = ", ".join(map(str, self._legal))
        return f"action {shown(action)} is not legal now ({self.decisions[self.phase].name}); legal: {legal}"

    def action_text(self, action: int, viewer: int | None | EllipsisType = ...) -> str:
        """The text of a legal action (any other id is refused as `apply` refuses it: a text for an id not
        on offer would describe a decision nobody can make): as the seat to move reads it, or as another
        `viewer` (a seat, None for a spectator) sees it at the table (the decision's `told`)."""
        action = self._offered(action)
        decision = self.decisions[self.phase]
        if viewer is ... or (viewer is not None and check_seat(viewer, self.num_players) == self.cur):
            return decision.text(self, action, self.ctx)
        check_seat(viewer, self.num_players)
        return (decision.told or decision.text)(self, action, self.ctx)

    def action_info(self, action: int) -> dict:
        """A legal action as data: the open decision ("decision"), the id's range ("kind") and the board
        elements it touches, in the names of the game's view. Refused for an id not on offer."""
        action = self._offered(action)
        decision = self.decisions[self.phase]
        info = {"decision": decision.name, "kind": self.layout.kind(action)[0]}
        info.update(decision.info(self, action, self.ctx))
        return info

    def scores(self) -> list[int]:
        return self.scoring.scores(self)

    def score_now(self, viewer: int | None) -> list[dict]:
        return self.scoring.score_now(self, check_seat(viewer, self.num_players))

    def targets(self) -> list[dict]:
        targets = getattr(self.rules, "targets", None)
        return [] if self.over or targets is None else targets(self)

    def unavailable(self, seat: int | None) -> list[dict]:
        """The rules module's `unavailable(s)`: the reasons for the seat to move, none for the others."""
        reasons = getattr(self.rules, "unavailable", None)
        if check_seat(seat, self.num_players) != self.cur or self.over or reasons is None:
            return []
        return reasons(self)

    def winners(self) -> list[int]:
        return self.scoring.winners(self)

    def outcome(self) -> dict:
        return self.scoring.outcome(self)

    def view(self, seat: int | None) -> dict:
        return self.render.view(self, check_seat(seat, self.num_players))

    def determinize(self, seat: int | None, seed: int) -> FlatState:
        return self._determinize(check_seat(seat, self.num_players), check_seed(seed, "a determinization seed"))

    def _determinize(self, seat: int | None, seed: int) -> FlatState:
        """The game's own determinization, for a seat already checked; see State.determinize."""
        raise NotImplementedError

    def reseed(self, seed: int) -> None:
        self.rng = seed_state(derive_seed(check_seed(seed), 2))

    def _reseed_copy(self, new: FlatState, seed: int) -> None:
        """A determinized copy's future chance comes from `seed`, and it keeps no record of the true game:
        replaying the true seed and history would rebuild every secret the copy re-dealt."""
        new.reseed(seed)
        new.seed = derive_seed(seed, 3)
        new.history = []

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        d = self.__dict__.copy()
        lists, nested = self._copied or self._copied_fields()
        for name in lists:
            d[name] = d[name][:]
        for name in nested:
            d[name] = [inner[:] for inner in d[name]]
        new.__dict__ = d
        return new

    def _copied_fields(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The fields clone() copies, read from this state once for its class: the lists, and apart from them
        the lists of lists."""
        lists: list[str] = []
        nested: list[str] = []
        for name, value in self.__dict__.items():
            if isinstance(value, list) and name != "_legal":
                (nested if any(isinstance(inner, list) for inner in value) else lists).append(name)
        copied = self.__class__._copied = (tuple(lists), tuple(nested))
        return copied

    def _key(self) -> tuple:
        """The options, and the state's fields by name (see the module's docstring)."""
        unkeyed, keyed_by = self._unkeyed, self.keyed_by
        items = []
        for name, value in sorted(self.__dict__.items()):
            if name in unkeyed:
                continue
            if name in keyed_by:
                value = keyed_by[name](value)
            elif isinstance(value, list):
                value = tuple([tuple(inner) if isinstance(inner, list) else inner for inner in value])
            items.append((name, value))
        return (repr(sorted(self.options.items())), tuple(items))
