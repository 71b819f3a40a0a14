"""Tiny Epic Dinosaurs at the table: the score if the game ended now, why an action space (or a card of a
choice) cannot be chosen, the game in brief (how to play), where the game stands in words, and the plain
words of every text a person reads (the helpers are test_tiny_epic_dinosaurs.py's)."""

import re

import pytest

import dinotable
from dinotable.core.errors import ContentError
from dinotable.core.rng import Rng, derive_seed
from dinotable.games.tiny_epic_dinosaurs.components import CHOOSE, PLACE
from dinotable.games.tiny_epic_dinosaurs.content import CONTENT_DIR, load_content
from dinotable.games.tiny_epic_dinosaurs.testing import (
    fence,
    hold,
    keep_first_contracts,
    own_card,
    place_id,
    put_dinosaur,
    relist,
    set_privates,
    set_public_row,
    set_resources,
    settle,
    space_slot,
)

from .test_tiny_epic_dinosaurs import AL, BR, GAME, IDS, ST, VE, C, card, contract, edge, fresh, lagoon, unique

SHIPPED = dinotable.get_game("tiny-epic-dinosaurs")


def parts(row) -> list[tuple]:
    return [(p["name"], p["points"]) for p in row["parts"]]


# ------------------------------------------------------------------------------------------- score now
def scored_position():
    """Seat 0: two Public Contracts fulfilled with Export Broker (+2 each), three more Research cards, a
    Stegosaurus and a Brachiosaurus on its Farm, two Allosaurus waiting (not on the Farm), and the Private
    Contract Movie Studio still held; seat 1 holds Arena; seat 2 none."""
    s = lagoon(3)
    set_public_row(s, ["Petting Zoo", "Long Necks", "Raptor Pack", "Apex Exhibit"])
    done = [contract("Petting Zoo"), contract("Long Necks")]
    for k in done:
        s.public_row.remove(k)
    s.fulfilled[0] = tuple(done)
    set_privates(s, {0: ["Movie Studio"], 1: ["Arena"]})
    for name in ("Export Broker", "Cheap Loan", "Genetics Lab"):
        own_card(s, 0, card(name))
    fence(s, 0, edge("A3", "B3"))
    put_dinosaur(s, 0, "A3", ST)
    put_dinosaur(s, 0, "B3", BR)
    put_dinosaur(s, 0, "A1", unique("Triceratops"))  # a Unique Dinosaur: its card scores, not the dinosaur
    hold(s, 0, AL, 2)
    return s


def test_score_now_counts_the_end_game_scoring_parts_by_hand():
    """Published end-game scoring: 'fulfilled Public and Private Contracts, Research cards (some are worth
    negative points), and each common dinosaur still on the farm at its species value': Petting Zoo 6 and
    Long Necks 9 with Export Broker's 2 each make 19; Export Broker 0, Cheap Loan -3, Genetics Lab 3 and
    Triceratops 4 make 4; a Stegosaurus 1 and a Brachiosaurus 3 make 4. Movie Studio, not fulfilled, adds 0
    for its owner (the part "Private Contracts not fulfilled")."""
    s = scored_position()
    assert [C.contracts[contract(n)].vp for n in ("Petting Zoo", "Long Necks")] == [6, 9]
    row = s.score_now(0)[0]
    assert parts(row) == [
        ("Fulfilled Contracts", 6 + 9 + 2 * 2),
        ("Research cards", 0 - 3 + 3 + 4),
        ("Dinosaurs on the Farm", 1 + 3),
        ("Private Contracts not fulfilled", 0),
    ]
    assert row["seat"] == 0 and row["unit"] == "VP" and row["total"] == 27 and not row["hidden"]
    assert row["total"] == s.scores()[0] == s.outcome()["breakdown"][0]["total"]


def test_another_seats_private_contract_is_face_down_with_no_points():
    """'Players must keep their Private Contract Cards secret until they are fulfilled': seat 1 sees seat 0's
    Movie Studio as a face-down card with no points ('+ hidden'), and its own Arena as 0; a spectator sees
    both face down; seat 2 holds none, so its row has no such part."""
    s = scored_position()
    as_seat_1 = s.score_now(1)
    assert parts(as_seat_1[0])[-1] == ("Private Contracts not fulfilled", None)
    assert as_seat_1[0]["hidden"] and as_seat_1[0]["total"] == 27  # a hidden part counts in no total
    assert parts(as_seat_1[1])[-1] == ("Private Contracts not fulfilled", 0) and not as_seat_1[1]["hidden"]
    spectator = s.score_now(None)
    assert [parts(row)[-1] for row in spectator[:2]] == [("Private Contracts not fulfilled", None)] * 2
    assert len(spectator[2]["parts"]) == 3 and not spectator[2]["hidden"]
    assert [row["seat"] for row in spectator] == [0, 1, 2]


