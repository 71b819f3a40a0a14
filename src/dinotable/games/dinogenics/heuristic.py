"""DinoGenics' own evaluation, for the greedy agent and for search agents.

`value` estimates a seat's final score: End Game Scoring as it stands, plus what the park will earn in
the Upkeeps left (Dinosaur Value, facilities, visitors), what DNA sets in hand promise, and the worth of
resources, less what improper habitats and hungry carnivores are about to cost. In the middle of its own
action (a species chosen, its pen not yet built; a City Center menu) it adds what the open decision
promises, so one decision ahead is enough: `action_scores` applies each action once and values the result.
It is handed a determinized state (see dinotable.agents) and reads only what its seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics import rules
from dinotable.games.dinogenics.components import (
    CREDITS,
    DNA,
    EDNA,
    FATALITY,
    FENCES,
    GOATS,
    MANIPULATION,
    REFINED,
    SCANDALS,
    SLASH,
    VISITORS,
    VP,
)
from dinotable.games.dinogenics.park import OPEN
from dinotable.games.dinogenics.risk import damage_ahead, scandal_cost
from dinotable.games.dinogenics.rules import DOME, STAGES, dinosaur_code, facility_of, is_damaged, species_of
from dinotable.games.dinogenics.scoring import breakdown
from dinotable.games.dinogenics.weights import (
    CARD,
    CREDIT,
    DNA_CARD,
    FENCE,
    FREE_PEN_SPACE,
    GOAT,
    HABITAT,
    HUNGRY,
    IMPROPER,
    IMPROPER_NOW,
    OBJECTIVE,
    OCEAN_PRICE,
    OPPONENT,
    OUTSOURCED,
    PARTIAL_SET,
    PLAYED_CARD,
    REPUTATION,
    ROOM,
    SCANDAL,
    SET_IN_HAND,
    SUBSTITUTE,
    VISIT,
)

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

_STOPPABLE = frozenset((rules.MUTANT, rules.BONUS, rules.BUILD, rules.CITY, rules.PICK, rules.GRAFT))
_VP_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "vp")
_RAMPAGE_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "rampage")
_BIRTH_STAGE = next(i for i, (name, _) in enumerate(STAGES) if name == "terror")


class Heuristic:
    def value(self, s: DinoGenicsState, seat: int) -> float:
        if s.over:
            return _final(s, seat)
        return _value(s, seat)

    def action_scores(self, s: DinoGenicsState, seat: int, actions: list[int]) -> list[float]:
        out = []
        done = s.ids.done
        for a in actions:
            if a == done and s.phase in _STOPPABLE:
                # Stopping changes nothing but the open decision: value the state as it stands, so that it
                # is compared at the same moment as the other choices (not after the game has moved on).
                out.append(_value(s, seat, open_decision=False))
                continue
            new = s.clone()
            new.apply(a)
            out.append(_final(new, seat) if new.over else _value(new, seat))
        return out


def _final(s: DinoGenicsState, seat: int) -> float:
    totals = [breakdown(s, p)["total"] for p in range(s.num_players)]
    others = [t for p, t in enumerate(totals) if p != seat]
    return totals[seat] - (OPPONENT * max(others) if others else 0.0)


def _upkeeps_left(s: DinoGenicsState) -> int:
    return s.c.numbers["seasons"] - s.season + (1 if s.stage <= _VP_STAGE else 0)


def _improper_cost(upkeeps: int) -> float:
    return IMPROPER_NOW + IMPROPER * min(upkeeps, 3)


def _worth(s: DinoGenicsState, species: int, upkeeps: int, seat: int | None = None) -> float:
    """What a new dinosaur of this species in a proper habitat brings by the end (a new species in the
    park also scores at the end)."""
    sp = s.c.species[species]
    worth = sp.vp * upkeeps + REPUTATION * sp.reputation * min(upkeeps, 3)
    if seat is None or all(species_of(code) != species for code in s.dinos[seat]):
        worth += s.c.numbers["end_species_in_habitat"]
    if seat is not None:
        worth += _destroyer_worth(s, seat, species, upkeeps)
    if seat is not None and s.scenario and "paired_species" in s.scenario.objective:
        # CC2: a second meeple of a species makes a pair.
        have = sum(1 for code in s.dinos[seat] if species_of(code) == species)
        if have == 0 and rules.perk(s, seat, "births") and rules.archived(s, species):
            # The DNA Archivist: a second may be born at an Upkeep, if it is its turn and has room.
            worth += 0.5 * (OBJECTIVE + sp.vp * max(0, upkeeps - 1))
        else:
            worth += OBJECTIVE * (1.0 if have == 1 else 0.3 if have == 0 else 0.0)
    return worth


def _hand_worth(s: DinoGenicsState, seat: int, sp: int, held: int, upkeeps: int) -> float:
    """What `held` DNA cards of a species promise: a share of the dinosaur's worth per set, full or not."""
    species = s.c.species[sp]
    full, part = divmod(held, species.dna)
    worth = _worth(s, sp, upkeeps - 1, seat) * (SET_IN_HAND * full + PARTIAL_SET * part / species.dna)
    if rules.meeples_left(s, sp) <= 0:
        worth *= 0.3  # no meeple left: only one destroyed elsewhere brings it back
    return worth


