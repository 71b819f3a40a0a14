"""The Controlled Chaos solo scenarios (CC1-CC7): a scenario's starting park, its visitor rule in place of
the Open Season's steps 1-3, and the end of CC6's doubled prices once a space's action is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.dinogenics.components import CREDITS, FENCES, VISITORS
from dinotable.games.dinogenics.rules.codes import SPECIALISTS, event
from dinotable.games.dinogenics.rules.effects import gain
from dinotable.games.dinogenics.rules.facilities import start_facility
from dinotable.games.dinogenics.rules.reading import hand_size, reputation
from dinotable.games.dinogenics.rules.visitors import season_visitor_perks

if TYPE_CHECKING:
    from dinotable.games.dinogenics.content_scenarios import Scenario
    from dinotable.games.dinogenics.state import DinoGenicsState


def scenario_setup(s: DinoGenicsState) -> None:
    """A solo scenario's start: its pen (8 fences: a 2 x 2 pen in A1-B2; 4: a 1 x 1 pen in A1), its
    dinosaurs in that pen, its facilities (large ones first, on the first free spaces in reading order),
    its specialists."""
    sc, geo = s.scenario, s.geo
    if sc is None:
        raise ValueError("scenario_setup: this game plays no solo scenario")
    seat = 0
    fences = sc.start["fences"]
    if fences:
        cells = {4: (0,), 8: (0, 1, geo.columns, geo.columns + 1)}[fences]
        mask = sum(1 << x for x in cells)
        rect = next(i for i, (c, _, _) in enumerate(geo.rectangles) if c == mask)
        s.fence[seat] = geo.rectangles[rect][1]
        s.take(seat, FENCES, bin(s.fence[seat]).count("1"))
    for species in sc.dinosaurs:
        s.dinos[seat] = (*s.dinos[seat], species)  # on A1, inside the pen
    facilities = s.c.facilities
    for f, damaged in sorted(sc.facilities, key=lambda pair: not facilities[pair[0]].large):
        start_facility(s, seat, f, damaged)
    for i in sc.specialists:
        s.spec_deck.remove(i)
        s.put(seat, SPECIALISTS, s.get(seat, SPECIALISTS) | 1 << i)


def scenario_visitors(s: DinoGenicsState, events) -> None:
    """A scenario's visitor rule, in place of Open Season steps 1-3."""
    # Run by settle only in a scenario game (season._visitors asks first), where s.scenario is never None; a
    # check here would run in the Season's loop for the type checker's sake alone.
    sc: Scenario = s.scenario  # type: ignore[assignment]
    seat = 0
    if sc.visitors == "researchers":
        # Researchers with grant money: half the DNA cards in hand, rounded down, and as many credits.
        n = hand_size(s, seat) // 2
        s.add(seat, CREDITS, n)
        events.append(event("grant", seat, credits=n))
    elif sc.visitors == "first_column":
        n = s.c.visitors[2][s.season][0]  # the Player 1 column of the two- and three-player overlay
    else:
        n = max(0, reputation(s, seat))
        if sc.visitors == "half_reputation":
            n //= 2
    gain(s, seat, ((VISITORS, n),), events)
    season_visitor_perks(s, (seat,), events)  # no bonus pool: the Education Center has none to take


def undouble_task(s: DinoGenicsState, task, events) -> None:
    s.doubled = False
