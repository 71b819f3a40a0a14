"""DinoGenics rules: the Season's steps, worker placement, the effect interpreter, rampages and damage.

The game runs as a stack of small tasks (`s.tasks`) and a list of Season steps (`STAGES`). `settle` runs
tasks and steps until one needs a decision: it then sets `s.phase`, `s.cur` and `s.ctx`, and
`legal_actions` / `step` answer that decision. Effects (action spaces, Manipulation cards, Breaking News)
are tuples of (kind, value) steps from content.toml, run one step at a time by `_run_step`.
"""

from __future__ import annotations

from functools import lru_cache

from dinotable.core.contract import Event
from dinotable.core.rng import next_below, shuffle
from dinotable.games.dinogenics import rampage
from dinotable.games.dinogenics.content import (
    CARNIVORE,
    COUNTS,
    CREDITS,
    DNA,
    DROWNING,
    EDNA,
    END_COUNTS,
    FACES,
    FATALITY,
    FENCES,
    GOATS,
    HERBIVORE,
    MANIPULATION,
    MAX_OPTIONS,
    MAX_PARK,
    NAIVE_VISITOR,
    REFINED,
    SCANDALS,
    SLASH,
    VISITORS,
    VP,
    Content,
)
from dinotable.games.dinogenics.park import OPEN, cells_of

# Per-seat counters in s.res (the first seven are the content's resources, in the same order), then
# workers, the specialists held (a bit per specialist) and whether the Private Airport was used this Season.
WORKERS = 7
SPECIALISTS = 8
AIRPORT_USED = 9
WIDTH = 10
SYNTH = 2  # the co-op's Synth park, after the West (0) and East (1) Branches

# Decisions.
NONE, PLACE, CHOOSE, CREATE, PICK, HABITAT, BUILD, FACILITY, FACILITY_CELL, REPAIR, TARGET = range(11)
CARD, OPPONENT, CITY, BONUS, MUTANT, OUTSOURCE, OVER = range(11, 18)
LARGE, LARGE_SPOT, OCEAN, JOB, DESTROY, GRAFT, MANIP_PAY = range(18, 25)
TEAM_ORDER, SHARE, FAC_PARK, GIFT = range(25, 29)  # the co-op's
PHASE_NAMES = (
    "running",
    "place a worker",
    "choose an option",
    "create a dinosaur",
    "pick DNA cards",
    "place the dinosaur",
    "build pens",
    "buy a facility",
    "place the facility",
    "repair a structure",
    "choose the damaged structure",
    "play a Manipulation card",
    "choose an opponent",
    "choose at the City Center",
    "take bonus visitors",
    "feed a mutant",
    "choose the action to outsource",
    "game over",
    "buy a large facility",
    "place the large facility",
    "pay for the Plesiosaurus",
    "claim a specialist",
    "destroy a dinosaur",
    "graft more DNA",
    "discard Manipulation cards",
    "choose which branch places first",
    "place a shared visitor",
    "choose the park for the facility",
    "gift cards at the docks",
)
# What a PICK decision picks DNA cards for.
MUTANT_SET, KEEP, BONEYARD, BUY, SELL, DISCARD, SET, REFINE = range(8)
PICK_NAMES = (
    "for the mutant",
    "to keep",
    "from the Boneyard",
    "to buy",
    "to sell",
    "to discard",
    "for the set",
    "to refine",
)
# Why a dinosaur is destroyed (DESTROY decisions): the Spinosaurus placed, a Mosasaur not fed.
SPINO, TERROR = range(2)
# City Center choices, and the three kinds each may be taken once.
FENCE_CHOICE, FACILITY_CHOICE, REPAIR_CHOICE, BUY_CHOICE, SELL_CHOICE = range(5)
CITY_NAMES = ("Gain 3 fences", "Buy a facility", "Repair a structure", "Buy DNA", "Sell DNA")
CITY_KIND = (1, 2, 2, 4, 4)
FREE_REPAIR = 99  # a repair discount no price reaches (as Renovation's `repair = 99`)

# A dinosaur is species | cell << CELL | flags << FLAGS (a species index in 5 bits, a park cell in 4).
SPECIES, CELL, FLAGS = 31, 5, 9
# SPARED: a Mosasaur that need not be fed this Upkeep (Terror); ASKED: its owner has chosen.
RAMPAGED, NEW, HUNGRY, SPARED, ASKED = 1, 2, 4, 8, 16
# A facility is type | place << 6 | damaged << 11 | (second place + 1) << 12 for a large one; places
# below COMMERCIAL are park cells (at most 16), from COMMERCIAL on the commercial sector's spaces.
COMMERCIAL = MAX_PARK
DAMAGED = 1 << 11
SECOND = 12
CRASH = -3  # a worker space under a Crash Token (-2: a blocking token, -1: free)
DOME = 100  # habitat key of a Biodome: DOME + its cell
DRAWN_STACKS = 3  # the City Center's 2nd-4th facility stacks, drawn from the bag (the 1st: Basic Hotels)


class ActionIds:
    """The action-id layout: one block per kind of decision."""

    def __init__(self, c: Content, geo) -> None:
        self.done = 0
        self.space = 1
        self.species = self.space + len(c.spaces)
        self.dna = self.species + len(c.species)  # DNA card kinds: species, then Polymorphic DNA
        self.cell = self.dna + c.kinds
        self.pen = self.cell + geo.num_cells
        self.stack = self.pen + len(geo.rectangles)
        self.max_facilities = geo.num_cells + c.numbers["commercial_spaces"]
        self.struct = self.stack + 1 + DRAWN_STACKS  # facilities by position, then fences by edge
        self.manip = self.struct + self.max_facilities + len(geo.edges)
        self.seat = self.manip + len(c.manipulation)
        self.menu = self.seat + c.numbers["max_players"]
        self.option = self.menu + len(CITY_NAMES)
        self.refined = self.option + MAX_OPTIONS  # a Refined DNA token in a set
        self.large = self.refined + 1  # the HQ's Aquatic Habitat stack, then the revealed Large Facilities
        self.spot = self.large + 1 + c.numbers["large_offer"]  # a park cell * 2 + 1 if the tile runs down
        self.specialist = self.spot + 2 * geo.num_cells
        self.victim = self.specialist + len(c.specialists)  # a dinosaur: species * cells + cell
        self.airport = self.victim + len(c.species) * geo.num_cells
        self.docks = self.airport + 1  # the co-op: a worker to the other branch's docks
        self.total = self.docks + 1


class Tables:
    """Species traits and facility facts looked up on every decision, indexed once."""

    def __init__(self, c: Content) -> None:
        trait = {sp.trait: sp.index for sp in c.species}
        self.bronto = trait["open_space"]
        self.anky = trait["shares_any"]
        self.ptero = trait["biodome"]
        self.trex = trait["two_rampage_dice"]
        self.stego = trait["credit_each_upkeep"]
        self.raptor = trait["claw_kills_extra"]
        self.trike = trait["value_per_pair"]
        self.mutant = trait["breeds_on_two_goats"]
        self.pen = tuple(sp.pen for sp in c.species)
        self.vp = tuple(sp.vp for sp in c.species)
        self.eats_goats = tuple(sp.diet == CARNIVORE and sp.goats > 0 for sp in c.species)
        self.carnivore = tuple(sp.diet == CARNIVORE for sp in c.species)
        self.herbivore = tuple(sp.diet == HERBIVORE for sp in c.species)
        self.with_dna = tuple(k for k, n in enumerate(c.dna_deck) if n or c.edna_deck[k])
        self.hotel = next(f.index for f in c.facilities if f.stack)
        self.poly = len(c.species)  # the Polymorphic DNA card kind
        self.aquatic = tuple(sp.aquatic for sp in c.species)
        # A card kind's deck: True for eDNA (aquatic species and Polymorphic DNA).
        self.edna = tuple(bool(n) for n in c.edna_deck)
        self.galli = trait.get("simple_genome", -1)
        self.theri = trait.get("tree_harvester", -1)
        self.mosa = trait.get("terror", -1)
        self.spino = trait.get("aquatic_hunter", -1)
        self.para = trait.get("pleasing_harmonics", -1)
        self.dimetro = trait.get("beach_dweller", -1)
        self.dread = trait.get("awe_inspiring", -1)
        self.pachy = trait.get("destructive_entertainment", -1)
        self.corrupted = trait.get("corrupted", -1)
        self.city = c.space_index("city_center")
        self.hq = c.space_index("hq")
        self.plesio = c.species_index("plesiosaurus") if any(sp.key == "plesiosaurus" for sp in c.species) else -1
        self.habitat_tile = next((f.index for f in c.facilities if f.hq_stack), -1)
        self.ferry = c.space_index("ferry")


# ------------------------------------------------------------------------------------------------------
# Solo scenarios


def workers_in(s, season: int) -> int:
    before, after = s.workers
    return after if season >= s.c.workers_from_season else before


def special(s, rule: str) -> bool:
    """Is this scenario special rule in force?"""
    return s.scenario is not None and rule in s.scenario.special


def scenario_setup(s) -> None:
    """A solo scenario's start: its pen (8 fences: a 2 x 2 pen in A1-B2; 4: a 1 x 1 pen in A1), its
    dinosaurs in that pen, its facilities (large ones first, on the first free spaces in reading order),
    its specialists."""
    sc, geo = s.scenario, s.geo
    seat = 0
    fences = sc.start["fences"]
    if fences:
        cells = {4: (0,), 8: (0, 1, geo.columns, geo.columns + 1)}[fences]
        mask = sum(1 << x for x in cells)
        rect = next(i for i, (c, _, _) in enumerate(geo.rectangles) if c == mask)
        s.fence[seat] = geo.rectangles[rect][1]
        s.res[seat * WIDTH + FENCES] -= bin(s.fence[seat]).count("1")
    for species in sc.dinosaurs:
        s.dinos[seat] = (*s.dinos[seat], species)  # on A1, inside the pen
    facilities = s.c.facilities
    for f, damaged in sorted(sc.facilities, key=lambda pair: not facilities[pair[0]].large):
        _start_facility(s, seat, f, damaged)
    for i in sc.specialists:
        s.spec_deck.remove(i)
        s.res[seat * WIDTH + SPECIALISTS] |= 1 << i


def _start_facility(s, park: int, f: int, damaged: bool = False) -> None:
    """A facility a park starts with, taken from the supply (its stack, the bag or the large pile) to the
    first free space in reading order (a large one: the first two side by side)."""
    fac, geo = s.c.facilities[f], s.geo
    if fac.stack:
        s.hotels_left -= 1
    elif fac.hq_stack:
        s.habitats_left -= 1
    elif fac.large:
        if f in s.large_offer:
            s.large_offer[s.large_offer.index(f)] = s.large_pile.pop() if s.large_pile else -1
        else:
            s.large_pile.remove(f)
    else:
        s.bag.remove(f)
    if fac.park and fac.large:
        cell, down = divmod(large_spots(s, park)[0], 2)
        _add_facility(s, park, f, cell, [], spot_second(geo, cell, down))
    elif fac.park:
        _add_facility(s, park, f, facility_cells(s, park)[0], [])
    else:
        free = _commercial_free(s, park, 2 if fac.large else 1)
        _add_facility(s, park, f, free[0], [], free[1] if fac.large else -1)
    if damaged:
        facs = list(s.facs[park])
        facs[-1] |= DAMAGED
        s.facs[park] = tuple(facs)


def _scenario_visitors(s, events) -> None:
    """A scenario's visitor rule, in place of Open Season steps 1-3."""
    sc, seat = s.scenario, 0
    if sc.visitors == "researchers":
        # Researchers with grant money: half the DNA cards in hand, rounded down, and as many credits.
        n = hand_size(s, seat) // 2
        s.res[seat * WIDTH + CREDITS] += n
    elif sc.visitors == "first_column":
        n = s.c.visitors[2][s.season][0]  # the Player 1 column of the two- and three-player overlay
    else:
        n = max(0, reputation(s, seat))
        if sc.visitors == "half_reputation":
            n //= 2
    _gain(s, seat, ((VISITORS, n),), events)
    season_visitor_perks(s, (seat,), events)  # no bonus pool: the Education Center has none to take


# ------------------------------------------------------------------------------------------------------
# Reading a park


def regions(s, seat: int):
    return s.geo.regions(s.fence[seat] & ~s.broken[seat], s.fcells[seat])


def places(code: int) -> tuple[int, ...]:
    """The spaces a facility covers: one, or two for a large facility."""
    second = code >> SECOND
    return ((code >> 6) & 31, second - 1) if second else ((code >> 6) & 31,)


