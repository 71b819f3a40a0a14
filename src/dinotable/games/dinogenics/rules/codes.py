"""Ids and codes: the numbers the DinoGenics rules keep a table in.

Per-seat counters, the decisions (phases) and what a DNA pick is for, the City Center's choices, how a dinosaur
and a facility are packed into one int, the species and facility facts looked up on every decision (Tables),
each decision's context (a NamedTuple per kind), and the two small helpers every rules module uses: `decide`
opens a decision, `event` makes an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from dinotable.core.contract import Event
from dinotable.games.dinogenics.components import CARNIVORE, HERBIVORE, MAX_PARK, Content

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

# Per-seat counters in s.res (the first seven are the content's resources, in the same order), then
# workers, the specialists held (a bit per specialist) and whether the Private Airport was used this Season.
WORKERS = 7
SPECIALISTS = 8
AIRPORT_USED = 9
WIDTH = 10
SYNTH = 2  # the co-op's Synth park, after the West (0) and East (1) Branches

# Decisions (phases): each one's number is its place in decisions.TABLE, which names them; NONE: the Season
# runs on (`settle`) until a rule opens a decision.
NONE, PLACE, CHOOSE, CREATE, PICK, HABITAT, BUILD, FACILITY, FACILITY_CELL, REPAIR, TARGET = range(11)
CARD, OPPONENT, CITY, BONUS, MUTANT, OUTSOURCE, OVER = range(11, 18)
LARGE, LARGE_SPOT, OCEAN, JOB, DESTROY, GRAFT, MANIP_PAY = range(18, 25)
TEAM_ORDER, SHARE, FAC_PARK, GIFT = range(25, 29)  # the co-op's
# What a PICK decision picks DNA cards for.
MUTANT_SET, KEEP, BONEYARD, BUY, SELL, DISCARD, SET, REFINE = range(8)
PICK_PURPOSES = ("mutant", "keep", "boneyard", "buy", "sell", "discard", "set", "refine")
# Why a dinosaur is destroyed (DESTROY decisions): the Spinosaurus placed, a Mosasaur not fed.
SPINO, TERROR = range(2)
# City Center choices, and the three kinds each may be taken once.
FENCE_CHOICE, FACILITY_CHOICE, REPAIR_CHOICE, BUY_CHOICE, SELL_CHOICE = range(5)
CITY_NAMES = ("Gain 3 fences", "Buy a facility", "Repair a structure", "Buy DNA", "Sell DNA")
CITY_CHOICES = ("fences", "facility", "repair", "buy_dna", "sell_dna")  # as action_info names them
CITY_KIND = (1, 2, 2, 4, 4)
FREE_REPAIR = 99  # a repair discount no price reaches (as Renovation's `repair = 99`)

# A dinosaur is species | cell << CELL | flags << FLAGS (a species index in 5 bits, a park cell in 4); read and
# made only through the functions below (species_of, cell_of, has_flag, dinosaur_code...).
SPECIES, CELL, FLAGS = 31, 5, 9
CELL_MASK = 15
# SPARED: a Mosasaur that need not be fed this Upkeep (Terror); ASKED: its owner has chosen.
RAMPAGED, NEW, HUNGRY, SPARED, ASKED = 1, 2, 4, 8, 16
ALL_FLAGS = RAMPAGED | NEW | HUNGRY | SPARED | ASKED
# A facility is kind | place << FAC_PLACE | damaged << 11 | (second place + 1) << SECOND for a large one; places
# below COMMERCIAL are park cells (at most 16), from COMMERCIAL on the commercial sector's spaces.
FAC_KIND = 63
FAC_PLACE, FAC_PLACE_MASK = 6, 31
COMMERCIAL = MAX_PARK
DAMAGED = 1 << 11
SECOND = 12
CRASH = -3  # a worker space under a Crash Token (-2: a blocking token, -1: free)
DOME = 100  # habitat key of a Biodome: DOME + its cell
DRAWN_STACKS = 3  # the City Center's 2nd-4th facility stacks, drawn from the bag (the 1st: Basic Hotels)


def facility_places(c: Content, geo) -> int:
    """The facilities a park can hold: one on each park space, then each commercial space."""
    return geo.num_cells + c.numbers["commercial_spaces"]


class Tables:
    """Species traits and facility facts looked up on every decision, indexed once."""

    def __init__(self, c: Content, geo, asking: frozenset = frozenset()) -> None:
        trait = {sp.trait: sp.index for sp in c.species}
        # The Mainland spaces, those whose steps ask the seat nothing (so cost little to check) first: the order
        # in which a worker's having anywhere to go is asked (`asking`: the step kinds that ask).
        self.quick_spaces_first = tuple(
            sorted(range(len(c.spaces)), key=lambda i: any(kind in asking for kind, _ in c.spaces[i].steps))
        )
        # A structure is a facility by its position in the park's list below this, a fence edge from it on.
        self.max_facilities = facility_places(c, geo)
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
        self.facilities = c.facilities
        self.spaces, self.news = c.spaces, c.news
        self.rooms = tuple(f.rooms for f in c.facilities)
        self.visitor_center = c.numbers["visitor_center"]
        self.dna = tuple(sp.dna for sp in c.species)
        self.eats_goats = tuple(sp.diet == CARNIVORE and sp.goats > 0 for sp in c.species)
        self.carnivore = tuple(sp.diet == CARNIVORE for sp in c.species)
        self.herbivore = tuple(sp.diet == HERBIVORE for sp in c.species)
        self.with_dna = tuple(k for k, n in enumerate(c.dna_deck) if n or c.edna_deck[k])
        self.has_dna = frozenset(self.with_dna)
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


# The open decision's context (`s.ctx`): a NamedTuple per kind of decision, built where a rule opens it; () for a
# decision that needs none. A NamedTuple is a tuple, so states, records and views compare and read as before.
class ChooseContext(NamedTuple):
    """`choose an option`: the effect's options, each a tuple of steps."""

    options: tuple