def test_a_fulfilled_private_contract_scores_in_the_fulfilled_contracts():
    """A Private Contract scores once fulfilled, and then everyone sees it (it is no longer secret)."""
    s = scored_position()
    s.private[0] = ()
    s.fulfilled[0] = (*s.fulfilled[0], contract("Movie Studio"))
    row = s.score_now(1)[0]
    assert parts(row)[0] == ("Fulfilled Contracts", 19 + C.contracts[contract("Movie Studio")].vp + 2)
    assert len(row["parts"]) == 3 and not row["hidden"]


def test_the_solo_rival_scores_in_its_own_row():
    """Solo (published outline): the Rival 'scores like a player': its Contracts, its Research cards and its
    dinosaurs at their value, in the automaton row "Rival" after the player's."""
    s = keep_first_contracts(fresh(1, 2))
    set_public_row(s, ["Food Chain", "Apex Exhibit"])
    s.rival_contracts = (s.public_row.pop(0),)
    s.supply[ST] -= 2
    s.rival_cols[ST] = 2
    rows = s.score_now(0)
    assert [row.get("seat", row.get("automaton")) for row in rows] == [0, "Rival"]
    assert parts(rows[1]) == [
        ("Fulfilled Contracts", C.contracts[contract("Food Chain")].vp),
        ("Research cards", 0),
        ("Dinosaurs in its columns", 2 * C.species[ST].value),
    ]
    assert rows[1]["total"] == s.outcome()["automata"]["Rival"]["total"]


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_score_now_at_the_end_is_the_final_score_with_every_private_contract_shown(num_players):
    """At the end every Private Contract is shown: nothing is hidden, and the totals are scores()."""
    s = SHIPPED.new_game(num_players, 5)
    rng = Rng(derive_seed(5, num_players))
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    for viewer in [None, *range(num_players)]:
        rows = s.score_now(viewer)
        assert [row["total"] for row in rows[:num_players]] == s.scores()
        assert not any(row["hidden"] for row in rows)


# -------------------------------------------------------------------------- why a space cannot be chosen
def reasons(s) -> dict:
    """The reasons for the seat to move, by the target's action space, Research card or Contract."""
    return {next(iter(e["target"].values())): e["reason"] for e in s.unavailable(s.current_player)}


def test_every_action_space_is_a_target_and_a_free_one_has_no_reason():
    """Allocate Dinofarmers: the targets are the action spaces of this side of the Action Boards; at the
    start of round 1 every one of them can be chosen (seat 0 has 5 plants, 3 meat, 1 supply)."""
    s = keep_first_contracts(fresh(3))
    assert s.phase == PLACE and s.targets() == [{"action_space": C.spaces[i].id} for i in s.slots]
    assert s.unavailable(0) == [] and s.unavailable(1) == [] and s.unavailable(None) == []


def test_a_space_where_you_already_stand_says_so():
    """'You CANNOT allocate Dinofarmers to action spaces where you already have other Dinofarmers.'"""
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_meat"))
    s.apply(place_id(s, "gather_plants", foreman=True))
    s.apply(place_id(s, "gather_supplies"))
    s.apply(place_id(s, "barriers"))
    assert s.current_player == 1
    assert reasons(s)["gather_plants"] == "Gather plants: your Foreman is already there"
    s.apply(place_id(s, "first_player"))
    s.apply(place_id(s, "barriers_large"))
    assert s.current_player == 0
    assert reasons(s)["gather_meat"] == "Gather meat: you already have Dinofarmers there"


def test_a_space_held_as_strongly_as_you_can_enter_says_what_it_takes():
    """'you can perform that action by placing 1 more Dinofarmer than the player who currently has the most
    Dinofarmers there' and 'A Foreman counts as 2 normal Dinofarmers': a tie is not enough."""
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_meat", foreman=True))  # seat 0's Foreman: strength 2
    s.normals[1], s.foreman[1] = 2, False
    relist(s)
    assert reasons(s)["gather_meat"] == (
        "Gather meat: player 1 has 2 there (a Foreman counts as 2 Dinofarmers), so it takes 3 to enter; you have "
        "only 2 Dinofarmers left"
    )
    s.normals[1] = 3
    relist(s)
    assert "gather_meat" not in reasons(s) and place_id(s, "gather_meat") in s.legal_actions()


