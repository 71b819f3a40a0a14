"""DinoGenics rules: the Season's steps, worker placement, the effect interpreter, rampages and damage.

The game runs as a stack of small tasks (`s.tasks`) and a list of Season steps (`STAGES`). `settle` runs
tasks and steps until one needs a decision: it then sets `s.phase`, `s.cur` and `s.ctx`, and
`legal_actions` / `step` answer that decision. Effects (action spaces, Manipulation cards, Breaking News)
are tuples of (kind, value) steps from content.toml, run one step at a time by `_run_step`.
"""

from __future__ import annotations

from dinotable.core.contract import Event
from dinotable.core.rng import next_below, shuffle
from dinotable.games.dinogenics.content import (
    CARNIVORE,
    COUNTS,
    CREDITS,
    DNA,
    FACES,
    FATALITY,
    FENCES,
    GOATS,
    HERBIVORE,
    MANIPULATION,
    MAX_OPTIONS,
    MAX_PARK,
    NAIVE_VISITOR,
    SCANDALS,
    VISITORS,
    VP,
    Content,
)
from dinotable.games.dinogenics.park import OPEN, cells_of

# Per-seat counters in s.res (the first six are the content's resources, in the same order).
WORKERS = 6
WIDTH = 7

# Decisions.
NONE, PLACE, CHOOSE, CREATE, PICK, HABITAT, BUILD, FACILITY, FACILITY_CELL, REPAIR, TARGET = range(11)
CARD, OPPONENT, CITY, BONUS, MUTANT, OUTSOURCE, OVER = range(11, 18)
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
)
# What a PICK decision picks DNA cards for.
MUTANT_SET, KEEP, BONEYARD, BUY, SELL, DISCARD = range(6)
PICK_NAMES = ("for the mutant", "to keep", "from the Boneyard", "to buy", "to sell", "to discard")
# City Center choices, and the three kinds each may be taken once.
FENCE_CHOICE, FACILITY_CHOICE, REPAIR_CHOICE, BUY_CHOICE, SELL_CHOICE = range(5)
CITY_NAMES = ("Gain 3 fences", "Buy a facility", "Repair a structure", "Buy DNA", "Sell DNA")
CITY_KIND = (1, 2, 2, 4, 4)

# A dinosaur is species | cell << CELL | flags << FLAGS (a species index in 5 bits, a park cell in 4).
SPECIES, CELL, FLAGS = 31, 5, 9
RAMPAGED, NEW, HUNGRY = 1, 2, 4
# A facility is type | place << 6 | damaged << 11; places below COMMERCIAL are park cells (at most 16),
# from COMMERCIAL on the commercial sector's spaces.
COMMERCIAL = MAX_PARK
DAMAGED = 1 << 11
DOME = 100  # habitat key of a Biodome: DOME + its cell
DRAWN_STACKS = 3  # the City Center's 2nd-4th facility stacks, drawn from the bag (the 1st: Basic Hotels)


class ActionIds:
    """The action-id layout: one block per kind of decision."""

    def __init__(self, c: Content, geo) -> None:
        self.done = 0
        self.space = 1
        self.species = self.space + len(c.spaces)
        self.dna = self.species + len(c.species)
        self.cell = self.dna + len(c.species)
        self.pen = self.cell + geo.num_cells
        self.stack = self.pen + len(geo.rectangles)
        self.max_facilities = geo.num_cells + c.numbers["commercial_spaces"]
        self.struct = self.stack + 1 + DRAWN_STACKS  # facilities by position, then fences by edge
        self.manip = self.struct + self.max_facilities + len(geo.edges)
        self.seat = self.manip + len(c.manipulation)
        self.menu = self.seat + c.numbers["max_players"]
        self.option = self.menu + len(CITY_NAMES)
        self.total = self.option + MAX_OPTIONS


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
        self.herbivore = tuple(sp.diet == HERBIVORE for sp in c.species)
        self.with_dna = tuple(k for k, n in enumerate(c.dna_deck) if n)
        self.hotel = next(f.index for f in c.facilities if f.stack)


