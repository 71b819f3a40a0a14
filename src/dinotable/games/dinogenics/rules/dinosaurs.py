"""DNA cards and dinosaurs (the docs' "The park": creating a dinosaur): picking cards (to keep, take, buy,
sell, discard, refine, or to make a set), the hand limit, creating a dinosaur and placing it with its placement
check, breeding mutants, destroying a dinosaur (the Spinosaurus' Aquatic Hunter, the Mosasaur's Terror), and
the Gene Grafting Lab.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics.components import CREDITS, GOATS, REFINED, VP
from dinotable.games.dinogenics.rules.allowed import has_habitat, set_size, substitutes
from dinotable.games.dinogenics.rules.codes import (
    ASKED,
    BONEYARD,
    BUY,
    DESTROY,
    DISCARD,
    GRAFT,
    HABITAT,
    KEEP,
    MUTANT,
    MUTANT_SET,
    NEW,
    NONE,
    PICK,
    RAMPAGED,
    REFINE,
    SELL,
    SET,
    SPARED,
    SPINO,
    TERROR,
    DestroyContext,
    GraftContext,
    HabitatContext,
    MutantContext,
    PickContext,
    cell_of,
    decide,
    dinosaur_code,
    event,
    facility_of,
    has_flag,
    is_damaged,
    mark,
    places,
    species_of,
)
from dinotable.games.dinogenics.rules.effects import gain, refill_market, scandal, sell_to_market
from dinotable.games.dinogenics.rules.reading import (
    habitat_keys,
    hand_limit,
    hand_size,
    improper,
    meeples_left,
    mutant_goats,
    owns,
    regions,
    special,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def pick_options(s: DinoGenicsState, ctx: PickContext) -> list[int]:
    """`pick DNA cards`: the cards (and Refined DNA tokens) the seat to move may pick now."""
    purpose, left, arg, picked = ctx
    seat, ids = s.cur, s.ids
    k = s.c.kinds
    # Boneyard, buying and selling take at least one card, then may stop.
    done = [ids.done] if picked else []
    if purpose == KEEP:
        return [ids.dna + sp for sp in sorted(set(arg))]
    if purpose == BONEYARD:
        return done + [ids.dna + sp for sp in sorted(set(s.dna_discard))]
    if purpose == BUY:
        if s.get(seat, CREDITS) < arg:
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
        if s.get(seat, REFINED):
            out.append(ids.refined)
    return out


def pick(s: DinoGenicsState, action: int, ctx: PickContext, events) -> None:
    """`pick DNA cards`: one card (or token) picked, or done."""
    s.phase = NONE
    purpose, left, arg, picked = ctx
    seat, ids = s.cur, s.ids
    k = s.c.kinds
    if action == ids.done:
        return
    if purpose in (SET, MUTANT_SET):
        _pick_set(s, seat, action, ctx)
        return
    sp = action - ids.dna
    if purpose == KEEP:
        drawn = list(arg)
        drawn.remove(sp)
        s.dna[seat * k + sp] += 1
        if left > 1 and drawn:
            decide(s, seat, PICK, PickContext(KEEP, left - 1, tuple(drawn), 0))
        else:
            s.dna_discard.extend(drawn)
        return
    if purpose == BONEYARD:
        s.dna_discard.remove(sp)
        s.dna[seat * k + sp] += 1
        s.last_edna = s.t.edna[sp]
    elif purpose == BUY:
        s.market.remove(sp)
        refill_market(s)
        s.dna[seat * k + sp] += 1
        s.take(seat, CREDITS, arg)
        s.last_edna = s.t.edna[sp]  # bought eDNA: the Gene Grafting Lab draws eDNA
    elif purpose == SELL:
        s.dna[seat * k + sp] -= 1
        sell_to_market(s, sp)
        s.add(seat, CREDITS, arg)
    elif purpose in (DISCARD, REFINE):
        s.dna[seat * k + sp] -= 1
        s.dna_discard.append(sp)
        if purpose == REFINE:
            s.add(seat, REFINED, 1)
    if left > 1:
        decide(s, seat, PICK, PickContext(purpose, left - 1, arg, 1))
        # An optional pick with nothing left to pick ends by itself.
        if purpose in (BONEYARD, BUY, SELL) and len(pick_options(s, s.ctx)) <= 1:
            s.phase = NONE


def _pick_set(s: DinoGenicsState, seat: int, action: int, ctx: PickContext) -> None:
    """One card (or Refined DNA token) of a set; the dinosaur is placed once the set is complete."""
    purpose, left, arg, shown = ctx
    ids, k = s.ids, s.c.kinds
    if action == ids.refined:
        s.take(seat, REFINED, 1)
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
        decide(s, seat, PICK, PickContext(purpose, left - 1, arg, shown))
    else:
        s.tasks.append(("place", seat, s.t.mutant if purpose == MUTANT_SET else arg, 0))


def limit_task(s: DinoGenicsState, task, events) -> None:
    seat = task[1]
    over = hand_size(s, seat) - hand_limit(s, seat)
    if over > 0:
        decide(s, seat, PICK, PickContext(DISCARD, over, 0, 0))


def create(s: DinoGenicsState, seat: int, species: int, short: int) -> None:
    n = set_size(s, seat, species, short)
    if species == s.t.mutant:
        decide(s, seat, PICK, PickContext(MUTANT_SET, n, 0, 0))
        return
    if substitutes(s, seat):
        decide(s, seat, PICK, PickContext(SET, n, species, 0))  # which cards and tokens make the set
        return
    s.dna[seat * s.c.kinds + species] -= n
    s.dna_discard.extend([species] * n)
    s.tasks.append(("place", seat, species, 0))


def place_task(s: DinoGenicsState, task, events) -> None:
    _, seat, species, flags = task
    decide(s, seat, HABITAT, HabitatContext(species, flags))


def place_dinosaur(s: DinoGenicsState, seat: int, species: int, cell: int, flags: int, events, kind: str = "") -> None:
    sp = s.c.species[species]
    if sp.on_placement:
        gain(s, seat, sp.on_placement, events)  # received once, right before it is added
    if species == s.t.dimetro:
        # Beach Dweller: 2 VP for each Aquatic Habitat tile beside its habitat (its pen's spaces, or its
        # Biodome's).
        area_of, areas = regions(s, seat)
        pen = area_of[cell] >= 0 and areas[area_of[cell]][1]
        home = [x for x in range(s.geo.num_cells) if area_of[x] == area_of[cell]] if pen else [cell]
        near = {other for x in home for _, other in s.geo.sides[x] if other >= 0}
        tiles = sum(
            1 for f in s.facs[seat] if s.c.facilities[facility_of(f)].aquatic and any(x in near for x in places(f))
        )
        s.add(seat, VP, 2 * tiles)
        if tiles:
            events.append(event("trait_vp", seat, species=sp.key, vp=2 * tiles, trait="beach"))
    s.dinos[seat] = (*s.dinos[seat], dinosaur_code(species, cell, flags))
    kind = kind or ("breed" if flags & NEW else "create")
    events.append(event(kind, seat, species=sp.key, cell=s.geo.cell_names[cell]))
    if sp.aquatic:
        if species == s.t.spino:
            # Aquatic Hunter: destroy a dinosaur of the park, or an Upkeep die check.
            decide(s, seat, DESTROY, DestroyContext(SPINO, len(s.dinos[seat]) - 1))
        return  # aquatic dinosaurs make no placement check
    for i in placement_checks(s, seat, s.dinos[seat]):
        s.tasks.append(("rampage", seat, i))


def placement_checks(s: DinoGenicsState, seat: int, dinos: tuple) -> list[int]:
    """The rampage check on placement, when the last of `dinos` is placed in the park: the dinosaurs in an
    improper habitat sharing its area that have not rampaged yet, last first (a Corrupted T-Rex ignores
    placement checks). The action texts ask it of a placement still to be chosen."""
    keys = habitat_keys(s, seat, dinos)
    bad = improper(s, seat, keys, dinos)
    mine = keys[-1]
    return [
        i
        for i in range(len(keys) - 1, -1, -1)
        if bad[i] and keys[i] == mine and not has_flag(dinos[i], RAMPAGED) and species_of(dinos[i]) != s.t.corrupted
    ]


def victims(s: DinoGenicsState, seat: int, spare: int) -> list[int]:
    """Dinosaurs this seat may destroy, as species * cells + cell (alike ones on one cell are one choice),
    all but the one at index `spare` (-1: none spared)."""
    cells = s.geo.num_cells
    out = set()
    for i, code in enumerate(s.dinos[seat]):
        if i != spare:
            out.add((species_of(code)) * cells + (cell_of(code)))
    return sorted(out)


def destroy_options(s: DinoGenicsState, ctx: DestroyContext) -> list[int]:
    """`destroy a dinosaur`: any other dinosaur of the park, or none (done: the Spinosaurus rolls the Upkeep
    die instead; a Mosasaur is fed as usual)."""
    return [s.ids.done] + [s.ids.victim + v for v in victims(s, s.cur, ctx.dinosaur)]


def destroy_choice(s: DinoGenicsState, action: int, ctx: DestroyContext, events) -> None:
    s.phase = NONE
    seat = s.cur
    why, index = ctx
    if action == s.ids.done:
        if why == SPINO:
            s.tasks.append(("aquatic", seat, index))
        return
    if why == TERROR:
        mark(s, seat, index, SPARED)
        vp = s.c.numbers["terror_vp"]
        s.add(seat, VP, vp)
        events.append(event("trait_vp", seat, species=s.c.species[s.t.mosa].key, vp=vp, trait="terror"))
    species, cell = divmod(action - s.ids.victim, s.geo.num_cells)
    dinos = s.dinos[seat]
    victim = max(
        i for i, code in enumerate(dinos) if i != index and species_of(code) == species and cell_of(code) == cell
    )
    destroy(s, seat, victim, events)


def destroy(s: DinoGenicsState, seat: int, i: int, events) -> None:
    """A dinosaur is destroyed: removed, with what follows from 'destroyed' (a Safari's VP)."""
    code = s.dinos[seat][i]
    s.dinos[seat] = s.dinos[seat][:i] + s.dinos[seat][i + 1 :]
    events.append(event("destroyed", seat, species=s.c.species[species_of(code)].key))
    if special(s, "destroyed_scandals"):
        # CC7: 3 Scandals, and the others of that species make a rampage check.
        scandal(s, seat, 3, events)
        for j in range(len(s.dinos[seat]) - 1, -1, -1):
            other = s.dinos[seat][j]
            if species_of(other) == species_of(code) and not has_flag(other, RAMPAGED):
                s.tasks.append(("aquatic" if s.t.aquatic[species_of(code)] else "rampage", seat, j))
    facilities = s.c.facilities
    for f in s.facs[seat]:
        fac = facilities[facility_of(f)]
        if fac.destroyed_vp and not is_damaged(f):
            s.add(seat, VP, fac.destroyed_vp)
            events.append(event("facility_vp", seat, facility=fac.key, vp=fac.destroyed_vp))


def graft_task(s: DinoGenicsState, task, events) -> None:
    """The Gene Grafting Lab: after gaining DNA cards, 1 or 2 goats for as many more of the same deck."""
    _, seat, edna = task
    if edna is None:
        edna = s.last_edna  # cards taken from the Boneyard or the Market: the kind of the last one (designed)
    if s.get(seat, GOATS) and owns(s, seat, "gene_grafting"):
        deck = s.edna_deck if edna else s.dna_deck
        if deck or any(s.t.edna[k] == edna for k in s.dna_discard):
            decide(s, seat, GRAFT, GraftContext(edna))


def terror_task(s: DinoGenicsState, task, events) -> None:
    """Each Mosasaur's owner may destroy another dinosaur of the park so that it need not be fed."""
    seat = task[1]
    for i, code in enumerate(s.dinos[seat]):
        if species_of(code) == s.t.mosa and not has_flag(code, ASKED):
            mark(s, seat, i, ASKED)
            s.tasks.append(task)  # the next Mosasaur after this one
            if len(s.dinos[seat]) > 1:
                decide(s, seat, DESTROY, DestroyContext(TERROR, i))
            return


def mutants_task(s: DinoGenicsState, task, events) -> None:
    """Another mutant may be bred while the goats, a Mutant meeple and somewhere to put it (a park space
    without a facility, or an undamaged Biodome) last."""
    _, seat, left = task
    if left <= 0 or s.get(seat, GOATS) < mutant_goats(s, seat):
        return
    if meeples_left(s, s.t.mutant) > 0 and has_habitat(s, seat):
        decide(s, seat, MUTANT, MutantContext(left))