def _habitat_unlocks(s: DinoGenicsState, seat: int, upkeeps: int) -> float:
    """An Aquatic Habitat to come for a park with none free: the half of the aquatic DNA in hand that waits
    for one (see `_value`)."""
    if upkeeps <= 1:
        return 0.0
    k, t = s.c.kinds, s.t
    hand = s.dna[seat * k : seat * k + k]
    return sum(
        0.5 * _hand_worth(s, seat, sp, hand[sp], upkeeps)
        for sp in t.with_dna
        if hand[sp] and t.aquatic[sp] and not rules.aquatic_room(s, seat, t.aquatic[sp])
    )


def _corrupted(s: DinoGenicsState, seat: int) -> int:
    """How many Corrupted T-Rex (CC1) the park holds: the dinosaurs worth destroying."""
    corrupted = s.t.corrupted
    return sum(1 for code in s.dinos[seat] if species_of(code) == corrupted) if corrupted >= 0 else 0


def _corrupted_upkeep(s: DinoGenicsState) -> float:
    """What one Corrupted T-Rex costs each Upkeep it stays: its -2 Dinosaur Value and its rampage check's
    hit, which most often lands on the Visitor Center for a Scandal."""
    die = s.c.rampage_die
    hit = sum(1 for f in die if f in (FATALITY, SLASH)) / len(die)
    return -s.c.species[s.t.corrupted].vp + hit * scandal_cost(s)


def _destroyed_vp(s: DinoGenicsState, seat: int) -> int:
    """VP the park's undamaged facilities give when one of its dinosaurs is destroyed (the Safari)."""
    return sum(s.c.facilities[facility_of(f)].destroyed_vp for f in s.facs[seat] if not is_damaged(f))


def _destroyer_worth(s: DinoGenicsState, seat: int, species: int, upkeeps: int) -> float:
    """What a dinosaur that destroys others adds in a park with Corrupted T-Rex (CC1): a Spinosaurus destroys
    one on placement; a Mosasaur one at each Upkeep (5 VP each, and it is not fed). Each T-Rex gone stops
    costing its Upkeeps and gives the Safari's VP."""
    if species not in (s.t.mosa, s.t.spino):
        return 0.0  # asked of every species the evaluation weighs: the cheap test first
    victims = _corrupted(s, seat)
    if not victims:
        return 0.0
    each = _corrupted_upkeep(s) + REPUTATION
    gain = _destroyed_vp(s, seat)
    if species == s.t.spino:
        return gain + each * upkeeps
    return sum(s.c.numbers["terror_vp"] + gain + each * (upkeeps - 1 - k) for k in range(min(victims, upkeeps)))


