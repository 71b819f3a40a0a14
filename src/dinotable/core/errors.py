"""The errors every front end can catch and show as they are: each names what was wrong."""

import math
import reprlib
from typing import Any


class IllegalAction(ValueError):
    """An action id that is not legal in the state it was applied to; the state is unchanged."""


class RecordError(ValueError):
    """A match record (saved game) that is malformed, of another game or version, or does not replay."""


class ContentError(ValueError):
    """A content data file that is missing, malformed or inconsistent; names the file and the entry."""


class _Short(reprlib.Repr):
    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 64:  # repr() itself refuses past 4,300 digits
            return f"<a {int(math.log10(abs(value))) + 1}-digit number>"
        return repr(value)


_SHOWN = _Short()
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlist, _SHOWN.maxdict = 3, 40, 40, 6, 6


def shown(value: Any) -> str:
    """A short repr for an error message: a value from outside may be nested 100,000 deep or hold an
    integer of thousands of digits, and neither may turn a clear refusal into a crash."""
    return _SHOWN.repr(value)
