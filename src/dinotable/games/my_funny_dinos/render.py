"""What players see: the per-seat view (a JSON-ready dict), each decision's action text and description,
event text, and the component reference (the screen and the board as text are in screen.py).

Everything here reads only what the table shows; a buried tile is described only as far as it is known.
The texts and descriptions take (state, action, the open decision's context), as decisions.py registers
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.record import plain
from dinotable.core.words import article, counted, listed
from dinotable.games.my_funny_dinos.content import BONE_PILE, EVENT, ICON_NAMES, ICONS, LEG, PARTS, TAIL
from dinotable.games.my_funny_dinos.rules import (
    COLOUR_KNOWN,
    DIG,
    EXCAVATE,
    FULLY_KNOWN,
    GIVE,
    LEG1_STEP,
    LEG2_STEP,
    PASS,
    PICK,
    RESTORE,
    TAIL_STEP,
    TAKE,
    dice_risk,
    exchange,
    head_options,
    loose_tiles,
    success_chance,
    tiles_above,
)
from dinotable.games.my_funny_dinos.scoring import mission_owners

if TYPE_CHECKING:
    from dinotable.games.my_funny_dinos.state import MyFunnyDinosState


def player_name(s: MyFunnyDinosState, seat: int) -> str:
    return s.game.seat_name(s, seat)


def mission_name(c, mission_id: str) -> str:
    """A mission tile's name, from the id its events keep."""
    return next(m.name for m in c.missions if m.id == mission_id)


def dinosaur_ref(colours: int) -> str:
    return "single-colour dinosaur" if colours == 1 else "mixed dinosaur"


def known_level(s: MyFunnyDinosState, p: int) -> int:
    return s.known[p] if s.owner[p] < 0 else FULLY_KNOWN


def tile_view(s: MyFunnyDinosState, p: int) -> dict:
    """A tile as far as it shows; "ref" is its entry in the reference (`reference`), for a hover."""
    known = known_level(s, p)
    d: dict = {"tile": p, "ref": "fossil tile"}
    if known >= COLOUR_KNOWN:
        kind = s.kind[p]
        d["colour"] = s.c.colours[s.c.kind_colour[kind]]
        if known == FULLY_KNOWN:
            part = s.c.kind_part[kind]
            d["part"] = PARTS[part]
            if part == EVENT:
                d["icon"] = ICONS[s.c.kind_icon[kind]]
                d["ref"] = ICON_NAMES[d["icon"]]
            else:
                d["ref"] = f"{PARTS[part]} tile"
    return d


def tile_name(s: MyFunnyDinosState, p: int) -> str:
    """A tile as far as it shows: "green leg", "red bone pile tile", "tile with a blue ribbon", "buried tile"."""
    known = known_level(s, p)
    if known == FULLY_KNOWN:
        return s.c.tile_words(s.kind[p])
    if known == COLOUR_KNOWN:
        colour = s.c.colours[s.c.kind_colour[s.kind[p]]]
        return f"tile with {article(colour)} {colour} ribbon"
    return "buried tile"


