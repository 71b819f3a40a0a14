"""Property-based tests (hypothesis) for every registered game: whatever legal path a game takes,
the engine keeps its invariants, refuses what is illegal without a trace, and replays exactly."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dinotable
from dinotable.core.errors import IllegalAction

GAMES = dinotable.list_games()


def _walk(data, game):
    num_players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    options = data.draw(st.sampled_from(game.test_option_sets_for(num_players)), label="options")
    seed = data.draw(st.integers(-(2**63), 2**63), label="seed")
    state = game.new_game(num_players, seed, options)
    steps = data.draw(st.integers(0, 250), label="steps")
    return state, steps


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_any_legal_path_keeps_the_invariants_and_replays(name, data):
    game = dinotable.get_game(name)
    state, steps = _walk(data, game)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        before = len(state.history)
        state.apply(action)
        assert state.history[before:] == [action]
        game.check_invariants(state)
    assert game.from_json(state.to_json()) == state
    copy = state.clone()
    assert copy == state and copy is not state


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_illegal_actions_leave_no_trace(name, data):
    game = dinotable.get_game(name)
    state, steps = _walk(data, game)
    for _ in range(steps // 5):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    bad = data.draw(
        st.one_of(st.integers(-1000, 1000), st.none(), st.text(max_size=3), st.floats()).filter(
            lambda a: not (type(a) is int and a in state.legal_actions())
        )
    )
    snapshot = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state == snapshot


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(0, 200), data=st.data())
def test_my_funny_dinos_scores_add_up(seed, players, steps, data):
    """My Funny Dinos: a seat's score is what the table shows it has earned, and the 40 tiles are always
    all somewhere."""
    game = dinotable.get_game("my-funny-dinos")
    state = game.new_game(players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    # Each seat's score, counted again from what the table shows (the rulebook's four categories).
    view = state.view(None)
    content = game.content
    missions = {m.id: m.points for m in content.missions}
    for seat, player in enumerate(view["players"]):
        tiles = sum(2 if tile.get("icon") == "two" else 1 for tile in player["tiles"])
        dinosaurs = sum(d["value"] for d in player["dinosaurs"])
        mission_points = sum(missions[m["id"]] for m in view["missions"] if seat in m["owners"])
        assert state.scores()[seat] == dinosaurs + tiles + player["bones"] // 2 + mission_points >= 0
    in_pile = sum(len(spot["tiles"]) for spot in view["pile"])
    held = sum(len(p["tiles"]) + 4 * len(p["dinosaurs"]) for p in view["players"])
    assert in_pile + held == 40


@given(farm=st.integers(0, 7), fences=st.lists(st.integers(0, 30), max_size=12), extra=st.integers(0, 30))
def test_tiny_epic_dinosaurs_enclosures_follow_the_edges(farm, fences, extra):
    """Tiny Epic Dinosaurs: for any Barriers on dotted lines, two spaces joined by an open edge share a
    zone, a zone is an Enclosure exactly when no open edge leads off the Farm, and one more Barrier only
    splits zones, never joins them."""
    from dinotable.games.tiny_epic_dinosaurs.farm import OPEN, zones

    content = dinotable.get_game("tiny-epic-dinosaurs").content
    geo, layout = content.geometry, content.farms[farm % len(content.farms)]
    fence = sum(1 << e for e in fences) & layout.dotted
    zone = zones(geo, layout.dotted, fence)
    passable = layout.dotted & ~fence
    for e, (a, b) in enumerate(geo.edge_cells):
        if passable >> e & 1:
            if b >= 0:
                assert zone[a] == zone[b]
            else:
                assert zone[a] >= OPEN  # an open edge off the Farm: not an Enclosure
    for code in set(zone):
        members = [x for x in range(geo.num_cells) if zone[x] == code]
        leaks = [e for x in members for e in geo.cell_edges[x] if geo.edge_cells[e][1] < 0 and passable >> e & 1]
        assert (code < OPEN) == (not leaks)
    more = zones(geo, layout.dotted, fence | (1 << extra) & layout.dotted)
    for x in range(geo.num_cells):
        for y in range(geo.num_cells):
            if more[x] == more[y]:
                assert zone[x] == zone[y]


@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), steps=st.integers(0, 400), data=st.data())
def test_tiny_epic_dinosaurs_scores_add_up(seed, players, steps, data):
    """Tiny Epic Dinosaurs: a seat's score is its fulfilled Contracts, its Research cards' points and its
    common dinosaurs on the Farm at their values, counted again from what the table shows."""
    game = dinotable.get_game("tiny-epic-dinosaurs")
    content = game.content
    state = game.new_game(players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    view = state.view(None)
    vp = {k.name: k.vp for k in content.contracts}
    cards = {r.name: r for r in content.research}
    values = {sp.name: sp.value for sp in content.species}
    for seat, player in enumerate(view["players"]):
        bonus = sum(cards[c["name"]].contract_bonus for c in player["research"])
        contracts = sum(vp[c["name"]] + bonus for c in player["fulfilled"])
        research = sum(cards[c["name"]].vp for c in player["research"])
        dinosaurs = sum(values.get(c["name"], 0) for c in player["spaces"] if c)
        assert state.scores()[seat] == contracts + research + dinosaurs


@given(fences=st.integers(0, 2**31 - 1), facilities=st.integers(0, 2**12 - 1))
def test_dinogenics_pens_are_closed_rings_of_fences(fences, facilities):
    """DinoGenics areas: cells joined without a fence between them share an area; an area is a pen exactly
    when every edge it has on the board edge or beside a facility holds a fence; facility cells are in none."""
    geo = dinotable.get_game("dinogenics").geo
    area_of, areas = geo.regions(fences, facilities)
    for cell in range(geo.num_cells):
        assert (area_of[cell] == -1) == bool(facilities >> cell & 1)
    for index, (cells, closed) in enumerate(areas):
        leaks = False
        for cell in range(geo.num_cells):
            if not cells >> cell & 1:
                continue
            assert area_of[cell] == index
            for bit, other in geo.sides[cell]:
                fenced = bool(fences & bit)
                if other >= 0 and not facilities >> other & 1 and not fenced:
                    assert area_of[other] == index  # no fence between: the same area
                if (other < 0 or facilities >> other & 1) and not fenced:
                    leaks = True
        assert closed == (not leaks)
