"""What a person reads on a DinoGenics page: "How to play" (content/how_to_play.toml, each section citing the
rulebook section it follows, a published fact or "designed"), the status in words (`game.status_text`), the
options by their rulebook names, and every action, event and status text of whole games in plain words: no
internal id or key, no "(s)", no "a" before a vowel, none of the view's notations ("A1+A2", "A2|B2",
"commercial 1+commercial 2") nor of the content's ("hand limit +99").
"""

import re

import pytest

from dinotable.core.errors import ContentError
from dinotable.core.rng import Rng
from dinotable.games.dinogenics import GAME
from dinotable.games.dinogenics.content import CONTENT_DIR, RULEBOOK, RULEBOOK_SECTIONS, load_content

from .dinogenics_helpers import coop, place, quiet, scen, setr

# "a" before a vowel sound ("a Ankylosaurus"; "a unique" and "a U..." are right), an id, a key, a lazy
# plural, a Python value, the view's and the terminal's notations.
NOT_PLAIN = re.compile(
    r"\ba [aeioAEIO]|#\d|_|\(s\)|\b(True|False|None)\b|[\[\]{}]|\w\+\w|\w\|\w|\+\d|\b(St|Br|Ve|Al|rep|cr)\b"
)


# ------------------------------------------------------------------------------------------- how to play
def test_how_to_play_cites_a_rulebook_section_a_published_fact_or_a_design():
    """Every section has a title and a text in the project's words, and says what it follows."""
    sections = GAME.how_to_play()
    titles = [s["title"] for s in sections]
    assert {"Placing workers", "What ends the game", "How it scores"} <= set(titles)
    for section in sections:
        assert set(section) == {"title", "text", "rulebook"}
        cited = section["rulebook"]
        assert cited.startswith(RULEBOOK) or cited.startswith(("published: ", "designed")), cited
        if cited.startswith(RULEBOOK):
            assert cited[len(RULEBOOK) :].startswith(RULEBOOK_SECTIONS)
        assert not NOT_PLAIN.search(section["text"]), section["text"]
    sections[0]["title"] = "scribbled"
    assert GAME.how_to_play()[0]["title"] != "scribbled"  # each call hands out its own copy


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ('rulebook = "designed"\n', 'rulebook = "made up"\n', "how_to_play[9].rulebook: cite"),
        (
            'rulebook = "DinoGenics: Controlled Chaos rulebook, Solo Scenarios"',
            'rulebook = "DinoGenics: Controlled Chaos rulebook, Page 12"',
            "how_to_play[10].rulebook: cite",
        ),
        ('title = "Ties"', 'title = "Ties"\nsee = "page 2"', "how_to_play[8].see: not a key"),
        ('title = "Modules"', "title = 3", "how_to_play[12].title: expected str"),
        ('title = "Ties"\n', 'title = "  "\n', "how_to_play[8].title: expected some words"),
    ],
)
def test_a_broken_how_to_play_file_is_refused_naming_the_file_and_the_key(tmp_path, old, new, named):
    text = (CONTENT_DIR / "how_to_play.toml").read_text()
    assert text.count(old) == 1
    (tmp_path / "how_to_play.toml").write_text(text.replace(old, new))
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    assert str(err.value).startswith("how_to_play.toml: ") and named in str(err.value)


# ------------------------------------------------------------------------------------------------ status
def test_the_status_in_words():
    """The Season of 7, its part as the rulebook names it, and whose turn to do what; at the end, who won."""
    s = quiet(2)
    seat, other = s.cur, 1 - s.cur
    assert GAME.status_text(s, seat) == "Season 1 of 7 - Worker Placement: your turn to place a worker"
    assert GAME.status_text(s, other) == (
        f"Season 1 of 7 - Worker Placement: waiting for player {seat + 1} to place a worker"
    )
    assert GAME.status_text(s, None) == GAME.status_text(s, other)
    setr(s, seat, credits=10)
    s.relist()
    s.apply(place("site_b"))  # draw 3 DNA, keep 1
    assert GAME.status_text(s, seat).endswith("your turn to choose the DNA cards to keep")

    s = coop(hands=False)
    assert GAME.status_text(s, 1) == (
        "Season 1 of 7 - Worker Placement: waiting for the West Branch to choose which branch places first"
    )


def test_the_status_at_the_end_says_who_won():
    s = quiet(3)
    s.over = True
    scores = s.scores()
    winner = s.winners()[0] if len(s.winners()) == 1 else None
    text = GAME.status_text(s, winner)
    assert text.startswith("The game is over after Season 1 of 7: ")
    if winner is not None:
        assert text.endswith(f"you win with {scores[winner]} VP.")

    s = coop(hands=False)
    s.over = True
    result = s.outcome()
    expected = (
        f"the branches beat Synth, {result['average']} VP on average against {result['synth']}"
        if result["victory"]
        else f"Synth wins with {result['synth']} VP against the branches' average of {result['average']}"
    )
    assert GAME.status_text(s, 0).endswith(expected + ".")
    assert s.score_now(0)[-1]["total"] == s.outcome()["automata"]["Synth"]["total"] == result["synth"]

    s = scen("CC3")
    s.over = True
    assert GAME.status_text(s, 0).endswith("credits: the objective of CC3 Turn-Key Park is not met.")


# ----------------------------------------------------------------------------------------------- options
def test_every_option_has_its_rulebook_name_and_a_sentence_of_help():
    labels = {spec.name: spec.label for spec in GAME.option_specs}
    assert labels == {
        "expansion": "Controlled Chaos expansion",
        "chaos_theory": "Chaos Theory module",
        "elites": "Dinosaur Elites module",
        "scenario": "Solo scenario",
        "coop": "Two-player co-op against Synth",
    }
    for spec in GAME.option_specs:
        assert spec.help[0].isupper() and spec.help.rstrip().endswith(".")
        assert not re.search(r"\b(true|false)\b", spec.help), spec.help  # no "false plays the base game alone"
        assert not NOT_PLAIN.search(" ".join(map(str, spec.choice_labels))), spec.choice_labels


# ------------------------------------------------------------------------------------- whole games' texts
@pytest.mark.parametrize("options", list(GAME.test_option_sets))
def test_every_text_of_whole_games_is_in_plain_words(options):
    """Every action text (as the mover and as the others read it), every event text and the status of every
    seat, over seeded random games of every option set."""
    num_players = 1 if options.get("scenario") else 2 if options.get("coop") else 3
    seen = set()

    def plain(text: str, what: str) -> None:
        if text not in seen:
            seen.add(text)
            found = NOT_PLAIN.search(text)
            assert not found, f"{what} reads {text!r}: {found.group()!r}"

    for seed in (1, 2):
        s = GAME.new_game(num_players, seed, options)
        rng = Rng(seed)
        while True:
            for seat in (None, *range(num_players)):
                plain(GAME.status_text(s, seat), "a status")
            if s.is_over:
                break
            legal = s.legal_actions()
            for a in legal:
                plain(s.action_text(a), "an action")
                plain(s.action_text(a, viewer=None), "an action told")
            for e in s.apply(legal[rng.below(len(legal))]):
                plain(GAME.event_text(s, e), "an event")
        for part in s.score_now(None)[0]["parts"]:
            plain(part["name"], "a part of the score")
