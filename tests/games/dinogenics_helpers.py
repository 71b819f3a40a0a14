"""Helpers shared by the DinoGenics tests (tests/games/test_dinogenics_*.py): the content and id tables, and
scenario builders that start from a real new game and set the flat state's fields directly. Not collected as tests.
"""

import pytest

from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules, scoring
from dinotable.games.dinogenics import synth as synth_rules
from dinotable.games.dinogenics.components import CREDITS, FENCES, GOATS, SCANDALS, VISITORS, VP
from dinotable.games.dinogenics.rules import (
    COMMERCIAL,
    SPECIALISTS,
    SYNTH,
    WORKERS,
    as_damaged,
    cell_of,
    dinosaur_code,
    facility_code,
    facility_of,
    first_place,
    is_damaged,
    species_of,
)

C = GAME.content
IDS = GAME.ids
GEO = GAME.geo
K = C.kinds  # DNA card kinds: the species, then Polymorphic DNA
BASE_FACILITIES = [f for f in C.facilities if not f.expansion]
M = len(C.manipulation)
COUNTER = {
    "credits": CREDITS,
    "goats": GOATS,
    "fences": FENCES,
    "vp": VP,
    "scandals": SCANDALS,
    "visitors": VISITORS,
    "workers": WORKERS,
}


def fresh(num_players=2, seed=1):
    """A base game: the rules of this module are the base game's (options expansion=false)."""
    return GAME.new_game(num_players, seed, {"expansion": False})


def sp(key: str) -> int:
    return C.species_index(key)


def space(key: str) -> int:
    return C.space_index(key)


def place(key: str) -> int:
    """The action id of sending a worker to a Mainland space."""
    return IDS.space + space(key)


def fac(key: str) -> int:
    return next(f.index for f in C.facilities if f.key == key)


def card(key: str) -> int:
    return next(m.index for m in C.manipulation if m.key == key)


def news(number: int) -> int:
    return next(i for i, n in enumerate(C.news) if n.number == number)


def stage(name: str) -> int:
    return next(i for i, (n, _) in enumerate(rules.STAGES) if n == name)


def cell(name: str) -> int:
    return GEO.cell_names.index(name)


def edge(name: str) -> int:
    return GEO.edge_names.index(name)


def rect(*names: str) -> int:
    """The buildable pen (rectangle) covering exactly these park spaces."""
    cells = sum(1 << cell(n) for n in names)
    return next(i for i, (c, _, _) in enumerate(GEO.rectangles) if c == cells)


def get(s, seat: int, name: str) -> int:
    return s.get(seat, COUNTER[name])


def setr(s, seat: int, **values) -> None:
    for name, value in values.items():
        s.put(seat, COUNTER[name], value)


def pen(s, seat: int, *names: str) -> None:
    """Fences on every edge of a rectangle of park spaces (a pen already built)."""
    s.fence[seat] |= GEO.rectangles[rect(*names)][1]


def put(s, seat: int, key: str, where: str, flags: int = 0) -> int:
    """A dinosaur straight onto a park space; returns its index in the park."""
    s.dinos[seat] = (*s.dinos[seat], dinosaur_code(sp(key), cell(where), flags))
    return len(s.dinos[seat]) - 1


def build(s, seat: int, key: str, where: str | None = None, damaged: bool = False) -> int:
    """A facility tile from the City Center's supply (Basic Hotel stack, bag or stacks) into a park: on a park
    space, or on the next free commercial space; returns its position in the park."""
    f = fac(key)
    if C.facilities[f].stack:
        s.hotels_left -= 1
    elif f in s.bag:
        s.bag.remove(f)
    else:
        i = next(i for i, stack in enumerate(s.stacks) if f in stack)
        pile = list(s.stacks[i])
        pile.remove(f)
        s.stacks[i] = tuple(pile)
    at = cell(where) if where is not None else rules.commercial_free(s, seat)[0]
    s.facs[seat] = (*s.facs[seat], as_damaged(facility_code(f, at)) if damaged else facility_code(f, at))
    if at < COMMERCIAL:
        s.fcells[seat] |= 1 << at
    return len(s.facs[seat]) - 1


