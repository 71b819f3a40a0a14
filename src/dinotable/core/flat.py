"""A base for states kept as flat fields, with their rules, scoring and text in the game's own modules.

A game's state sets `rules`, `scoring` and `render` (its modules), `decisions` and `layout` (its
core.decisions.Decisions, indexed by `phase`, and its ActionLayout) and `flat_lists` (the fields that are
lists, copied by clone(); every other field is an int, a bool or a tuple, shared by copies). The rules module
offers `settle(s, events)` if some of the game runs without decisions; the open decision's context is
`ctx`. The state keeps `over`, `cur` (the seat to move), `phase` and `_legal` (the legal actions, worked
out after each decision).
"""

from __future__ import annotations

from types import ModuleType

from dinotable.core.contract import Event, State, action_id, check_seat, check_seed, shown
from dinotable.core.decisions import ActionLayout, Decisions
from dinotable.core.errors import IllegalAction
from dinotable.core.rng import derive_seed, seed_state


class FlatState(State):
    rules: ModuleType
    scoring: ModuleType
    render: ModuleType
    flat_lists: tuple[str, ...] = ()
    decisions: Decisions
    layout: ActionLayout

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
        # Looked up once per class, not on every apply.
        rules = cls.__dict__.get("rules")
        if rules is None:
            return
        # Tuples of the records' functions, built once: a decision costs two index look-ups.
        applies = tuple(d.apply for d in cls.decisions)
        legals = tuple(d.legal for d in cls.decisions)

        def step(s, action: int, events: list) -> None:
            applies[s.phase](s, action, s.ctx, events)

        def legal_of(s):
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

    def action_text(self, action: int) -> str:
        """The text of a legal action; any other id is refused as `apply` refuses it (a text for an id
        that is not on offer would describe a decision nobody can make)."""
        action = self._offered(action)
        return self.decisions[self.phase].text(self, action, self.ctx)

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

    def clone(self) -> FlatState:
        new = self.__class__.__new__(self.__class__)
        d = self.__dict__.copy()
        for name in self.flat_lists:
            d[name] = d[name][:]
        new.__dict__ = d
        return new
