"""Words for the texts players read: an article before a name, a count with its noun in the right number.

Every game's action texts, event texts and views use these, so that no text reads "a Ankylosaurus" or
"1 Scandal(s)".
"""

from __future__ import annotations

from collections.abc import Sequence

# Names that start with a vowel letter but not a vowel sound ("a Unique Dinosaur", "a Eurasian"), and the
# reverse ("an hour"); matched on the start of the name, case-insensitively.
_CONSONANT_SOUND = ("uni", "use", "usu", "eu", "one")
_VOWEL_SOUND = ("hour", "honest", "heir")


def article(name: str) -> str:
    """'a' or 'an', as the name is said."""
    low = name.lower()
    if low.startswith(_VOWEL_SOUND):
        return "an"
    if low.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if low[:1] in ("a", "e", "i", "o", "u") else "a"


def a(name: str) -> str:
    """The name with its indefinite article: 'an Ankylosaurus', 'a Stegosaurus', 'a Unique Dinosaur'."""
    return f"{article(name)} {name}"


def plural(noun: str) -> str:
    """The plural of a noun in the games' texts (the irregular ones given where they are used)."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def counted(n: int, noun: str, many: str | None = None) -> str:
    """A number with its noun: '1 Scandal', '2 Scandals', '0 visitors' (`many`: an irregular plural)."""
    return f"{n} {noun if n == 1 else many or plural(noun)}"


def listed(items: list[str]) -> str:
    """Names joined as a sentence says them: 'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# A seat's display name ("Ana"): at most this many characters.
NAME_LIMIT = 24


# Characters a line of plain text may not hold: controls (C0, DEL, C1), line and paragraph separators, the
# bidirectional embeddings, overrides and isolates (which could make a name or a chat line read as another),
# and lone surrogates (no valid Unicode).
_NOT_PLAIN = frozenset(
    [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)


def lone_surrogate(text: str) -> bool:
    """True if `text` is not valid Unicode: it holds a lone surrogate (JSON can carry one)."""
    return any(0xD800 <= ord(c) < 0xE000 for c in text)


def plain_line_problem(text: str) -> str | None:
    """Why `text` is not one line of plain text, or None if it is."""
    if lone_surrogate(text):
        return "it is not valid Unicode (a lone surrogate)"
    for c in text:
        code = ord(c)
        if code in _NOT_PLAIN:
            return f"it holds a control or direction character (U+{code:04X}): one line of plain text is wanted"
    return None


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a seat's display name, or None if it can."""
    if not isinstance(name, str) or not name.strip():
        return "a name needs some text"
    if len(name) > NAME_LIMIT:
        return f"a name is at most {NAME_LIMIT} characters, {name[:NAME_LIMIT]!r}... has {len(name)}"
    if plain_line_problem(name):
        return "a name is plain text: no line breaks or control characters"
    if name != name.strip():
        return "a name has no spaces before or after it"
    return None


def names_problem(names: object, num_players: int) -> str | None:
    """Why `names` cannot name the seats of a game of `num_players`, or None if it can."""
    if not isinstance(names, list | tuple) or len(names) != num_players:
        return f"names: one name per seat is needed ({num_players})"
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            return f"the name of seat {seat + 1}: {problem}"
    for seat, name in enumerate(names):
        problem = clash_problem(name, names[:seat])
        if problem:
            return f"the name of seat {seat + 1}: {problem}"
    return None


def clash_problem(name: str, others: Sequence[str]) -> str | None:
    """Why `name` cannot sit beside `others`: one of them has it already (capitals aside)."""
    if name.casefold() in (other.casefold() for other in others):
        return f"{name!r} is already another seat's name"
    return None


def upper_first(text: str) -> str:
    """The text with its first letter made a capital, and no other changed (unlike str.capitalize, which
    would make "McKay" "Mckay")."""
    return text[:1].upper() + text[1:]