def test_the_foreman_and_too_few_dinofarmers_say_their_strength():
    """'A Foreman counts as 2 normal Dinofarmers for both allocation and blocking opponents': the Foreman and
    one Dinofarmer make 3, one short of the 4 it takes to enter a space held by 3."""
    s = keep_first_contracts(fresh(3))
    s.apply(place_id(s, "gather_plants"))
    s.apply(place_id(s, "gather_meat", foreman=True))  # seat 1's Foreman: 2
    s.apply(place_id(s, "gather_meat", foreman=True))  # seat 2's Foreman and a Dinofarmer: 3
    assert s.current_player == 0 and s.occupants(space_slot(s, "gather_meat")) == [0, 2, 3]
    s.normals[0] = 1
    relist(s)
    assert reasons(s)["gather_meat"] == (
        "Gather meat: player 3 has 3 there (a Foreman counts as 2 Dinofarmers), so it takes 4 to enter; you "
        "have only the Foreman and 1 Dinofarmer left, 3 in all"
    )
    s.normals[0] = 2
    relist(s)
    assert "gather_meat" not in reasons(s) and place_id(s, "gather_meat", foreman=True) in s.legal_actions()


def test_a_space_whose_cost_you_cannot_pay_says_what_it_costs():
    """'you MUST pay the necessary resources immediately': a Dinosaur Market costs 1 plant (designed)."""
    s = keep_first_contracts(fresh(3))
    set_resources(s, 0, 0, 3, 0)
    relist(s)
    got = reasons(s)
    assert got["market_herbivore"] == "Dinosaur Market: herbivore: it costs 1 plant, and you have only 0 plants"
    assert got["barriers_large"] == "Barrier Workshop: it costs 1 supply, and you have only 0 supplies"
    set_resources(s, 0, 1, 3, 1)
    relist(s)
    assert "market_herbivore" not in reasons(s) and place_id(s, "market_herbivore") in s.legal_actions()


def test_a_space_of_which_no_part_can_be_done_says_why():
    """'you MUST ... perform at least part of the corresponding action' (published FAQ: only where you can
    perform at least part of it): full tracks stop at 13, an empty supply gives nothing, no Contract met."""
    s = keep_first_contracts(fresh(3))
    set_resources(s, 0, 13, 13, 13)
    set_public_row(s, ["Petting Zoo", "Long Necks", "Raptor Pack", "Apex Exhibit"])
    s.barrier_supply, s.barriers[1] = 0, s.barriers[1] + s.barrier_supply
    relist(s)
    got = reasons(s)
    assert got["gather_plants"] == "Gather plants: you could do no part of its action (your plant track is at 13)"
    assert got["contract"] == (
        "Contract Office: you could do no part of its action (your dinosaurs meet no open Contract; your plant "
        "track is at 13)"
    )
    assert got["barriers_large"] == (
        "Barrier Workshop: you could do no part of its action once it is paid (no Barriers are left in the supply)"
    )
    hold(s, 0, ST, 3)  # the Petting Zoo can be fulfilled
    relist(s)
    assert "contract" not in reasons(s) and place_id(s, "contract") in s.legal_actions()


def test_a_market_whose_dinosaurs_are_gone_says_so():
    """'If the supply of a common Dinosaur species reaches zero, you cannot take any more of this Dinosaur.'"""
    s = keep_first_contracts(fresh(3))
    for k in (ST, BR):
        hold(s, 2, k, s.supply[k])
    relist(s)
    assert reasons(s)["market_herbivore"] == (
        "Dinosaur Market: herbivore: you could do no part of its action once it is paid (no Stegosaurus or "
        "Brachiosaurus is left in the supply)"
    )
    s.add_held(2, BR, -1)  # a Brachiosaurus back to the supply
    s.supply[BR] += 1
    relist(s)
    assert "market_herbivore" not in reasons(s) and place_id(s, "market_herbivore") in s.legal_actions()


def test_a_space_the_rivals_card_holds_says_its_strength():
    """Solo (published outline): the Rival places its cards on Action Boards, blocking them like Dinofarmers
    (designed strength per card)."""
    s = keep_first_contracts(fresh(1, 2))
    slot = space_slot(s, "hunt_herbivore")
    s.set_occupant(slot, 1, 1)  # a Rival card of strength 1
    s.normals[0], s.foreman[0] = 1, False
    relist(s)
    assert reasons(s)["hunt_herbivore"] == (
        "Hunt a herbivore: the Rival's card has a strength of 1 there, so it takes 2 to enter; you have only "
        "1 Dinofarmer left"
    )
    s.normals[0] = 2
    relist(s)
    assert "hunt_herbivore" not in reasons(s)