# ------------------------------------------------------------------------------------------------------
# Reading a park


def regions(s, seat: int):
    return s.geo.regions(s.fence[seat] & ~s.broken[seat], s.fcells[seat])


def facility_at(s, seat: int, cell: int) -> int:
    for code in s.facs[seat]:
        if (code >> 6) & 31 == cell:
            return code
    return -1


def room(s, seat: int) -> int:
    """Visitors the park can hold: the Visitor Center and every undamaged hotel."""
    rooms = s.c.numbers["visitor_center"]
    facilities = s.c.facilities
    for code in s.facs[seat]:
        if not code & DAMAGED:
            rooms += facilities[code & 63].rooms
    return rooms


def hand_limit(s, seat: int) -> int:
    facilities = s.c.facilities
    return s.c.numbers["hand_limit"] + sum(facilities[f & 63].hand_limit for f in s.facs[seat] if not f & DAMAGED)


def hand_size(s, seat: int) -> int:
    k = len(s.c.species)
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
    bronto, anky, ptero = t.bronto, t.anky, t.ptero
    for key, members in groups.items():
        kinds = [dinos[i] & SPECIES for i in members]
        if key == OPEN:
            # A Brontosaurus lives in open space, alone with its own species there (an Ankylosaurus may
            # share with it, though it is not enclosed itself).
            others = any(k != bronto and k != anky for k in kinds)
            for i, k in zip(members, kinds, strict=True):
                bad[i] = k != bronto or others
            continue
        if key >= DOME:
            dome = facility_at(s, seat, key - DOME)
            fits = not dome & DAMAGED and len(members) <= 2
        else:
            fits = sum(t.pen[k] for k in kinds) <= bin(areas[key][0]).count("1")
        mixed = len({k for k in kinds if k != anky}) > 1
        for i, k in zip(members, kinds, strict=True):
            bad[i] = not fits or k == bronto or (k == ptero and key < DOME) or (mixed and k != anky)
    return bad


