"""Golden games (dinotable.core.golden): every recorded game replays with the same rules and presentation
digests at every decision and the same final result; the check tells a rules change from a wording change;
and `update` will not rewrite a rules change without a new rules version and a changelog section."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dinotable
from dinotable.cli.main import app
from dinotable.core import golden
from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*/*.json"))
SAMPLE = golden.Configuration("my-funny-dinos", 3, {})


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_game(path):
    """The recorded game replays with both digests equal at every decision, and the same final result."""
    comparison = golden.compare(path)
    assert comparison.ok, (
        f"{comparison.message()}\nIf the change is meant: see CHANGES.md in the game's package, then "
        "`dinotable golden --update` (--presentation for a wording change)"
    )


def test_every_configuration_has_a_golden_file():
    """One file per game, player count and option set the game declares: no more, no fewer."""
    expected = {GOLDEN / c.path for c in golden.configurations()}
    assert expected == set(FILES)
    assert len(FILES) >= 30


def test_golden_files_record_their_game_and_version():
    """A file is self-contained: its record names the game, the rules version and the seed it was played with."""
    for path in FILES:
        doc = golden.load(path)
        assert doc["game"] == path.parent.name
        assert isinstance(doc["version"], str) and doc["version"]
        assert len(doc["decisions"]) == len(doc["history"]) + 1
        assert all(len(d.split()) == 2 for d in doc["decisions"])


def test_digests_are_canonical_and_stable():
    """The same value gives the same digest in every process and on every machine: canonical JSON (sorted
    keys, tuples as lists, sets sorted), never Python's hash(). The constant pins the form itself."""
    value = [1, (2, None), {"b": True, "a": "x"}, 0.5, frozenset({3, 1})]
    assert golden.canonical_json(value) == '[1,[2,null],{"a":"x","b":true},0.5,[1,3]]'
    assert golden.digest(value) == "e53d8cd2ad9f35f0"

    @dataclass(frozen=True)
    class Card:
        name: str
        cost: int

    assert golden.canonical_json(Card("Egg", 2)) == '{"cost":2,"name":"Egg"}'
    with pytest.raises(TypeError, match="cannot hold"):
        golden.digest(object())
    with pytest.raises(ValueError):
        golden.digest(float("nan"))


# The check must catch what it is for: each of these changes one thing on purpose, against golden files
# recorded fresh from the code as it stands (so that they test the check, not the files in the repository).
@pytest.fixture
def fresh(tmp_path) -> Path:
    """Every My Funny Dinos golden file, recorded now into a folder of the test's own."""
    results = golden.update(tmp_path, ["my-funny-dinos"])
    assert {r.status for r in results} == {"written"} and len(results) == 18
    return tmp_path


@pytest.fixture
def sample(tmp_path) -> Path:
    """One golden file, recorded now."""
    path = tmp_path / SAMPLE.path
    path.parent.mkdir(parents=True)
    path.write_text(golden.dumps(golden.record(SAMPLE)))
    return path


def test_check_catches_a_changed_action_text(monkeypatch, sample):
    """Wording moves the presentation digest only."""
    original = MyFunnyDinosState.action_text
    monkeypatch.setattr(MyFunnyDinosState, "action_text", lambda s, a: original(s, a) + "!")
    comparison = golden.compare(sample)
    assert comparison.presentation_at == 0
    assert comparison.rules_at is None and not comparison.final and comparison.problem is None
    assert "presentation digest moved first at decision 0" in comparison.message()


def test_check_catches_a_changed_view(monkeypatch, sample):
    """What a view shows is presentation: a view that shows one more thing moves that digest only."""
    from dinotable.games.my_funny_dinos import render

    original = render.view

    def view(s, seat):
        return {**original(s, seat), "extra": 1} if len(s.history) >= 6 else original(s, seat)

    monkeypatch.setattr(render, "view", view)
    comparison = golden.compare(sample)
    assert comparison.presentation_at == 6
    assert not comparison.rules_moved


def test_check_catches_a_changed_scoring_rule(monkeypatch, sample):
    """A point more for every seat is a rules change: the rules digest moves, and the final scores differ."""
    from dinotable.games.my_funny_dinos import scoring

    original = scoring.scores
    monkeypatch.setattr(scoring, "scores", lambda s: [x + 1 for x in original(s)])
    comparison = golden.compare(sample)
    assert comparison.rules_at == 0
    assert "scores" in comparison.final
    assert "rules digest moved first at decision 0" in comparison.message()


def test_check_catches_a_changed_legal_action_list(monkeypatch, sample):
    """Offering one action fewer where there were several is a rules change."""
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

    original = MyFunnyDinosState.legal_actions
    monkeypatch.setattr(MyFunnyDinosState, "legal_actions", lambda s: (lambda legal: legal[:-1])(original(s)))
    comparison = golden.compare(sample)
    assert comparison.rules_at == 0
    assert comparison.rules_moved


