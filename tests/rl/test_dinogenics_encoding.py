"""DinoGenics' observation agrees with what `view(seat)` shows: for states of seeded random games (the base game,
Controlled Chaos with every module, a solo scenario, the co-op), each slice holds the view's value at the
slice's scale, seen from the observer (its park first, then the next seats, then Synth's)."""

from __future__ import annotations

from collections import Counter

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed (pip install -e '.[rl]')")

import dinotable  # noqa: E402
from dinotable.games.dinogenics import rules  # noqa: E402
from dinotable.games.dinogenics.render import COUNTERS, view  # noqa: E402
from dinotable.games.dinogenics.texts import kind_key  # noqa: E402
from dinotable.rl import encoder_for  # noqa: E402

from .sampling import sampled_states  # noqa: E402

GAME = dinotable.get_game("dinogenics")
C = GAME.content
CONFIGS = {
    "2p": (2, {}),
    "4p-base": (4, {"expansion": False}),
    "5p-modules": (5, {"expansion": True, "elites": True, "chaos_theory": True}),
    "coop": (2, {"coop": True}),
    "CC2": (1, {"scenario": "CC2"}),
    "CC3": (1, {"scenario": "CC3"}),
    "solo": (1, {}),
}
SCALES = {"credits": 50, "goats": 20, "fences": 30, "vp": 200, "scandals": 10, "visitors": 30, "refined": 10}


def states(name: str, every: int = 7, decisions: int = 320):
    n, options = CONFIGS[name]
    return sampled_states(GAME, n, options, [11], every, decisions)


def seen(name: str):
    """(state, encoder, seat, vector, view) for each sampled state and each seat."""
    for state in states(name):
        encoder = encoder_for(state)
        for seat in range(state.num_players):
            yield state, encoder, seat, encoder.encode(state, seat), view(state, seat)


def part(encoder, vector, name: str) -> np.ndarray:
    where = next(s for s in encoder.layout.slices if s.name == name)
    return vector[where.start : where.stop]


def parks(encoder, seat: int) -> list[tuple[str, int]]:
    """(slice prefix, park) in the observer's order."""
    return [
        ("synth" if encoder.coop and p == rules.SYNTH else f"seats.{i}", p)
        for i, p in enumerate(encoder.order_of[seat])
    ]


def park_view(v: dict, p: int) -> dict:
    return v["synth"] if p >= len(v["players"]) else v["players"][p]


def one_hot_index(values: np.ndarray) -> int | None:
    hot = np.flatnonzero(values)
    assert len(hot) <= 1 and (not len(hot) or values[hot[0]] == 1.0), f"not a one-hot: {values}"
    return int(hot[0]) if len(hot) else None


@pytest.mark.parametrize("name", CONFIGS)
def test_the_season_its_step_the_decision_and_whose_turn_are_the_views(name):
    """The Season (7 of them), the step of the Season under way, the open decision and the seat to move."""
    for state, encoder, seat, vector, v in seen(name):
        assert one_hot_index(part(encoder, vector, "season")) + 1 == v["season"]
        stage = one_hot_index(part(encoder, vector, "stage"))
        assert (rules.STAGES[stage][0] if stage is not None else "") == v["stage"]
        phase = [p for p, i in sorted(encoder.phase_pos.items(), key=lambda x: x[1])][
            one_hot_index(part(encoder, vector, "decision"))
        ]
        assert state.decisions[phase].name == v["phase"]
        turn = one_hot_index(part(encoder, vector, "turn"))
        expected = None if v["current_player"] is None else (v["current_player"] - seat) % state.num_players
        assert turn == expected
        assert part(encoder, vector, "over")[0] == float(v["over"])


@pytest.mark.parametrize("name", CONFIGS)
def test_breaking_news_is_the_views_active_and_upcoming_card(name):
    """Breaking News: the active card, the upcoming one and the cards left in the deck."""
    for _, encoder, _, vector, v in seen(name):
        cards = sorted(encoder.news_pos, key=encoder.news_pos.get)
        for slice_name, key in (("news.active", "active_news"), ("news.upcoming", "upcoming_news")):
            i = one_hot_index(part(encoder, vector, slice_name))
            assert (None if i is None else C.news[cards[i]].number) == v[key]
        assert part(encoder, vector, "news.deck")[0] == pytest.approx(v["news_left"] / encoder.news_total)