def _proper_home(s: DinoGenicsState, seat: int, species: int) -> float:
    """1 if a proper habitat waits for this species, less if a pen must be built first, little if none."""
    best = 0.0
    cells, pens = rules.habitats(s, seat, species)
    if s.t.aquatic[species]:
        return 1.0 if cells else 0.0  # Aquatic Habitats with room are proper
    for cell in cells:
        if not rules.improper(s, seat, dinos=(*s.dinos[seat], dinosaur_code(species, cell)))[-1]:
            best = 1.0
            break
    if best < 1.0 and pens:
        need = max(1, s.t.pen[species])
        if species != s.t.bronto and species != s.t.ptero and any(s.geo.rectangles[i][2] >= need for i in pens):
            best = 0.8
    return best


def _placement(s: DinoGenicsState, seat: int, species: int, upkeeps: int) -> float:
    """A dinosaur about to be placed: its worth if a proper habitat waits, else the rampages to come."""
    home = _proper_home(s, seat, species)
    return _worth(s, species, upkeeps, seat) * home if home else -_improper_cost(upkeeps)


def _facility_worth(s: DinoGenicsState, seat: int, f: int, upkeeps: int) -> float:
    fac = s.c.facilities[f]
    if rules.special(s, "credits_end"):
        # CC3 scores credits: a facility is worth the credits it brings in and its end-game credits (its bonus
        # VP and reputation), and rooms for the visitors reputation draws; its VP are worth nothing.
        income = sum(n for r, n in fac.upkeep if r == CREDITS)
        return fac.end_vp + fac.reputation + upkeeps * income + ROOM * fac.rooms * max(0, upkeeps - 1)
    worth = fac.end_vp + REPUTATION * fac.reputation * min(upkeeps, 3)
    worth += upkeeps * sum(
        n if r == VP else CREDIT * n if r == CREDITS else GOAT * n if r == GOATS else DNA_CARD * n
        for r, n in fac.upkeep
    )
    if fac.per_species >= 0:
        have = sum(1 for code in s.dinos[seat] if species_of(code) == fac.per_species)
        worth += upkeeps * (fac.per_vp + CREDIT * fac.per_credits) * have
    worth += ROOM * fac.rooms * max(0, upkeeps - 1)
    if fac.biodome:
        worth += 2.0
    if fac.hand_limit:
        worth += 1.0
    if fac.aquatic:
        worth += (HABITAT + _habitat_unlocks(s, seat, upkeeps)) if upkeeps > 1 else 0.0
    if fac.upkeep_per:
        what, r, n = fac.upkeep_per
        worth += upkeeps * n * rules.count(s, seat, what) * _RESOURCE_WORTH[r]
    if fac.end_per:
        worth += fac.end_per[1] * rules.end_count(s, seat, fac.end_per[0])
    worth += sum(_RESOURCE_WORTH[r] * n for r, n in fac.on_placement)
    worth += 2.0 * (fac.adjacent_aquatic_vp + fac.adjacent_species_vp) / 3 + fac.odd_visitors_vp * upkeeps / 2
    if fac.destroyed_vp:
        worth += fac.destroyed_vp * min(_corrupted(s, seat), upkeeps)
    if s.scenario:
        goal = s.scenario.objective
        if goal.get("commercial_full") and not fac.park:
            worth += OBJECTIVE * (2 if fac.large else 1)  # CC6: spaces toward a full commercial sector
        if "rooms" in goal and rules.room(s, seat) < goal["rooms"]:
            worth += 0.5 * OBJECTIVE * fac.rooms  # CC5: rooms toward the visitor capacity asked
    if fac.airport or fac.gene_grafting or fac.education or fac.market_exchange or fac.fishery:
        worth += 1.0 * min(upkeeps, 3)
    return worth


def _steps_value(s: DinoGenicsState, seat: int, steps: tuple, upkeeps: int) -> float:
    """A rough worth of effect steps still to run: each kind's worth from STEP_WORTH."""
    return sum(STEP_WORTH[kind](s, seat, value, upkeeps) for kind, value in steps)


