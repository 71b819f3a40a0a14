"""Words for the texts players read: an article before a name, a count with its noun in the right number.

Every game's action texts, event texts and views use these, so that no text reads "a Ankylosaurus" or
"1 Scandal(s)".
"""

from __future__ import annotations

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
