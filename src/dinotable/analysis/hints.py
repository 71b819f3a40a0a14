"""A hint mid-game: the search agent's three best choices for the seat to move, each with its chance to win.

It is computed from the asking seat's Observation only (a copy determinized for it), so it can tell nothing
the seat could not know: the same seed gives the same hint on the true state and on any copy determinized for
that seat (the tests check it). The budget is the hard bot's.
"""

from __future__ import annotations

from dinotable.agents import Observation
from dinotable.analysis.chances import Analyst, calibrated, is_team, mapping_for

HINT_ITERS = 300  # the hard bot's budget (server.bots.LEVELS["hard"])
HINT_SECONDS = 4.0
CHOICES = 3


def hint(state, seat: int, seed: int, iters: int = HINT_ITERS, seconds: float | None = HINT_SECONDS) -> list[dict]:
    """The best choices for `seat`, which must be to move: [{action, text, chance}], the agent's own choice
    first, then the others by their chance."""
    if state.is_over or state.current_player != seat:
        raise ValueError("a hint is for the seat to move")
    obs = Observation(state, seat, seed)
    team = is_team(state)
    mapping, _ = mapping_for(state.game.name, team, None)
    if len(obs.legal_actions) == 1:
        only = obs.legal_actions[0]
        return [{"action": only, "text": obs.action_text(only), "chance": None}]
    agent = Analyst(state.game, seed, team, iters=iters, seconds=seconds)
    search = agent.search(obs)
    return [
        {"action": a, "text": obs.action_text(a), "chance": calibrated(search.value(a, seat), mapping)}
        for a in search.best(CHOICES, seat)
    ]
