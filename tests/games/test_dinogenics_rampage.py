"""DinoGenics rampage damage: where it goes, read on the park grid (rampage.py and the designed rule
"damage targets" of content.toml). The quick reference:

> Rampage Fatality: Kill one visitor (gaining a Scandal), then damage an accessible structure.
> Rampage Slash: Assign damage to an accessible structure.
> Facilities are targeted first, then fences blocking route to board edge.
> The Visitor Center is repaired immediately, but costs an extra Scandal.

As in dinogenics_helpers.py, each test starts from a real base game with empty hands and sets the park by hand.
"""

from dinotable.games.dinogenics import GAME, rampage, rules
from dinotable.games.dinogenics.components import SLASH

from .dinogenics_helpers import broken, build, damaged, get, pen, put, quiet, run, setr, steer

C = GAME.content
IDS = GAME.ids
GEO = GAME.geo


def hit(s, seat: int, i: int) -> list[dict]:
    """One damage for the park's dinosaur at index i; what was damaged, as event details."""
    s.tasks.append(("damage", seat, i))
    return [e.detail for e in run(s) if e.kind == "damage"]


def test_the_rule_is_written_down_and_listed_as_designed():
    """The designed reading is a `[[rule]]` of content.toml, listed by the provenance command: 'damage an
    accessible structure' read on the park grid."""
    rule = next(p for p in C.provenance if p["kind"] == "rule" and p["name"] == "damage targets")
    assert rule["provenance"] == "designed"
    for words in ("accessible structure", "board edge", "commercial sector", "Visitor Center takes it, last"):
        assert words in rule["text"]


def test_a_penned_dinosaur_cannot_reach_a_commercial_facility_and_breaks_its_fence():
    """'Rampage Slash: Assign damage to an accessible structure.' A Gift Shop in the commercial sector is not
    accessible from a closed pen: 'then fences blocking route to board edge' - a board-edge fence of the pen
    breaks, and the shop stands."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2")
    i = put(s, seat, "stegosaurus", "A1")
    build(s, seat, "gift_shop")
    assert hit(s, seat, i) == [{"fence": "A1 top"}]
    assert damaged(s, seat) == [] and rules.improper(s, seat) == [True]


def test_a_penned_dinosaur_reaches_the_facility_beside_its_pen_not_one_across_the_park():
    """'Facilities are targeted first': the accessible ones, beside the pen (a Petting Zoo on A2 beside the pen
    on A1), not the Goat Ranch on C4 across the park: no choice is asked, the zoo takes it."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    i = put(s, seat, "raptor", "A1")
    build(s, seat, "petting_zoo", "A2")
    build(s, seat, "goat_ranch", "C4")
    assert hit(s, seat, i) == [{"facility": "petting_zoo"}]
    assert s.phase != rules.TARGET and damaged(s, seat) == ["petting_zoo"] and broken(s, seat) == []


def test_once_out_the_dinosaur_reaches_further_and_the_owner_chooses():
    """'once out, further': after a T-Rex's first Slash breaks the board edge of its pen, its second reaches
    what stands outside fences (the Goat Ranch in open space, the Gift Shop in the commercial sector) and the
    owner chooses among those only: the Biodome on C1, walled in by two other pens, is out of reach."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1", "A2", "A3")
    rex = put(s, seat, "t_rex", "A1")
    pen(s, seat, "B1", "B2")
    pen(s, seat, "C2")
    build(s, seat, "biodome", "C1")
    shop = build(s, seat, "gift_shop")
    ranch = build(s, seat, "goat_ranch", "C4")
    steer(s, SLASH, SLASH)
    s.tasks.append(("rampage", seat, rex))
    run(s)
    assert broken(s, seat) == ["A1 top"]
    assert (s.phase, s.cur) == (rules.TARGET, seat)
    assert sorted(s.legal_actions()) == [IDS.structure + shop, IDS.structure + ranch]
    assert s.action_text(IDS.structure + ranch) == "The rampage damages the Goat Ranch (C4)"
    s.apply(IDS.structure + ranch)
    assert damaged(s, seat) == ["goat_ranch"]


def test_the_fence_on_the_most_direct_route_to_the_board_edge_breaks():
    """'then fences blocking route to board edge': from the pen on B2, walled by the pens on A2 and B1, the
    fence toward C2 (open to the board edge: one fence to cross) breaks, not the one into the pen on A2 (two
    fences to cross to the edge), though both are as near the edge."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A2")
    pen(s, seat, "B1")
    pen(s, seat, "B2")
    i = put(s, seat, "raptor", "B2")
    assert hit(s, seat, i) == [{"fence": "B2|C2"}]


