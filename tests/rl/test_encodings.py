"""Every game's observation encoding, at every player count and option set the conformance suite plays:
fixed length, float32, every entry within its slice's declared range, no secret (copies determinized for the
seat encode the same), and an action mask that is exactly the legal actions."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed (pip install -e '.[rl]')")

import dinotable  # noqa: E402
from dinotable.core.golden import configurations  # noqa: E402
from dinotable.rl import action_mask, encoder_for  # noqa: E402

from .sampling import sampled_states  # noqa: E402

CONFIGS = configurations()
# Each configuration's random game is sampled every SAMPLE_EVERY decisions, up to MAX_DECISIONS.
MAX_DECISIONS = 400
SAMPLE_EVERY = 9


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.game}-{c.slug}")
def test_an_encoding_is_fixed_length_float32_within_its_ranges_and_tells_no_secret(config):
    encoder = None
    seen = set()
    for k, state in enumerate(
        sampled_states(
            dinotable.get_game(config.game),
            config.num_players,
            config.options,
            [config.seed],
            SAMPLE_EVERY,
            MAX_DECISIONS,
        )
    ):
        encoder = encoder or encoder_for(state)
        low, high = encoder.layout.bounds()
        for seat in range(state.num_players):
            vector = encoder.encode(state, seat)
            assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
            outside = np.flatnonzero((vector < low) | (vector > high))
            if outside.size:
                where = next(s for s in encoder.layout.slices if s.start <= outside[0] < s.stop)
                entry = f"{where.name}[{outside[0] - where.start}] = {vector[outside[0]]}"
                pytest.fail(f"{entry} is outside {where.low:g} to {where.high:g}")
            twin = state.determinize(seat, 1_000 + k)
            differs = np.flatnonzero(encoder.encode(twin, seat) != vector)
            if differs.size:
                where = next(s for s in encoder.layout.slices if s.start <= differs[0] < s.stop)
                pytest.fail(f"seat {seat} can tell a determinized copy apart: {where.name} differs (a secret)")
            seen.add(vector.tobytes())
        mask = action_mask(state)
        assert mask.shape == (state.game.num_distinct_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(state.legal_actions()) if not state.is_over else not mask.any()
    assert len(seen) > 5, "the encoding hardly changes over a whole game"


@pytest.mark.parametrize("name", dinotable.list_games())
def test_a_layout_names_and_documents_every_slice_once(name):
    game = dinotable.get_game(name)
    for num_players in range(game.min_players, game.max_players + 1):
        encoder = encoder_for(game.new_game(num_players, 0))
        slices = encoder.layout.slices
        assert len({s.name for s in slices}) == len(slices)
        assert sum(s.size for s in slices) == encoder.size
        assert all(s.doc and s.low < s.high for s in slices)
        assert [s.start for s in slices] == [sum(t.size for t in slices[:i]) for i in range(len(slices))]
