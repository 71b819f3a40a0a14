"""DinoGenics' observation: the table as one seat sees it (the view's parts), as named float32 slices.

Laid out once per player count and option set: a slice for a Controlled Chaos component (eDNA, Refined DNA,
specialists, the HQ, the expansion's decisions), for a solo scenario's objective or for the co-op's Synth park
exists only when that module is played, and one-hots run over the species, facilities, cards, spaces and
Breaking News in play. Parks are listed from the observer: its own first (`seats.0`), then the next seats
(`seats.1`...), then Synth's (`synth`) in the co-op.

What the view does not show is left out, though the table may know it: how many of another seat's DNA cards
are eDNA (their backs differ; the view counts DNA cards as one number), whether a Private Airport was used this
Season, a dinosaur's flags besides hungry (rampaged, new, spared), the co-op's turn bookkeeping, and the log of
what happened (rolls, cards played: a played card shows in the discard pile).

Speed: a park changes seldom, so each park's block (its dinosaurs, facilities, fences, specialists and the
readings made from them) is computed once per park and kept; so are the Mainland's marks, the DNA Market and
Boneyard, the City Center and HQ, and the scores. A fill is then a handful of dictionary look-ups and slice
writes, and the counters that move every decision are written in one vectorised step.
"""

from __future__ import annotations

import numpy as np

from dinotable.games.dinogenics import render, rules, scoring
from dinotable.games.dinogenics.components import END_COUNTS
from dinotable.games.dinogenics.rules.codes import DAMAGED, FAC_KIND, HUNGRY, SPECIALISTS, SPECIES, SYNTH, WIDTH
from dinotable.rl import encoding

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
_CACHE_MAX = 4096  # entries per kept table before it is emptied (a game makes a few hundred)
_TABLES_MAX = 256  # whole tables of park blocks kept (each a few park blocks: 3 to 17 KB)
_PER_CELL = 4  # dinosaurs on one park space that read as 1
# What of a dinosaur's code a park's block reads: its species, its space and whether it is hungry (a park's
# block is kept across its other flags, which the rules set and clear as the Upkeep goes).
_SEEN = (1 << rules.FLAGS) - 1 | HUNGRY << rules.FLAGS
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


