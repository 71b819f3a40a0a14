"""The solo Rival (the published outline; its cards are designed data in content/rival.toml).

The Rival is played by the engine with the state's generator, never by a seat. Each of its turns it plays
the next card of its shuffled deck: the card goes on the first of its spaces that nobody occupies (if all
are taken, on the first one without the Rival, strong enough to enter), and the Rival acts there. After
each card it fulfils at most one Public Contract its species columns meet, the one worth most.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.games.tiny_epic_dinosaurs.components import (
    COMMON_SPECIES,
    DAMAGE,
    EGG,
    FACES,
    NUM_RESOURCES,
    RESOURCES,
    event,
)
from dinotable.games.tiny_epic_dinosaurs.hunting import roll
from dinotable.games.tiny_epic_dinosaurs.spaces import entry_strength

if TYPE_CHECKING:
    from dinotable.games.tiny_epic_dinosaurs.state import TinyEpicDinosaursState


def rival_turn(s: TinyEpicDinosaursState, events: list) -> None:
    c = s.c
    rival = s.num_players
    card = c.rival_cards[s.rival_deck.pop(0)]
    s.rival_hand -= 1
    target = next((slot for slot in card.slots if not any(s.occupants(slot))), None)
    if target is None:
        target = next((slot for slot in card.slots if not s.occupant(slot, rival)), None)
    space_id = None
    if target is not None:
        s.set_occupant(target, rival, max(card.strength, entry_strength(s.occupants(target))))
        space_id = c.spaces[s.slots[target]].id
    s.rival_played = (*s.rival_played, (card.index, -1 if target is None else target))
    events.append(event("rival", None, card=card.name, space=space_id))

    hunting = target is not None and any(st[0] == "hunt" for st in c.spaces[s.slots[target]].steps)
    for k in card.dinosaurs:
        if not s.supply[k]:
            continue
        s.supply[k] -= 1
        s.rival_cols[k] += 1
        if hunting:
            face = roll(s)
            s.last_roll = (rival, k, face)
            if face == EGG and s.supply[k]:
                s.supply[k] -= 1
                s.rival_cols[k] += 1
            elif face == DAMAGE:  # the dinosaur gets away and the card goes to Medical Leave
                s.supply[k] += 1
                s.rival_cols[k] -= 1
                # `hunting` says there is a target, and mypy does not narrow `target` through it.
                s.set_occupant(target, rival, 0)  # type: ignore[arg-type]
            events.append(event("rival_hunt", None, species=c.species[k].key, face=FACES[face]))
        else:
            events.append(event("rival_dinosaur", None, species=c.species[k].key))
    top = c.numbers["track_max"]
    got = [0] * NUM_RESOURCES
    for r in range(NUM_RESOURCES):
        before = s.rival_res[r]
        s.rival_res[r] = min(top, before + card.resources[r])
        got[r] = s.rival_res[r] - before
    if any(got):
        events.append(event("rival_gain", None, plant=got[0], meat=got[1], supply=got[2]))
    if card.steal:
        # The kind the player (the solo game's only seat) has most of (ties: plant, meat, supply).
        player = 0
        r = max(range(NUM_RESOURCES), key=lambda r: (s.resource(player, r), -r))
        taken = min(card.steal, s.resource(player, r))
        s.add_resource(player, r, -taken)
        s.rival_res[r] = min(top, s.rival_res[r] + taken)
        if taken:
            events.append(event("rival_steal", None, resource=RESOURCES[r], amount=taken))
    if card.first_player:
        s.first = rival
        events.append(event("first_player", None))
    if card.research:
        _research(s, events)
    _contract(s, events)


def _research(s: TinyEpicDinosaursState, events: list) -> None:
    """The best non-negative Research card in the row that the Rival can pay for."""
    research = s.c.research
    best = None
    for pos, card_index in enumerate(s.research_row):
        card = research[card_index]
        pays = card.vp >= 0 and all(s.rival_res[r] >= card.cost[r] for r in range(NUM_RESOURCES))
        if pays and (best is None or card.vp > research[s.research_row[best]].vp):
            best = pos
    if best is None:
        return
    card_index = s.research_row.pop(best)
    for r in range(NUM_RESOURCES):
        s.rival_res[r] -= research[card_index].cost[r]
    s.rival_research = (*s.rival_research, card_index)
    events.append(event("rival_research", None, card=research[card_index].name))


def _contract(s: TinyEpicDinosaursState, events: list) -> None:
    best = None
    for k in s.public_row:
        contract = s.c.contracts[k]
        meets = contract.unique == 0 and all(s.rival_cols[sp] >= contract.need[sp] for sp in range(COMMON_SPECIES))
        if meets and (best is None or contract.vp > s.c.contracts[best].vp):
            best = k
    if best is None:
        return
    contract = s.c.contracts[best]
    for sp in range(COMMON_SPECIES):
        s.rival_cols[sp] -= contract.need[sp]
        s.supply[sp] += contract.need[sp]
    s.public_row.remove(best)
    s.rival_contracts = (*s.rival_contracts, best)
    events.append(event("rival_contract", None, contract=contract.name, vp=contract.vp))
