"""The menu of actions under the terminal's screen: every action in full when that fits, else grouped by the
kind of choice in compact columns; and what a person types to choose (a number, a stable name or a unique
start of one).

The terminal is 80 columns by 24 lines: the screen (`game.screen_text`) takes at most 14 of them, the menu
what is left above the prompt.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

WIDTH = 80
HEIGHT = 24
_SEE_ALL = "type list to see every action in full"
LABEL = 30  # the longest label a grouped menu shows (`game.action_label` promises no more)


@dataclass(frozen=True)
class Entry:
    """One action on offer as the menu lists it."""

    number: int
    action: int
    name: str  # "" when the action has no stable name
    text: str
    label: str
    group: str


def wrap(line: str, width: int = WIDTH) -> list[str]:
    """A line cut to `width` at spaces, the rest indented two more than the line itself. A word longer than
    the width (a file's path) is kept whole on a line of its own, so that it can be copied."""
    if len(line) <= width:
        return [line]
    lead = " " * (len(line) - len(line.lstrip()))
    return textwrap.wrap(line, width, subsequent_indent=lead + "  ", break_on_hyphens=False, break_long_words=False)


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


def entries(state, actions: list[int]) -> list[Entry]:
    """The actions as menu entries: number, stable name (dropped where the game gives two actions the same
    one, so that a name always means one action), full text, label and group."""
    game = state.game
    names = [game.action_name(state, a).strip().lower() for a in actions]
    twice = {n for n in names if n and names.count(n) > 1}
    infos = [_info(state, a) for a in actions]
    decisions = {d for d, _ in infos}
    out = []
    for number, (action, name, (decision, kind)) in enumerate(zip(actions, names, infos, strict=True), 1):
        kind = kind.replace("_", " ")
        group = kind if len(decisions) == 1 else f"{decision}: {kind}" if kind != decision else decision
        text = state.action_text(action)
        label = clip(" ".join(game.action_label(state, action).split()), LABEL)
        out.append(Entry(number, action, "" if name in twice or " " in name else name, text, label, group))
    return out


def _info(state, action: int) -> tuple[str, str]:
    try:
        info = state.action_info(action)
    except NotImplementedError:
        return "", ""
    return str(info.get("decision", "")), str(info.get("kind", ""))


def decision_of(state, actions: list[int]) -> str:
    """The name of the open decision ("place a worker"), when every action on offer answers the same one."""
    decisions = {_info(state, a)[0] for a in actions}
    return decisions.pop() if len(decisions) == 1 else ""


def _head(entry: Entry, numw: int, namew: int, gap: str = "  ") -> str:
    name = f" {entry.name:<{namew}}" if namew else ""
    return f"{entry.number:>{numw}}{name}{gap}"


def full_lines(items: list[Entry]) -> list[str]:
    """Every action numbered, with its name, its whole text wrapped under itself."""
    numw = len(str(len(items)))
    namew = max((len(e.name) for e in items), default=0)
    if namew > 24:  # names that long would squeeze the texts: each text says what it is anyway
        namew = 0
    lines = []
    for e in items:
        head = _head(e, numw, namew)
        text = e.text if namew or not e.name else f"{e.name}: {e.text}"
        body = textwrap.wrap(text, WIDTH - len(head), break_on_hyphens=False) or [""]
        lines.append(head + body[0])
        lines += [" " * len(head) + rest for rest in body[1:]]
    return lines


def grouped_lines(items: list[Entry], budget: int) -> list[str]:
    """The actions in their groups, a header per group when there are several, each action as number,
    name and label in the fewest columns that fit `budget` lines (the widest labels cut shorter to make
    room for a column rather than leave actions out); else cut to `budget` lines, the last saying how many
    more there are and how to see them. An action and its variant ("hunt-herbivore" and
    "foreman-hunt-herbivore") share a cell: "1 hunt-herbivore (2 foreman)"."""
    numw = len(str(len(items)))
    namew = min(max((len(e.name) for e in items), default=0), 16)
    variants = _variants(items)
    folded = {v.number for v in variants.values()}
    leads, cells, counts = [], [], []
    for e in items:
        if e.number in folded:
            continue
        cell = _head(e, numw, namew, " ") + ("" if _says_no_more(e) else e.label)
        twin = variants.get(e.number)
        if twin:
            cell = f"{cell.rstrip()} ({twin.number} {twin.name.partition('-')[0]})"
        leads.append(e)
        cells.append(cell)
        counts.append(2 if twin else 1)
    headw = numw + (namew + 1 if namew else 0) + 1
    lines = _fit(leads, cells, budget, headw)
    if lines is not None:
        return lines
    # Too many: the first ones in the game's order (the likeliest choices first) and a line for the rest.
    for keep in range(len(leads) - 1, 0, -1):
        lines = _fit(leads[:keep], cells[:keep], budget - 1, headw)
        if lines is not None:
            return [*lines, f"... {len(items) - sum(counts[:keep])} more: {_SEE_ALL}"]
    return [f"{len(items)} actions: {_SEE_ALL}"]


def _variants(items: list[Entry]) -> dict[int, Entry]:
    """Base action number -> its variant: an action named "<word>-<name>" beside one named "<name>" in the
    same group, neither label saying more than its name (the Foreman's placement beside a Dinofarmer's)."""
    base = {e.name: e for e in items if e.name and _says_no_more(e)}
    out: dict[int, Entry] = {}
    for e in items:
        twin = base.get(e.name.partition("-")[2])
        if twin and twin.group == e.group and _says_no_more(e) and twin.number not in out:
            out[twin.number] = e
    return out


def _fit(items: list[Entry], cells: list[str], budget: int, headw: int) -> list[str] | None:
    """The grouped lines of these entries in the fewest columns that fit `budget` lines, or None."""
    blocks = _groups(items, cells)
    for columns in range(1, 5):
        lines = _columns(blocks, columns, headw)
        if lines is None:  # labels cut that short would say too little
            return None
        if len(lines) <= budget:
            return lines
    return None


def _says_no_more(entry: Entry) -> bool:
    """True if the label says nothing its name does not ("Foreman: A Hunt a herbivore" beside
    "foreman-hunt-herbivore"): the compact menu then shows the name alone."""
    words = set(re.findall(r"[a-z0-9]{2,}", entry.label.lower()))
    return bool(entry.name) and words <= set(re.findall(r"[a-z0-9]+", entry.name))


def _groups(items: list[Entry], cells: list[str]) -> list[tuple[str | None, list[str]]]:
    """The cells by group, in the order of their numbers; groups of one action share a block with no
    header (each says what it is), where the first of them comes."""
    groups: dict[str | None, list[str]] = {}
    for e, cell in zip(items, cells, strict=True):
        groups.setdefault(e.group, []).append(cell)
    if len(groups) == 1:
        return [(None, cells)]
    alone = [members[0] for members in groups.values() if len(members) == 1]
    merged: dict[str | None, list[str]] = {}
    for group, members in groups.items():
        if len(members) > 1:
            merged[group] = members
        elif None not in merged:
            merged[None] = alone
    return list(merged.items())


def _columns(blocks, columns: int, headw: int) -> list[str] | None:
    """The grouped menu's lines in `columns` columns (down each column, so that the numbers read in order),
    each column as wide as its widest cell, the widest cut until
    the columns fit in 80, or None if a label would be cut shorter than 12 characters."""
    split = []
    for group, members in blocks:
        rows = -(-len(members) // columns)
        split.append((group, rows, [members[j * rows : (j + 1) * rows] for j in range(columns)]))
    widths = [max((len(c) for _, _, cols in split for c in cols[j]), default=0) for j in range(columns)]
    widths = [w for w in widths if w]
    while sum(widths) + 2 * (len(widths) - 1) > WIDTH:
        widest = widths.index(max(widths))
        widths[widest] -= 1
        if widths[widest] - headw < 12:
            return None
    headed = len(blocks) > 1
    lines: list[str] = []
    for group, rows, cols in split:
        if headed and group is not None:
            lines.append(clip(f"{group}:", WIDTH))
        for r in range(rows):
            row = [clip(col[r], w).ljust(w) for col, w in zip(cols, widths, strict=False) if r < len(col)]
            lines.append("  ".join(row).rstrip())
    return lines


def menu_lines(items: list[Entry], budget: int) -> list[str]:
    """The menu in at most `budget` lines: every action in full if they fit, else grouped and compact."""
    full = full_lines(items)
    return full if len(full) <= budget else grouped_lines(items, budget)


def is_cut(lines: list[str]) -> bool:
    """True if a menu's lines leave actions out (its last line says how to see them)."""
    return bool(lines) and lines[-1].endswith(_SEE_ALL)


def explain(entry: Entry) -> list[str]:
    """`? N`: one action in full, with its number and name."""
    name = f" ({entry.name})" if entry.name else ""
    return wrap(f"{entry.number}{name}: {entry.text}")


def find(word: str, items: list[Entry]) -> Entry | str:
    """The entry a person means by `word`: its number, its name in any case, or the start of one name
    only; otherwise what to type instead."""
    word = word.strip().lower()
    if word.isascii() and word.isdigit():
        number = int(word) if len(word) <= 9 else 0
        if 1 <= number <= len(items):
            return items[number - 1]
        return f"There is no action {word}: choose 1 to {len(items)}."
    exact = [e for e in items if e.name and e.name == word]
    if exact:
        return exact[0]
    starts = [e for e in items if e.name and e.name.startswith(word)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        names = ", ".join(e.name for e in starts[:8]) + (", ..." if len(starts) > 8 else "")
        return f"{word} starts several names ({names}): type more of it."
    return ""


def progress_bar(console: Console) -> Progress:
    """A bar for long work (many games, an analysis), on the terminal only: it goes away when done."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
