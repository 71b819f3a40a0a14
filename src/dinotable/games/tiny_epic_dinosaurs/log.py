"""The game's log: each event as the table tells it, in the printed names with counted amounts (one text per
kind of event in EVENT_TEXTS; the conformance suite checks that every event a game plays has one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.words import a, counted, upper_first
from dinotable.games.tiny_epic_dinosaurs.content import RESOURCES
from dinotable.games.tiny_epic_dinosaurs.effects import amounts_text
from dinotable.games.tiny_epic_dinosaurs.render import amount_text, contract_text, edge_words, holder_name, space_name
from dinotable.games.tiny_epic_dinosaurs.scoring import breakdown, rival_breakdown

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def event_text(s: TinyEpicDinosaursState, event) -> str:
    """An event as the table tells it, in the printed names (EVENT_TEXTS: a text per kind of event)."""
    who = holder_name(s, event.seat) if event.seat is not None else "the Rival"
    text = EVENT_TEXTS[event.kind](s, who, event.detail)
    return text[:1].upper() + text[1:]


def _dinosaur(s: TinyEpicDinosaursState, key: str) -> str:
    """A dinosaur named in an event: a species key, or a Unique Dinosaur's card name (code_key)."""
    return next((sp.name for sp in s.c.species if sp.key == key), key)


def _space_name(s: TinyEpicDinosaursState, space_id: str) -> str:
    return space_name(next(sp for sp in s.c.spaces if sp.id == space_id))


def _hunt_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    name = _dinosaur(s, d["species"])
    said = f"{who} hunts {a(name)} and rolls the Hunting Die: "
    if d["face"] == "net":
        return said + "Net, nothing more"
    if d["face"] == "egg":
        return said + f"Egg, a second {name}"
    if d.get("safe"):
        return said + f"Damage, but {d.get('card') or 'a Research card'} keeps everyone safe"
    if d.get("rival", False):
        return said + f"Damage: the {name} gets away and the Rival's card leaves the space"
    return said + f"Damage: the {name} and the Dinofarmers go to Medical Leave, the space is free again"


def _place_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    workers = [counted(d["dinofarmers"], "Dinofarmer")] if d["dinofarmers"] else []
    if d["foreman"]:
        workers.append("the Foreman")
    paid = d.get("paid", ())
    cost = f" and pays {amounts_text(paid)}" if any(paid) else ""
    return f"{who} places {' and '.join(workers)} on {_space_name(s, d['space'])}{cost}"


def _escape_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    keys = d["dinosaurs"]
    names = a(_dinosaur(s, keys[0])) if len(keys) == 1 else _listed(s, keys)
    why = {
        "unplaced": "no place for it in an Enclosure",
        "hungry": "no food left for it",
        "no room": "newly hatched, with no room on the Farm",
    }.get(d.get("why", ""), "")
    if len(keys) > 1:
        why = why.replace(" it", " them")
    verb = "escapes" if len(keys) == 1 else "escape"
    return f"{names} {verb} from {who}'s Farm" + (f": {why}" if why else "")


def _listed(s: TinyEpicDinosaursState, keys) -> str:
    """Dinosaurs by key, each kind once with its count: '2 Stegosaurus, 1 Tyrannosaurus'."""
    counts: dict = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    return ", ".join(f"{n} {_dinosaur(s, k)}" for k, n in counts.items())


def _counts_text(s: TinyEpicDinosaursState, d: dict) -> str:
    return ", ".join(f"{n} {_dinosaur(s, k)}" for k, n in d.items())


def _feed_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    name = _dinosaur(s, d["dinosaur"])
    code = next((sp.index for sp in s.c.species if sp.key == d["dinosaur"]), None)
    amount = s.c.species[code].food if code is not None else _unique_food(s, name)
    food_name = "meat" if d["meat"] else "plant"
    return f"{who} feeds the {name} on {d['space']} with {amount_text(amount, food_name)}"


def _unique_food(s: TinyEpicDinosaursState, name: str) -> int:
    return next(card.unique_food for card in s.c.research if card.name == name)


def _feed_all_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    if not d["plant"] and not d["meat"]:
        return f"{who} has {'no other' if d.get('rest') else 'no'} dinosaurs to feed"
    which = "the rest of their dinosaurs" if d.get("rest") else "every dinosaur on their Farm"
    return f"{who} feeds {which}: {amounts_text((d['plant'], d['meat']))}"


def _round_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    n = s.c.numbers
    if d["round"] == n["new_dinofarmer_round"]:
        return (
            f"Round {d['round']} of {n['rounds']} begins: everyone receives the Dinofarmer waiting on the round "
            "track and draws a Private Contract"
        )
    return f"Round {d['round']} of {n['rounds']} begins"


def _research_taken(s: TinyEpicDinosaursState, who: str, name: str) -> str:
    """The card taken, what it cost and what it gives at once (its terms are printed, never changed)."""
    card = next(k for k in s.c.research if k.name == name)
    text = f"{who} takes the Research card {name}"
    if any(card.cost):
        text += f", paying {amounts_text(card.cost)}"
    gains = [amounts_text(card.gain, (*RESOURCES, "Barrier"))] if any(card.gain) else []
    if card.gain_dinosaur >= 0:
        gains.append(a(s.c.species[card.gain_dinosaur].name))
    if card.unique_diet >= 0:
        gains.append(f"the Unique Dinosaur {name} into the Containment Zone")
    return text + (f"; it gives {' and '.join(gains)}" if gains else "")


