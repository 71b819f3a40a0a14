"""DinoGenics content: the base game's published facts and the expansion's quick
reference, as data; a broken content file is refused naming the entry. (The engine comes later.)"""

import pytest

from dinotable.core.errors import ContentError
from dinotable.games.dinogenics.components import CARNIVORE, HERBIVORE, OMNIVORE
from dinotable.games.dinogenics.content import CONTENT_DIR, load_content

C = load_content()


def species(key: str):
    return next(s for s in C.species if s.key == key)


def test_seven_seasons_and_the_numbers_of_the_quick_reference():
    """'7 Seasons' (published); 'Receive 1 credit for each visitor in your park'; 'Gain 3 VPs for every two
    visitors leaving the park alive'; 'The first player may take the first 2 visitors'; hand limit 10."""
    n = C.numbers
    assert n["seasons"] == 7 and n["hand_limit"] == 10 and n["visitor_center"] == 2
    assert n["credits_per_visitor"] == 1 and n["vp_per_two_visitors"] == 3 and n["first_bonus_visitors"] == 2
    assert (n["end_species_in_habitat"], n["end_credits_per_vp"], n["end_dna_per_vp"], n["end_vp_per_scandal"]) == (
        3,
        3,
        2,
        -6,
    )


@pytest.mark.parametrize(("players", "early", "late"), [(1, 4, 5), (2, 4, 5), (3, 4, 5), (4, 3, 4), (5, 3, 4)])
def test_workers_by_player_count_and_season(players, early, late):
    """'2-3 players: 4 in Seasons 1-3, 5 from Season 4; 4-5 players: 3, then 4 from Season 4' (published)."""
    assert [C.workers_in(players, season) for season in range(1, 8)] == [early] * 3 + [late] * 4


def test_visitors_per_season_and_position():
    """The published overlay: Season 2 gives 2, 2, 1 (2-3 players) or 3, 2, 2, 1, 1 (4-5), Season 7 gives
    4, 4, 3 or 5, 4, 4, 3, 3; the bonus pool grows from 2 to 5. No visitors in Season 1."""
    assert C.visitors[2][2] == (2, 2, 1) and C.visitors[3][7] == (4, 4, 3)
    assert C.visitors[4][2] == (3, 2, 2, 1, 1) and C.visitors[5][7] == (5, 4, 4, 3, 3)
    assert C.visitors[1] == C.visitors[3]  # one player uses the 2-3 player columns (designed)
    assert [C.bonus_visitors[s] for s in range(2, 8)] == [2, 3, 3, 4, 4, 5]
    assert 1 not in C.visitors[2]
    for n in range(1, 6):  # the overlay slides left: a position never gets fewer visitors later
        for season in range(2, 7):
            assert all(a <= b for a, b in zip(C.visitors[n][season], C.visitors[n][season + 1], strict=True))


def test_base_species_table():
    """The published species table (VP, reputation, pen, DNA, goats) and diets."""
    rows = {s.key: (s.diet, s.vp, s.reputation, s.pen, s.dna, s.goats) for s in C.species}
    assert rows["brontosaurus"] == (HERBIVORE, 5, 2, 0, 4, 0)
    assert rows["t_rex"] == (CARNIVORE, 7, 3, 3, 3, 2)
    assert rows["ankylosaurus"] == (HERBIVORE, 4, 1, 2, 3, 0)
    assert rows["pterodactyl"] == (CARNIVORE, 5, 4, 1, 3, 1)
    assert rows["stegosaurus"] == (HERBIVORE, 3, 2, 2, 3, 0)
    assert rows["raptor"] == (CARNIVORE, 4, 2, 1, 2, 1)
    assert rows["triceratops"] == (HERBIVORE, 2, 1, 1, 2, 0)
    assert rows["mutant"][:5] == (OMNIVORE, 2, 0, 1, 3)
    assert species("pterodactyl").trait == "biodome" and species("brontosaurus").trait == "open_space"


