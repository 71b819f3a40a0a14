"""Reading a park (the docs' "The park"): its pens and open space, each dinosaur's habitat and whether it is
improper, pen sizes, the DNA Archivist's births, the Dinosaur Value, reputation, rooms, hand limits, what `per`
steps and End Game bonuses count, the goats a park must feed and what it earns in an Upkeep; and the table's
readings every module shares (a scenario's special rules, workers per Season, meeples left in the supply).

Nothing here changes the state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dinotable.games.dinogenics.components import COUNTS, CREDITS, END_COUNTS, SCANDALS, VISITORS, VP
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.rules.codes import (
    DOME,
    SPARED,
    SPECIALISTS,
    SPECIES,
    Tables,
    cell_of,
    covers,
    dinosaur_code,
    facility_of,
    has_flag,
    is_damaged,
    places,
    species_of,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def workers_in(s: DinoGenicsState, season: int) -> int:
    before, after = s.workers
    return after if season >= s.c.workers_from_season else before


def special(s: DinoGenicsState, rule: str) -> bool:
    """Is this scenario special rule in force?"""
    return s.scenario is not None and rule in s.scenario.special


def meeples_left(s: DinoGenicsState, species: int) -> int:
    """Meeples of a species still in the supply: its count less those in every park (Synth's too)."""
    # species_of(code), inlined with its mask, in plain loops: asked of every species on most decisions
    used = 0
    for park in s.dinos:
        for code in park:
            if code & SPECIES == species:
                used += 1
    return s.c.species[species].meeples - used


def regions(s: DinoGenicsState, seat: int):
    return s.geo.regions(s.fence[seat] & ~s.broken[seat], s.fcells[seat])


def facility_at(s: DinoGenicsState, seat: int, cell: int) -> int:
    for code in s.facs[seat]:
        if covers(code, cell):
            return code
    return -1


def perk(s: DinoGenicsState, seat: int, name: str):
    """The sum (or, for a flag, whether any) of a perk over this seat's specialists."""
    held = s.get(seat, SPECIALISTS)
    total = 0
    specialists = s.c.specialists
    while held:  # the held specialists' bits only, lowest first (a price asks this of every offer)
        low = held & -held
        total += getattr(specialists[low.bit_length() - 1].perks, name)
        held ^= low
    return total


def perk_list(s: DinoGenicsState, seat: int, name: str) -> list:
    """A perk that is a tuple (upkeep gains), joined over this seat's specialists."""
    held = s.get(seat, SPECIALISTS)
    return [x for sp in s.c.specialists if held >> sp.index & 1 for x in getattr(sp.perks, name)]


def owns(s: DinoGenicsState, seat: int, flag: str) -> bool:
    """Does this park have an undamaged facility with this (boolean or number) field?"""
    return _owns(s.t, s.facs[seat], flag)


@lru_cache(maxsize=1 << 12)
def _owns(t: Tables, facs: tuple[int, ...], flag: str) -> bool:
    """`owns` for a park's facilities, kept: asked before every worker (the Private Airport)."""
    return any(getattr(t.facilities[facility_of(f)], flag) and not is_damaged(f) for f in facs)


def room(s: DinoGenicsState, seat: int) -> int:
    """Visitors the park can hold: the Visitor Center, every undamaged hotel, and specialists."""
    return _rooms(s.t, s.facs[seat]) + perk(s, seat, "rooms")


@lru_cache(maxsize=1 << 12)
def _rooms(t: Tables, facs: tuple[int, ...]) -> int:
    """The Visitor Center's rooms and those of a park's undamaged facilities, kept: asked of every visitor
    gained, and parks change seldom."""
    return t.visitor_center + sum(t.rooms[facility_of(code)] for code in facs if not is_damaged(code))


def hand_limit(s: DinoGenicsState, seat: int) -> int:
    facilities = s.c.facilities
    limit = s.c.numbers["hand_limit"] + perk(s, seat, "hand_limit")
    return limit + sum(facilities[facility_of(f)].hand_limit for f in s.facs[seat] if not is_damaged(f))


def hand_size(s: DinoGenicsState, seat: int) -> int:
    k = s.c.kinds
    return sum(s.dna[seat * k : seat * k + k])


def habitat_keys(s: DinoGenicsState, seat: int, dinos: tuple | None = None) -> list[int]:
    """Each dinosaur's habitat: a pen (its area), a Biodome (DOME + cell) or OPEN. `dinos` stands in for
    the park's dinosaurs (to ask what a placement would do)."""
    area_of, areas = regions(s, seat)
    fcells = s.fcells[seat]
    keys = []
    for code in s.dinos[seat] if dinos is None else dinos:
        cell = cell_of(code)
        if fcells >> cell & 1:
            keys.append(DOME + cell)
        else:
            area = area_of[cell]
            keys.append(area if areas[area][1] else OPEN)
    return keys


def improper(s: DinoGenicsState, seat: int, keys: list[int] | None = None, dinos: tuple | None = None) -> list[bool]:
    """For each dinosaur of the park (or of `dinos`): is its habitat improper (the quick reference's
    rampage list)?"""
    if dinos is None:
        dinos = s.dinos[seat]
    if not dinos:
        return []
    if keys is None:
        keys = habitat_keys(s, seat, dinos)
    pairs = bool(perk(s, seat, "pair_space"))
    standing = s.fence[seat] & ~s.broken[seat]
    return list(_improper(s.t, s.geo, dinos, tuple(keys), standing, s.fcells[seat], s.facs[seat], pairs))


@lru_cache(maxsize=1 << 14)
def _improper(t: Tables, geo, dinos: tuple, keys: tuple, standing: int, fcells: int, facs: tuple, pairs: bool):
    """`improper` for a park as these: its dinosaurs and their habitats, standing fences, facilities and
    whether the DNA Archivist pairs them; kept: every rampage check, score and view asks it of parks that
    change seldom."""
    area_of, areas = geo.regions(standing, fcells)
    groups: dict[int, list[int]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, []).append(i)
    bad = [False] * len(dinos)
    bronto, anky, ptero, dread = t.bronto, t.anky, t.ptero, t.dread
    for key, members in groups.items():
        kinds = [species_of(dinos[i]) for i in members]
        if key == OPEN:
            # A Brontosaurus lives in open space, alone with its own species there (an Ankylosaurus may
            # share with it, though it is not enclosed itself). So does a Dreadnoughtus, which needs two
            # adjacent open spaces, and the two rampage together: open space is all connected.
            others = any(k != bronto and k != anky and k != dread for k in kinds)
            both = bronto in kinds and dread in kinds
            cramped = dread in kinds and not _two_open(geo, area_of, areas)
            for i, k in zip(members, kinds, strict=True):
                bad[i] = (k != bronto and k != dread) or others or both or (k == dread and cramped)
            continue
        if key >= DOME:
            dome = next((code for code in facs if covers(code, key - DOME)), -1)
            if t.facilities[facility_of(dome)].aquatic:
                # Aquatic dinosaurs were placed where they fit; a damaged habitat is what goes wrong.
                for i in members:
                    bad[i] = is_damaged(dome)
                continue
            fits = not is_damaged(dome) and len(members) <= 2
        else:
            fits = _pen_need(t, kinds, pairs) <= bin(areas[key][0]).count("1")
        mixed = len({k for k in kinds if k != anky}) > 1
        for i, k in zip(members, kinds, strict=True):
            penned = k == bronto or k == dread  # 'can never be penned'
            bad[i] = not fits or penned or (k == ptero and key < DOME) or (mixed and k != anky)
    return tuple(bad)


def pen_need(s: DinoGenicsState, seat: int, kinds: list[int]) -> int:
    """Pen spaces these dinosaurs need together: the sum of their minimums, or with the DNA Archivist's
    archived pairs, each two of a species as one."""
    return _pen_need(s.t, kinds, bool(perk(s, seat, "pair_space")))


def _pen_need(t: Tables, kinds: list[int], pairs: bool) -> int:
    pen = t.pen
    if pairs:
        return sum(pen[k] * ((kinds.count(k) + 1) // 2) for k in set(kinds))
    return sum(pen[k] for k in kinds)


def archived(s: DinoGenicsState, species: int) -> bool:
    """Is this a species the DNA Archivist's archived pairs give a mate: a land species, not the Mutant?"""
    return species != s.t.mutant and not s.t.aquatic[species]


def births(s: DinoGenicsState, seat: int) -> list[tuple[int, int]]:
    """The DNA Archivist's births at the start of the next Upkeep, as (species, park space): a land species
    other than the Mutant with one dinosaur alone of its kind in the park gains a second beside it, the
    earliest placed first, while the supply has one and the habitat stays proper."""
    n = perk(s, seat, "births")
    if not n:
        return []
    out: list[tuple[int, int]] = []
    dinos = s.dinos[seat]
    kinds = [species_of(code) for code in dinos]
    for code in dinos:
        k = species_of(code)
        if len(out) == n:
            break
        if kinds.count(k) != 1 or not archived(s, k) or meeples_left(s, k) <= 0:
            continue
        cell = cell_of(code)
        trial = (*dinos, *(dinosaur_code(sp, c) for sp, c in out), dinosaur_code(k, cell))
        if not improper(s, seat, dinos=trial)[-1]:
            out.append((k, cell))
    return out


def two_open_spaces(s: DinoGenicsState, seat: int) -> bool:
    """Does open space hold two side-adjacent park spaces (a Dreadnoughtus' valid habitat)?"""
    area_of, areas = regions(s, seat)
    return _two_open(s.geo, area_of, areas)


def _two_open(geo, area_of, areas) -> bool:
    columns, cells = geo.columns, geo.num_cells
    for cell in range(cells):
        area = area_of[cell]
        if area < 0 or areas[area][1]:
            continue
        for other in (cell + 1 if (cell + 1) % columns else -1, cell + columns):
            if 0 <= other < cells and area_of[other] >= 0 and not areas[area_of[other]][1]:
                return True
    return False


def dinosaur_value(s: DinoGenicsState, seat: int, keys: list[int] | None = None) -> int:
    """The Dinosaur Value track: each dinosaur's VP, +1 per two Triceratops sharing a pen, from 0 to 30."""
    dinos = s.dinos[seat]
    t = s.t
    value = sum(t.vp[species_of(code)] for code in dinos)
    if keys is None:
        keys = habitat_keys(s, seat)
    for code, key in zip(dinos, keys, strict=True):
        # Aquatic dinosaurs in a damaged habitat score nothing until it is repaired.
        if t.aquatic[species_of(code)] and is_damaged(facility_at(s, seat, key - DOME)):
            value -= t.vp[species_of(code)]
    trikes: dict[int, int] = {}
    for code, key in zip(dinos, keys, strict=True):
        if species_of(code) == t.trike and key != OPEN:
            trikes[key] = trikes.get(key, 0) + 1
    value += sum(n // 2 for n in trikes.values())
    # The track runs 0-30: CC1's Corrupted T-Rex (-2 VP, 'you cannot go below 0') cannot push it lower.
    return max(0, min(value, s.c.numbers["dinosaur_value_max"]))


def reputation(s: DinoGenicsState, seat: int) -> int:
    species = s.c.species
    facilities = s.c.facilities
    rep = sum(species[species_of(code)].reputation for code in s.dinos[seat])
    if s.t.dread >= 0:
        # Awe-Inspiring: a Dreadnoughtus' reputation is the current Season number.
        rep += s.season * sum(1 for code in s.dinos[seat] if species_of(code) == s.t.dread)
    rep += sum(facilities[facility_of(f)].reputation for f in s.facs[seat] if not is_damaged(f))
    return rep + perk(s, seat, "reputation") - s.get(seat, SCANDALS)


def undamaged_facilities(s: DinoGenicsState, seat: int) -> int:
    return sum(1 for f in s.facs[seat] if not is_damaged(f))


def count(s: DinoGenicsState, seat: int, what: int) -> int:
    """What a `per` step counts (content.COUNTS)."""
    name = COUNTS[what]
    dinos = s.dinos[seat]
    if name == "dinosaurs":
        return len(dinos)
    if name == "herbivores":
        return sum(1 for d in dinos if s.t.herbivore[species_of(d)])
    if name == "carnivores":
        return sum(1 for d in dinos if s.t.carnivore[species_of(d)])  # the Plesiosaurus too
    if name == "species":
        return len({species_of(d) for d in dinos})
    if name == "facilities":
        return len(s.facs[seat])
    if name == "visitors":
        return s.get(seat, VISITORS)
    return sum(improper(s, seat))  # "improper"


def end_count(s: DinoGenicsState, seat: int, what: int) -> int:
    """What an End Game bonus counts (content.END_COUNTS)."""
    if what < len(COUNTS):
        return count(s, seat, what)
    name = END_COUNTS[what]
    if name == "dna_cards":
        return hand_size(s, seat)
    if name == "aquatic":
        return sum(1 for d in s.dinos[seat] if s.t.aquatic[species_of(d)])
    if name == "damaged":
        return sum(1 for f in s.facs[seat] if is_damaged(f))
    if name == "empty_park":
        used = s.fcells[seat]
        for code in s.dinos[seat]:
            used |= 1 << (cell_of(code))
        return s.geo.num_cells - bin(used).count("1")
    return max(0, reputation(s, seat))  # "reputation"


def bordering(s: DinoGenicsState, code: int) -> int:
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


def bordering_species(s: DinoGenicsState, seat: int, code: int, aquatic_only: bool) -> int:
    """Species in valid, undamaged habitats that share a side with this park facility: pens, Biodomes,
    Aquatic Habitats and open space (only Aquatic Habitats for `aquatic_only`)."""
    near = bordering(s, code)
    area_of, _ = regions(s, seat)
    keys = habitat_keys(s, seat)
    bad = improper(s, seat, keys)
    found = set()
    for d, key, wrong in zip(s.dinos[seat], keys, bad, strict=True):
        if wrong or (aquatic_only and not s.t.aquatic[species_of(d)]):
            continue
        if key >= DOME:
            home = facility_at(s, seat, key - DOME)
            touching = any(near >> x & 1 for x in places(home)) and not is_damaged(home)
        else:
            # A pen or open space borders the facility when one of its cells does.
            touching = any(near >> x & 1 and area_of[x] == area_of[cell_of(d)] for x in range(s.geo.num_cells))
        if touching:
            found.add(species_of(d))
    return len(found)


def goats_needed(s: DinoGenicsState, seat: int) -> list[tuple[int, int]]:
    """(goats, dinosaur index) for each dinosaur to feed this Upkeep, fewest first: a Fishery's bordering
    Aquatic Habitats need one fewer each."""
    t, species = s.t, s.c.species
    fishery = _fishery_cells(s, seat) if s.expansion else 0
    needs = []
    for i, code in enumerate(s.dinos[seat]):
        kind = species_of(code)
        if not t.eats_goats[kind] or has_flag(code, SPARED):
            continue
        need = species[kind].goats
        if fishery and t.aquatic[kind]:
            habitat = facility_at(s, seat, cell_of(code))
            if any(fishery >> x & 1 for x in places(habitat)):
                need -= 1
        needs.append((need, i))
    needs.sort()
    return needs


def _fishery_cells(s: DinoGenicsState, seat: int) -> int:
    facilities = s.c.facilities
    out = 0
    for f in s.facs[seat]:
        if facilities[facility_of(f)].fishery and not is_damaged(f):
            out |= bordering(s, f)
    return out


def mutant_goats(s: DinoGenicsState, seat: int) -> int:
    return perk(s, seat, "mutant_goats") or s.c.numbers["mutant_goats"]


def upkeep_income(s: DinoGenicsState, seat: int) -> list[tuple[int, int]]:
    """What the park earns in an Upkeep besides its Dinosaur Value: (resource, amount) from undamaged
    facilities (their own and per dinosaur of a species) and 1 credit per Stegosaurus."""
    facilities = s.c.facilities
    kinds = [species_of(code) for code in s.dinos[seat]]
    income = [(CREDITS, kinds.count(s.t.stego))] if s.t.stego in kinds else []
    if s.get(seat, SPECIALISTS):
        income += perk_list(s, seat, "upkeep")
    if s.t.theri in kinds:
        income += _tree_harvest(s, seat)
    for f in s.facs[seat]:
        if is_damaged(f):
            continue
        fac = facilities[facility_of(f)]
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


def _tree_harvest(s: DinoGenicsState, seat: int) -> list[tuple[int, int]]:
    """Tree Harvester: 3 VP each Upkeep for each Therizinosaurus in a pen of 4 or more spaces."""
    n = s.c.numbers
    _, areas = regions(s, seat)
    keys = habitat_keys(s, seat)
    vp = 0
    for code, key in zip(s.dinos[seat], keys, strict=True):
        big = 0 <= key < DOME and bin(areas[key][0]).count("1") >= n["tree_harvester_vp_spaces"]
        if species_of(code) == s.t.theri and big:
            vp += n["tree_harvester_vp"]
    return [(VP, vp)] if vp else []