def dinosaur_value(s, seat: int, keys: list[int] | None = None) -> int:
    """The Dinosaur Value track: each dinosaur's VP, +1 per two Triceratops sharing a pen, at most 30."""
    dinos = s.dinos[seat]
    t = s.t
    value = sum(t.vp[code & SPECIES] for code in dinos)
    if keys is None:
        keys = habitat_keys(s, seat)
    trikes: dict[int, int] = {}
    for code, key in zip(dinos, keys, strict=True):
        if code & SPECIES == t.trike and key != OPEN:
            trikes[key] = trikes.get(key, 0) + 1
    value += sum(n // 2 for n in trikes.values())
    return min(value, s.c.numbers["dinosaur_value_max"])


def reputation(s, seat: int) -> int:
    species = s.c.species
    facilities = s.c.facilities
    rep = sum(species[code & SPECIES].reputation for code in s.dinos[seat])
    rep += sum(facilities[f & 63].reputation for f in s.facs[seat] if not f & DAMAGED)
    return rep - s.res[seat * WIDTH + SCANDALS]


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
        return sum(1 for d in dinos if s.t.eats_goats[d & SPECIES])
    if name == "species":
        return len({d & SPECIES for d in dinos})
    if name == "facilities":
        return len(s.facs[seat])
    if name == "visitors":
        return s.res[seat * WIDTH + VISITORS]
    return sum(improper(s, seat))  # "improper"


# ------------------------------------------------------------------------------------------------------
# What can be done


def creatable(s, seat: int, short: int) -> list[int]:
    """Species this seat can create from its hand with a set `short` cards short."""
    c, t = s.c, s.t
    k = len(c.species)
    hand = s.dna[seat * k : seat * k + k]
    if not any(hand) or not _has_habitat(s, seat):
        return []
    out = [sp for sp in t.with_dna if hand[sp] and hand[sp] >= c.species[sp].dna - short]
    # A mutant's set shows as many species as it has cards.
    if sum(1 for n in hand if n) >= c.species[t.mutant].dna - short:
        out.append(t.mutant)
    return out


def _has_habitat(s, seat: int) -> bool:
    """A park space without a facility (a pen or open space), or an undamaged Biodome."""
    if s.fcells[seat] != (1 << s.geo.num_cells) - 1:
        return True
    return any(s.c.facilities[f & 63].biodome and not f & DAMAGED for f in s.facs[seat])


def _habitats(s, seat: int) -> tuple[list[int], list[int]]:
    """Where a new dinosaur may go: (a cell standing for each pen, Biodome and open space; pens to build)."""
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


def _commercial_free(s, seat: int) -> int:
    used = {(f >> 6) & 31 for f in s.facs[seat]}
    for slot in range(s.c.numbers["commercial_spaces"]):
        if COMMERCIAL + slot not in used:
            return COMMERCIAL + slot
    return -1


def offers(s, seat: int, discount: int, budget: int) -> list[int]:
    """City Center stacks (0 = Basic Hotels) whose top facility this seat can buy and place."""
    out = []
    facilities = s.c.facilities
    park_ok = commercial_ok = None
    for i in range(1 + DRAWN_STACKS):
        f = (s.t.hotel if s.hotels_left else -1) if i == 0 else (s.stacks[i - 1][-1] if s.stacks[i - 1] else -1)
        if f < 0 or max(0, facilities[f].cost - discount) > budget:
            continue
        if facilities[f].park:
            if park_ok is None:
                park_ok = bool(facility_cells(s, seat))
            if park_ok:
                out.append(i)
        else:
            if commercial_ok is None:
                commercial_ok = _commercial_free(s, seat) >= 0
            if commercial_ok:
                out.append(i)
    return out


def repair_cost(s, code_or_edge: int, is_fence: bool, discount: int) -> int:
    if is_fence:
        cost = s.c.numbers["repair_fence"]
    else:
        cost = (s.c.facilities[code_or_edge & 63].cost + 1) // 2
    return max(0, cost - discount)


def repairs(s, seat: int, discount: int, budget: int) -> list[int]:
    """Structure ids (facility positions, then fence edges) this seat can repair."""
    out = [i for i, f in enumerate(s.facs[seat]) if f & DAMAGED and repair_cost(s, f, False, discount) <= budget]
    if s.broken[seat] and repair_cost(s, 0, True, discount) <= budget:
        base = s.ids.max_facilities
        out += [base + e for e in range(len(s.geo.edges)) if s.broken[seat] >> e & 1]
    return out


def playable(s, seat: int, budget: int | None = None) -> list[int]:
    m = len(s.c.manipulation)
    hand = s.manip[seat * m : seat * m + m]
    cards = s.c.manipulation
    if budget is None:
        budget = s.res[seat * WIDTH + CREDITS]
    return [k for k in range(m) if hand[k] and can(s, seat, cards[k].steps, budget)]


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
            if not playable(s, seat, budget):
                return False
        elif kind == "outsource":
            if depth or not outsource_spaces(s, seat, budget):
                return False
        elif kind == "choose":
            if not any(can(s, seat, option, budget, depth) for option in value):
                return False
        elif kind in ("opponent", "each_opponent") and s.num_players < 2:
            return False
    return True


def space_open(s, space: int) -> bool:
    sp = s.c.spaces[space]
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
    own = s.outsource
    return [
        sp.index
        for sp in s.c.spaces
        if not sp.news and sp.index != own and space_open(s, sp.index) and can(s, seat, sp.steps, budget, 1)
    ]


def placements(s, seat: int) -> list[int]:
    budget = s.res[seat * WIDTH + CREDITS]
    return [
        sp.index
        for sp in s.c.spaces
        if space_open(s, sp.index) and free_slot(s, sp.index) >= 0 and can(s, seat, sp.steps, budget)
    ]


# ------------------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(s) -> list[int]:
    phase = s.phase
    ids = s.ids
    seat = s.cur
    if phase == PLACE:
        return [ids.space + i for i in placements(s, seat)]
    if phase == CHOOSE:
        budget = s.res[seat * WIDTH + CREDITS]
        return [ids.option + i for i, option in enumerate(s.ctx[0]) if can(s, seat, option, budget)]
    if phase == CREATE:
        return [ids.species + k for k in creatable(s, seat, s.ctx[0])]
    if phase == PICK:
        return _pick_legal(s, seat)
    if phase == HABITAT:
        cells, pens = _habitats(s, seat)
        return [ids.cell + cell for cell in cells] + [ids.pen + i for i in pens]
    if phase == BUILD:
        return [ids.done] + [ids.pen + i for i in buildable(s, seat)]
    if phase == FACILITY:
        return [ids.stack + i for i in offers(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == FACILITY_CELL:
        return [ids.cell + cell for cell in facility_cells(s, seat)]
    if phase == REPAIR:
        return [ids.struct + i for i in repairs(s, seat, s.ctx[0], s.res[seat * WIDTH + CREDITS])]
    if phase == TARGET:
        return [ids.struct + i for i, f in enumerate(s.facs[seat]) if not f & DAMAGED]
    if phase == CARD:
        return [ids.manip + k for k in playable(s, seat)]
    if phase == OPPONENT:
        return [ids.seat + p for p in range(s.num_players) if p != seat]
    if phase == CITY:
        return [ids.done] + [ids.menu + i for i in _city_choices(s, seat, s.ctx[0])]
    if phase in (BONUS, MUTANT):
        return [ids.done, ids.option]
    if phase == OUTSOURCE:
        return [ids.space + i for i in outsource_spaces(s, seat, s.res[seat * WIDTH + CREDITS])]
    return []


def _pick_legal(s, seat: int) -> list[int]:
    purpose, left, arg, picked = s.ctx
    ids = s.ids
    k = len(s.c.species)
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
    if purpose == MUTANT_SET:
        held = [sp for sp in held if not arg >> sp & 1]  # one card of each species
    return [ids.dna + sp for sp in held]


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
    if not used & 4:
        if s.market and budget >= s.c.numbers["market_buy"]:
            out.append(BUY_CHOICE)
        if hand_size(s, seat):
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
        space = action - ids.space
        s.occ[free_slot(s, space)] = seat
        s.res[seat * WIDTH + WORKERS] -= 1
        s.turn = (s.order.index(seat) + 1) % s.num_players
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
        _add_facility(s, seat, ctx[0], action - ids.cell, events)
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
            s.res[seat * WIDTH + GOATS] -= s.c.numbers["mutant_goats"]
            s.tasks.append(("mutants", seat, ctx[0] - 1))
            s.tasks.append(("place", seat, s.t.mutant, NEW))
    elif phase == OUTSOURCE:
        space = action - ids.space
        events.append(_event("outsource", seat, space=s.c.spaces[space].key))
        _use_space(s, seat, space)


def _use_space(s, seat: int, space: int) -> None:
    steps = s.c.spaces[space].steps
    if s.active >= 0:
        bonus = s.c.news[s.active].bonus
        if bonus and bonus[0] == space:
            steps = steps + (("gain", bonus[1]),)
    s.tasks.append(("steps", seat, steps, 0))


def _event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


# ------------------------------------------------------------------------------------------------------
# The effect interpreter


def _run_steps(s, task, events) -> None:
    _, seat, steps, i = task
    if i >= len(steps):
        return
    s.tasks.append(("steps", seat, steps, i + 1))
    kind, value = steps[i]
    res = s.res
    base = seat * WIDTH
    if kind == "gain":
        _gain(s, seat, value, events)
    elif kind == "lose":
        _lose(s, seat, value, events)
    elif kind == "pay":
        res[base + CREDITS] -= value
    elif kind == "draw_keep":
        drawn = tuple(_draw_dna(s, value[0]))
        if drawn:
            s.tasks.append(("limit", seat))
            _decide(s, seat, PICK, (KEEP, min(value[1], len(drawn)), drawn, 0))
    elif kind == "boneyard":
        s.tasks.append(("limit", seat))
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
        for p in range(s.num_players):
            if p != seat:
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
    for r, n in gains:
        if r == DNA:
            k = len(s.c.species)
            for sp in _draw_dna(s, n):
                s.dna[seat * k + sp] += 1
            s.tasks.append(("limit", seat))
        elif r == MANIPULATION:
            m = len(s.c.manipulation)
            for card in _draw_manipulation(s, n):
                s.manip[seat * m + card] += 1
        elif r == VISITORS:
            n = min(n, room(s, seat) - s.res[base + VISITORS])
            if n > 0:
                s.res[base + VISITORS] += n
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
            width = len(s.c.species) if r == DNA else len(s.c.manipulation)
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


def _affect(s, seat: int, target: int, effect: tuple, events) -> None:
    """An opponent gains, loses, or has taken from it (steal), as a card says."""
    gains, losses, steals = effect
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
                s.dna[seat * len(s.c.species) + sp] += 1
            s.tasks.append(("limit", seat))
        else:
            s.res[seat * WIDTH + r] += taken[0]
    events.append(_event("affect", seat, target=target))


def _scandal(s, seat: int, n: int, events) -> None:
    if n > 0:
        s.res[seat * WIDTH + SCANDALS] += n
        events.append(_event("scandal", seat, scandals=n))


def _draw_dna(s, n: int) -> list[int]:
    out = []
    for _ in range(n):
        if not s.dna_deck:
            if not s.dna_discard:
                break
            s.dna_deck, s.dna_discard = s.dna_discard, []
            s.rng = shuffle(s.rng, s.dna_deck)
        out.append(s.dna_deck.pop())
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
    need = s.c.numbers["market_size"] - len(s.market)
    if need > 0:
        s.market.extend(_draw_dna(s, need))


# ------------------------------------------------------------------------------------------------------
# DNA cards


def _pick(s, seat: int, action: int, events) -> None:
    purpose, left, arg, _ = s.ctx
    ids = s.ids
    k = len(s.c.species)
    if action == ids.done:
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
    elif purpose == BUY:
        s.market.remove(sp)
        _refill_market(s)
        s.dna[seat * k + sp] += 1
        s.res[seat * WIDTH + CREDITS] -= arg
    elif purpose == SELL:
        s.dna[seat * k + sp] -= 1
        s.dna_discard.append(sp)
        s.res[seat * WIDTH + CREDITS] += arg
    elif purpose == DISCARD:
        s.dna[seat * k + sp] -= 1
        s.dna_discard.append(sp)
    elif purpose == MUTANT_SET:
        s.dna[seat * k + sp] -= 1
        s.dna_discard.append(sp)
        arg |= 1 << sp
        if left == 1:
            s.tasks.append(("place", seat, s.t.mutant, 0))
            return
    if left > 1:
        _decide(s, seat, PICK, (purpose, left - 1, arg, 1))
        # An optional pick with nothing left to pick ends by itself.
        if purpose in (BONEYARD, BUY, SELL) and len(_pick_legal(s, seat)) <= 1:
            s.phase = NONE


def _limit(s, task, events) -> None:
    seat = task[1]
    over = hand_size(s, seat) - hand_limit(s, seat)
    if over > 0:
        _decide(s, seat, PICK, (DISCARD, over, 0, 0))


def _create(s, seat: int, species: int, short: int) -> None:
    c = s.c
    if species == s.t.mutant:
        _decide(s, seat, PICK, (MUTANT_SET, c.species[species].dna - short, 0, 0))
        return
    k = len(c.species)
    n = max(1, c.species[species].dna - short)
    s.dna[seat * k + species] -= n
    s.dna_discard.extend([species] * n)
    s.tasks.append(("place", seat, species, 0))


def _place_task(s, task, events) -> None:
    _, seat, species, flags = task
    _decide(s, seat, HABITAT, (species, flags))


def _place_dinosaur(s, seat: int, species: int, cell: int, flags: int, events) -> None:
    s.dinos[seat] = (*s.dinos[seat], species | cell << CELL | flags << FLAGS)
    kind = "breed" if flags & NEW else "create"
    events.append(_event(kind, seat, species=s.c.species[species].key, cell=s.geo.cell_names[cell]))
    # The rampage check on placement: the new dinosaur and those sharing its area.
    keys = habitat_keys(s, seat)
    bad = improper(s, seat, keys)
    mine = keys[-1]
    for i in range(len(keys) - 1, -1, -1):
        if bad[i] and keys[i] == mine and not (s.dinos[seat][i] >> FLAGS) & RAMPAGED:
            s.tasks.append(("rampage", seat, i))


# ------------------------------------------------------------------------------------------------------
# Fences and facilities


def _build(s, seat: int, rect: int, events) -> None:
    _, perimeter, _ = s.geo.rectangles[rect]
    new = perimeter & ~s.fence[seat]
    s.res[seat * WIDTH + FENCES] -= bin(new).count("1")
    s.fence[seat] |= new
    events.append(_event("pen", seat, cells=[s.geo.cell_names[c] for c in cells_of(s.geo.rectangles[rect][0])]))


def _buy_facility(s, seat: int, stack: int, discount: int, events) -> None:
    if stack == 0:
        f = s.t.hotel
        s.hotels_left -= 1
    else:
        pile = list(s.stacks[stack - 1])
        f = pile.pop()
        if not pile and s.bag:
            pile.append(s.bag.pop())  # 'If a stack ever empties during play, immediately draw a tile for it.'
        s.stacks[stack - 1] = tuple(pile)
    s.res[seat * WIDTH + CREDITS] -= max(0, s.c.facilities[f].cost - discount)
    if s.c.facilities[f].park:
        _decide(s, seat, FACILITY_CELL, (f,))
    else:
        _add_facility(s, seat, f, _commercial_free(s, seat), events)


def _add_facility(s, seat: int, f: int, place: int, events) -> None:
    s.facs[seat] = (*s.facs[seat], f | place << 6)
    if place < COMMERCIAL:
        s.fcells[seat] |= 1 << place
    events.append(_event("facility", seat, facility=s.c.facilities[f].key))


def _repair(s, seat: int, struct: int, discount: int, events) -> None:
    top = s.ids.max_facilities
    if struct >= top:
        s.broken[seat] &= ~(1 << (struct - top))
        s.res[seat * WIDTH + CREDITS] -= repair_cost(s, 0, True, discount)
    else:
        code = s.facs[seat][struct]
        s.res[seat * WIDTH + CREDITS] -= repair_cost(s, code, False, discount)
        facs = list(s.facs[seat])
        facs[struct] = code & ~DAMAGED
        s.facs[seat] = tuple(facs)
    events.append(_event("repair", seat, structure=struct))


def _city_task(s, task, events) -> None:
    _decide(s, task[1], CITY, (task[2],))


def _city(s, seat: int, choice: int, used: int) -> None:
    s.tasks.append(("city", seat, used | CITY_KIND[choice]))
    n = s.c.numbers
    if choice == FENCE_CHOICE:
        s.tasks.append(("steps", seat, (("gain", ((FENCES, n["fences_gained"]),)), ("build", True)), 0))
    elif choice == FACILITY_CHOICE:
        _decide(s, seat, FACILITY, (0,))
    elif choice == REPAIR_CHOICE:
        _decide(s, seat, REPAIR, (0,))
    elif choice == BUY_CHOICE:
        s.tasks.append(("limit", seat))
        _decide(s, seat, PICK, (BUY, n["market_buy_cards"], n["market_buy"], 0))
    else:
        _decide(s, seat, PICK, (SELL, n["market_sell_cards"], n["market_sell"], 0))


# ------------------------------------------------------------------------------------------------------
# Rampages and damage


def _rampage(s, task, events) -> None:
    _, seat, i = task
    code = s.dinos[seat][i]
    s.dinos[seat] = (*s.dinos[seat][:i], code | RAMPAGED << FLAGS, *s.dinos[seat][i + 1 :])
    species = code & SPECIES
    faces = []
    for _ in range(2 if species == s.t.trex else 1):
        s.rng, roll = next_below(s.rng, len(s.c.rampage_die))
        faces.append(s.c.rampage_die[roll])
    events.append(_event("rampage", seat, species=s.c.species[species].key, faces=[FACES[f] for f in faces]))
    # Both dice of a T-Rex apply, in the order rolled.
    for face in reversed(faces):
        s.tasks.append(("face", seat, i, face))


def _face(s, task, events) -> None:
    _, seat, i, face = task
    base = seat * WIDTH
    if face == NAIVE_VISITOR:
        if s.res[base + VISITORS]:
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


def _damage(s, task, events) -> None:
    _, seat, i = task
    targets = [j for j, f in enumerate(s.facs[seat]) if not f & DAMAGED]
    if len(targets) > 1:
        _decide(s, seat, TARGET)
    elif targets:
        _damage_facility(s, seat, targets[0], events)
    else:
        _damage_fence(s, seat, i, events)


def _damage_facility(s, seat: int, j: int, events) -> None:
    facs = list(s.facs[seat])
    facs[j] |= DAMAGED
    s.facs[seat] = tuple(facs)
    events.append(_event("damage", seat, facility=s.c.facilities[facs[j] & 63].key))
    # Hotels' visitors who no longer have a room die.
    _kill_visitors(s, seat, s.res[seat * WIDTH + VISITORS] - room(s, seat), events)


def _damage_fence(s, seat: int, i: int, events) -> None:
    geo = s.geo
    cell = (s.dinos[seat][i] >> CELL) & 15
    area_of, areas = regions(s, seat)
    standing = s.fence[seat] & ~s.broken[seat]
    best = -1
    if area_of[cell] >= 0 and areas[area_of[cell]][1]:
        cells = areas[area_of[cell]][0]
        # Fences around the dinosaur's area: board-edge ones first, then the one nearest the board edge.
        for c in cells_of(cells):
            for bit, other in geo.sides[c]:
                if standing & bit and (other < 0 or not cells >> other & 1):
                    e = bit.bit_length() - 1
                    if best < 0 or geo.edge_depth[e] < geo.edge_depth[best]:
                        best = e
    if best >= 0:
        s.broken[seat] |= 1 << best
        events.append(_event("damage", seat, fence=geo.edge_names[best]))
    else:
        # The Visitor Center is repaired at once, for an extra Scandal.
        events.append(_event("damage", seat, visitor_center=True))
        _scandal(s, seat, 1, events)


# ------------------------------------------------------------------------------------------------------
# The Season


def _order(s, events) -> None:
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
    # A dinosaur rampages at most once in each phase.
    for p in range(s.num_players):
        s.dinos[p] = tuple(code & ~((RAMPAGED | NEW | HUNGRY) << FLAGS) for code in s.dinos[p])


def _visitors(s, events) -> None:
    column = s.c.visitors[s.num_players][s.season]
    for position, seat in enumerate(s.order):
        _gain(s, seat, ((VISITORS, column[position]),), events)
    s.pool = s.c.bonus_visitors[s.season]
    s.bonus_first = s.c.numbers["first_bonus_visitors"]
    s.bonus_pos = 0
    s.bonus_out = 0


def _bonus(s, events) -> bool:
    """One offer of a bonus visitor; False once the pool is empty or nobody can or will take one."""
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
    for p in range(s.num_players):
        s.res[p * WIDTH + CREDITS] += per * s.res[p * WIDTH + VISITORS]


def _news(s, events) -> None:
    s.active = s.upcoming
    s.upcoming = s.news_deck.pop() if s.news_deck else -1
    if s.active < 0:
        return
    card = s.c.news[s.active]
    events.append(_event("news", None, card=card.number, name=card.name))
    if card.refresh_market:
        s.dna_discard.extend(s.market)
        s.market.clear()
    if card.each_player:
        for seat in reversed(s.order):
            s.tasks.append(("steps", seat, card.each_player, 0))


def _city_stacks(s, events) -> None:
    for i in range(DRAWN_STACKS):
        if s.bag:
            s.stacks[i] = (*s.stacks[i], s.bag.pop())
    _refill_market(s)


def _workers(s, events) -> bool:
    """Offer the next worker in player order; False when nobody has one left."""
    n = s.num_players
    for step_ in range(n):
        position = (s.turn + step_) % n
        seat = s.order[position]
        base = seat * WIDTH
        if s.res[base + WORKERS] > 0:
            if placements(s, seat):
                s.turn = position
                _decide(s, seat, PLACE)
                return True
            s.res[base + WORKERS] = 0  # nowhere to go: the worker stays home
            events.append(_event("stay_home", seat))
    return False


def _feed(s, events) -> None:
    for seat in range(s.num_players):
        dinos = s.dinos[seat]
        needs = sorted(
            (s.c.species[code & SPECIES].goats, i) for i, code in enumerate(dinos) if s.t.eats_goats[code & SPECIES]
        )
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


def _mutants_task(s, task, events) -> None:
    _, seat, left = task
    if left > 0 and s.res[seat * WIDTH + GOATS] >= s.c.numbers["mutant_goats"]:
        _decide(s, seat, MUTANT, (left,))


def _rampage_checks(s, events) -> None:
    for seat in reversed(s.order):
        bad = improper(s, seat)
        for i in range(len(bad) - 1, -1, -1):
            code = s.dinos[seat][i]
            if (bad[i] or (code >> FLAGS) & HUNGRY) and not (code >> FLAGS) & RAMPAGED:
                s.tasks.append(("rampage", seat, i))


def _upkeep_start(s, events) -> None:
    for p in range(s.num_players):
        s.dinos[p] = tuple(code & ~(RAMPAGED << FLAGS) for code in s.dinos[p])
    _feed(s, events)


def _leave(s, events) -> None:
    per = s.c.numbers["vp_per_two_visitors"]
    for p in range(s.num_players):
        v = s.res[p * WIDTH + VISITORS]
        s.res[p * WIDTH + VP] += per * (v // 2)
        s.res[p * WIDTH + VISITORS] = 0


def upkeep_income(s, seat: int) -> list[tuple[int, int]]:
    """What the park earns in an Upkeep besides its Dinosaur Value: (resource, amount) from undamaged
    facilities (their own and per dinosaur of a species) and 1 credit per Stegosaurus."""
    facilities = s.c.facilities
    kinds = [code & SPECIES for code in s.dinos[seat]]
    income = [(CREDITS, kinds.count(s.t.stego))] if s.t.stego in kinds else []
    for f in s.facs[seat]:
        if f & DAMAGED:
            continue
        fac = facilities[f & 63]
        income += fac.upkeep
        have = kinds.count(fac.per_species) if fac.per_species >= 0 else 0
        if have and fac.per_vp:
            income.append((VP, fac.per_vp * have))
        if have and fac.per_credits:
            income.append((CREDITS, fac.per_credits * have))
    return income


def _seasonal_vp(s, events) -> None:
    for p in range(s.num_players):
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
        for p in range(s.num_players):
            s.res[p * WIDTH + WORKERS] = s.c.workers_in(s.num_players, s.season + 1)


def _next(s, events) -> None:
    if s.season >= s.c.numbers["seasons"]:
        s.over = True
        s.phase = OVER
        s.cur = None
        events.append(_event("game_over", None))
        return
    s.season += 1
    s.stage = -1  # the next Open Season starts at step 1


# Season steps in order; a step returning True has set a decision and runs again after it.
STAGES = (
    ("order", _order),
    ("visitors", _visitors),
    ("bonus", _bonus),
    ("income", _income),
    ("news", _news),
    ("facilities", _city_stacks),
    ("workers", _workers),
    ("feed", _upkeep_start),
    ("rampage", _rampage_checks),
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
