"""The checks every registered game must pass (the design notes, "Conformance").

Each check takes a game, a player count, an option set and a seed, plays seeded random games through the
public contract only, and raises AssertionError saying what broke. The project's tests run them against
every game, player count and option set; a new game is covered by registering it.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

from dinotable.core.errors import IllegalAction
from dinotable.core.rng import Rng, derive_seed


def _where(game, num_players, options, seed) -> str:
    return f"{game.name} players={num_players} options={options} seed={seed}"


def random_game(game, num_players: int, options: dict, seed: int, on_step=None):
    """Plays one seeded random game to its end; `on_step(state)` sees every decision point."""
    state = game.new_game(num_players, seed, options)
    rng = Rng(derive_seed(seed, 77))
    while not state.is_over:
        assert len(state.history) < game.max_decisions, (
            f"{_where(game, num_players, options, seed)}: no end after {game.max_decisions} decisions"
        )
        if on_step is not None:
            on_step(state)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    if on_step is not None:
        on_step(state)
    return state


def check_soak(game, num_players: int, options: dict, seed: int) -> None:
    """A random game ends within the bound, with sane decision points and invariants all the way."""
    where = _where(game, num_players, options, seed)

    def step(state) -> None:
        game.check_invariants(state)
        if state.is_over:
            assert state.current_player is None, f"{where}: a finished game still has a player to move"
            assert state.legal_actions() == [], f"{where}: a finished game still has legal actions"
            return
        seat = state.current_player
        assert isinstance(seat, int) and 0 <= seat < num_players, f"{where}: current_player {seat!r}"
        legal = state.legal_actions()
        assert legal, f"{where}: no legal action in an unfinished game"
        assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions {legal}"
        assert all(isinstance(a, int) and 0 <= a < game.num_distinct_actions for a in legal), (
            f"{where}: an action id outside range({game.num_distinct_actions}): {legal}"
        )
        assert legal == state.legal_actions(), f"{where}: legal_actions() changes between calls"
        for a in legal:
            assert isinstance(state.action_text(a), str) and state.action_text(a), f"{where}: no text for {a}"

    state = random_game(game, num_players, options, seed, step)
    scores = state.scores()
    assert len(scores) == num_players and all(isinstance(s, int) for s in scores), f"{where}: scores {scores}"
    winners = state.winners()
    assert set(winners) <= set(range(num_players)), f"{where}: winners {winners}"
    outcome = state.outcome()
    # Nobody at the table wins only when an automaton (a solo Rival, the Synth) beat them: say so.
    assert winners or outcome.get("result") == "lost", f"{where}: no winner and no loss to an automaton"
    assert outcome["scores"] == scores and outcome["winners"] == winners, f"{where}: outcome disagrees"
    json.dumps(outcome)


def check_replay(game, num_players: int, options: dict, seed: int) -> None:
    """The same seed and actions give the same game; a record survives JSON and loads to an equal state,
    and a record cut short loads to the state at that point."""
    where = _where(game, num_players, options, seed)
    first = random_game(game, num_players, options, seed)
    second = random_game(game, num_players, options, seed)
    assert first == second and first.history == second.history, f"{where}: the same seed gave two games"
    doc = json.loads(json.dumps(first.to_json()))
    assert doc == first.to_json(), f"{where}: the record is not plain JSON"
    loaded = game.from_json(doc)
    assert loaded == first, f"{where}: from_json(to_json()) differs from the state"
    assert game.from_json(json.dumps(doc)) == first, f"{where}: loading the JSON text differs"
    half = len(first.history) // 2
    partial = game.new_game(num_players, seed, options)
    for action in first.history[:half]:
        partial.apply(action)
    doc["history"] = first.history[:half]
    assert game.from_json(doc) == partial, f"{where}: a record cut short does not load to the same point"


def _sample_points(game, num_players, options, seed, count: int = 6, replayed: bool = False) -> list:
    """Decision points spread over a random game: clones, or (`replayed`, for the check of clone itself)
    states rebuilt by replaying the game's first decisions."""
    points = []

    def keep(s) -> None:
        if not s.is_over:
            points.append(len(s.history) if replayed else s.clone())

    final = random_game(game, num_players, options, seed, keep)
    if len(points) > count:
        stride = len(points) / count
        points = [points[int(i * stride)] for i in range(count)]
    if not replayed:
        return points
    out = []
    for length in points:
        state = game.new_game(num_players, seed, options)
        for action in final.history[:length]:
            state.apply(action)
        out.append(state)
    return out


