"""Hints at a table that allows them: the search agent's best choices for the seat to move, told to it alone.

A hint is searched from a copy of the table determinized for the asking seat (so the worker that searches
never holds a secret of another seat), in the bot workers at a person's priority, within the hard bot's
budget. Its seed comes from the table's seed, the seat and the decision's number, and the hints made are
kept for a while (and one being made is shared), so asking twice at the same decision gives the same hint.
A seat's count of hints is the number of decisions at which it asked: kept in the database (a change every
watcher is pushed, as any change is); the hint itself is answered to the asker only, and is never kept,
logged, pushed or put in the record.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING

from dinotable.analysis.hints import HINT_ITERS, HINT_SECONDS, hint
from dinotable.core.rng import derive_seed
from dinotable.server.work import ApiError

if TYPE_CHECKING:
    from dinotable.server.tables import Server

HINT_SEED_KEY = 5_200  # a hint's search, from the table's seed (apart from the game's and the bots' chance)
COPY_SEED_KEY = 5_300  # the asking seat's copy of the table the hint is searched from
KEPT_HINTS = 256  # hints made lately, kept so that asking again at the same decision gives the same one


def hint_seed(table_seed: int, seat: int, seq: int) -> int:
    """The seed of the hint `seat` asks for at decision `seq`."""
    return derive_seed(table_seed, HINT_SEED_KEY, seat, seq)


class Hints:
    def __init__(self, server: Server) -> None:
        self.server = server
        # By (table, seat, the decisions so far): the hints made lately, and those being made.
        self.made: OrderedDict[tuple, list[dict]] = OrderedDict()
        self.making: dict[tuple, asyncio.Task] = {}

    async def ask(self, table_id: str, token: str, seq: int) -> dict:
        """The hint for the seat of `token` at decision `seq`: {seq, choices: [{text, chance}]}, best first."""
        server = self.server
        async with server.changing(table_id) as table:
            seat = server.player(table, token)
            if not table.hints_allowed:
                raise ApiError(403, "hints are not allowed at this table (its players chose so when it was made)")
            server.check_seq(table, seq)
            state = table.state
            if state.is_over:
                raise ApiError(403, "the game is over: there is nothing more to hint at")
            if state.current_player != seat:
                raise ApiError(403, f"a hint is for your own turn: {table.name(state.current_player)} is to move")
            key = (table_id, seat, tuple(state.history))
            copy = state.determinize(seat, derive_seed(state.seed, COPY_SEED_KEY, seat, seq))
            seed = hint_seed(state.seed, seat, seq)
        choices = await self._hint(key, copy, seat, seed)
        async with server.changing(table_id) as table:
            if tuple(table.state.history) != key[2]:
                raise ApiError(409, "the table moved on while the hint was made: fetch its state again")
            counted = (seat, seq) in table.hints_asked
            if not counted:
                await server.write(table, "ask for the hint again", server.store.record_hint, seat, seq)
        if not counted:
            server.watchers.changed(table_id)  # every watcher sees the count (never the hint)
        return {"seq": seq, "choices": [{"text": c["text"], "chance": c["chance"]} for c in choices]}

    async def _hint(self, key: tuple, copy, seat: int, seed: int) -> list[dict]:
        if key in self.made:
            self.made.move_to_end(key)
            return self.made[key]
        task = self.making.get(key)
        if task is None:
            task = self.making[key] = self.server.spawn(self._make(key, copy, seat, seed))
        return await asyncio.shield(task)  # a client that goes away leaves the hint to the others asking

    async def _make(self, key: tuple, copy, seat: int, seed: int) -> list[dict]:
        try:
            choices = await self.server.bots.run(hint, copy, seat, seed, HINT_ITERS, HINT_SECONDS, person=True)
            self.made[key] = choices
            while len(self.made) > KEPT_HINTS:
                self.made.popitem(last=False)
            return choices
        finally:
            self.making.pop(key, None)
