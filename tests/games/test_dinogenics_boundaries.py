"""DinoGenics rules tested at their boundary, so that a rule and its near miss (a limit off by one, say) give
different results. Positions are built as in dinogenics_helpers.py: a real new game, hands set by moving cards,
then an action space's steps run by the engine, or a worker sent through apply().
"""

import pytest

from dinotable.games.dinogenics import rules
from dinotable.games.dinogenics.components import DNA

from .dinogenics_helpers import (
    _end,
    build,
    cc_quiet,
    do_steps,
    empty_hands,
    give,
    hand_kinds,
    place,
    quiet,
    relist,
    scen,
    setr,
)

LIMIT = 10  # published, base game: DNA hand limit 10; the Controlled Chaos rulebook: 'the 10 card DNA limit'


def _discard_all(s, seat: int) -> int:
    """Discards the first offered card while the seat must; returns how many it discarded."""
    n = 0
    while s.phase == rules.PICK and s.cur == seat and s.ctx[0] == rules.DISCARD:
        s.apply(s.legal_actions()[0])
        n += 1
    return n


@pytest.mark.parametrize(("held", "must_discard"), [(8, 0), (9, 1), (10, 2)])
def test_the_hand_limit_of_ten_bites_from_the_eleventh_card(held, must_discard):
    """DinoGenics: Controlled Chaos rulebook, IntelliGen Designs Side Board: 'eDNA counts toward the 10 card
    DNA limit. Discard down to 10 cards if needed' (published, base game: DNA hand limit 10). A gain of 2 DNA cards
    that makes a hand of 10 keeps them all; one that makes 11 costs a card, 12 two: a hand of exactly 11 is
    over the limit (a limit enforced only from 12 cards, or a limit of 11, would let it stay)."""
    s = quiet(2)
    seat = s.cur
    give(s, seat, "raptor", held - held // 2)
    give(s, seat, "stegosaurus", held // 2)
    do_steps(s, seat, (("gain", ((DNA, 2),)),))
    assert rules.hand_size(s, seat) == held + 2
    if must_discard:
        assert (s.phase, s.cur, s.ctx[:2]) == (rules.PICK, seat, (rules.DISCARD, must_discard))
    else:
        assert s.phase == rules.PLACE
    assert _discard_all(s, seat) == must_discard
    assert rules.hand_size(s, seat) == LIMIT and s.phase == rules.PLACE


@pytest.mark.parametrize(("held", "must_discard"), [(8, 0), (9, 1)])
def test_site_d_discards_down_to_ten_from_eleven(held, must_discard):
    """DinoGenics: Controlled Chaos rulebook, IntelliGen Designs Side Board, Site D: 'Draw three eDNA cards,
    choose two to keep ... eDNA counts toward the 10 card DNA limit. Discard down to 10 cards if needed after
    visiting Site D.' Keeping two with 8 in hand makes 10 (nothing to discard); with 9 it makes 11: one goes."""
    s = cc_quiet(2)
    seat = s.cur
    give(s, seat, "stegosaurus", held - held // 2)
    give(s, seat, "brontosaurus", held // 2)
    setr(s, seat, credits=1)
    relist(s)
    s.apply(place("site_d"))
    while s.phase == rules.PICK and s.cur == seat and s.ctx[0] == rules.KEEP:
        s.apply(s.legal_actions()[0])
    assert len(hand_kinds(s, seat)) == held + 2
    assert _discard_all(s, seat) == must_discard
    assert rules.hand_size(s, seat) == LIMIT and s.cur != seat


def test_a_dna_archive_moves_the_boundary_to_fourteen():
    """Designed (content.toml, DNA Archive): "4 more DNA cards allowed in hand", while undamaged. With it, 14
    cards are kept and the 15th is over the limit."""
    s = quiet(2)
    seat = s.cur
    build(s, seat, "dna_archive")
    for key in ("raptor", "stegosaurus", "t_rex"):
        give(s, seat, key, 4)
    give(s, seat, "triceratops", 1)
    do_steps(s, seat, (("gain", ((DNA, 2),)),))
    assert rules.hand_size(s, seat) == 15
    assert (s.phase, s.ctx[:2]) == (rules.PICK, (rules.DISCARD, 1))
    s.apply(s.legal_actions()[0])
    assert rules.hand_size(s, seat) == 14 and s.phase == rules.PLACE


# ------------------------------------------------------------------------------------ scenario objectives
@pytest.mark.parametrize(("scandals", "met"), [(1, True), (2, False)])
def test_cc1_a_reputation_of_one_is_positive_and_zero_is_not(scandals, met):
    """DinoGenics: Controlled Chaos rulebook, Solo Scenario #CC1: 'your park must have a positive reputation
    and at least 100 VP.' Park Mascots (2 reputation) less 1 Scandal leaves exactly 1: positive; less 2
    leaves 0: not."""
    s = scen("CC1")
    empty_hands(s, 0)
    s.dinos[0] = ()
    setr(s, 0, credits=0, scandals=scandals)
    build(s, 0, "park_mascots")
    out = _end(s, 130)
    assert rules.reputation(s, 0) == 2 - scandals
    assert out["conditions"]["positive_reputation"] is met and out["objective_met"] is met


def test_cc5_a_visitor_capacity_of_exactly_eight_meets_the_objective():
    """DinoGenics: Controlled Chaos rulebook, Solo Scenario #CC5: 'have a visitor capacity of 8 or more': 8
    itself is enough (the Visitor Center's 2, the Master Architect's 2 more and a Medium Hotel's 4)."""
    s = scen("CC5")
    build(s, 0, "medium_hotel")
    out = _end(s, 130)
    assert rules.room(s, 0) == 8
    assert out["conditions"] == {"rooms": True} and out["objective_met"] is True
