"""A table in memory: its true state (the record replayed), its seats, and what each viewer has been told.

Each viewer's log is built as the decisions are applied, the way the terminal narrates a game: the decision
as that viewer reads it (`action_text(a, viewer=v)`), then its events as that viewer may receive them
(`apply_told` + `events_for` + `event_text`). Nothing here touches the database (see `store`).
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass, field
from datetime import datetime

from dinotable.core.contract import Game, State
from dinotable.core.narration import tell_entry
from dinotable.core.record import plain
from dinotable.core.undo import take_back_refusal
from dinotable.core.words import listed
from dinotable.server.clock import ClockReading, ClockRule, read_clock


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token: a stolen database gives no one a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def legal_docs(game: Game, state: State, seat: int | None) -> list[dict]:
    """The choices `seat` has now, as the table state lists them (none unless it is that seat's turn)."""
    if seat is None or state.is_over or state.current_player != seat:
        return []
    out = []
    for action in game.present_actions(state, state.legal_actions()):
        try:
            info = plain(state.action_info(action))
        except NotImplementedError:
            info = None
        out.append(
            {
                "id": action,
                "text": state.action_text(action),
                "info": info,
                "name": game.action_name(state, action),
                "label": game.action_label(state, action),
            }
        )
    return out


def game_doc(game: Game, state: State, seat: int | None) -> dict:
    """The game's part of a table state as `seat` (None: a spectator) may see it; a board draws from this."""
    over = state.is_over
    doc = {
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "to_move": None if over else state.current_player,
        "over": over,
        "status": game.status_text(state, seat),
        "view": plain(state.view(seat)),
        "score_now": plain(state.score_now(seat)),
        "unavailable": plain(state.unavailable(seat)),
        "screen": game.screen_text(state, seat),
        "legal": legal_docs(game, state, seat),
    }
    if over:
        doc["outcome"] = plain(state.outcome())
    return doc


def name_seats(state: State, seats: list[Seat]) -> None:
    """Gives the state its seats' names. A table made before seats were named by people keeps each game's own
    ("player 2") when its stored names would not pass today's checks."""
    with contextlib.suppress(ValueError):
        state.name_seats([s.name for s in seats])


@dataclass
class Seat:
    seat: int
    type: str  # "human" or "bot"
    level: str | None
    token_hash: str | None
    name: str
    took_over: bool = False  # a bot playing for a player who left
    out_of_time: bool = False  # ... handed over by the others because its time ran out


@dataclass
class ChatLine:
    seat: int | None
    name: str
    text: str
    at: str


@dataclass
class LiveTable:
    id: str
    state: State
    seats: list[Seat]
    started: datetime | None = None  # when the table was made: the first clock runs from then
    clock: ClockRule | None = None
    revision: int = 0
    chat: list[ChatLine] = field(default_factory=list)
    # Per decision: the seat that took it, and whether decisions of other seats then resolved themselves.
    movers: list[int | None] = field(default_factory=list)
    others_forced: list[bool] = field(default_factory=list)
    times: list[datetime] = field(default_factory=list)  # when each decision was written
    infos: list[dict | None] = field(default_factory=list)  # the board elements each decision touched
    # Per viewer (None: a spectator): an entry per decision, as it was told to that viewer (`tell_entry`,
    # with `seq`: the decision's number, from 1).
    logs: dict[int | None, list[dict]] = field(default_factory=dict)
    previous: State | None = None  # the state before the last decision, for take-backs
    _undo: tuple | None = None  # ((seq, seat), (count, why)) of the last take-back check
    # The table states as JSON text per viewer, for the (revision, seq, connected seats) they were made at.
    encoded_key: tuple | None = None
    encoded: dict[int | None, str] = field(default_factory=dict)
    rematch: str | None = None  # the table its players started for their next game
    hints_allowed: bool = False  # the players may ask for hints
    hints_asked: set[tuple[int, int]] = field(default_factory=set)  # (seat, seq) of every hint asked for

    def __post_init__(self) -> None:
        self.logs = {viewer: [] for viewer in self.viewers}

    @property
    def game(self):
        return self.state.game

    @property
    def viewers(self) -> list[int | None]:
        return [None, *range(self.state.num_players)]

    @property
    def seq(self) -> int:
        return len(self.state.history)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; raises KeyError for a token of no seat here."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == digest:
                return seat.seat
        raise KeyError(token)

    def name(self, seat: int | None) -> str:
        return self.game.title if seat is None else self.seats[seat].name

    def heading(self) -> str:
        """The table as its page's title names it: "DinoGenics: Ana, Ben and Hard bot"."""
        return f"{self.game.title}: {listed([s.name for s in self.seats])}"

    def new_state(self) -> State:
        """The table's game from its first decision, its seats named (each text then uses the names)."""
        final = self.state
        state = self.game.new_game(final.num_players, final.seed, final.options)
        name_seats(state, self.seats)
        return state

    def has_decided(self, seat: int) -> bool:
        return seat in self.movers

    def apply(self, action: int, at: datetime) -> None:
        """Applies a legal decision written at `at`, telling it to every viewer; the caller has checked it
        is legal."""
        before = self.state
        mover = before.current_player
        after = None
        forced_others = False
        seq = len(before.history) + 1
        for viewer in self.viewers:
            told = before.clone()
            entry, events = tell_entry(told, action, viewer, self.name)
            forced_others |= any(e.kind == "forced" and e.seat != mover for e in events)
            self.logs[viewer].append({"seq": seq, **entry})
            after = told
        try:
            info = plain(before.action_info(action))
        except NotImplementedError:
            info = None
        self.previous, self.state, self._undo = before, after, None
        self.infos.append(info)
        self.movers.append(mover)
        self.others_forced.append(forced_others)
        self.times.append(at)

    def take_back(self, count: int = 1) -> None:
        """Restores the state before the last `count` decisions (the caller checked `undo_span`)."""
        seq = self.seq - count
        before = self._states_back(count)[0]
        for viewer in self.viewers:
            self.logs[viewer] = [entry for entry in self.logs[viewer] if entry["seq"] <= seq]
        self.state, self.previous, self._undo = before, None, None
        del self.movers[seq:], self.others_forced[seq:], self.times[seq:], self.infos[seq:]

    def _states_back(self, count: int) -> list[State]:
        """The states before each of the last `count` decisions, oldest first, and the state now."""
        if count == 1 and self.previous is not None and len(self.previous.history) == self.seq - 1:
            return [self.previous, self.state]
        state = self.new_state()
        history = self.state.history
        for action in history[: len(history) - count]:
            state.apply(action)
        states = [state]
        for action in history[len(history) - count :]:
            state = state.clone()
            state.apply(action)
            states.append(state)
        if count == 1:
            self.previous = states[0]
        return states

    def undo_span(self, seat: int | None) -> tuple[int, str | None]:
        """How many of the last decisions `seat` may take back now, and why not one more: its own turn so
        far (its decisions since it came to move, while it is still to move), back to the first that rolled,
        shuffled, drew or showed something (`take_back_refusal`)."""
        state = self.state
        if seat is None:
            return 0, "a spectator takes nothing back"
        if not self.movers or self.movers[-1] != seat:
            return 0, "the last decision was not yours" if self.movers else "nothing has been decided yet"
        if state.is_over or state.current_player != seat or self.others_forced[-1]:
            return 0, "the turn has passed on since"
        if self._undo is None or self._undo[0] != (self.seq, seat):
            run = 0  # the seat's own decisions at the end, with no other seat's in between
            while run < len(self.movers) and self.movers[-1 - run] == seat and not self.others_forced[-1 - run]:
                run += 1
            states = self._states_back(run)
            count, why = 0, None
            for before, after in zip(reversed(states[:-1]), reversed(states[1:]), strict=True):
                why = take_back_refusal(before, after)
                if why is not None:
                    break
                count += 1
            self._undo = ((self.seq, seat), (count, why))
        return self._undo[1]

    def undo_doc(self, seat: int | None) -> dict | None:
        """The take-back button's state for `seat` (None: not its turn, so no button): how many decisions it
        takes back, or why none."""
        if seat is None or self.state.is_over or self.state.current_player != seat or self.seats[seat].type != "human":
            return None
        count, why = self.undo_span(seat)
        return {"decisions": count, "why": None if count else why}

    def last_moves(self, viewer: int | None) -> list[dict]:
        """The last decision of every other seat since the viewer's own last one (a spectator: every seat's
        last), for the board to mark: its number, its text as the viewer was told it, and the board elements
        it touched, given only when the viewer was told the decision as its mover read it (nothing hidden)."""
        mine = (
            max((i for i, mover in enumerate(self.movers) if mover == viewer), default=-1) if viewer is not None else -1
        )
        out = []
        for seat in range(self.state.num_players):
            if seat == viewer:
                continue
            last = max((i for i, mover in enumerate(self.movers) if mover == seat and i > mine), default=None)
            if last is None:
                continue
            told = self.logs[viewer][last]
            public = told["text"] == self.logs[seat][last]["text"]
            out.append(
                {"seat": seat, "seq": last + 1, "text": told["text"], "info": self.infos[last] if public else None}
            )
        return out

    def clock_reading(self) -> ClockReading | None:
        if self.clock is None:
            return None
        state = self.state
        return read_clock(
            self.clock,
            self.started,
            self.times,
            self.movers,
            [s.type == "human" for s in self.seats],
            None if state.is_over else state.current_player,
        )

    def clock_doc(self) -> dict | None:
        reading = self.clock_reading()
        if reading is None:
            return None
        return {
            "bank": self.clock.bank,
            "increment": self.clock.increment,
            "left": [None if left is None else round(left, 3) for left in reading.left],
            "running": reading.running,
            "since": reading.since.isoformat(timespec="milliseconds"),
        }

    def hints_doc(self) -> dict:
        """Whether hints are allowed, and at how many decisions each seat asked for one (all may see it)."""
        used = [0] * self.state.num_players
        for seat, _ in self.hints_asked:
            used[seat] += 1
        return {"allowed": self.hints_allowed, "used": used}

    def legal(self, seat: int | None) -> list[dict]:
        return legal_docs(self.game, self.state, seat)

    def seat_docs(self, connected: set[int] | frozenset = frozenset()) -> list[dict]:
        """Who sits where, as the table state tells it; `connected`: the human seats watching now."""
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "type": s.type,
                **({"level": s.level} if s.level else {}),
                **({"took_over": True} if s.took_over else {}),
                **({"out_of_time": True} if s.out_of_time else {}),
                "connected": s.seat in connected if s.type == "human" else True,
            }
            for s in self.seats
        ]

    def snapshot(self, seat: int | None, connected: set[int] | frozenset = frozenset()) -> dict:
        """The table as `seat` (None: a spectator) may see it: the API's table state. Never the seed or
        the record, which rebuild every secret."""
        doc = {
            "table": self.id,
            "heading": self.heading(),
            "seq": self.seq,
            "seats": self.seat_docs(connected),
            **game_doc(self.game, self.state, seat),
            "log": self.logs[seat],
            "chat": [{"seat": c.seat, "name": c.name, "text": c.text, "at": c.at} for c in self.chat],
            "can_undo": self.undo_span(seat)[0] > 0,
            "undo": self.undo_doc(seat),
            "last_moves": self.last_moves(seat),
            "can_rename": seat is not None and self.seats[seat].type == "human" and not self.has_decided(seat),
            "clock": self.clock_doc(),
            "rematch": self.rematch,
            "hints": self.hints_doc(),
        }
        if "outcome" in doc:
            left = [s.name for s in self.seats if s.took_over]
            if left:  # the result says which seats a bot finished for a player who left or ran out of time
                doc["outcome"]["bots_took_over"] = left
            timed_out = [s.name for s in self.seats if s.out_of_time]
            if timed_out:
                doc["outcome"]["out_of_time"] = timed_out
        return doc
