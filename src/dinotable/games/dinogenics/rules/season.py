"""The Season (the docs' "The Season"): its steps as a named table (STAGES) driven by one short loop
(`settle`), the task stack's table (TASKS), and the steps themselves: player order, visitors, income, Breaking
News, the City Center's stacks, workers, the Upkeep's start, feeding, rampage checks, visitors leaving, VP,
resources, workers home and the next Season.

The game runs as a stack of small tasks (`s.tasks`) and the list of Season steps. `settle` runs tasks and steps
until one needs a decision: it then sets `s.phase`, `s.cur` and `s.ctx` (`decide`), and that decision's record
(decisions.TABLE) offers its options and answers it. This is the top of the rules: it imports every module below
and the co-op's Synth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics import synth
from dinotable.games.dinogenics.components import CREDITS, GOATS, RESOURCES, VISITORS, VP
from dinotable.games.dinogenics.park import OPEN, cells_of
from dinotable.games.dinogenics.rules.codes import (
    AIRPORT_USED,
    ALL_FLAGS,
    DOME,
    DRAWN_STACKS,
    FREE_REPAIR,
    HUNGRY,
    NEW,
    OVER,
    PLACE,
    RAMPAGED,
    SYNTH,
    WORKERS,
    decide,
    event,
    facility_of,
    has_flag,
    is_damaged,
    places,
    species_of,
    with_flag,
    without_flag,
)
from dinotable.games.dinogenics.rules.damage import aquatic_task, damage_task, face_task, rampage_task
from dinotable.games.dinogenics.rules.decisions import places_for
from dinotable.games.dinogenics.rules.dinosaurs import (
    graft_task,
    limit_task,
    mutants_task,
    place_dinosaur,
    place_task,
    terror_task,
)
from dinotable.games.dinogenics.rules.effects import SYNTH_REFUSES, gain, refill_market
from dinotable.games.dinogenics.rules.facilities import city_task, open_ocean_task
from dinotable.games.dinogenics.rules.news import chaos_task, resolve_news
from dinotable.games.dinogenics.rules.reading import (
    births,
    dinosaur_value,
    facility_at,
    goats_needed,
    habitat_keys,
    improper,
    perk,
    regions,
    reputation,
    special,
    undamaged_facilities,
    upkeep_income,
    workers_in,
)
from dinotable.games.dinogenics.rules.scenarios import scenario_visitors, undouble_task
from dinotable.games.dinogenics.rules.steps import run_steps
from dinotable.games.dinogenics.rules.visitors import offer_bonus, season_visitor_perks

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def _order(s: DinoGenicsState, events) -> None:
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
                -s.get(p, CREDITS),
                previous.index(p),
            ),
        )
    )
    events.append(event("order", None, order=list(s.order)))
    s.turn = 0  # placement starts with the first player
    _clear_flags(s)


def _clear_flags(s: DinoGenicsState) -> None:
    # A dinosaur rampages at most once in each phase.
    for p in range(s.parks):
        s.dinos[p] = tuple(without_flag(code, ALL_FLAGS) for code in s.dinos[p])


def _visitors(s: DinoGenicsState, events) -> None:
    if s.coop:
        synth.visitors(s, events)
        return
    if s.scenario:
        s.pool = 0  # no bonus pool: the scenario's rule replaces steps 1-3
        scenario_visitors(s, events)
        return
    column = s.c.visitors[s.num_players][s.season]
    for position, seat in enumerate(s.order):
        gain(s, seat, ((VISITORS, column[position]),), events)
    s.pool = s.c.bonus_visitors[s.season]
    season_visitor_perks(s, s.order, events)
    s.bonus_first = s.c.numbers["first_bonus_visitors"]
    s.bonus_pos = 0
    s.bonus_out = 0


def _income(s: DinoGenicsState, events) -> None:
    per = s.c.numbers["credits_per_visitor"]
    for p in s.order:
        if p < s.num_players:  # Synth collects no credits
            v = s.get(p, VISITORS)
            s.add(p, CREDITS, per * v)
            events.append(event("income", p, credits=per * v, visitors=v))


def _news(s: DinoGenicsState, events) -> None:
    if s.skip_news:
        s.skip_news = False  # a scenario starting after Season 1: no active event the first round
        return
    s.active = s.upcoming
    s.upcoming = s.news_deck.pop() if s.news_deck else -1
    if s.active < 0:
        return
    s.chaos_last = False
    s.tasks.append(("chaos",))  # after this card: a Chaos Theory card now upcoming resolves
    resolve_news(s, s.active, events)


def _city_stacks(s: DinoGenicsState, events) -> None:
    if special(s, "market_grows"):
        s.market_size += 1  # CC4: 'Each round add a new DNA card to the DNA market.'
    for i in range(DRAWN_STACKS):
        if s.bag:
            s.stacks[i] = (*s.stacks[i], s.bag.pop())
    refill_market(s)
    if s.expansion:
        # Two new specialists push those still on the Job Market to the Independent Contractors.
        s.contractors.extend(s.job_market)
        s.job_market.clear()
        for _ in range(s.c.numbers["job_market"]):
            if s.spec_deck:
                s.job_market.append(s.spec_deck.pop())


def _workers(s: DinoGenicsState, events) -> bool:
    """Offer the next worker in player order; False when nobody has one left."""
    if s.coop:
        return synth.workers(s, events)
    n = s.num_players
    for step_ in range(n):
        position = (s.turn + step_) % n
        seat = s.order[position]
        if s.get(seat, WORKERS) > 0:
            offered = places_for(s, seat)
            if offered:
                s.turn = position
                decide(s, seat, PLACE)
                s.offered = offered  # the decision's options, worked out once
                return True
            s.put(seat, WORKERS, 0)  # nowhere to go: the worker stays home
            events.append(event("stay_home", seat))
    return False


def _feed(s: DinoGenicsState, events) -> None:
    for seat in range(s.parks):
        dinos = s.dinos[seat]
        needs = goats_needed(s, seat)
        if not needs:
            continue
        goats = s.get(seat, GOATS)
        hungry = set()
        for need, i in needs:
            eaten = min(need, goats)
            goats -= eaten
            if eaten < need:
                hungry.add(i)
        s.put(seat, GOATS, goats)
        if hungry:
            s.dinos[seat] = tuple(with_flag(code, HUNGRY) if i in hungry else code for i, code in enumerate(dinos))
            events.append(event("hungry", seat, dinosaurs=len(hungry)))
    for seat in reversed(s.order):
        mutants = sum(1 for code in s.dinos[seat] if species_of(code) == s.t.mutant and not has_flag(code, NEW))
        if mutants:
            s.tasks.append(("mutants", seat, mutants))


def _rampage_checks(s: DinoGenicsState, events) -> None:
    aquatic, corrupted = s.t.aquatic, s.t.corrupted
    for seat in reversed(s.order):
        bad = improper(s, seat)
        for i in range(len(bad) - 1, -1, -1):
            code = s.dinos[seat][i]
            # A Corrupted T-Rex checks at the end of every feeding stage.
            wrong = bad[i] or has_flag(code, HUNGRY) or species_of(code) == corrupted
            if wrong and not has_flag(code, RAMPAGED):
                s.tasks.append(("aquatic" if aquatic[species_of(code)] else "rampage", seat, i))


def _upkeep_start(s: DinoGenicsState, events) -> None:
    for p in range(s.parks):
        s.dinos[p] = tuple(without_flag(code, RAMPAGED) for code in s.dinos[p])
    if s.expansion:
        for seat in reversed(s.order):
            if any(species_of(code) == s.t.mosa for code in s.dinos[seat]):
                s.tasks.append(("terror", seat))
        if s.elites:
            for seat in reversed(s.order):
                _destructive_entertainment(s, seat, events)
        for seat in reversed(s.order):
            # The DNA Archivist's archived pairs are born before the feeding.
            for species, cell in births(s, seat):
                place_dinosaur(s, seat, species, cell, 0, events, kind="born")
        for seat in reversed(s.order):
            # The Master Architect's repairs, free, before the rampage checks.
            for _ in range(perk(s, seat, "upkeep_repairs")):
                s.tasks.append(("steps", seat, (("repair", FREE_REPAIR),), 0))


def _destructive_entertainment(s: DinoGenicsState, seat: int, events) -> None:
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
        if species_of(code) != s.t.pachy or key == OPEN:
            continue
        near = 0
        for x in cells_of(cells_of_key[key]):
            for _, other in s.geo.sides[x]:
                if other >= 0:
                    near |= 1 << other
        near &= ~cells_of_key[key]
        if any(
            cells_of_key[k2] & near and species_of(other) != s.t.pachy
            for other, k2 in zip(s.dinos[seat], keys, strict=True)
            if k2 != OPEN and k2 != key
        ):
            s.add(seat, VP, 3)
            events.append(event("trait_vp", seat, species=s.c.species[s.t.pachy].key, vp=3, trait="entertainment"))
            s.tasks.append(("rampage", seat, i))


def _seasonal_vp(s: DinoGenicsState, events) -> None:
    """The visitors leave, for VP per two (and the Arcade's for an odd number), then the Dinosaur Value and
    the VP facilities and specialists earn: one step, so that one event tells the VP the track moves."""
    per = s.c.numbers["vp_per_two_visitors"]
    facilities = s.c.facilities
    for p in range(s.parks):
        v = s.get(p, VISITORS)
        s.put(p, VISITORS, 0)
        leaving = per * (v // 2)
        arcade = 0
        if v % 2:  # the Arcade
            arcade = sum(facilities[facility_of(f)].odd_visitors_vp for f in s.facs[p] if not is_damaged(f))
        value = dinosaur_value(s, p)
        earned = sum(n for r, n in upkeep_income(s, p) if r == VP)
        vp = leaving + arcade + value + earned
        s.add(p, VP, vp)
        events.append(
            event("upkeep_vp", p, vp=vp, visitors=v, leaving=leaving, arcade=arcade, value=value, earned=earned)
        )


def _resources(s: DinoGenicsState, events) -> None:
    for p in s.order:  # in player order, as cards are drawn
        gains = tuple((r, n) for r, n in upkeep_income(s, p) if r != VP and n)
        if gains:
            told: dict[int, int] = {}  # each resource once ("3 credits", not "1 credit and 2 credits")
            for r, n in gains:
                if not (s.coop and p == SYNTH and r in SYNTH_REFUSES):
                    told[r] = told.get(r, 0) + n
            if told:
                events.append(event("upkeep_income", p, gains=[[RESOURCES[r], n] for r, n in told.items()]))
            gain(s, p, gains, events)


def _return(s: DinoGenicsState, events) -> None:
    if s.season < s.c.numbers["seasons"]:
        s.occ[:] = s.blocked_occ
        for p in range(s.parks):
            s.put(p, WORKERS, workers_in(s, s.season + 1))
            s.put(p, AIRPORT_USED, 0)


def _next(s: DinoGenicsState, events) -> None:
    if s.season >= s.c.numbers["seasons"]:
        s.over = True
        s.phase = OVER
        # No seat is to move once the game is over; `cur` (an int while it is on) is read only then.
        s.cur = None  # type: ignore[assignment]
        events.append(event("game_over", None))
        return
    s.season += 1
    s.stage = -1  # the next Open Season starts at step 1


# Season steps in order; a step returning True has set a decision and runs again after it.
STAGES = (
    ("order", _order),
    ("visitors", _visitors),
    ("bonus", offer_bonus),
    ("income", _income),
    ("news", _news),
    ("facilities", _city_stacks),
    ("workers", _workers),
    ("terror", _upkeep_start),
    ("feed", _feed),
    ("rampage", _rampage_checks),
    ("synth", synth.upkeep),
    ("vp", _seasonal_vp),
    ("resources", _resources),
    ("return", _return),
    ("next", _next),
)
# Season 1 skips to step 6 of the Open Season.
FIRST_SEASON_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "facilities")
_REPEATING = frozenset(("bonus", "workers"))

# What the task stack runs, by name: a rule that must start one from another module (a rampage, the HQ's Open
# Ocean roll, Synth's damage) pushes its name instead of importing it, so each module imports only those below.
TASKS = {
    "steps": run_steps,
    "limit": limit_task,
    "place": place_task,
    "city": city_task,
    "rampage": rampage_task,
    "face": face_task,
    "damage": damage_task,
    "mutants": mutants_task,
    "graft": graft_task,
    "terror": terror_task,
    "aquatic": aquatic_task,
    "chaos": chaos_task,
    "undouble": undouble_task,
    "open_ocean": open_ocean_task,
    "share": synth.share_task,
    "synth_cleanup": synth.cleanup,
    "synth_damage": synth.damage,
}


def settle(s: DinoGenicsState, events: list) -> None:
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
