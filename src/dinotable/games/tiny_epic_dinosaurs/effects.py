"""The action spaces' steps as core.effects step kinds: each kind one StepKind, registered once in EFFECTS.

A kind says how the content files write it and how that is checked (`parse`, naming the file and the entry on a
mistake), whether it can be done now, at least in part (`can`), what it does (`run`) and how it reads
(`text`). content.py reads every space's steps through EFFECTS; spaces.py runs them with `EFFECTS.run_from`
and keeps where a space goes on after a choice in the CHOOSE decision's context. The game has no `choose`
or `optional` nodes, so content that uses them is refused.

A step that asks the player (hunt, dinosaur, research, contract, trade) registers the action ids it offers
(`options`) and what the one picked does (`perform`, given the slot of the action space being resolved):
with several on offer the CHOOSE decision opens, and reads them through `EFFECTS.options` and
`EFFECTS.perform`; with one, it just happens; with none, it is skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dinotable.core.content import Reader
from dinotable.core.effects import Effects, StepKind
from dinotable.core.words import a, counted
from dinotable.games.tiny_epic_dinosaurs.cards import can_fulfil, contracts_open, dinosaurs_owned, fulfil, take_research
from dinotable.games.tiny_epic_dinosaurs.components import (
    CHOOSE,
    NUM_RESOURCES,
    RESOURCES,
    event,
    gain_barriers,
)
from dinotable.games.tiny_epic_dinosaurs.hunting import hunt_roll, take_dinosaur

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState

GAINS = (*RESOURCES, "barriers")
UNCOUNTED = {"meat": "meat"}  # "3 meat", but "3 plants", "3 supplies"


# --------------------------------------------------------------------------------- content values
# content.py reads its cards' amounts and species with these too, so that they read as steps do.
def read_amounts(r: Reader, table, names: tuple[str, ...], where: str) -> tuple[int, ...]:
    """A table of whole amounts by name ({ plant = 1 }) as a tuple in the order of `names`, 0 if absent."""
    if not isinstance(table, dict):
        raise r.fail(where, f"expected a table of amounts by name ({', '.join(names)})")
    for key in table:
        if key not in names:
            raise r.fail(where, f"unknown key {key!r} (expected {', '.join(names)})")
    values = tuple(r.get(table, name, int, where) if name in table else 0 for name in names)
    if any(v < 0 for v in values):
        raise r.fail(where, "amounts cannot be negative")
    return values


def species_name(key: str) -> str:
    """A common species' name, from its key in the content."""
    return key.capitalize()


def read_species(r: Reader, value, where: str) -> tuple[int, ...]:
    """A species key or a list of them, as indices in the order of the file's [species] table (content.py
    reads that table first and numbers the species in its order)."""
    keys = list(r.data.get("species", ()))
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise r.fail(where, "expected a list of species")
    for name in value:
        if name not in keys:
            raise r.fail(where, f"unknown species {name!r}")
    return tuple(keys.index(name) for name in value)


def amounts_text(values, names: tuple[str, ...] = RESOURCES) -> str:
    parts = [counted(v, name, UNCOUNTED.get(name)) for v, name in zip(values, names, strict=False) if v]
    return ", ".join(parts) if parts else "nothing"


class Quarry(NamedTuple):
    """The species a hunt or a Dinosaur Market offers: their indices for the rules, their names for the text."""

    species: tuple[int, ...]
    names: tuple[str, ...]


def _read_quarry(r: Reader, value, where: str) -> Quarry:
    species = read_species(r, value, where)
    keys = list(r.data["species"])
    return Quarry(species, tuple(species_name(keys[k]) for k in species))


def _read_flag(r: Reader, value, where: str) -> None:
    """research, contract and first_player take no amount: `research = true`."""
    if value is not True:
        raise r.fail(where, f"this step takes no amount: write it `= true`, not {value!r}")