def _set_bits(mask: int, at: int) -> list[int]:
    """at + the index of each bit set in the mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(at + low.bit_length() - 1)
        mask ^= low
    return out


def _positions(keys) -> dict:
    return {k: i for i, k in enumerate(keys)}


class Encoder(encoding.Encoder):
    """DinoGenics' encoder (see the module's docstring)."""

    def build(self, s) -> None:
        c, geo = s.c, s.geo
        self.c = c
        add = self.layout.add
        n = s.num_players
        exp, coop, sc = s.expansion, s.coop, s.scenario
        self.exp, self.coop, self.scenario = exp, coop, sc
        self.parks = s.parks
        cells = geo.num_cells
        self.cells = cells
        self.edges = len(geo.edges)
        self.commercial = c.numbers["commercial_spaces"]

        def used(item) -> bool:
            return exp or not item.expansion

        # What is in play: species, DNA card kinds, facilities, cards, specialists, spaces, news, decisions.
        species = [sp.index for sp in c.species if used(sp) and (s.elites or not sp.elites)]
        self.species = species
        self.sp_pos = _positions(species)
        std = [*c.dna_deck, 0]  # no standard card is Polymorphic DNA
        kinds = [k for k in species if std[k] or (exp and c.edna_deck[k])]
        if exp:
            kinds.append(len(c.species))  # Polymorphic DNA
        self.kinds = kinds
        self.kind_pos = _positions(kinds)
        self.all_kinds = c.kinds
        self.kind_cards = np.array([std[k] + (c.edna_deck[k] if exp else 0) for k in kinds], np.float32)
        facilities = [f for f in c.facilities if used(f)]
        self.park_facs = _positions(f.index for f in facilities if f.park)
        self.comm_facs = _positions(f.index for f in facilities if not f.park)
        self.fac_pos = _positions(f.index for f in facilities)
        bag_kinds = [f.index for f in facilities if not f.stack and not f.large]
        self.bag_pos = _positions(bag_kinds)
        self.bag_size = sum(c.facilities[f].count for f in bag_kinds)
        large = [f.index for f in facilities if f.large and not f.hq_stack]
        self.large_pos = _positions(large)
        manip = [m.index for m in c.manipulation if used(m) and (n > 1 or not m.opponents)]
        self.manip = manip
        self.manip_cards = np.array([c.manipulation[m].count for m in manip], np.float32)
        self.manip_total = float(sum(c.manipulation[m].count for m in manip))
        specialists = [sp.index for sp in c.specialists] if exp else []
        self.specialists = specialists
        deck = list(s.news_deck) + [s.upcoming] + ([s.active] if s.active >= 0 else [])
        news = sorted(set(deck))
        self.news_pos = _positions(news)
        self.news_total = float(len(deck))
        spaces = [
            sp.index for sp in c.spaces if used(sp) and (not sp.news or any(c.news[k].space == sp.index for k in news))
        ]
        self.spaces = spaces
        phases = [p for p in range(len(s.decisions)) if p not in _EXPANSION_PHASES + _COOP_PHASES]
        phases += list(_EXPANSION_PHASES) if exp else []
        phases += list(_COOP_PHASES) if coop else []
        self.phase_pos = _positions(phases)
        found = _content_steps(c)
        self.choose_pos, self.opponent_pos = found["choose"], found["opponent"]
        S, K, F = len(species), len(kinds), len(facilities)
        self.std_total = float(sum(std[k] for k in kinds))
        self.edna_total = float(sum(c.edna_deck[k] for k in kinds)) if exp else 0.0

        # fmt: off
        # ---- the Season and the open decision
        self.s_season = add("season", c.numbers["seasons"], "the Season, one-hot (Season 1 first)")
        self.s_stage = add("stage", len(rules.STAGES), "the step of the Season under way, one-hot, in the Season's "
                           "order: " + "; ".join(render.stage_label(s, name) for name, _ in rules.STAGES))
        self.s_decision = add("decision", len(phases), "the open decision, one-hot: "
                              + ", ".join(s.decisions[p].name for p in phases))
        self.s_turn = add("turn", n, "whose decision it is, one-hot: you first, then the next seats")
        self.s_over = add("over", 1, "1 once End Game Scoring is done")
        # ---- Breaking News
        self.s_active = add("news.active", len(news), "the active Breaking News card, one-hot over the deck's")
        self.s_upcoming = add("news.upcoming", len(news), "the upcoming Breaking News card, one-hot")
        # ---- the Mainland: each space open, each worker space's mark
        self.occupants = 3 + self.parks
        self.s_open = add("mainland.open", len(spaces), "1 if the Mainland space is open this Season")
        self.s_slots = add("mainland.workers", sum(c.spaces[i].slots for i in spaces) * self.occupants,
                           "each worker space of the spaces in play, one-hot: free, a blocking token, a Crash Token, "
                           "then the worker of a park (yours first, then the next seats"
                           + (", then Synth" if coop else "") + ")")
        # ---- the DNA Market, the Boneyard and the decks
        self.s_market = add("market.cards", K, "DNA cards of each kind in the DNA Market / 4 (at most 1)")
        self.s_market_next = add("market.next", K, "the DNA Market's card there longest (the next to go), one-hot")
        self.s_boneyard = add("boneyard", K, "DNA cards of each kind in the Boneyard / the kind's cards")
        self.s_manip_discard = add("manipulation.discard", len(manip),
                                   "Manipulation cards of each kind in the discard pile / its copies")
        self.s_news_left = add("news.deck", 1, "Breaking News cards left in the deck / the deck's size")
        self.s_dna_deck = add("dna_deck", 1, "DNA cards in the deck / the deck's cards")
        self.s_edna_deck = add("edna_deck", 1, "eDNA cards in the deck / the deck's cards") if exp else None
        self.s_manip_deck = add("manipulation.deck", 1, "Manipulation cards in the deck / the cards in play")
        # ---- the City Center and the IntelliGen Designs board
        start = self.layout.size
        stacks = rules.DRAWN_STACKS * len(bag_kinds)
        self.s_hotels = add("city.basic_hotels", 1, "Basic Hotels left on the first stack / the tiles")
        self.s_stacks = add("city.stacks", stacks, "each drawn stack (2nd to 4th): its tiles of each facility / 3 "
                            "(at most 1)")
        self.s_tops = add("city.tops", stacks, "each drawn stack's top tile, one-hot")
        self.s_bag = add("city.bag", 1, "facility tiles left in the bag / the tiles")
        self.s_pool = add("bonus_pool", 1, "bonus visitors left in the pool / 5 (at most 1)")
        if exp:
            self.s_habitats = add("hq.aquatic_habitats", 1, "Aquatic Habitats left on HQ / 8")
            self.s_large = add("hq.large_offer", c.numbers["large_offer"] * len(large),
                               "each revealed Large Facility, one-hot (all 0: none there)")
            self.s_large_pile = add("hq.large_pile", 1, "Large Facilities not yet revealed / the tiles")
            self.s_jobs = add("job_market", len(specialists), "1 for each specialist on the Job Market")
            self.s_contractors = add("contractors", len(specialists), "1 for each Independent Contractor")
            self.s_spec_deck = add("specialist_deck", 1, "specialists not yet dealt / all of them")
            self.large_total = float(sum(c.facilities[f].count for f in large)) or 1.0
        self.city_block = (start, self.layout.size)
        # ---- meeples and the objective
        self.s_meeples = add("meeples", S, "each species' dinosaur meeples left in the supply / its meeples")
        self.meeples = np.array([max(1, c.species[k].meeples) for k in species], np.float32)
        self.meeple_counts = np.array([c.species[k].meeples for k in species], np.float32)
        if sc:
            self.s_target = add("objective.score", 1, "the scenario's score / its target (-1 to 2)", -1.0, 2.0)
            conditions = [k for k in ("positive_reputation", "no_scandals", "paired_species", "rooms",
                                      "commercial_full") if k in sc.objective]
            self.s_conditions = add("objective.conditions", len(conditions), "1 for each of the scenario's other "
                                    "conditions met: " + ", ".join(k.replace("_", " ") for k in conditions))
        elif n == 1:
            self.s_target = add("objective.score", 1, "your score / the solo target (-1 to 2)", -1.0, 2.0)
        # fmt: on
        # ---- the open decision's context
        # fmt: off
        ctx = [
            ("s_choose", "context.choose", 4 * len(self.choose_pos), "choose an option: each option offered (up to 4), "
             f"one-hot over the {len(self.choose_pos)} that the spaces, cards and Breaking News offer"),
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
            ("s_park", "context.park", self.parks, "the park it goes in, one-hot: yours, the next seats'"),
            ("s_opponent", "context.opponent", len(self.opponent_pos), "choose an opponent: what the card does to "
             f"them, one-hot over the {len(self.opponent_pos)} effects the cards have"),
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
            setattr(self, attr, add(name, size, doc))
        # ---- your hands
        self.s_hand = add("hand.dna", K, "your DNA cards of each kind / the kind's cards")
        self.s_hand_manip = add("hand.manipulation", len(manip), "your Manipulation cards of each kind / its copies")
        # ---- each park: first what moves every decision (counters, hands, order, score), park by park; then
        # the parks' kept blocks, one after the other, so that all of them are written at once.
        self.counter_dst: list[list[int]] = []
        self.order_dst, self.score_dst, names = [], [], []
        # fmt: off
        for pos in range(self.parks):
            prefix = "synth" if coop and pos == n else f"seats.{pos}"
            who = ("Synth's park" if prefix == "synth"
                   else "your park" if pos == 0 else f"the park of the seat {pos} after you")
            names.append((prefix, who))
            dst = [add(f"{prefix}.{name}", 1, f"{who}: {doc}").start
                   for name, _, _, doc in _COUNTERS if exp or name != "refined"]
            dst.append(add(f"{prefix}.dna_cards", 1, f"{who}: DNA and eDNA cards in hand / 20 (at most 1)").start)
            dst.append(add(f"{prefix}.manipulation_cards", 1, f"{who}: Manipulation cards in hand / 10 (at most 1)"
                           ).start)
            self.counter_dst.append(dst)
            self.order_dst.append(add(f"{prefix}.order", self.parks, f"{who}: its place in player order, one-hot"
                                      ).start)
            self.score_dst.append(add(f"{prefix}.score", 1, f"{who}: the score End Game Scoring would count now / "
                                      "200 (-1 to 1)", -1.0, 1.0).start)
        # fmt: on
        self.parks_start = self.layout.size
        kept = [("spec", "specialists", len(specialists), "1 for each specialist held")] if exp else []
        # fmt: off
        kept += [
            ("rep", "reputation", 1, "reputation / 30 (-1 to 1)"),
            ("dv", "dinosaur_value", 1, "Dinosaur Value / 30"),
            ("rooms", "rooms", 1, "rooms for visitors / 30 (at most 1)"),
            ("limit", "hand_limit", 1, "DNA hand limit / 30 (at most 1)"),
            ("dinos", "dinosaurs", cells * S, f"per park space (A1 first), dinosaurs of each species there / "
             f"{_PER_CELL} (at most 1)"),
            ("improper", "improper", cells, f"per park space, dinosaurs in an improper habitat / {_PER_CELL}"),
            ("hungry", "hungry", cells, f"per park space, hungry dinosaurs / {_PER_CELL}"),
            ("pfac", "park_facilities", cells * len(self.park_facs), "per park space, the facility on it, one-hot"),
            ("cfac", "commercial", self.commercial * len(self.comm_facs), "per commercial space, the facility on "
             "it, one-hot"),
            ("damaged", "damaged", cells + self.commercial, "1 for each park then commercial space under a damaged "
             "facility"),
            ("fences", "fence_edges", self.edges, "1 for each fence built (standing or broken), by edge"),
            ("broken", "broken_edges", self.edges, "1 for each broken fence, by edge"),
        ]
        # fmt: on
        for prefix, who in names:
            first = self.layout.size
            for attr, name, size, doc in kept:
                at = add(f"{prefix}.{name}", size, f"{who}: {doc}", -1.0 if attr == "rep" else 0.0).start
                setattr(self, f"o_{attr}", at - first)  # where in a park's block
        self.parks_stop = self.layout.size
        self.block_size = (self.parks_stop - self.parks_start) // self.parks

        # Per observer: the parks in its order; where each counter and hand size goes (read from `s.res`, then
        # the parks' DNA hand sizes, then their Manipulation hand sizes); how each worker mark reads.
        counters = [(i, top) for name, i, top, _ in _COUNTERS if exp or name != "refined"]
        P = self.parks
        # Gathered in two steps: the counters from s.res; then the hand sizes, the observer's hands and the decks
        # from [each park's DNA hand size, each park's Manipulation hand size, the observer's DNA hand by kind, its
        # Manipulation hand, the decks' sizes] (kept while no hand or deck changes).
        decks = [(self.s_news_left.start, self.news_total), (self.s_dna_deck.start, self.std_total)]
        decks += [(self.s_edna_deck.start, self.edna_total)] if exp else []
        decks += [(self.s_manip_deck.start, self.manip_total)]
        own = 2 * P
        fixed_src = [own + k for k in kinds] + [own + c.kinds + i for i in manip]
        fixed_src += [own + c.kinds + len(c.manipulation) + i for i in ((0, 1, 2, 3) if exp else (0, 1, 3))]
        fixed_dst = [*range(self.s_hand.start, self.s_hand_manip.stop), *(at for at, _ in decks)]
        fixed_scale = [*(1 / self.kind_cards), *(1 / self.manip_cards), *(1 / total for _, total in decks)]
        self.res_scale = np.array([1.0 / top for _, top in counters] * P, np.float32)
        self.hands_scale = np.array([1 / 20] * P + [1 / 10] * P + fixed_scale, np.float32)
        width = len(counters)
        self.res_to = np.array([d for pos in range(P) for d in self.counter_dst[pos][:width]])
        self.hands_to = np.array(
            [self.counter_dst[pos][width] for pos in range(P)]
            + [self.counter_dst[pos][width + 1] for pos in range(P)]
            + fixed_dst
        )
        self.order_of, self.park_runs, self.res_src, self.hands_src, self.marks = [], [], [], [], []
        B = self.block_size
        for seat in range(n):
            parks = self.seats_from(seat) + ([SYNTH] if coop else [])
            self.order_of.append(parks)
            runs: list[list[int]] = []  # [first entry in the table, in the vector, entries]
            for pos, p in enumerate(parks):
                if runs and runs[-1][0] + runs[-1][2] == p * B:
                    runs[-1][2] += B
                else:
                    runs.append([p * B, self.parks_start + pos * B, B])
            self.park_runs.append(runs)
            self.res_src.append(np.array([p * WIDTH + i for p in parks for i, _ in counters]))
            self.hands_src.append(np.array([*parks, *(P + p for p in parks), *fixed_src]))
            # A mark is s.occ + 3: a Crash Token (-3), a blocking token (-2), free (-1), then a park's worker.
            self.marks.append(np.array([2, 1, 0, *(3 + parks.index(p) for p in range(P))]))
        self.all_manip = len(c.manipulation)
        self._dna: tuple = (None, [], 0)  # the DNA hands last read, each park's hand size, and a change count
        self._manip: tuple = (None, [], 0)
        self._hands: dict = {}
        self.i_season, self.seasons = self.s_season.start, c.numbers["seasons"]
        self.i_stage, self.i_decision, self.i_turn = self.s_stage.start, self.s_decision.start, self.s_turn.start
        self.i_over, self.i_active, self.i_upcoming = self.s_over.start, self.s_active.start, self.s_upcoming.start
        self.per_credit, self.per_dna = c.numbers["end_credits_per_vp"], c.numbers["end_dna_per_vp"]
        # The Season changes a park's readings only through the Dreadnoughtus (Awe-Inspiring: its reputation is
        # the Season's number), a Dinosaur Elites species.
        self.by_season = s.t.dread in self.sp_pos
        # The specialists (a bit each) and facilities whose End Game bonus counts visitors or DNA cards.
        counting = ("visitors", "dna_cards")
        self.counting_specialists = sum(
            1 << sp.index for sp in c.specialists if sp.perks.end_per and END_COUNTS[sp.perks.end_per[0]] in counting
        )
        self.counting_facilities = frozenset(
            f.index for f in c.facilities if f.end_per and END_COUNTS[f.end_per[0]] in counting
        )
        self.reputation_specialists = sum(
            1 << sp.index
            for sp in c.specialists
            if sp.perks.end_per and END_COUNTS[sp.perks.end_per[0]] == "reputation"
        )
        self.reputation_facilities = frozenset(
            f.index for f in c.facilities if f.end_per and END_COUNTS[f.end_per[0]] == "reputation"
        )
        self.has_objective = bool(sc) or (n == 1 and not coop)
        self.target = sc.objective.get("vp", sc.objective.get("credits", 0)) if sc else c.numbers["solo_target"]
        self.credits_end = rules.special(s, "credits_end")  # CC3 scores credits
        self.per_scandal = 0 if self.credits_end else c.numbers["end_vp_per_scandal"]
        self.no_negative = rules.special(s, "no_negative_vp")  # CC1: the score is never below 0
        # What is kept: the parks' blocks (whole, per park, per park as read), the rest of a park's score for a
        # bonus that counts visitors or DNA cards, the spaces shown and the Mainland's and player order's marks, the
        # City Center, the meeples, a scenario's conditions; and the last DNA Market, Boneyard and discard pile read.
        self._parks, self._park, self._park_raw, self._rests, self._mainland, self._workers = {}, {}, {}, {}, {}, {}
        self._city, self._meeples, self._objective = {}, {}, {}
        self._market: tuple = (None, None)
        self._last: tuple = (None,) * 9  # the parks last read, and what they gave
        self._boneyard: tuple = (None, None)
        self._discard: tuple = (None, None)
        self._version = 0

    # ------------------------------------------------------------------------------------------ fill
    def fill(self, s, seat: int, out: np.ndarray) -> None:
        n = self.num_players
        out[self.i_season + min(s.season, self.seasons) - 1] = 1.0
        if 0 <= s.stage < len(rules.STAGES):
            out[self.i_stage + s.stage] = 1.0
        out[self.i_decision + self.phase_pos[s.phase]] = 1.0
        if s.over:
            out[self.i_over] = 1.0
        else:
            out[self.i_turn + (s.cur - seat) % n] = 1.0
        if s.active >= 0:
            out[self.i_active + self.news_pos[s.active]] = 1.0
        if s.upcoming >= 0:
            out[self.i_upcoming + self.news_pos[s.upcoming]] = 1.0

        # The Mainland's open spaces and worker marks, and the parks' places in player order, at once.
        key = (tuple(s.occ), s.active, s.order, seat)
        ones = self._workers.get(key)
        if ones is None:
            ones = self._keep(self._workers, key, self._marks(s, seat))
        out[ones] = 1.0

        # The DNA Market, the Boneyard and the discard pile: each kept while it does not change.
        if s.market != self._market[0]:
            self._market = (list(s.market), self._market_block(s))
        out[self.s_market.start : self.s_market_next.stop] = self._market[1]
        if s.dna_discard != self._boneyard[0]:
            bone = np.bincount(np.array(s.dna_discard, np.intp), minlength=self.all_kinds)[self.kinds]
            self._boneyard = (list(s.dna_discard), bone / self.kind_cards)
        out[self.s_boneyard] = self._boneyard[1]
        if s.manip_discard != self._discard[0]:
            cards = np.bincount(np.array(s.manip_discard, np.intp), minlength=self.all_manip)[self.manip]
            self._discard = (list(s.manip_discard), cards / self.manip_cards)
        out[self.s_manip_discard] = self._discard[1]

        # fmt: off
        key = (tuple(s.stacks), s.hotels_left, len(s.bag), s.pool, tuple(s.large_offer), len(s.large_pile),
               s.habitats_left, tuple(s.job_market), tuple(s.contractors), len(s.spec_deck))
        # fmt: on
        block = self._city.get(key)
        if block is None:
            block = self._keep(self._city, key, self._city_block(s))
        out[self.city_block[0] : self.city_block[1]] = block

        # The parks: kept while no dinosaur, facility, fence, specialist, Scandal or Season changes (the last
        # parks read are compared first: most decisions change none).
        res = s.res
        scandals, held, season = res[4::WIDTH], res[8::WIDTH], s.season if self.by_season else 0
        last = self._last
        # fmt: off
        if not (s.dinos == last[0] and s.facs == last[1] and s.fence == last[2] and s.broken == last[3]
                and scandals == last[4] and held == last[5] and season == last[6]):
            dinos = tuple(s.dinos)
            meeples = self._meeples.get(dinos)
            if meeples is None:
                meeples = self._keep(self._meeples, dinos, self._meeples_block(s))
            key = (dinos, tuple(s.facs), tuple(s.fence), tuple(s.broken), tuple(scandals), tuple(held), season)
            kept = self._parks.get(key)
            if kept is None:
                self._version += 1  # never reused: what is kept under an old version is never asked again
                kept = self._keep(self._parks, key, (*self._parks_block(s), self._version), _TABLES_MAX)
            last = self._last = (list(s.dinos), list(s.facs), list(s.fence), list(s.broken), scandals, held, season,
                                 kept, meeples)
        # fmt: on
        kept = last[7]
        out[self.s_meeples] = last[8]
        table, rests, counting, version = kept
        # Each park's block, in the observer's order: the rows in runs of seats that follow each other.
        flat = table.reshape(-1)
        for src, dst, size in self.park_runs[seat]:
            out[dst : dst + size] = flat[src : src + size]

        # Counters; then hand sizes, your hands and the decks' sizes.
        counts = np.fromiter(res, np.float32, len(res))[self.res_src[seat]]
        out[self.res_to] = np.minimum(counts * self.res_scale, 1.0)
        k, m, P = self.all_kinds, self.all_manip, self.parks
        dna, manip = s.dna, s.manip
        if dna != self._dna[0]:  # each park's hand size, kept while no DNA hand changes
            self._dna = (list(dna), [sum(dna[i : i + k]) for i in range(0, P * k, k)], self._dna[2] + 1)
        if manip != self._manip[0]:
            self._manip = (list(manip), [sum(manip[i : i + m]) for i in range(0, P * m, m)], self._manip[2] + 1)
        hands = self._dna[1]
        decks = (len(s.news_deck), len(s.dna_deck), len(s.edna_deck), len(s.manip_deck))
        key = (seat, self._dna[2], self._manip[2], decks)
        values = self._hands.get(key)
        if values is None:
            values = [*hands, *self._manip[1], *dna[seat * k : seat * k + k], *manip[seat * m : seat * m + m], *decks]
            values = np.array(values, np.float32)[self.hands_src[seat]]
            values = self._keep(self._hands, key, np.minimum(values * self.hands_scale, 1.0))
        out[self.hands_to] = values
        # Scores: End Game Scoring less the VP track, credits and DNA hand is kept with the parks (`rests`); a
        # park with a bonus that counts visitors or DNA cards is scored on its own (`counting`).
        parks = self.order_of[seat]
        first = 0.0
        for pos, p in enumerate(parks):
            if p in counting:
                total = self._score(s, p, hands)
            elif self.credits_end:
                total = rests[p] + res[p * WIDTH]
            else:
                at = p * WIDTH
                total = rests[p] + res[at + 3] + res[at] // self.per_credit + hands[p] // self.per_dna
            if self.no_negative and total < 0:
                total = 0
            out[self.score_dst[pos]] = max(-1.0, min(total / 200, 1.0))
            if pos == 0:
                first = total
        if self.has_objective:  # one player: the score against the target, and a scenario's other conditions
            out[self.s_target.start] = max(-1.0, min(first / self.target, 2.0))
            if self.scenario:
                met = self._objective.get(version)
                if met is None:
                    met = self._keep(self._objective, version, self._conditions(s))
                out[self.s_conditions] = met
        if s.ctx and not s.over:  # a decision with no context (placing a worker...) has ()
            self._context(s, seat, out)

    @staticmethod
    def _keep(table: dict, key, value, most: int = _CACHE_MAX):
        if len(table) >= most:
            table.clear()
        table[key] = value
        return value

    # --------------------------------------------------------------------------------- kept blocks
    def _marks(self, s, seat: int) -> np.ndarray:
        """The entries that are 1 for the Mainland (each space open, each worker space's mark, seen from the
        observer) and for each park's place in player order."""
        shown = self._mainland.get(s.active)  # the spaces open and shown depend on the active card alone
        if shown is None:
            shown = self._keep(self._mainland, s.active, self._mainland_shown(s))
        opened, sel, at = shown
        orders = [self.order_dst[pos] + s.order.index(p) for pos, p in enumerate(self.order_of[seat])]
        return np.concatenate([opened, at + self.marks[seat][np.array(s.occ)[sel] + 3], orders])

    def _mainland_shown(self, s) -> tuple:
        """With this Breaking News card active: the spaces open, then for each worker space shown (a Breaking
        News space is on the table only while its card is) its index in `s.occ` and its entries' first."""
        opened, sel, at = [], [], []
        slot = self.s_slots.start
        for i, space in enumerate(self.spaces):
            sp = s.c.spaces[space]
            is_open = rules.space_open(s, space)
            if is_open:
                opened.append(self.s_open.start + i)
            for j in range(sp.slots):
                if is_open or not sp.news:
                    sel.append(s.slot0[space] + j)
                    at.append(slot)
                slot += self.occupants
        return np.array(opened, np.intp), np.array(sel, np.intp), np.array(at, np.intp)

    def _market_block(self, s) -> np.ndarray:
        """The DNA Market's cards of each kind, then the one there longest."""
        K = len(self.kinds)
        block = np.zeros(2 * K, np.float32)
        market = np.bincount(np.array(s.market, np.intp), minlength=self.all_kinds)[self.kinds]
        block[:K] = np.minimum(market / 4, 1.0)
        if s.market:
            block[K + self.kind_pos[s.market[0]]] = 1.0
        return block

    def _city_block(self, s) -> np.ndarray:
        a = self.city_block[0]
        block = np.zeros(self.city_block[1] - a, np.float32)
        c = s.c
        block[self.s_hotels.start - a] = s.hotels_left / c.facilities[s.t.hotel].count
        width = len(self.bag_pos)
        for i, stack in enumerate(s.stacks):
            for f in stack:
                x = self.s_stacks.start - a + i * width + self.bag_pos[f]
                block[x] = min(block[x] + 1 / 3, 1.0)
            if stack:
                block[self.s_tops.start - a + i * width + self.bag_pos[stack[-1]]] = 1.0
        block[self.s_bag.start - a] = len(s.bag) / self.bag_size
        block[self.s_pool.start - a] = min(s.pool / 5, 1.0)
        if self.exp:
            block[self.s_habitats.start - a] = s.habitats_left / 8
            width = len(self.large_pos)
            for i, f in enumerate(s.large_offer):
                if f >= 0:
                    block[self.s_large.start - a + i * width + self.large_pos[f]] = 1.0
            block[self.s_large_pile.start - a] = len(s.large_pile) / self.large_total
            for i in s.job_market:
                block[self.s_jobs.start - a + i] = 1.0
            for i in s.contractors:
                block[self.s_contractors.start - a + i] = 1.0
            block[self.s_spec_deck.start - a] = len(s.spec_deck) / len(self.specialists)
        return block

    def _meeples_block(self, s) -> np.ndarray:
        """Meeples left in the supply (rules.meeples_left: its count less those in every park), in one pass."""
        used = np.bincount(np.array([code & SPECIES for park in s.dinos for code in park], np.intp), minlength=32)
        return np.maximum((self.meeple_counts - used[self.species]) / self.meeples, 0.0, dtype=np.float32)

    def _park_block(self, s, p: int) -> np.ndarray:
        """One park's block: the readings, then the entries that are 1 (specialists, facilities, fences), then
        the dinosaurs counted per space, each written at once."""
        block = np.zeros(self.block_size, np.float32)
        keys = rules.habitat_keys(s, p)
        bad = rules.improper(s, p, keys)
        block[self.o_rep : self.o_rep + 4] = (
            max(-1.0, min(rules.reputation(s, p) / 30, 1.0)),
            rules.dinosaur_value(s, p, keys) / 30,
            min(rules.room(s, p) / 30, 1.0),
            min(rules.hand_limit(s, p) / 30, 1.0),
        )
        ones = _set_bits(s.res[p * WIDTH + SPECIALISTS], self.o_spec) if self.specialists else []
        ones += _set_bits(s.fence[p], self.o_fences) + _set_bits(s.broken[p], self.o_broken)
        wp, wc, o_damaged = len(self.park_facs), len(self.comm_facs), self.o_damaged
        for code in s.facs[p]:
            kind = code & FAC_KIND
            for x in rules.places(code):
                if x < rules.COMMERCIAL:
                    ones.append(self.o_pfac + x * wp + self.park_facs[kind])
                else:
                    ones.append(self.o_cfac + (x - rules.COMMERCIAL) * wc + self.comm_facs[kind])
                    x += self.cells - rules.COMMERCIAL  # the damaged marks run on from the park's spaces
                if code & DAMAGED:
                    ones.append(o_damaged + x)
        block[ones] = 1.0
        counts: dict[int, int] = {}
        S, hungry = len(self.species), HUNGRY << rules.FLAGS
        for code, wrong in zip(s.dinos[p], bad, strict=True):
            cell = code >> rules.CELL & rules.CELL_MASK
            at = self.o_dinos + cell * S + self.sp_pos[code & SPECIES]
            counts[at] = counts.get(at, 0) + 1
            if wrong:
                counts[self.o_improper + cell] = counts.get(self.o_improper + cell, 0) + 1
            if code & hungry:
                counts[self.o_hungry + cell] = counts.get(self.o_hungry + cell, 0) + 1
        if counts:
            block[list(counts)] = [min(n / _PER_CELL, 1.0) for n in counts.values()]
        return block

    def _parks_block(self, s) -> tuple:
        """Every park's block, a row each in seat order (each park's own kept too: one changes at a time); each
        one's End Game Scoring less its VP track, credits and DNA hand; and the parks with a bonus that counts
        their visitors or DNA cards, which `_score` scores instead. A park is kept across its Scandals unless a
        bonus reads its reputation: they take from its reputation and score, which are set here."""
        blocks, rests, counting, reps = [], [], set(), []
        for p in range(self.parks):
            at = p * WIDTH
            scandals = s.res[at + 4]
            rest_of_key = (s.facs[p], s.fence[p], s.broken[p], s.res[at + SPECIALISTS], s.season * self.by_season)
            raw = (s.dinos[p], scandals, *rest_of_key)
            kept = self._park_raw.get(raw)
            if kept is None:  # then as the block reads the dinosaurs (without the flags it does not show)
                by_scandals = self._reads_reputation(s, p)
                key = (tuple(code & _SEEN for code in s.dinos[p]), by_scandals and scandals, *rest_of_key)
                kept = self._park.get(key)
                if kept is None:
                    rest = None if self._counts_hand(s, p) else self._score_rest(s, p) - self.per_scandal * scandals
                    base = rules.reputation(s, p) + scandals  # what the park's reputation is without Scandals
                    kept = self._keep(self._park, key, (self._park_block(s, p), rest, base))
                self._keep(self._park_raw, raw, kept)
            blocks.append(kept[0])
            rests.append(0 if kept[1] is None else kept[1] + self.per_scandal * scandals)
            reps.append(max(-1.0, min((kept[2] - scandals) / 30, 1.0)))
            if kept[1] is None:
                counting.add(p)
        table = np.concatenate(blocks).reshape(self.parks, -1)  # (np.stack costs three times as much)
        table[:, self.o_rep] = reps
        return table, rests, counting

    def _reads_reputation(self, s, p: int) -> bool:
        """Does this park's score read its reputation (CC3's credits, an End Game bonus per reputation), so
        that a Scandal changes more than its own -6 VP?"""
        if self.credits_end or s.res[p * WIDTH + SPECIALISTS] & self.reputation_specialists:
            return True
        return any(f & FAC_KIND in self.reputation_facilities and not f & DAMAGED for f in s.facs[p])

    def _score(self, s, p: int, hands: list[int]) -> int:
        """A park's score when a bonus counts its visitors or DNA cards: the rest of End Game Scoring kept per
        park, visitors and hand, and its VP track, credits and DNA hand added."""
        res = s.res
        at = p * WIDTH
        key = (s.dinos[p], s.facs[p], s.fence[p], s.broken[p], s.season, res[at + 4], res[at + 8], res[at + 5])
        key += (hands[p],)
        rest = self._rests.get(key)
        if rest is None:
            rest = self._keep(self._rests, key, self._score_rest(s, p))
        if self.credits_end:
            return rest + res[at]
        return rest + res[at + 3] + res[at] // self.per_credit + hands[p] // self.per_dna

    def _counts_hand(self, s, p: int) -> bool:
        """Does an End Game bonus of this park count its visitors or its DNA cards?"""
        if s.res[p * WIDTH + SPECIALISTS] & self.counting_specialists:
            return True
        return any(f & FAC_KIND in self.counting_facilities and not f & DAMAGED for f in s.facs[p])

    def _score_rest(self, s, p: int) -> int:
        """End Game Scoring less the VP track, the credits and the DNA hand (CC3: less the credits)."""
        parts = scoring.breakdown(s, p)
        del parts["total"]
        return sum(parts.values()) - parts["credits"] - (0 if self.credits_end else parts["track"] + parts["dna"])

    @staticmethod
    def _conditions(s) -> np.ndarray:
        """1 for each of the scenario's conditions besides its score that is met."""
        return np.array([float(c["met"]) for c in scoring.objective(s)["conditions"]], np.float32)

    # ------------------------------------------------------------------------------------ context
    def _context(self, s, seat: int, out: np.ndarray) -> None:
        phase, ctx = s.phase, s.ctx
        if phase == rules.CHOOSE:
            width = len(self.choose_pos)
            for i, option in enumerate(ctx.options):
                out[self.s_choose.start + i * width + self.choose_pos[option]] = 1.0
        elif phase == rules.CREATE:
            out[self.s_short.start] = ctx.short / 3
        elif phase == rules.PICK:
            purpose, left, arg, picked = ctx
            out[self.s_purpose.start + purpose] = 1.0
            out[self.s_left.start] = min(left / 5, 1.0)
            if purpose == rules.KEEP:
                out[self.s_drawn_count.start] = min(len(arg) / 5, 1.0)
                if s.cur == seat:  # the cards drawn are the mover's to see
                    for kind in arg:
                        x = self.s_drawn.start + self.kind_pos[kind]
                        out[x] = min(out[x] + 0.25, 1.0)
            elif purpose in (rules.BUY, rules.SELL):
                out[self.s_price.start] = min(arg / 5, 1.0)
            elif purpose == rules.SET:
                out[self.s_set.start + self.sp_pos[arg]] = 1.0
            elif purpose == rules.MUTANT_SET:
                for k in self.species:
                    if arg >> k & 1:
                        out[self.s_set.start + self.sp_pos[k]] = 1.0
            out[self.s_picked.start] = min(picked / 10, 1.0) if purpose == rules.SET else float(bool(picked))
        elif phase == rules.HABITAT:
            out[self.s_habitat.start + self.sp_pos[ctx.species]] = 1.0
            out[self.s_new.start] = 1.0 if ctx.flags & rules.NEW else 0.0
        elif phase in (rules.FACILITY, rules.LARGE, rules.REPAIR):
            out[self.s_discount.start] = min(ctx.discount / 5, 1.0)
        elif phase in (rules.FACILITY_CELL, rules.LARGE_SPOT):
            out[self.s_facility.start + self.fac_pos[ctx.facility]] = 1.0
            out[self.s_park.start + self.order_of[seat].index(ctx.park)] = 1.0
        elif phase == rules.FAC_PARK:
            out[self.s_facility.start + self.fac_pos[ctx.facility]] = 1.0
        elif phase == rules.TARGET:
            self._dinosaur(s, s.dinos[s.cur][ctx.dinosaur], out)
        elif phase == rules.OPPONENT:
            out[self.s_opponent.start + self.opponent_pos[ctx.effect]] = 1.0
        elif phase == rules.CITY:
            for bit in range(3):
                if ctx.used >> bit & 1:
                    out[self.s_city.start + bit] = 1.0
        elif phase == rules.MUTANT:
            out[self.s_habitat.start + self.sp_pos[s.t.mutant]] = 1.0
            out[self.s_count.start] = min(ctx.left / 5, 1.0)
        elif phase in (rules.MANIP_PAY, rules.SHARE):
            out[self.s_count.start] = min(ctx.left / 5, 1.0)
        elif phase == rules.OCEAN:
            out[self.s_cost.start] = min(ctx.cost / 10, 1.0)
        elif phase == rules.DESTROY:
            out[self.s_why.start + ctx.why] = 1.0
            self._dinosaur(s, s.dinos[s.cur][ctx.index], out)
        elif phase == rules.GRAFT:
            out[self.s_graft.start] = 1.0 if ctx.edna else 0.0
        elif phase == rules.GIFT:
            out[self.s_given.start] = min(ctx.given / 5, 1.0)

    def _dinosaur(self, s, code: int, out: np.ndarray) -> None:
        out[self.s_habitat.start + self.sp_pos[code & SPECIES]] = 1.0
        out[self.s_cell.start + code >> rules.CELL & rules.CELL_MASK] = 1.0
