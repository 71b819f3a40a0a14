"""Golden games: one recorded, seeded random game per game, player count and option set, with two digests
per decision, so that any change to what a game does or says shows up, and is told apart.

The rules digest covers what the game does: the seat to move, the legal action ids, the scores so far,
the state's own equality key (`State._key()`) and the events of the decision that led there. The
presentation digest covers what people and agents are told: the action texts, the order actions are
listed in, every seat's view and the spectator's, the events' texts and the spectator's board text.
A refactor moves neither; a change of wording or of what a view shows moves only the presentation one;
a rules change moves the rules one, and then the game's rules version must change, with a line in its
changelog (`CHANGES.md` beside the game's content), before `update` rewrites the file.

A golden file holds the match record (so it replays on its own) and a short sha256 of each digest; the
digests are of canonical JSON, so they are the same in every process and on every machine.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from dinotable.core.conformance import random_game
from dinotable.core.errors import IllegalAction
from dinotable.core.registry import get_game, list_games

FORMAT = 1
DIGEST_CHARS = 16  # 64 bits of sha256: no accidental collision in a few thousand decisions per file
CHANGELOG = "CHANGES.md"
FINAL_FIELDS = ("scores", "winners", "outcome")


def _plain(value):
    """What json.dumps cannot write itself: content records (dataclasses) as their fields, sets sorted."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, set | frozenset):
        return sorted(value, key=canonical_json)
    raise TypeError(f"a golden digest cannot hold a {type(value).__name__}: {value!r}")


def canonical_json(value) -> str:
    """One text per value: sorted keys, no spaces, ASCII, tuples as lists, no NaN (never Python's hash())."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False, default=_plain)


def digest(value) -> str:
    return hashlib.sha256(canonical_json(value).encode("ascii")).hexdigest()[:DIGEST_CHARS]


def rules_digest(state, events: list) -> str:
    """What the game does at this decision point (see the module's docstring)."""
    return digest(
        [
            state.current_player,
            state.legal_actions(),
            state.scores(),
            state._key(),
            [[e.kind, e.seat, e.detail] for e in events],
        ]
    )


def presentation_digest(state, events: list) -> str:
    """What the game says at this decision point (see the module's docstring)."""
    game = state.game
    legal = state.legal_actions()
    return digest(
        [
            [state.action_text(a) for a in legal],
            game.present_actions(state, legal),
            [state.view(None), *(state.view(seat) for seat in range(state.num_players))],
            [game.event_text(state, e) for e in events],
            game.board_text(state, None),
        ]
    )


# --- configurations -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Configuration:
    """One golden game (and one soak configuration): a game, a player count and one of its option sets."""

    game: str
    num_players: int
    options: dict = field(hash=False)

    def options_text(self, sep: str = ",") -> str:
        """The options as `-o` takes them (`excavation=dice,rocks_per_base=2`), or `default`."""
        words = [f"{k}={json.dumps(v).strip(chr(34))}" for k, v in sorted(self.options.items())]
        return sep.join(words) or "default"

    @property
    def slug(self) -> str:
        """The file name's stem: `3p-default`, `1p-scenario=CC4`, `2p-excavation=dice+rocks_per_base=2`."""
        return f"{self.num_players}p-{self.options_text('+')}"

    @property
    def path(self) -> Path:
        """The file's place under the golden folder."""
        return Path(self.game) / f"{self.slug}.json"

    @property
    def seed(self) -> int:
        """A seed of its own, from its name: stable whatever configurations come and go around it."""
        return int(hashlib.sha256(f"{self.game}/{self.slug}".encode()).hexdigest()[:8], 16)


def configurations(games: list[str] | None = None) -> list[Configuration]:
    """Every game's player counts times the option sets it declares for them (`Game.test_option_sets_for`),
    as the conformance suite plays them."""
    out = []
    for name in games or list_games():
        game = get_game(name)
        for num_players in range(game.min_players, game.max_players + 1):
            for options in game.test_option_sets_for(num_players):
                out.append(Configuration(name, num_players, dict(options)))
    return out


# --- recording and comparing ----------------------------------------------------------------------------


def record(config: Configuration) -> dict:
    """A fresh golden document: the configuration's seeded random game and its digests."""
    game = get_game(config.game)
    played = random_game(game, config.num_players, config.options, config.seed)
    state = game.new_game(config.num_players, config.seed, config.options)
    decisions = [f"{rules_digest(state, [])} {presentation_digest(state, [])}"]
    for action in played.history:
        events = state.apply(action)
        decisions.append(f"{rules_digest(state, events)} {presentation_digest(state, events)}")
    doc = {"format": FORMAT, **state.to_json(), "decisions": decisions}
    doc.update(_final(state))
    return json.loads(json.dumps(doc))  # the same plain values a file read back gives


def _final(state) -> dict:
    return {"scores": state.scores(), "winners": state.winners(), "outcome": state.outcome()}


@dataclass
class Comparison:
    """How a golden file stands against the code: the first decision at which each digest moved."""

    path: Path
    version_recorded: str | None = None
    version_now: str | None = None
    rules_at: int | None = None
    presentation_at: int | None = None
    final: list[str] = field(default_factory=list)  # which of scores, winners, outcome differ
    problem: str | None = None  # the replay broke, or the file is not a golden file

    @property
    def rules_moved(self) -> bool:
        return self.rules_at is not None or bool(self.final) or self.problem is not None

    @property
    def presentation_moved(self) -> bool:
        return self.presentation_at is not None

    @property
    def ok(self) -> bool:
        return not (self.rules_moved or self.presentation_moved) and self.version_recorded == self.version_now

    def lines(self) -> list[str]:
        """One line per difference, naming the decision and the digest."""
        lines = []
        if self.rules_at is not None:
            lines.append(f"rules digest moved first at decision {self.rules_at}")
        if self.presentation_at is not None:
            lines.append(f"presentation digest moved first at decision {self.presentation_at}")
        if self.problem:
            lines.append(self.problem)
        if self.final:
            lines.append(f"final {', '.join(self.final)} differ")
        if self.version_recorded != self.version_now:
            lines.append(f"recorded with rules version {self.version_recorded}, the game is at {self.version_now}")
        return lines

    def message(self) -> str:
        return "\n".join([f"{self.path}: {'unchanged' if self.ok else 'differs'}", *(f"  {x}" for x in self.lines())])


def load(path: Path) -> dict:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path}: not a golden file of format {FORMAT}")
    decisions = doc.get("decisions")
    if not isinstance(decisions, list) or not all(isinstance(d, str) and len(d.split()) == 2 for d in decisions):
        raise ValueError(f"{path}: 'decisions' must be a list of 'RULES PRESENTATION' digest pairs")
    return doc


