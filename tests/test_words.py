"""The words every game's texts are built with (dinotable.core.words): articles and counted nouns."""

import pytest

from dinotable.core.words import a, counted, plural


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Ankylosaurus", "an Ankylosaurus"),
        ("Ichthyosaur", "an Ichthyosaur"),
        ("Stegosaurus", "a Stegosaurus"),
        ("Unique Dinosaur", "a Unique Dinosaur"),
        ("Upkeep Die", "an Upkeep Die"),
        ("Open Ocean roll", "an Open Ocean roll"),
        ("hour", "an hour"),
    ],
)
def test_an_article_goes_by_how_the_name_is_said(name, said):
    assert a(name) == said


@pytest.mark.parametrize(
    ("n", "noun", "many", "text"),
    [
        (1, "Scandal", None, "1 Scandal"),
        (2, "Scandal", None, "2 Scandals"),
        (0, "visitor", None, "0 visitors"),
        (3, "VP", "VP", "3 VP"),
        (2, "Research card", None, "2 Research cards"),
        (2, "Ferry", None, "2 Ferries"),
        (2, "day", None, "2 days"),
    ],
)
def test_a_count_takes_its_noun_in_the_right_number(n, noun, many, text):
    assert counted(n, noun, many) == text


def test_plural_of_nouns_ending_in_a_hiss():
    assert [plural(w) for w in ("box", "match", "bus")] == ["boxes", "matches", "buses"]
