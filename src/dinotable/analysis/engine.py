"""The post-game analysis: each decision of a finished game, judged by the search agent from the mover's seat.

At each decision the analysis makes the mover's Observation (a copy determinized for it: never the true state)
and runs one ISMCTS search from it (`MCTSAgent.search`), which gives every legal action's value for the
mover at once: the chance to win before the decision is the value of the action the search prefers, the
decision's loss is that value less the value of the action taken (the search is made to try the taken action
as often as an alternative needs, so both are read from enough worlds). A decision with one option costs
nothing. A win chance is the share of the win the seat can expect (a tie shares it); at a solo or co-operative
table it is the table's chance to win (to meet the objective, to beat the Rival or Synth). The search's raw
values are mapped to chances by a calibration measured on many games (`calibration.py`).

Chance is not a decision: when the action taken revealed what the mover could not know (a die, an
excavated tile, a drawn card: its view afterwards differs from the view on copies that met other chance),
the analysis estimates the mover's chance again after it, and the difference from the value it expected is
its luck, told apart from the loss.

Decisions run in parallel in chunks (`sim.parallel`: processes here, or Ray), each chunk replaying the
record once; every search is seeded from (seed, decision), so the result does not depend on the workers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from dinotable.agents import Observation
from dinotable.analysis.chances import Analyst, calibrated, is_team, mapping_for, margin, result_for
from dinotable.core.record import parse, replay, start
from dinotable.core.registry import get_game
from dinotable.core.rng import derive_seed
from dinotable.sim.parallel import run_jobs

# Loss thresholds, in chance to win, of each label (taking the preferred action, or losing less than BEST,
# is "best"): Lichess's, whose 10/20/30% of its -1..1 winning-chances scale are these 5/10/15%.
BEST = 0.01
LABELS = (("good", 0.0), ("inaccuracy", 0.05), ("mistake", 0.10), ("blunder", 0.15))
# Chunks of decisions a worker analyses after one replay of the record up to the first.
CHUNK = 12
# Copies of the mover's Observation on which the taken action is tried, to see whether it revealed chance.
CHANCE_PROBES = 2
SEED_KEY = 5_000


@dataclass
class Decision:
    """One decision of the game, as the analysis judged it. Chances are 0-1 for the mover (`seat`)."""

    index: int  # how many decisions came before it
    seat: int
    round: int
    taken: int
    taken_text: str
    options: int  # how many legal actions there were
    label: str  # best, good, inaccuracy, mistake, blunder
    chance: float | None = None  # the mover's chance to win before it (with the preferred action)
    taken_value: float | None = None  # ... after the action taken
    preferred: int | None = None
    preferred_text: str | None = None
    loss: float = 0.0
    top: list = field(default_factory=list)  # [[action, text, chance]] the search's three best
    margin: float | None = None  # the mover's score less the best other's (or the Rival's, Synth's) now
    chance_fell: bool = False  # the action taken revealed what the mover could not know
    after: float | None = None  # the mover's chance once that chance fell
    luck: float = 0.0  # after - taken_value: what the chance that fell gave (+) or took (-)
    taken_info: dict | None = None  # the board elements the action touches (state.action_info)
    preferred_info: dict | None = None


@dataclass
class Analysis:
    game: str
    num_players: int
    budget: int
    seed: int
    seats: list[int]  # the seats analysed
    names: list[str]
    round_word: str
    team: bool  # a solo or co-operative table: one chance for the table
    decisions: list[Decision]
    final: dict  # scores, winners, result of the game
    calibration: dict

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, doc: dict) -> Analysis:
        return cls(**{**doc, "decisions": [Decision(**d) for d in doc["decisions"]]})


def _revealed(state, after, seat: int, action: int, obs: Observation, seed: int) -> bool:
    """Did `action` show the seat what it could not know? Tried on copies of its Observation, which meet
    other chance and hold other secrets: if any looks different to it afterwards, chance fell."""
    seen = after.view(seat)
    for k in range(CHANCE_PROBES):
        copy = obs.determinize(derive_seed(seed, 7, k))
        copy.apply(action)
        if copy.view(seat) != seen:
            return True
    return False


def judge(job: tuple) -> dict:
    """Analyses the decisions `first` to `last` - 1 of the record, for the seats in `seats`."""
    doc, first, last, seats, budget, seed, mapping = job
    game = get_game(doc["game"])
    state = start(game, doc)
    team = is_team(state)
    history = doc["history"]
    for action in history[:first]:
        state.apply(action)
    out = []
    for index in range(first, last):
        taken = history[index]
        seat = state.current_player
        if seat not in seats:
            state.apply(taken)
            continue
        legal = state.legal_actions()
        decision = Decision(index, seat, game.round_of(state), taken, state.action_text(taken), len(legal), "best")
        decision.margin = margin(state, seat)
        after = state.clone()
        after.apply(taken)
        if len(legal) > 1:
            key = derive_seed(seed, SEED_KEY, index)
            obs = Observation(state, seat, derive_seed(key, 1))
            agent = Analyst(game, derive_seed(key, 2), team, iters=budget)
            search = agent.search(obs, ensure=taken)
            _fill(decision, search, state, seat, mapping)
            decision.taken_info = state.action_info(taken)
            if decision.preferred != taken:
                decision.preferred_info = state.action_info(decision.preferred)
            decision.chance_fell = _revealed(state, after, seat, taken, obs, derive_seed(key, 3))
            if decision.chance_fell:
                chance_after = _chance_after(game, after, seat, team, budget, derive_seed(key, 4), mapping)
                decision.after = chance_after
                decision.luck = round(chance_after - (decision.taken_value or 0.0), 4)
        out.append(asdict(decision))
        state = after
    return {"steps": last - first, "decisions": out}


def _fill(decision: Decision, search, state, seat: int, mapping: tuple[float, float]) -> None:
    def chance(action: int) -> float:
        return calibrated(search.value(action, seat), mapping)

    preferred = search.preferred
    decision.preferred = preferred
    decision.preferred_text = state.action_text(preferred)
    decision.chance = chance(preferred)
    decision.taken_value = chance(decision.taken)
    decision.loss = round(max(0.0, decision.chance - decision.taken_value), 4)
    decision.label = label(decision.loss, decision.taken == preferred)
    decision.top = [[a, state.action_text(a), chance(a)] for a in search.best(3, seat)]


def _chance_after(game, state, seat: int, team: bool, budget: int, seed: int, mapping) -> float:
    """The seat's chance once the chance it met has fallen: its result if the game ended, else a search from
    its Observation of the new state (whoever is to move). Read as the mean over the search's iterations, as
    the value of the action taken is (the mean over the iterations through it): the two are then estimates
    of the same thing before and after the chance, and luck averages zero over many (the value of the
    preferred action, a maximum, would make every chance look unlucky when another seat moves next)."""
    if state.is_over:
        return result_for(state, seat, team)
    obs = Observation(state, seat, derive_seed(seed, 1))
    search = Analyst(game, derive_seed(seed, 2), team, iters=budget).search(obs)
    return calibrated(search.mean(seat), mapping)


def label(loss: float, preferred: bool) -> str:
    """best, good, inaccuracy, mistake or blunder, by the loss in win chance (LABELS)."""
    if preferred or loss < BEST:
        return "best"
    name = LABELS[0][0]
    for candidate, threshold in LABELS:
        if loss >= threshold:
            name = candidate
    return name


def analyse(
    record,
    seat: int | None = None,
    budget: int | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyses a finished game's record (a dict, or its JSON text) for one seat or every seat. `budget` is
    the search's iterations per decision (the game's calibrated default if None); `progress(done, total)`
    is told as decisions are judged. The same record, seat, budget and seed give the same analysis."""
    plan = Plan(record, seat, budget, seed)
    done = 0

    def tell(chunk: dict) -> None:
        nonlocal done
        done += chunk["steps"]
        progress(done, plan.total)  # type: ignore[misc]

    return plan.assemble(run_jobs(judge, plan.jobs, workers, backend, address, tell if progress else None))


