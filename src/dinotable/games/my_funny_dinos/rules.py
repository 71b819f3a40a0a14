"""My Funny Dinos rules: what each kind of decision offers and what each action does.

A turn is a short sequence of decisions, each its own legal-action list (the records that tie each kind's
options, effect, text and description together are in decisions.py, numbered as the phases below):
  EXCAVATE   pick the tile to attempt (the rulebook: you cannot change it once touched); chance decides
  GIVE/TAKE  an exchange event: the tile you give, then the other player's tile you take
  RESTORE    start restoring a dinosaur by picking its head, or end the turn
  TAIL, LEG1, LEG2  the rest of the dinosaur
A decision with only one option resolves itself (state.apply), so most turns are a single decision. The
open decision's context (`s.ctx`) is the tiles picked so far (the tile given, or the dinosaur's parts), a
NamedTuple below; () while no tile is picked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from dinotable.core.contract import Event
from dinotable.core.decisions import ActionLayout
from dinotable.core.rng import next_below, next_float
from dinotable.games.my_funny_dinos.content import (
    BONE_PILE,
    EVENT,
    EXCHANGE,
    HEAD,
    LEG,
    SHOVEL,
    TAIL,
)

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState

NUM_TILES = 40

# The action ids, one range per kind of choice; the docs' id table is LAYOUT.markdown(ACTION_MEANINGS).
LAYOUT = ActionLayout()
DIG = LAYOUT.add("excavate", NUM_TILES)  # DIG + p: excavate tile p
PICK = LAYOUT.add("pick", NUM_TILES)  # PICK + p: choose tile p (to give, to take, or as a dinosaur part)
PASS = LAYOUT.add("end turn")  # end the turn without restoring
NUM_ACTIONS = LAYOUT.size
ACTION_MEANINGS = {
    "excavate": "excavate tile #p (id = p); offered in `excavate` for every tile in the pile",
    "pick": "pick tile #p (id = 40 + p): the tile to give or to take, or a part of the dinosaur; in `restore`, "
    "start a dinosaur with head #p",
    "end turn": "end the turn without restoring; offered only in `restore`",
}

# The phases: each decision's place in decisions.DECISIONS, which checks these numbers as it registers.
EXCAVATE, GIVE, TAKE, RESTORE, TAIL_STEP, LEG1_STEP, LEG2_STEP, OVER = range(8)

NOBODY = -1


class Exchange(NamedTuple):
    """The context of `exchange: take`: the tile already given."""

    given: int


class Head(NamedTuple):
    """The context of `restore: tail`: the head that started the dinosaur."""

    head: int


class HeadAndTail(NamedTuple):
    """The context of `restore: leg`."""

    head: int
    tail: int


class HeadTailAndLeg(NamedTuple):
    """The context of `restore: second leg`: the first leg is the lower-numbered of the pair."""

    head: int
    tail: int
    leg: int


class Dinosaur(NamedTuple):
    """A restored dinosaur: it never breaks up (rulebook, Restoration Rules 5)."""

    seat: int
    pieces: tuple[int, ...]  # head, tail, leg, leg
    value: int  # 10 one colour, 6 mixed
    exhibited: bool  # the first five get an exhibition tile
    colours: int  # how many colours it mixes


FULLY_KNOWN, COLOUR_KNOWN, UNKNOWN = 2, 1, 0


# ------------------------------------------------------------------------------------------- options
def excavation_options(s: MyFunnyDinosState, ctx: object) -> tuple[int, ...]:
    return tuple(s.pile)  # DIG == 0, so the id is the tile number


def gift_options(s: MyFunnyDinosState, ctx: object) -> tuple[int, ...]:
    return _picks(loose_tiles(s, s.cur))


def take_options(s: MyFunnyDinosState, ctx: Exchange) -> tuple[int, ...]:
    return _picks(tiles_to_take(s, s.cur))


def head_options(s: MyFunnyDinosState, ctx: object) -> tuple[int, ...]:
    """A loose head to start a dinosaur, if the seat holds a whole set; ending the turn in any case."""
    cur = s.cur
    if s.loose(cur, HEAD) and s.loose(cur, TAIL) and s.loose(cur, LEG) >= 2:
        return (*_picks(loose_tiles(s, cur, HEAD)), PASS)
    return (PASS,)


def tail_options(s: MyFunnyDinosState, ctx: Head) -> tuple[int, ...]:
    return _picks(loose_tiles(s, s.cur, TAIL))


def leg_options(s: MyFunnyDinosState, ctx: HeadAndTail) -> tuple[int, ...]:
    return _picks(loose_tiles(s, s.cur, LEG)[:-1])  # the lower-numbered leg of the pair comes first


def second_leg_options(s: MyFunnyDinosState, ctx: HeadTailAndLeg) -> tuple[int, ...]:
    return _picks(p for p in loose_tiles(s, s.cur, LEG) if p > ctx.leg)


def _picks(tiles) -> tuple[int, ...]:
    return tuple(PICK + p for p in tiles)


def loose_tiles(s: MyFunnyDinosState, seat: int, part: int | None = None) -> list[int]:
    """A seat's tiles that are not in a restored dinosaur (of one part, if given), by tile number."""
    owner, restored, kind, kind_part = s.owner, s.restored, s.kind, s.c.kind_part
    return [
        p
        for p in range(NUM_TILES)
        if owner[p] == seat and not restored[p] and (part is None or kind_part[kind[p]] == part)
    ]