def empty_hands(s, seat: int) -> None:
    """The seat's DNA and Manipulation cards go back into their decks."""
    for k in range(K):
        s.dna_deck += [k] * s.dna[seat * K + k]
        s.dna[seat * K + k] = 0
    for m in range(M):
        s.manip_deck += [m] * s.manip[seat * M + m]
        s.manip[seat * M + m] = 0


def give(s, seat: int, key: str, n: int = 1) -> None:
    """DNA cards of a species from the deck (then the discard pile) into a hand."""
    k = sp(key)
    for _ in range(n):
        pile = s.dna_deck if k in s.dna_deck else s.dna_discard
        pile.remove(k)
        s.dna[seat * K + k] += 1


def give_card(s, seat: int, key: str) -> None:
    m = card(key)
    s.manip_deck.remove(m)
    s.manip[seat * M + m] += 1


def hand(s, seat: int) -> dict:
    return {C.species[k].key: s.dna[seat * K + k] for k in range(K) if s.dna[seat * K + k]}


def relist(s) -> None:
    s.relist()


def run(s) -> list:
    """After fields or tasks were set by hand: run what needs no decision, then list the legal actions."""
    events: list = []
    s.phase = rules.NONE
    rules.settle(s, events)
    relist(s)
    GAME.check_invariants(s)
    return events


def do_steps(s, seat: int, steps: tuple) -> list:
    """An effect run for a seat as the engine runs an action space's steps."""
    s.tasks.append(("steps", seat, steps, 0))
    return run(s)


def steer(s, *faces, die: tuple | None = None) -> None:
    """Sets the generator so that the next rolls of the rampage die (or of `die`) show these faces."""
    die = C.rampage_die if die is None else die
    for i in range(100_000):
        state = rng = seed_state(i)
        rolled = []
        for _ in faces:
            rng, roll = next_below(rng, len(die))
            rolled.append(die[roll])
        if tuple(rolled) == faces:
            s.rng = state
            return
    raise AssertionError(f"no generator state rolls {faces}")


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def damaged(s, seat: int) -> list[str]:
    return [C.facilities[facility_of(f)].key for f in s.facs[seat] if is_damaged(f)]


def broken(s, seat: int) -> list[str]:
    return [GEO.edge_names[e] for e in range(len(GEO.edges)) if s.broken[seat] >> e & 1]


def quiet(num_players=2, seed=1):
    """A new game at its first worker placement, every seat's hands emptied (no chance card in the way)."""
    s = fresh(num_players, seed)
    for p in range(num_players):
        empty_hands(s, p)
    relist(s)
    return s


T = GAME.tables
POLY = T.poly
EXPANSION_SPACES = ("site_d", "refinement", "hq")


def cc(num_players=2, seed=1):
    return GAME.new_game(num_players, seed, {"expansion": True})


def cc_quiet(num_players=2, seed=1):
    """An expansion game at its first worker placement, every seat's hands emptied."""
    s = cc(num_players, seed)
    for p in range(num_players):
        empty_hands(s, p)
    relist(s)
    return s


def give_kind(s, seat: int, kind: int, n: int = 1) -> None:
    """Cards of a kind (a species, or POLY) from the DNA or eDNA deck (then the discard pile) into a hand."""
    for _ in range(n):
        pile = next(p for p in (s.dna_deck, s.edna_deck, s.dna_discard) if kind in p)
        pile.remove(kind)
        s.dna[seat * K + kind] += 1


def hand_kinds(s, seat: int) -> list[int]:
    return [k for k in range(K) for _ in range(s.dna[seat * K + k])]


def slots(s, key: str) -> list[int]:
    i = space(key)
    return s.occ[s.slot0[i] : s.slot0[i] + C.spaces[i].slots]


