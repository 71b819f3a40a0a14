"""Tiny Epic Dinosaurs rules: the round's phases, legal actions and their effects.

One decision at a time: placing a Dinofarmer, a choice inside an action space (a species, a Research
card, a Contract, a trade), a Barrier or a dinosaur on the Farm, feeding one dinosaur, an escape penalty.
The simultaneous phases (Adapt the Farm, Feed, Breeding) are played seat by seat from the first player;
nothing decided there is hidden. The solo Rival is played here, inside apply, from the state's generator.
"""

from __future__ import annotations

from dinotable.core.contract import Event
from dinotable.core.rng import next_below, shuffle
from dinotable.games.tiny_epic_dinosaurs.content import (
    CARNIVORE,
    DAMAGE,
    EGG,
    HERBIVORE,
    MEAT,
    OMNIVORE,
    PLANT,
)
from dinotable.games.tiny_epic_dinosaurs.farm import OPEN, zones

KEEP, PLACE, CHOOSE, ADAPT, FEED, ESCAPE, NEWBORN, OVER = range(8)
PHASE_NAMES = (
    "choosing a Private Contract to keep",
    "Allocate Dinofarmers",
    "performing an action",
    "Adapt the Farm",
    "Feed Dinosaurs",
    "Dinosaur Escape",
    "Breeding: placing newly hatched dinosaurs",
    "game over",
)
UNIQUE = 4  # a Farm space or an escaping dinosaur holds UNIQUE + Research card for a Unique Dinosaur
EMPTY = -1
HERB_PENALTY, CARN_PENALTY = 1, 2
# Escape resolution stages: which decision is open.
OMNI_CHOICE, VICTIM, BARRIER_REMOVAL = range(3)


class ActionIds:
    """The layout of action ids: one fixed range per kind of decision, sized from the content."""

    def __init__(self, c) -> None:
        cells, edges = c.geometry.num_cells, c.geometry.num_edges
        self.max_slots = max(len(v) for v in c.spaces_for.values())
        sizes = (
            ("place", 2 * self.max_slots),  # slot * 2 + (1 with the Foreman)
            ("species", 4),  # the species to hunt or buy
            ("research", c.numbers["research_row"]),  # a Research row position
            ("contract", len(c.contracts)),  # a Contract to fulfil, or a Private Contract to keep
            ("trade", 9),  # pay resource * 3 + gain resource
            ("fence", edges),  # a Barrier on an edge
            ("put", 4 * cells),  # a common dinosaur: species * cells + space
            ("put_unique", len(c.research) * cells),  # a Unique Dinosaur: card * cells + space
            ("lift", cells),  # take a dinosaur back off the Farm to move it
            ("done", 1),  # done adapting the Farm
            ("feed", 2 * cells),  # space * 2 + (0 plant, 1 meat)
            ("eat", cells),  # carnivore penalty: the dinosaur on a space
            ("eat_common", 4),  # carnivore penalty: an escaping common dinosaur of a species
            ("eat_unique", len(c.research)),  # carnivore penalty: an escaping Unique Dinosaur
            ("unfence", edges),  # herbivore penalty: the Barrier removed
            ("omni", 2),  # escaping omnivores count as herbivores (0) or carnivores (1)
        )
        start = 0
        self.ranges = {}
        self._kinds: list[tuple[str, int]] = []  # per id: its kind and offset
        for name, size in sizes:
            setattr(self, name, start)
            self.ranges[name] = (start, start + size)
            self._kinds += [(name, offset) for offset in range(size)]
            start += size
        self.total = start

    def kind(self, action: int) -> tuple[str, int]:
        return self._kinds[action]


# ------------------------------------------------------------------------------------------ helpers
def farm_zones(s, seat: int) -> tuple[int, ...]:
    return zones(s.c.geometry, s.c.farms[s.farm[seat]].dotted, s.fence[seat])


def order_from_first(s) -> tuple[int, ...]:
    """The seats in turn order from the First Player Marker (the solo Rival is not a seat)."""
    first = s.first if s.first < s.num_players else 0
    return tuple((first + i) % s.num_players for i in range(s.num_players))


def diet(c, code: int) -> int:
    return c.species[code].diet if code < UNIQUE else c.research[code - UNIQUE].unique_diet


def food(c, code: int) -> int:
    return c.species[code].food if code < UNIQUE else c.research[code - UNIQUE].unique_food


def gain_resource(s, seat: int, r: int, amount: int) -> int:
    """Moves a resource marker up, stopping at 13; returns what was actually gained."""
    i = seat * 3 + r
    new = min(s.res[i] + amount, s.c.numbers["track_max"])
    got = new - s.res[i]
    s.res[i] = new
    return got