@pytest.mark.parametrize("name", CONFIGS)
def test_the_mainland_worker_spaces_are_the_views(name):
    """The Mainland: each space the view shows (a Breaking News space only while its card is active), each worker
    space free, blocked, under a Crash Token or a park's worker, seen from the observer."""
    for _, encoder, seat, vector, v in seen(name):
        marks = part(encoder, vector, "mainland.workers").reshape(-1, encoder.occupants)
        order = encoder.order_of[seat]
        row = 0
        for space in encoder.spaces:
            sp = C.spaces[space]
            shown = v["mainland"].get(sp.key)
            for slot in range(sp.slots):
                got = one_hot_index(marks[row])
                if shown is None:
                    assert got is None, f"{sp.name} is shown though the view leaves it out"
                else:
                    occupant = shown[slot]
                    expected = {-1: 0, -2: 1, rules.CRASH: 2}.get(occupant)
                    assert got == (3 + order.index(occupant) if expected is None else expected)
                row += 1


@pytest.mark.parametrize("name", CONFIGS)
def test_the_dna_market_the_boneyard_and_the_decks_are_the_views(name):
    """The DNA Market (its cards and the one there longest), the Boneyard, the DNA, eDNA and Manipulation decks
    and the Manipulation discard pile."""
    for _, encoder, _, vector, v in seen(name):
        keys = [kind_key(C, k) for k in encoder.kinds]
        market = Counter(v["market"])
        assert list(part(encoder, vector, "market.cards")) == [min(market[k] / 4, 1.0) for k in keys]
        first = one_hot_index(part(encoder, vector, "market.next"))
        assert (keys[first] if first is not None else None) == (v["market"][0] if v["market"] else None)
        bone = Counter(v["dna_discard"])
        assert part(encoder, vector, "boneyard") == pytest.approx(
            [bone[k] / n for k, n in zip(keys, encoder.kind_cards, strict=True)]
        )
        assert part(encoder, vector, "dna_deck")[0] == pytest.approx(v["dna_deck"] / encoder.std_total)
        if encoder.exp:
            assert part(encoder, vector, "edna_deck")[0] == pytest.approx(v["edna_deck"] / encoder.edna_total)
        assert part(encoder, vector, "manipulation.deck")[0] == pytest.approx(
            v["manipulation_deck"] / encoder.manip_total
        )
        discard = Counter(v["manipulation_discard"])
        assert part(encoder, vector, "manipulation.discard") == pytest.approx(
            [discard[C.manipulation[m].key] / C.manipulation[m].count for m in encoder.manip]
        )


@pytest.mark.parametrize("name", CONFIGS)
def test_the_city_center_the_hq_and_the_job_market_are_the_views(name):
    """The City Center's Basic Hotels and drawn stacks (their tiles and top tiles), the bag, the bonus pool;
    with Controlled Chaos the Aquatic Habitats, the revealed Large Facilities, the Job Market, the Independent
    Contractors and the specialist deck."""
    for _, encoder, _, vector, v in seen(name):
        hotels = C.facilities[next(f.index for f in C.facilities if f.stack)].count
        assert part(encoder, vector, "city.basic_hotels")[0] == pytest.approx(v["basic_hotels"] / hotels)
        bag_kinds = sorted(encoder.bag_pos, key=encoder.bag_pos.get)
        width = len(bag_kinds)
        stacks = part(encoder, vector, "city.stacks").reshape(-1, width)
        tops = part(encoder, vector, "city.tops").reshape(-1, width)
        for i, stack in enumerate(v["stacks"]):
            tiles = Counter(stack)
            assert stacks[i] == pytest.approx([min(tiles[C.facilities[f].key] / 3, 1.0) for f in bag_kinds])
            top = one_hot_index(tops[i])
            assert (C.facilities[bag_kinds[top]].key if top is not None else None) == (stack[-1] if stack else None)
        assert part(encoder, vector, "city.bag")[0] == pytest.approx(v["bag"] / encoder.bag_size)
        assert part(encoder, vector, "bonus_pool")[0] == pytest.approx(min(v["bonus_pool"] / 5, 1.0))
        if not encoder.exp:
            continue
        assert part(encoder, vector, "hq.aquatic_habitats")[0] == pytest.approx(v["aquatic_habitats"] / 8)
        large = sorted(encoder.large_pos, key=encoder.large_pos.get)
        offer = part(encoder, vector, "hq.large_offer").reshape(-1, len(large))
        for i, key in enumerate(v["large_offer"]):
            got = one_hot_index(offer[i])
            assert (C.facilities[large[got]].key if got is not None else None) == key
        specialists = [sp.key for sp in C.specialists]
        for slice_name, key in (("job_market", "job_market"), ("contractors", "contractors")):
            held = {specialists[i] for i in np.flatnonzero(part(encoder, vector, slice_name))}
            assert held == set(v[key])
        assert part(encoder, vector, "specialist_deck")[0] == pytest.approx(v["specialist_deck"] / len(specialists))