def mark(s, seat: int, i: int, flag: int) -> None:
    """Sets a flag (RAMPAGED, SPARED, ASKED...) on the park's dinosaur at index i."""
    dinos = s.dinos[seat]
    s.dinos[seat] = (*dinos[:i], dinos[i] | flag << FLAGS, *dinos[i + 1 :])


def spot_second(geo, cell: int, down: bool) -> int:
    """A large facility's second space: right of its first, or below it."""
    return cell + (geo.columns if down else 1)


def facility_at(s, seat: int, cell: int) -> int:
    for code in s.facs[seat]:
        if (code >> 6) & 31 == cell or code >> SECOND == cell + 1:
            return code
    return -1


def perk(s, seat: int, name: str):
    """The sum (or, for a flag, whether any) of a perk over this seat's specialists."""
    held = s.res[seat * WIDTH + SPECIALISTS]
    if not held:
        return 0
    total = 0
    for sp in s.c.specialists:
        if held >> sp.index & 1:
            total += getattr(sp.perks, name)
    return total


def perk_list(s, seat: int, name: str) -> list:
    """A perk that is a tuple (upkeep gains), joined over this seat's specialists."""
    held = s.res[seat * WIDTH + SPECIALISTS]
    return [x for sp in s.c.specialists if held >> sp.index & 1 for x in getattr(sp.perks, name)]


def owns(s, seat: int, flag: str) -> bool:
    """Does this park have an undamaged facility with this (boolean or number) field?"""
    facilities = s.c.facilities
    return any(getattr(facilities[f & 63], flag) and not f & DAMAGED for f in s.facs[seat])


def room(s, seat: int) -> int:
    """Visitors the park can hold: the Visitor Center, every undamaged hotel, and specialists."""
    rooms = s.c.numbers["visitor_center"]
    facilities = s.c.facilities
    for code in s.facs[seat]:
        if not code & DAMAGED:
            rooms += facilities[code & 63].rooms
    return rooms + perk(s, seat, "rooms")


def hand_limit(s, seat: int) -> int:
    facilities = s.c.facilities
    limit = s.c.numbers["hand_limit"] + perk(s, seat, "hand_limit")
    return limit + sum(facilities[f & 63].hand_limit for f in s.facs[seat] if not f & DAMAGED)


def hand_size(s, seat: int) -> int:
    k = s.c.kinds
    return sum(s.dna[seat * k : seat * k + k])


def habitat_keys(s, seat: int, dinos: tuple | None = None) -> list[int]:
    """Each dinosaur's habitat: a pen (its area), a Biodome (DOME + cell) or OPEN. `dinos` stands in for
    the park's dinosaurs (to ask what a placement would do)."""
    area_of, areas = regions(s, seat)
    fcells = s.fcells[seat]
    keys = []
    for code in s.dinos[seat] if dinos is None else dinos:
        cell = (code >> CELL) & 15
        if fcells >> cell & 1:
            keys.append(DOME + cell)
        else:
            area = area_of[cell]
            keys.append(area if areas[area][1] else OPEN)
    return keys


def improper(s, seat: int, keys: list[int] | None = None, dinos: tuple | None = None) -> list[bool]:
    """For each dinosaur of the park (or of `dinos`): is its habitat improper (the quick reference's
    rampage list)?"""
    if dinos is None:
        dinos = s.dinos[seat]
    if not dinos:
        return []
    t = s.t
    if keys is None:
        keys = habitat_keys(s, seat, dinos)
    _, areas = regions(s, seat)
    groups: dict[int, list[int]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, []).append(i)
    bad = [False] * len(dinos)
    bronto, anky, ptero, dread = t.bronto, t.anky, t.ptero, t.dread
    for key, members in groups.items():
        kinds = [dinos[i] & SPECIES for i in members]
        if key == OPEN:
            # A Brontosaurus lives in open space, alone with its own species there (an Ankylosaurus may
            # share with it, though it is not enclosed itself). So does a Dreadnoughtus, which needs two
            # adjacent open spaces, and the two rampage together: open space is all connected.
            others = any(k != bronto and k != anky and k != dread for k in kinds)
            both = bronto in kinds and dread in kinds
            cramped = dread in kinds and not _two_open(s, seat)
            for i, k in zip(members, kinds, strict=True):
                bad[i] = (k != bronto and k != dread) or others or both or (k == dread and cramped)
            continue
        if key >= DOME:
            dome = facility_at(s, seat, key - DOME)
            if s.c.facilities[dome & 63].aquatic:
                # Aquatic dinosaurs were placed where they fit; a damaged habitat is what goes wrong.
                for i in members:
                    bad[i] = bool(dome & DAMAGED)
                continue
            fits = not dome & DAMAGED and len(members) <= 2
        else:
            fits = pen_need(s, seat, kinds) <= bin(areas[key][0]).count("1")
        mixed = len({k for k in kinds if k != anky}) > 1
        for i, k in zip(members, kinds, strict=True):
            penned = k == bronto or k == dread  # 'can never be penned'
            bad[i] = not fits or penned or (k == ptero and key < DOME) or (mixed and k != anky)
    return bad