def gain_barriers(s, seat: int, amount: int) -> int:
    got = min(amount, s.barrier_supply)
    s.barrier_supply -= got
    s.barriers[seat] += got
    return got


def ability(s, seat: int, name: str) -> int:
    return sum(getattr(s.c.research[card], name) for card in s.owned[seat])


def farm_counts(s, seat: int) -> list[int]:
    """Common dinosaurs on the Farm by species, and Unique Dinosaurs as the fifth count."""
    n = s.c.geometry.num_cells
    counts = [0] * 5
    for code in s.cells[seat * n : (seat + 1) * n]:
        if code >= 0:
            counts[min(code, UNIQUE)] += 1
    return counts


def entry_strength(here) -> int:
    """What it takes to enter a space: 1 if empty, else one more than the strongest holder there."""
    most = max(here)
    return most + 1 if most else 1


def space_cost(s, seat: int, space) -> tuple[int, int, int]:
    cost = space.cost
    if space.is_market and any(cost):
        off = ability(s, seat, "market_discount")
        if off:
            cost = tuple(max(0, v - off) for v in cost)
    return cost


# ----------------------------------------------------------------------------------- step options
def step_options(s, seat: int, step: tuple, res=None) -> list[int]:
    """The choices a step offers (action ids), with resources `res` (by default the seat's own);
    [] if it cannot be performed."""
    ids, kind = s.ids, step[0]
    if res is None:
        res = s.res[seat * 3 : seat * 3 + 3]
    if kind in ("hunt", "dinosaur"):
        return [ids.species + k for k in step[1:] if s.supply[k] > 0]
    if kind == "research":
        research = s.c.research
        return [
            ids.research + i
            for i, k in enumerate(s.research_row)
            if all(res[r] >= research[k].cost[r] for r in range(3))
        ]
    if kind == "contract":
        have = dinosaurs_owned(s, seat)
        return [ids.contract + k for k in contracts_open(s, seat) if can_fulfil(s, seat, k, have)]
    if kind == "trade":
        top = s.c.numbers["track_max"]
        return [ids.trade + a * 3 + b for a in range(3) for b in range(3) if a != b and res[a] and res[b] < top]
    return []


def step_performable(s, seat: int, step: tuple, res) -> bool:
    """Whether a step can be performed at least in part with resources `res` (after the space's cost)."""
    kind = step[0]
    if kind == "gain":
        top = s.c.numbers["track_max"]
        amounts = step[1]
        return any(amounts[r] and res[r] < top for r in range(3)) or bool(amounts[3] and s.barrier_supply)
    if kind == "first_player":
        return True
    return bool(step_options(s, seat, step, res))


def space_legal(s, seat: int, space, memo: dict) -> bool:
    """A Dinofarmer may go only where its cost can be paid and at least part of the action performed."""
    res = s.res[seat * 3 : seat * 3 + 3]
    cost = space_cost(s, seat, space)
    if cost == (0, 0, 0):
        # The same step on several spaces (a contract, a research) is worked out once a turn.
        for step in space.actions:
            ok = memo.get(step)
            if ok is None:
                ok = memo[step] = step_performable(s, seat, step, res)
            if ok:
                return True
        return False
    if cost[0] > res[0] or cost[1] > res[1] or cost[2] > res[2]:
        return False
    res = [res[0] - cost[0], res[1] - cost[1], res[2] - cost[2]]
    return any(step_performable(s, seat, step, res) for step in space.actions)


def contracts_open(s, seat: int):
    yield from s.public_row
    yield from s.private[seat]


def can_fulfil(s, seat: int, k: int, have: list[int] | None = None) -> bool:
    """Whether the seat's Farm and Containment Zone hold a Contract's dinosaurs (`have`: see dinosaurs_owned)."""
    contract = s.c.contracts[k]
    have = have or dinosaurs_owned(s, seat)
    need = contract.need
    return (
        need[0] <= have[0] and need[1] <= have[1] and need[2] <= have[2] and need[3] <= have[3]
    ) and contract.unique <= have[UNIQUE]


def dinosaurs_owned(s, seat: int) -> list[int]:
    """Common dinosaurs by species on the Farm and in the Containment Zone, then the Unique ones."""
    have = farm_counts(s, seat)
    for k in range(4):
        have[k] += s.hold[seat * 4 + k]
    have[UNIQUE] += len(s.hold_unique[seat])
    return have