@pytest.mark.parametrize("name", CONFIGS)
def test_the_meeples_left_are_the_views(name):
    """Dinosaur meeples left in the supply (none left: the species cannot be created)."""
    for _, encoder, _, vector, v in seen(name):
        expected = [
            max(0.0, v["meeples_left"][C.species[k].key] / max(1, C.species[k].meeples)) for k in encoder.species
        ]
        assert part(encoder, vector, "meeples") == pytest.approx(expected)


@pytest.mark.parametrize("name", CONFIGS)
def test_each_parks_counters_readings_and_score_are_the_views(name):
    """Each park, the observer's first: its counters (credits, goats, fences, VP, Scandals, visitors, Refined
    DNA, workers), the sizes of its hands, its place in player order, reputation, Dinosaur Value, rooms,
    specialists and the score End Game Scoring would count now."""
    for _, encoder, seat, vector, v in seen(name):
        for prefix, p in parks(encoder, seat):
            pv = park_view(v, p)
            for counter in COUNTERS:
                if counter == "refined" and not encoder.exp:
                    continue
                scale = SCALES.get(counter, 5)
                assert part(encoder, vector, f"{prefix}.{counter}")[0] == pytest.approx(min(pv[counter] / scale, 1.0))
            assert part(encoder, vector, f"{prefix}.dna_cards")[0] == pytest.approx(min(pv["dna_cards"] / 20, 1.0))
            assert part(encoder, vector, f"{prefix}.manipulation_cards")[0] == pytest.approx(
                min(pv["manipulation_cards"] / 10, 1.0)
            )
            assert one_hot_index(part(encoder, vector, f"{prefix}.order")) == v["order"].index(p)
            assert part(encoder, vector, f"{prefix}.reputation")[0] == pytest.approx(
                max(-1.0, min(pv["reputation"] / 30, 1.0))
            )
            assert part(encoder, vector, f"{prefix}.dinosaur_value")[0] == pytest.approx(pv["dinosaur_value"] / 30)
            assert part(encoder, vector, f"{prefix}.rooms")[0] == pytest.approx(min(pv["rooms"] / 30, 1.0))
            if encoder.exp:
                held = {C.specialists[i].key for i in np.flatnonzero(part(encoder, vector, f"{prefix}.specialists"))}
                assert held == set(pv["specialists"])
            if p < len(v["players"]):
                score = v["scores"][p]
            else:  # Synth's, which the co-op's objective holds
                score = v["objective"]["synth_re_activated"]["synth"]
            assert part(encoder, vector, f"{prefix}.score")[0] == pytest.approx(max(-1.0, min(score / 200, 1.0)))


@pytest.mark.parametrize("name", CONFIGS)
def test_each_parks_dinosaurs_facilities_and_fences_are_the_views(name):
    """Each park's grid: the dinosaurs on each park space by species (improper and hungry ones counted), the
    facilities on park and commercial spaces (damaged ones marked), the fences built and broken."""
    geo = GAME.geo
    for _, encoder, seat, vector, v in seen(name):
        S = len(encoder.species)
        species = [C.species[k].key for k in encoder.species]
        for prefix, p in parks(encoder, seat):
            pv = park_view(v, p)
            grid = part(encoder, vector, f"{prefix}.dinosaurs").reshape(geo.num_cells, S)
            on = Counter((d["cell"], d["species"]) for d in pv["dinosaurs"])
            improper = Counter(d["cell"] for d in pv["dinosaurs"] if d["improper"])
            hungry = Counter(d["cell"] for d in pv["dinosaurs"] if d["hungry"])
            for cell, name_ in enumerate(geo.cell_names):
                assert list(grid[cell]) == [min(on[name_, k] / 4, 1.0) for k in species]
                assert part(encoder, vector, f"{prefix}.improper")[cell] == min(improper[name_] / 4, 1.0)
                assert part(encoder, vector, f"{prefix}.hungry")[cell] == min(hungry[name_] / 4, 1.0)
            park_kinds = sorted(encoder.park_facs, key=encoder.park_facs.get)
            comm_kinds = sorted(encoder.comm_facs, key=encoder.comm_facs.get)
            on_park = part(encoder, vector, f"{prefix}.park_facilities").reshape(geo.num_cells, -1)
            on_comm = part(encoder, vector, f"{prefix}.commercial").reshape(encoder.commercial, -1)
            damaged = part(encoder, vector, f"{prefix}.damaged")
            expected_park, expected_comm, expected_damaged = {}, {}, set()
            for f in pv["facilities"]:
                for place in f["place"].split("+"):
                    if place.startswith("commercial"):
                        x = int(place.split()[1]) - 1
                        expected_comm[x] = f["facility"]
                        at = geo.num_cells + x
                    else:
                        at = geo.cell_names.index(place)
                        expected_park[at] = f["facility"]
                    if f["damaged"]:
                        expected_damaged.add(at)
            for cell in range(geo.num_cells):
                got = one_hot_index(on_park[cell])
                assert (C.facilities[park_kinds[got]].key if got is not None else None) == expected_park.get(cell)
            for x in range(encoder.commercial):
                got = one_hot_index(on_comm[x])
                assert (C.facilities[comm_kinds[got]].key if got is not None else None) == expected_comm.get(x)
            assert set(np.flatnonzero(damaged)) == expected_damaged
            for slice_name, key in (("fence_edges", "fence_edges"), ("broken_edges", "broken_edges")):
                edges = {geo.edge_names[e] for e in np.flatnonzero(part(encoder, vector, f"{prefix}.{slice_name}"))}
                assert edges == set(pv[key])


