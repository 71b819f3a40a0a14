"""DinoGenics: the effect steps as core.effects step kinds (rules/steps.py). Each kind is registered once;
every effect in the content reads as it did before the kinds were records; a content mistake in each kind is
refused naming the file and the entry; and the rules' `can` agrees, over random play, with the if-chain it
replaced (kept below as a frozen copy, for this comparison only)."""

import re

import pytest

from dinotable.core.content import read_files
from dinotable.core.errors import ContentError
from dinotable.core.rng import next_below, seed_state
from dinotable.games.dinogenics import GAME, rules
from dinotable.games.dinogenics.components import CREDITS, RESOURCES, SCANDALS, VISITORS
from dinotable.games.dinogenics.content import CONTENT_DIR, CONTENT_FILES
from dinotable.games.dinogenics.rules import allowed, reading
from dinotable.games.dinogenics.rules.steps import EFFECTS, read_steps
from dinotable.games.dinogenics.step_values import Rampage

C = GAME.content
READER = read_files([CONTENT_DIR / name for name in CONTENT_FILES])

KINDS = {
    *("gain", "lose", "pay", "draw_keep", "edna_keep", "boneyard", "market_buy", "market_sell", "create"),
    *("build", "facility", "large_facility", "repair", "refine", "play", "outsource", "job_network"),
    *("open_ocean", "news_swap", "city_center", "opponent", "each_opponent", "per", "rampage"),
    *("refresh_market", "edna", "refined"),
}


# ----------------------------------------------------------------- frozen copies of the if-chains replaced
def _old_amounts(pairs) -> str:
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in pairs) or "nothing"


def old_can(s, seat, steps, budget, depth=0) -> bool:  # noqa: C901, PLR0911, PLR0912  allowed.can as it was
    for kind, value in steps:
        if kind == "pay":
            budget -= value
            if budget < 0:
                return False
        elif kind == "gain":
            if all(res == VISITORS for res, _ in value) and s.get(seat, VISITORS) >= reading.room(s, seat):
                return False
        elif kind == "lose":
            if any(res == SCANDALS for res, _ in value) and not s.get(seat, SCANDALS):
                return False
        elif kind == "create":
            if not allowed.can_create(s, seat, value):
                return False
        elif kind == "draw_keep":
            if not (s.dna_deck or s.dna_discard):
                return False
        elif kind == "edna_keep":
            if not (s.edna_deck or any(s.t.edna[k] for k in s.dna_discard)):
                return False
        elif kind == "refine":
            if not reading.hand_size(s, seat):
                return False
        elif kind == "open_ocean":
            if reading.meeples_left(s, s.t.plesio) <= 0:
                return False
        elif kind == "large_facility":
            if not allowed.large_offers(s, seat, value, budget):
                return False
        elif kind == "job_network":
            if not allowed.claimable(s, seat, budget):
                return False
        elif kind == "news_swap":
            if s.upcoming < 0 or not s.news_deck:
                return False
        elif kind == "boneyard":
            if not s.dna_discard:
                return False
        elif kind == "market_buy":
            if not s.market or value[1] > budget:
                return False
        elif kind == "market_sell":
            if not reading.hand_size(s, seat):
                return False
        elif kind == "facility":
            if not allowed.offers(s, seat, value, budget):
                return False
        elif kind == "repair":
            if not allowed.repairs(s, seat, value, budget):
                return False
        elif kind == "play":
            m, cards = len(s.c.manipulation), s.c.manipulation
            if not any(s.manip[seat * m + k] and old_can(s, seat, cards[k].steps, budget) for k in range(m)):
                return False
        elif kind == "outsource":
            if depth or not any(
                not sp.news
                and sp.index != s.outsource
                and allowed.space_open(s, sp.index)
                and old_can(s, seat, sp.steps, budget, 1)
                for sp in s.c.spaces
            ):
                return False
        elif kind == "choose":
            if not any(old_can(s, seat, option, budget, depth) for option in value):
                return False
        elif kind in ("opponent", "each_opponent") and not allowed.opponents(s, seat):
            return False
    return True


# ------------------------------------------------------------------------------------------------ tests
def effects():
    """Every effect in the content: (where, steps)."""
    for sp in C.spaces:
        yield f"space {sp.key}", sp.steps
    for card in C.manipulation:
        yield f"card {card.key}", card.steps
    for n in C.news:
        for name, steps in (("each_player", n.each_player), *zip(("west", "east"), n.synth[1:], strict=False)):
            yield f"news {n.name} {name}", steps


def test_each_kind_is_registered_once_and_choose_is_the_only_node():
    assert set(EFFECTS.kinds) == KINDS
    assert set(EFFECTS.nodes) == {"choose"}
    with pytest.raises(ContentError, match="this game has no 'optional' steps"):
        EFFECTS.parse(READER, [{"optional": [{"build": True}]}], "spaces.x.steps")


def test_every_effect_reads_in_the_printed_words():
    """Each effect reads in words a player knows, every amount with its noun in the right number ('gain 1
    Scandal', 'pay 1 credit', 'gain 2 Manipulation cards'), and no content key in it."""
    seen = set()
    one = re.compile(r"\b1 (credits|goats|fences|Scandals|visitors|\w+ cards|Refined DNA tokens)\b")
    for where, steps in effects():
        text = rules.steps_text(steps)
        assert "_" not in text and not one.search(text), (where, text)
        seen |= {kind for kind, _ in steps} | {k for kind, v in steps if kind == "choose" for o in v for k, _ in o}
    boneyard = next(sp for sp in C.spaces if sp.key == "boneyard")
    assert rules.steps_text(boneyard.steps) == "take up to 3 DNA from the discard pile, gain 1 Scandal"
    # Kinds no effect in the content uses (a news card's refresh_market is its own flag) read so too.
    extra = read_steps(READER, [{"each_opponent": {"lose": {"credits": 1}}}, {"refresh_market": True}], "x.steps")
    assert rules.steps_text(extra) == "every opponent loses 1 credit, deal a new DNA Market"
    assert KINDS - {"edna", "refined"} | {"choose"} == seen | {"each_opponent", "refresh_market"}


