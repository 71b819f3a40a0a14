"""DinoGenics' DNA Market with Controlled Chaos: where sold cards go, so that the rulebook's eDNA sentences can
happen at the table.

> Once drawn in hand, eDNA counts as DNA in all ways. For example, eDNA ... can be bought/sold on the DNA
> Market and be picked up at the Boneyard.
> Any other card references to "DNA" do include eDNA, such as discarding DNA or gaining DNA via the Market or
> Boneyard.
"""

from dinotable.games.dinogenics import GAME, board, render, rules

from .dinogenics_helpers import cc_quiet, do_steps, get, give_kind, hand_kinds, large, setr, sp

C = GAME.content
IDS = GAME.ids
T = GAME.tables
SELL = (C.numbers["market_sell_cards"], C.numbers["market_sell"])
BUY = (C.numbers["market_buy_cards"], C.numbers["market_buy"])


def sell(s, seat: int, *kinds: int) -> None:
    """A City Center sale of these cards, one by one."""
    do_steps(s, seat, (("market_sell", SELL),))
    for kind in kinds:
        s.apply(IDS.dna + kind)
    if s.phase == rules.PICK:
        s.apply(IDS.done)


def test_sold_edna_goes_into_the_dna_market_and_can_be_bought_there():
    """'eDNA ... can be bought/sold on the DNA Market' and 'gaining DNA via the Market ... include eDNA':
    designed ('cards sold to the DNA Market'), a sold card goes face up into the Market; another player buys
    the Megalodon card there, and the Market is topped up from the standard deck."""
    s = cc_quiet(2)
    seller = s.cur
    buyer = 1 - seller
    give_kind(s, seller, sp("megalodon"))
    setr(s, seller, credits=0)
    oldest = s.market[0]
    sell(s, seller, sp("megalodon"))
    assert get(s, seller, "credits") == C.numbers["market_sell"] and hand_kinds(s, seller) == []
    assert s.market[-1] == sp("megalodon") and len(s.market) == C.numbers["market_size"]
    assert s.dna_discard == [oldest]  # the card there longest made room
    assert render.view(s, None)["market"][-1] == "megalodon"
    setr(s, buyer, credits=5)
    do_steps(s, buyer, (("market_buy", BUY),))
    assert (s.phase, s.cur) == (rules.PICK, buyer) and IDS.dna + sp("megalodon") in s.legal_actions()
    assert s.action_text(IDS.dna + sp("megalodon")) == f"Buy a Megalodon DNA card for {BUY[1]} credits"
    s.apply(IDS.dna + sp("megalodon"))
    assert sp("megalodon") in hand_kinds(s, buyer) and get(s, buyer, "credits") == 5 - BUY[1]
    assert sp("megalodon") not in s.market and not any(T.edna[k] for k in s.market)
    GAME.check_invariants(s)


def test_a_market_not_full_keeps_every_sold_card():
    """Designed ('cards sold to the DNA Market'): only a full Market lets a card go; short of its size (the
    deck ran dry) it keeps them all."""
    s = cc_quiet(2)
    seat = s.cur
    s.dna_discard += s.market[2:]
    s.market[2:] = []
    give_kind(s, seat, sp("plesiosaurus"))
    give_kind(s, seat, T.poly)
    sell(s, seat, sp("plesiosaurus"), T.poly)
    assert s.market[-2:] == [sp("plesiosaurus"), T.poly] and len(s.market) == 4
    assert render.view(s, seat)["market"][-2:] == ["plesiosaurus", "polymorphic"]
    assert "Polymorphic" in board.board_text(s, seat)


def test_edna_bought_at_the_market_is_grafted_from_the_edna_deck():
    """Gene Grafting Lab: 'After gaining DNA or eDNA cards in any way, you may discard 1 or 2 goats from your
    supply to draw 1 or 2 additional cards of the same type.' An eDNA card bought at the Market grafts eDNA
    (designed, as after the Boneyard: the type of the last card taken)."""
    s = cc_quiet(2)
    seat = s.cur
    other = 1 - seat
    large(s, seat, "gene_grafting_lab")
    give_kind(s, other, sp("ichthyosaur"))
    sell(s, other, sp("ichthyosaur"))
    setr(s, seat, credits=5, goats=1)
    do_steps(s, seat, (("market_buy", (1, BUY[1])),))
    s.apply(IDS.dna + sp("ichthyosaur"))
    assert s.phase == rules.GRAFT and s.ctx == (True,)
    edna = len(s.edna_deck)
    s.apply(IDS.option)
    assert len(s.edna_deck) == edna - 1 and get(s, seat, "goats") == 0