# ------------------------------------------------------------------------------------ legal actions
def legal_actions(s) -> list[int]:
    if s.over:
        return []
    phase, seat, ids = s.phase, s.cur, s.ids
    if phase == PLACE:
        cached = s.place_cache
        return list(cached[1]) if cached and cached[0] == seat else placements(s, seat)
    if phase == CHOOSE:
        return step_options(s, seat, s.choice)
    if phase == ADAPT:
        return adapt_actions(s, seat)
    if phase == FEED:
        return feed_actions(s, seat)
    if phase == NEWBORN:
        return put_actions(s, seat, s.newborns[seat * 4 : seat * 4 + 4], ())
    if phase == ESCAPE:
        return escape_actions(s, seat)
    if phase == KEEP:
        return [ids.contract + k for k in s.dealt[seat]]
    return []


def placements(s, seat: int) -> list[int]:
    out = []
    h, occ = s.holders, s.occ
    normals, foreman = s.normals[seat], s.foreman[seat]
    foreman_strength = s.c.numbers["foreman_strength"]
    spaces = s.c.spaces
    memo: dict = {}
    for slot, space in enumerate(s.slots):
        here = occ[slot * h : slot * h + h]
        if here[seat]:
            continue  # never where you already stand
        need = entry_strength(here)
        with_normals = normals >= need
        with_foreman = foreman and normals >= max(0, need - foreman_strength)
        if (with_normals or with_foreman) and space_legal(s, seat, spaces[space], memo):
            if with_normals:
                out.append(s.ids.place + slot * 2)
            if with_foreman:
                out.append(s.ids.place + slot * 2 + 1)
    return out


def zone_contents(s, seat: int) -> dict:
    """Per zone code: the set of what stands there (species, or UNIQUE for any Unique Dinosaur)."""
    n = s.c.geometry.num_cells
    zone = s.zones[seat]
    out: dict = {}
    for cell in range(n):
        code = s.cells[seat * n + cell]
        if code >= 0:
            out.setdefault(zone[cell], set()).add(min(code, UNIQUE))
    return out


def put_actions(s, seat: int, commons, uniques) -> list[int]:
    """Where dinosaurs waiting to be placed may go: commons in an Enclosure with none but their own
    species, Unique Dinosaurs anywhere without common ones."""
    n = s.c.geometry.num_cells
    zone = s.zones[seat]
    contents = zone_contents(s, seat)
    base = seat * n
    out = []
    ids = s.ids
    for k in range(4):
        if commons[k]:
            for cell in range(n):
                z = zone[cell]
                if s.cells[base + cell] == EMPTY and z < OPEN and contents.get(z, {k}) <= {k}:
                    out.append(ids.put + k * n + cell)
    for card in sorted(set(uniques)):
        for cell in range(n):
            if s.cells[base + cell] == EMPTY and contents.get(zone[cell], {UNIQUE}) <= {UNIQUE}:
                out.append(ids.put_unique + card * n + cell)
    return out


def adapt_actions(s, seat: int) -> list[int]:
    ids = s.ids
    out = put_actions(s, seat, s.hold[seat * 4 : seat * 4 + 4], s.hold_unique[seat])
    if s.barriers[seat]:
        free = s.c.farms[s.farm[seat]].dotted & ~s.fence[seat]
        out += [ids.fence + e for e in range(s.c.geometry.num_edges) if free >> e & 1]
    n = s.c.geometry.num_cells
    base = seat * n
    out += [ids.lift + cell for cell in range(n) if s.cells[base + cell] >= 0 and not s.settled >> cell & 1]
    if not any(ids.put <= a < ids.lift for a in out):
        out.append(ids.done)  # done only when nothing waiting can be placed: such dinosaurs escape
    return out


def feed_actions(s, seat: int) -> list[int]:
    n = s.c.geometry.num_cells
    base = seat * n
    plants, meat = s.res[seat * 3 + PLANT], s.res[seat * 3 + MEAT]
    fed, c = s.fed[seat], s.c
    alike = _alike(s, seat)
    out, seen = [], set()
    for cell in range(n):
        code = s.cells[base + cell]
        if code < 0 or fed >> cell & 1:
            continue
        if alike[cell] in seen:
            continue
        seen.add(alike[cell])
        d, f = diet(c, code), food(c, code)
        if d != CARNIVORE and plants >= f:
            out.append(s.ids.feed + cell * 2)
        if d != HERBIVORE and meat >= f:
            out.append(s.ids.feed + cell * 2 + 1)
    return out


def _alike(s, seat: int) -> list[tuple]:
    """Per Farm space, what tells its dinosaur apart for a choice: two common dinosaurs of one species in
    one Enclosure over the same symbol are interchangeable; a Unique Dinosaur is always its own."""
    n = s.c.geometry.num_cells
    zone, symbols = s.zones[seat], s.c.farms[s.farm[seat]].symbols
    cells = s.cells[seat * n : (seat + 1) * n]
    return [(code, zone[x], symbols[x]) if 0 <= code < UNIQUE else (code, x) for x, code in enumerate(cells)]