def tiles_to_take(s: MyFunnyDinosState, seat: int) -> list[int]:
    """Other players' loose tiles: what an exchange may take."""
    owner, restored = s.owner, s.restored
    return [p for p in range(NUM_TILES) if owner[p] >= 0 and owner[p] != seat and not restored[p]]


# -------------------------------------------------------------------------------------- excavation
def tiles_above(s: MyFunnyDinosState, piece: int) -> int:
    stack = s.stacks[s.spot[piece]]
    return len(stack) - 1 - stack.index(piece)


def dice_risk(s: MyFunnyDinosState, piece: int) -> int:
    """Dice mode: the attempt fails on a roll at or below this number (the die never fails on its top face)."""
    d = s.c.dice
    spot = s.spot[piece]
    risk = d["risk_base"] + min(tiles_above(s, piece), d["risk_above_cap"]) * d["risk_per_tile_above"]
    if s.base_rocks[spot]:
        risk += (s.base_rocks[spot] - 1) * d["risk_per_rock_here_beyond_first"]
    if s.c.spot_edge[spot]:
        risk += d["risk_edge"]
    if s.shaky:
        risk += (s.round - 1) // d["risk_shaky_every_rounds"]
    return min(risk, d["sides"] - 1)


def failure_chances(s: MyFunnyDinosState, piece: int, seat: int) -> tuple[float, float]:
    """(chance the rocks collapse, chance tiles slide off the paper) if `seat` attempts `piece` now."""
    spot = s.spot[piece]
    if s.dice_mode:
        p = dice_risk(s, piece) / s.c.dice["sides"]
        return (0.0, p) if s.c.spot_edge[spot] else (p, 0.0)
    above = tiles_above(s, piece)
    m = s.c.model
    dex = s.dexterity[seat]
    rock = s.spot_risk[spot] + m["rock_per_tile_above"] * above
    if s.shaky:
        rock += m["rock_shaky_per_round"] * (s.round - 1)
    rock = min(m["max_failure"], rock / dex)
    edge = 0.0
    if s.c.spot_edge[spot]:
        edge = min(m["max_failure"], (m["edge_base"] + m["edge_per_tile_above"] * above) / dex)
    return rock, edge


def success_chance(s: MyFunnyDinosState, piece: int, seat: int) -> float:
    rock, edge = failure_chances(s, piece, seat)
    return (1.0 - rock) * (1.0 - edge)