def test_every_entry_says_where_it_comes_from():
    """Each item is rulebook (with its quote), published or designed; the mutant's goats and the die's face
    counts are designed."""
    kinds = {(i["kind"], i["name"]): i["provenance"] for i in C.provenance}
    assert kinds[("species", "mutant")] == "designed" and kinds[("component", "rampage die")] == "designed"
    assert kinds[("number", "credits_per_visitor")] == "rulebook"
    assert all(i["text"] for i in C.provenance)


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("2 = [2, 2, 1]", "2 = [2, 2]", "visitors.small: Season 2: expected 3 visitor counts"),
        ('diet = "omnivore"\nvp = 2', 'diet = "fungivore"\nvp = 2', "species.mutant.diet"),
        ('trait = "biodome"', 'trait = "flying"', "species.pterodactyl.trait: 'flying' is not a trait"),
        ("4 = [3, 4], 5 = [3, 4]", "4 = [3, 4]", "workers.counts: 5 players"),
        ('faces = ["fatality"', 'faces = ["meteor"', "rampage_die.faces"),
        ('trait = "credit_each_upkeep"', 'trait = "biodome"', "pterodactyl, stegosaurus have the trait 'biodome'"),
        ("value = 12\nrows = 3\ncolumns = 4", "value = 20\nrows = 4\ncolumns = 5", "the park holds 1 to 16 spaces"),
        (
            "each_player = [{ lose = { goats = 2 } }]",
            "each_player = [{ play = true }]",
            "news[1].each_player: only gain, lose, per, rampage steps",
        ),
        (
            "steps = [{ opponent = { steal = { dna = 1 } } }]",
            "steps = [{ opponent = { steal = { visitors = 1 } } }]",
            "manipulation.dna_theft.steps[0].opponent.steal: only",
        ),
        ("{ pay = { credits = 2 } }, { outsource", "{ pay = {} }, { outsource", "spaces.outsource.steps[0].pay"),
        ('per = { species = "triceratops", vp = 1 }', 'per = "triceratops"', "facilities.triceratops_observatory.per"),
        (
            "blocked = { 3 = 1 }\nsteps = [{ draw_keep",
            'blocked = { 3 = "1" }\nsteps = [{ draw_keep',
            "spaces.site_b.blocked",
        ),
        ("steps = [{ create = 1 }]", "steps = [{ create = 2 }]", "manipulation.dna_splice.steps[0].create"),
        ("value = 12\nrows = 3", "value = 11\nrows = 3", "numbers.park: value must be rows x columns"),
        ("[numbers.solo_target]", "[numbers.solo_goal]", "numbers: missing 'solo_target'"),
        ("value = 2\ncards = 2", "value = 2\ncardz = 2", "numbers: missing 'market_buy_cards'"),
        (
            "[[{ lose = { scandals = 1 } }], [{ gain = { credits = 2 } }]]",
            "[[{ lose = { scandals = 1 } }], [{ gain = { credits = 2 } }], [], [], []]",
            "news[19].space.steps[0]: choose takes 2 to 4 options",
        ),
        # Controlled Chaos entries
        (
            "perks = { slash_naive = true }",
            "perks = { slash_naive = true, laser_eyes = 2 }",
            "specialists.security_officer.perks: 'laser_eyes' is not a perk",
        ),
        ('visitors = "researchers"', 'visitors = "tourists"', "scenarios.CC2.visitors: expected one of"),
        ("news = [8, 10, 15, 18, 31]", "news = [8, 10, 15, 18, 99]", "scenarios.CC7.news"),
        ('forbidden = ["farm"]', 'forbidden = ["moon"]', "scenarios.CC7.forbidden: expected a list of space keys"),
        (
            'naive_visitor_naive_visitor = ["ferry_vp", "ferry_vp"]',
            'naive_visitor_naive_visitor = ["ferry_vp", "dance"]',
            "synth_chart_designed.naive_visitor_naive_visitor",
        ),
        ("blocked = { farm = 1, uplink = 1", "blocked = { barn = 1, uplink = 1", "coop.blocked"),
        (
            'crash = ["city_center", "site_a", "site_b", "farm", "ferry"]\nwest',
            'crash = ["city_center", "site_a", "site_b", "farm", "ferry", "agency"]\nwest',
            "crash: expected at most 5",
        ),
        ("polymorphic = 5", "polymorphic = -1", "edna_deck.polymorphic"),
        ('faces = [1, 1, 2, 2, 3, "drowning"]', 'faces = [1, 1, 2, 2, 3, "tsunami"]', "upkeep_die.faces"),
        ("aquatic = 2\ndna = 4", "aquatic = 3\ndna = 4", "species.megalodon"),
        ("cards = { brontosaurus = 12,", "cards = { plesiosaurus = 1, brontosaurus = 12,", "aquatic species' cards"),
        ('trait = "terror"', 'trait = "mischief"', "species.mosasaur.trait: 'mischief' is not a trait"),
    ],
)
def test_a_broken_content_file_is_refused_naming_the_entry(tmp_path, old, new, named):
    """A folder holding a broken copy of one content file (the others are the game's own) is refused, the
    error naming that file and the entry."""
    (path,) = [p for p in CONTENT_DIR.glob("*.toml") if old in p.read_text()]
    text = path.read_text()
    assert text.count(old) == 1
    (tmp_path / path.name).write_text(text.replace(old, new))
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    assert str(err.value).startswith(f"{path.name}: ") and named in str(err.value)
