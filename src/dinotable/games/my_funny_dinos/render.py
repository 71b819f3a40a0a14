"""What players see: the per-seat view (a JSON-ready dict), each decision's action text and description,
event text, the board as text.

Everything here reads only what the table shows; a buried tile is described only as far as it is known.
The texts and descriptions take (state, action, the open decision's context), as decisions.py registers
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.record import plain
from dinotable.games.my_funny_dinos.content import EVENT, ICON_NAMES, ICONS, PARTS
from dinotable.games.my_funny_dinos.rules import (
    COLOUR_KNOWN,
    DIG,
    FULLY_KNOWN,
    PASS,
    PICK,
    loose_tiles,
    success_chance,
    tiles_above,
)
from dinotable.games.my_funny_dinos.scoring import mission_owners

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState


def player_name(seat: int) -> str:
    return f"player {seat + 1}"


def _known(s: MyFunnyDinosState, p: int) -> int:
    return s.known[p] if s.owner[p] < 0 else FULLY_KNOWN


def tile_view(s: MyFunnyDinosState, p: int) -> dict:
    known = _known(s, p)
    d: dict = {"tile": p}
    if known >= COLOUR_KNOWN:
        kind = s.kind[p]
        d["colour"] = s.c.colours[s.c.kind_colour[kind]]
        if known == FULLY_KNOWN:
            d["part"] = PARTS[s.c.kind_part[kind]]
            if s.c.kind_part[kind] == EVENT:
                d["icon"] = ICONS[s.c.kind_icon[kind]]
    return d


def tile_name(s: MyFunnyDinosState, p: int) -> str:
    known = _known(s, p)
    if known == FULLY_KNOWN:
        return s.c.kind_name(s.kind[p])
    if known == COLOUR_KNOWN:
        return f"{s.c.colours[s.c.kind_colour[s.kind[p]]]} tile (part hidden)"
    return "buried tile"


def view(s: MyFunnyDinosState, seat: int | None) -> dict:
    if seat is not None and not 0 <= seat < s.num_players:
        raise ValueError(f"seat {seat!r} is not a seat of this {s.num_players}-player game")
    c = s.c
    players = []
    for p_seat in range(s.num_players):
        players.append(
            {
                "seat": p_seat,
                "bones": s.bones[p_seat],
                "tiles": [tile_view(s, p) for p in loose_tiles(s, p_seat)],
                "dinosaurs": [
                    {"tiles": [tile_view(s, p) for p in d.pieces], "value": d.value, "exhibited": d.exhibited}
                    for d in s.dinos
                    if d.seat == p_seat
                ],
            }
        )
    return {
        "game": s.game.name,
        "seat": seat,
        "num_players": s.num_players,
        "options": plain(s.options),
        "round": s.round,
        "first_player": s.first_player,
        "current_player": s.current_player,
        "phase": s.decisions[s.phase].name,
        "picked": [tile_view(s, p) for p in s.ctx],
        "over": s.over,
        "final_round": s.final_round,
        "bone_supply": s.supply,
        "dinosaurs_restored": len(s.dinos),
        "exhibition_tiles_left": max(0, c.numbers["exhibition_tiles"] - len(s.dinos)),
        "pile": [
            {
                "spot": spot,
                "edge": c.spot_edge[spot],
                "rocks": s.base_rocks[spot],
                "tiles": [tile_view(s, p) for p in stack],
            }
            for spot, stack in enumerate(s.stacks)
        ],
        "missions": [
            {
                "id": c.missions[m].id,
                "border": c.missions[m].border,
                "text": c.missions[m].text,
                "points": c.missions[m].points,
                # Red: who took it. Black: who leads its colour now (and so scores it if the game ends).
                "owners": mission_owners(s, slot),
            }
            for slot, m in enumerate(s.missions)
        ],
        "players": players,
    }


# ------------------------------------------------------------------------------- texts of the actions
def excavation_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    p = a - DIG
    above = tiles_above(s, p)
    depth = "on top" if above == 0 else f"under {above} tile{'s' if above > 1 else ''}"
    where = f"spot {s.spot[p]}, {depth}" + (", at the paper's edge" if s.c.spot_edge[s.spot[p]] else "")
    if s.base_rocks[s.spot[p]]:
        where += f", base with {s.base_rocks[s.spot[p]]} rocks"
    chance = success_chance(s, p, s.cur)
    return f"excavate #{p}: {tile_name(s, p)} ({where}) - {chance:.0%} to succeed"


def _picked(s: MyFunnyDinosState, a: int) -> str:
    p = a - PICK
    return f"{tile_name(s, p)} #{p}"


def gift_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    return f"give your {_picked(s, a)}"


def take_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    return f"take {player_name(s.owner[a - PICK])}'s {_picked(s, a)}"


def restoration_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    if a == PASS:
        return "end the turn without restoring a dinosaur"
    return f"restore a dinosaur, starting with the {_picked(s, a)}"


def part_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    return f"use the {_picked(s, a)}"


# ------------------------------------------------------------------------ descriptions of the actions
# Tiles are described as the view shows them (`tile_view`), so a description tells no more than the table.
def excavation_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The tile attempted, as far as it shows, and the spot of the pile it lies on."""
    p = a - DIG
    return {**tile_view(s, p), "spot": s.spot[p]}