def excavate(s: MyFunnyDinosState, action: int, ctx: object, events: list) -> None:
    """Attempts tile #action - DIG: chance decides (section 3 of the docs), then any event tile acts."""
    piece = action - DIG
    cur = s.cur
    s.digs -= 1
    spot = s.spot[piece]
    stack = s.stacks[spot]
    # The event keeps what the attempt faced (the roll needed, or the chance), so the log can tell it.
    if s.dice_mode:
        s.rng, roll = next_below(s.rng, s.c.dice["sides"])
        roll += 1
        risk = dice_risk(s, piece)
        cause = ("edge" if s.c.spot_edge[spot] else "rocks") if roll <= risk else None
        detail: dict[str, Any] = {"piece": piece, "roll": roll, "needed": risk + 1}
    else:
        rock, edge = failure_chances(s, piece, cur)
        s.rng, u = next_float(s.rng)
        cause = "rocks" if u < rock else ("edge" if u < rock + (1.0 - rock) * edge else None)
        detail = {"piece": piece, "chance": round(100 * (1.0 - rock) * (1.0 - edge))}
    if cause is None:
        i = stack.index(piece)
        del stack[i]
        if i >= len(stack) - 1:
            reveal(s, stack)
        s.spot[piece] = -1
        s.pile.remove(piece)
        s.owner[piece] = cur
        s.known[piece] = FULLY_KNOWN
        kind = s.kind[piece]
        part = s.c.kind_part[kind]
        s.add_loose(cur, part, 1)
        detail["tile"] = s.c.kind_name(kind)  # as the table sees it: alike tiles have no id of their own
        events.append(Event("excavated", cur, detail))
        if part == EVENT:
            icon = s.c.kind_icon[kind]
            if icon == EXCHANGE:
                if tiles_to_take(s, cur):
                    s.phase = GIVE
                    check_red_missions(s, events)
                    return
                events.append(Event("exchange_skipped", cur, {}))
            elif icon == SHOVEL:
                s.digs += 1
                detail["again"] = bool(s.pile)  # one more excavation, unless the pile is empty
            elif icon == BONE_PILE:
                _bone_pile(s, cur, events)
    else:
        detail["cause"] = cause
        if cause == "edge":
            # Tiles slid off the paper: the attempted one and all on it go onto the centre, face up.
            i = stack.index(piece)
            fallen = stack[i:]
            del stack[i:]
            reveal(s, stack)
            centre = s.stacks[s.c.centre]
            for p in fallen:
                s.spot[p] = s.c.centre
                s.known[p] = FULLY_KNOWN
            centre.extend(fallen)
            reveal(s, centre)
            detail["fallen"] = fallen
        if s.supply:
            s.supply -= 1
            s.bones[cur] += 1
            detail["bone"] = True
        else:
            detail["bone"] = False
        events.append(Event("excavation_failed", cur, detail))
    check_red_missions(s, events)
    _after_excavation(s)


def reveal(s: MyFunnyDinosState, stack: list[int]) -> None:
    """The top tiles of a stack are seen: the top one whole, the next by its colour ribbon."""
    known = s.known
    n = len(stack)
    for depth in range(min(n, s.c.see_colour_under + 1)):
        p = stack[n - 1 - depth]
        level = FULLY_KNOWN if depth <= s.c.see_all_under else COLOUR_KNOWN
        if known[p] < level:
            known[p] = level


def _bone_pile(s: MyFunnyDinosState, cur: int, events: list) -> None:
    taken_from = []
    for k in range(1, s.num_players):
        other = (cur + k) % s.num_players
        if s.bones[other]:
            s.bones[other] -= 1
            s.bones[cur] += 1
            taken_from.append(other)
    events.append(Event("bones_taken", cur, {"from": taken_from}))


def _after_excavation(s: MyFunnyDinosState) -> None:
    if s.digs > 0 and s.pile:
        s.phase = EXCAVATE
    else:
        s.digs = 0
        s.phase = RESTORE


# ------------------------------------------------------------------------------------------- missions
def _meets(s: MyFunnyDinosState, mission, seat: int) -> bool:
    condition = mission.condition
    if condition == "own_bones":
        return s.bones[seat] >= mission.count
    if condition == "own_event_tiles":
        return s.loose(seat, EVENT) >= mission.count
    if condition == "restore_four_colours":
        return any(d.seat == seat and d.colours >= mission.count for d in s.dinos)
    return False