def test_the_short_forms_are_read_as_gains_and_a_rampage_keeps_its_species():
    steps = read_steps(
        READER,
        [{"edna": 2}, {"choose": [[{"refined": 1}], [{"rampage": "t_rex"}]]}],
        "spaces.x.steps",
    )
    rex = C.species_index("t_rex")
    name = C.species[rex].name
    assert steps == (
        ("gain", ((RESOURCES.index("edna"), 2),)),
        ("choose", ((("gain", ((RESOURCES.index("refined"), 1),)),), (("rampage", Rampage(rex, name)),))),
    )
    assert rules.steps_text(steps) == f"gain 2 eDNA cards, (gain 1 Refined DNA token) or (one {name} rampages)"


BAD = [
    ("gain", {"gold": 1}, ".gain: 'gold' is not one of"),
    ("gain", {"credits": 0}, ".gain.credits: expected a positive whole number"),
    ("lose", [1], ".lose: expected a table of resources"),
    ("pay", {"goats": 1}, ".pay: only credits are paid"),
    ("edna", 0, ".edna: expected a positive whole number"),
    ("refined", True, ".refined: expected a positive whole number"),
    ("build", 1, ".build: expected true"),
    ("play", False, ".play: expected true"),
    ("outsource", "yes", ".outsource: expected true"),
    ("city_center", 1, ".city_center: expected true"),
    ("refresh_market", 1, ".refresh_market: expected true"),
    ("refine", 1, ".refine: expected true"),
    ("open_ocean", 1, ".open_ocean: expected true"),
    ("job_network", 1, ".job_network: expected true"),
    ("news_swap", 1, ".news_swap: expected true"),
    ("boneyard", -1, ".boneyard: expected a whole number"),
    ("create", 2, ".create: a set is full (0) or one card short (1)"),
    ("facility", "1", ".facility: expected a whole number"),
    ("large_facility", -2, ".large_facility: expected a whole number"),
    ("repair", True, ".repair: expected a whole number"),
    ("draw_keep", [3], ".draw_keep: expected [cards, number]"),
    ("edna_keep", 3, ".edna_keep: expected [cards, number]"),
    ("market_buy", [1, -1], ".market_buy: expected [cards, number]"),
    ("market_sell", {}, ".market_sell: expected [cards, number]"),
    ("opponent", {"give": {}}, ".opponent: expected a table of gain, lose and steal"),
    ("opponent", {"steal": {"vp": 1}}, ".opponent.steal: only credits, goats, fences, dna, manipulation"),
    ("each_opponent", {"steal": {"dna": 1}}, ".each_opponent: steal takes from one chosen opponent"),
    ("per", {"count": "eggs"}, ".per.count: expected one of"),
    ("per", {"count": "dinosaurs", "max": 0}, ".per.max: expected a positive whole number"),
    ("rampage", "dodo", ".rampage: 'dodo' is not a species"),
    ("steal", 1, ": unknown step 'steal' (expected one of"),
    ("choose", [[{"build": True}]], ": choose takes 2 to 4 options"),
]


def test_every_kind_is_checked():
    assert {kind for kind, _, _ in BAD} >= KINDS


@pytest.mark.parametrize(("kind", "value", "message"), BAD)
def test_a_bad_step_is_refused_naming_the_file_and_the_entry(kind, value, message):
    with pytest.raises(ContentError) as caught:
        read_steps(READER, [{"build": True}, {kind: value}], "manipulation.x.steps")
    assert f"manipulation.toml: manipulation.x.steps[1]{message}" in str(caught.value)


def test_a_bad_step_inside_a_choice_names_its_option():
    with pytest.raises(ContentError, match=r"spaces\.x\.steps\[0\]\.choose\[1\]\[0\]\.pay: only credits"):
        read_steps(READER, [{"choose": [[{"build": True}], [{"pay": {"vp": 1}}]]}], "spaces.x.steps")


@pytest.mark.parametrize(("num_players", "options"), [(3, {"expansion": False}), (4, {}), (2, {"coop": True})])
def test_can_agrees_with_the_old_chain_over_random_play(num_players, options):
    s = GAME.new_game(num_players, 5 + num_players, options)
    rng = seed_state(num_players * 7)
    sequences = [sp.steps for sp in C.spaces] + [card.steps for card in C.manipulation]
    sequences += [option for steps in sequences for kind, value in steps if kind == "choose" for option in value]
    answers = {True: 0, False: 0}
    turn = 0
    while not s.over:  # a whole game, checked every fifth decision
        turn += 1
        for seat in range(s.num_players) if turn % 5 == 0 else ():
            credits = s.get(seat, CREDITS)
            for steps in sequences:
                for budget in (0, credits, credits + 5):
                    answer = rules.can(s, seat, steps, budget)
                    assert answer == old_can(s, seat, steps, budget), (steps, budget)
                    answers[answer] += 1
        legal = s.legal_actions()
        rng, j = next_below(rng, len(legal))
        s.apply(legal[j])
    assert min(answers.values()) >= 1000, answers