def reveal(s, pos: int, key: str) -> None:
    """Puts a Large Facility tile face up at this place of the HQ offer (swapped with the pile or offer)."""
    f = fac(key)
    if s.large_offer[pos] == f:
        return
    if f in s.large_pile:
        j = s.large_pile.index(f)
        s.large_pile[j], s.large_offer[pos] = s.large_offer[pos], f
    else:
        j = s.large_offer.index(f)
        s.large_offer[j], s.large_offer[pos] = s.large_offer[pos], f


def large(s, seat: int, key: str, first: str | None = None, second: str | None = None, hurt: bool = False) -> int:
    """A Large Facility from the IntelliGen board (the HQ's Aquatic Habitat stack, the offer or the pile) into
    a park: on two park spaces, or on the next two free commercial spaces; returns its position."""
    f = fac(key)
    if C.facilities[f].hq_stack:
        s.habitats_left -= 1
    elif f in s.large_pile:
        s.large_pile.remove(f)
    else:
        s.large_offer[s.large_offer.index(f)] = s.large_pile.pop()
    if first is None:
        a, b = rules.commercial_free(s, seat, 2)
    else:
        a, b = cell(first), cell(second)
    s.facs[seat] = (*s.facs[seat], as_damaged(facility_code(f, a, b)) if hurt else facility_code(f, a, b))
    if a < COMMERCIAL:
        s.fcells[seat] |= 1 << a | 1 << b
    return len(s.facs[seat]) - 1


def hurt(s, seat: int, j: int) -> None:
    facs = list(s.facs[seat])
    facs[j] = as_damaged(facs[j])
    s.facs[seat] = tuple(facs)


def specialist(key: str) -> int:
    return next(x.index for x in C.specialists if x.key == key)


def hire(s, seat: int, key: str) -> None:
    """A specialist from wherever it waits (deck, Job Market, Independent Contractors) to a seat."""
    i = specialist(key)
    for pile in (s.spec_deck, s.job_market, s.contractors):
        if i in pile:
            pile.remove(i)
    s.put(seat, SPECIALISTS, s.get(seat, SPECIALISTS) | 1 << i)


def job_market(s, market: list[str], contractors: list[str]) -> None:
    """Sets the Job Market and the Independent Contractor stack (the others go back to the deck)."""
    s.spec_deck += s.job_market + s.contractors
    s.job_market.clear()
    s.contractors.clear()
    for key in market:
        s.spec_deck.remove(specialist(key))
        s.job_market.append(specialist(key))
    for key in contractors:
        s.spec_deck.remove(specialist(key))
        s.contractors.append(specialist(key))


def steer_upkeep(s, *faces) -> None:
    """Sets the generator so that the next rolls of the Upkeep die show these faces (DROWNING or a cost)."""
    steer(s, *faces, die=C.upkeep_die)


def hq_option(kind: str) -> int:
    """The action id of one of IntelliGen Designs HQ's three actions (large_facility, open_ocean, job_network)."""
    options = C.spaces[space("hq")].steps[0][1]
    return IDS.option + next(i for i, option in enumerate(options) if option[0][0] == kind)


def victim(key: str, where: str) -> int:
    return IDS.victim + sp(key) * GEO.num_cells + cell(where)


def kinds_of(s, seat: int) -> list[int]:
    return [species_of(d) for d in s.dinos[seat]]


SCENARIOS = ("CC1", "CC2", "CC3", "CC4", "CC5", "CC6", "CC7")
CHAOS = [i for i, n in enumerate(C.news) if n.chaos]
ELITES = {"dimetrodon": 2, "pachycephalosaurus": 2, "parasaurolophus": 2, "dreadnoughtus": 1}


def scen(key: str, seed: int = 1):
    return GAME.new_game(1, seed, {"scenario": key})


def modules(num_players: int = 1, seed: int = 1, **options):
    """An expansion game with the modules asked for, every seat's hands emptied."""
    s = GAME.new_game(num_players, seed, {"expansion": True, **options})
    for p in range(num_players):
        empty_hands(s, p)
    relist(s)
    return s


def next_season(s) -> None:
    """No more workers this Season: play on (first legal choice at any decision) to the next placement."""
    start = s.season
    for p in range(s.num_players):
        setr(s, p, workers=0)
    run(s)
    while s.season == start or s.phase != rules.PLACE:
        s.apply(s.legal_actions()[0])