def _contract_named(s: TinyEpicDinosaursState, name: str) -> str:
    k = next(k.index for k in s.c.contracts if k.name == name)
    return contract_text(s.c, k)


def _given_up(s: TinyEpicDinosaursState, name: str) -> str:
    """The dinosaurs a Contract takes (a Unique Dinosaur it names stays)."""
    contract = next(k for k in s.c.contracts if k.name == name)
    return ", ".join(f"{n} {s.c.species[k].name}" for k, n in enumerate(contract.need) if n) or "no dinosaurs"


def _gain_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    got = (d["plant"], d["meat"], d["supply"], d["barriers"])
    text = f"{who} gains {amounts_text(got, (*RESOURCES, 'Barrier'))}"
    if d.get("capped"):  # what a full track could not take is lost
        text += f" ({'the rest is' if any(got) else 'it is all'} lost: a track stops at {s.c.numbers['track_max']})"
    return text


def _game_over_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    def parts(name: str, b: dict) -> str:
        return (
            f"{name} {b['total']} VP (Contracts {b['contracts']}, Research {b['research']}, "
            f"dinosaurs on the Farm {b['dinosaurs']})"
        )

    lines = [parts(upper_first(holder_name(s, p)), breakdown(s, p)) for p in range(s.num_players)]
    if s.solo:
        lines.append(parts("The Rival", rival_breakdown(s)).replace("on the Farm", "in its columns"))
    winners = s.winners()
    won = f"{holder_name(s, winners[0])} wins" if winners else "the Rival wins"
    return "The game is over. Final scores: " + "; ".join(lines) + f". {won[:1].upper()}{won[1:]}"


def _rival_card_text(s: TinyEpicDinosaursState, who: str, d: dict) -> str:
    if d["space"]:
        return f"the Rival plays {d['card']} on {_space_name(s, d['space'])}"
    return f"the Rival plays {d['card']}, with no space left for it"


# (s, who, detail) -> the text; conformance checks that every event a game plays has one.
EVENT_TEXTS = {
    "round": _round_text,
    "collect": lambda s, who, d: f"{who} collects {amounts_text((d['plant'], d['meat'], d['supply']))}",
    "draw_private": lambda s, who, d: (
        f"{who} draws the Private Contract {_contract_named(s, d['contracts'][0])}"
        if d.get("contracts")
        else f"{who} draws a Private Contract"
    ),
    "place": _place_text,
    "hunt": _hunt_text,
    "rival_hunt": lambda s, who, d: _hunt_text(s, "the Rival", {**d, "rival": True}),
    "rival": _rival_card_text,
    "rival_dinosaur": lambda s, who, d: f"the Rival takes {a(_dinosaur(s, d['species']))} into its columns",
    "rival_gain": lambda s, who, d: f"the Rival gains {amounts_text((d['plant'], d['meat'], d['supply']))}",
    "rival_steal": lambda s, who, d: (
        f"the Rival takes {amount_text(d['amount'], d['resource'])} from {holder_name(s, 0)}"
    ),
    "rival_research": lambda s, who, d: f"the Rival takes the Research card {d['card']}",
    "rival_contract": lambda s, who, d: (
        f"the Rival fulfils the Public Contract {d['contract']} for {d['vp']} VP: "
        f"{_given_up(s, d['contract'])} from its columns go back to the supply"
    ),
    "retrieve": lambda s, who, d: (
        f"{who}'s Dinofarmers come back from Medical Leave; {_counts_text(s, d)} to the Containment Zone"
    ),
    "escape": _escape_text,
    "eaten": lambda s, who, d: f"{who}'s escaping carnivore takes the {_dinosaur(s, d['dinosaur'])} with it",
    "barrier_removed": lambda s, who, d: (
        f"{who} removes the Barrier {edge_words(d['edge'])} (the herbivore escape penalty)"
    ),
    "breed": lambda s, who, d: f"{who}'s fed pairs breed: {_counts_text(s, d)} newly hatched",
    "feed": _feed_text,
    "feed_all": _feed_all_text,
    "keep": lambda s, who, d: f"{who} keeps a Private Contract",
    "contract": lambda s, who, d: (
        f"{who} fulfils the Contract {d['contract']} for {d['vp']} VP: {_given_up(s, d['contract'])} "
        "go back to the supply (from the Containment Zone first, then the Farm)"
    ),
    "research": lambda s, who, d: _research_taken(s, who, d["card"]),
    "dinosaur": lambda s, who, d: f"{who} takes {a(_dinosaur(s, d['species']))} into the Containment Zone",
    "trade": lambda s, who, d: (
        f"{who} trades 1 {RESOURCES[d['paid']]} for {amount_text(d['amount'], RESOURCES[d['gained']])}"
    ),
    "first_player": lambda s, who, d: f"{who} takes the First Player Marker",
    "gain": _gain_text,
    "game_over": _game_over_text,
}
