"""DinoGenics End Game Scoring counted again from what the table shows: the spectator's view of any position
reached by legal play, the content data (species, facilities, specialists) and the rulebook's scoring. It
replaces checks that compared the scoring module's total with the sum of its own parts.

The recount here reads the park from the view (fences, broken fences, facilities and their places, dinosaurs
and their spaces) and works out habitats and borders on its own; it calls nothing of the rules package or scoring.py.
Whether a habitat is valid (the rampage list) is taken from the view's `improper` mark: the habitat rules
have their own tests in test_dinogenics_dinosaurs.py.
"""

from hypothesis import given
from hypothesis import strategies as st

import dinotable

GAME = dinotable.get_game("dinogenics")
C = GAME.content
SPECIES = {sp.key: sp for sp in C.species}
FACILITIES = {f.key: f for f in C.facilities}
SPECIALISTS = {sp.key: sp for sp in C.specialists}
END_COUNTS = ("dinosaurs", "herbivores", "carnivores", "species", "facilities", "visitors", "improper")
END_COUNTS += ("dna_cards", "aquatic", "damaged", "empty_park", "reputation")  # content.END_COUNTS, by name
CARNIVORE = 1  # content.DIETS: herbivore, carnivore, omnivore

# End-game scoring (published, base game): '+3 VP per species in a valid habitat, +1 VP per 3 credits,
# +1 VP per 2 DNA cards, -6 VP per Scandal'.
VP_PER_SPECIES, CREDITS_PER_VP, DNA_PER_VP, VP_PER_SCANDAL = 3, 3, 2, -6
DINOSAUR_VALUE_MAX = 30  # the Dinosaur Value track runs 0-30


# ------------------------------------------------------------------------------------------ the park, read
class Park:
    """One seat's park sector as its view shows it: spaces named row letter + column number (A1 top left),
    the standing fences, the facilities' park spaces, and the areas the fences make."""

    def __init__(self, seat_view: dict):
        rows = C.numbers["park_rows"]
        columns = C.numbers["park_columns"]
        self.cells = [f"{'ABCDEFGH'[r]}{c + 1}" for r in range(rows) for c in range(columns)]
        standing = set(seat_view["fence_edges"]) - set(seat_view["broken_edges"])
        self.facility_at: dict[str, int] = {}  # park space -> index in the seat's facility list
        for i, f in enumerate(seat_view["facilities"]):
            for place in f["place"].split("+"):
                if not place.startswith("commercial"):
                    self.facility_at[place] = i
        self.neighbours: dict[str, list[tuple[str | None, bool]]] = {x: [] for x in self.cells}
        for x in self.cells:
            r, c = "ABCDEFGH".index(x[0]), int(x[1:]) - 1
            for dr, dc, side in ((-1, 0, "top"), (1, 0, "bottom"), (0, -1, "left"), (0, 1, "right")):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < columns:
                    y = f"{'ABCDEFGH'[rr]}{cc + 1}"
                    first, second = (x, y) if (r, c) < (rr, cc) else (y, x)
                    self.neighbours[x].append((y, f"{first}|{second}" in standing))
                else:
                    self.neighbours[x].append((None, f"{x} {side}" in standing))
        # Areas: spaces without a facility, joined where no standing fence stands between them. An area is a
        # pen when every side it has on the board edge or against a facility holds a standing fence.
        self.area: dict[str, int] = {}
        self.closed: list[bool] = []
        for start in self.cells:
            if start in self.area or start in self.facility_at:
                continue
            index = len(self.closed)
            self.area[start] = index
            todo, closed = [start], True
            while todo:
                x = todo.pop()
                for y, fenced in self.neighbours[x]:
                    if fenced:
                        continue
                    if y is None or y in self.facility_at:
                        closed = False
                    elif y not in self.area:
                        self.area[y] = index
                        todo.append(y)
            self.closed.append(closed)

    def habitat(self, cell: str) -> tuple:
        """A dinosaur's habitat: ('facility', i) in a Biodome or Aquatic Habitat, ('pen', area) or
        ('open', area)."""
        if cell in self.facility_at:
            return ("facility", self.facility_at[cell])
        area = self.area[cell]
        return ("pen" if self.closed[area] else "open", area)

    def border(self, facility: int) -> set[str]:
        """Park spaces sharing a side with a facility's park spaces (none for a commercial facility)."""
        own = {x for x, i in self.facility_at.items() if i == facility}
        return {y for x in own for y, _ in self.neighbours[x] if y is not None and y not in own}


