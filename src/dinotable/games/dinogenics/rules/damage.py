"""Rampages and damage (the docs' "Rampages and damage"): a rampage check's die roll (two for a T-Rex), what
each face does, the structure the rampaging dinosaur damages (rampage.py walks the grid), a facility damaged
and the visitors it held, and an aquatic dinosaur's check with the Upkeep die.

Synth's damage in the co-op is its own rule, pushed as the task "synth_damage".
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dinotable.core.contract import Event
from dinotable.core.rng import next_below
from dinotable.games.dinogenics import rampage
from dinotable.games.dinogenics.components import CREDITS, DROWNING, FACES, FATALITY, NAIVE_VISITOR, SLASH, VISITORS
from dinotable.games.dinogenics.rules.codes import (
    COMMERCIAL,
    RAMPAGED,
    SYNTH,
    TARGET,
    TargetContext,
    as_damaged,
    cell_of,
    decide,
    event,
    facility_of,
    first_place,
    is_damaged,
    mark,
    places,
    species_of,
)
from dinotable.games.dinogenics.rules.effects import kill_visitors, scandal
from dinotable.games.dinogenics.rules.reading import perk, room

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def rampage_task(s: DinoGenicsState, task, events) -> None:
    _, seat, i = task
    code = s.dinos[seat][i]
    mark(s, seat, i, RAMPAGED)
    species = species_of(code)
    faces = []
    rerolled = 0
    reroll = perk(s, seat, "fatality_reroll")
    two = species == s.t.trex and not perk(s, seat, "one_rampage_die")  # the Chaotician calms a T-Rex
    for _ in range(2 if two else 1):
        s.rng, roll = next_below(s.rng, len(s.c.rampage_die))
        if reroll and s.c.rampage_die[roll] == FATALITY:
            rerolled += 1
            s.rng, roll = next_below(s.rng, len(s.c.rampage_die))
        faces.append(s.c.rampage_die[roll])
    detail = {"species": s.c.species[species].key, "faces": [FACES[f] for f in faces]}
    if rerolled:
        detail["rerolled"] = rerolled  # Fatality results rolled again (a specialist's perk)
    events.append(Event("rampage", seat, detail))
    # Both dice of a T-Rex apply, in the order rolled.
    for face in reversed(faces):
        s.tasks.append(("face", seat, i, face))


def face_task(s: DinoGenicsState, task, events) -> None:
    _, seat, i, face = task
    if face == SLASH and perk(s, seat, "slash_naive"):
        face = NAIVE_VISITOR  # the Security Officer
        events.append(event("no_effect", seat, face="Slash", officer=True))
    if face == NAIVE_VISITOR:
        if s.get(seat, VISITORS) and not (s.coop and seat == SYNTH):  # Synth uses no credits
            s.add(seat, CREDITS, 1)
            events.append(event("naive_visitor", seat))
        return
    s.tasks.append(("damage", seat, i))
    if face == FATALITY:
        kill_visitors(s, seat, 1, events)
    elif species_of(s.dinos[seat][i]) == s.t.raptor:
        kill_visitors(s, seat, 1, events)  # a claw result of a Raptor kills one extra visitor


def damage_targets(s: DinoGenicsState, seat: int, i: int) -> tuple[tuple[int, ...], int]:
    """What the park's dinosaur at index i can damage (the designed rule 'damage targets', rampage.py): the
    undamaged facilities it reaches, by position in the park, and the fence it would break when it reaches
    none (-1: none on its route, or it is loose: the Visitor Center)."""
    cell = cell_of(s.dinos[seat][i])
    return _targets(s.geo, s.fence[seat] & ~s.broken[seat], s.facs[seat], cell)


@lru_cache(maxsize=1 << 14)
def _targets(geo, standing: int, facs: tuple[int, ...], cell: int) -> tuple[tuple[int, ...], int]:
    """damage_targets for a park's standing fences and facilities, kept: the rampages of a Season mostly meet
    parks already seen."""
    facilities = tuple((sum(1 << x for x in places(code) if x < COMMERCIAL), is_damaged(code)) for code in facs)
    return rampage.targets(geo, standing, facilities, cell)


def damage_task(s: DinoGenicsState, task, events) -> None:
    _, seat, i = task
    if s.coop and seat == SYNTH:
        s.tasks.append(("synth_damage",))  # Synth chooses what it loses (synth.py), next
        return
    reached, fence = damage_targets(s, seat, i)
    if len(reached) > 1:
        decide(s, seat, TARGET, TargetContext(i))  # the owner chooses among the facilities it reaches
    elif reached:
        damage_facility(s, seat, reached[0], events)
    elif fence >= 0:
        s.broken[seat] |= 1 << fence
        events.append(event("damage", seat, fence=s.geo.edge_names[fence]))
    else:
        # The Visitor Center, last: repaired at once, for an extra Scandal.
        events.append(event("damage", seat, visitor_center=True))
        scandal(s, seat, 1, events)


def damage_facility(s: DinoGenicsState, seat: int, j: int, events) -> None:
    facs = list(s.facs[seat])
    facs[j] = as_damaged(facs[j])
    s.facs[seat] = tuple(facs)
    events.append(event("damage", seat, facility=s.c.facilities[facility_of(facs[j])].key))
    # Hotels' visitors who no longer have a room die.
    kill_visitors(s, seat, s.get(seat, VISITORS) - room(s, seat), events)


def aquatic_task(s: DinoGenicsState, task, events) -> None:
    """An aquatic rampage check: the Upkeep die. A cost is paid, or as much as can be and the habitat is
    damaged; Drowning kills a visitor."""
    _, seat, i = task
    code = s.dinos[seat][i]
    mark(s, seat, i, RAMPAGED)
    s.rng, roll = next_below(s.rng, len(s.c.upkeep_die))
    face = s.c.upkeep_die[roll]
    events.append(event("aquatic_rampage", seat, species=s.c.species[species_of(code)].key, face=face))
    if face == DROWNING:
        if not perk(s, seat, "drowning_immune"):
            kill_visitors(s, seat, 1, events)
        else:
            events.append(event("no_effect", seat, face="Drowning"))
        return
    paid = min(face, s.get(seat, CREDITS))
    s.take(seat, CREDITS, paid)
    events.append(event("upkeep_paid", seat, paid=paid, cost=face))
    if paid < face:
        cell = cell_of(code)
        j = next(j for j, f in enumerate(s.facs[seat]) if first_place(f) == cell)
        if not is_damaged(s.facs[seat][j]):
            damage_facility(s, seat, j, events)