def test_a_research_card_you_cannot_pay_for_says_what_it_costs():
    """Designed Research Lab (a published action kind): take a card of the row paying its cost. The cards
    are its targets; Tyrannosaurus (1 meat, 3 supplies) is out of reach with 0 meat."""
    s = keep_first_contracts(fresh(3))
    row = [card("Genetics Lab"), card("Tyrannosaurus"), card("Triceratops")]
    s.research_deck = [k for k in s.research_deck + s.research_row if k not in row]
    s.research_row = list(row)
    set_resources(s, 0, 1, 0, 2)
    settle(s)
    s.apply(place_id(s, "research"))  # gains 1 supply: 1 plant, 0 meat, 3 supplies
    assert s.phase == CHOOSE
    assert s.targets() == [{"research": n} for n in ("Genetics Lab", "Tyrannosaurus", "Triceratops")]
    assert reasons(s) == {"Tyrannosaurus": "Tyrannosaurus: it costs 1 meat, 3 supplies, and you have only 0 meat"}
    s.add_resource(0, 1, 1)
    relist(s)
    assert reasons(s) == {}


def test_a_contract_your_dinosaurs_do_not_meet_says_what_it_lacks():
    """The Contract space's targets are the Public row and your own Private Contracts ('secret until they
    are fulfilled'); one whose dinosaurs you lack says which."""
    s = keep_first_contracts(fresh(3))
    set_public_row(s, ["Petting Zoo", "Long Necks", "Raptor Pack", "Star Attraction"])
    set_privates(s, {0: ["Secret Breeding Program"], 1: ["Research Institute"]})
    hold(s, 0, ST, 3)
    hold(s, 0, BR, 2)
    hold(s, 0, VE, 1)
    settle(s)
    s.apply(place_id(s, "contract"))
    assert s.phase == CHOOSE
    names = ["Petting Zoo", "Long Necks", "Raptor Pack", "Star Attraction", "Secret Breeding Program"]
    assert s.targets() == [{"contract": n} for n in names]
    assert reasons(s) == {
        "Raptor Pack": "Raptor Pack: it needs 3 Velociraptor; you have 1 Velociraptor",
        "Star Attraction": (
            "Star Attraction: it needs 2 Velociraptor and 1 Unique Dinosaur; you have 1 Velociraptor and no "
            "Unique Dinosaur"
        ),
        "Secret Breeding Program": "Secret Breeding Program: it needs 5 Stegosaurus; you have 3 Stegosaurus",
    }


# ---------------------------------------------------------------------------------------- how to play
def test_how_to_play_cites_a_rulebook_section_or_says_designed():
    """The game in brief, in the project's words: the turn structure, what ends the game, how it scores,
    each section citing the Tiny Epic Dinosaurs rulebook or saying the rule is designed."""
    sections = SHIPPED.how_to_play()
    titles = [s["title"] for s in sections]
    assert {"A round", "Allocate Dinofarmers", "Scoring", "The goal"} <= set(titles)
    for section in sections:
        assert set(section) == {"title", "text", "rulebook"} and section["text"]
        cited = section["rulebook"]
        assert cited.startswith("Tiny Epic Dinosaurs rulebook, ") or cited.startswith("designed"), cited
    assert "after the sixth round" in next(s["text"] for s in sections if s["title"] == "The goal").lower()


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (
            lambda t: t.replace('rulebook = "Tiny Epic Dinosaurs rulebook, Game Objective"', 'rulebook = "p. 3"'),
            "how_to_play[0].rulebook",
        ),
        (lambda t: t.replace('title = "Setup"', 'title = "Setup"\nsummary = "x"', 1), "how_to_play[1].summary"),
        (lambda t: t.replace('title = "A round"\n', "", 1), "how_to_play[2]: missing 'title'"),
    ],
    ids=["no-section-cited", "unknown-key", "no-title"],
)
def test_a_broken_how_to_play_file_is_refused_naming_the_file_and_key(tmp_path, edit, named):
    text = (CONTENT_DIR / "how_to_play.toml").read_text()
    broken = edit(text)
    assert broken != text
    (tmp_path / "how_to_play.toml").write_text(broken)
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    assert str(err.value).startswith("how_to_play.toml: ") and named in str(err.value)


