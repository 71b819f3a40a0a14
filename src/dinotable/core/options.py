"""Game options: each game declares its options as specs; new_game validates against them.

An unknown option or a bad value raises ValueError naming the option, so a typo never silently plays the
default game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from dinotable.core.errors import shown


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: str  # "int", "float", "bool", "choice", or "per_seat_float" (one value, or one per seat)
    default: Any
    help: str
    choices: tuple = ()
    minimum: float | None = None
    maximum: float | None = None
    provenance: str = "rulebook"
    # For a front end, optional: each choice's name and its help (both parallel to `choices`), and the
    # player count the option needs when it is not its default (a solo scenario: 1), which a lobby can set.
    choice_labels: tuple = ()
    choice_help: tuple = ()
    players: int | None = None
    # The option as a person reads it, by the rulebook's name ("Controlled Chaos expansion"); a lobby shows it
    # in place of `name`, which is for programs and the command line.
    label: str = ""

    def __post_init__(self) -> None:
        for name in ("choice_labels", "choice_help"):
            given = getattr(self, name)
            if given and len(given) != len(self.choices):
                raise ValueError(f"option {self.name!r}: {name} needs one entry per choice ({len(self.choices)})")

    def check(self, value: Any, num_players: int) -> Any:
        """Returns the normalised value or raises ValueError naming this option."""
        if self.kind == "choice":
            # Same type as the choice too: 2.0 is not the choice 2, and True is not 1.
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise self._error(value, f"one of {', '.join(map(str, self.choices))}")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self._error(value, "true or false")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._error(value, "a whole number")
            return self._in_range(value)
        if self.kind == "float":
            return self._in_range(self._number(value))
        if self.kind == "per_seat_float":
            values = value if isinstance(value, list | tuple) else [value] * num_players
            if len(values) != num_players:
                raise ValueError(
                    f"option {self.name!r}: needs one value or one per seat ({num_players}), got {len(values)}"
                )
            return tuple(self._in_range(self._number(v)) for v in values)
        raise ValueError(f"option {self.name!r}: unknown option kind {self.kind!r}")

    def parse(self, text: str) -> Any:
        """Reads a value typed on a command line (`rocks_per_base=2`, `dexterity=1.5,0.8`)."""
        text = text.strip()
        try:
            if self.kind == "bool":
                lowered = text.lower()
                if lowered in ("1", "true", "yes", "on"):
                    return True
                if lowered in ("0", "false", "no", "off"):
                    return False
                raise ValueError
            if self.kind == "int":
                return int(text)
            if self.kind == "float":
                return float(text)
            if self.kind == "per_seat_float":
                parts = [float(p) for p in text.split(",")]
                return parts if len(parts) > 1 else parts[0]
            if self.kind == "choice":
                for choice in self.choices:
                    if str(choice) == text:
                        return choice
                return text
        except ValueError:
            raise self._error(text, f"a value of kind {self.kind}") from None
        return text

    def _number(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise self._error(value, "a finite number")
        return float(value)

    def _in_range(self, value):
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise self._error(value, f"between {self.minimum} and {self.maximum}")
        return value

    def _error(self, value: Any, wanted: str) -> ValueError:
        return ValueError(f"option {self.name!r}: {shown(value)} is not allowed; expected {wanted}")


def validate_options(specs: tuple[OptionSpec, ...], options: dict | None, num_players: int) -> dict:
    """All options with defaults filled in, each checked; raises ValueError naming a bad or unknown one.
    Values are immutable (per-seat values are tuples), so a state can share them with its copies."""
    options = dict(options or {})
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(options) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise ValueError(f"unknown option {unknown[0][:40]!r}; this game's options are: {known}")
    return {
        name: spec.check(options[name], num_players) if name in options else spec.check(spec.default, num_players)
        for name, spec in by_name.items()
    }


def parse_option_args(specs: tuple[OptionSpec, ...], args: list[str]) -> dict:
    """Turns `name=value` strings from a command line into an options dict (not yet validated)."""
    by_name = {spec.name: spec for spec in specs}
    options = {}
    for arg in args:
        name, sep, text = arg.partition("=")
        name = name.strip()
        if not sep:
            raise ValueError(f"option {arg!r}: write it as name=value")
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"unknown option {name!r}; this game's options are: {known}")
        options[name] = by_name[name].parse(text)
    return options