class CreateContext(NamedTuple):
    """`create a dinosaur`: how many cards short of the species' DNA a set may be."""

    short: int


class PickContext(NamedTuple):
    """`pick DNA cards`: what for (KEEP, BUY...: PICK_PURPOSES), the picks left, and `arg`: the cards drawn
    (KEEP), the price of each card (BUY, SELL), the species (SET), the species already shown, a bit each
    (MUTANT_SET); `picked`: 1 once a card is picked, or for a SET the cards showing its species."""

    purpose: int
    left: int
    # A tuple of card kinds (KEEP) or an int (the other purposes): its type follows `purpose`, which no static
    # type can say, so the rules that read it, each for a purpose, take it as that purpose gives it.
    arg: Any
    picked: int


class HabitatContext(NamedTuple):
    """`place the dinosaur`: its species and flags (NEW: a mutant just bred)."""

    species: int
    flags: int


class DiscountContext(NamedTuple):
    """`buy a facility`, `buy a large facility`, `repair a structure`: the credits taken off the price."""

    discount: int


class PlacingContext(NamedTuple):
    """`place the facility`, `place the large facility`: the facility bought and the park it goes in (in the
    co-op, either branch's)."""

    facility: int
    park: int


class TargetContext(NamedTuple):
    """`choose the damaged structure`: the rampaging dinosaur, by its index in the park."""

    dinosaur: int


class OpponentContext(NamedTuple):
    """`choose an opponent`: what the card does to them, (gains, losses, steals)."""

    effect: tuple


class CityContext(NamedTuple):
    """`choose at the City Center`: the kinds of choice taken already (CITY_KIND's bits)."""

    used: int


class MutantContext(NamedTuple):
    """`feed a mutant`: the mutants that may still breed this Upkeep."""

    left: int


class OceanContext(NamedTuple):
    """`pay for the Plesiosaurus`: the credits the Upkeep dice asked."""

    cost: int