def score_to(s, total: int) -> None:
    """Sets the VP track so that End Game Scoring counts exactly `total` (from a positive total: CC1 clamps)."""
    s.put(0, VP, 500)
    s.add(0, VP, total - scoring.breakdown(s, 0)["total"])
    assert scoring.breakdown(s, 0)["total"] == total


def placement_keys(s) -> list[str]:
    return [C.spaces[i].key for i in rules.placements(s, 0)]


def news_events(events) -> list[tuple]:
    return [(e.detail["name"], e.detail["chaos"]) for e in events if e.kind == "news"]


def _end(s, total: int):
    score_to(s, total)
    s.over = True
    return s.outcome()


COOP_BLOCKED = {"farm": 1, "uplink": 1, "agency": 1, "city_center": 1, "site_a": 1, "refinement": 2, "hq": 2}


def coop(seed: int = 1, hands: bool = True):
    """A co-op game at the branches' first shared turn. Synth's opening turn is left out (no dice rolled, its
    four workers at home), so that the board is as set up; with hands=False both branches' hands are emptied."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(synth_rules, "take_turn", lambda s, events: None)
        s = GAME.new_game(2, seed, {"coop": True})
    if not hands:
        for p in (0, 1):
            empty_hands(s, p)
    relist(s)
    return s


def synth(s, name: str) -> int:
    return s.get(SYNTH, {"credits": CREDITS, "goats": GOATS, "vp": VP, "scandals": SCANDALS}[name])


def synth_set(s, **values) -> None:
    index = {"credits": CREDITS, "goats": GOATS, "vp": VP, "scandals": SCANDALS, "visitors": VISITORS}
    for name, value in values.items():
        s.put(SYNTH, index[name], value)


def synth_workers(s) -> int:
    return s.get(SYNTH, WORKERS)


def synth_hand(s) -> tuple[int, int]:
    """Synth's DNA and Manipulation cards (it holds none)."""
    return sum(s.dna[SYNTH * K : SYNTH * K + K]), sum(s.manip[SYNTH * M : SYNTH * M + M])


def facility_keys(s, park: int) -> list[str]:
    return [C.facilities[facility_of(f)].key for f in s.facs[park]]


def synth_dinos(s) -> list[tuple[str, str]]:
    return [(C.species[species_of(d)].key, GEO.cell_names[cell_of(d)]) for d in s.dinos[SYNTH]]


def city(s, *keys: str) -> None:
    """The City Center's three drawn stacks (left to right after the Basic Hotels) hold one tile each, these;
    the tiles they held go back into the bag."""
    for pile in s.stacks:
        s.bag.extend(pile)
    for i, key in enumerate(keys):
        s.bag.remove(fac(key))
        s.stacks[i] = (fac(key),)


def deck_top(s, *keys: str) -> None:
    """These DNA cards on top of the standard deck, the first named drawn first."""
    for key in reversed(keys):
        k = sp(key)
        pile = s.dna_deck if k in s.dna_deck else s.dna_discard
        pile.remove(k)
        s.dna_deck.append(k)


def synth_turn(s, *faces: int) -> list:
    """One Synth turn with the rampage dice steered to these faces (more than two: its rerolls), then what it
    sets off and its end-of-turn clean-up."""
    steer(s, *faces)
    events: list = []
    synth_rules.take_turn(s, events)
    return events + run(s)


def synth_put(s, key: str, where: str) -> None:
    s.dinos[SYNTH] = (*s.dinos[SYNTH], dinosaur_code(sp(key), cell(where)))


def synth_facility(s, where: str) -> int:
    """Synth's facility on this park space (its position in the park)."""
    return next(j for j, f in enumerate(s.facs[SYNTH]) if first_place(f) == cell(where))


def score(s, seat: int, total: int) -> None:
    """Sets the VP track so that End Game Scoring counts exactly `total` for this park."""
    s.add(seat, VP, total - scoring.breakdown(s, seat)["total"])
    assert scoring.breakdown(s, seat)["total"] == total