def check_clone(game, num_players: int, options: dict, seed: int) -> None:
    """A clone equals its original and is untouched by moves on it, and the original by moves on the clone."""
    where = _where(game, num_players, options, seed)
    rng = Rng(derive_seed(seed, 5))
    for state in _sample_points(game, num_players, options, seed, replayed=True):
        # The snapshots are text, not clones: a broken clone must not break the yardstick too.
        before = repr(state._key())
        copy = state.clone()
        assert copy == state, f"{where}: a clone differs from its original"
        # Play the clone on to the end: the original must not move.
        while not copy.is_over:
            legal = copy.legal_actions()
            copy.apply(legal[rng.below(len(legal))])
        assert repr(state._key()) == before, f"{where}: moves on a clone changed the original"
        # And the other way round.
        copy = state.clone()
        snapshot = repr(copy._key())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert repr(copy._key()) == snapshot, f"{where}: a move on the original changed its clone"


def check_actions(game, num_players: int, options: dict, seed: int) -> None:
    """Every legal id applies; every other id, and every non-id, is refused with IllegalAction and the
    state is left exactly as it was."""
    where = _where(game, num_players, options, seed)
    for state in _sample_points(game, num_players, options, seed, count=4):
        legal = set(state.legal_actions())
        snapshot = state.clone()
        for a in sorted(legal):
            copy = state.clone()
            events = copy.apply(a)
            assert isinstance(events, list), f"{where}: apply({a}) did not return a list of events"
            assert copy.history == state.history + [a], f"{where}: apply({a}) did not record the action"
        refused = [a for a in range(game.num_distinct_actions) if a not in legal]
        for bad in refused + [-1, game.num_distinct_actions, None, "0", 1.0, True]:
            try:
                state.apply(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{where}: illegal action {bad!r} was accepted")
            assert state == snapshot, f"{where}: a refused action {bad!r} changed the state"


def check_action_info(game, num_players: int, options: dict, seed: int) -> None:
    """Every legal action has a JSON-ready description naming the open decision (the same for every action
    on offer) and the id's kind, and describing leaves the state as it was; an id not on offer is refused."""
    where = _where(game, num_players, options, seed)
    for state in _sample_points(game, num_players, options, seed, count=4):
        snapshot = state.clone()
        legal = state.legal_actions()
        infos = [state.action_info(a) for a in legal]
        for a, info in zip(legal, infos, strict=True):
            assert isinstance(info, dict), f"{where}: action_info({a}) is not a dict"
            json.dumps(info, allow_nan=False)  # JSON-ready, or this raises
            for key in ("decision", "kind"):
                assert isinstance(info.get(key), str) and info[key], f"{where}: action_info({a}) has no {key}"
        assert len({info["decision"] for info in infos}) == 1, f"{where}: the actions on offer name two decisions"
        refused = next((a for a in range(game.num_distinct_actions) if a not in legal), None)
        if refused is not None:
            try:
                state.action_info(refused)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{where}: action_info described {refused}, which is not on offer")
        assert state == snapshot, f"{where}: action_info changed the state"


def check_views(game, num_players: int, options: dict, seed: int) -> None:
    """Views are JSON; a determinized copy looks the same to the seat it was made for (and to a
    spectator), offers the same actions, is itself determinized into the same copies as the true state,
    does not disturb the original, and plays on to an end with every invariant holding."""
    where = _where(game, num_players, options, seed)
    for i, state in enumerate(_sample_points(game, num_players, options, seed, count=5)):
        snapshot = state.clone()
        spectator = state.view(None)
        json.dumps(spectator)
        for seat in [None, *range(num_players)]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view, f"{where}: view({seat}) is not plain JSON"
            for k in range(3):
                det = state.determinize(seat, derive_seed(seed, i, -1 if seat is None else seat, k))
                assert det.history == [] and det.seed != state.seed, (
                    f"{where}: a determinized copy keeps the true game's record, from which its secrets can be replayed"
                )
                assert det.view(seat) == view, f"{where}: view({seat}) differs on a copy determinized for it"
                assert det.view(None) == spectator, f"{where}: the spectator view differs on a determinized copy"
                if seat is not None and seat == state.current_player:
                    # The mover's copy is made from what it sees and the seed alone, so copying a copy changes
                    # nothing: an agent's search (and a hint) on a copy is the search it makes on the true game.
                    again = derive_seed(seed, 8, k)
                    assert det.determinize(seat, again) == state.determinize(seat, again), (
                        f"{where}: a copy of a copy determinized for seat {seat} differs from a copy of the true "
                        "state: the re-deal depends on the hidden order"
                    )
                if seat is not None and seat == state.current_player:
                    assert det.legal_actions() == state.legal_actions(), (
                        f"{where}: a determinized copy offers other actions to the seat it was made for"
                    )
                game.check_invariants(det)
                rng = Rng(derive_seed(seed, 9, k))
                while not det.is_over:
                    assert len(det.history) < game.max_decisions, f"{where}: a determinized copy never ends"
                    legal = det.legal_actions()
                    det.apply(legal[rng.below(len(legal))])
                    game.check_invariants(det)  # a copy's re-dealt secrets must play as consistently
        assert state == snapshot, f"{where}: determinize changed the original"


# A part kept as it truly is on every one of COPIES copies, where a fair re-deal would keep it at most
# KEEP_CHANCE of the time, is a leak: the chance of that by luck is at most 0.25 ** 8, about 1.5e-5.
COPIES = 8
KEEP_CHANCE = 0.25


def keep_chance(secret) -> float:
    """The chance that a uniform re-deal of `secret.pool` puts back exactly `secret.value`: choosing its
    multiset from the pool, and for an ordered part, its order among alike items too."""
    part, pool = Counter(secret.value), Counter(secret.pool)
    n = len(secret.value)
    if n == 0 or n > len(secret.pool) or any(part[x] > pool[x] for x in part):
        return 1.0  # an empty part, or a pool the game declared too small to judge: nothing to check
    chance = math.prod(math.comb(pool[x], part[x]) for x in part) / math.comb(len(secret.pool), n)
    if secret.ordered:
        chance *= math.prod(math.factorial(c) for c in part.values()) / math.factorial(n)
    return chance


def _same(secret, other) -> bool:
    return secret.value == other.value if secret.ordered else sorted(secret.value) == sorted(other.value)


def check_secrets(game, num_players: int, options: dict, seed: int) -> None:
    """For every seat (mover or not) and the spectator, copies determinized for it re-deal everything it
    cannot see (`State.secrets`) whenever a fair re-deal could change it; check_views proves that what it
    can see stays equal."""
    where = _where(game, num_players, options, seed)
    for i, state in enumerate(_sample_points(game, num_players, options, seed, count=8)):
        for seat in [None, *range(num_players)]:
            truth = state.secrets(seat)
            suspects = {name for name, part in truth.items() if keep_chance(part) <= KEEP_CHANCE}
            for k in range(COPIES):
                if not suspects:
                    break
                copy = state.determinize(seat, derive_seed(seed, 41, i, k)).secrets(seat)
                assert set(copy) == set(truth), f"{where}: a determinized copy names other secrets"
                suspects = {name for name in suspects if _same(truth[name], copy[name])}
            assert not suspects, (
                f"{where}: every copy determinized for seat {seat} keeps the true {', '.join(sorted(suspects))}, "
                f"which that seat cannot see (decision {len(state.history)})"
            )


EVENT_KIND = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


def _random_events(game, num_players: int, options: dict, seed: int):
    """Each event of a random game, with the state just after the decision that made it."""
    state = game.new_game(num_players, seed, options)
    rng = Rng(derive_seed(seed, 78))
    while not state.is_over:
        legal = state.legal_actions()
        for e in state.apply(legal[rng.below(len(legal))]):
            yield state, e


def check_event_names(game, num_players: int, options: dict, seed: int) -> None:
    """Every event of a random game is named in snake_case (as front ends and logs key on them) and has a
    dict of details."""
    where = _where(game, num_players, options, seed)
    for _, e in _random_events(game, num_players, options, seed):
        assert EVENT_KIND.fullmatch(e.kind), f"{where}: event kind {e.kind!r} is not snake_case"
        assert isinstance(e.detail, dict), f"{where}: event {e.kind!r} has details that are not a dict"


# What no event text a player reads may hold: an internal key (snake_case), a Python value ({...}, [...],
# 'quoted', True/None) or a lazy plural ("visitor(s)").
_NOT_WORDS = re.compile(r"[_{}\[\]]|\(s\)|'\w+'|\b(True|False|None)\b")


def check_event_texts(game, num_players: int, options: dict, seed: int) -> None:
    """Every event of a random game has a text in the game's words (`game.event_text`), with no internal key
    or Python value in it."""
    where = _where(game, num_players, options, seed)
    for state, e in _random_events(game, num_players, options, seed):
        text = game.event_text(state, e)
        assert isinstance(text, str) and text.strip(), f"{where}: event {e.kind!r} has no text"
        found = _NOT_WORDS.search(text)
        assert not found, f"{where}: event {e.kind!r} reads {text!r}: {found.group()!r} is not the game's words"


SCREEN_WIDTH, SCREEN_LINES = 80, 14
_ACTION_NAME = re.compile(r"^[a-z0-9#][a-z0-9#-]*$")


def check_screen(game, num_players: int, options: dict, seed: int) -> None:
    """What a person reads in the terminal fits 80 columns and is in the game's words: for every viewer at
    points of a random game, the status line (one line), the screen (at most 14 lines, shared with the menu
    in 24), the whole board and each seat's, every action's text (no two alike: a person must tell the
    choices apart), label and stable name (unique among those on offer), and every reference entry."""
    where = _where(game, num_players, options, seed)

    def words(what: str, text: str, lines: int | None = None) -> None:
        rows = text.splitlines()
        wide = [row for row in rows if len(row) > SCREEN_WIDTH]
        assert not wide, f"{where}: {what} has a line of {len(wide[0])} characters: {wide[0]!r}"
        assert lines is None or len(rows) <= lines, f"{where}: {what} has {len(rows)} lines, more than {lines}"

    def names(what: str, text: str) -> None:
        found = _NOT_WORDS.search(text)
        assert not found, f"{where}: {what} reads {text!r}: {found.group()!r} is not the game's words"

    for name, entry in game.reference().items():
        names(f"the reference of {name!r}", f"{name}: {entry}")
    for state in _sample_points(game, num_players, options, seed, count=4):
        legal = state.legal_actions()
        for viewer in [None, *range(num_players)]:
            status = game.status_line(state, viewer)
            words(f"the status line of seat {viewer}", status, lines=1)
            words(f"the screen of seat {viewer}", game.screen_text(state, viewer), lines=SCREEN_LINES)
            words(f"the board of seat {viewer}", game.board_text(state, viewer))
            for seat in range(num_players):
                words(f"seat {seat}'s board as seat {viewer} sees it", game.seat_board_text(state, viewer, seat))
            for a in legal:
                names(f"action {a} told to seat {viewer}", state.action_text(a, viewer=viewer))
        taken: dict = {}
        texts: dict = {}
        for a in legal:
            text = state.action_text(a)
            names(f"action {a}", text)
            assert text not in texts, f"{where}: actions {texts[text]} and {a} both read {text!r}"
            texts[text] = a
            label = game.action_label(state, a)
            names(f"the label of action {a}", label)
            assert len(label) <= 30, f"{where}: the label of action {a} is {len(label)} characters: {label!r}"
            name = game.action_name(state, a)
            if name:
                assert _ACTION_NAME.match(name), f"{where}: action {a} is named {name!r}"
                assert name not in taken, f"{where}: actions {taken[name]} and {a} are both named {name!r}"
                taken[name] = a


def check_events(game, num_players: int, options: dict, seed: int) -> None:
    """What a viewer may receive of a decision's events (`Game.events_for`, with the decisions that then
    resolved themselves as `apply_told` tells them) is the same on the true state
    and on a copy determinized for it, both meeting the same dice, whenever the decision leaves the two
    looking alike to that viewer (a card turned up may rightly tell it something new)."""
    where = _where(game, num_players, options, seed)
    rng = Rng(derive_seed(seed, 43))
    for i, state in enumerate(_sample_points(game, num_players, options, seed, count=5)):
        if state.is_over:
            continue
        for seat in [None, *range(num_players)]:
            copy = state.determinize(seat, derive_seed(seed, 42, i))
            truth = state.clone()
            truth.reseed(derive_seed(seed, 42, i))  # the same dice on both, so only secrets may differ
            offered = set(copy.legal_actions())
            common = [a for a in state.legal_actions() if a in offered]
            for a in [common[rng.below(len(common))] for _ in range(min(4, len(common)))]:
                true_after, copy_after = truth.clone(), copy.clone()
                # Told with the decisions that then resolve themselves, as front ends narrate them.
                told = game.events_for(true_after.apply_told(a, seat), seat)
                told_copy = game.events_for(copy_after.apply_told(a, seat), seat)
                if true_after.view(seat) == copy_after.view(seat):
                    assert told == told_copy, (
                        f"{where}: after action {a} at decision {len(state.history)}, seat {seat} is told "
                        f"{told} on the true state but {told_copy} on a copy it cannot tell apart"
                    )


def check_forced(game, num_players: int, options: dict, seed: int) -> None:
    """A decision that resolved itself is told to each viewer as that viewer sees it (`apply_told`): at the
    decisions of a random game that are followed by forced ones, the true state and copies determinized for
    the viewer, meeting the same dice, tell it the same whenever they leave it looking alike."""
    where = _where(game, num_players, options, seed)
    rng = Rng(derive_seed(seed, 47))
    state, checked = game.new_game(num_players, seed, options), 0
    while not state.is_over and checked < 12:
        legal = state.legal_actions()
        a = legal[rng.below(len(legal))]
        if any(e.kind == "forced" for e in state.clone().apply_told(a, None)):
            checked += 1
            for seat in [None, *range(num_players)]:
                for k in range(2) if seat != state.current_player else ():
                    dice = derive_seed(seed, 47, len(state.history), k)
                    copy, truth = state.determinize(seat, dice), state.clone()
                    truth.reseed(dice)  # the same dice on both, so only secrets may differ
                    if a not in copy.legal_actions():
                        continue
                    told = game.events_for(truth.apply_told(a, seat), seat)
                    told_copy = game.events_for(copy.apply_told(a, seat), seat)
                    if truth.view(seat) == copy.view(seat):
                        assert told == told_copy, (
                            f"{where}: after action {a} at decision {len(state.history)}, seat {seat} is told "
                            f"{told} on the true state but {told_copy} on a copy it cannot tell apart"
                        )
        state.apply(a)


def check_told(game, num_players: int, options: dict, seed: int) -> None:
    """What a viewer other than the seat to move reads of its decision (`action_text(a, viewer=v)`) tells it
    nothing it could not see at the table: two actions that leave the viewer the same view and the same
    events (the same dice on both) read the same to it, and an action reads the same on the true state and
    on copies determinized for the viewer that offer it too. Left out, `viewer` is the mover."""
    where = _where(game, num_players, options, seed)
    rng = Rng(derive_seed(seed, 45))
    for i, state in enumerate(_sample_points(game, num_players, options, seed, count=8)):
        if state.is_over:
            continue
        mover, legal = state.current_player, state.legal_actions()
        sample = legal if len(legal) <= 12 else [legal[rng.below(len(legal))] for _ in range(12)]
        outcomes = {}
        for a in sample:
            assert state.action_text(a) == state.action_text(a, viewer=mover), f"{where}: the mover's own text"
            after = state.clone()
            after.reseed(derive_seed(seed, 46, i))  # the same dice whichever action is taken
            outcomes[a] = (after, after.apply(a))
        for seat in [None, *range(num_players)]:
            if seat == mover:
                continue
            seen: dict = {}  # what the viewer sees after an action -> what it read of it
            for a in sample:
                after, events = outcomes[a]
                told = [list(e) for e in game.events_for(events, seat)]
                looks = json.dumps([after.view(seat), told], sort_keys=True, default=str)
                # The decisions that then resolved themselves, as the viewer is told them.
                narrated = state.clone()
                narrated.reseed(derive_seed(seed, 46, i))
                forced = [e.detail["text"] for e in narrated.apply_told(a, seat) if e.kind == "forced"]
                text = (state.action_text(a, viewer=seat), forced)
                other = seen.setdefault(looks, (a, text))
                assert other[1] == text, (
                    f"{where}: at decision {len(state.history)}, actions {other[0]} and {a} of seat {mover} look "
                    f"alike to seat {seat} but read (with the forced decisions after them) {other[1]!r} and "
                    f"{text!r}"
                )
            for k in range(2):
                copy = state.determinize(seat, derive_seed(seed, 44, i, k))
                offered = set(copy.legal_actions())
                for a in sample:
                    if a in offered:
                        text, on_copy = state.action_text(a, viewer=seat), copy.action_text(a, viewer=seat)
                        assert text == on_copy, (
                            f"{where}: at decision {len(state.history)}, seat {seat} reads action {a} of seat "
                            f"{mover} as {text!r}, but as {on_copy!r} on a copy it cannot tell apart"
                        )


def check_score_now(game, num_players: int, options: dict, seed: int) -> None:
    """The score if the game ended now (`score_now(viewer)`): a row per seat in seat order, then the automata;
    each total the sum of its parts' points, every part named in the game's words; the same on copies
    determinized for the viewer; once the game is over, the seats' totals are `scores()`."""
    where = _where(game, num_players, options, seed)
    points = _sample_points(game, num_players, options, seed, count=4)
    for i, state in enumerate([*points, random_game(game, num_players, options, seed)]):
        for viewer in [None, *range(num_players)]:
            rows = state.score_now(viewer)
            assert json.loads(json.dumps(rows)) == rows, f"{where}: score_now({viewer}) is not plain JSON"
            seats = [row["seat"] for row in rows if "seat" in row]
            assert seats == list(range(num_players)), f"{where}: score_now({viewer}) has rows for seats {seats}"
            for row in rows:
                assert row["total"] == sum(p["points"] for p in row["parts"] if p["points"] is not None), (
                    f"{where}: score_now({viewer}): a total is not the sum of its parts: {row}"
                )
                for part in row["parts"]:
                    found = _NOT_WORDS.search(part["name"])
                    assert not found, f"{where}: a part of the score reads {part['name']!r}"
            for k in range(2):
                copy = state.determinize(viewer, derive_seed(seed, 61, i, k))
                assert copy.score_now(viewer) == rows, (
                    f"{where}: score_now({viewer}) differs on a copy determinized for it: it tells a secret"
                )
            if state.is_over:
                totals = [row["total"] for row in rows if "seat" in row]
                assert totals == state.scores(), f"{where}: at the end, score_now gives {totals}, not scores()"


def _key_of(target: dict) -> str:
    return json.dumps(target, sort_keys=True)


def check_unavailable(game, num_players: int, options: dict, seed: int) -> None:
    """Why a target of the board cannot be chosen: at every decision of a random game, each of the open
    decision's targets is touched by a legal action (its `action_info`) or has a reason for the seat to
    move, never both; the reasons are in the game's words, told to the seat to move only, and the same on
    copies determinized for it."""
    where = _where(game, num_players, options, seed)
    copied = 0

    def step(state) -> None:
        nonlocal copied
        targets = state.targets()
        if state.is_over or not targets:
            return
        mover = state.current_player
        infos = [state.action_info(a) for a in state.legal_actions()]
        reasons = {_key_of(entry["target"]): entry["reason"] for entry in state.unavailable(mover)}
        keys = [_key_of(t) for t in targets]
        assert set(reasons) <= set(keys), f"{where}: a reason for what is no target: {set(reasons) - set(keys)}"
        for target, key in zip(targets, keys, strict=True):
            offered = any(all(info.get(k) == v for k, v in target.items()) for info in infos)
            assert offered or key in reasons, f"{where}: target {target} has neither an action nor a reason"
            assert not (offered and key in reasons), f"{where}: target {target} is offered and given a reason"
        for reason in reasons.values():
            found = _NOT_WORDS.search(reason)
            assert isinstance(reason, str) and reason and not found, f"{where}: a reason reads {reason!r}"
        for other in [None, *range(num_players)]:
            assert other == mover or state.unavailable(other) == [], f"{where}: seat {other} is given reasons"
        if copied < 8:  # determinizing every decision would cost more than it finds
            copied += 1
            copy = state.determinize(mover, derive_seed(seed, 62, len(state.history)))
            assert copy.targets() == targets and copy.unavailable(mover) == state.unavailable(mover), (
                f"{where}: the reasons differ on a copy determinized for seat {mover}: they tell a secret"
            )

    random_game(game, num_players, options, seed, step)


def _scribble(value) -> None:
    """Changes every list and dict inside a value, in place."""
    if isinstance(value, dict):
        for item in list(value.values()):
            _scribble(item)
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")


def check_handouts(game, num_players: int, options: dict, seed: int) -> None:
    """What a state hands out (views, records, outcomes, legal actions, events) is the caller's own copy:
    scribbling over it changes nothing in the state."""
    where = _where(game, num_players, options, seed)
    for state in _sample_points(game, num_players, options, seed, count=4):
        snapshot = state.clone()
        seats = [None, *range(num_players)]
        views = [json.dumps(state.view(seat), sort_keys=True) for seat in seats]  # apart from what it hands out
        for seat in seats:
            _scribble(state.view(seat))
        for handout in (state.to_json(), state.outcome(), state.legal_actions(), state.scores(), state.winners()):
            _scribble(handout)
        assert state == snapshot, f"{where}: changing a view, record or outcome changed the state"
        # Nor what the game keeps beside the state (tables made once and shared by every view).
        for seat, before in zip(seats, views, strict=True):
            after = json.dumps(state.view(seat), sort_keys=True)
            assert after == before, f"{where}: changing a view of seat {seat} changed the next view"
        if not state.is_over:
            copy = state.clone()
            for event in copy.apply(copy.legal_actions()[0]):
                _scribble(event.detail)
            after = state.clone()
            after.apply(after.legal_actions()[0])
            assert copy == after, f"{where}: changing an event's detail changed the state"
        assert game.from_json(state.to_json()) == state, f"{where}: the record no longer replays"


CHECKS = {
    "soak": check_soak,
    "replay": check_replay,
    "clone": check_clone,
    "actions": check_actions,
    "action_info": check_action_info,
    "views": check_views,
    "secrets": check_secrets,
    "events": check_events,
    "told": check_told,
    "forced": check_forced,
    "screen": check_screen,
    "event_names": check_event_names,
    "event_texts": check_event_texts,
    "handouts": check_handouts,
    "score_now": check_score_now,
    "unavailable": check_unavailable,
}


def run_all(game, num_players: int, options: dict, seed: int) -> None:
    for check in CHECKS.values():
        check(game, num_players, options, seed)
