"""DinoGenics' observation layout: the slices `encoding.Encoder` fills, laid out once per player count and
option set (see `encoding` for what is in them and what is left out). A module's slices exist only when it is
played, and one-hots run over the species, facilities, cards, spaces and Breaking News in play.
"""

from __future__ import annotations

import numpy as np

from dinotable.games.dinogenics import render, rules
from dinotable.games.dinogenics.components import END_COUNTS
from dinotable.games.dinogenics.rules.codes import SYNTH, WIDTH

# A park's counters in `s.res` (rules/codes.py: the content's resources, then workers): the slice, its index and
# what it holds (the count that reads as 1: values above read as 1).
# fmt: off
_COUNTERS = (
    ("credits", 0, 50, "credits / 50 (at most 1)"), ("goats", 1, 20, "goats / 20 (at most 1)"),
    ("fences", 2, 30, "fences to build / 30 (at most 1)"), ("vp", 3, 200, "VP on the track / 200 (at most 1)"),
    ("scandals", 4, 10, "Scandals / 10 (at most 1)"), ("visitors", 5, 30, "visitors in the park / 30 (at most 1)"),
    ("refined", 6, 10, "Refined DNA tokens / 10 (at most 1)"), ("workers", 7, 5, "workers not yet placed / 5"),
)
# fmt: on
PER_CELL = 4  # dinosaurs on one park space that read as 1
# The decisions of Controlled Chaos and of the co-op (the others are the base game's).
_EXPANSION_PHASES = (rules.LARGE, rules.LARGE_SPOT, rules.OCEAN, rules.JOB, rules.DESTROY, rules.GRAFT, rules.MANIP_PAY)
_COOP_PHASES = (rules.TEAM_ORDER, rules.SHARE, rules.FAC_PARK, rules.GIFT)


def _walk(value, found: dict) -> None:
    """Every `choose` option and `opponent` effect nested in a content value (steps, cards, news)."""
    if isinstance(value, tuple):
        if len(value) == 2 and value[0] == "choose":
            for option in value[1]:
                found["choose"].setdefault(option, len(found["choose"]))
        if len(value) == 2 and value[0] == "opponent":
            found["opponent"].setdefault(value[1], len(found["opponent"]))
        for item in value:
            _walk(item, found)


def _content_steps(c) -> dict:
    found: dict = {"choose": {}, "opponent": {}}
    for sp in c.spaces:
        _walk(sp.steps, found)
    for m in c.manipulation:
        _walk(m.steps, found)
    for n in c.news:
        _walk((n.each_player, n.bonus, n.synth), found)
    for sp in c.specialists:
        _walk(sp.perks.space_bonus, found)
    return found


def _positions(keys) -> dict:
    return {k: i for i, k in enumerate(keys)}


