"""The DinoGenics state: flat lists of small ints and tuples, so that clone() is a few list copies.

Per-seat counters live in `res` (seat * WIDTH + counter, read and changed through `get`, `add`, `take` and
`put`), DNA hands in `dna` (seat * species + species: cards of a species are alike, so a hand is counts),
Manipulation hands in `manip` likewise. A park is a fence mask, a broken-fence mask, a mask of park cells
under facilities, a tuple of facilities and a tuple of dinosaurs (see rules/codes.py for their codes and the
functions that read them). Mainland worker spaces are `occ`: -2 blocked, -1 free, or the seat standing there.
"""

from __future__ import annotations

from dinotable.core.contract import Secret
from dinotable.core.flat import FlatState
from dinotable.core.rng import derive_seed, next_below, redeal, seed_state, shuffle
from dinotable.games.dinogenics import render, rules, scoring, synth
from dinotable.games.dinogenics.components import CREDITS, FENCES, GOATS, REFINED, SCANDALS
from dinotable.games.dinogenics.decisions import TABLE
from dinotable.games.dinogenics.rules.codes import SPECIALISTS, WIDTH

_DEALS = 20  # deals tried before the seat to move keeps the cards of one choice (see determinize)


class DinoGenicsState(FlatState):
    rules, scoring, render = rules, scoring, render
    decisions = TABLE
    # The content's geometry and tables, the action ids' layout, and the options of a PLACE decision the Season
    # has just opened (None at rest: the decision's first look takes them).
    unkeyed = frozenset({"geo", "ids", "t", "offered"})
    # The scenario by its name, not its texts: rewording it makes no new state.
    keyed_by = {"scenario": lambda scenario: scenario and scenario.key}
    # The ids are sized from the game's content, so the layout is the game's.
    layout = property(lambda self: self.game.layout)

    def __init__(self, game, num_players: int, seed: int, options: dict) -> None:
        c = game.content
        n = num_players
        self.game = game
        self.c = c
        self.geo = game.geo
        self.ids = game.ids
        self.t = game.tables
        self.num_players = n
        self.seed = seed
        self.options = options
        rng = seed_state(seed)
        # Controlled Chaos components are in play only with the expansion (a scenario or the co-op needs it:
        # the game's check_options refuses them with expansion=false).
        key = options.get("scenario", "")
        self.scenario = sc = next((x for x in c.scenarios if x.key == key), None) if key else None
        # The co-op: seats 0 and 1 are the West and East Branches; Synth's park is a third one (rules.SYNTH).
        self.coop = coop = options.get("coop", False)
        self.parks = parks = n + 1 if coop else n
        self.expansion = exp = options.get("expansion", True)

        def used(item) -> bool:
            return exp or not item.expansion

        species = c.species
        self.dna_deck = [k for k, cards in enumerate(c.dna_deck) if used(species[k]) for _ in range(cards)]
        rng = shuffle(rng, self.dna_deck)
        # Dinosaur Elites' cards join the eDNA deck with that module.
        self.elites = elites = options.get("elites", False)
        self.edna_deck = [
            k
            for k, cards in enumerate(c.edna_deck)
            if exp and (elites or k >= len(species) or not species[k].elites)
            for _ in range(cards)
        ]
        rng = shuffle(rng, self.edna_deck)
        # Cards that name another player are left out when one plays alone.
        self.manip_deck = [
            m.index for m in c.manipulation if used(m) and (n > 1 or not m.opponents) for _ in range(m.count)
        ]
        rng = shuffle(rng, self.manip_deck)
        # Chaos Theory's cards join the Breaking News deck with that module; a scenario has its own deck.
        chaos = options.get("chaos_theory", False)
        if sc:
            self.news_deck = list(sc.news)
        elif coop:
            self.news_deck = [i for i, card in enumerate(c.news) if card.synth]  # the Synth deck instead
        else:
            self.news_deck = [i for i, card in enumerate(c.news) if not card.synth and (chaos or not card.chaos)]
        rng = shuffle(rng, self.news_deck)
        self.bag = [f.index for f in c.facilities if not f.stack and not f.large and used(f) for _ in range(f.count)]
        rng = shuffle(rng, self.bag)
        # The IntelliGen Designs side board: the Aquatic Habitat stack on HQ, five revealed Large
        # Facilities, the Job Market (dealt with the facility stacks each Season).
        self.habitats_left = c.facilities[self.t.habitat_tile].count if exp and self.t.habitat_tile >= 0 else 0
        self.large_pile = [f.index for f in c.facilities if exp and f.large and not f.hq_stack for _ in range(f.count)]
        rng = shuffle(rng, self.large_pile)
        self.large_offer = [self.large_pile.pop() for _ in range(min(c.numbers["large_offer"], len(self.large_pile)))]
        self.spec_deck = [sp.index for sp in c.specialists] if exp else []
        rng = shuffle(rng, self.spec_deck)
        self.job_market: list[int] = []
        self.contractors: list[int] = []
        self.hotels_left = c.facilities[self.t.hotel].count
        self.stacks: list[tuple[int, ...]] = [()] * rules.DRAWN_STACKS
        self.market: list[int] = []
        self.dna_discard: list[int] = []
        self.manip_discard: list[int] = []

        slot0: list[int] = []
        occ: list[int] = []
        for sp in c.spaces:
            slot0.append(len(occ))
            blocked = c.coop["blocked"].get(sp.index, 0) if coop else sp.blocked.get(n, 0)
            occ += [-2] * blocked + [-1] * (sp.slots - blocked)
        self.slot0 = tuple(slot0)
        self.blocked_occ = tuple(occ)
        self.occ = occ
        self.outsource = c.space_index("outsource")

        # Season 1: the first player is drawn at random; starting credits follow turn order. In the co-op
        # Synth goes first.
        rng, first = next_below(rng, n)
        self.order = tuple((first + i) % n for i in range(n))
        if coop:
            self.order = (rules.SYNTH, 0, 1)
        num = c.numbers
        self.res = [0] * (parks * WIDTH)
        k, m = c.kinds, len(c.manipulation)
        self.dna = [0] * (parks * k)
        self.manip = [0] * (parks * m)
        before, after = c.workers[parks]
        if sc:
            before = sc.start["workers"]
            after = before + 1  # one more from Season 4, as with two players (designed)
        self.workers = (before, after)
        self.season = sc.season if sc else 1
        start = (
            sc.start
            if sc
            else {
                "credits": num["start_credits"],
                "goats": num["start_goats"],
                "fences": num["start_fences"],
                "dna": num["start_dna"],
                "manipulation": num["start_manipulation"],
                "scandals": 0,
            }
        )
        if coop:
            start = {**start, "credits": c.coop["credits"]}
        for position, seat in enumerate(self.order):
            if seat == rules.SYNTH and coop:
                self.put(seat, GOATS, c.coop["synth_goats"])  # no cards, no credits
                self.put(seat, rules.WORKERS, rules.workers_in(self, self.season))
                continue
            self.put(seat, CREDITS, start["credits"] + (0 if coop else position))
            self.put(seat, GOATS, start["goats"])
            self.put(seat, FENCES, start["fences"])
            self.put(seat, SCANDALS, start["scandals"])
            self.put(seat, rules.WORKERS, rules.workers_in(self, self.season))
            for _ in range(start["dna"]):
                self.dna[seat * k + self.dna_deck.pop()] += 1
            for _ in range(start["manipulation"]):
                self.manip[seat * m + self.manip_deck.pop()] += 1
        self.fence = [0] * parks
        self.broken = [0] * parks
        self.fcells = [0] * parks
        self.facs: list[tuple[int, ...]] = [()] * parks
        self.dinos: list[tuple[int, ...]] = [()] * parks

        self.active = -1
        self.upcoming = self.news_deck.pop()
        self.chaos_last = False  # the last card resolved was a Chaos Theory card
        self.last_edna = False  # the last card taken from the Boneyard was eDNA (for the Gene Grafting Lab)
        self.market_size = num["market_size"]
        self.doubled = False  # an action whose credit costs double is under way (scenario CC6)
        # Season 1 starts at Open Season step 6; a scenario starting later skips the first round's news.
        self.stage = rules.FIRST_SEASON_STAGE if self.season == 1 else 0
        self.skip_news = self.season > 1
        self.turn = 0
        # The co-op: whether the branches go before Synth, which branches still place in the shared turn,
        # whose docks have been used this Season, and City Center tiles Synth removed from play.
        self.team_first = False
        self.team_todo = 0
        self.docks_used = 0
        self.removed: list[int] = []
        self.pool = self.bonus_first = self.bonus_pos = self.bonus_out = 0
        self.phase = rules.NONE
        self.cur = self.order[0]
        self.ctx = ()  # no decision open yet (FlatState.ctx)
        self.tasks: list[tuple] = []
        self.offered: list[int] | None = None
        self.over = False
        self.rng = rng
        rules.chaos_upcoming(self)  # not in Season 1
        if sc:
            rules.scenario_setup(self)
        if coop:
            synth.setup(self)
        self.history: list[int] = []
        rules.settle(self, [])
        self.relist()

    # A seat's counters (CREDITS, GOATS... then WORKERS, SPECIALISTS, AIRPORT_USED): kept in the flat `res`, at
    # seat * WIDTH + counter, read and changed only through these.
    def get(self, seat: int, counter: int) -> int:
        """How many of this counter the seat has."""
        return self.res[seat * WIDTH + counter]

    def add(self, seat: int, counter: int, n: int) -> None:
        """The seat gains n of this counter."""
        self.res[seat * WIDTH + counter] += n

    def take(self, seat: int, counter: int, n: int) -> None:
        """The seat spends (or loses) n of this counter."""
        self.res[seat * WIDTH + counter] -= n

    def put(self, seat: int, counter: int, value: int) -> None:
        """Sets the seat's counter."""
        self.res[seat * WIDTH + counter] = value

    def counters(self, seat: int) -> list[int]:
        """A copy of all the seat's counters, indexed by counter."""
        return self.res[seat * WIDTH : seat * WIDTH + WIDTH]

    def holds(self, seat: int, specialist: int) -> bool:
        """Does the seat hold this specialist (by its index in the content)?"""
        return bool(self.res[seat * WIDTH + SPECIALISTS] >> specialist & 1)

    def _determinize(self, seat: int | None, seed: int) -> DinoGenicsState:
        """A copy in which what `seat` cannot see is re-dealt: every other seat's DNA and Manipulation hands
        (their sizes kept), DNA cards another seat is choosing among, the deck orders and the facility bag;
        and the future chance is re-seeded.

        Another seat to move must keep a choice: what the table saw it do (take the create action, start a
        set, reach for a card) says only that it can. So deals are drawn until one leaves it a choice; a set
        under way keeps the cards still to come, which everyone knows it holds. If no deal in _DEALS leaves
        a choice, it keeps just the cards one choice spends (one set, or one playable card), chosen by the
        copy's own generator, and the rest of its hands is re-dealt."""
        rng = seed_state(derive_seed(seed, 1))
        others = [o for o in range(self.num_players) if o != seat]
        mover_hidden = not self.over and self.cur in others
        keep = self._under_way(others)
        for attempt in range(_DEALS + 1):
            if attempt == _DEALS and mover_hidden and not keep:
                rng, keep = self._one_choice(rng)
            new = self.clone()
            rng = self._redeal(new, seat, others, rng, keep)
            new.relist()
            if new._legal or new.over:
                break
        rng = redeal(rng, new.news_deck)
        rng = redeal(rng, new.bag)
        rng = redeal(rng, new.large_pile)
        rng = redeal(rng, new.spec_deck)
        self._reseed_copy(new, seed)
        return new

    def _under_way(self, others: list[int]) -> dict:
        """The cards a hidden seat to move is known to hold: the rest of a set it is putting together."""
        if self.over or self.cur not in others or self.phase != rules.PICK:
            return {}
        return self._set_to_come() if self.ctx.purpose in (rules.MUTANT_SET, rules.SET) else {}

    def _set_to_come(self, species: int | None = None, left: int = 0, shown: int = 0) -> dict:
        """The DNA cards (kind -> count) the seat to move spends on the rest of a set: cards showing the
        species (a mutant: one per species not yet shown), then Polymorphic DNA for what they leave. With no
        `species`, the set under way (the open PICK decision's); a species comes with the cards `left`."""
        k, t = self.c.kinds, self.t
        hand = self.dna[self.cur * k : self.cur * k + k]
        if species is None:
            purpose, left, arg, _picked = self.ctx
            species, shown = (t.mutant, arg) if purpose == rules.MUTANT_SET else (arg, 0)
        keep: dict[int, int] = {}
        if species == t.mutant:
            for kind in range(k):
                if len(keep) < left and hand[kind] and kind != t.poly and not shown >> kind & 1:
                    keep[kind] = 1
        elif hand[species]:
            keep[species] = min(hand[species], left)
        # Refined DNA tokens lie on the table; Polymorphic cards make up what neither covers.
        short = left - sum(keep.values()) - self.get(self.cur, REFINED)
        if short > 0 and hand[t.poly]:
            keep[t.poly] = min(hand[t.poly], short)
        return {("dna", kind): n for kind, n in keep.items()}

    def _one_choice(self, rng: int) -> tuple[int, dict]:
        """The cards one of the mover's choices spends, that choice drawn by the copy's generator: a set
        it can create (CREATE) or a card it can play (CARD); other decisions need no particular card."""
        if self.phase == rules.CREATE:
            options = rules.creatable(self, self.cur, self.ctx.short)
            rng, i = next_below(rng, len(options))
            size = rules.set_size(self, self.cur, options[i], self.ctx.short)
            return rng, self._set_to_come(options[i], size)
        if self.phase == rules.CARD:
            options = rules.playable(self, self.cur)
            rng, i = next_below(rng, len(options))
            return rng, {("manip", options[i]): 1}
        return rng, {}

    def _redeal(self, new: DinoGenicsState, seat: int | None, others: list[int], rng: int, keep: dict) -> int:
        """Re-deal the hidden cards of each deck among those who hold them, but for the seat to move's
        `keep` ((hand, kind) -> count). DNA and eDNA cards have different backs, so each seat keeps its
        number of each."""
        c = self.c
        hidden_draw = self.phase == rules.PICK and self.ctx.purpose == rules.KEEP and self.cur != seat
        k = c.kinds
        edna = self.t.edna
        m = len(c.manipulation)
        for name, hand, width, deck, kinds in (
            ("dna", new.dna, k, new.dna_deck, [kind for kind in range(k) if not edna[kind]]),
            ("dna", new.dna, k, new.edna_deck, [kind for kind in range(k) if edna[kind]]),
            ("manip", new.manip, m, new.manip_deck, list(range(m))),
        ):
            pool = list(deck)
            sizes = []
            for o in others:
                kept = [keep.get((name, kind), 0) if o == self.cur else 0 for kind in kinds]
                row = hand[o * width : o * width + width]
                sizes.append(sum(row[kind] - n for kind, n in zip(kinds, kept, strict=True)))
                pool += [kind for kind, n in zip(kinds, kept, strict=True) for _ in range(row[kind] - n)]
                for kind, n in zip(kinds, kept, strict=True):
                    hand[o * width + kind] = n
            drawn = 0
            if hidden_draw and name == "dna" and self.ctx.arg and self.ctx.arg[0] in kinds:
                drawn = len(self.ctx.arg)
                pool += list(self.ctx.arg)
            rng = redeal(rng, pool)
            for o, size in zip(others, sizes, strict=True):
                for card in pool[:size]:
                    hand[o * width + card] += 1
                pool = pool[size:]
            if drawn:
                new.ctx = self.ctx._replace(arg=tuple(pool[:drawn]))
                pool = pool[drawn:]
            deck[:] = pool
        return rng

    def secrets(self, seat: int | None) -> dict[str, Secret]:
        """Every other seat's DNA, eDNA and Manipulation hand (less the rest of a set under way, which the
        table knows it holds), dealt from what this seat has not seen, with DNA cards another seat is
        choosing among; and the orders of the decks, the bag and the stacks."""
        k, m, edna = self.c.kinds, len(self.c.manipulation), self.t.edna
        others = [o for o in range(self.num_players) if o != seat]
        under_way = self._under_way(others)
        drawn = self.phase == rules.PICK and self.ctx.purpose == rules.KEEP and self.cur != seat
        out = {}
        for name, hand, width, deck, kinds in (
            ("DNA", self.dna, k, self.dna_deck, [kind for kind in range(k) if not edna[kind]]),
            ("eDNA", self.dna, k, self.edna_deck, [kind for kind in range(k) if edna[kind]]),
            ("Manipulation", self.manip, m, self.manip_deck, list(range(m))),
        ):
            hands = {}
            for o in others:
                kept = {
                    kind: under_way.get(("dna", kind), 0) if o == self.cur and name != "Manipulation" else 0
                    for kind in kinds
                }
                hands[o] = tuple(kind for kind in kinds for _ in range(hand[o * width + kind] - kept[kind]))
            choosing = tuple(c for c in self.ctx.arg if c in kinds) if drawn and name != "Manipulation" else ()
            pool = (*deck, *choosing, *(card for cards in hands.values() for card in cards))
            out[f"{name} deck"] = Secret(tuple(deck), pool, ordered=True)
            for o, cards in hands.items():
                out[f"seat {o}'s {name} hand"] = Secret(cards, pool)
            if choosing:
                out[f"{name} cards drawn by seat {self.cur}"] = Secret(choosing, pool)
        for name in ("news_deck", "bag", "large_pile", "spec_deck"):
            order = tuple(getattr(self, name))
            out[name] = Secret(order, order, ordered=True)
        return out