def held_name(s: MyFunnyDinosState, p: int) -> str:
    """A loose tile as its owner's choices name it: alike tiles (two green legs) as "first" and "second", in
    the order the table shows them, so that no two choices read the same."""
    name = tile_name(s, p)
    alike = [q for q in loose_tiles(s, s.owner[p]) if q == p or tile_name(s, q) == name]
    return name if len(alike) < 2 else f"{ordinal(alike.index(p) + 1)} {name}"


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
                    {
                        "tiles": [tile_view(s, p) for p in d.pieces],
                        "value": d.value,
                        "exhibited": d.exhibited,
                        "ref": dinosaur_ref(d.colours),
                    }
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
                "ref": "base tile" if s.base_rocks[spot] else "paper board",
                "tiles": [tile_view(s, p) for p in stack],
            }
            for spot, stack in enumerate(s.stacks)
        ],
        "missions": [
            {
                "id": c.missions[m].id,
                "name": c.missions[m].name,
                "ref": c.missions[m].name,
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
    """ "Excavate the purple leg on top of spot 0 (84% to succeed)": the tile as far as it shows, where it
    lies (spots numbered as the view and the board number them, 0 the centre), and its chance."""
    p = a - DIG
    spot = s.spot[p]
    above = tiles_above(s, p)
    where = f"on top of spot {spot}" if above == 0 else f"under {counted(above, 'tile')} at spot {spot}"
    if s.c.spot_edge[spot]:
        where += ", at the paper's edge"
    if s.base_rocks[spot]:
        where += f", where a base tile holds {counted(s.base_rocks[spot], 'rock')}"
    chance = f"{success_chance(s, p, s.cur):.0%} to succeed"
    if s.dice_mode:
        chance = f"roll {dice_risk(s, p) + 1} or more on the {s.c.dice['sides']}-sided die, {chance}"
    return f"Excavate the {tile_name(s, p)} {where} ({chance}){_effect(s, p)}"


def icon_effect(s: MyFunnyDinosState, icon: int) -> str:
    """An event icon's effect, from its text in the content ("Shovel: excavate one more time")."""
    return s.c.icon_text[icon].split(": ", 1)[-1]


def _effect(s: MyFunnyDinosState, p: int) -> str:
    """A known event tile's effect, told where it is offered: it acts as soon as it is excavated."""
    if known_level(s, p) < FULLY_KNOWN or s.c.kind_part[s.kind[p]] != EVENT:
        return ""
    icon = s.c.kind_icon[s.kind[p]]
    return f"; {ICON_NAMES[ICONS[icon]]}: {icon_effect(s, icon)}" + _missions_won(s, p)


def _missions_won(s: MyFunnyDinosState, p: int) -> str:
    """The red mission a known event tile hands its excavator at once: a third event tile, or the bones a
    bone pile brings up to six (the mission goes to the seat to move first)."""
    c, cur = s.c, s.cur
    won = []
    for slot in s.red_open:
        m = c.missions[s.missions[slot]]
        if m.condition == "own_event_tiles" and s.loose(cur, EVENT) + 1 >= m.count:
            won.append(m)
        elif m.condition == "own_bones" and c.kind_icon[s.kind[p]] == BONE_PILE:
            gained = sum(1 for seat in range(s.num_players) if seat != cur and s.bones[seat])
            if s.bones[cur] + gained >= m.count:
                won.append(m)
    return "".join(f"; it takes the mission {m.name} ({m.points} points)" for m in won)


def _picked(s: MyFunnyDinosState, a: int) -> str:
    return held_name(s, a - PICK)


def gift_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    return f"Give your {_picked(s, a)}"


def gift_told(s: MyFunnyDinosState, a: int, ctx) -> str:
    """The gift as the others read it (a tile in front of a player: everyone sees it whole)."""
    return f"Give the {_picked(s, a)}"


def take_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    return f"Take {player_name(s, s.owner[a - PICK])}'s {_picked(s, a)}" + _missions_after(s, ctx.given, a - PICK)


def _missions_after(s: MyFunnyDinosState, given: int, taken: int) -> str:
    """The red missions the exchange would hand out (three special tiles, met by either side), worked out
    on a copy: a text, off the hot path; every viewer reads it alike, so it names the seats."""
    after, events = s.clone(), []
    exchange(after, given, taken, events)
    taken_missions = [
        f"{player_name(s, e.seat)} takes the mission {mission_name(s.c, e.detail['mission'])}"
        for e in events
        if e.kind == "mission_taken"
    ]
    return f" ({listed(taken_missions)})" if taken_missions else ""


def restoration_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    if a == PASS:
        # Ending the turn with no dinosaur to restore is forced almost every turn: told, it says nothing.
        return "" if head_options(s, ctx) == (PASS,) else "End the turn without restoring a dinosaur"
    return f"Restore a dinosaur, starting with the {_picked(s, a)}" + _outcome(s, (a - PICK,))


def part_text(s: MyFunnyDinosState, a: int, ctx) -> str:
    return f"Use the {_picked(s, a)}" + _outcome(s, (*ctx, a - PICK))


def outlook(s: MyFunnyDinosState, pieces: tuple[int, ...]) -> int:
    """The most a dinosaur begun with these parts (head first) can still score: a single colour's value
    while the seat's loose tiles can finish it in that colour, else a mixed one's."""
    c = s.c
    colours = {c.kind_colour[s.kind[p]] for p in pieces}
    if len(colours) == 1:
        colour = colours.pop()
        parts = [c.kind_part[s.kind[p]] for p in loose_tiles(s, s.cur) if c.kind_colour[s.kind[p]] == colour]
        if parts.count(TAIL) >= 1 and parts.count(LEG) >= 2:  # the parts picked are still loose
            return c.numbers["single_colour_dinosaur"]
    return c.numbers["mixed_dinosaur"]


def _outcome(s: MyFunnyDinosState, pieces: tuple[int, ...]) -> str:
    """What the dinosaur comes to with these parts: from the head, what it can still score, and then only a
    part that lowers it; once complete, its value, the mission it takes and whether it ends the game."""
    c = s.c
    colours = {c.kind_colour[s.kind[p]] for p in pieces}
    if len(pieces) < 4:
        value = outlook(s, pieces)
        if len(pieces) > 1 and value == outlook(s, pieces[:-1]):
            return ""  # a part that changes nothing is told plainly; one that mixes the colours, not
        single = value == c.numbers["single_colour_dinosaur"]
        return f" ({f'all {c.colours[colours.pop()]}' if single else 'mixed'}: {value} points)"
    kind = "single-colour" if len(colours) == 1 else "mixed"
    value = c.numbers["single_colour_dinosaur" if len(colours) == 1 else "mixed_dinosaur"]
    text = f": completes a {kind} dinosaur, {value} points"
    for slot in s.red_open:
        mission = c.missions[s.missions[slot]]
        if mission.condition == "restore_four_colours" and len(colours) >= mission.count:
            text += f", and takes the mission {mission.name} ({mission.points} points)"
    if len(s.dinos) + 1 == c.numbers["dinosaurs_to_end"]:
        text += f"; the {ordinal(len(s.dinos) + 1)} dinosaur: the game ends with this round"
    return text


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


# ------------------------------------------------------------------------ descriptions of the actions
# Tiles are described as the view shows them (`tile_view`), so a description tells no more than the table.
def excavation_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The tile attempted, as far as it shows, and the spot of the pile it lies on."""
    p = a - DIG
    return {**_tile_info(s, p), "spot": s.spot[p]}


def pick_info(s: MyFunnyDinosState, a: int, ctx) -> dict:
    """The tile picked and the seat whose loose tiles hold it."""
    p = a - PICK
    return {**_tile_info(s, p), "owner": s.owner[p]}


def _tile_info(s: MyFunnyDinosState, p: int) -> dict:
    """A tile as the view shows it, less the reference key (a description names board elements)."""
    d = tile_view(s, p)
    del d["ref"]
    return d


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
    who = player_name(s, seat) if seat is not None else ""
    if kind == "forced":
        text = d["text"]  # a choice's text, as the list of choices reads it: lower-cased after the name
        return f"{who}: {text[:1].lower()}{text[1:]}" if text else ""  # quiet: nothing to restore, turn ended
    if kind == "excavated":
        text = f"{who}{_roll(s, d, 'and excavates')} the {tile_name(s, d['piece'])}{_chance(d)}"
        if "again" in d:
            text += (
                ": the shovel gives one more excavation"
                if d["again"]
                else ": the shovel would give one more excavation, but the pile is empty"
            )
        return text
    if kind == "excavation_failed":
        p = d["piece"]
        where = f" at spot {s.spot[p]}" if d["cause"] == "rocks" and s.spot[p] >= 0 else ""
        text = f"{who}{_roll(s, d, 'but fails to excavate')} the {tile_name(s, p)}{where}{_chance(d)}: "
        if d["cause"] == "rocks":
            text += "the rocks collapse and are stacked again"
        else:
            fallen = listed([f"the {tile_name(s, p)}" for p in d["fallen"]])
            go = "goes" if len(d["fallen"]) == 1 else "go"
            text += f"tiles slide off the paper; {fallen} {go} face up onto the centre stack (spot {s.c.centre})"
        bone = "takes a small bone token from the supply" if d["bone"] else "gets no bone: the supply is empty"
        return f"{text}; {who} {bone}"
    if kind == "bones_taken":
        if not d["from"]:
            return f"bone pile: no other player has a bone to give {who}"
        givers = listed([player_name(s, o) for o in d["from"]])
        return f"bone pile: {who} takes a small bone token from {givers}"
    if kind == "exchanged":
        return (
            f"{who} gives the {tile_name(s, d['gave'])} to {player_name(s, d['with'])} "
            f"for the {tile_name(s, d['took'])}"
        )
    if kind == "exchange_skipped":
        return f"exchange: no other player has a loose tile, so {who} exchanges nothing"
    if kind == "restored":
        single = d["value"] == s.c.numbers["single_colour_dinosaur"]
        parts = ", ".join(tile_name(s, p) for p in d["pieces"])
        text = f"{who} restores a {'single-colour' if single else 'mixed'} dinosaur ({parts}): {d['value']} points"
        if d["exhibited"]:
            return text + f', shown on an exhibition tile, "{d["value"]}" side up'
        return text + " (no exhibition tile is left, but it scores)"
    if kind == "mission_taken":
        return f"{who} takes the mission tile {mission_name(s.c, d['mission'])}: {d['points']} points"
    if kind == "final_round":
        amber = player_name(s, s.first_player)
        return (
            f"{s.c.numbers['dinosaurs_to_end']} dinosaurs are restored: the round is played out, and the game "
            f"ends before {amber} (the amber token) plays again"
        )
    if kind == "game_over":
        why = "" if s.final_round else " (the pile is empty)"
        return f"the game is over{why}. Scoring:\n" + "\n".join("    " + line for line in score_lines(s))
    return f"{kind} {d}"


def _roll(s: MyFunnyDinosState, d: dict, verb: str) -> str:
    """The die an excavation attempt rolled (option excavation = dice), before its verb."""
    if "roll" not in d:
        return " " + verb.split(" ", 1)[1]
    return f" rolls {d['roll']} on the {s.c.dice['sides']}-sided die (needing {d['needed']} or more) {verb}"


def _chance(d: dict) -> str:
    """The chance an excavation attempt had in the pile model."""
    return f" ({d['chance']}% chance)" if "chance" in d else ""


def score_lines(s: MyFunnyDinosState) -> list[str]:
    """Each seat's score with its parts (rulebook, Scoring): what the game ends with, or would now."""
    lines = []
    for seat, row in enumerate(s.scoring.breakdown(s)):
        bones = s.bones[seat]
        parts = [
            f"restored dinosaurs {row['dinosaurs']}",
            f"remaining dinosaur tiles {row['tiles']}",
            f"small bone tokens {row['bones']} ({counted(bones, 'token')})",
        ]
        names = [m.name for m in s.c.missions if m.id in row["mission_tiles"]]
        parts.append(f"mission tiles {row['missions']}" + (f" ({', '.join(names)})" if names else ""))
        lines.append(f"{player_name(s, seat)}: {row['total']} points = " + " + ".join(parts))
    return lines


# --------------------------------------------------------------------------------------------- status
# What the seat to move is doing, by the open decision: as the others read it, and as the seat itself does.
DOING = {
    EXCAVATE: ("excavates", "excavate a tile of the pile"),
    GIVE: ("exchanges a tile", "the exchange: choose the tile you give"),
    TAKE: ("exchanges a tile", "the exchange: choose the tile you take"),
    RESTORE: ("may restore a dinosaur", "restore a dinosaur, or end your turn"),
    TAIL_STEP: ("restores a dinosaur", "restoring a dinosaur: choose its tail"),
    LEG1_STEP: ("restores a dinosaur", "restoring a dinosaur: choose a leg"),
    LEG2_STEP: ("restores a dinosaur", "restoring a dinosaur: choose its second leg"),
}


def stage_text(s: MyFunnyDinosState) -> str:
    """The Round: "Round 4", "Round 6, the last"."""
    return f"Round {s.round}" + (", the last" if s.final_round and not s.over else "")


def status_text(s: MyFunnyDinosState, seat: int | None) -> str:
    """Where the game stands, for a page: "Round 4: player 2 excavates. 2 of 5 dinosaurs restored."."""
    name = s.game.seat_name
    if s.over:
        winners = s.winners()
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"The game is over after {counted(s.round, 'round')}: {listed([name(s, w) for w in winners])} {verb}."
    other, own = DOING[s.phase]
    what = f"your turn, {own}" if seat == s.cur else f"{name(s, s.cur)} {other}"
    if not s.final_round:
        end = s.c.numbers["dinosaurs_to_end"]
        return f"Round {s.round}: {what}. {len(s.dinos)} of {end} dinosaurs restored."
    return (
        f"Round {s.round}, the last: {what}. {counted(len(s.dinos), 'dinosaur')} restored: the game ends before "
        f"{name(s, s.first_player)}, who holds the amber token, would play again."
    )


# ------------------------------------------------------------------------------------------ reference
def reference(c) -> dict[str, str]:
    """Every component the table shows, by its printed name, in one line of what it is and does."""
    n = c.numbers
    single, mixed, loose = n["single_colour_dinosaur"], n["mixed_dinosaur"], n["loose_tile"]
    icons = [ICON_NAMES[icon] for icon in ICONS]
    out = {
        "fossil tile": f"one of the {c.num_tiles} dinosaur fossil tiles, in {len(c.colours)} colours (a head, a "
        "tail, two legs and an event tile each); lies in the pile until excavated; a buried tile shows nothing, "
        "one under a single tile its colour ribbon",
        "head tile": f"a dinosaur's head: with a tail and two legs it restores a dinosaur; {loose} point loose "
        "at the end",
        "tail tile": f"a dinosaur's tail: with a head and two legs it restores a dinosaur; {loose} point loose "
        "at the end",
        "leg tile": f"a dinosaur's leg: a dinosaur needs two; {loose} point loose at the end",
        "event tile": f"a fossil tile with an icon ({', '.join(icons[:-1])} or {icons[-1]}) that acts as soon "
        "as it is excavated; never part of a dinosaur; counts as its colour for the black missions",
    }
    for icon, name in enumerate(icons):
        effect = c.icon_text[icon].split(": ", 1)[-1]
        points = c.kind_points[c.kind_icon.index(icon)]
        out[name] = f"event tile: {effect}" + ("" if "point" in effect else f"; {counted(points, 'point')} at the end")
    for colour, name in enumerate(c.colours):
        icon = next(c.kind_icon[k] for k in range(c.num_tiles) if c.kind_colour[k] == colour and c.kind_icon[k] >= 0)
        out[name] = (
            f"the {c.dinosaurs[colour]}'s colour: {article(name)} {name} head, tail and two legs ({single} points "
            f"restored together) and {article(name)} {name} {icons[icon]} event tile"
        )
        out[c.dinosaurs[colour]] = (
            f"the {name} dinosaur: {single} points restored from {name} tiles only ({mixed} if mixed)"
        )
    out.update(
        {
            "single-colour dinosaur": f"a restored dinosaur of one colour: {single} points, on an exhibition "
            f'tile "{single}" side up; it never breaks up',
            "mixed dinosaur": f"a restored dinosaur of two or more colours: {mixed} points, on an exhibition tile "
            f'"{mixed}" side up; it never breaks up',
            "exhibition tile": f"holds a restored dinosaur; there are {n['exhibition_tiles']}, and when the "
            f"{ordinal(n['dinosaurs_to_end'])} dinosaur is restored the round is played out and the game ends",
            "paper board": f"the crumpled paper the pile lies on: spot {c.centre} is the centre, where fallen "
            "tiles go; at the edge spots an attempt may push tiles off the paper",
            "base tile": f"one of {c.bases} base tiles on the pile, each carrying a stack of rocks; a tile on its "
            "spot or beside it is riskier to excavate",
            "rock": "the grey wooden pieces stacked on the base tiles; if they collapse the excavation fails",
            "small bone token": f"{n['starting_bones']} to start and 1 from the supply of {n['bone_supply']} for "
            f"each failed excavation; {n['bones_per_point']} make 1 point at the end; the second tie-break",
            "amber token": "the first player's marker: once the game's end is reached, the round is played out "
            "and the game ends before its holder plays again",
            "mission tile": f"{n['missions_revealed']} of the {len(c.missions)} are revealed: a black one scores at "
            "the end, a red one goes at once to the first player who meets it",
        }
    )
    for m in c.missions:
        out[m.name] = mission_terms(c, m)
    return out


def mission_terms(c, m) -> str:
    """A mission tile's condition and reward, as the reference and the board tell it."""
    if m.border == "black":
        return (
            f"black mission tile: {m.points} points at the end to whoever owns most {c.colours[m.colour]} tiles "
            "(event tiles and restored ones count); tied players all score it"
        )
    if m.condition == "restore_four_colours":
        need = f"restore a dinosaur of {m.count} different colours"
    elif m.condition == "own_bones":
        need = f"own {m.count} small bone tokens"
    else:
        need = f"hold {m.count} special (event) tiles"
    return f"red mission tile: {m.points} points, taken at once by the first player to {need}; kept for good"