def check_red_missions(s: MyFunnyDinosState, events: list) -> None:
    """A red mission goes at once to the first seat that meets it, the seat to move first."""
    if not s.red_open:
        return
    n = s.num_players
    for slot in list(s.red_open):
        mission = s.c.missions[s.missions[slot]]
        for k in range(n):
            seat = (s.cur + k) % n
            if _meets(s, mission, seat):
                s.mission_owner[slot] = seat
                s.red_open = tuple(x for x in s.red_open if x != slot)
                events.append(Event("mission_taken", seat, {"mission": mission.id, "points": mission.points}))
                break


# --------------------------------------------------------------------------------------------- apply
def give(s: MyFunnyDinosState, action: int, ctx: object, events: list) -> None:
    s.ctx = Exchange(action - PICK)
    s.phase = TAKE


def take(s: MyFunnyDinosState, action: int, ctx: Exchange, events: list) -> None:
    exchange(s, ctx.given, action - PICK, events)


def restore(s: MyFunnyDinosState, action: int, ctx: object, events: list) -> None:
    if action == PASS:
        _end_turn(s, events)
    else:
        s.ctx = Head(action - PICK)
        s.phase = TAIL_STEP


def use_tail(s: MyFunnyDinosState, action: int, ctx: Head, events: list) -> None:
    s.ctx = HeadAndTail(ctx.head, action - PICK)
    s.phase = LEG1_STEP


def use_leg(s: MyFunnyDinosState, action: int, ctx: HeadAndTail, events: list) -> None:
    s.ctx = HeadTailAndLeg(ctx.head, ctx.tail, action - PICK)
    s.phase = LEG2_STEP


def use_second_leg(s: MyFunnyDinosState, action: int, ctx: HeadTailAndLeg, events: list) -> None:
    _restore(s, (*ctx, action - PICK), events)


def exchange(s: MyFunnyDinosState, give: int, take: int, events: list) -> None:
    """The seat to move gives tile `give` for another player's tile `take`."""
    cur, other = s.cur, s.owner[take]
    s.owner[give], s.owner[take] = other, cur
    part_give, part_take = s.c.kind_part[s.kind[give]], s.c.kind_part[s.kind[take]]
    s.add_loose(cur, part_give, -1)
    s.add_loose(other, part_give, 1)
    s.add_loose(other, part_take, -1)
    s.add_loose(cur, part_take, 1)
    s.ctx = ()
    events.append(Event("exchanged", cur, {"gave": give, "took": take, "with": other}))
    check_red_missions(s, events)
    _after_excavation(s)


def _restore(s: MyFunnyDinosState, pieces: tuple[int, ...], events: list) -> None:
    cur = s.cur
    c = s.c
    colours = {c.kind_colour[s.kind[p]] for p in pieces}
    for p in pieces:
        s.restored[p] = True
        s.add_loose(cur, c.kind_part[s.kind[p]], -1)
    value = c.numbers["single_colour_dinosaur"] if len(colours) == 1 else c.numbers["mixed_dinosaur"]
    # Restorations after the fifth get no exhibition tile but still score (rulebook, Game End).
    exhibited = len(s.dinos) < c.numbers["exhibition_tiles"]
    s.dinos.append(Dinosaur(cur, pieces, value, exhibited, len(colours)))
    s.ctx = ()
    events.append(Event("restored", cur, {"pieces": list(pieces), "value": value, "exhibited": exhibited}))
    check_red_missions(s, events)
    if len(s.dinos) >= c.numbers["dinosaurs_to_end"] and not s.final_round:
        s.final_round = True
        events.append(Event("final_round", None, {}))
    _end_turn(s, events)