def pen_need(s, seat: int, kinds: list[int]) -> int:
    """Pen spaces these dinosaurs need together: the sum of their minimums, or with the DNA Archivist's
    archived pairs, each two of a species as one."""
    pen = s.t.pen
    if perk(s, seat, "pair_space"):
        return sum(pen[k] * ((kinds.count(k) + 1) // 2) for k in set(kinds))
    return sum(pen[k] for k in kinds)


def archived(s, species: int) -> bool:
    """Is this a species the DNA Archivist's archived pairs give a mate: a land species, not the Mutant?"""
    return species != s.t.mutant and not s.t.aquatic[species]


def births(s, seat: int) -> list[tuple[int, int]]:
    """The DNA Archivist's births at the start of the next Upkeep, as (species, park space): a land species
    other than the Mutant with one dinosaur alone of its kind in the park gains a second beside it, the
    earliest placed first, while the supply has one and the habitat stays proper."""
    n = perk(s, seat, "births")
    if not n:
        return []
    out: list[tuple[int, int]] = []
    dinos = s.dinos[seat]
    kinds = [code & SPECIES for code in dinos]
    for code in dinos:
        k = code & SPECIES
        if len(out) == n:
            break
        if kinds.count(k) != 1 or not archived(s, k) or meeples_left(s, k) <= 0:
            continue
        cell = (code >> CELL) & 15
        trial = (*dinos, *(sp | c << CELL for sp, c in out), k | cell << CELL)
        if not improper(s, seat, dinos=trial)[-1]:
            out.append((k, cell))
    return out


def _two_open(s, seat: int) -> bool:
    """Does open space hold two side-adjacent park spaces (a Dreadnoughtus' valid habitat)?"""
    area_of, areas = regions(s, seat)
    columns, cells = s.geo.columns, s.geo.num_cells
    for cell in range(cells):
        area = area_of[cell]
        if area < 0 or areas[area][1]:
            continue
        for other in (cell + 1 if (cell + 1) % columns else -1, cell + columns):
            if 0 <= other < cells and area_of[other] >= 0 and not areas[area_of[other]][1]:
                return True
    return False


def dinosaur_value(s, seat: int, keys: list[int] | None = None) -> int:
    """The Dinosaur Value track: each dinosaur's VP, +1 per two Triceratops sharing a pen, from 0 to 30."""
    dinos = s.dinos[seat]
    t = s.t
    value = sum(t.vp[code & SPECIES] for code in dinos)
    if keys is None:
        keys = habitat_keys(s, seat)
    for code, key in zip(dinos, keys, strict=True):
        # Aquatic dinosaurs in a damaged habitat score nothing until it is repaired.
        if t.aquatic[code & SPECIES] and facility_at(s, seat, key - DOME) & DAMAGED:
            value -= t.vp[code & SPECIES]
    trikes: dict[int, int] = {}
    for code, key in zip(dinos, keys, strict=True):
        if code & SPECIES == t.trike and key != OPEN:
            trikes[key] = trikes.get(key, 0) + 1
    value += sum(n // 2 for n in trikes.values())
    # The track runs 0-30: CC1's Corrupted T-Rex (-2 VP, 'you cannot go below 0') cannot push it lower.
    return max(0, min(value, s.c.numbers["dinosaur_value_max"]))


def reputation(s, seat: int) -> int:
    species = s.c.species
    facilities = s.c.facilities
    rep = sum(species[code & SPECIES].reputation for code in s.dinos[seat])
    if s.t.dread >= 0:
        # Awe-Inspiring: a Dreadnoughtus' reputation is the current Season number.
        rep += s.season * sum(1 for code in s.dinos[seat] if code & SPECIES == s.t.dread)
    rep += sum(facilities[f & 63].reputation for f in s.facs[seat] if not f & DAMAGED)
    return rep + perk(s, seat, "reputation") - s.res[seat * WIDTH + SCANDALS]


def undamaged_facilities(s, seat: int) -> int:
    return sum(1 for f in s.facs[seat] if not f & DAMAGED)


def count(s, seat: int, what: int) -> int:
    """What a `per` step counts (content.COUNTS)."""
    name = COUNTS[what]
    dinos = s.dinos[seat]
    if name == "dinosaurs":
        return len(dinos)
    if name == "herbivores":
        return sum(1 for d in dinos if s.t.herbivore[d & SPECIES])
    if name == "carnivores":
        return sum(1 for d in dinos if s.t.carnivore[d & SPECIES])  # the Plesiosaurus too
    if name == "species":
        return len({d & SPECIES for d in dinos})
    if name == "facilities":
        return len(s.facs[seat])
    if name == "visitors":
        return s.res[seat * WIDTH + VISITORS]
    return sum(improper(s, seat))  # "improper"


def end_count(s, seat: int, what: int) -> int:
    """What an End Game bonus counts (content.END_COUNTS)."""
    if what < len(COUNTS):
        return count(s, seat, what)
    name = END_COUNTS[what]
    if name == "dna_cards":
        return hand_size(s, seat)
    if name == "aquatic":
        return sum(1 for d in s.dinos[seat] if s.t.aquatic[d & SPECIES])
    if name == "damaged":
        return sum(1 for f in s.facs[seat] if f & DAMAGED)
    if name == "empty_park":
        used = s.fcells[seat]
        for code in s.dinos[seat]:
            used |= 1 << ((code >> CELL) & 15)
        return s.geo.num_cells - bin(used).count("1")
    return max(0, reputation(s, seat))  # "reputation"


def bordering_species(s, seat: int, code: int, aquatic_only: bool) -> int:
    """Species in valid, undamaged habitats that share a side with this park facility: pens, Biodomes,
    Aquatic Habitats and open space (only Aquatic Habitats for `aquatic_only`)."""
    near = bordering(s, code)
    area_of, _ = regions(s, seat)
    keys = habitat_keys(s, seat)
    bad = improper(s, seat, keys)
    found = set()
    for d, key, wrong in zip(s.dinos[seat], keys, bad, strict=True):
        if wrong or (aquatic_only and not s.t.aquatic[d & SPECIES]):
            continue
        if key >= DOME:
            home = facility_at(s, seat, key - DOME)
            touching = any(near >> x & 1 for x in places(home)) and not home & DAMAGED
        else:
            # A pen or open space borders the facility when one of its cells does.
            touching = any(near >> x & 1 and area_of[x] == area_of[(d >> CELL) & 15] for x in range(s.geo.num_cells))
        if touching:
            found.add(d & SPECIES)
    return len(found)


# ------------------------------------------------------------------------------------------------------
# What can be done


def set_size(s, seat: int, species: int, short: int) -> int:
    """Cards in this seat's set for a species: its DNA, less `short`, 1 for a Gallimimus while the park
    has one (Simple Genome); never below 1."""
    if species == s.t.galli and any(code & SPECIES == species for code in s.dinos[seat]):
        return 1
    return max(1, s.c.species[species].dna - short)


def substitutes(s, seat: int) -> int:
    """Polymorphic DNA cards and Refined DNA tokens: each stands in for any card of a set."""
    return s.dna[seat * s.c.kinds + s.t.poly] + s.res[seat * WIDTH + REFINED]


def meeples_left(s, species: int) -> int:
    """Meeples of a species still in the supply: its count less those in every park (Synth's too)."""
    used = sum(1 for park in s.dinos for code in park if code & SPECIES == species)
    return s.c.species[species].meeples - used


def creatable(s, seat: int, short: int) -> list[int]:
    """Species this seat can create: a set in hand (see `makeable`) and a meeple left in the supply."""
    return [sp for sp in makeable(s, seat, short) if meeples_left(s, sp) > 0]


def out_of_meeples(s, seat: int, short: int) -> list[int]:
    """Species this seat holds a set for but cannot create: no meeple of theirs is left."""
    return [sp for sp in makeable(s, seat, short) if meeples_left(s, sp) <= 0]


def makeable(s, seat: int, short: int) -> list[int]:
    """Species this seat has a set for, with a set `short` cards short, and a habitat to put in: at least one
    card shows the species (a mutant: one card per species it shows), substitutes make up the rest."""
    c, t = s.c, s.t
    k = c.kinds
    hand = s.dna[seat * k : seat * k + len(c.species)]
    if not any(hand):
        return []
    subs = substitutes(s, seat)
    land = _has_habitat(s, seat)
    out = [
        sp
        for sp in t.with_dna
        if hand[sp]
        and hand[sp] + subs >= set_size(s, seat, sp, short)
        and (aquatic_room(s, seat, t.aquatic[sp]) if t.aquatic[sp] else land)
    ]
    if land and sum(1 for n in hand if n) + subs >= set_size(s, seat, t.mutant, short):
        out.append(t.mutant)
    return out


def aquatic_room(s, seat: int, size: int) -> list[int]:
    """Undamaged Aquatic Habitats (their first cell) with room for a dinosaur filling `size` spaces."""
    facilities = s.c.facilities
    out = []
    for f in s.facs[seat]:
        if facilities[f & 63].aquatic and not f & DAMAGED:
            cell = (f >> 6) & 31
            used = sum(s.t.aquatic[d & SPECIES] for d in s.dinos[seat] if (d >> CELL) & 15 == cell)
            if used + size <= facilities[f & 63].aquatic:
                out.append(cell)
    return out


def _has_habitat(s, seat: int) -> bool:
    """A park space without a facility (a pen or open space), or an undamaged Biodome."""
    if s.fcells[seat] != (1 << s.geo.num_cells) - 1:
        return True
    return any(s.c.facilities[f & 63].biodome and not f & DAMAGED for f in s.facs[seat])


def _habitats(s, seat: int, species: int) -> tuple[list[int], list[int]]:
    """Where a new dinosaur may go: (a cell standing for each pen, Biodome and open space; pens to build),
    or for an aquatic one the Aquatic Habitats with room."""
    if s.t.aquatic[species]:
        return aquatic_room(s, seat, s.t.aquatic[species]), []
    area_of, areas = regions(s, seat)
    facilities = s.c.facilities
    cells = []
    seen = set()
    open_cell = -1
    for cell, area in enumerate(area_of):
        if area < 0:
            code = facility_at(s, seat, cell)
            if facilities[code & 63].biodome and not code & DAMAGED:
                cells.append(cell)
        elif areas[area][1]:
            if area not in seen:
                seen.add(area)
                cells.append(cell)
        elif open_cell < 0:
            open_cell = cell
    if open_cell >= 0:
        cells.append(open_cell)
    return sorted(cells), buildable(s, seat)


def buildable(s, seat: int) -> list[int]:
    """Pens (rectangles) this seat can build now with the fences in its supply."""
    fences = s.res[seat * WIDTH + FENCES]
    if not fences:
        return []
    area_of, areas = regions(s, seat)
    free = 0  # cells in open space with no dinosaur standing on them
    for cell, area in enumerate(area_of):
        if area >= 0 and not areas[area][1]:
            free |= 1 << cell
    for code in s.dinos[seat]:
        free &= ~(1 << ((code >> CELL) & 15))
    built, broken = s.fence[seat], s.broken[seat]
    # Dinosaurs in open space must stay there: a new pen may not close a ring around one.
    loose = [(code >> CELL) & 15 for code in s.dinos[seat] if area_of[(code >> CELL) & 15] >= 0]
    loose = [cell for cell in loose if not areas[area_of[cell]][1]]
    out = []
    for i, (cells, perimeter, _) in enumerate(s.geo.rectangles):
        if cells & free == cells and not perimeter & broken:
            cost = bin(perimeter & ~built).count("1")
            if 0 < cost <= fences and not (loose and _encloses(s, seat, built | perimeter, loose)):
                out.append(i)
    return out


def _encloses(s, seat: int, fences: int, cells: list[int]) -> bool:
    area_of, areas = s.geo.regions(fences & ~s.broken[seat], s.fcells[seat])
    return any(areas[area_of[cell]][1] for cell in cells)


def facility_cells(s, seat: int) -> list[int]:
    """Open-space park cells with nothing on them, where a park facility may go."""
    area_of, areas = regions(s, seat)
    used = 0
    for code in s.dinos[seat]:
        used |= 1 << ((code >> CELL) & 15)
    return [cell for cell, a in enumerate(area_of) if a >= 0 and not areas[a][1] and not used >> cell & 1]


def large_spots(s, seat: int) -> tuple[int, ...]:
    """Where a large park facility may go: cell * 2 (with the cell to its right) or cell * 2 + 1 (with the
    cell below), both free open-space cells."""
    free = 0
    for cell in facility_cells(s, seat):
        free |= 1 << cell
    return _spots(s.geo, free)


@lru_cache(maxsize=1 << 12)
def _spots(geo, free: int) -> tuple[int, ...]:
    columns, cells = geo.columns, geo.num_cells
    out = []
    for cell in range(cells):
        if free >> cell & 1:
            if (cell + 1) % columns and free >> (cell + 1) & 1:
                out.append(cell * 2)
            if cell + columns < cells and free >> (cell + columns) & 1:
                out.append(cell * 2 + 1)
    return tuple(out)


def _commercial_free(s, seat: int, need: int = 1) -> list[int]:
    """The first `need` free commercial spaces, or [] if there are fewer."""
    used = {x for f in s.facs[seat] for x in places(f)}
    free = [COMMERCIAL + i for i in range(s.c.numbers["commercial_spaces"]) if COMMERCIAL + i not in used]
    return free[:need] if len(free) >= need else []


def can_place(s, seat: int, f: int) -> bool:
    fac = s.c.facilities[f]
    if fac.park:
        return bool(large_spots(s, seat) if fac.large else facility_cells(s, seat))
    return bool(_commercial_free(s, seat, 2 if fac.large else 1))


# Prices: the rules and the action texts read these same functions, so a text shows what is charged.
def facility_price(s, seat: int, f: int, discount: int) -> int:
    """A facility's price for this seat: its cost less the discount and the seat's specialists' (the Master
    Architect's), then doubled in CC6 at the City Center and the HQ."""
    if s.res[seat * WIDTH + SPECIALISTS]:
        discount += perk(s, seat, "facility_discount")
    return doubled(s, max(0, s.c.facilities[f].cost - discount))


def doubled(s, cost: int) -> int:
    """CC6: City Center and HQ actions cost double, discounts applied first."""
    return 2 * cost if s.doubled else cost


def offers(s, seat: int, discount: int, budget: int) -> list[int]:
    """City Center stacks (0 = Basic Hotels) whose top facility this seat can buy and place (in the co-op,
    also in the other branch's park, for 1 credit more)."""
    out = []
    fits: dict = {}  # (park, sector is park): room for a facility, looked up once

    def room_in(park: int, f: int) -> bool:
        key = (park, s.c.facilities[f].park)
        if key not in fits:
            fits[key] = can_place(s, park, f)
        return fits[key]

    for i in range(1 + DRAWN_STACKS):
        f = _stack_tile(s, i)
        if f < 0:
            continue
        price = facility_price(s, seat, f, discount)
        if price <= budget and room_in(seat, f) or s.coop and price + 1 <= budget and room_in(1 - seat, f):
            out.append(i)
    return out


def large_offers(s, seat: int, discount: int, budget: int) -> list[int]:
    """HQ offers (0: the Aquatic Habitat stack, 1-5: the revealed Large Facilities) this seat can buy and
    place (in the co-op, also in the other branch's park, for 1 credit more)."""
    out = []
    facilities = s.c.facilities
    room = {}  # (park, park sector or commercial): is there room for a large tile (looked up once)

    def fits(park: int, f: int) -> bool:
        key = (park, facilities[f].park)
        if key not in room:
            room[key] = can_place(s, park, f)
        return room[key]

    def buyable(f: int) -> bool:
        price = facility_price(s, seat, f, discount)
        if price <= budget and fits(seat, f):
            return True
        return s.coop and price + 1 <= budget and fits(1 - seat, f)

    if s.habitats_left and buyable(s.t.habitat_tile):
        out.append(0)
    for i, f in enumerate(s.large_offer):
        if f >= 0 and buyable(f):
            out.append(i + 1)
    return out


def repair_price(s, seat: int, struct: int, discount: int) -> int:
    """Repairing a structure (a facility by its position in the park, or max_facilities + a fence's edge):
    half the facility's cost rounded up, or the fence price, less the discount and the seat's specialists',
    doubled in CC6 at the City Center."""
    top = s.ids.max_facilities
    if struct >= top:
        cost = s.c.numbers["repair_fence"]
    else:
        cost = (s.c.facilities[s.facs[seat][struct] & 63].cost + 1) // 2
    return doubled(s, max(0, cost - discount - perk(s, seat, "repair_discount")))


def repairs(s, seat: int, discount: int, budget: int) -> list[int]:
    """Structure ids (facility positions, then fence edges) this seat can repair."""
    out = [i for i, f in enumerate(s.facs[seat]) if f & DAMAGED and repair_price(s, seat, i, discount) <= budget]
    if s.broken[seat]:
        base = s.ids.max_facilities
        edges = [base + e for e in range(len(s.geo.edges)) if s.broken[seat] >> e & 1]
        if repair_price(s, seat, edges[0], discount) <= budget:
            out += edges
    return out


def contractor_price(s) -> int:
    """The credits an Independent Contractor costs besides its Manipulation cards (doubled in CC6)."""
    return doubled(s, s.c.numbers["contractor_fee"])


def market_price(s) -> int:
    """A DNA card bought at the City Center's DNA Market (doubled in CC6)."""
    return doubled(s, s.c.numbers["market_buy"])


def playable(s, seat: int, budget: int | None = None) -> list[int]:
    if budget is None:
        budget = s.res[seat * WIDTH + CREDITS]
    return list(_playable(s, seat, budget))


def _playable(s, seat: int, budget: int):
    """The Manipulation cards in this seat's hand that it can play, one by one."""
    m = len(s.c.manipulation)
    cards = s.c.manipulation
    return (k for k in range(m) if s.manip[seat * m + k] and can(s, seat, cards[k].steps, budget))


def can(s, seat: int, steps: tuple, budget: int, depth: int = 0) -> bool:
    """Can this seat carry out these steps with `budget` credits (the rulebook's 'if you can' checks)?"""
    for kind, value in steps:
        if kind == "pay":
            budget -= value
            if budget < 0:
                return False
        elif kind == "gain":
            if all(res == VISITORS for res, _ in value) and s.res[seat * WIDTH + VISITORS] >= room(s, seat):
                return False  # 'gain a visitor if you have room'
        elif kind == "lose":
            if any(res == SCANDALS for res, _ in value) and not s.res[seat * WIDTH + SCANDALS]:
                return False  # discarding a Scandal needs one
        elif kind == "create":
            if not creatable(s, seat, value):
                return False
        elif kind == "draw_keep":
            if not (s.dna_deck or s.dna_discard):
                return False
        elif kind == "edna_keep":
            if not (s.edna_deck or any(s.t.edna[k] for k in s.dna_discard)):
                return False
        elif kind == "refine":
            if not hand_size(s, seat):
                return False
        elif kind == "open_ocean":
            if meeples_left(s, s.t.plesio) <= 0:
                return False  # no Plesiosaurus on the Open Ocean to roll for
        elif kind == "large_facility":
            if not large_offers(s, seat, value, budget):
                return False
        elif kind == "job_network":
            if not claimable(s, seat, budget):
                return False
        elif kind == "news_swap":
            if s.upcoming < 0 or not s.news_deck:
                return False
        elif kind == "boneyard":
            if not s.dna_discard:
                return False
        elif kind == "market_buy":
            if not s.market or value[1] > budget:
                return False
        elif kind == "market_sell":
            if not hand_size(s, seat):
                return False
        elif kind == "facility":
            if not offers(s, seat, value, budget):
                return False
        elif kind == "repair":
            if not repairs(s, seat, value, budget):
                return False
        elif kind == "play":
            # Is there any? (stops at the first)
            if next(_playable(s, seat, budget), None) is None:
                return False
        elif kind == "outsource":
            if depth or next(_outsourceable(s, seat, budget), None) is None:
                return False
        elif kind == "choose":
            if not any(can(s, seat, option, budget, depth) for option in value):
                return False
        elif kind in ("opponent", "each_opponent") and not opponents(s, seat):
            return False
    return True


def space_open(s, space: int) -> bool:
    sp = s.c.spaces[space]
    if sp.expansion and not s.expansion:
        return False
    if s.scenario and space in s.scenario.forbidden:
        return False  # a scenario's forbidden space, for Outsource too (designed)
    if sp.news:
        return s.active >= 0 and s.c.news[s.active].space == space
    return not (s.active >= 0 and s.c.news[s.active].closed == space)


def free_slot(s, space: int) -> int:
    first = s.slot0[space]
    for i in range(first, first + s.c.spaces[space].slots):
        if s.occ[i] == -1:
            return i
    return -1


def outsource_spaces(s, seat: int, budget: int) -> list[int]:
    """Mainland spaces whose action Outsource can take (occupied or not)."""
    return list(_outsourceable(s, seat, budget))


def _outsourceable(s, seat: int, budget: int):
    own = s.outsource
    return (
        sp.index
        for sp in s.c.spaces
        if not sp.news and sp.index != own and space_open(s, sp.index) and can(s, seat, sp.steps, budget, 1)
    )


def placements(s, seat: int) -> list[int]:
    budget = s.res[seat * WIDTH + CREDITS]
    # (CC6's doubled prices change no offer here: the City Center's fences and the HQ's Open Ocean roll
    # need no credits.)
    return [
        sp.index
        for sp in s.c.spaces
        if space_open(s, sp.index) and free_slot(s, sp.index) >= 0 and can(s, seat, sp.steps, budget)
    ]


def airport_open(s, seat: int) -> bool:
    """The Private Airport: once per Season, a worker there takes the Outsource action for free, even if
    Outsource is occupied."""
    return (
        not s.res[seat * WIDTH + AIRPORT_USED]
        and owns(s, seat, "airport")
        and bool(outsource_spaces(s, seat, s.res[seat * WIDTH + CREDITS]))
    )


def claimable(s, seat: int, budget: int) -> list[int]:
    """Specialists this seat can claim: from the Job Market for their Manipulation cards, or from the
    Independent Contractor stack for 2 credits more."""
    m = len(s.c.manipulation)
    cards = sum(s.manip[seat * m : seat * m + m])
    specialists = s.c.specialists
    out = [i for i in s.job_market if specialists[i].cost <= cards]
    out += [i for i in s.contractors if specialists[i].cost <= cards and contractor_price(s) <= budget]
    return sorted(out)


# ------------------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(s) -> list[int]:
    phase = s.phase
    ids = s.ids
    seat = s.cur
    if phase == PLACE:
        out = [ids.space + i for i in placements(s, seat)]
        if s.expansion and airport_open(s, seat):
            out.append(ids.airport)
        if s.coop and synth.docks_open(s, seat):
            out.append(ids.docks)
        return out
    if phase == CHOOSE:
        budget = s.res[seat * WIDTH + CREDITS]
        return [ids.option + i for i, option in enumerate(s.ctx[0]) if can(s, seat, option, budget)]
    if phase == CREATE:
        return [ids.species + k for k in creatable(s, seat, s.ctx[0])]
    if phase == PICK:
        return _pick_legal(s, seat)
    if phase == HABITAT:
        cells, pens = _habitats(s, seat, s.ctx[0])
        return [ids.cell + cell for cell in cells] + [ids.pen + i for i in pens]
    if phase == BUILD:
        return [ids.done] + [ids.pen + i for i in buildable(s, seat)]
    if phase == FACILITY:
        return [ids.stack + i for i in offers(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == FACILITY_CELL:
        return [ids.cell + cell for cell in facility_cells(s, s.ctx[1])]
    if phase == REPAIR:
        return [ids.struct + i for i in repairs(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == TARGET:
        return [ids.struct + j for j in damage_targets(s, seat, s.ctx[0])[0]]
    if phase == CARD:
        return [ids.manip + k for k in playable(s, seat)]
    if phase == OPPONENT:
        return [ids.seat + p for p in opponents(s, seat)]
    if phase == CITY:
        return [ids.done] + [ids.menu + i for i in _city_choices(s, seat, s.ctx[0])]
    if phase in (BONUS, MUTANT):
        return [ids.done, ids.option]
    if phase == OUTSOURCE:
        return [ids.space + i for i in outsource_spaces(s, seat, s.res[seat * WIDTH + CREDITS])]
    if phase == LARGE:
        return [ids.large + i for i in large_offers(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == LARGE_SPOT:
        return [ids.spot + x for x in large_spots(s, s.ctx[1])]
    if phase == OCEAN:
        can_pay = s.res[seat * WIDTH + CREDITS] >= s.ctx[0] and aquatic_room(s, seat, s.t.aquatic[s.t.plesio])
        return [ids.done, ids.option] if can_pay else [ids.done]
    if phase == JOB:
        return [ids.specialist + i for i in claimable(s, seat, s.res[seat * WIDTH + CREDITS])]
    if phase == DESTROY:
        # done: the Spinosaurus rolls the Upkeep die instead; a Mosasaur is fed as usual.
        return [ids.done] + [ids.victim + v for v in victims(s, seat, s.ctx[1])]
    if phase == GRAFT:
        goats = s.res[seat * WIDTH + GOATS]
        return [ids.done] + [ids.option + i for i in range(min(2, goats))]
    if phase == MANIP_PAY:
        m = len(s.c.manipulation)
        return [ids.manip + k for k in range(m) if s.manip[seat * m + k]]
    if phase == TEAM_ORDER:
        # Both branches could place when the choice was set; a copy determinized for one of them re-deals the
        # other's hands, which may leave it nowhere to go (then it stays home when asked again).
        return [ids.seat + b for b in (0, 1) if synth.can_place_worker(s, b)]
    if phase == SHARE:
        return [ids.seat + p for p in (0, 1) if s.res[p * WIDTH + VISITORS] < room(s, p)]
    if phase == FAC_PARK:
        return [ids.seat + p for p in (seat, 1 - seat) if p == seat or s.res[seat * WIDTH + CREDITS] >= 1]
    if phase == GIFT:
        k, m = s.c.kinds, len(s.c.manipulation)
        out = [ids.done]  # 'up to two cards'
        out += [ids.dna + kind for kind in range(k) if s.dna[seat * k + kind]]
        return out + [ids.manip + card for card in range(m) if s.manip[seat * m + card]]
    return []


def victims(s, seat: int, spare: int) -> list[int]:
    """Dinosaurs this seat may destroy, as species * cells + cell (alike ones on one cell are one choice),
    all but the one at index `spare` (-1: none spared)."""
    cells = s.geo.num_cells
    out = set()
    for i, code in enumerate(s.dinos[seat]):
        if i != spare:
            out.add((code & SPECIES) * cells + ((code >> CELL) & 15))
    return sorted(out)


def _pick_legal(s, seat: int) -> list[int]:
    purpose, left, arg, picked = s.ctx
    ids = s.ids
    k = s.c.kinds
    # Boneyard, buying and selling take at least one card, then may stop.
    done = [ids.done] if picked else []
    if purpose == KEEP:
        return [ids.dna + sp for sp in sorted(set(arg))]
    if purpose == BONEYARD:
        return done + [ids.dna + sp for sp in sorted(set(s.dna_discard))]
    if purpose == BUY:
        if s.res[seat * WIDTH + CREDITS] < arg:
            return done
        return done + [ids.dna + sp for sp in sorted(set(s.market))]
    hand = s.dna[seat * k : seat * k + k]
    held = [sp for sp in range(k) if hand[sp]]
    if purpose == SELL:
        return done + [ids.dna + sp for sp in held]
    if purpose not in (MUTANT_SET, SET):
        return [ids.dna + sp for sp in held]  # DISCARD, REFINE
    # A set: cards showing the species (a mutant: one per species), or substitutes, with at least one
    # card that shows the species.
    poly = s.t.poly
    if purpose == MUTANT_SET:
        real = [sp for sp in held if sp != poly and not arg >> sp & 1]
        shown = bin(arg).count("1")
    else:
        real = [arg] if hand[arg] else []
        shown = picked
    out = [ids.dna + sp for sp in real]
    subs = substitutes(s, seat)
    available = len(real) if purpose == MUTANT_SET else hand[arg]
    # A substitute now must leave enough cards and substitutes for the rest of the set, and a card showing
    # the species either already given or still to come.
    if subs and available + subs >= left and (shown or (available and left > 1)):
        if hand[poly]:
            out.append(ids.dna + poly)
        if s.res[seat * WIDTH + REFINED]:
            out.append(ids.refined)
    return out


def _city_choices(s, seat: int, used: int) -> list[int]:
    budget = s.res[seat * WIDTH + CREDITS]
    out = []
    if not used & 1:
        out.append(FENCE_CHOICE)
    if not used & 2:
        if offers(s, seat, 0, budget):
            out.append(FACILITY_CHOICE)
        if repairs(s, seat, 0, budget):
            out.append(REPAIR_CHOICE)
    exchange = s.expansion and owns(s, seat, "market_exchange")
    if not used & 4 and s.market and budget >= market_price(s):
        out.append(BUY_CHOICE)
    if not used & (8 if exchange else 4) and hand_size(s, seat):
        out.append(SELL_CHOICE)
    return out


# ------------------------------------------------------------------------------------------------------
# Decisions


def _decide(s, seat: int, phase: int, ctx: tuple = ()) -> None:
    s.phase, s.cur, s.ctx = phase, seat, ctx


def step(s, action: int, events: list) -> None:
    phase, seat, ctx, ids = s.phase, s.cur, s.ctx, s.ids
    s.phase = NONE
    if phase == PLACE:
        s.res[seat * WIDTH + WORKERS] -= 1
        _next_turn(s, seat)
    if phase == PLACE and action == ids.airport:
        s.res[seat * WIDTH + AIRPORT_USED] = 1
        events.append(_event("airport", seat))
        _decide(s, seat, OUTSOURCE)  # for free, even if Outsource is occupied
    elif phase == PLACE and action == ids.docks:
        s.docks_used |= 1 << (1 - seat)
        events.append(_event("docks", seat))
        _decide(s, seat, GIFT, (0,))
    elif phase == PLACE:
        space = action - ids.space
        s.occ[free_slot(s, space)] = seat
        events.append(_event("place", seat, space=s.c.spaces[space].key))
        _use_space(s, seat, space)
    elif phase == CHOOSE:
        s.tasks.append(("steps", seat, ctx[0][action - ids.option], 0))
    elif phase == CREATE:
        _create(s, seat, action - ids.species, ctx[0])
    elif phase == PICK:
        _pick(s, seat, action, events)
    elif phase == HABITAT:
        if action >= ids.pen:
            _build(s, seat, action - ids.pen, events)
            _decide(s, seat, HABITAT, ctx)
        else:
            _place_dinosaur(s, seat, ctx[0], action - ids.cell, ctx[1], events)
    elif phase == BUILD:
        if action != ids.done:
            _build(s, seat, action - ids.pen, events)
            _decide(s, seat, BUILD)
    elif phase == FACILITY:
        _buy_facility(s, seat, action - ids.stack, ctx[0], events)
    elif phase == FACILITY_CELL:
        _add_facility(s, ctx[1], ctx[0], action - ids.cell, events)
    elif phase == REPAIR:
        _repair(s, seat, action - ids.struct, ctx[0], events)
    elif phase == TARGET:
        _damage_facility(s, seat, action - ids.struct, events)
    elif phase == CARD:
        card = action - ids.manip
        s.manip[seat * len(s.c.manipulation) + card] -= 1
        s.manip_discard.append(card)
        events.append(_event("play", seat, card=s.c.manipulation[card].key))
        s.tasks.append(("steps", seat, s.c.manipulation[card].steps, 0))
    elif phase == OPPONENT:
        _affect(s, seat, action - ids.seat, ctx[0], events)
    elif phase == CITY:
        if action != ids.done:
            _city(s, seat, action - ids.menu, ctx[0])
    elif phase == BONUS:
        _bonus_answer(s, seat, action == ids.option, events)
    elif phase == MUTANT:
        if action == ids.option:
            s.res[seat * WIDTH + GOATS] -= mutant_goats(s, seat)
            s.tasks.append(("mutants", seat, ctx[0] - 1))
            s.tasks.append(("place", seat, s.t.mutant, NEW))
    elif phase == OUTSOURCE:
        space = action - ids.space
        events.append(_event("outsource", seat, space=s.c.spaces[space].key))
        _use_space(s, seat, space, direct=False)  # no worker goes to that space
    elif phase == LARGE:
        _buy_large(s, seat, action - ids.large, ctx[0], events)
    elif phase == LARGE_SPOT:
        cell, down = divmod(action - ids.spot, 2)
        _add_facility(s, ctx[1], ctx[0], cell, events, spot_second(s.geo, cell, down))
    elif phase == OCEAN:
        if action == ids.option:
            s.res[seat * WIDTH + CREDITS] -= ctx[0]
            s.tasks.append(("place", seat, s.t.plesio, 0))
        else:
            _lose_vp(s, seat, s.c.numbers["open_ocean_vp_loss"], events)
    elif phase == JOB:
        _claim(s, seat, action - ids.specialist, events)
    elif phase == DESTROY:
        _destroy_choice(s, seat, action, ctx, events)
    elif phase == GRAFT:
        if action != ids.done:
            n = action - ids.option + 1
            s.res[seat * WIDTH + GOATS] -= n
            for kind in _draw_dna(s, n, ctx[0]):
                s.dna[seat * s.c.kinds + kind] += 1
            events.append(_event("graft", seat, cards=n))
    elif phase == TEAM_ORDER:
        _decide(s, action - ids.seat, PLACE)
    elif phase == SHARE:
        p = action - ids.seat
        s.res[p * WIDTH + VISITORS] += 1
        if ctx[0] > 1:
            _decide(s, seat, SHARE, (ctx[0] - 1,))
            if not legal_actions(s):
                s.phase = NONE  # no room left in either park
    elif phase == FAC_PARK:
        target = action - ids.seat
        if target != seat:
            s.res[seat * WIDTH + CREDITS] -= 1  # 'spend one additional credit to place it in the other park'
        _place_bought(s, seat, target, ctx[0], events)
    elif phase == GIFT:
        synth.gift(s, seat, action, ctx[0], events)
    elif phase == MANIP_PAY:
        card = action - ids.manip
        s.manip[seat * len(s.c.manipulation) + card] -= 1
        s.manip_discard.append(card)
        if ctx[0] > 1:
            _decide(s, seat, MANIP_PAY, (ctx[0] - 1,))


def _use_space(s, seat: int, space: int, direct: bool = True) -> None:
    steps = s.c.spaces[space].steps
    if s.active >= 0:
        bonus = s.c.news[s.active].bonus
        if bonus and bonus[0] == space:
            steps = steps + (("gain", bonus[1]),)
    if s.res[seat * WIDTH + SPECIALISTS]:
        for sp in s.c.specialists:
            bonus = sp.perks.space_bonus
            if bonus and bonus[0] == space and s.res[seat * WIDTH + SPECIALISTS] >> sp.index & 1:
                steps = steps + (("gain", bonus[1]),)
    if direct and space == s.t.ferry and s.expansion and owns(s, seat, "ferry_visitor"):
        steps = steps + (("gain", ((VISITORS, 1),)),)  # the Hotel Resort
    if special(s, "double_costs") and space in (s.t.city, s.t.hq):
        s.tasks.append(("undouble",))  # once this space's action is over
        s.doubled = True
    s.tasks.append(("steps", seat, steps, 0))


def _event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


# ------------------------------------------------------------------------------------------------------
# The effect interpreter


# Steps that ask for a decision; one that cannot be done when its turn comes is skipped.
_DECISIONS = frozenset(
    (
        "repair",
        "facility",
        "large_facility",
        "create",
        "refine",
        "job_network",
        "play",
        "outsource",
        "market_sell",
        "market_buy",
        "boneyard",
        "draw_keep",
        "edna_keep",
        "choose",
        "news_swap",
        "open_ocean",  # no Plesiosaurus meeple left to roll for
    )
)


def _run_steps(s, task, events) -> None:
    _, seat, steps, i = task
    if i >= len(steps):
        return
    s.tasks.append(("steps", seat, steps, i + 1))
    kind, value = steps[i]
    res = s.res
    base = seat * WIDTH
    if kind in _DECISIONS and not can(s, seat, ((kind, value),), res[base + CREDITS]):
        return  # an earlier step used up what this one needed (two repairs, one damaged structure)
    if kind == "gain":
        _gain(s, seat, value, events)
    elif kind == "lose":
        _lose(s, seat, value, events)
    elif kind == "pay":
        res[base + CREDITS] -= value
    elif kind in ("draw_keep", "edna_keep"):
        edna = kind == "edna_keep"
        drawn = tuple(_draw_dna(s, value[0], edna))
        if drawn:
            s.tasks.append(("limit", seat))
            s.tasks.append(("graft", seat, edna))
            _decide(s, seat, PICK, (KEEP, min(value[1], len(drawn)), drawn, 0))
    elif kind == "refine":
        _decide(s, seat, PICK, (REFINE, 1, 0, 0))
    elif kind == "large_facility":
        _decide(s, seat, LARGE, (value,))
    elif kind == "open_ocean":
        _open_ocean(s, seat, events)
    elif kind == "job_network":
        _decide(s, seat, JOB)
    elif kind == "news_swap":
        s.news_deck.insert(0, s.upcoming)  # to the bottom: cards are drawn from the end
        s.upcoming = s.news_deck.pop()
        events.append(_event("news_swap", seat))
        s.tasks.append(("chaos",))
    elif kind == "boneyard":
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card taken
        _decide(s, seat, PICK, (BONEYARD, value, 0, 0))
    elif kind == "create":
        _decide(s, seat, CREATE, (value,))
    elif kind == "build":
        _decide(s, seat, BUILD)
    elif kind == "facility":
        _decide(s, seat, FACILITY, (value,))
    elif kind == "repair":
        _decide(s, seat, REPAIR, (value,))
    elif kind == "market_buy":
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card taken
        _decide(s, seat, PICK, (BUY, value[0], value[1], 0))
    elif kind == "market_sell":
        _decide(s, seat, PICK, (SELL, value[0], value[1], 0))
    elif kind == "play":
        _decide(s, seat, CARD)
    elif kind == "outsource":
        _decide(s, seat, OUTSOURCE)
    elif kind == "city_center":
        s.tasks.append(("city", seat, 0))
    elif kind == "choose":
        _decide(s, seat, CHOOSE, (value,))
    elif kind == "opponent":
        _decide(s, seat, OPPONENT, (value,))
    elif kind == "each_opponent":
        for p in opponents(s, seat):
            _affect(s, seat, p, value, events)
    elif kind == "per":
        what, gains, top = value
        n = min(count(s, seat, what), top)
        if n:
            _gain(s, seat, tuple((r, a * n) for r, a in gains), events)
    elif kind == "rampage":
        for i, code in enumerate(s.dinos[seat]):
            if code & SPECIES == value and not (code >> FLAGS) & RAMPAGED:
                s.tasks.append(("rampage", seat, i))
                break
    elif kind == "refresh_market":
        s.dna_discard.extend(s.market)
        s.market.clear()
        _refill_market(s)


def _gain(s, seat: int, gains: tuple, events) -> None:
    base = seat * WIDTH
    if s.coop and seat == SYNTH:
        # 'Synth plays mostly like a player but does not gain credits or cards.'
        gains = tuple((r, n) for r, n in gains if r not in (CREDITS, DNA, EDNA, MANIPULATION))
    for r, n in gains:
        if r in (DNA, EDNA):
            k = s.c.kinds
            for sp in _draw_dna(s, n, r == EDNA):
                s.dna[seat * k + sp] += 1
            s.tasks.append(("limit", seat))
            s.tasks.append(("graft", seat, r == EDNA))
        elif r == MANIPULATION:
            m = len(s.c.manipulation)
            for card in _draw_manipulation(s, n):
                s.manip[seat * m + card] += 1
        elif r == VISITORS:
            n = min(n, room(s, seat) - s.res[base + VISITORS])
            if n > 0:
                s.res[base + VISITORS] += n
                if special(s, "damaged_scandals"):
                    # CC5: a Scandal for every two damaged facilities, each time visitors arrive.
                    _scandal(s, seat, sum(1 for f in s.facs[seat] if f & DAMAGED) // 2, events)
        elif r == SCANDALS:
            _scandal(s, seat, n, events)
        else:
            s.res[base + r] += n


def _lose(s, seat: int, losses: tuple, events) -> list[int]:
    """Take away what there is; returns the cards lost (species or Manipulation kinds), for steal."""
    base = seat * WIDTH
    taken = []
    for r, n in losses:
        if r in (DNA, MANIPULATION):
            width = s.c.kinds if r == DNA else len(s.c.manipulation)
            hand = s.dna if r == DNA else s.manip
            for _ in range(n):
                cards = [k for k in range(width) for _ in range(hand[seat * width + k])]
                if not cards:
                    break
                s.rng, j = next_below(s.rng, len(cards))
                hand[seat * width + cards[j]] -= 1
                taken.append(cards[j])
                (s.manip_discard if r == MANIPULATION else s.dna_discard).append(cards[j])
        else:
            n = min(n, s.res[base + r])
            s.res[base + r] -= n
            taken.append(n)
    return taken


def opponents(s, seat: int) -> list[int]:
    """Those a card's 'opponent' may be: the other seats; in the co-op only Synth (the two branches are not
    opponents for Manipulation cards)."""
    if s.coop:
        return [SYNTH]
    return [p for p in range(s.num_players) if p != seat]


def _affect(s, seat: int, target: int, effect: tuple, events) -> None:
    """An opponent gains, loses, or has taken from it (steal), as a card says. Synth takes no benefit but
    every penalty."""
    gains, losses, steals = effect
    if target == SYNTH and s.coop:
        gains = ()
    if gains:
        _gain(s, target, gains, events)
    if losses:
        _lose(s, target, losses, events)
    for r, n in steals:
        taken = _lose(s, target, ((r, n),), events)
        if r == MANIPULATION:
            for card in taken:
                s.manip_discard.pop()  # the card changes hands instead of being discarded
                s.manip[seat * len(s.c.manipulation) + card] += 1
        elif r == DNA:
            for sp in taken:
                s.dna_discard.pop()
                s.dna[seat * s.c.kinds + sp] += 1
            s.tasks.append(("limit", seat))
            if taken:
                s.tasks.append(("graft", seat, s.t.edna[taken[-1]]))
        else:
            s.res[seat * WIDTH + r] += taken[0]
    events.append(_event("affect", seat, target=target))


def _scandal(s, seat: int, n: int, events) -> None:
    if n > 0 and special(s, "double_scandals"):
        n *= 2  # CC4: 'Anytime you would gain a scandal, gain 2 instead.'
    if n > 0:
        s.res[seat * WIDTH + SCANDALS] += n
        events.append(_event("scandal", seat, scandals=n))


def _draw_dna(s, n: int, edna: bool = False) -> list[int]:
    """Draw from the DNA deck, or the eDNA deck; an empty deck is made again from the discards of its
    own kind (the two decks share the discard pile, the Boneyard)."""
    out = []
    deck = s.edna_deck if edna else s.dna_deck
    for _ in range(n):
        if not deck:
            mine = [k for k in s.dna_discard if s.t.edna[k] == edna]
            if not mine:
                break
            s.dna_discard[:] = [k for k in s.dna_discard if s.t.edna[k] != edna]
            deck.extend(mine)
            s.rng = shuffle(s.rng, deck)
        out.append(deck.pop())
    return out


def _draw_manipulation(s, n: int) -> list[int]:
    out = []
    for _ in range(n):
        if not s.manip_deck:
            if not s.manip_discard:
                break
            s.manip_deck, s.manip_discard = s.manip_discard, []
            s.rng = shuffle(s.rng, s.manip_deck)
        out.append(s.manip_deck.pop())
    return out


def _refill_market(s) -> None:
    need = s.market_size - len(s.market)
    if need > 0:
        s.market.extend(_draw_dna(s, need))


# ------------------------------------------------------------------------------------------------------
# DNA cards


def _pick(s, seat: int, action: int, events) -> None:
    purpose, left, arg, picked = s.ctx
    ids = s.ids
    k = s.c.kinds
    if action == ids.done:
        return
    if purpose in (SET, MUTANT_SET):
        _pick_set(s, seat, action, events)
        return
    sp = action - ids.dna
    if purpose == KEEP:
        drawn = list(arg)
        drawn.remove(sp)
        s.dna[seat * k + sp] += 1
        if left > 1 and drawn:
            _decide(s, seat, PICK, (KEEP, left - 1, tuple(drawn), 0))
        else:
            s.dna_discard.extend(drawn)
        return
    if purpose == BONEYARD:
        s.dna_discard.remove(sp)
        s.dna[seat * k + sp] += 1
        s.last_edna = s.t.edna[sp]
    elif purpose == BUY:
        s.market.remove(sp)
        _refill_market(s)
        s.dna[seat * k + sp] += 1
        s.res[seat * WIDTH + CREDITS] -= arg
        s.last_edna = s.t.edna[sp]  # bought eDNA: the Gene Grafting Lab draws eDNA
    elif purpose == SELL:
        s.dna[seat * k + sp] -= 1
        _sell_to_market(s, sp)
        s.res[seat * WIDTH + CREDITS] += arg
    elif purpose in (DISCARD, REFINE):
        s.dna[seat * k + sp] -= 1
        s.dna_discard.append(sp)
        if purpose == REFINE:
            s.res[seat * WIDTH + REFINED] += 1
    if left > 1:
        _decide(s, seat, PICK, (purpose, left - 1, arg, 1))
        # An optional pick with nothing left to pick ends by itself.
        if purpose in (BONEYARD, BUY, SELL) and len(_pick_legal(s, seat)) <= 1:
            s.phase = NONE


def _sell_to_market(s, kind: int) -> None:
    """A sold card goes face up into the DNA Market, so that sold eDNA can be bought there ('eDNA ... can be
    bought/sold on the DNA Market'); a Market already full lets its card there longest go to the discard
    pile (designed: 'cards sold to the DNA Market')."""
    full = len(s.market) >= s.market_size
    s.market.append(kind)
    if full:
        s.dna_discard.append(s.market.pop(0))


def _pick_set(s, seat: int, action: int, events) -> None:
    """One card (or Refined DNA token) of a set; the dinosaur is placed once the set is complete."""
    purpose, left, arg, shown = s.ctx
    ids, k = s.ids, s.c.kinds
    if action == ids.refined:
        s.res[seat * WIDTH + REFINED] -= 1
    else:
        kind = action - ids.dna
        s.dna[seat * k + kind] -= 1
        s.dna_discard.append(kind)
        if kind != s.t.poly:
            if purpose == MUTANT_SET:
                arg |= 1 << kind
            else:
                shown += 1
    if left > 1:
        _decide(s, seat, PICK, (purpose, left - 1, arg, shown))
    else:
        s.tasks.append(("place", seat, s.t.mutant if purpose == MUTANT_SET else arg, 0))


def _limit(s, task, events) -> None:
    seat = task[1]
    over = hand_size(s, seat) - hand_limit(s, seat)
    if over > 0:
        _decide(s, seat, PICK, (DISCARD, over, 0, 0))


def _create(s, seat: int, species: int, short: int) -> None:
    n = set_size(s, seat, species, short)
    if species == s.t.mutant:
        _decide(s, seat, PICK, (MUTANT_SET, n, 0, 0))
        return
    if substitutes(s, seat):
        _decide(s, seat, PICK, (SET, n, species, 0))  # which cards and tokens make the set
        return
    s.dna[seat * s.c.kinds + species] -= n
    s.dna_discard.extend([species] * n)
    s.tasks.append(("place", seat, species, 0))


def _place_task(s, task, events) -> None:
    _, seat, species, flags = task
    _decide(s, seat, HABITAT, (species, flags))


def _place_dinosaur(s, seat: int, species: int, cell: int, flags: int, events, kind: str = "") -> None:
    sp = s.c.species[species]
    if sp.on_placement:
        _gain(s, seat, sp.on_placement, events)  # received once, right before it is added
    if species == s.t.dimetro:
        # Beach Dweller: 2 VP for each Aquatic Habitat tile beside its habitat (its pen's spaces, or its
        # Biodome's).
        area_of, areas = regions(s, seat)
        pen = area_of[cell] >= 0 and areas[area_of[cell]][1]
        home = [x for x in range(s.geo.num_cells) if area_of[x] == area_of[cell]] if pen else [cell]
        near = {other for x in home for _, other in s.geo.sides[x] if other >= 0}
        tiles = sum(1 for f in s.facs[seat] if s.c.facilities[f & 63].aquatic and any(x in near for x in places(f)))
        s.res[seat * WIDTH + VP] += 2 * tiles
    s.dinos[seat] = (*s.dinos[seat], species | cell << CELL | flags << FLAGS)
    kind = kind or ("breed" if flags & NEW else "create")
    events.append(_event(kind, seat, species=sp.key, cell=s.geo.cell_names[cell]))
    if sp.aquatic:
        if species == s.t.spino:
            # Aquatic Hunter: destroy a dinosaur of the park, or an Upkeep die check.
            _decide(s, seat, DESTROY, (SPINO, len(s.dinos[seat]) - 1))
        return  # aquatic dinosaurs make no placement check
    # The rampage check on placement: the new dinosaur and those sharing its area.
    keys = habitat_keys(s, seat)
    bad = improper(s, seat, keys)
    mine = keys[-1]
    for i in range(len(keys) - 1, -1, -1):
        code = s.dinos[seat][i]
        if bad[i] and keys[i] == mine and not (code >> FLAGS) & RAMPAGED and code & SPECIES != s.t.corrupted:
            s.tasks.append(("rampage", seat, i))  # (a Corrupted T-Rex ignores placement checks)


# ------------------------------------------------------------------------------------------------------
# Fences and facilities


def _build(s, seat: int, rect: int, events) -> None:
    _, perimeter, _ = s.geo.rectangles[rect]
    new = perimeter & ~s.fence[seat]
    s.res[seat * WIDTH + FENCES] -= bin(new).count("1")
    s.fence[seat] |= new
    events.append(_event("pen", seat, cells=[s.geo.cell_names[c] for c in cells_of(s.geo.rectangles[rect][0])]))


def _buy_facility(s, seat: int, stack: int, discount: int, events) -> None:
    f = _take_from_stack(s, stack)
    s.res[seat * WIDTH + CREDITS] -= facility_price(s, seat, f, discount)
    _which_park(s, seat, f, events)


def _which_park(s, seat: int, f: int, events) -> None:
    """A facility just bought (at the City Center or the HQ) goes into the buyer's park; in the co-op, 'the
    player may spend one additional credit to place it in the other player's park instead'."""
    other = 1 - seat
    if s.coop and s.res[seat * WIDTH + CREDITS] >= 1 and can_place(s, other, f):
        if can_place(s, seat, f):
            _decide(s, seat, FAC_PARK, (f,))  # this park, or the other for 1 credit more
        else:
            s.res[seat * WIDTH + CREDITS] -= 1
            _place_bought(s, seat, other, f, events)
        return
    _place_bought(s, seat, seat, f, events)


def _place_bought(s, seat: int, park: int, f: int, events) -> None:
    """A bought facility goes into `park`: the buyer chooses its park space (or spaces), or it takes the
    first free commercial space (or two)."""
    fac = s.c.facilities[f]
    if fac.park:
        _decide(s, seat, LARGE_SPOT if fac.large else FACILITY_CELL, (f, park))
    elif fac.large:
        first, second = _commercial_free(s, park, 2)
        _add_facility(s, park, f, first, events, second)
    else:
        _add_facility(s, park, f, _commercial_free(s, park)[0], events)


def _add_facility(s, seat: int, f: int, place: int, events, second: int = -1) -> None:
    fac = s.c.facilities[f]
    s.facs[seat] = (*s.facs[seat], f | place << 6 | (second + 1) << SECOND)
    if place < COMMERCIAL:
        s.fcells[seat] |= 1 << place | (1 << second if second >= 0 else 0)
    events.append(_event("facility", seat, facility=fac.key))
    if fac.on_placement:
        _gain(s, seat, fac.on_placement, events)
        if any(r == FENCES for r, _ in fac.on_placement) and not (s.coop and seat == SYNTH):
            s.tasks.append(("steps", seat, (("build", True),), 0))


def _repair(s, seat: int, struct: int, discount: int, events) -> None:
    s.res[seat * WIDTH + CREDITS] -= repair_price(s, seat, struct, discount)
    top = s.ids.max_facilities
    if struct >= top:
        s.broken[seat] &= ~(1 << (struct - top))
    else:
        facs = list(s.facs[seat])
        facs[struct] &= ~DAMAGED
        s.facs[seat] = tuple(facs)
    events.append(_event("repair", seat, structure=struct))


def _city_task(s, task, events) -> None:
    _decide(s, task[1], CITY, (task[2],))


def _city(s, seat: int, choice: int, used: int) -> None:
    kind = CITY_KIND[choice]
    if choice == SELL_CHOICE and s.expansion and owns(s, seat, "market_exchange"):
        kind = 8  # buying and selling together count as one choice
    s.tasks.append(("city", seat, used | kind))
    n = s.c.numbers
    if choice == FENCE_CHOICE:
        s.tasks.append(("steps", seat, (("gain", ((FENCES, n["fences_gained"]),)), ("build", True)), 0))
    elif choice == FACILITY_CHOICE:
        _decide(s, seat, FACILITY, (0,))
    elif choice == REPAIR_CHOICE:
        _decide(s, seat, REPAIR, (0,))
    elif choice == BUY_CHOICE:
        s.tasks.append(("limit", seat))
        s.tasks.append(("graft", seat, None))  # the kind of the last card bought
        _decide(s, seat, PICK, (BUY, n["market_buy_cards"], market_price(s), 0))
    else:
        _decide(s, seat, PICK, (SELL, n["market_sell_cards"], n["market_sell"], 0))


# ------------------------------------------------------------------------------------------------------
# Rampages and damage


def _rampage(s, task, events) -> None:
    _, seat, i = task
    code = s.dinos[seat][i]
    mark(s, seat, i, RAMPAGED)
    species = code & SPECIES
    faces = []
    reroll = perk(s, seat, "fatality_reroll")
    two = species == s.t.trex and not perk(s, seat, "one_rampage_die")  # the Chaotician calms a T-Rex
    for _ in range(2 if two else 1):
        s.rng, roll = next_below(s.rng, len(s.c.rampage_die))
        if reroll and s.c.rampage_die[roll] == FATALITY:
            s.rng, roll = next_below(s.rng, len(s.c.rampage_die))
        faces.append(s.c.rampage_die[roll])
    events.append(_event("rampage", seat, species=s.c.species[species].key, faces=[FACES[f] for f in faces]))
    # Both dice of a T-Rex apply, in the order rolled.
    for face in reversed(faces):
        s.tasks.append(("face", seat, i, face))


def _face(s, task, events) -> None:
    _, seat, i, face = task
    base = seat * WIDTH
    if face == SLASH and perk(s, seat, "slash_naive"):
        face = NAIVE_VISITOR  # the Security Officer
    if face == NAIVE_VISITOR:
        if s.res[base + VISITORS] and not (s.coop and seat == SYNTH):  # Synth uses no credits
            s.res[base + CREDITS] += 1
        return
    s.tasks.append(("damage", seat, i))
    if face == FATALITY:
        _kill_visitors(s, seat, 1, events)
    elif s.dinos[seat][i] & SPECIES == s.t.raptor:
        _kill_visitors(s, seat, 1, events)  # a claw result of a Raptor kills one extra visitor


def _kill_visitors(s, seat: int, n: int, events) -> None:
    n = min(n, s.res[seat * WIDTH + VISITORS])
    if n > 0:
        s.res[seat * WIDTH + VISITORS] -= n
        events.append(_event("killed", seat, visitors=n))
        _scandal(s, seat, n, events)


def damage_targets(s, seat: int, i: int) -> tuple[tuple[int, ...], int]:
    """What the park's dinosaur at index i can damage (the designed rule 'damage targets', rampage.py): the
    undamaged facilities it reaches, by position in the park, and the fence it would break when it reaches
    none (-1: none on its route, or it is loose: the Visitor Center)."""
    facilities = tuple(
        (sum(1 << x for x in places(code) if x < COMMERCIAL), bool(code & DAMAGED)) for code in s.facs[seat]
    )
    cell = (s.dinos[seat][i] >> CELL) & 15
    return rampage.targets(s.geo, s.fence[seat] & ~s.broken[seat], facilities, cell)


def _damage(s, task, events) -> None:
    _, seat, i = task
    if s.coop and seat == SYNTH:
        synth.damage(s, events)
        return
    reached, fence = damage_targets(s, seat, i)
    if len(reached) > 1:
        _decide(s, seat, TARGET, (i,))  # the owner chooses among the facilities it reaches
    elif reached:
        _damage_facility(s, seat, reached[0], events)
    elif fence >= 0:
        s.broken[seat] |= 1 << fence
        events.append(_event("damage", seat, fence=s.geo.edge_names[fence]))
    else:
        # The Visitor Center, last: repaired at once, for an extra Scandal.
        events.append(_event("damage", seat, visitor_center=True))
        _scandal(s, seat, 1, events)


def _damage_facility(s, seat: int, j: int, events) -> None:
    facs = list(s.facs[seat])
    facs[j] |= DAMAGED
    s.facs[seat] = tuple(facs)
    events.append(_event("damage", seat, facility=s.c.facilities[facs[j] & 63].key))
    # Hotels' visitors who no longer have a room die.
    _kill_visitors(s, seat, s.res[seat * WIDTH + VISITORS] - room(s, seat), events)


# ------------------------------------------------------------------------------------------------------
# Controlled Chaos: large facilities, the Open Ocean, specialists, destroying, grafting, aquatic rampages


def _buy_large(s, seat: int, offer: int, discount: int, events) -> None:
    if offer == 0:
        f = s.t.habitat_tile
        s.habitats_left -= 1
    else:
        f = s.large_offer[offer - 1]
        # 'Immediately draw a random new large facility into its place.'
        s.large_offer[offer - 1] = s.large_pile.pop() if s.large_pile else -1
    s.res[seat * WIDTH + CREDITS] -= facility_price(s, seat, f, discount)
    _which_park(s, seat, f, events)


def _open_ocean(s, seat: int, events) -> None:
    """Roll both Upkeep dice: pay their total for the Plesiosaurus; one Drowning doubles the other die;
    two Drownings (or not paying) lose 1 VP."""
    die = s.c.upkeep_die
    s.rng, a = next_below(s.rng, len(die))
    s.rng, b = next_below(s.rng, len(die))
    a, b = die[a], die[b]
    events.append(_event("open_ocean", seat, dice=[a, b]))
    if a == DROWNING and b == DROWNING:
        _lose_vp(s, seat, s.c.numbers["open_ocean_vp_loss"], events)
        return
    # One Drowning doubles the other die (the Drowning face counts 0).
    cost = 2 * (b if a == DROWNING else a) if DROWNING in (a, b) else a + b
    _decide(s, seat, OCEAN, (doubled(s, cost),))


def _lose_vp(s, seat: int, n: int, events) -> None:
    s.res[seat * WIDTH + VP] = max(0, s.res[seat * WIDTH + VP] - n)  # the track stops at 0
    events.append(_event("lose_vp", seat, vp=n))


def _claim(s, seat: int, i: int, events) -> None:
    if i in s.job_market:
        s.job_market.remove(i)
    else:
        s.contractors.remove(i)
        s.res[seat * WIDTH + CREDITS] -= contractor_price(s)
    s.res[seat * WIDTH + SPECIALISTS] |= 1 << i
    events.append(_event("specialist", seat, specialist=s.c.specialists[i].key))
    _decide(s, seat, MANIP_PAY, (s.c.specialists[i].cost,))


def _destroy_choice(s, seat: int, action: int, ctx: tuple, events) -> None:
    why, index = ctx
    if action == s.ids.done:
        if why == SPINO:
            s.tasks.append(("aquatic", seat, index))
        return
    if why == TERROR:
        mark(s, seat, index, SPARED)
        s.res[seat * WIDTH + VP] += s.c.numbers["terror_vp"]
    species, cell = divmod(action - s.ids.victim, s.geo.num_cells)
    dinos = s.dinos[seat]
    victim = max(
        i for i, code in enumerate(dinos) if i != index and code & SPECIES == species and (code >> CELL) & 15 == cell
    )
    destroy(s, seat, victim, events)


def destroy(s, seat: int, i: int, events) -> None:
    """A dinosaur is destroyed: removed, with what follows from 'destroyed' (a Safari's VP)."""
    code = s.dinos[seat][i]
    s.dinos[seat] = s.dinos[seat][:i] + s.dinos[seat][i + 1 :]
    events.append(_event("destroyed", seat, species=s.c.species[code & SPECIES].key))
    if special(s, "destroyed_scandals"):
        # CC7: 3 Scandals, and the others of that species make a rampage check.
        _scandal(s, seat, 3, events)
        for j in range(len(s.dinos[seat]) - 1, -1, -1):
            other = s.dinos[seat][j]
            if other & SPECIES == code & SPECIES and not (other >> FLAGS) & RAMPAGED:
                s.tasks.append(("aquatic" if s.t.aquatic[code & SPECIES] else "rampage", seat, j))
    facilities = s.c.facilities
    for f in s.facs[seat]:
        if facilities[f & 63].destroyed_vp and not f & DAMAGED:
            s.res[seat * WIDTH + VP] += facilities[f & 63].destroyed_vp


def _graft(s, task, events) -> None:
    """The Gene Grafting Lab: after gaining DNA cards, 1 or 2 goats for as many more of the same deck."""
    _, seat, edna = task
    if edna is None:
        edna = s.last_edna  # cards taken from the Boneyard or the Market: the kind of the last one (designed)
    if s.res[seat * WIDTH + GOATS] and owns(s, seat, "gene_grafting"):
        deck = s.edna_deck if edna else s.dna_deck
        if deck or any(s.t.edna[k] == edna for k in s.dna_discard):
            _decide(s, seat, GRAFT, (edna,))


def _terror(s, task, events) -> None:
    """Each Mosasaur's owner may destroy another dinosaur of the park so that it need not be fed."""
    seat = task[1]
    for i, code in enumerate(s.dinos[seat]):
        if code & SPECIES == s.t.mosa and not (code >> FLAGS) & ASKED:
            mark(s, seat, i, ASKED)
            s.tasks.append(task)  # the next Mosasaur after this one
            if len(s.dinos[seat]) > 1:
                _decide(s, seat, DESTROY, (TERROR, i))
            return


def _aquatic(s, task, events) -> None:
    """An aquatic rampage check: the Upkeep die. A cost is paid, or as much as can be and the habitat is
    damaged; Drowning kills a visitor."""
    _, seat, i = task
    code = s.dinos[seat][i]
    mark(s, seat, i, RAMPAGED)
    s.rng, roll = next_below(s.rng, len(s.c.upkeep_die))
    face = s.c.upkeep_die[roll]
    events.append(_event("aquatic_rampage", seat, species=s.c.species[code & SPECIES].key, face=face))
    if face == DROWNING:
        if not perk(s, seat, "drowning_immune"):
            _kill_visitors(s, seat, 1, events)
        return
    base = seat * WIDTH
    paid = min(face, s.res[base + CREDITS])
    s.res[base + CREDITS] -= paid
    if paid < face:
        cell = (code >> CELL) & 15
        j = next(j for j, f in enumerate(s.facs[seat]) if (f >> 6) & 31 == cell)
        if not s.facs[seat][j] & DAMAGED:
            _damage_facility(s, seat, j, events)


def bordering(s, code: int) -> int:
    """Park cells sharing a side with a park facility's spaces (a mask)."""
    mine = 0
    for x in places(code):
        mine |= 1 << x
    out = 0
    for x in places(code):
        for _, other in s.geo.sides[x]:
            if other >= 0 and not mine >> other & 1:
                out |= 1 << other
    return out


def _fishery_cells(s, seat: int) -> int:
    facilities = s.c.facilities
    out = 0
    for f in s.facs[seat]:
        if facilities[f & 63].fishery and not f & DAMAGED:
            out |= bordering(s, f)
    return out


def _next_turn(s, seat: int) -> None:
    if s.coop:
        s.team_todo &= ~(1 << seat)
        if not s.team_todo:
            s.turn ^= 1  # the shared turn is over: Synth's
    else:
        s.turn = (s.order.index(seat) + 1) % s.num_players


def _stack_tile(s, i: int) -> int:
    if i == 0:
        return s.t.hotel if s.hotels_left else -1
    return s.stacks[i - 1][-1] if s.stacks[i - 1] else -1


def _take_from_stack(s, i: int) -> int:
    """The top facility of a City Center stack (0: the Basic Hotels)."""
    if i == 0:
        s.hotels_left -= 1
        return s.t.hotel
    pile = list(s.stacks[i - 1])
    f = pile.pop()
    if not pile and s.bag:
        pile.append(s.bag.pop())  # 'If a stack ever empties during play, immediately draw a tile for it.'
    s.stacks[i - 1] = tuple(pile)
    return f


# ------------------------------------------------------------------------------------------------------
# The Season


def _order(s, events) -> None:
    if s.coop:
        _clear_flags(s)
        synth.order(s, events)
        return
    # Higher reputation first; ties by undamaged facilities, then credits, then the previous order.
    previous = s.order
    s.order = tuple(
        sorted(
            previous,
            key=lambda p: (
                -reputation(s, p),
                -undamaged_facilities(s, p),
                -s.res[p * WIDTH + CREDITS],
                previous.index(p),
            ),
        )
    )
    events.append(_event("order", None, order=list(s.order)))
    s.turn = 0  # placement starts with the first player
    _clear_flags(s)


def _clear_flags(s) -> None:
    # A dinosaur rampages at most once in each phase.
    for p in range(s.parks):
        s.dinos[p] = tuple(code & ~((RAMPAGED | NEW | HUNGRY | SPARED | ASKED) << FLAGS) for code in s.dinos[p])


def _visitors(s, events) -> None:
    if s.coop:
        synth.visitors(s, events)
        return
    if s.scenario:
        s.pool = 0  # no bonus pool: the scenario's rule replaces steps 1-3
        _scenario_visitors(s, events)
        return
    column = s.c.visitors[s.num_players][s.season]
    for position, seat in enumerate(s.order):
        _gain(s, seat, ((VISITORS, column[position]),), events)
    s.pool = s.c.bonus_visitors[s.season]
    season_visitor_perks(s, s.order, events)
    s.bonus_first = s.c.numbers["first_bonus_visitors"]
    s.bonus_pos = 0
    s.bonus_out = 0


def season_visitor_perks(s, seats, events) -> None:
    """At the start of the Open Season: specialists' visitors each Season, and the Education Center's
    visitor from the bonus pool before the first player takes from it."""
    if not s.expansion:
        return
    for seat in seats:
        extra = perk(s, seat, "visitors_each_season")
        if extra:
            _gain(s, seat, ((VISITORS, extra),), events)
        if s.pool and owns(s, seat, "education") and s.res[seat * WIDTH + VISITORS] < room(s, seat):
            s.pool -= 1
            s.res[seat * WIDTH + VISITORS] += 1


def _bonus(s, events) -> bool:
    """One offer of a bonus visitor; False once the pool is empty or nobody can or will take one."""
    if s.coop:
        return False  # dealt with the shared visitors
    n = s.num_players
    for _ in range(n + 1):
        if not s.pool:
            return False
        seat = s.order[s.bonus_pos]
        if not s.bonus_out >> seat & 1 and s.res[seat * WIDTH + VISITORS] < room(s, seat):
            _decide(s, seat, BONUS)
            return True
        s.bonus_out |= 1 << seat
        _bonus_next(s)
        if s.bonus_out == (1 << n) - 1:
            return False
    return False


def _bonus_next(s) -> None:
    if s.bonus_pos == 0 and s.bonus_first > 1 and not s.bonus_out & (1 << s.order[0]):
        s.bonus_first -= 1  # the first player may take the first two
        return
    s.bonus_first = 0
    s.bonus_pos = (s.bonus_pos + 1) % s.num_players


def _bonus_answer(s, seat: int, take: bool, events) -> None:
    if take:
        s.pool -= 1
        s.res[seat * WIDTH + VISITORS] += 1
        events.append(_event("bonus_visitor", seat))
    else:
        s.bonus_out |= 1 << seat
    _bonus_next(s)


def _income(s, events) -> None:
    per = s.c.numbers["credits_per_visitor"]
    for p in range(s.num_players):  # Synth collects no credits
        s.res[p * WIDTH + CREDITS] += per * s.res[p * WIDTH + VISITORS]


def _news(s, events) -> None:
    if s.skip_news:
        s.skip_news = False  # a scenario starting after Season 1: no active event the first round
        return
    s.active = s.upcoming
    s.upcoming = s.news_deck.pop() if s.news_deck else -1
    if s.active < 0:
        return
    s.chaos_last = False
    s.tasks.append(("chaos",))  # after this card: a Chaos Theory card now upcoming resolves
    _resolve_news(s, s.active, events)


def _resolve_news(s, index: int, events) -> None:
    card = s.c.news[index]
    events.append(_event("news", None, card=card.number, name=card.name, chaos=card.chaos))
    for space in card.crash:
        # A Crash Token closes a free worker space until the Season's workers go home.
        slot = free_slot(s, space)
        if slot >= 0:
            s.occ[slot] = CRASH
            events.append(_event("crash", None, space=s.c.spaces[space].key))
    if card.refresh_market:
        s.dna_discard.extend(s.market)
        s.market.clear()
    if card.synth and s.coop:
        # Synth's step, then the West Branch's, then the East Branch's (run from the stack: last pushed first).
        s.tasks.append(("steps", 1, card.synth[2], 0))
        s.tasks.append(("steps", 0, card.synth[1], 0))
        synth.news_step(s, card.synth[0], events)
        return
    each = card.each_player or (card.synth[1] if card.synth else ())  # a solo player: the West Branch's step
    if each:
        for seat in reversed(s.order):
            steps = each
            if s.num_players == 1:
                steps = tuple(step for step in steps if step[0] != "opponent")  # no opponent to name
            s.tasks.append(("steps", seat, steps, 0))


def chaos_upcoming(s) -> None:
    """A Chaos Theory card in the upcoming space: never in Season 1 nor right after another one (it goes
    back into the deck, shuffled, and another card is drawn)."""
    news = s.c.news
    if s.upcoming < 0 or not news[s.upcoming].chaos or (s.season > 1 and not s.chaos_last):
        return
    s.news_deck.append(s.upcoming)
    s.rng = shuffle(s.rng, s.news_deck)
    standard = [i for i, card in enumerate(s.news_deck) if not news[card].chaos]
    # Drawing again until a standard card comes is drawing the last standard card in the shuffled deck.
    s.upcoming = s.news_deck.pop(standard[-1]) if standard else -1


def _undouble(s, task, events) -> None:
    s.doubled = False


def _chaos(s, task, events) -> None:
    """Resolve a Chaos Theory card that has entered the upcoming space, then draw another card to it."""
    chaos_upcoming(s)
    if s.upcoming >= 0 and s.c.news[s.upcoming].chaos:
        card = s.upcoming
        s.upcoming = s.news_deck.pop() if s.news_deck else -1
        s.chaos_last = True
        s.tasks.append(("chaos",))  # the card drawn next may be another: it goes back (twice in a row)
        _resolve_news(s, card, events)


def _city_stacks(s, events) -> None:
    if special(s, "market_grows"):
        s.market_size += 1  # CC4: 'Each round add a new DNA card to the DNA market.'
    for i in range(DRAWN_STACKS):
        if s.bag:
            s.stacks[i] = (*s.stacks[i], s.bag.pop())
    _refill_market(s)
    if s.expansion:
        # Two new specialists push those still on the Job Market to the Independent Contractors.
        s.contractors.extend(s.job_market)
        s.job_market.clear()
        for _ in range(s.c.numbers["job_market"]):
            if s.spec_deck:
                s.job_market.append(s.spec_deck.pop())


def _workers(s, events) -> bool:
    """Offer the next worker in player order; False when nobody has one left."""
    if s.coop:
        return synth.workers(s, events)
    n = s.num_players
    for step_ in range(n):
        position = (s.turn + step_) % n
        seat = s.order[position]
        base = seat * WIDTH
        if s.res[base + WORKERS] > 0:
            if placements(s, seat) or (s.expansion and airport_open(s, seat)):
                s.turn = position
                _decide(s, seat, PLACE)
                return True
            s.res[base + WORKERS] = 0  # nowhere to go: the worker stays home
            events.append(_event("stay_home", seat))
    return False


def _needs(s, seat: int) -> list[tuple[int, int]]:
    """(goats, dinosaur index) for each dinosaur to feed this Upkeep, fewest first: a Fishery's bordering
    Aquatic Habitats need one fewer each."""
    t, species = s.t, s.c.species
    fishery = _fishery_cells(s, seat) if s.expansion else 0
    needs = []
    for i, code in enumerate(s.dinos[seat]):
        kind = code & SPECIES
        if not t.eats_goats[kind] or (code >> FLAGS) & SPARED:
            continue
        need = species[kind].goats
        if fishery and t.aquatic[kind]:
            habitat = facility_at(s, seat, (code >> CELL) & 15)
            if any(fishery >> x & 1 for x in places(habitat)):
                need -= 1
        needs.append((need, i))
    needs.sort()
    return needs


def _feed(s, events) -> None:
    for seat in range(s.parks):
        dinos = s.dinos[seat]
        needs = _needs(s, seat)
        if not needs:
            continue
        goats = s.res[seat * WIDTH + GOATS]
        hungry = set()
        for need, i in needs:
            eaten = min(need, goats)
            goats -= eaten
            if eaten < need:
                hungry.add(i)
        s.res[seat * WIDTH + GOATS] = goats
        if hungry:
            s.dinos[seat] = tuple(code | HUNGRY << FLAGS if i in hungry else code for i, code in enumerate(dinos))
            events.append(_event("hungry", seat, dinosaurs=len(hungry)))
    for seat in reversed(s.order):
        mutants = sum(1 for code in s.dinos[seat] if code & SPECIES == s.t.mutant and not (code >> FLAGS) & NEW)
        if mutants:
            s.tasks.append(("mutants", seat, mutants))


def mutant_goats(s, seat: int) -> int:
    return perk(s, seat, "mutant_goats") or s.c.numbers["mutant_goats"]


def _mutants_task(s, task, events) -> None:
    """Another mutant may be bred while the goats, a Mutant meeple and somewhere to put it (a park space
    without a facility, or an undamaged Biodome) last."""
    _, seat, left = task
    if left <= 0 or s.res[seat * WIDTH + GOATS] < mutant_goats(s, seat):
        return
    if meeples_left(s, s.t.mutant) > 0 and _has_habitat(s, seat):
        _decide(s, seat, MUTANT, (left,))


def _rampage_checks(s, events) -> None:
    aquatic, corrupted = s.t.aquatic, s.t.corrupted
    for seat in reversed(s.order):
        bad = improper(s, seat)
        for i in range(len(bad) - 1, -1, -1):
            code = s.dinos[seat][i]
            # A Corrupted T-Rex checks at the end of every feeding stage.
            wrong = bad[i] or (code >> FLAGS) & HUNGRY or code & SPECIES == corrupted
            if wrong and not (code >> FLAGS) & RAMPAGED:
                s.tasks.append(("aquatic" if aquatic[code & SPECIES] else "rampage", seat, i))


def _upkeep_start(s, events) -> None:
    for p in range(s.parks):
        s.dinos[p] = tuple(code & ~(RAMPAGED << FLAGS) for code in s.dinos[p])
    if s.expansion:
        for seat in reversed(s.order):
            if any(code & SPECIES == s.t.mosa for code in s.dinos[seat]):
                s.tasks.append(("terror", seat))
        if s.elites:
            for seat in reversed(s.order):
                _destructive_entertainment(s, seat, events)
        for seat in reversed(s.order):
            # The DNA Archivist's archived pairs are born before the feeding.
            for species, cell in births(s, seat):
                _place_dinosaur(s, seat, species, cell, 0, events, kind="born")
        for seat in reversed(s.order):
            # The Master Architect's repairs, free, before the rampage checks.
            for _ in range(perk(s, seat, "upkeep_repairs")):
                s.tasks.append(("steps", seat, (("repair", FREE_REPAIR),), 0))


def _destructive_entertainment(s, seat: int, events) -> None:
    """At the start of the Upkeep, a Pachycephalosaurus whose habitat borders another species' habitat
    (open space aside) makes a rampage check and gains 3 VP."""
    keys = habitat_keys(s, seat)
    _, areas = regions(s, seat)
    cells_of_key: dict[int, int] = {}
    for key in keys:
        if key != OPEN and key not in cells_of_key:
            if key >= DOME:
                mask = sum(1 << x for x in places(facility_at(s, seat, key - DOME)))
            else:
                mask = areas[key][0]
            cells_of_key[key] = mask
    for i in range(len(keys) - 1, -1, -1):
        code, key = s.dinos[seat][i], keys[i]
        if code & SPECIES != s.t.pachy or key == OPEN:
            continue
        near = 0
        for x in cells_of(cells_of_key[key]):
            for _, other in s.geo.sides[x]:
                if other >= 0:
                    near |= 1 << other
        near &= ~cells_of_key[key]
        if any(
            cells_of_key[k2] & near and other & SPECIES != s.t.pachy
            for other, k2 in zip(s.dinos[seat], keys, strict=True)
            if k2 != OPEN and k2 != key
        ):
            s.res[seat * WIDTH + VP] += 3
            s.tasks.append(("rampage", seat, i))


def _feed_stage(s, events) -> None:
    _feed(s, events)


def _leave(s, events) -> None:
    per = s.c.numbers["vp_per_two_visitors"]
    facilities = s.c.facilities
    for p in range(s.parks):
        v = s.res[p * WIDTH + VISITORS]
        s.res[p * WIDTH + VP] += per * (v // 2)
        s.res[p * WIDTH + VISITORS] = 0
        if v % 2:  # the Arcade
            s.res[p * WIDTH + VP] += sum(facilities[f & 63].odd_visitors_vp for f in s.facs[p] if not f & DAMAGED)


def upkeep_income(s, seat: int) -> list[tuple[int, int]]:
    """What the park earns in an Upkeep besides its Dinosaur Value: (resource, amount) from undamaged
    facilities (their own and per dinosaur of a species) and 1 credit per Stegosaurus."""
    facilities = s.c.facilities
    kinds = [code & SPECIES for code in s.dinos[seat]]
    income = [(CREDITS, kinds.count(s.t.stego))] if s.t.stego in kinds else []
    if s.res[seat * WIDTH + SPECIALISTS]:
        income += perk_list(s, seat, "upkeep")
    if s.t.theri in kinds:
        income += _tree_harvest(s, seat)
    for f in s.facs[seat]:
        if f & DAMAGED:
            continue
        fac = facilities[f & 63]
        income += fac.upkeep
        if fac.upkeep_per:
            what, r, n = fac.upkeep_per
            income.append((r, n * count(s, seat, what)))
        have = kinds.count(fac.per_species) if fac.per_species >= 0 else 0
        if have and fac.per_vp:
            income.append((VP, fac.per_vp * have))
        if have and fac.per_credits:
            income.append((CREDITS, fac.per_credits * have))
    return income


def _tree_harvest(s, seat: int) -> list[tuple[int, int]]:
    """Tree Harvester: 3 VP each Upkeep for each Therizinosaurus in a pen of 4 or more spaces."""
    n = s.c.numbers
    _, areas = regions(s, seat)
    keys = habitat_keys(s, seat)
    vp = 0
    for code, key in zip(s.dinos[seat], keys, strict=True):
        big = 0 <= key < DOME and bin(areas[key][0]).count("1") >= n["tree_harvester_vp_spaces"]
        if code & SPECIES == s.t.theri and big:
            vp += n["tree_harvester_vp"]
    return [(VP, vp)] if vp else []


def _seasonal_vp(s, events) -> None:
    for p in range(s.parks):
        vp = dinosaur_value(s, p) + sum(n for r, n in upkeep_income(s, p) if r == VP)
        s.res[p * WIDTH + VP] += vp
        events.append(_event("upkeep_vp", p, vp=vp))


def _resources(s, events) -> None:
    for p in s.order:  # in player order, as cards are drawn
        gains = tuple((r, n) for r, n in upkeep_income(s, p) if r != VP)
        if gains:
            _gain(s, p, gains, events)


def _return(s, events) -> None:
    if s.season < s.c.numbers["seasons"]:
        s.occ[:] = s.blocked_occ
        for p in range(s.parks):
            s.res[p * WIDTH + WORKERS] = workers_in(s, s.season + 1)
            s.res[p * WIDTH + AIRPORT_USED] = 0


def _next(s, events) -> None:
    if s.season >= s.c.numbers["seasons"]:
        s.over = True
        s.phase = OVER
        s.cur = None
        events.append(_event("game_over", None))
        return
    s.season += 1
    s.stage = -1  # the next Open Season starts at step 1


# The co-op's Synth has its own module, which uses the helpers above.
from dinotable.games.dinogenics import synth  # noqa: E402

# Season steps in order; a step returning True has set a decision and runs again after it.
STAGES = (
    ("order", _order),
    ("visitors", _visitors),
    ("bonus", _bonus),
    ("income", _income),
    ("news", _news),
    ("facilities", _city_stacks),
    ("workers", _workers),
    ("terror", _upkeep_start),
    ("feed", _feed_stage),
    ("rampage", _rampage_checks),
    ("synth", synth.upkeep),
    ("leave", _leave),
    ("vp", _seasonal_vp),
    ("resources", _resources),
    ("return", _return),
    ("next", _next),
)
# Season 1 skips to step 6 of the Open Season.
FIRST_SEASON_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "facilities")
_REPEATING = frozenset(("bonus", "workers"))

TASKS = {
    "steps": _run_steps,
    "limit": _limit,
    "place": _place_task,
    "city": _city_task,
    "rampage": _rampage,
    "face": _face,
    "damage": _damage,
    "mutants": _mutants_task,
    "graft": _graft,
    "terror": _terror,
    "aquatic": _aquatic,
    "chaos": _chaos,
    "undouble": _undouble,
    "share": synth.share_task,
    "synth_cleanup": synth.cleanup,
}


def settle(s, events: list) -> None:
    """Run tasks and Season steps until a decision is needed or the game is over."""
    tasks = s.tasks
    while not s.phase:
        if tasks:
            task = tasks.pop()
            TASKS[task[0]](s, task, events)
            continue
        name, run = STAGES[s.stage]
        if name in _REPEATING:
            if run(s, events):
                continue
        else:
            run(s, events)
        if s.phase == OVER:
            return
        s.stage += 1
