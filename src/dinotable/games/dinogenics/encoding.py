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

from dinotable.core import observation as encoding
from dinotable.games.dinogenics import rules, scoring
from dinotable.games.dinogenics.encoding_layout import PER_CELL, lay_out
from dinotable.games.dinogenics.rules.codes import DAMAGED, FAC_KIND, HUNGRY, SPECIALISTS, SPECIES, WIDTH

_CACHE_MAX = 4096  # entries per kept table before it is emptied (a game makes a few hundred)
_TABLES_MAX = 256  # whole tables of park blocks kept (each a few park blocks: 3 to 17 KB)
# What of a dinosaur's code a park's block reads: its species, its space and whether it is hungry (a park's
# block is kept across its other flags, which the rules set and clear as the Upkeep goes).
_SEEN = (1 << rules.FLAGS) - 1 | HUNGRY << rules.FLAGS


def _set_bits(mask: int, at: int) -> list[int]:
    """at + the index of each bit set in the mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(at + low.bit_length() - 1)
        mask ^= low
    return out


class Encoder(encoding.Encoder):
    """DinoGenics' encoder (see the module's docstring)."""

    def build(self, s) -> None:
        lay_out(self, s)

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
            block[list(counts)] = [min(n / PER_CELL, 1.0) for n in counts.values()]
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
            self._dinosaur(s, s.dinos[s.cur][ctx.dinosaur], out)
        elif phase == rules.GRAFT:
            out[self.s_graft.start] = 1.0 if ctx.edna else 0.0
        elif phase == rules.GIFT:
            out[self.s_given.start] = min(ctx.given / 5, 1.0)

    def _dinosaur(self, s, code: int, out: np.ndarray) -> None:
        out[self.s_habitat.start + self.sp_pos[code & SPECIES]] = 1.0
        out[self.s_cell.start + code >> rules.CELL & rules.CELL_MASK] = 1.0