def _amounts_worth(sign: int):
    def worth(s: DinoGenicsState, seat: int, value, upkeeps: int) -> float:
        total = 0.0
        for r, n in value:
            if r == SCANDALS and sign > 0:
                total -= n * scandal_cost(s)
            else:
                total += sign * n * _RESOURCE_WORTH[r]
        return total

    return worth


def _flat(worth: float):
    return lambda s, seat, value, upkeeps: worth


def _best_facility(s: DinoGenicsState, seat: int, discount: int, upkeeps: int, large: bool = False) -> float:
    """The best buy among the City Center's stacks (or the HQ's Large Facilities) this seat can pay for and
    place: the facility's worth less its price; 0 if none."""
    budget = s.get(seat, CREDITS)
    best = 0.0
    if large:
        offers = rules.large_offers(s, seat, discount, budget)
        tiles = [s.t.habitat_tile if i == 0 else s.large_offer[i - 1] for i in offers]
    else:
        tiles = [s.t.hotel if i == 0 else s.stacks[i - 1][-1] for i in rules.offers(s, seat, discount, budget)]
    # A credit spent: its worth in the evaluation (in CC3, where credits are the score, all of it).
    credit = 1 + 1 / 3 if rules.special(s, "credits_end") else CREDIT + 1 / 3
    for f in tiles:
        price = rules.facility_price(s, seat, f, discount)
        best = max(best, _facility_worth(s, seat, f, upkeeps) - credit * price)
    return best


def _best_option(s: DinoGenicsState, seat: int, options: tuple, upkeeps: int) -> float:
    """A choice to come is worth its best option among those the rules let the seat take: an HQ visit whose
    one open choice is a losing Open Ocean roll is worth that roll, not the best of three."""
    budget = s.get(seat, CREDITS)
    return max(
        (_steps_value(s, seat, option, upkeeps) for option in options if rules.can(s, seat, option, budget)),
        default=0.0,
    )


def _ocean_value(s: DinoGenicsState, seat: int, upkeeps: int) -> float:
    """An Open Ocean roll about to be made: a Plesiosaurus at the dice's price if an Aquatic Habitat has room
    and the credits may cover it, else the 1 VP lost."""
    cells, _ = rules.habitats(s, seat, s.t.plesio)
    if not cells or s.get(seat, CREDITS) < OCEAN_PRICE:
        return -1.0
    return max(_worth(s, s.t.plesio, upkeeps, seat) - (CREDIT + 1 / 3) * OCEAN_PRICE, -1.0)


_SOME_GOOD = 1.5  # a step that takes something of worth the evaluation does not look into (a card, a repair)
# Each kind of effect step's worth to the seat about to run it (s, seat, value, upkeeps), one entry per kind
# registered in rules.EFFECTS and the `choose` node (a test keeps them together).
STEP_WORTH = {
    "gain": _amounts_worth(1),
    "lose": _amounts_worth(-1),
    "edna": _amounts_worth(1),  # (content's `edna` and `refined` are read as gains)
    "refined": _amounts_worth(1),
    "pay": lambda s, seat, value, upkeeps: -value * (CREDIT + 1 / 3),
    "create": lambda s, seat, value, upkeeps: (
        0.4 * max((_worth(s, k, upkeeps) for k in rules.creatable(s, seat, value)), default=0.0)
    ),
    "open_ocean": lambda s, seat, value, upkeeps: _ocean_value(s, seat, upkeeps),
    "choose": lambda s, seat, value, upkeeps: _best_option(s, seat, value, upkeeps),
    "facility": lambda s, seat, value, upkeeps: _best_facility(s, seat, value, upkeeps),
    "large_facility": lambda s, seat, value, upkeeps: _best_facility(s, seat, value, upkeeps, large=True),
    **dict.fromkeys(
        (
            "city_center",
            "draw_keep",
            "boneyard",
            "market_buy",
            "repair",
            "play",
            "edna_keep",
            "refine",
            "job_network",
        ),
        _flat(_SOME_GOOD),
    ),
    # Not looked into: what these are worth depends on the rest of the table.
    **dict.fromkeys(
        (
            "build",
            "each_opponent",
            "market_sell",
            "news_swap",
            "opponent",
            "outsource",
            "per",
            "rampage",
            "refresh_market",
        ),
        _flat(0.0),
    ),
}
_RESOURCE_WORTH = {
    CREDITS: CREDIT + 1 / 3,
    GOATS: GOAT,
    FENCES: FENCE,
    VP: 1.0,
    SCANDALS: -SCANDAL,
    VISITORS: 1.5,
    DNA: DNA_CARD,
    MANIPULATION: CARD,
    REFINED: SUBSTITUTE,
    EDNA: DNA_CARD,
}