def lay_out(e, s) -> None:
    """Adds the slices to encoder `e`'s layout for the game of `s`, keeping on `e` what its fill writes by."""
    c, geo = s.c, s.geo
    e.c = c
    add = e.layout.add
    n = s.num_players
    exp, coop, sc = s.expansion, s.coop, s.scenario
    e.exp, e.coop, e.scenario = exp, coop, sc
    e.parks = s.parks
    cells = geo.num_cells
    e.cells = cells
    e.edges = len(geo.edges)
    e.commercial = c.numbers["commercial_spaces"]

    def used(item) -> bool:
        return exp or not item.expansion

    # What is in play: species, DNA card kinds, facilities, cards, specialists, spaces, news, decisions.
    species = [sp.index for sp in c.species if used(sp) and (s.elites or not sp.elites)]
    e.species = species
    e.sp_pos = _positions(species)
    std = [*c.dna_deck, 0]  # no standard card is Polymorphic DNA
    kinds = [k for k in species if std[k] or (exp and c.edna_deck[k])]
    if exp:
        kinds.append(len(c.species))  # Polymorphic DNA
    e.kinds = kinds
    e.kind_pos = _positions(kinds)
    e.all_kinds = c.kinds
    e.kind_cards = np.array([std[k] + (c.edna_deck[k] if exp else 0) for k in kinds], np.float32)
    facilities = [f for f in c.facilities if used(f)]
    e.park_facs = _positions(f.index for f in facilities if f.park)
    e.comm_facs = _positions(f.index for f in facilities if not f.park)
    e.fac_pos = _positions(f.index for f in facilities)
    bag_kinds = [f.index for f in facilities if not f.stack and not f.large]
    e.bag_pos = _positions(bag_kinds)
    e.bag_size = sum(c.facilities[f].count for f in bag_kinds)
    large = [f.index for f in facilities if f.large and not f.hq_stack]
    e.large_pos = _positions(large)
    manip = [m.index for m in c.manipulation if used(m) and (n > 1 or not m.opponents)]
    e.manip = manip
    e.manip_cards = np.array([c.manipulation[m].count for m in manip], np.float32)
    e.manip_total = float(sum(c.manipulation[m].count for m in manip))
    specialists = [sp.index for sp in c.specialists] if exp else []
    e.specialists = specialists
    deck = list(s.news_deck) + [s.upcoming] + ([s.active] if s.active >= 0 else [])
    news = sorted(set(deck))
    e.news_pos = _positions(news)
    e.news_total = float(len(deck))
    spaces = [
        sp.index for sp in c.spaces if used(sp) and (not sp.news or any(c.news[k].space == sp.index for k in news))
    ]
    e.spaces = spaces
    phases = [p for p in range(len(s.decisions)) if p not in _EXPANSION_PHASES + _COOP_PHASES]
    phases += list(_EXPANSION_PHASES) if exp else []
    phases += list(_COOP_PHASES) if coop else []
    e.phase_pos = _positions(phases)
    found = _content_steps(c)
    e.choose_pos, e.opponent_pos = found["choose"], found["opponent"]
    S, K, F = len(species), len(kinds), len(facilities)
    e.std_total = float(sum(std[k] for k in kinds))
    e.edna_total = float(sum(c.edna_deck[k] for k in kinds)) if exp else 0.0

    # fmt: off
    # ---- the Season and the open decision
    e.s_season = add("season", c.numbers["seasons"], "the Season, one-hot (Season 1 first)")
    e.s_stage = add("stage", len(rules.STAGES), "the step of the Season under way, one-hot, in the Season's "
                       "order: " + "; ".join(render.stage_label(s, name) for name, _ in rules.STAGES))
    e.s_decision = add("decision", len(phases), "the open decision, one-hot: "
                          + ", ".join(s.decisions[p].name for p in phases))
    e.s_turn = add("turn", n, "whose decision it is, one-hot: you first, then the next seats")
    e.s_over = add("over", 1, "1 once End Game Scoring is done")
    # ---- Breaking News
    e.s_active = add("news.active", len(news), "the active Breaking News card, one-hot over the deck's")
    e.s_upcoming = add("news.upcoming", len(news), "the upcoming Breaking News card, one-hot")
    # ---- the Mainland: each space open, each worker space's mark
    e.occupants = 3 + e.parks
    e.s_open = add("mainland.open", len(spaces), "1 if the Mainland space is open this Season")
    e.s_slots = add("mainland.workers", sum(c.spaces[i].slots for i in spaces) * e.occupants,
                       "each worker space of the spaces in play, one-hot: free, a blocking token, a Crash Token, "
                       "then the worker of a park (yours first, then the next seats"
                       + (", then Synth" if coop else "") + ")")
    # ---- the DNA Market, the Boneyard and the decks
    e.s_market = add("market.cards", K, "DNA cards of each kind in the DNA Market / 4 (at most 1)")
    e.s_market_next = add("market.next", K, "the DNA Market's card there longest (the next to go), one-hot")
    e.s_boneyard = add("boneyard", K, "DNA cards of each kind in the Boneyard / the kind's cards")
    e.s_manip_discard = add("manipulation.discard", len(manip),
                               "Manipulation cards of each kind in the discard pile / its copies")
    e.s_news_left = add("news.deck", 1, "Breaking News cards left in the deck / the deck's size")
    e.s_dna_deck = add("dna_deck", 1, "DNA cards in the deck / the deck's cards")
    e.s_edna_deck = add("edna_deck", 1, "eDNA cards in the deck / the deck's cards") if exp else None
    e.s_manip_deck = add("manipulation.deck", 1, "Manipulation cards in the deck / the cards in play")
    # ---- the City Center and the IntelliGen Designs board
    start = e.layout.size
    stacks = rules.DRAWN_STACKS * len(bag_kinds)
    e.s_hotels = add("city.basic_hotels", 1, "Basic Hotels left on the first stack / the tiles")
    e.s_stacks = add("city.stacks", stacks, "each drawn stack (2nd to 4th): its tiles of each facility / 3 "
                        "(at most 1)")
    e.s_tops = add("city.tops", stacks, "each drawn stack's top tile, one-hot")
    e.s_bag = add("city.bag", 1, "facility tiles left in the bag / the tiles")
    e.s_pool = add("bonus_pool", 1, "bonus visitors left in the pool / 5 (at most 1)")
    if exp:
        e.s_habitats = add("hq.aquatic_habitats", 1, "Aquatic Habitats left on HQ / 8")
        e.s_large = add("hq.large_offer", c.numbers["large_offer"] * len(large),
                           "each revealed Large Facility, one-hot (all 0: none there)")
        e.s_large_pile = add("hq.large_pile", 1, "Large Facilities not yet revealed / the tiles")
        e.s_jobs = add("job_market", len(specialists), "1 for each specialist on the Job Market")
        e.s_contractors = add("contractors", len(specialists), "1 for each Independent Contractor")
        e.s_spec_deck = add("specialist_deck", 1, "specialists not yet dealt / all of them")
        e.large_total = float(sum(c.facilities[f].count for f in large)) or 1.0
    e.city_block = (start, e.layout.size)
    # ---- meeples and the objective
    e.s_meeples = add("meeples", S, "each species' dinosaur meeples left in the supply / its meeples")
    e.meeples = np.array([max(1, c.species[k].meeples) for k in species], np.float32)
    e.meeple_counts = np.array([c.species[k].meeples for k in species], np.float32)
    if sc:
        e.s_target = add("objective.score", 1, "the scenario's score / its target (-1 to 2)", -1.0, 2.0)
        conditions = [k for k in ("positive_reputation", "no_scandals", "paired_species", "rooms",
                                  "commercial_full") if k in sc.objective]
        e.s_conditions = add("objective.conditions", len(conditions), "1 for each of the scenario's other "
                                "conditions met: " + ", ".join(k.replace("_", " ") for k in conditions))
    elif n == 1:
        e.s_target = add("objective.score", 1, "your score / the solo target (-1 to 2)", -1.0, 2.0)
    # fmt: on
    # ---- the open decision's context
    # fmt: off
    ctx = [
        ("s_choose", "context.choose", 4 * len(e.choose_pos), "choose an option: each option offered (up to 4), "
         f"one-hot over the {len(e.choose_pos)} that the spaces, cards and Breaking News offer"),
        ("s_short", "context.create_short", 1, "create a dinosaur: DNA cards the set may lack / 3"),
        ("s_purpose", "context.pick.purpose", len(rules.PICK_PURPOSES), "pick DNA cards: what for, one-hot: a "
         "Mutant's set, cards drawn to keep, the Boneyard, buying, selling, discarding, a set, Refinement"),
        ("s_left", "context.pick.left", 1, "pick DNA cards: picks left / 5 (at most 1)"),
        ("s_drawn", "context.pick.drawn", K, "cards drawn to keep, of each kind / 4 (yours alone: another "
         "seat's drawn cards are their count only)"),
        ("s_drawn_count", "context.pick.drawn_count", 1, "cards drawn to keep / 5 (at most 1)"),
        ("s_price", "context.pick.price", 1, "credits per card bought or sold / 5 (at most 1)"),
        ("s_set", "context.pick.species", S, "the species the set is for, one-hot; for a Mutant's set: 1 for "
         "each species already shown"),
        ("s_picked", "context.pick.picked", 1, "1 once a card is picked; for a set, its cards / 10"),
        ("s_habitat", "context.dinosaur", S, "the dinosaur to place, to feed (a Mutant), rampaging or "
         "destroying: its species, one-hot"),
        ("s_cell", "context.cell", cells, "the rampaging or destroying dinosaur's park space, one-hot"),
        ("s_new", "context.new", 1, "1 if the dinosaur to place is a mutant just bred"),
        ("s_discount", "context.discount", 1, "credits off the price / 5 (at most 1)"),
        ("s_facility", "context.facility", F, "the facility bought, to place: one-hot"),
        ("s_park", "context.park", e.parks, "the park it goes in, one-hot: yours, the next seats'"),
        ("s_opponent", "context.opponent", len(e.opponent_pos), "choose an opponent: what the card does to "
         f"them, one-hot over the {len(e.opponent_pos)} effects the cards have"),
        ("s_city", "context.city_used", 3, "the City Center choices taken: fences, a structure, DNA"),
        ("s_count", "context.left", 1, "mutants that may still breed, cards still to discard or shared "
         "visitors to place / 5 (at most 1)"),
    ]
    # fmt: on
    if exp:
        ctx += [
            ("s_cost", "context.ocean_cost", 1, "pay for the Plesiosaurus: the credits asked / 10 (at most 1)"),
            ("s_why", "context.destroy", 2, "destroy a dinosaur: why, one-hot: the Spinosaurus placed, Terror"),
            ("s_graft", "context.graft_edna", 1, "graft more DNA: 1 if from the eDNA deck"),
        ]
    if coop:
        ctx += [("s_given", "context.gifted", 1, "gift cards at the docks: cards gifted / 5 (at most 1)")]
    for attr, name, size, doc in ctx:
        setattr(e, attr, add(name, size, doc))
    # ---- your hands
    e.s_hand = add("hand.dna", K, "your DNA cards of each kind / the kind's cards")
    e.s_hand_manip = add("hand.manipulation", len(manip), "your Manipulation cards of each kind / its copies")
    # ---- each park: first what moves every decision (counters, hands, order, score), park by park; then
    # the parks' kept blocks, one after the other, so that all of them are written at once.
    e.counter_dst: list[list[int]] = []
    e.order_dst, e.score_dst, names = [], [], []
    # fmt: off
    for pos in range(e.parks):
        prefix = "synth" if coop and pos == n else f"seats.{pos}"
        who = ("Synth's park" if prefix == "synth"
               else "your park" if pos == 0 else f"the park of the seat {pos} after you")
        names.append((prefix, who))
        dst = [add(f"{prefix}.{name}", 1, f"{who}: {doc}").start
               for name, _, _, doc in _COUNTERS if exp or name != "refined"]
        dst.append(add(f"{prefix}.dna_cards", 1, f"{who}: DNA and eDNA cards in hand / 20 (at most 1)").start)
        dst.append(add(f"{prefix}.manipulation_cards", 1, f"{who}: Manipulation cards in hand / 10 (at most 1)"
                       ).start)
        e.counter_dst.append(dst)
        e.order_dst.append(add(f"{prefix}.order", e.parks, f"{who}: its place in player order, one-hot"
                                  ).start)
        e.score_dst.append(add(f"{prefix}.score", 1, f"{who}: the score End Game Scoring would count now / "
                                  "200 (-1 to 1)", -1.0, 1.0).start)
    # fmt: on
    e.parks_start = e.layout.size
    kept = [("spec", "specialists", len(specialists), "1 for each specialist held")] if exp else []
    # fmt: off
    kept += [
        ("rep", "reputation", 1, "reputation / 30 (-1 to 1)"),
        ("dv", "dinosaur_value", 1, "Dinosaur Value / 30"),
        ("rooms", "rooms", 1, "rooms for visitors / 30 (at most 1)"),
        ("limit", "hand_limit", 1, "DNA hand limit / 30 (at most 1)"),
        ("dinos", "dinosaurs", cells * S, f"per park space (A1 first), dinosaurs of each species there / "
         f"{PER_CELL} (at most 1)"),
        ("improper", "improper", cells, f"per park space, dinosaurs in an improper habitat / {PER_CELL}"),
        ("hungry", "hungry", cells, f"per park space, hungry dinosaurs / {PER_CELL}"),
        ("pfac", "park_facilities", cells * len(e.park_facs), "per park space, the facility on it, one-hot"),
        ("cfac", "commercial", e.commercial * len(e.comm_facs), "per commercial space, the facility on "
         "it, one-hot"),
        ("damaged", "damaged", cells + e.commercial, "1 for each park then commercial space under a damaged "
         "facility"),
        ("fences", "fence_edges", e.edges, "1 for each fence built (standing or broken), by edge"),
        ("broken", "broken_edges", e.edges, "1 for each broken fence, by edge"),
    ]
    # fmt: on
    for prefix, who in names:
        first = e.layout.size
        for attr, name, size, doc in kept:
            at = add(f"{prefix}.{name}", size, f"{who}: {doc}", -1.0 if attr == "rep" else 0.0).start
            setattr(e, f"o_{attr}", at - first)  # where in a park's block
    e.parks_stop = e.layout.size
    e.block_size = (e.parks_stop - e.parks_start) // e.parks

    # Per observer: the parks in its order; where each counter and hand size goes (read from `s.res`, then
    # the parks' DNA hand sizes, then their Manipulation hand sizes); how each worker mark reads.
    counters = [(i, top) for name, i, top, _ in _COUNTERS if exp or name != "refined"]
    P = e.parks
    # Gathered in two steps: the counters from s.res; then the hand sizes, the observer's hands and the decks
    # from [each park's DNA hand size, each park's Manipulation hand size, the observer's DNA hand by kind, its
    # Manipulation hand, the decks' sizes] (kept while no hand or deck changes).
    decks = [(e.s_news_left.start, e.news_total), (e.s_dna_deck.start, e.std_total)]
    decks += [(e.s_edna_deck.start, e.edna_total)] if exp else []
    decks += [(e.s_manip_deck.start, e.manip_total)]
    own = 2 * P
    fixed_src = [own + k for k in kinds] + [own + c.kinds + i for i in manip]
    fixed_src += [own + c.kinds + len(c.manipulation) + i for i in ((0, 1, 2, 3) if exp else (0, 1, 3))]
    fixed_dst = [*range(e.s_hand.start, e.s_hand_manip.stop), *(at for at, _ in decks)]
    fixed_scale = [*(1 / e.kind_cards), *(1 / e.manip_cards), *(1 / total for _, total in decks)]
    e.res_scale = np.array([1.0 / top for _, top in counters] * P, np.float32)
    e.hands_scale = np.array([1 / 20] * P + [1 / 10] * P + fixed_scale, np.float32)
    width = len(counters)
    e.res_to = np.array([d for pos in range(P) for d in e.counter_dst[pos][:width]])
    e.hands_to = np.array(
        [e.counter_dst[pos][width] for pos in range(P)]
        + [e.counter_dst[pos][width + 1] for pos in range(P)]
        + fixed_dst
    )
    e.order_of, e.park_runs, e.res_src, e.hands_src, e.marks = [], [], [], [], []
    B = e.block_size
    for seat in range(n):
        parks = e.seats_from(seat) + ([SYNTH] if coop else [])
        e.order_of.append(parks)
        runs: list[list[int]] = []  # [first entry in the table, in the vector, entries]
        for pos, p in enumerate(parks):
            if runs and runs[-1][0] + runs[-1][2] == p * B:
                runs[-1][2] += B
            else:
                runs.append([p * B, e.parks_start + pos * B, B])
        e.park_runs.append(runs)
        e.res_src.append(np.array([p * WIDTH + i for p in parks for i, _ in counters]))
        e.hands_src.append(np.array([*parks, *(P + p for p in parks), *fixed_src]))
        # A mark is s.occ + 3: a Crash Token (-3), a blocking token (-2), free (-1), then a park's worker.
        e.marks.append(np.array([2, 1, 0, *(3 + parks.index(p) for p in range(P))]))
    e.all_manip = len(c.manipulation)
    e._dna: tuple = (None, [], 0)  # the DNA hands last read, each park's hand size, and a change count
    e._manip: tuple = (None, [], 0)
    e._hands: dict = {}
    e.i_season, e.seasons = e.s_season.start, c.numbers["seasons"]
    e.i_stage, e.i_decision, e.i_turn = e.s_stage.start, e.s_decision.start, e.s_turn.start
    e.i_over, e.i_active, e.i_upcoming = e.s_over.start, e.s_active.start, e.s_upcoming.start
    e.per_credit, e.per_dna = c.numbers["end_credits_per_vp"], c.numbers["end_dna_per_vp"]
    # The Season changes a park's readings only through the Dreadnoughtus (Awe-Inspiring: its reputation is
    # the Season's number), a Dinosaur Elites species.
    e.by_season = s.t.dread in e.sp_pos
    # The specialists (a bit each) and facilities whose End Game bonus counts visitors or DNA cards.
    counting = ("visitors", "dna_cards")
    e.counting_specialists = sum(
        1 << sp.index for sp in c.specialists if sp.perks.end_per and END_COUNTS[sp.perks.end_per[0]] in counting
    )
    e.counting_facilities = frozenset(
        f.index for f in c.facilities if f.end_per and END_COUNTS[f.end_per[0]] in counting
    )
    e.reputation_specialists = sum(
        1 << sp.index for sp in c.specialists if sp.perks.end_per and END_COUNTS[sp.perks.end_per[0]] == "reputation"
    )
    e.reputation_facilities = frozenset(
        f.index for f in c.facilities if f.end_per and END_COUNTS[f.end_per[0]] == "reputation"
    )
    e.has_objective = bool(sc) or (n == 1 and not coop)
    e.target = sc.objective.get("vp", sc.objective.get("credits", 0)) if sc else c.numbers["solo_target"]
    e.credits_end = rules.special(s, "credits_end")  # CC3 scores credits
    e.per_scandal = 0 if e.credits_end else c.numbers["end_vp_per_scandal"]
    e.no_negative = rules.special(s, "no_negative_vp")  # CC1: the score is never below 0
    # What is kept: the parks' blocks (whole, per park, per park as read), the rest of a park's score for a
    # bonus that counts visitors or DNA cards, the spaces shown and the Mainland's and player order's marks, the
    # City Center, the meeples, a scenario's conditions; and the last DNA Market, Boneyard and discard pile read.
    e._parks, e._park, e._park_raw, e._rests, e._mainland, e._workers = {}, {}, {}, {}, {}, {}
    e._city, e._meeples, e._objective = {}, {}, {}
    e._market: tuple = (None, None)
    e._last: tuple = (None,) * 9  # the parks last read, and what they gave
    e._boneyard: tuple = (None, None)
    e._discard: tuple = (None, None)
    e._version = 0


# ------------------------------------------------------------------------------------------ fill