class DestroyContext(NamedTuple):
    """`destroy a dinosaur`: why (SPINO, TERROR), and the dinosaur that destroys, by its index in the park (never
    itself destroyed)."""

    why: int
    dinosaur: int  # not `index`, which would hide the tuple's index()


class GraftContext(NamedTuple):
    """`graft more DNA`: True if the cards come from the eDNA deck."""

    edna: bool


class PaymentContext(NamedTuple):
    """`discard Manipulation cards`: the cards still to discard for the specialist claimed."""

    left: int


class ShareContext(NamedTuple):
    """`place a shared visitor`: the shared visitors left to place."""

    left: int


class ParkContext(NamedTuple):
    """`choose the park for the facility`: the facility bought."""

    facility: int


class GiftContext(NamedTuple):
    """`gift cards at the docks`: the cards gifted already."""

    given: int


def decide(s: DinoGenicsState, seat: int, phase: int, ctx: tuple = ()) -> None:
    """Opens a decision: `seat` answers `phase`, with its context."""
    s.phase, s.cur, s.ctx = phase, seat, ctx


def event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


# ------------------------------------------------------------------------------------ dinosaur codes
def dinosaur_code(species: int, cell: int, flags: int = 0) -> int:
    """A dinosaur's code: its species standing on a park cell, with its flags (NEW...)."""
    return species | cell << CELL | flags << FLAGS


def species_of(code: int) -> int:
    """A dinosaur's species index."""
    return code & SPECIES


def cell_of(code: int) -> int:
    """The park cell a dinosaur stands on."""
    return code >> CELL & CELL_MASK


def has_flag(code: int, flag: int) -> bool:
    """Does the dinosaur carry this flag (RAMPAGED, NEW, HUNGRY, SPARED, ASKED; or any of several)?"""
    return bool(code >> FLAGS & flag)


def with_flag(code: int, flag: int) -> int:
    """The dinosaur with this flag set."""
    return code | flag << FLAGS


def without_flag(code: int, flag: int) -> int:
    """The dinosaur with this flag (or these flags) cleared."""
    return code & ~(flag << FLAGS)


# ------------------------------------------------------------------------------------ facility codes
def facility_code(kind: int, place: int, second: int = -1) -> int:
    """A facility's code: its kind on a place (a park cell or, from COMMERCIAL on, a commercial space), and a
    large facility's second place."""
    return kind | place << FAC_PLACE | (second + 1) << SECOND


def facility_of(code: int) -> int:
    """A facility's kind: its index in the content's facilities."""
    return code & FAC_KIND


def first_place(code: int) -> int:
    """The (first) space a facility stands on."""
    return code >> FAC_PLACE & FAC_PLACE_MASK


def is_damaged(code: int) -> bool:
    return bool(code & DAMAGED)


def as_damaged(code: int) -> int:
    """The facility, damaged."""
    return code | DAMAGED


def as_repaired(code: int) -> int:
    """The facility, repaired."""
    return code & ~DAMAGED


def places(code: int) -> tuple[int, ...]:
    """The spaces a facility covers: one, or two for a large facility."""
    second = code >> SECOND
    first = code >> FAC_PLACE & FAC_PLACE_MASK
    return (first, second - 1) if second else (first,)


def covers(code: int, cell: int) -> bool:
    """Does the facility stand on this space (its first or, for a large one, its second)?"""
    return code >> FAC_PLACE & FAC_PLACE_MASK == cell or code >> SECOND == cell + 1


def spot_second(geo, cell: int, down: int) -> int:
    """A large facility's second space: right of its first, or below it."""
    return cell + (geo.columns if down else 1)


def mark(s: DinoGenicsState, seat: int, i: int, flag: int) -> None:
    """Sets a flag (RAMPAGED, SPARED, ASKED...) on the park's dinosaur at index i."""
    dinos = s.dinos[seat]
    s.dinos[seat] = (*dinos[:i], with_flag(dinos[i], flag), *dinos[i + 1 :])
