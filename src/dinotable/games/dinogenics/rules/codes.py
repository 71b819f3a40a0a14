"""Ids and codes: the numbers the DinoGenics rules keep a table in.

Per-seat counters, the decisions (phases) and what a DNA pick is for, the City Center's choices, how a dinosaur
and a facility are packed into one int, the action-id layout (ActionIds), the species and facility facts looked up
on every decision (Tables), and the two small helpers every rules module uses: `decide` opens a decision, `event`
makes an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.contract import Event
from dinotable.games.dinogenics.content import CARNIVORE, HERBIVORE, MAX_OPTIONS, MAX_PARK, Content

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

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


def decide(s: DinoGenicsState, seat: int, phase: int, ctx: tuple = ()) -> None:
    """Opens a decision: `seat` answers `phase`, with its context."""
    s.phase, s.cur, s.ctx = phase, seat, ctx


def event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


def places(code: int) -> tuple[int, ...]:
    """The spaces a facility covers: one, or two for a large facility."""
    second = code >> SECOND
    return ((code >> 6) & 31, second - 1) if second else ((code >> 6) & 31,)


def spot_second(geo, cell: int, down: bool) -> int:
    """A large facility's second space: right of its first, or below it."""
    return cell + (geo.columns if down else 1)


def mark(s: DinoGenicsState, seat: int, i: int, flag: int) -> None:
    """Sets a flag (RAMPAGED, SPARED, ASKED...) on the park's dinosaur at index i."""
    dinos = s.dinos[seat]
    s.dinos[seat] = (*dinos[:i], dinos[i] | flag << FLAGS, *dinos[i + 1 :])
