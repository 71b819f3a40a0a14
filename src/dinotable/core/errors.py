"""The errors every front end can catch and show as they are: each names what was wrong."""


class IllegalAction(ValueError):
    """An action id that is not legal in the state it was applied to; the state is unchanged."""


class RecordError(ValueError):
    """A match record (saved game) that is malformed, of another game or version, or does not replay."""


class ContentError(ValueError):
    """A content data file that is missing, malformed or inconsistent; names the file and the entry."""