def escape_actions(s, seat: int) -> list[int]:
    ids = s.ids
    if s.escape_stage == OMNI_CHOICE:
        return [ids.omni, ids.omni + 1]
    if s.escape_stage == VICTIM:
        return victims(s, seat)
    return [ids.unfence + e for e in range(s.c.geometry.num_edges) if s.fence[seat] >> e & 1]


def victims(s, seat: int) -> list[int]:
    """What an escaping carnivore may take with it: any other dinosaur on the Farm or escaping."""
    ids, n = s.ids, s.c.geometry.num_cells
    base = seat * n
    alike = _alike(s, seat)
    out, seen = [], set()
    for cell in range(n):
        if s.cells[base + cell] < 0 or alike[cell] in seen:
            continue
        seen.add(alike[cell])
        out.append(ids.eat + cell)
    others = list(s.escaping)
    others.remove(_eater(s))
    for code in sorted(set(others)):
        out.append(ids.eat_common + code if code < UNIQUE else ids.eat_unique + code - UNIQUE)
    return out


def _is_carnivore(s, code: int) -> bool:
    d = diet(s.c, code)
    return d == CARNIVORE or d == OMNIVORE and s.omni_as == 1


def _is_herbivore(s, code: int) -> bool:
    d = diet(s.c, code)
    return d == HERBIVORE or d == OMNIVORE and s.omni_as == 0


def _eater(s) -> int:
    return next(code for code in s.escaping if _is_carnivore(s, code))