def compare(path: Path, doc: dict | None = None) -> Comparison:
    """Replays a golden file's record and compares every decision's digests and the final results."""
    result = Comparison(Path(path))
    try:
        doc = load(path) if doc is None else doc
        game = get_game(doc["game"])
        result.version_recorded, result.version_now = doc["version"], game.version
        history, expected = doc["history"], doc["decisions"]
        state = game.new_game(doc["num_players"], doc["seed"], doc["options"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        result.problem = f"cannot start the recorded game: {exc}"
        return result
    events: list = []
    for i in range(len(history) + 1):
        rules, presentation = expected[i].split() if i < len(expected) else ("", "")
        if result.rules_at is None and rules_digest(state, events) != rules:
            result.rules_at = i
        if result.presentation_at is None and presentation_digest(state, events) != presentation:
            result.presentation_at = i
        if i == len(history):
            break
        try:
            events = state.apply(history[i])
        except IllegalAction:
            result.problem = f"decision {i}: the recorded action {history[i]} is no longer legal"
            return result
        except Exception as exc:  # the rules changed so far that the old game breaks them: say where
            result.problem = f"decision {i}: applying the recorded action {history[i]} raised {exc!r}"
            return result
    if len(expected) != len(history) + 1:
        result.problem = f"{len(expected)} digests recorded for {len(history) + 1} decision points"
    if not state.is_over:
        result.problem = f"the game no longer ends after its {len(history)} recorded decisions"
        return result
    final = json.loads(json.dumps(_final(state)))
    result.final = [name for name in FINAL_FIELDS if final[name] != doc.get(name)]
    return result


def dumps(doc: dict) -> str:
    """The file's text: a key per line, the history on one line, a decision per line (small, diffable)."""
    lines = []
    for key, value in doc.items():
        if key == "decisions":
            inner = ",\n".join(f"  {json.dumps(d)}" for d in value)
            lines.append(f' "decisions": [\n{inner}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, sort_keys=True)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# --- the two commands -----------------------------------------------------------------------------------


def changelog_path(game_name: str) -> Path:
    """The game's rules changelog: CHANGES.md in its package, beside its content."""
    module = importlib.import_module(type(get_game(game_name)).__module__)
    if module.__file__ is None:  # a namespace package: no folder of its own
        raise ValueError(f"{game_name}: its module {module.__name__} has no file to find CHANGES.md beside")
    return Path(module.__file__).parent / CHANGELOG


def changelog_has(game_name: str, version: str) -> bool:
    """Whether the changelog has a `## <version>` section."""
    path = changelog_path(game_name)
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    return re.search(rf"^## {re.escape(version)}\s*$", text, re.MULTILINE) is not None


@dataclass
class Outcome:
    """What `check` or `update` did with one file: unchanged, differs, missing or orphan (check); written,
    refused or removed (update). `detail` says why, a line per reason."""

    path: Path
    status: str
    detail: list[str] = field(default_factory=list)
    comparison: Comparison | None = None


def _files(folder: Path, games: list[str] | None) -> list[Path]:
    names = games or list_games()
    return sorted(p for name in names for p in (folder / name).glob("*.json"))


def check(folder: Path, games: list[str] | None = None) -> list[Outcome]:
    """Every golden file against the code, and every configuration against the files."""
    folder = Path(folder)
    expected = {folder / c.path for c in configurations(games)}
    results = []
    for path in _files(folder, games):
        if path not in expected:
            results.append(Outcome(path, "orphan", ["no configuration plays it any more (update removes it)"]))
            continue
        comparison = compare(path)
        results.append(Outcome(path, "unchanged" if comparison.ok else "differs", comparison.lines(), comparison))
    for path in sorted(expected - {r.path for r in results}):
        results.append(Outcome(path, "missing", ["no golden file yet (update records it)"]))
    return results


def update(folder: Path, games: list[str] | None = None, presentation: bool = False) -> list[Outcome]:
    """Records missing files, rewrites moved ones only where allowed, removes orphans.

    A file whose rules digest (or final result) moved is rewritten only if the game's rules version
    differs from the one the file recorded and the game's changelog has a section for the new version;
    a file whose presentation digest alone moved, only with `presentation=True`. Anything else is
    refused and left as it was."""
    folder = Path(folder)
    configs = {folder / c.path: c for c in configurations(games)}
    results = []
    for outcome in check(folder, games):
        path = outcome.path
        if outcome.status == "unchanged":
            results.append(outcome)
            continue
        if outcome.status == "orphan":
            path.unlink()
            results.append(Outcome(path, "removed", outcome.detail))
            continue
        config = configs[path]
        if outcome.comparison is not None:
            refusal = _refusal(config.game, outcome.comparison, presentation)
            if refusal:
                results.append(Outcome(path, "refused", [*outcome.detail, refusal], outcome.comparison))
                continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(record(config)), encoding="utf-8")
        results.append(Outcome(path, "written", outcome.detail, outcome.comparison))
    return results


def _refusal(game_name: str, comparison: Comparison, presentation: bool) -> str | None:
    """Why a moved file may not be rewritten, or None if it may."""
    changelog = changelog_path(game_name)
    version = get_game(game_name).version
    if comparison.rules_moved or comparison.version_recorded != version:
        if comparison.version_recorded == version:
            return (
                f"refused: a rules change with the rules version still at {version}; bump `version` in the "
                f"game's content.toml and say what changed under '## <new version>' in {changelog}"
            )
        if not changelog_has(game_name, version):
            return f"refused: the rules version is now {version}, but {changelog} has no '## {version}' section"
        return None
    if not presentation:
        return (
            "refused: only the presentation moved (wording or what a view shows); note it in "
            f"{changelog} and run again with --presentation"
        )
    return None