def test_a_fence_against_a_facility_is_no_route_out():
    """'fences blocking route to board edge': the fence between the pen on B2 and the damaged Petting Zoo on A2
    leads nowhere (a facility is no way out); the fence toward B1, open to the edge, breaks."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "B2")
    build(s, seat, "petting_zoo", "A2", damaged=True)
    i = put(s, seat, "raptor", "B2")
    assert hit(s, seat, i) == [{"fence": "B1|B2"}]


def test_a_dinosaur_in_a_biodome_damages_its_biodome_then_walks_out():
    """'damage an accessible structure': a Pterodactyl inside a Biodome reaches that Biodome (and what borders
    it), not the hotel; once the dome is damaged it walks out into open space and reaches the rest."""
    s = quiet(2)
    seat = s.cur
    dome = build(s, seat, "biodome", "B2")
    hotel = build(s, seat, "basic_hotel")
    ranch = build(s, seat, "goat_ranch", "C4")
    i = put(s, seat, "pterodactyl", "B2")
    assert hit(s, seat, i) == [{"facility": "biodome"}]
    s.tasks.append(("damage", seat, i))
    run(s)
    assert s.phase == rules.TARGET
    assert sorted(s.legal_actions()) == [IDS.structure + hotel, IDS.structure + ranch]
    assert dome not in (a - IDS.structure for a in s.legal_actions())


def test_the_visitor_center_is_last():
    """'The Visitor Center is repaired immediately, but costs an extra Scandal', last: a loose Brontosaurus
    reaches the Gift Shop first; with it damaged and no fence on its way out, the Visitor Center."""
    s = quiet(2)
    seat = s.cur
    bronto = put(s, seat, "brontosaurus", "B2")
    build(s, seat, "gift_shop")
    assert hit(s, seat, bronto) == [{"facility": "gift_shop"}]
    assert hit(s, seat, bronto) == [{"visitor_center": True}]
    assert get(s, seat, "scandals") == 1


def test_a_hotel_in_reach_kills_its_visitors_a_closed_pen_spares_them():
    """'Damaged hotels result in visitor death. Take a Scandal for each death.' Only a hotel the dinosaur
    reaches: from a closed pen the fence breaks and every visitor lives."""
    s = quiet(2)
    seat = s.cur
    pen(s, seat, "A1")
    i = put(s, seat, "raptor", "A1")
    build(s, seat, "medium_hotel")
    setr(s, seat, visitors=6)
    assert hit(s, seat, i) == [{"fence": "A1 top"}]
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (6, 0)
    assert hit(s, seat, i) == [{"facility": "medium_hotel"}]  # out now: the hotel is in reach
    assert (get(s, seat, "visitors"), get(s, seat, "scandals")) == (2, 4)


def test_targets_reads_only_the_grid():
    """rampage.targets on bare masks: a dinosaur on A1 inside a fenced A1 reaches the facility on B1 beside it;
    with that one damaged, the board-edge fence A1 top; with that one broken too, it is out, and with nothing
    left the Visitor Center (no facility, no fence)."""
    edge = GEO.edge_names.index
    a1 = GEO.cell_names.index("A1")
    b1 = 1 << GEO.cell_names.index("B1")
    fences = sum(1 << edge(n) for n in ("A1 top", "A1 left", "A1|A2", "A1|B1"))
    assert rampage.targets(GEO, fences, ((b1, False), (0, False)), a1) == ((0,), -1)
    assert rampage.targets(GEO, fences, ((b1, True),), a1) == ((), edge("A1 top"))
    assert rampage.targets(GEO, fences & ~(1 << edge("A1 top")), ((b1, True),), a1) == ((), -1)