# -------------------------------------------------------------------------------------------- status
def test_the_status_says_where_the_game_stands_in_words():
    """'The game has 6 rounds', each of seven phases; setup's Private Contract is kept seat after seat."""
    s = SHIPPED.new_game(2, 1)
    assert SHIPPED.status_text(s, 0) == "Round 1 of 6 - Setup: choose a Private Contract to keep"
    assert SHIPPED.status_text(s, 1) == "Round 1 of 6 - Setup: player 1 chooses a Private Contract to keep"
    keep_first_contracts(s)
    assert SHIPPED.status_text(s, 0) == "Round 1 of 6 - Allocate Dinofarmers: your turn to place a Dinofarmer"
    assert SHIPPED.status_text(s, None) == "Round 1 of 6 - Allocate Dinofarmers: player 1 places a Dinofarmer"
    s.apply(place_id(s, "market_herbivore"))
    assert SHIPPED.status_text(s, 1) == (
        "Round 1 of 6 - Allocate Dinofarmers: player 1 chooses the dinosaur to take at Dinosaur Market: herbivore"
    )


def test_the_status_at_the_end_names_the_winner():
    s = SHIPPED.new_game(2, 2)
    rng = Rng(2)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    (winner,) = s.winners()
    said = f"The game is over: player {winner + 1} wins with {s.scores()[winner]} VP."
    assert SHIPPED.status_text(s, None) == said
    assert SHIPPED.status_text(s, winner) == f"The game is over: you win with {s.scores()[winner]} VP."


# ----------------------------------------------------------------------------------------- plain words
NOT_PLAIN = re.compile(
    r"#\d|_|\(s\)|\b[aA] (?!Uni|uni)[aeiouAEIOU]|->|--|\b(St|Br|Ve|Al)\b|\b\d+[pms]\b|\d+VP|\b(True|False|None)\b"
)
# View entries that name things for a program, not for a person: ids and keys (matched with action_info),
# Farm edges and the Farm's picture (drawn, not read).
NOT_READ = {"id", "key", "fence", "farm_picture", "fed", "ref"}


def strings(value, key=""):
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_READ:
                yield from strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, key)
    elif isinstance(value, str):
        yield key, value


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", SHIPPED.test_option_sets, ids=lambda o: "-".join(map(str, o.values())) or "default")
def test_every_text_a_person_reads_is_in_plain_words(num_players, options):
    """No internal id ('#39'), content key or '_', no '(s)', 'an' before a vowel sound ('an Allosaurus'), no
    terminal shorthand ('->', 'St', '5p', '3VP'): in the choices, the log, the status, the view, the score's
    parts and the reasons, over seeded random games of every player count and option set."""
    for seed in range(2):
        s = SHIPPED.new_game(num_players, seed, dict(options))
        rng = Rng(derive_seed(seed, 29))
        seen: list[tuple[str, str]] = []
        while True:
            for viewer in [None, *range(num_players)]:
                seen.append(("status", SHIPPED.status_text(s, viewer)))
                seen += [(f"view {k}", v) for k, v in strings(s.view(viewer))]
                seen += [("score part", p["name"]) for row in s.score_now(viewer) for p in row["parts"]]
            if s.is_over:
                break
            seen += [("reason", e["reason"]) for e in s.unavailable(s.current_player)]
            legal = s.legal_actions()
            seen += [("choice", s.action_text(a)) for a in legal]
            for e in s.apply(legal[rng.below(len(legal))]):
                for viewer in range(num_players):
                    seen += [("log", SHIPPED.event_text(s, told)) for told in SHIPPED.events_for([e], viewer)]
        for where, text in seen:
            found = NOT_PLAIN.search(text)
            assert not found, f"{where} reads {text!r}"
    for section in SHIPPED.how_to_play():
        assert not NOT_PLAIN.search(section["text"]) and not NOT_PLAIN.search(section["title"])
    for name, entry in SHIPPED.reference().items():
        assert not NOT_PLAIN.search(f"{name}: {entry}"), entry


def test_the_hunting_die_in_the_view_reads_with_its_article():
    """'Hunt Dinosaurs ... roll the Hunting Die': the view tells the last roll in words ('an Allosaurus')."""
    s = SHIPPED.new_game(2, 1)
    s.last_roll = (1, AL, 1)
    assert s.view(0)["hunting_die"]["text"] == "player 2 rolled Damage hunting an Allosaurus"


def test_the_farm_option_has_a_lobby_label_and_help_in_sentences():
    (farm,) = SHIPPED.option_specs
    assert farm.label == "Farm" and farm.help.endswith(".") and "_" not in farm.help
    assert farm.choice_labels[0] == "Random" and len(farm.choice_help) == len(farm.choices)
    assert all(h.endswith(".") for h in farm.choice_help)
    assert BR != AL and IDS.place == GAME.ids.place  # the shared helpers are the test game's