@pytest.mark.parametrize("name", CONFIGS)
def test_your_hands_are_the_views_and_cards_drawn_are_the_choosers_alone(name):
    """The observer's own DNA and Manipulation cards, by kind; DNA cards drawn to keep: the kinds for the seat
    choosing, their number only for the others (the view shows each what it may see)."""
    for _, encoder, seat, vector, v in seen(name):
        own = v["players"][seat]
        assert part(encoder, vector, "hand.dna") == pytest.approx(
            [own["dna"].get(kind_key(C, k), 0) / n for k, n in zip(encoder.kinds, encoder.kind_cards, strict=True)]
        )
        assert part(encoder, vector, "hand.manipulation") == pytest.approx(
            [own["manipulation"].get(C.manipulation[m].key, 0) / C.manipulation[m].count for m in encoder.manip]
        )
        drawn = part(encoder, vector, "context.pick.drawn")
        if v["phase"] == "pick DNA cards" and v["context"][0] == rules.KEEP:
            arg = v["context"][2]
            count = len(arg) if isinstance(arg, list) else arg
            assert part(encoder, vector, "context.pick.drawn_count")[0] == pytest.approx(min(count / 5, 1.0))
            if isinstance(arg, list):
                kinds = Counter(arg)
                assert list(drawn) == [min(kinds[k] / 4, 1.0) for k in encoder.kinds]
            else:
                assert not drawn.any()
        else:
            assert not drawn.any()


@pytest.mark.parametrize("name", ["CC2", "CC3", "solo"])
def test_a_solo_objective_is_the_views(name):
    """A solo game's objective: the score against the target, and each of a scenario's other conditions."""
    for _, encoder, _, vector, v in seen(name):
        goal = v["objective"]
        assert part(encoder, vector, "objective.score")[0] == pytest.approx(
            max(-1.0, min(goal["score"] / goal["target"], 2.0))
        )
        if "conditions" in goal:
            assert list(part(encoder, vector, "objective.conditions")) == [float(c["met"]) for c in goal["conditions"]]


def test_the_pick_context_is_the_views():
    """Pick DNA cards: what for and the picks left, as the view's context gives them."""
    met = 0
    for name in CONFIGS:
        for _, encoder, _, vector, v in seen(name):
            if v["phase"] != "pick DNA cards":
                continue
            purpose, left = v["context"][0], v["context"][1]
            assert one_hot_index(part(encoder, vector, "context.pick.purpose")) == purpose
            assert part(encoder, vector, "context.pick.left")[0] == pytest.approx(min(left / 5, 1.0))
            met += 1
    assert met, "no game sampled a DNA pick"


def test_module_slices_are_laid_out_only_with_their_module():
    """Controlled Chaos' components (eDNA, Refined DNA, specialists, the HQ), a scenario's objective and the
    co-op's Synth park have slices only when that module is played."""

    def names(n, options):
        return {s.name for s in encoder_for(GAME.new_game(n, 0, options)).layout.slices}

    base = names(3, {"expansion": False})
    assert not {x for x in base if x.startswith(("hq.", "job_market", "contractors", "edna", "synth", "objective"))}
    assert not {x for x in base if x.endswith((".specialists", ".refined"))}
    expansion = names(3, {})
    assert {"hq.large_offer", "job_market", "edna_deck", "seats.0.specialists", "seats.2.refined"} <= expansion
    assert not {x for x in expansion if x.startswith(("synth", "objective", "context.gifted"))}
    assert {"synth.dinosaurs", "context.gifted"} <= names(2, {"coop": True})
    assert "objective.conditions" in names(1, {"scenario": "CC1"})
    assert "objective.conditions" not in names(1, {})


def test_the_layouts_size_per_player_count():
    """One park more per player: the layout grows by a park's slices and a worker mark per space."""
    sizes = [encoder_for(GAME.new_game(n, 0, {})).size for n in range(1, 6)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 5
