"""Clocks: a time bank per human seat, worked out from when each decision was written.

A seat's clock runs from the decision before its own (or the table's start) until it decides; each of its
decisions then adds the increment. Bots have no clock. The time is never stored apart from the decisions'
own times, so a take-back, a restart or another process sharing the database all agree on it: the time
spent on a decision taken back still counts, since the next decision is measured from the one before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

# The longest bank and increment a table may set (seconds): a turn-based table's days.
MAX_BANK = 30 * 86_400
MAX_INCREMENT = 7 * 86_400
MIN_BANK = 60


def aware(moment: datetime) -> datetime:
    """A time in UTC (SQLite gives times back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


@dataclass(frozen=True)
class ClockRule:
    bank: int
    increment: int = 0

    def __post_init__(self) -> None:
        if not MIN_BANK <= self.bank <= MAX_BANK:
            raise ValueError(f"clock.bank: a time bank is {MIN_BANK} s to {MAX_BANK // 86_400} days, not {self.bank} s")
        if not 0 <= self.increment <= MAX_INCREMENT:
            raise ValueError(
                f"clock.increment: the time added per decision is 0 to {MAX_INCREMENT // 86_400} days,"
                f" not {self.increment} s"
            )


@dataclass
class ClockReading:
    left: list[float | None]  # seconds per seat as of `since`; None for a bot
    running: int | None  # the human seat whose clock runs since `since`
    since: datetime

    def left_now(self, now: datetime) -> float | None:
        """The running seat's seconds left at `now` (None when no clock runs)."""
        if self.running is None:
            return None
        return self.left[self.running] - (now - self.since).total_seconds()


def read_clock(
    rule: ClockRule,
    started: datetime,
    times: list[datetime],
    movers: list[int | None],
    humans: list[bool],
    to_move: int | None,
) -> ClockReading:
    """Every seat's clock after the decisions taken at `times` by `movers`."""
    left: list[float | None] = [float(rule.bank) if human else None for human in humans]
    since = started
    for at, mover in zip(times, movers, strict=True):
        if mover is not None and left[mover] is not None:
            left[mover] += rule.increment - (at - since).total_seconds()
        since = at
    running = to_move if to_move is not None and left[to_move] is not None else None
    return ClockReading(left, running, since)


def words(seconds: float) -> str:
    """Time left as a person reads it: "4 min 10 s", "2 days 3 h", "no time"."""
    if seconds <= 0:
        return "no time"
    seconds = int(seconds)
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} day{'s' if days != 1 else ''}" + (f" {hours} h" if hours else "")
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"