def _card_gain(s: DinoGenicsState, seat: int, sp: int, upkeeps: int) -> float:
    """What one more DNA card of this species adds to the hand's worth."""
    if upkeeps <= 1:
        return DNA_CARD * 0.5
    if sp == s.t.poly:
        return SUBSTITUTE
    species = s.c.species[sp]
    held = s.dna[seat * s.c.kinds + sp]
    before = SET_IN_HAND * (held // species.dna) + PARTIAL_SET * (held % species.dna) / species.dna
    after = SET_IN_HAND * ((held + 1) // species.dna) + PARTIAL_SET * ((held + 1) % species.dna) / species.dna
    return _worth(s, sp, upkeeps - 1, seat) * (after - before)


def _pending(s: DinoGenicsState, seat: int, upkeeps: int, open_decision: bool = True) -> float:
    """What the seat's own open decision, and the steps still to run after it, promise."""
    total = 0.0
    for task in s.tasks:
        if task[0] == "steps" and task[1] == seat:
            total += _steps_value(s, seat, task[2][task[3] :], upkeeps)
    if s.cur != seat or not open_decision:
        return total
    phase, ctx = s.phase, s.ctx
    if phase == rules.HABITAT:
        total += _placement(s, seat, ctx.species, upkeeps)
    elif phase == rules.CREATE:
        total += max((_placement(s, seat, k, upkeeps) for k in rules.creatable(s, seat, ctx.short)), default=0.0)
    elif phase == rules.PICK:
        purpose, left = ctx.purpose, ctx.left
        if purpose == rules.MUTANT_SET:
            total += _placement(s, seat, s.t.mutant, upkeeps)
        elif purpose in (rules.KEEP, rules.BONEYARD, rules.BUY):
            cards = ctx.arg if purpose == rules.KEEP else s.dna_discard if purpose == rules.BONEYARD else s.market
            if purpose != rules.BUY or s.get(seat, CREDITS) >= ctx.arg:
                gains = sorted((_card_gain(s, seat, sp, upkeeps) for sp in set(cards)), reverse=True)
                total += sum(gains[:left])
    elif phase == rules.FACILITY_CELL:
        total += _facility_worth(s, seat, ctx.facility, upkeeps)
    elif phase == rules.FACILITY:
        total += _best_facility(s, seat, ctx.discount, upkeeps)
    elif phase == rules.CITY:
        best = _best_facility(s, seat, 0, upkeeps)
        if not ctx.used & rules.CITY_KIND[rules.REPAIR_CHOICE]:
            best = max(best, _repair_gain(s, seat, 0))  # a repair instead of a facility
        total += best + (3 * FENCE if not ctx.used & 1 else 0.0)
    elif phase == rules.REPAIR:
        total += _repair_gain(s, seat, ctx.discount)
    elif phase == rules.CARD:
        total += PLAYED_CARD
    elif phase == rules.OUTSOURCE:
        total += OUTSOURCED
    elif phase == rules.CHOOSE:
        total += _best_option(s, seat, ctx.options, upkeeps)
    elif phase == rules.LARGE:
        total += _best_facility(s, seat, ctx.discount, upkeeps, large=True)
    elif phase == rules.LARGE_SPOT:
        total += _facility_worth(s, seat, ctx.facility, upkeeps)
    elif phase == rules.OCEAN:
        # Paying places a Plesiosaurus; declining loses 1 VP.
        total += max(_worth(s, s.t.plesio, upkeeps, seat) - (CREDIT + 1 / 3) * ctx.cost, -1.0)
    return total


def _repair_gain(s: DinoGenicsState, seat: int, discount: int) -> float:
    """What the best repair this seat can pay for adds to its worth (a pen closed again, a facility
    scoring again), its price included: each repair is tried on a copy."""
    options = rules.repairs(s, seat, discount, s.get(seat, CREDITS))
    if not options:
        return 0.0
    before = _value(s, seat, open_decision=False)
    best = 0.0
    for struct in options:
        new = s.clone()
        rules.repair(new, seat, struct, discount, [])
        best = max(best, _value(new, seat, open_decision=False) - before)
    return best


def _visitors_by_reputation(s: DinoGenicsState, seat: int, upkeeps: int) -> float:
    """A scenario whose visitors come up to the Reputation Track value (or half of it), rooms permitting:
    each point of reputation a room can take is a visitor every Season left. Below zero, each point
    still counts, as a step back toward visitors."""
    rep = rules.reputation(s, seat)
    if s.scenario.visitors == "half_reputation":
        rep /= 2
    worth = VISIT * min(rep, rules.room(s, seat)) * max(0, upkeeps - 1)
    if rep >= 1 and upkeeps > 1 and rules.special(s, "damaged_scandals"):
        # CC5: the next visitors bring a Scandal for every two damaged facilities.
        worth -= scandal_cost(s) * (sum(1 for f in s.facs[seat] if is_damaged(f)) // 2)
    return worth


def _value(s: DinoGenicsState, seat: int, open_decision: bool = True) -> float:
    c, t = s.c, s.t
    upkeeps = _upkeeps_left(s)
    res = s.counters(seat)
    keys = rules.habitat_keys(s, seat)
    bad = rules.improper(s, seat, keys)
    total = float(breakdown(s, seat)["total"])

    # What the park earns each Upkeep from now on.
    per_upkeep = rules.dinosaur_value(s, seat, keys)
    for r, n in rules.upkeep_income(s, seat):
        per_upkeep += n * _RESOURCE_WORTH[r]
    total += per_upkeep * upkeeps

    # Visitors: those here leave for VP at the Upkeep; rooms draw more in the Seasons left.
    if s.stage <= _VP_STAGE:
        total += 1.5 * res[VISITORS]
    by_reputation = s.scenario and s.scenario.visitors in ("reputation", "half_reputation")
    if by_reputation:
        total += _visitors_by_reputation(s, seat, upkeeps)
    else:
        total += ROOM * rules.room(s, seat) * max(0, upkeeps - 1)

    # Trouble ahead: rampage checks for improper habitats, carnivores short of goats.
    if upkeeps:
        total -= IMPROPER * min(upkeeps, 3) * sum(bad) + damage_ahead(s, seat, bad)
        goats = res[GOATS]
        kinds = [species_of(code) for code in s.dinos[seat]]
        for n in sorted(c.species[k].goats for k in kinds if t.eats_goats[k]):
            if goats >= n:
                goats -= n
            else:
                total -= HUNGRY
    total += GOAT * min(res[GOATS], 6) + FENCE * min(res[FENCES], 8) + CREDIT * res[CREDITS]

    # DNA in hand: sets a dinosaur away from scoring in the Upkeeps left.
    if upkeeps > 1:
        k = c.kinds
        hand = s.dna[seat * k : seat * k + k]
        for sp in t.with_dna:
            if hand[sp]:
                worth = _hand_worth(s, seat, sp, hand[sp], upkeeps)
                if t.aquatic[sp] and not rules.aquatic_room(s, seat, t.aquatic[sp]):
                    worth *= 0.5  # it needs an Aquatic Habitat first
                total += worth
        total += SUBSTITUTE * (hand[t.poly] + res[REFINED])
        m = len(c.manipulation)
        total += CARD * sum(s.manip[seat * m : seat * m + m])

        # Room in pens for dinosaurs still to come.
        _, areas = rules.regions(s, seat)
        penned: dict[int, list[int]] = {}
        for code, key in zip(s.dinos[seat], keys, strict=True):
            if key != OPEN and key < DOME:
                penned.setdefault(key, []).append(species_of(code))
        for a, (cells, closed) in enumerate(areas):
            if closed:
                used = rules.pen_need(s, seat, penned.get(a, []))
                total += FREE_PEN_SPACE * max(0, bin(cells).count("1") - used)
    if not by_reputation:
        total += REPUTATION * rules.reputation(s, seat) * min(upkeeps, 3)
    total += _pending(s, seat, upkeeps, open_decision)
    if s.scenario:
        total += _objective(s, seat, upkeeps)
    if s.coop:
        # Synth Re-Activated: the branches' average against Synth, so the partner's score counts as one's own.
        total += _projected(s, 1 - seat, upkeeps) - 2 * OPPONENT * _projected(s, rules.SYNTH, upkeeps)
    elif s.num_players > 1:
        # The best opponent's final score, roughly (projected, so that it does not jump when they score an
        # Upkeep).
        total -= OPPONENT * max(_projected(s, p, upkeeps) for p in range(s.num_players) if p != seat)
    return total


def _projected(s: DinoGenicsState, p: int, upkeeps: int) -> float:
    """A park's final score, roughly: VP on the track and what its dinosaurs will still score, less its
    Scandals."""
    return s.get(p, VP) + rules.dinosaur_value(s, p) * upkeeps - 6 * s.get(p, SCANDALS)


def _objective(s: DinoGenicsState, seat: int, upkeeps: int) -> float:
    """A solo scenario: progress toward the objective's conditions besides the score, and (CC3) credits
    instead of VP."""
    goal = s.scenario.objective
    total = 0.0
    rep = rules.reputation(s, seat)
    if goal.get("positive_reputation"):
        total += OBJECTIVE * min(rep, 1)
    if goal.get("no_scandals"):
        total -= OBJECTIVE * s.get(seat, SCANDALS)
    if "paired_species" in goal:
        kinds = [species_of(code) for code in s.dinos[seat]]
        if upkeeps and s.stage <= _BIRTH_STAGE:
            kinds += [k for k, _ in rules.births(s, seat)]  # the DNA Archivist's pairs born at the Upkeep
        counts = [kinds.count(k) for k in set(kinds)]  # mutants are a species too (scoring.paired_species)
        total += OBJECTIVE * min(goal["paired_species"] + 1, sum(1 for n in counts if n >= 2))
        total += 0.3 * OBJECTIVE * sum(1 for n in counts if n == 1)
    if "rooms" in goal:
        total += 0.5 * OBJECTIVE * min(rules.room(s, seat), goal["rooms"])
    if goal.get("commercial_full"):
        used = sum(1 for f in s.facs[seat] for x in rules.places(f) if x >= rules.COMMERCIAL)
        total += OBJECTIVE * used
        # Credits put by for the spaces still empty, at a Basic Hotel's price: the City Center's, doubled
        # (read from the scenario, not from `rules.doubled`, which doubles only during the visit itself).
        empty = max(0, s.c.numbers["commercial_spaces"] - used)
        price = s.c.facilities[s.t.hotel].cost * (2 if rules.special(s, "double_costs") else 1)
        total += 0.5 * OBJECTIVE * min(empty, s.get(seat, CREDITS) / price)
    if rules.special(s, "credits_end"):
        # The score is in credits: VP on the track and Dinosaur Value are worth nothing, credits all.
        total -= s.get(seat, VP) + rules.dinosaur_value(s, seat) * upkeeps
        total += (1 - CREDIT) * s.get(seat, CREDITS)
        total += upkeeps * sum(n for r, n in rules.upkeep_income(s, seat) if r == CREDITS)
    return total


HEURISTIC = Heuristic()
