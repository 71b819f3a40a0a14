"""My Funny Dinos' kinds of decision, each one record: its options and effect (rules.py), its text and its
description (render.py), and the context it reads from `s.ctx`.

The table's order gives the phase numbers; rules.py moves the state between phases by those numbers, so
each record is registered at the number rules.py gives its phase, and a mismatch stops the import.
"""

from __future__ import annotations

from dataclasses import replace

from dinotable.core.decisions import GAME_OVER, Decision, Decisions
from dinotable.games.my_funny_dinos import render, rules

DECISIONS = Decisions()


def _register(phase: int, decision: Decision) -> None:
    if DECISIONS.add(decision) != phase:
        raise RuntimeError(f"decision {decision.name!r} registered out of its phase number {phase}")


_register(
    rules.EXCAVATE,
    Decision(
        "excavate",
        legal=rules.excavation_options,
        apply=rules.excavate,
        text=render.excavation_text,
        info=render.excavation_info,
    ),
)
_register(
    rules.GIVE,
    Decision(
        "exchange: give",
        legal=rules.gift_options,
        apply=rules.give,
        text=render.gift_text,
        told=render.gift_told,
        info=render.pick_info,
    ),
)
_register(
    rules.TAKE,
    Decision(
        "exchange: take",
        legal=rules.take_options,
        apply=rules.take,
        text=render.take_text,
        info=render.take_info,
        context=rules.Exchange,
    ),
)
_register(
    rules.RESTORE,
    Decision(
        "restore",
        legal=rules.head_options,
        apply=rules.restore,
        text=render.restoration_text,
        info=render.restoration_info,
    ),
)
_register(
    rules.TAIL_STEP,
    Decision(
        "restore: tail",
        legal=rules.tail_options,
        apply=rules.use_tail,
        text=render.part_text,
        info=render.part_info,
        context=rules.Head,
    ),
)
_register(
    rules.LEG1_STEP,
    Decision(
        "restore: leg",
        legal=rules.leg_options,
        apply=rules.use_leg,
        text=render.part_text,
        info=render.part_info,
        context=rules.HeadAndTail,
    ),
)
_register(
    rules.LEG2_STEP,
    Decision(
        "restore: second leg",
        legal=rules.second_leg_options,
        apply=rules.use_second_leg,
        text=render.part_text,
        info=render.part_info,
        context=rules.HeadTailAndLeg,
    ),
)
# Core's finished-game record, under the name this game's views and messages have always shown ("over").
_register(rules.OVER, replace(GAME_OVER, name="over"))