class Plan:
    """An analysis cut into jobs: `jobs` (each a chunk of decisions for `judge`, in any process), then
    `assemble(the jobs' results, in order)`. The server runs the jobs in its bot pool this way."""

    def __init__(self, record, seat: int | None = None, budget: int | None = None, seed: int = 0) -> None:
        self.doc = parse(record)
        self.game = get_game(self.doc["game"])
        self.final = _final(self.game, self.doc)
        num_players = self.final["state"].num_players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players):
            raise ValueError(f"seat must be a seat of this game, 0 to {num_players - 1}, not {seat!r}")
        self.seats = list(range(num_players)) if seat is None else [seat]
        self.team = is_team(self.final["state"])
        self.mapping, self.budget = mapping_for(self.game.name, self.team, budget)
        if isinstance(self.budget, bool) or not isinstance(self.budget, int) or self.budget <= 0:
            raise ValueError(f"the budget is a positive number of search iterations, not {budget!r}")
        self.seed = seed
        self.total = len(self.doc["history"])
        self.jobs = [
            (self.doc, first, min(self.total, first + CHUNK), frozenset(self.seats), self.budget, seed, self.mapping)
            for first in range(0, self.total, CHUNK)
        ]

    def assemble(self, results: list[dict]) -> Analysis:
        decisions = [Decision(**d) for chunk in results for d in chunk["decisions"]]
        final = self.final["state"]
        return Analysis(
            game=self.game.name,
            num_players=final.num_players,
            budget=self.budget,
            seed=self.seed,
            seats=self.seats,
            names=[self.game.seat_name(final, s) for s in range(final.num_players)],
            round_word=self.game.round_word,
            team=self.team,
            decisions=decisions,
            final={k: v for k, v in self.final.items() if k != "state"},
            calibration={"slope": self.mapping[0], "shift": self.mapping[1]},
        )


def _final(game, doc: dict) -> dict:
    state = replay(game, doc)
    if not state.is_over:
        raise ValueError("only a finished game is analysed: this record stops before the end")
    outcome = state.outcome()
    return {"scores": state.scores(), "winners": state.winners(), "result": outcome.get("result"), "state": state}
