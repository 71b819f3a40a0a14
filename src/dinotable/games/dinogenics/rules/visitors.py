"""The Open Season's visitors (steps 1-3 of "The Season"): the bonus pool offered in player order (the first
player may take two), and the visitors specialists and the Education Center bring each Season.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics.components import VISITORS
from dinotable.games.dinogenics.rules.codes import BONUS, decide, event
from dinotable.games.dinogenics.rules.effects import gain
from dinotable.games.dinogenics.rules.reading import owns, perk, room

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def season_visitor_perks(s: DinoGenicsState, seats, events) -> None:
    """At the start of the Open Season: specialists' visitors each Season, and the Education Center's
    visitor from the bonus pool before the first player takes from it."""
    if not s.expansion:
        return
    for seat in seats:
        extra = perk(s, seat, "visitors_each_season")
        if extra:
            gain(s, seat, ((VISITORS, extra),), events)
        if s.pool and owns(s, seat, "education") and s.get(seat, VISITORS) < room(s, seat):
            s.pool -= 1
            s.add(seat, VISITORS, 1)
            events.append(event("visitors", seat, visitors=1, away=0, source="education"))


def offer_bonus(s: DinoGenicsState, events) -> bool:
    """One offer of a bonus visitor; False once the pool is empty or nobody can or will take one."""
    if s.coop:
        return False  # dealt with the shared visitors
    n = s.num_players
    for _ in range(n + 1):
        if not s.pool:
            return False
        seat = s.order[s.bonus_pos]
        if not s.bonus_out >> seat & 1 and s.get(seat, VISITORS) < room(s, seat):
            decide(s, seat, BONUS)
            return True
        s.bonus_out |= 1 << seat
        _bonus_next(s)
        if s.bonus_out == (1 << n) - 1:
            return False
    return False


def _bonus_next(s: DinoGenicsState) -> None:
    if s.bonus_pos == 0 and s.bonus_first > 1 and not s.bonus_out & (1 << s.order[0]):
        s.bonus_first -= 1  # the first player may take the first two
        return
    s.bonus_first = 0
    s.bonus_pos = (s.bonus_pos + 1) % s.num_players


def bonus_answer(s: DinoGenicsState, seat: int, take: bool, events) -> None:
    if take:
        s.pool -= 1
        s.add(seat, VISITORS, 1)
        events.append(event("bonus_visitor", seat))
    else:
        s.bonus_out |= 1 << seat
    _bonus_next(s)