def _statuses(results) -> dict[str, str]:
    return {r.path.name: r.status for r in results}


def test_update_refuses_a_rules_change_until_the_version_and_changelog_move(monkeypatch, fresh, tmp_path):
    """A rules change is refused with the version unchanged; refused again with a new version but no changelog
    section; written once both are there, recording the new version."""
    from dinotable.games.my_funny_dinos import scoring

    folder = fresh
    path = folder / SAMPLE.path
    before = path.read_text()
    original = scoring.scores
    monkeypatch.setattr(scoring, "scores", lambda s: [x + 1 for x in original(s)])

    results = golden.update(folder, ["my-funny-dinos"])
    assert set(_statuses(results).values()) == {"refused"}
    refused = next(r for r in results if r.path == path)
    assert any("rules version still at" in line for line in refused.detail)
    assert path.read_text() == before

    game = dinotable.get_game("my-funny-dinos")
    monkeypatch.setattr(game, "version", "9.9")
    changelog = tmp_path / "CHANGES.md"
    changelog.write_text("# changelog\n\n## 1.0\n- first\n")
    monkeypatch.setattr(golden, "changelog_path", lambda name: changelog)
    results = golden.update(folder, ["my-funny-dinos"])
    assert _statuses(results)[path.name] == "refused"
    assert any("has no '## 9.9' section" in line for line in next(r for r in results if r.path == path).detail)
    assert path.read_text() == before

    changelog.write_text("# changelog\n\n## 9.9\n- every seat scores a point more\n\n## 1.0\n- first\n")
    results = golden.update(folder, ["my-funny-dinos"])
    assert set(_statuses(results).values()) == {"written"}
    assert golden.load(path)["version"] == "9.9"
    assert golden.compare(path).ok


def test_update_refuses_a_wording_change_without_presentation(monkeypatch, fresh):
    """A presentation-only change is rewritten only when asked for; the history stays the same game."""
    folder = fresh
    path = folder / SAMPLE.path
    before = golden.load(path)
    original = MyFunnyDinosState.action_text
    monkeypatch.setattr(MyFunnyDinosState, "action_text", lambda s, a: original(s, a).upper())

    results = golden.update(folder, ["my-funny-dinos"])
    assert set(_statuses(results).values()) == {"refused"}
    assert any("--presentation" in line for line in next(r for r in results if r.path == path).detail)
    assert golden.load(path) == before

    results = golden.update(folder, ["my-funny-dinos"], presentation=True)
    assert set(_statuses(results).values()) == {"written"}
    after = golden.load(path)
    assert after["history"] == before["history"] and after["version"] == before["version"]
    assert [d.split()[0] for d in after["decisions"]] == [d.split()[0] for d in before["decisions"]]
    assert after["decisions"] != before["decisions"]


def test_update_records_missing_files_and_removes_orphans(fresh):
    """A new configuration gets its file; a file no configuration plays is removed; the rest are untouched."""
    folder = fresh
    before = (folder / "my-funny-dinos" / "2p-default.json").read_text()
    missing = folder / "my-funny-dinos" / "2p-default.json"
    missing.unlink()
    orphan = folder / "my-funny-dinos" / "9p-default.json"
    orphan.write_text("{}")
    statuses = _statuses(golden.update(folder, ["my-funny-dinos"]))
    assert statuses.pop("2p-default.json") == "written" and statuses.pop("9p-default.json") == "removed"
    assert set(statuses.values()) == {"unchanged"}
    assert not orphan.exists() and golden.compare(missing).ok
    assert missing.read_text() == before


def test_cli_check_names_the_file_decision_and_digest(fresh):
    """`dinotable golden` exits 0 when every file matches; a tampered digest fails it, naming the file, the
    first differing decision and which digest; `--update` then refuses, leaving the file as it was."""
    runner = CliRunner()
    folder = fresh
    args = ["golden", "--dir", str(folder), "--game", "my-funny-dinos"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "18 golden files: 18 unchanged" in result.output

    path = folder / "my-funny-dinos" / "4p-excavation=dice.json"
    doc = golden.load(path)
    rules, presentation = doc["decisions"][5].split()
    doc["decisions"][5] = f"{'0' * len(rules)} {presentation}"
    path.write_text(golden.dumps(doc))
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert f"differs: {path}" in result.output
    assert "rules digest moved first at decision 5" in result.output
    assert "presentation digest" not in result.output

    tampered = path.read_text()
    result = runner.invoke(app, [*args, "--update"])
    assert result.exit_code == 1 and "refused" in result.output
    assert path.read_text() == tampered
    assert json.loads(tampered)["decisions"][5].startswith("0000")


def test_cli_presentation_needs_update():
    result = CliRunner().invoke(app, ["golden", "--presentation"])
    assert result.exit_code == 2
    assert "--presentation goes with --update" in result.output