# ------------------------------------------------------------------------------------------ apply
def step(s, action: int, events: list) -> None:
    phase, seat, ids = s.phase, s.cur, s.ids
    s.place_cache = None
    kind, value = ids.kind(action)
    if phase == PLACE:
        place(s, seat, value // 2, value % 2 == 1, events)
    elif phase == CHOOSE:
        choose(s, seat, kind, value, events)
    elif phase == ADAPT:
        adapt(s, seat, kind, value, events)
    elif phase == FEED:
        feed(s, seat, value // 2, value % 2, events)
    elif phase == NEWBORN:
        k, cell = divmod(value, s.c.geometry.num_cells)
        s.newborns[seat * 4 + k] -= 1
        s.cells[seat * s.c.geometry.num_cells + cell] = k
    elif phase == ESCAPE:
        escape_choice(s, seat, kind, value, events)
    elif phase == KEEP:
        dealt = s.dealt[seat]
        s.private[seat] = (*s.private[seat], value)
        s.returned[seat] = tuple(k for k in dealt if k != value)
        s.private_deck.extend(s.returned[seat])
        s.dealt[seat] = ()
        s.queue = s.queue[1:]
        events.append(event("keep", seat))


def event(kind: str, seat, **detail) -> Event:
    return Event(kind, seat, detail)


def place(s, seat: int, slot: int, with_foreman: bool, events: list) -> None:
    h = s.holders
    need = entry_strength(s.occ[slot * h : slot * h + h])
    if with_foreman:
        s.foreman[seat] = False
        normals = max(0, need - s.c.numbers["foreman_strength"])
        strength = normals + s.c.numbers["foreman_strength"]
    else:
        normals = strength = need
    s.normals[seat] -= normals
    s.occ[slot * h + seat] = strength
    space = s.c.spaces[s.slots[slot]]
    events.append(event("place", seat, space=space.id, dinofarmers=normals, foreman=with_foreman))
    cost = space_cost(s, seat, space)
    for r in range(3):
        s.res[seat * 3 + r] -= cost[r]
    run_steps(s, seat, space.actions, slot, events)


def run_steps(s, seat: int, steps: tuple, slot: int, events: list) -> None:
    for i, st in enumerate(steps):
        kind = st[0]
        if kind == "gain":
            got = [gain_resource(s, seat, r, st[1][r]) for r in range(3)]
            got.append(gain_barriers(s, seat, st[1][3]))
            events.append(event("gain", seat, plant=got[0], meat=got[1], supply=got[2], barriers=got[3]))
        elif kind == "first_player":
            s.first = seat
            events.append(event("first_player", seat))
        else:
            options = step_options(s, seat, st)
            if len(options) > 1:
                s.phase, s.choice, s.pending, s.pending_slot = CHOOSE, st, steps[i + 1 :], slot
                return
            if options:
                perform(s, seat, st, options[0], slot, events)
    s.phase, s.choice, s.pending = PLACE, (), ()
    next_turn(s, events)


def choose(s, seat: int, kind: str, value: int, events: list) -> None:
    st = s.choice
    perform(s, seat, st, s.ids.ranges[kind][0] + value, s.pending_slot, events)
    run_steps(s, seat, s.pending, s.pending_slot, events)


def perform(s, seat: int, st: tuple, action: int, slot: int, events: list) -> None:
    ids = s.ids
    kind = st[0]
    if kind in ("hunt", "dinosaur"):
        k = action - ids.species
        take_dinosaur(s, seat, k)
        if kind == "hunt":
            hunt_roll(s, seat, k, slot, events)
        else:
            events.append(event("dinosaur", seat, species=s.c.species[k].key))
    elif kind == "research":
        take_research(s, seat, action - ids.research, events)
    elif kind == "contract":
        fulfil(s, seat, action - ids.contract, events)
    elif kind == "trade":
        a, b = divmod(action - ids.trade, 3)
        s.res[seat * 3 + a] -= 1
        got = gain_resource(s, seat, b, st[1])
        events.append(event("trade", seat, paid=a, gained=b, amount=got))


def take_dinosaur(s, seat: int, k: int) -> bool:
    if s.supply[k] <= 0:
        return False  # "Any effect that results in receiving this species is canceled."
    s.supply[k] -= 1
    s.hold[seat * 4 + k] += 1
    return True


def roll(s) -> int:
    s.rng, face = next_below(s.rng, len(s.c.die))
    return s.c.die[face]


def hunt_roll(s, seat: int, k: int, slot: int, events: list) -> None:
    face = roll(s)
    if face == DAMAGE and ability(s, seat, "safe_hunt"):
        events.append(event("hunt", seat, species=s.c.species[k].key, face="damage", safe=True))
        return
    if face == EGG:
        take_dinosaur(s, seat, k)
    elif face == DAMAGE:
        # The Dinofarmer(s) and the dinosaur go to Medical Leave; the space is free again.
        s.hold[seat * 4 + k] -= 1
        s.medical[seat * 4 + k] += 1
        s.occ[slot * s.holders + seat] = 0
    events.append(event("hunt", seat, species=s.c.species[k].key, face=("net", "damage", "egg")[face]))


def take_research(s, seat: int, pos: int, events: list) -> None:
    card_index = s.research_row.pop(pos)
    card = s.c.research[card_index]
    for r in range(3):
        s.res[seat * 3 + r] -= card.cost[r]
    s.owned[seat] = (*s.owned[seat], card_index)
    for r in range(3):
        gain_resource(s, seat, r, card.gain[r])
    gain_barriers(s, seat, card.gain[3])
    if card.gain_dinosaur >= 0:
        take_dinosaur(s, seat, card.gain_dinosaur)
    if card.unique_diet >= 0:
        s.hold_unique[seat] = (*s.hold_unique[seat], card_index)
    events.append(event("research", seat, card=card.name))


def fulfil(s, seat: int, k: int, events: list) -> None:
    contract = s.c.contracts[k]
    n = s.c.geometry.num_cells
    base = seat * n
    for sp in range(4):
        need = contract.need[sp]
        from_hold = min(need, s.hold[seat * 4 + sp])
        s.hold[seat * 4 + sp] -= from_hold
        need -= from_hold
        for cell in range(n - 1, -1, -1):
            if need and s.cells[base + cell] == sp:
                s.cells[base + cell] = EMPTY
                need -= 1
        s.supply[sp] += contract.need[sp]
    if contract.public:
        s.public_row.remove(k)
    else:
        s.private[seat] = tuple(p for p in s.private[seat] if p != k)
    s.fulfilled[seat] = (*s.fulfilled[seat], k)
    events.append(event("contract", seat, contract=contract.name, vp=contract.vp))


def next_turn(s, events: list) -> None:
    """The next Dinofarmer goes down clockwise. A player with none left is skipped, and so is one whose
    Dinofarmers have nowhere to go this turn (a space may free up later); the phase ends when nobody
    can place."""
    for step_ in range(1, s.holders + 1):
        h = (s.cur + step_) % s.holders
        if h == s.num_players:  # the solo Rival
            if s.rival_hand:
                s.cur = h
                return
            continue
        if not (s.normals[h] or s.foreman[h]):
            continue
        legal = placements(s, h)
        if legal:
            s.cur = h
            s.place_cache = (h, tuple(legal))  # legal_actions asks next: no need to work it out twice
            return
    s.cur = -1  # everyone is placed, or nobody left can go anywhere


# ------------------------------------------------------------------------------------ Farm phases
def lift_misplaced(s, seat: int) -> None:
    """Common dinosaurs outside an Enclosure, or sharing one with another species or a Unique
    Dinosaur (after a Barrier was lost), must be placed again: they go back to the Containment Zone."""
    n = s.c.geometry.num_cells
    base = seat * n
    zone = s.zones[seat]
    contents = zone_contents(s, seat)
    for cell in range(n):
        code = s.cells[base + cell]
        if 0 <= code < UNIQUE and (zone[cell] >= OPEN or len(contents[zone[cell]]) > 1):
            s.cells[base + cell] = EMPTY
            s.hold[seat * 4 + code] += 1


def adapt(s, seat: int, kind: str, value: int, events: list) -> None:
    n = s.c.geometry.num_cells
    if kind == "fence":
        s.barriers[seat] -= 1
        s.fence[seat] |= 1 << value
        s.zones[seat] = farm_zones(s, seat)
    elif kind == "put":
        k, cell = divmod(value, n)
        s.hold[seat * 4 + k] -= 1
        s.cells[seat * n + cell] = k
        s.settled |= 1 << cell
    elif kind == "put_unique":
        card, cell = divmod(value, n)
        held = list(s.hold_unique[seat])
        held.remove(card)
        s.hold_unique[seat] = tuple(held)
        s.cells[seat * n + cell] = UNIQUE + card
        s.settled |= 1 << cell
    elif kind == "lift":
        code = s.cells[seat * n + value]
        s.cells[seat * n + value] = EMPTY
        if code < UNIQUE:
            s.hold[seat * 4 + code] += 1
        else:
            s.hold_unique[seat] = (*s.hold_unique[seat], code - UNIQUE)
    else:  # done: what could not be placed escapes
        escaping = [k for k in range(4) for _ in range(s.hold[seat * 4 + k])]
        escaping += [UNIQUE + card for card in s.hold_unique[seat]]
        s.hold[seat * 4 : seat * 4 + 4] = [0] * 4
        s.hold_unique[seat] = ()
        s.queue = s.queue[1:]
        s.settled = 0
        begin_escape(s, seat, escaping, ADAPT, events)


def feed(s, seat: int, cell: int, meat: int, events: list) -> None:
    code = s.cells[seat * s.c.geometry.num_cells + cell]
    s.res[seat * 3 + (MEAT if meat else PLANT)] -= food(s.c, code)
    s.fed[seat] |= 1 << cell


def auto_feed(s, seat: int) -> bool:
    """Feeds everything at once when there is food for all and no omnivore's choice to make."""
    n = s.c.geometry.num_cells
    base = seat * n
    need = [0, 0]
    for cell in range(n):
        code = s.cells[base + cell]
        if code >= 0 and not s.fed[seat] >> cell & 1:
            d = diet(s.c, code)
            if d == OMNIVORE:
                return False
            need[d == CARNIVORE] += food(s.c, code)
    if need[0] > s.res[seat * 3 + PLANT] or need[1] > s.res[seat * 3 + MEAT]:
        return False
    s.res[seat * 3 + PLANT] -= need[0]
    s.res[seat * 3 + MEAT] -= need[1]
    s.fed[seat] = sum(1 << cell for cell in range(n) if s.cells[base + cell] >= 0)
    return True


def starve(s, seat: int, events: list) -> None:
    """No food left for the rest: every unfed dinosaur (Unique ones too) escapes."""
    n = s.c.geometry.num_cells
    base = seat * n
    escaping = []
    for cell in range(n):
        code = s.cells[base + cell]
        if code >= 0 and not s.fed[seat] >> cell & 1:
            escaping.append(code)
            s.cells[base + cell] = EMPTY
    s.queue = s.queue[1:]
    begin_escape(s, seat, escaping, FEED, events)


def breed(s, events: list) -> None:
    """Every 2 fed common dinosaurs of a species in the same Enclosure make 1; short supply is handed
    out one at a time from the first player."""
    n = s.c.geometry.num_cells
    order = order_from_first(s)
    demand = [0] * (4 * s.num_players)
    for seat in order:
        base = seat * n
        zone, fed = s.zones[seat], s.fed[seat]
        contents = zone_contents(s, seat)
        pairs: dict = {}
        for cell in range(n):
            code = s.cells[base + cell]
            # An Enclosure holds a single species: one a lost Barrier merged with another breeds no more.
            if 0 <= code < UNIQUE and zone[cell] < OPEN and fed >> cell & 1 and len(contents[zone[cell]]) == 1:
                key = (zone[cell], code)
                pairs[key] = pairs.get(key, 0) + 1
        for (_, code), count in pairs.items():
            demand[seat * 4 + code] += count // 2
    for k in range(4):
        while s.supply[k] and any(demand[seat * 4 + k] for seat in order):
            for seat in order:
                if demand[seat * 4 + k] and s.supply[k]:
                    demand[seat * 4 + k] -= 1
                    s.supply[k] -= 1
                    s.newborns[seat * 4 + k] += 1
    for seat in order:
        born = s.newborns[seat * 4 : seat * 4 + 4]
        if any(born):
            events.append(event("breed", seat, **{s.c.species[k].key: born[k] for k in range(4) if born[k]}))


# ------------------------------------------------------------------------------------------ escapes
def begin_escape(s, seat: int, escaping: list, back_to: int, events: list) -> None:
    s.phase = back_to
    if not escaping:
        return
    s.escaping = tuple(escaping)
    s.escape_next = back_to
    s.omni_as = -1
    s.escape_stage = -1
    s.phase = ESCAPE
    s.cur = seat
    names = [code_key(s.c, code) for code in escaping]
    events.append(event("escape", seat, dinosaurs=names))
    advance_escape(s, seat, events)


def code_key(c, code: int) -> str:
    """A dinosaur in events: the species key, or a Unique Dinosaur's card name."""
    return c.species[code].key if code < UNIQUE else c.research[code - UNIQUE].name


def advance_escape(s, seat: int, events: list) -> None:
    """Resolves the penalties, carnivore first: a carnivore that eats an escaping herbivore spares the
    herbivore penalty, so this order gives the player every outcome the free order would."""
    used = s.penalties[seat]
    if s.omni_as < 0 and any(diet(s.c, code) == OMNIVORE for code in s.escaping):
        # Ask only when the two answers differ: a carnivore penalty with something to take, or a
        # herbivore penalty with a Barrier to lose.
        s.omni_as = 1  # as carnivores: is there anything to take?
        carnivore_bites = not used & CARN_PENALTY and victims(s, seat)
        s.omni_as = -1
        if carnivore_bites or not used & HERB_PENALTY and s.fence[seat]:
            s.escape_stage = OMNI_CHOICE
            return
        s.omni_as = 0
    if s.escape_stage < VICTIM:
        if any(_is_carnivore(s, code) for code in s.escaping) and not used & CARN_PENALTY:
            s.penalties[seat] |= CARN_PENALTY
            if victims(s, seat):
                s.escape_stage = VICTIM
                return
        s.escape_stage = VICTIM
    if s.escape_stage < BARRIER_REMOVAL:
        if any(_is_herbivore(s, code) for code in s.escaping) and not s.penalties[seat] & HERB_PENALTY:
            s.penalties[seat] |= HERB_PENALTY
            if s.fence[seat]:
                s.escape_stage = BARRIER_REMOVAL
                return
        s.escape_stage = BARRIER_REMOVAL
    for code in s.escaping:
        release(s, seat, code)
    s.escaping = ()
    s.phase = s.escape_next


def release(s, seat: int, code: int) -> None:
    """An escaped or eaten dinosaur returns to the supply; a Unique one's card to the Research discard."""
    if code < UNIQUE:
        s.supply[code] += 1
    else:
        card = code - UNIQUE
        s.owned[seat] = tuple(k for k in s.owned[seat] if k != card)
        s.research_discard.append(card)


def escape_choice(s, seat: int, kind: str, value: int, events: list) -> None:
    n = s.c.geometry.num_cells
    if kind == "omni":
        s.omni_as = value
        s.escape_stage = -1
    elif kind == "unfence":
        s.fence[seat] &= ~(1 << value)
        s.barrier_supply += 1
        s.zones[seat] = farm_zones(s, seat)
        events.append(event("barrier_removed", seat, edge=s.c.geometry.edge_names[value]))
        s.escape_stage = BARRIER_REMOVAL + 1
    else:
        if kind == "eat":
            code = s.cells[seat * n + value]
            s.cells[seat * n + value] = EMPTY
            s.fed[seat] &= ~(1 << value)
        else:
            code = value if kind == "eat_common" else UNIQUE + value
            rest = list(s.escaping)
            rest.remove(code)
            s.escaping = tuple(rest)
        release(s, seat, code)
        events.append(event("eaten", seat, dinosaur=code_key(s.c, code)))
        s.escape_stage = VICTIM
    advance_escape(s, seat, events)


# ------------------------------------------------------------------------------------ round flow
def settle(s, events: list) -> None:
    """Runs everything that needs no decision, up to the next decision or the end of the game."""
    while not s.over:
        phase = s.phase
        if phase == KEEP:
            if s.queue:
                s.cur = s.queue[0]
                return
            s.rng = shuffle(s.rng, s.private_deck)
            start_round(s, events)
        elif phase == PLACE:
            if s.cur < 0:
                retrieve(s, events)
            elif s.cur == s.num_players:
                from dinotable.games.tiny_epic_dinosaurs.rival import rival_turn

                s.place_cache = None
                rival_turn(s, events)
                next_turn(s, events)
            else:
                return
        elif phase in (CHOOSE, ESCAPE):
            return
        elif phase == ADAPT:
            if not s.queue:
                s.phase, s.queue = FEED, order_from_first(s)
                s.fed = [0] * s.num_players
                continue
            s.cur = s.queue[0]
            return
        elif phase == FEED:
            if not s.queue:
                breed(s, events)
                s.phase, s.queue = NEWBORN, order_from_first(s)
                continue
            seat = s.cur = s.queue[0]
            if auto_feed(s, seat) or not feed_actions(s, seat):
                starve(s, seat, events)
                continue
            return
        elif phase == NEWBORN:
            if not s.queue:
                end_round(s, events)
                continue
            seat = s.cur = s.queue[0]
            born = s.newborns[seat * 4 : seat * 4 + 4]
            if not any(born):
                s.queue = s.queue[1:]
                continue
            if not put_actions(s, seat, born, ()):
                escaping = [k for k in range(4) for _ in range(born[k])]
                s.newborns[seat * 4 : seat * 4 + 4] = [0] * 4
                s.queue = s.queue[1:]
                begin_escape(s, seat, escaping, NEWBORN, events)
                continue
            return
        else:
            return


def start_round(s, events: list) -> None:
    c, n = s.c, s.c.geometry.num_cells
    events.append(event("round", None, round=s.round))
    s.penalties = [0] * s.num_players
    s.fed = [0] * s.num_players
    workers = c.numbers["dinofarmers"] + (s.round >= c.numbers["new_dinofarmer_round"])
    if s.round == c.numbers["new_dinofarmer_round"]:
        for seat in order_from_first(s):
            drawn = s.private_deck[: c.numbers["round4_private"]]
            del s.private_deck[: c.numbers["round4_private"]]
            s.private[seat] = (*s.private[seat], *drawn)
    for seat in range(s.num_players):
        symbols = c.farms[s.farm[seat]].symbols
        got = [0, 0, 0]
        for cell in range(n):
            if symbols[cell] >= 0 and s.cells[seat * n + cell] == EMPTY:
                got[symbols[cell]] += 1
        for card in s.owned[seat]:
            collect = c.research[card].collect
            for r in range(3):
                got[r] += collect[r]
            gain_barriers(s, seat, collect[3])
        got = [gain_resource(s, seat, r, got[r]) for r in range(3)]
        events.append(event("collect", seat, plant=got[0], meat=got[1], supply=got[2]))
        s.normals[seat] = workers
        s.foreman[seat] = True
    s.occ = [0] * (len(s.slots) * s.holders)
    if s.solo:
        s.rival_deck = list(range(len(c.rival_cards)))
        s.rng = shuffle(s.rng, s.rival_deck)
        late = s.round >= c.numbers["new_dinofarmer_round"]
        s.rival_hand = c.rival_cards_from_round_4 if late else c.rival_cards_per_round
    s.phase = PLACE
    s.cur = (s.first - 1) % s.holders  # so that the next turn is the first player's
    next_turn(s, events)


def retrieve(s, events: list) -> None:
    """All Dinofarmers come home, Medical Leave included; its dinosaurs go to the Containment Zone."""
    for i, count in enumerate(s.medical):
        s.hold[i] += count
    s.medical = [0] * len(s.medical)
    s.occ = [0] * len(s.occ)
    for seat in range(s.num_players):
        lift_misplaced(s, seat)
    s.phase, s.queue, s.settled = ADAPT, order_from_first(s), 0


def end_round(s, events: list) -> None:
    c = s.c
    if s.round >= c.numbers["rounds"]:
        s.over, s.phase, s.cur = True, OVER, -1
        events.append(event("game_over", None, scores=s.scores()))
        return
    # Prepare for Next Round: refill the Contracts, replace the Research row, advance the round.
    while len(s.public_row) < s.num_players + c.numbers["contracts_extra"] and s.public_deck:
        s.public_row.append(s.public_deck.pop(0))
    s.research_discard.extend(s.research_row)
    s.research_row = []
    for _ in range(c.numbers["research_row"]):
        if not s.research_deck:
            s.research_deck, s.research_discard = s.research_discard, []
            s.rng = shuffle(s.rng, s.research_deck)
        if s.research_deck:
            s.research_row.append(s.research_deck.pop(0))
    s.round += 1
    start_round(s, events)