# ------------------------------------------------------------------------------------------ the recount
def reputation(seat_view: dict, season: int) -> int:
    """Reputation: the park's dinosaurs (a Dreadnoughtus: 'Reputation is equal to the current Season
    number'), its undamaged facilities and its specialists, less one per Scandal."""
    rep = sum(
        season if SPECIES[d["species"]].trait == "awe_inspiring" else SPECIES[d["species"]].reputation
        for d in seat_view["dinosaurs"]
    )
    rep += sum(FACILITIES[f["facility"]].reputation for f in seat_view["facilities"] if not f["damaged"])
    rep += sum(SPECIALISTS[key].perks.reputation for key in seat_view["specialists"])
    return rep - seat_view["scandals"]


def dinosaur_value(seat_view: dict, park: Park) -> int:
    """Each dinosaur's VP (an aquatic one in a damaged Aquatic Habitat: none, 'until the facility is
    repaired'), +1 per two Triceratops sharing a habitat, on the 0-30 track."""
    value = 0
    trikes: dict[tuple, int] = {}
    for d in seat_view["dinosaurs"]:
        sp = SPECIES[d["species"]]
        home = park.habitat(d["cell"])
        if not (sp.aquatic and home[0] == "facility" and seat_view["facilities"][home[1]]["damaged"]):
            value += sp.vp
        if sp.trait == "value_per_pair" and home[0] != "open":
            trikes[home] = trikes.get(home, 0) + 1
    value += sum(n // 2 for n in trikes.values())
    return max(0, min(value, DINOSAUR_VALUE_MAX))


def bordering_species(seat_view: dict, park: Park, facility: int, aquatic_only: bool) -> int:
    """Species in valid undamaged habitats sharing a side with this facility (Sky Train: 'fenced, Biodome,
    Aquatic or Open Space'; Aquarium Hub: 'in an undamaged Aquatic Habitat')."""
    near = park.border(facility)
    found = set()
    for d in seat_view["dinosaurs"]:
        sp = SPECIES[d["species"]]
        if d["improper"] or (aquatic_only and not sp.aquatic):
            continue
        kind, where = park.habitat(d["cell"])
        if kind == "facility":
            home = seat_view["facilities"][where]
            touching = not home["damaged"] and bool(_cells(park, where) & near)
        else:
            touching = any(park.area.get(x) == where for x in near)
        if touching:
            found.add(d["species"])
    return len(found)


def _cells(park: Park, facility: int) -> set[str]:
    return {x for x, i in park.facility_at.items() if i == facility}


def end_count(name: str, seat_view: dict, park: Park, season: int) -> int:
    dinos = seat_view["dinosaurs"]
    if name == "dinosaurs":
        return len(dinos)
    if name in ("herbivores", "carnivores"):
        diet = CARNIVORE if name == "carnivores" else 0
        return sum(1 for d in dinos if SPECIES[d["species"]].diet == diet)
    if name == "species":
        return len({d["species"] for d in dinos})
    if name == "facilities":
        return len(seat_view["facilities"])
    if name == "visitors":
        return seat_view["visitors"]
    if name == "improper":
        return sum(1 for d in dinos if d["improper"])
    if name == "dna_cards":
        return seat_view["dna_cards"]
    if name == "aquatic":
        return sum(1 for d in dinos if SPECIES[d["species"]].aquatic)
    if name == "damaged":
        return sum(1 for f in seat_view["facilities"] if f["damaged"])
    if name == "empty_park":
        # Ancient Gardens: 'each Park side space that does not contain a meeple or a facility'.
        used = set(park.facility_at) | {d["cell"] for d in dinos}
        return len(park.cells) - len(used)
    assert name == "reputation"
    return max(0, reputation(seat_view, season))


def facility_bonus(seat_view: dict, park: Park, season: int) -> int:
    """End-game VP of each undamaged facility (published, base game), with the expansion's large facilities' End
    Game Scoring (Aquarium Hub, Ancient Gardens, Sky Train, Dinosaur Foundation)."""
    total = 0
    for i, f in enumerate(seat_view["facilities"]):
        if f["damaged"]:
            continue
        fac = FACILITIES[f["facility"]]
        total += fac.end_vp
        if fac.end_per:
            what, vp = fac.end_per
            total += vp * end_count(END_COUNTS[what], seat_view, park, season)
        if fac.adjacent_aquatic_vp:
            total += fac.adjacent_aquatic_vp * bordering_species(seat_view, park, i, True)
        if fac.adjacent_species_vp:
            total += fac.adjacent_species_vp * bordering_species(seat_view, park, i, False)
    return total


def score(seat_view: dict, season: int, special: tuple) -> int:
    park = Park(seat_view)
    dinos = seat_view["dinosaurs"]
    if "credits_end" in special:
        # CC3: 'receive Credits equal to your Reputation Track value and 1 Credit for each facility bonus
        # victory point. Lastly, receive 3 Credits per unique species in your park.'
        rep = max(0, reputation(seat_view, season))
        species = len({d["species"] for d in dinos})
        return seat_view["credits"] + rep + facility_bonus(seat_view, park, season) + 3 * species
    total = seat_view["vp"] + facility_bonus(seat_view, park, season)
    total += VP_PER_SPECIES * len({d["species"] for d in dinos if not d["improper"]})
    total += seat_view["credits"] // CREDITS_PER_VP + seat_view["dna_cards"] // DNA_PER_VP
    total += VP_PER_SCANDAL * seat_view["scandals"]
    for key in seat_view["specialists"]:
        perks = SPECIALISTS[key].perks
        total += perks.end_vp
        if perks.end_per:
            what, vp, top = perks.end_per
            total += vp * min(top, end_count(END_COUNTS[what], seat_view, park, season))
    # Pleasing Harmonics: 'an additional 1 VP for each species, including this one, that you have in your park'.
    harmonics = sum(1 for d in dinos if SPECIES[d["species"]].trait == "pleasing_harmonics")
    total += harmonics * len({d["species"] for d in dinos})
    if "no_negative_vp" in special:
        total = max(0, total)  # CC1: 'Your points cannot go below zero.'
    return total


# ------------------------------------------------------------------------------------------ the test
@given(data=st.data())
def test_dinogenics_score_reputation_and_dinosaur_value_recounted_from_the_view(data):
    """DinoGenics End Game Scoring (published, base game: 'VP on the track, plus end-game VP of each undamaged
    facility, +3 VP per species in a valid habitat, +1 VP per 3 credits, +1 VP per 2 DNA cards, -6 VP per
    Scandal'; the expansion's large facilities, specialists and Pleasing Harmonics; CC1 and CC3's own
    rules), reputation and the Dinosaur Value, each counted again from the spectator's view at any point
    of a legal game, for every player count and option set."""
    players = data.draw(st.integers(GAME.min_players, GAME.max_players), label="players")
    options = data.draw(st.sampled_from(GAME.test_option_sets_for(players)), label="options")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    state = GAME.new_game(players, seed, options)
    for _ in range(data.draw(st.integers(0, 400), label="steps")):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    view = state.view(None)
    scenario = next((sc for sc in C.scenarios if sc.key == options.get("scenario")), None)
    special = tuple(scenario.special) if scenario else ()
    expected = [score(p, view["season"], special) for p in view["players"]]
    assert state.scores() == expected and view["scores"] == expected
    for p in view["players"]:
        assert p["reputation"] == reputation(p, view["season"])
        assert p["dinosaur_value"] == dinosaur_value(p, Park(p))


def test_the_board_names_the_part_of_the_season_as_the_rulebook_does():
    """Every step of the Season has a label in the rulebook's words; Synth's step is named only in the co-op
    (a game without Synth reads it as the Upkeep)."""
    from dinotable.games.dinogenics.render import _STAGE_LABELS, stage_label
    from dinotable.games.dinogenics.rules import STAGES

    assert set(_STAGE_LABELS) == {name for name, _ in STAGES}
    solo, coop = GAME.new_game(1, 1), GAME.new_game(2, 1, {"coop": True})
    assert stage_label(solo, "synth") == "Upkeep" and "Synth" in stage_label(coop, "synth")
    assert GAME.board_text(solo, 0).splitlines()[0].endswith("Worker Placement")


def test_the_view_and_board_show_what_the_table_plays_for():
    """A solo scenario's objective with each condition and its progress; the solo target; the co-op's
    average against Synth; nothing of the kind between players."""
    cc2 = GAME.new_game(1, 3, {"scenario": "CC2"})
    goal = cc2.view(0)["objective"]
    assert goal["scenario"] == "CC2" and goal["target"] == 100 and goal["unit"] == "VP"
    assert goal["score"] == cc2.scores()[0] and goal["rules"].startswith("Objective:")
    assert [c["met"] for c in goal["conditions"]] == [False]  # no species pairs at the start
    assert f"Objective: {goal['score']} of 100 VP" in GAME.board_text(cc2, 0)
    assert GAME.new_game(1, 3).view(0)["objective"]["target"] == GAME.content.numbers["solo_target"]
    assert "synth_re_activated" in GAME.new_game(2, 3, {"coop": True}).view(None)["objective"]
    assert GAME.new_game(3, 3).view(0)["objective"] is None
