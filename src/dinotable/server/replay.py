"""A finished table's replay: the spectator's table state after each of its decisions.

Only a finished game is replayed (its record, which rebuilds every secret, is public by then), and only as a
spectator sees it: `view(None)` of the replayed state, and the spectator's log up to that decision (the table
already holds it). The states after each decision are made once per table (by the server, off its event
loop) and kept for a few tables.
"""

from __future__ import annotations

from collections import OrderedDict

from dinotable.core.contract import State
from dinotable.server.live import LiveTable, game_doc

# How many finished tables keep their replayed states in memory.
CACHED_TABLES = 8


class Replay:
    """The states of a finished table after 0, 1, ..., all of its decisions."""

    def __init__(self, table: LiveTable) -> None:
        final = table.state
        state = table.new_state()
        self.states: list[State] = [state]
        for action in final.history:
            state = state.clone()
            state.apply(action)
            self.states.append(state)
        self.seq = len(final.history)

        self._history: dict | None = None

    def score_history(self) -> dict:
        """Each seat's score (and each automaton's the rules play) at the end of every Round or Season, for
        the chart after the game: {"round_word": "Round", "rounds": [1, 2, ...], "rows": [{"seat" or
        "automaton", "unit", "points": [...]}]}. A finished game's record is public, so a seat's row counts its
        own hidden cards."""
        if self._history is None:
            game = self.states[0].game
            ends = [
                before
                for before, after in zip(self.states, self.states[1:], strict=False)
                if game.round_of(after) != game.round_of(before)
            ] + [self.states[-1]]
            rows: dict = {}
            for state in ends:
                for seat in [None, *range(state.num_players)]:
                    for row in state.score_now(seat):
                        key = ("seat", row["seat"]) if "seat" in row else ("automaton", row["automaton"])
                        if key[0] == "seat" and row["seat"] != seat:
                            continue  # each seat's row as that seat knew it
                        if key[0] == "automaton" and seat is not None:
                            continue
                        rows.setdefault(key, {key[0]: key[1], "unit": row["unit"], "points": []})
                        rows[key]["points"].append(row["total"])
            ordered = sorted(rows.items(), key=lambda item: (item[0][0] != "seat", str(item[0][1])))
            self._history = {
                "round_word": game.round_word,
                "rounds": [game.round_of(state) for state in ends],
                "rows": [r for _, r in ordered],
            }
        return self._history

    @property
    def steps(self) -> int:
        return len(self.states) - 1

    def snapshot(self, table: LiveTable, step: int) -> dict:
        """The spectator's table state after the first `step` decisions, plus `steps` and `step`."""
        doc = {
            "table": table.id,
            "heading": table.heading(),
            "seq": step,
            "seats": table.seat_docs(),
            **game_doc(table.game, self.states[step], None),
            "log": [entry for entry in table.logs[None] if entry["seq"] <= step],
            "chat": [],
            "can_undo": False,
            "steps": self.steps,
            "step": step,
            "hints": table.hints_doc(),
        }
        left = [s.name for s in table.seats if s.took_over]
        if "outcome" in doc and left:  # as the table state says it: a bot finished for a player who left
            doc["outcome"]["bots_took_over"] = left
        return doc


class Replays:
    """The replays of the last few finished tables asked for."""

    def __init__(self, size: int = CACHED_TABLES) -> None:
        self.size = size
        self.cache: OrderedDict[str, Replay] = OrderedDict()

    def get(self, table: LiveTable) -> Replay | None:
        """The table's replay if it is kept and still whole (a take-back never reaches a finished game)."""
        replay = self.cache.get(table.id)
        if replay is None or replay.seq != table.seq:
            return None
        self.cache.move_to_end(table.id)
        return replay

    def keep(self, table: LiveTable, replay: Replay) -> None:
        self.cache[table.id] = replay
        self.cache.move_to_end(table.id)
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)
