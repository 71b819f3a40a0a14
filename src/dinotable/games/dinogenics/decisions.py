"""The decisions of DinoGenics, one core.decisions record each, registered in phase order (TABLE).

Each record joins a kind of decision's options and answer (rules/, mostly rules/decisions.py) with its texts
(texts.py) and its description (`..._info` below: the board elements an action touches, named as `view` names
them: Mainland spaces and species by key, park spaces as "B2", a facility's place as "B2+C2" or "commercial
1", DNA cards by kind key, cards and specialists by key, seats by number). A description holds only what the
seat to move sees: its own hand, the cards it is choosing among, and the open board. This module sits above
the rules and the texts, so neither imports the other. core.flat.FlatState dispatches through TABLE.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dinotable.core.decisions import GAME_OVER, Decision, Decisions
from dinotable.games.dinogenics import rules, texts
from dinotable.games.dinogenics.park import cells_of
from dinotable.games.dinogenics.rules import (
    BONEYARD,
    BUY,
    CITY_CHOICES,
    KEEP,
    PICK_PURPOSES,
    SELL,
    SYNTH,
    ChooseContext,
    CityContext,
    CreateContext,
    DestroyContext,
    DiscountContext,
    GiftContext,
    GraftContext,
    HabitatContext,
    MutantContext,
    OceanContext,
    OpponentContext,
    ParkContext,
    PaymentContext,
    PickContext,
    PlacingContext,
    ShareContext,
    TargetContext,
)
from dinotable.games.dinogenics.rules.codes import cell_of, facility_of, is_damaged, species_of

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState


def _cell(s: DinoGenicsState, cell: int) -> str:
    return s.geo.cell_names[cell]


def _dinosaur(s: DinoGenicsState, seat: int, i: int) -> dict:
    code = s.dinos[seat][i]
    return {"species": s.c.species[species_of(code)].key, "cell": _cell(s, cell_of(code))}


def _facility(s: DinoGenicsState, code: int) -> dict:
    """A facility in a park: its key, its place as the view writes it and each space it covers."""
    place = texts.place_names(s, code)
    return {"facility": s.c.facilities[facility_of(code)].key, "place": "+".join(place), "spaces": place}


def _pen(s: DinoGenicsState, action: int) -> dict:
    cells, perimeter, _ = s.geo.rectangles[action - s.ids.pen]
    fences = bin(perimeter & ~s.fence[s.cur]).count("1")
    return {"pen": [_cell(s, x) for x in cells_of(cells)], "fences": fences}


def _structure(s: DinoGenicsState, seat: int, struct: int) -> dict:
    top = s.t.max_facilities
    if struct >= top:
        return {"fence": s.geo.edge_names[struct - top]}
    return _facility(s, s.facs[seat][struct])


# ------------------------------------------------------------------------------- describing each action
def _worker_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    ids, seat = s.ids, s.cur
    if action == ids.airport:
        airport = next(f for f in s.facs[seat] if s.c.facilities[facility_of(f)].airport and not is_damaged(f))
        return _facility(s, airport)
    if action == ids.docks:
        return {"docks": 1 - seat}  # the other branch's
    space = action - ids.space
    slot = rules.free_slot(s, space) - s.slot0[space]  # the worker takes the first free one
    return {"space": s.c.spaces[space].key, "slot": slot}


def _outsource_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    return {"space": s.c.spaces[action - s.ids.space].key}


def _option_info(s: DinoGenicsState, action: int, ctx: ChooseContext) -> dict:
    return {"option": action - s.ids.option}


def _create_info(s: DinoGenicsState, action: int, ctx: CreateContext) -> dict:
    return {"species": s.c.species[action - s.ids.species].key}


# Where a picked DNA card comes from, by the view's names ("hand": the mover's `players[seat]["dna"]`; "drawn":
# the cards drawn, which the view's `context` shows the mover alone).
_PICKED_FROM = {KEEP: "drawn", BONEYARD: "dna_discard", BUY: "market"}


def _pick_info(s: DinoGenicsState, action: int, ctx: PickContext) -> dict:
    ids, purpose = s.ids, ctx.purpose
    out: dict = {"purpose": PICK_PURPOSES[purpose]}
    if action == ids.refined:
        out["refined"] = True
    elif action != ids.done:
        out["dna"] = texts.kind_key(s.c, action - ids.dna)
        out["from"] = _PICKED_FROM.get(purpose, "hand")
        if purpose in (BUY, SELL) and ctx.arg:
            out["credits"] = ctx.arg
    return out


def _habitat_info(s: DinoGenicsState, action: int, ctx: HabitatContext) -> dict:
    species = s.c.species[ctx.species].key
    if action >= s.ids.pen:
        return {"species": species, **_pen(s, action)}  # a pen built first, for it
    seat, cell = s.cur, action - s.ids.cell
    out = {"species": species, "cell": _cell(s, cell)}
    if s.fcells[seat] >> cell & 1:
        return {**out, **_facility(s, rules.facility_at(s, seat, cell))}  # a Biodome or an Aquatic Habitat
    area_of, areas = rules.regions(s, seat)
    cells, closed = areas[area_of[cell]]
    if closed:
        return {**out, "pen": [_cell(s, x) for x in cells_of(cells)]}
    return {**out, "open_space": True}


def _build_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    return {} if action == s.ids.done else _pen(s, action)


def _stack_info(s: DinoGenicsState, action: int, ctx: DiscountContext) -> dict:
    i = action - s.ids.stack
    f = rules.stack_tile(s, i)
    out: dict = {"facility": s.c.facilities[f].key}
    out.update({"from": "basic_hotels"} if i == 0 else {"from": "stacks", "stack": i - 1})
    return {**out, "credits": rules.facility_price(s, s.cur, f, ctx.discount)}


def _facility_cell_info(s: DinoGenicsState, action: int, ctx: PlacingContext) -> dict:
    cell = _cell(s, action - s.ids.cell)
    return {"facility": s.c.facilities[ctx.facility].key, "cell": cell, "park": ctx.park}


def _repair_info(s: DinoGenicsState, action: int, ctx: DiscountContext) -> dict:
    struct = action - s.ids.structure
    return {**_structure(s, s.cur, struct), "credits": rules.repair_price(s, s.cur, struct, ctx.discount)}


def _target_info(s: DinoGenicsState, action: int, ctx: TargetContext) -> dict:
    seat = s.cur
    return {**_structure(s, seat, action - s.ids.structure), "rampaging": _dinosaur(s, seat, ctx.dinosaur)}


def _card_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    return {"manipulation": s.c.manipulation[action - s.ids.manipulation].key}


def _opponent_info(s: DinoGenicsState, action: int, ctx: OpponentContext) -> dict:
    p = action - s.ids.seat
    return {"synth": True} if s.coop and p == SYNTH else {"seat": p}


def _city_info(s: DinoGenicsState, action: int, ctx: CityContext) -> dict:
    return {} if action == s.ids.done else {"choice": CITY_CHOICES[action - s.ids.city_center]}


def _bonus_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    return {} if action == s.ids.done else {"from": "bonus_pool"}


def _mutant_info(s: DinoGenicsState, action: int, ctx: MutantContext) -> dict:
    if action == s.ids.done:
        return {}
    return {"species": s.c.species[s.t.mutant].key, "goats": rules.mutant_goats(s, s.cur)}


def _large_info(s: DinoGenicsState, action: int, ctx: DiscountContext) -> dict:
    offer = action - s.ids.large
    f = s.t.habitat_tile if offer == 0 else s.large_offer[offer - 1]
    out: dict = {"facility": s.c.facilities[f].key}
    out.update({"from": "aquatic_habitats"} if offer == 0 else {"from": "large_offer", "offer": offer - 1})
    return {**out, "credits": rules.facility_price(s, s.cur, f, ctx.discount)}


def _spot_info(s: DinoGenicsState, action: int, ctx: PlacingContext) -> dict:
    cell, down = divmod(action - s.ids.spot, 2)
    cells = [_cell(s, cell), _cell(s, rules.spot_second(s.geo, cell, down))]
    return {"facility": s.c.facilities[ctx.facility].key, "cells": cells, "park": ctx.park}


def _ocean_info(s: DinoGenicsState, action: int, ctx: OceanContext) -> dict:
    return {} if action == s.ids.done else {"species": s.c.species[s.t.plesio].key, "credits": ctx.cost}


def _claim_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    i = action - s.ids.specialist
    out: dict = {"specialist": s.c.specialists[i].key}
    if i in s.contractors:
        return {**out, "from": "contractors", "credits": rules.contractor_price(s)}
    return {**out, "from": "job_market"}


def _destroy_info(s: DinoGenicsState, action: int, ctx: DestroyContext) -> dict:
    if action == s.ids.done:
        return {}
    species, cell = divmod(action - s.ids.victim, s.geo.num_cells)
    return {"species": s.c.species[species].key, "cell": _cell(s, cell)}


def _graft_info(s: DinoGenicsState, action: int, ctx: GraftContext) -> dict:
    if action == s.ids.done:
        return {}
    return {"goats": action - s.ids.option + 1, "deck": "edna_deck" if ctx.edna else "dna_deck"}


def _payment_info(s: DinoGenicsState, action: int, ctx: PaymentContext) -> dict:
    return {"manipulation": s.c.manipulation[action - s.ids.manipulation].key}


def _seat_info(s: DinoGenicsState, action: int, ctx: object) -> dict:
    return {"seat": action - s.ids.seat}


def _share_info(s: DinoGenicsState, action: int, ctx: ShareContext) -> dict:
    return {"park": action - s.ids.seat}


def _park_info(s: DinoGenicsState, action: int, ctx: ParkContext) -> dict:
    return {"facility": s.c.facilities[ctx.facility].key, "park": action - s.ids.seat}


def _gift_info(s: DinoGenicsState, action: int, ctx: GiftContext) -> dict:
    ids, to = s.ids, 1 - s.cur
    if action == ids.done:
        return {}
    if action < ids.manipulation:
        return {"dna": texts.kind_key(s.c, action - ids.dna), "to": to}
    return {"manipulation": s.c.manipulation[action - ids.manipulation].key, "to": to}


# ------------------------------------------------------------------------------------------ the table
TABLE = Decisions()
for phase, decision in (
    # Never open between decisions (settle runs the Season until one opens), so like the end it offers none.
    (rules.NONE, replace(GAME_OVER, name="running")),
    (
        rules.PLACE,
        Decision(
            "place a worker",
            rules.worker_spaces,
            rules.place_worker,
            texts.worker_text,
            _worker_info,
            told=texts.worker_told,
        ),
    ),
    (
        rules.CHOOSE,
        Decision(
            "choose an option", rules.choose_options, rules.choose, texts.choose_text, _option_info, ChooseContext
        ),
    ),
    (
        rules.CREATE,
        Decision(
            "create a dinosaur",
            rules.create_options,
            rules.create_dinosaur,
            texts.create_text,
            _create_info,
            CreateContext,
        ),
    ),
    (
        rules.PICK,
        Decision(
            "pick DNA cards", rules.pick_options, rules.pick, texts.pick_text, _pick_info, PickContext, texts.pick_told
        ),
    ),
    (
        rules.HABITAT,
        Decision(
            "place the dinosaur",
            rules.habitat_options,
            rules.place_in_habitat,
            texts.habitat_text,
            _habitat_info,
            HabitatContext,
        ),
    ),
    (rules.BUILD, Decision("build pens", rules.pen_options, rules.build_pen, texts.build_text, _build_info)),
    (
        rules.FACILITY,
        Decision(
            "buy a facility",
            rules.stack_options,
            rules.buy_from_stack,
            texts.stack_text,
            _stack_info,
            DiscountContext,
        ),
    ),
    (
        rules.FACILITY_CELL,
        Decision(
            "place the facility",
            rules.facility_cell_options,
            rules.place_facility,
            texts.facility_cell_text,
            _facility_cell_info,
            PlacingContext,
        ),
    ),
    (
        rules.REPAIR,
        Decision(
            "repair a structure",
            rules.repair_options,
            rules.repair_structure,
            texts.repair_text,
            _repair_info,
            DiscountContext,
        ),
    ),
    (
        rules.TARGET,
        Decision(
            "choose the damaged structure",
            rules.target_options,
            rules.damage_target,
            texts.target_text,
            _target_info,
            TargetContext,
        ),
    ),
    (
        rules.CARD,
        Decision(
            "play a Manipulation card",
            rules.card_options,
            rules.play_card,
            texts.card_text,
            _card_info,
            told=texts.card_told,
        ),
    ),
    (
        rules.OPPONENT,
        Decision(
            "choose an opponent",
            rules.opponent_options,
            rules.choose_opponent,
            texts.opponent_text,
            _opponent_info,
            OpponentContext,
        ),
    ),
    (
        rules.CITY,
        Decision(
            "choose at the City Center",
            rules.city_options,
            rules.city_choice,
            texts.city_text,
            _city_info,
            CityContext,
        ),
    ),
    (
        rules.BONUS,
        Decision("take bonus visitors", rules.take_or_stop, rules.take_bonus_visitor, texts.bonus_text, _bonus_info),
    ),
    (
        rules.MUTANT,
        Decision(
            "feed a mutant", rules.take_or_stop, rules.feed_mutant, texts.mutant_text, _mutant_info, MutantContext
        ),
    ),
    (
        rules.OUTSOURCE,
        Decision(
            "choose the action to outsource",
            rules.outsource_options,
            rules.outsource,
            texts.outsource_text,
            _outsource_info,
            told=texts.outsource_told,
        ),
    ),
    (rules.OVER, GAME_OVER),
    (
        rules.LARGE,
        Decision(
            "buy a large facility",
            rules.large_options,
            rules.buy_large_facility,
            texts.large_text,
            _large_info,
            DiscountContext,
        ),
    ),
    (
        rules.LARGE_SPOT,
        Decision(
            "place the large facility",
            rules.spot_options,
            rules.place_large_facility,
            texts.spot_text,
            _spot_info,
            PlacingContext,
        ),
    ),
    (
        rules.OCEAN,
        Decision(
            "pay for the Plesiosaurus",
            rules.ocean_options,
            rules.pay_for_plesiosaurus,
            texts.ocean_text,
            _ocean_info,
            OceanContext,
        ),
    ),
    (
        rules.JOB,
        Decision("claim a specialist", rules.specialist_options, rules.claim_specialist, texts.claim_text, _claim_info),
    ),
    (
        rules.DESTROY,
        Decision(
            "destroy a dinosaur",
            rules.destroy_options,
            rules.destroy_choice,
            texts.destroy_text,
            _destroy_info,
            DestroyContext,
        ),
    ),
    (
        rules.GRAFT,
        Decision("graft more DNA", rules.graft_options, rules.graft, texts.graft_text, _graft_info, GraftContext),
    ),
    (
        rules.MANIP_PAY,
        Decision(
            "discard Manipulation cards",
            rules.payment_options,
            rules.discard_for_specialist,
            texts.payment_text,
            _payment_info,
            PaymentContext,
            texts.payment_told,
        ),
    ),
    (
        rules.TEAM_ORDER,
        Decision(
            "choose which branch places first",
            rules.team_order_options,
            rules.team_order,
            texts.team_order_text,
            _seat_info,
        ),
    ),
    (
        rules.SHARE,
        Decision(
            "place a shared visitor",
            rules.share_options,
            rules.share_visitor,
            texts.share_text,
            _share_info,
            ShareContext,
        ),
    ),
    (
        rules.FAC_PARK,
        Decision(
            "choose the park for the facility",
            rules.park_options,
            rules.choose_park,
            texts.park_text,
            _park_info,
            ParkContext,
        ),
    ),
    (
        rules.GIFT,
        Decision(
            "gift cards at the docks",
            rules.gift_options,
            rules.gift_card,
            texts.gift_text,
            _gift_info,
            GiftContext,
            texts.gift_told,
        ),
    ),
):
    # The phase numbers are the golden files' and the error messages': registration must keep them.
    if TABLE.add(decision) != phase:
        raise AssertionError(f"{decision.name} registered out of phase order")