def _end_turn(s: MyFunnyDinosState, events: list) -> None:
    s.ctx = ()
    nxt = (s.cur + 1) % s.num_players
    if nxt == s.first_player and (s.final_round or not s.pile):
        s.phase = OVER
        s.over = True
        events.append(Event("game_over", None, {}))
        return
    if nxt == s.first_player:
        s.round += 1
    s.cur = nxt
    s.digs = 1
    s.phase = EXCAVATE if s.pile else RESTORE


# ------------------------------------------------------------------------------- targets and reasons
# For boards (State.targets, State.unavailable), off the hot path: what a player may point at in the open
# decision, in the keys action_info gives, and why the rules refuse each one that no legal action touches.
def targets(s: MyFunnyDinosState) -> list[dict]:
    """Every tile in front of a player (loose or in a restored dinosaur), and to excavate every spot of the
    pile and every tile in it too."""
    owned = [{"tile": p} for p in range(NUM_TILES) if s.owner[p] >= 0]
    if s.phase == EXCAVATE:
        return [{"spot": spot} for spot in range(len(s.stacks))] + [{"tile": p} for st in s.stacks for p in st] + owned
    return owned


def unavailable(s: MyFunnyDinosState) -> list[dict]:
    """Why each target no legal action touches is refused, as the rulebook (or, where it is silent, the
    table's designed rule) says: [{"target": {"tile": 12}, "reason": "Your green head: ..."}]. Every tile of
    the pile may be attempted (the designed rule `attempt-any-tile`), so only an empty spot and the tiles in
    front of the players are refused, and those everyone sees whole: no reason tells a secret."""
    legal = set(s.legal_actions())
    out = []
    for target in targets(s):
        if "spot" in target:
            if not s.stacks[target["spot"]]:
                out.append({"target": target, "reason": f"Spot {target['spot']}: no tile is left there"})
            continue
        p = target["tile"]
        if (DIG + p if s.phase == EXCAVATE else PICK + p) in legal:
            continue
        why = _refusal(s, p)
        name = s.c.tile_words(s.kind[p])
        owner = "your" if s.owner[p] == s.cur else f"{s.game.seat_name(s, s.owner[p])}'s"
        out.append({"target": target, "reason": f"{owner[:1].upper()}{owner[1:]} {name}: {why}"})
    return out


# The part each restoration step asks for, as its reason names it.
_ASKED = {TAIL_STEP: "its tail", LEG1_STEP: "its legs", LEG2_STEP: "its second leg"}


def _refusal(s: MyFunnyDinosState, p: int) -> str:
    """Why tile p, in front of a player, cannot be chosen now: the first reason a player would check."""
    phase, part, mine = s.phase, s.c.kind_part[s.kind[p]], s.owner[p] == s.cur
    exchanging = phase in (GIVE, TAKE)
    if s.restored[p]:
        if exchanging:
            return "parts of a restored dinosaur cannot be exchanged"
        return "it is part of a restored dinosaur, which cannot be taken apart"
    if phase == EXCAVATE:
        if not mine:
            return "another player's tile changes hands only through an exchange tile"
        if part == EVENT:
            return "an event tile acts once, as it is excavated"
        return "restoring a dinosaur comes after the excavation"
    if phase == GIVE:
        return "first choose the tile you give, one of your own"
    if phase == TAKE:
        given = isinstance(s.ctx, Exchange) and p == s.ctx.given
        return "it is the tile you give" if given else "the exchange takes a tile from another player"
    if not mine:
        return "a dinosaur is restored from your own tiles"
    if part == EVENT:
        return "event tiles cannot be used to restore a dinosaur"
    if p in s.ctx:
        return "it is already chosen for this dinosaur"
    if phase == RESTORE:
        if part != HEAD:
            return "a restoration starts with the dinosaur's head"
        return "restoring needs a head, a tail and two legs"
    if part != (TAIL if phase == TAIL_STEP else LEG):
        return f"the dinosaur needs {_ASKED[phase]} now"
    if phase == LEG1_STEP:
        # leg_options leaves out the last of the seat's legs, so that each pair is one choice.
        return "choose the first leg from your other legs; this one can then be the second"
    return "with the leg already chosen, this one could only have been chosen as the first leg"
