"""What a person reads on a page, checked in the page itself (readable.js): words in place of program values,
nothing running off the screen, and no label on a board covered or cut off by another element.

Each function returns what it found, as lines that say where; a test asserts the list is empty. The table as
text (`#screen-panel`, the terminal's words, closed by default) and the generic board (`?board=plain`) are the
terminal's shorthand on purpose; a chat line is a person's own words: all left out of the word scan."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = "(" + (Path(__file__).parent / "readable.js").read_text() + ")"

# Program values and engine shorthand in what a person reads (the list): an id or a key, "#39", a
# "(s)" plural, "a" before a vowel (a capital A only where a sentence starts: "Site A is" names a Site),
# Python or JavaScript values, the braces of a printed dict, "cr" for credits, a plural after 1 ("1 points").
NOT_WORDS = re.compile(
    r"_|#\d|\(s\)|(?:\ba|(?:^|[.!?:] )A) (?!one\b|once\b|uni|use|Uni|Use|Eu)[AEIOaeio]\w"
    r"|\b(True|False|None|null|undefined|NaN)\b"
    r"|\[object|[{}]|\d cr\b"
    r"|(?<![\d.,-])1 (points|credits|tiles|cards|workers|dinosaurs|bone tokens|fences|rooms|rounds|decisions"
    r"|facilities)\b"
)
SKIPPED = "#screen-panel, #chat, .chat-text, input, textarea, select"


def _run(page, name: str, arg=None):
    return page.evaluate(f"{SCRIPTS}.{name}", arg)


def unreadable_texts(page, table_id: str = "") -> list[str]:
    """Every text a person reads (text nodes, labels and hover titles) that holds a program value, an id, a
    key or engine shorthand; the table's own id (a code, never a name) counts too."""
    found = []
    for text, where in _run(page, "texts", SKIPPED):
        match = NOT_WORDS.search(text)
        if match or (table_id and table_id in text):
            found.append(f"{where}: {text[:120]!r} ({match.group() if match else table_id!r})")
    return found


def overflowing(page) -> list[str]:
    """The page wider than the screen, an element running off its right edge (outside a box that scrolls),
    and text cut off by its box."""
    return _run(page, "overflow")


def nested_controls(page) -> list[str]:
    """Controls inside controls (a button in a part that is itself a button): a screen reader and a keyboard
    cannot tell which one they reach."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
            '[role="button"] button, [role="button"] [data-action], button button, button [role="button"]')]
          .map((node) => 'a control inside a control: ' + (node.getAttribute('aria-label') || node.textContent)
            .trim().slice(0, 60))"""
    )


def covered_labels(page, root: str = "#board") -> list[str]:
    """Every text and clickable element of the board's drawing that another element covers, or that the
    drawing's edge cuts off. The page is made as tall as its content for the check, so every point of the
    board lies on the screen (the browser tells what lies at a point only there)."""
    size = page.viewport_size
    height = page.evaluate("() => document.documentElement.scrollHeight")
    page.evaluate("() => { const s = document.getElementById('sheet'); if (s) s.hidden = true; scrollTo(0, 0); }")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    try:
        return _run(page, "covered", root)
    finally:
        page.set_viewport_size(size)


def reading_problems(page) -> list[str]:
    """All of the above for the board of a page: what a person reads, and what they tap."""
    return covered_labels(page) + overflowing(page) + unreadable_texts(page) + nested_controls(page)


def reads_well(page, where: str) -> None:
    found = reading_problems(page)
    assert found == [], f"{where}: " + "; ".join(found[:6])