def pick_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The tile picked and the seat whose loose tiles hold it."""
    p = a - PICK
    return {**tile_view(s, p), "owner": s.owner[p]}


def take_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The tile taken, its owner, and (as the view's `picked`) the tile given for it."""
    return {**pick_info(s, a, ctx), "picked": [ctx.given]}


def restoration_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The head that starts a dinosaur; ending the turn touches nothing."""
    return {} if a == PASS else pick_info(s, a, ctx)


def part_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The part picked, and (as the view's `picked`) the dinosaur's tiles picked before it, head first."""
    return {**pick_info(s, a, ctx), "picked": list(ctx)}


def event_text(s: MyFunnyDinosState, event) -> str:
    kind, seat, d = event
    who = player_name(seat) if seat is not None else ""
    if kind == "excavated":
        roll = f" (rolled {d['roll']})" if "roll" in d else ""
        return f"{who} excavated {d['tile']} #{d['piece']}{roll}"
    if kind == "excavation_failed":
        roll = f" (rolled {d['roll']})" if "roll" in d else ""
        cause = "the rocks collapsed" if d["cause"] == "rocks" else "tiles slid off the paper"
        text = f"{who} failed to excavate #{d['piece']}{roll}: {cause}"
        if d.get("fallen"):
            text += f"; tiles {', '.join(f'#{p}' for p in d['fallen'])} back on the centre"
        return text + ("; takes a bone from the supply" if d["bone"] else "; the bone supply is empty")
    if kind == "bones_taken":
        if not d["from"]:
            return f"{who}: bone pile, but nobody has a bone to give"
        return f"{who} takes a bone from {', '.join(player_name(o) for o in d['from'])}"
    if kind == "exchanged":
        return (
            f"{who} gives #{d['gave']} ({tile_name(s, d['gave'])}) to {player_name(d['with'])} "
            f"for #{d['took']} ({tile_name(s, d['took'])})"
        )
    if kind == "exchange_skipped":
        return f"{who}: exchange, but no other player has a loose tile"
    if kind == "restored":
        tag = "exhibited" if d["exhibited"] else "no exhibition tile left"
        return f"{who} restores a dinosaur worth {d['value']} ({tag})"
    if kind == "mission_taken":
        return f"{who} takes the mission {d['mission']} ({d['points']} points)"
    if kind == "final_round":
        return f"{s.c.numbers['dinosaurs_to_end']} dinosaurs are restored: the round is finished, then the game ends"
    if kind == "game_over":
        return "the game is over"
    return f"{kind} {d}"


def board_text(s: MyFunnyDinosState, seat: int | None = None) -> str:
    """The table as plain text lines: missions, the pile, each player's tiles, bones and dinosaurs."""
    v = view(s, seat)
    lines = [
        f"Round {v['round']}  ·  dinosaurs restored {v['dinosaurs_restored']}/{s.c.numbers['dinosaurs_to_end']}"
        f"  ·  bone supply {v['bone_supply']}" + ("  ·  FINAL ROUND" if v["final_round"] else "")
    ]
    lines.append("Missions:")
    for m in v["missions"]:
        names = ", ".join(player_name(o) for o in m["owners"])
        if not names:
            owner = ""
        elif m["border"] == "red":
            owner = f" - taken by {names}"
        else:
            owner = f" - {'scored by' if v['over'] else 'led by'} {names}"
        lines.append(f"  [{m['border']}] {m['text']} ({m['points']} pts){owner}")
    lines.append("Pile (each spot bottom -> top):")
    for spot in v["pile"]:
        tags = ("edge " if spot["edge"] else "") + (f"rocks:{spot['rocks']} " if spot["rocks"] else "")
        tiles = ", ".join(f"#{t['tile']} {_short(t)}" for t in spot["tiles"]) or "(empty)"
        lines.append(f"  spot {spot['spot']:>2} {tags:<15}{tiles}")
    for p in v["players"]:
        marker = "amber " if p["seat"] == v["first_player"] else ""
        turn = " <- to play" if p["seat"] == v["current_player"] else ""
        lines.append(f"{marker}{player_name(p['seat'])}{turn}: bones {p['bones']}")
        lines.append("  tiles: " + (", ".join(f"#{t['tile']} {_short(t)}" for t in p["tiles"]) or "none"))
        for d in p["dinosaurs"]:
            parts = ", ".join(_short(t) for t in d["tiles"])
            lines.append(f"  dinosaur ({d['value']} pts{'' if d['exhibited'] else ', no exhibition tile'}): {parts}")
    return "\n".join(lines)


def _short(t: dict) -> str:
    if "part" in t:
        return f"{t['colour']} {t['part']}" + (f"({ICON_NAMES[t['icon']]})" if "icon" in t else "")
    if "colour" in t:
        return f"{t['colour']} ?"
    return "?"