def _read_trade(r: Reader, value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise r.fail(where, "trade gives a positive whole amount")
    return value


# ------------------------------------------------------------------------ resources and the Marker
def _pay(s: TinyEpicDinosaursState, seat: int, value: tuple[int, int, int], events: list) -> bool:
    """The amounts paid. (An action space's cost, its first step, is paid by spaces.place before its other
    steps run: a Dinosaur Market's discount is the space's, not the step's.)"""
    s.pay(seat, value)
    return False


def _can_pay(s: TinyEpicDinosaursState, seat: int, value: tuple[int, int, int]) -> bool:
    plant, meat, supply = s.resources(seat)
    return plant >= value[0] and meat >= value[1] and supply >= value[2]


def _gain(s: TinyEpicDinosaursState, seat: int, value: tuple[int, int, int, int], events: list) -> bool:
    got = s.gain_each(seat, value)
    got.append(gain_barriers(s, seat, value[3]))
    capped = got[0] < value[0] or got[1] < value[1] or got[2] < value[2]  # a track stops at 13
    events.append(event("gain", seat, plant=got[0], meat=got[1], supply=got[2], barriers=got[3], capped=capped))
    return False


def _can_gain(s: TinyEpicDinosaursState, seat: int, value: tuple[int, int, int, int]) -> bool:
    """A track below its top for something gained, or Barriers left in the supply. (Placements look at a
    space's gains faster, through Space.gives.)"""
    top, res = s.c.numbers["track_max"], s.resources(seat)
    return any(value[r] and res[r] < top for r in range(NUM_RESOURCES)) or bool(value[3] and s.barrier_supply > 0)


def _take_first_player(s: TinyEpicDinosaursState, seat: int, value: None, events: list) -> bool:
    s.first = seat
    events.append(event("first_player", seat))
    return False


# ------------------------------------------------------------------------- steps that ask the player
# Each offers action ids (`options`) and does what the one picked says (`perform`); core.effects opens the
# CHOOSE decision when several are on offer (spaces.run_steps keeps the step and the rest of the space in
# its context), performs the only one, or skips the step.
def _ask(s: TinyEpicDinosaursState, seat: int, step: tuple, events: list) -> bool:
    s.phase = CHOOSE
    return True


def _offered_species(s: TinyEpicDinosaursState, seat: int, value: Quarry) -> list[int]:
    first = s.ids.species
    return [first + k for k in value.species if s.supply[k] > 0]


def _can_take(s: TinyEpicDinosaursState, seat: int, value: Quarry) -> bool:
    stock = s.supply
    for k in value.species:  # noqa: SIM110  a loop: any() over a generator costs more in this hot path
        if stock[k] > 0:
            return True
    return False


def _hunt(s: TinyEpicDinosaursState, seat: int, value: Quarry, action: int, slot: int, events: list) -> None:
    k = action - s.ids.species
    take_dinosaur(s, seat, k)
    hunt_roll(s, seat, k, slot, events)  # the slot of the action space being resolved: the effect's source


def _buy(s: TinyEpicDinosaursState, seat: int, value: Quarry, action: int, slot: int, events: list) -> None:
    k = action - s.ids.species
    take_dinosaur(s, seat, k)
    events.append(event("dinosaur", seat, species=s.c.species[k].key))


def _offered_research(s: TinyEpicDinosaursState, seat: int, value: None) -> list[int]:
    research, res = s.c.research, s.resources(seat)
    return [
        s.ids.research + i
        for i, k in enumerate(s.research_row)
        if all(res[r] >= research[k].cost[r] for r in range(NUM_RESOURCES))
    ]


def _can_research(s: TinyEpicDinosaursState, seat: int, value: None) -> bool:
    research = s.c.research
    plant, meat, supply = s.resources(seat)
    for k in s.research_row:
        cost = research[k].cost
        if cost[0] <= plant and cost[1] <= meat and cost[2] <= supply:
            return True
    return False


def _research(s: TinyEpicDinosaursState, seat: int, value: None, action: int, slot: int, events: list) -> None:
    take_research(s, seat, action - s.ids.research, events)


def _offered_contracts(s: TinyEpicDinosaursState, seat: int, value: None) -> list[int]:
    have = dinosaurs_owned(s, seat)
    return [s.ids.contract + k for k in contracts_open(s, seat) if can_fulfil(s, seat, k, have)]


def _can_contract(s: TinyEpicDinosaursState, seat: int, value: None) -> bool:
    have = dinosaurs_owned(s, seat)
    return any(can_fulfil(s, seat, k, have) for k in contracts_open(s, seat))


def _contract(s: TinyEpicDinosaursState, seat: int, value: None, action: int, slot: int, events: list) -> None:
    fulfil(s, seat, action - s.ids.contract, events)


def _offered_trades(s: TinyEpicDinosaursState, seat: int, value: int) -> list[int]:
    top, res, kinds = s.c.numbers["track_max"], s.resources(seat), range(NUM_RESOURCES)
    # A trade's id: paid resource * NUM_RESOURCES + gained resource.
    return [s.ids.trade + a * NUM_RESOURCES + b for a in kinds for b in kinds if a != b and res[a] and res[b] < top]


def _can_trade(s: TinyEpicDinosaursState, seat: int, value: int) -> bool:
    top, res, kinds = s.c.numbers["track_max"], s.resources(seat), range(NUM_RESOURCES)
    return any(res[a] and res[b] < top for a in kinds for b in kinds if a != b)


def _trade(s: TinyEpicDinosaursState, seat: int, value: int, action: int, slot: int, events: list) -> None:
    a, b = divmod(action - s.ids.trade, NUM_RESOURCES)
    s.add_resource(seat, a, -1)
    got = s.gain(seat, b, value)
    events.append(event("trade", seat, paid=a, gained=b, amount=got))


# ----------------------------------------------------------------------------------- the registry
KINDS = (
    StepKind(
        "pay",
        parse=lambda r, value, where: read_amounts(r, value, RESOURCES, where),
        run=_pay,
        text=lambda value: f"pay {amounts_text(value)}",
        can=_can_pay,
    ),
    StepKind(
        "gain",
        parse=lambda r, value, where: read_amounts(r, value, GAINS, where),
        run=_gain,
        text=lambda value: f"gain {amounts_text(value, (*RESOURCES, 'Barrier'))}",
        can=_can_gain,
    ),
    StepKind(
        "hunt",
        parse=_read_quarry,
        run=None,
        text=lambda value: f"hunt {' or '.join(a(n) for n in value.names)}",
        can=_can_take,
        options=_offered_species,
        perform=_hunt,
    ),
    StepKind(
        "dinosaur",
        parse=_read_quarry,
        run=None,
        text=lambda value: f"take {' or '.join(a(n) for n in value.names)}",
        can=_can_take,
        options=_offered_species,
        perform=_buy,
    ),
    StepKind(
        "trade",
        parse=_read_trade,
        run=None,
        text=lambda value: f"trade 1 resource for {value} of another",
        can=_can_trade,
        options=_offered_trades,
        perform=_trade,
    ),
    StepKind(
        "research",
        parse=_read_flag,
        run=None,
        text=lambda value: "take a Research card",
        can=_can_research,
        options=_offered_research,
        perform=_research,
    ),
    StepKind(
        "contract",
        parse=_read_flag,
        run=None,
        text=lambda value: "fulfil a Contract",
        can=_can_contract,
        options=_offered_contracts,
        perform=_contract,
    ),
    StepKind(
        "first_player",
        parse=_read_flag,
        run=_take_first_player,
        text=lambda value: "take the First Player Marker",
    ),
)
EFFECTS = Effects(ask=_ask)  # no choose or optional nodes: content that uses them is refused
for kind in KINDS:
    EFFECTS.add(kind)
