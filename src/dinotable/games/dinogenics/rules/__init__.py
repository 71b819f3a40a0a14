"""The DinoGenics rules, one module per rulebook area, each importing only those above it in this list:

- codes: ids and codes (counters, decisions, pick purposes, how dinosaurs and facilities are packed in ints, the
  action-id layout, the tables of species and facility facts, `decide` and `event`);
- reading: reading a park (habitats, improper ones, Dinosaur Value, reputation, rooms, counts, Upkeep income);
- allowed: what a seat is allowed to do (sets, habitats, pens, spots, prices, offers, repairs, cards, spaces, `can`);
- effects: the step interpreter and what steps do (gain, lose, steal, Scandals, cards drawn, the DNA Market);
- dinosaurs: DNA picks and sets, creating and placing a dinosaur, mutants, destroying, Gene Grafting;
- facilities: pens, facilities bought and placed, repairs, the City Center, the HQ, the Open Ocean, specialists;
- damage: rampages, the die's faces, damage to structures, aquatic checks;
- visitors: the Open Season's bonus pool and the visitors specialists and facilities bring;
- scenarios: the solo scenarios' starting parks and visitor rules;
- (the co-op's Synth, synth.py, uses the modules above and is used by those below)
- decisions: `legal_actions` and `step`, for every decision;
- news: Breaking News and Chaos Theory;
- season: the Season's steps (STAGES), the task table (TASKS) and `settle`.

A lower module that must start something a higher one does pushes a task by name (season.TASKS) instead of
importing it. This package re-exports every module's public names, so `rules.X` reads any of them.
"""

# ruff: noqa: F401  (the names below are this package's, re-exported)
from __future__ import annotations

from dinotable.games.dinogenics.rules.allowed import (
    airport_open,
    aquatic_room,
    buildable,
    can,
    can_place,
    claimable,
    commercial_free,
    contractor_price,
    creatable,
    doubled,
    facility_cells,
    facility_price,
    free_slot,
    habitats,
    has_habitat,
    large_offers,
    large_spots,
    makeable,
    market_price,
    offers,
    opponents,
    out_of_meeples,
    outsource_spaces,
    placements,
    playable,
    repair_price,
    repairs,
    set_size,
    space_open,
    stack_tile,
    substitutes,
)
from dinotable.games.dinogenics.rules.codes import (
    AIRPORT_USED,
    ASKED,
    BONEYARD,
    BONUS,
    BUILD,
    BUY,
    BUY_CHOICE,
    CARD,
    CELL,
    CHOOSE,
    CITY,
    CITY_KIND,
    CITY_NAMES,
    COMMERCIAL,
    CRASH,
    CREATE,
    DAMAGED,
    DESTROY,
    DISCARD,
    DOME,
    DRAWN_STACKS,
    FAC_PARK,
    FACILITY,
    FACILITY_CELL,
    FACILITY_CHOICE,
    FENCE_CHOICE,
    FLAGS,
    FREE_REPAIR,
    GIFT,
    GRAFT,
    HABITAT,
    HUNGRY,
    JOB,
    KEEP,
    LARGE,
    LARGE_SPOT,
    MANIP_PAY,
    MUTANT,
    MUTANT_SET,
    NEW,
    NONE,
    OCEAN,
    OPPONENT,
    OUTSOURCE,
    OVER,
    PHASE_NAMES,
    PICK,
    PICK_NAMES,
    PLACE,
    RAMPAGED,
    REFINE,
    REPAIR,
    REPAIR_CHOICE,
    SECOND,
    SELL,
    SELL_CHOICE,
    SET,
    SHARE,
    SPARED,
    SPECIALISTS,
    SPECIES,
    SPINO,
    SYNTH,
    TARGET,
    TEAM_ORDER,
    TERROR,
    WIDTH,
    WORKERS,
    ActionIds,
    Tables,
    decide,
    event,
    mark,
    places,
    spot_second,
)
from dinotable.games.dinogenics.rules.damage import (
    aquatic_task,
    damage_facility,
    damage_targets,
    damage_task,
    face_task,
    rampage_task,
)
from dinotable.games.dinogenics.rules.decisions import (
    legal_actions,
    step,
)
from dinotable.games.dinogenics.rules.dinosaurs import (
    create,
    destroy,
    destroy_choice,
    graft_task,
    limit_task,
    mutants_task,
    pick,
    pick_legal,
    place_dinosaur,
    place_task,
    terror_task,
    victims,
)
from dinotable.games.dinogenics.rules.effects import (
    affect,
    draw_dna,
    gain,
    kill_visitors,
    lose,
    lose_vp,
    refill_market,
    run_steps,
    scandal,
    sell_to_market,
    use_space,
)
from dinotable.games.dinogenics.rules.facilities import (
    add_facility,
    build,
    buy_facility,
    buy_large,
    city,
    city_choices,
    city_task,
    claim,
    open_ocean_task,
    place_bought,
    repair,
    start_facility,
    take_from_stack,
)
from dinotable.games.dinogenics.rules.news import (
    chaos_task,
    chaos_upcoming,
    resolve_news,
)
from dinotable.games.dinogenics.rules.reading import (
    archived,
    births,
    bordering,
    bordering_species,
    count,
    dinosaur_value,
    end_count,
    facility_at,
    goats_needed,
    habitat_keys,
    hand_limit,
    hand_size,
    improper,
    meeples_left,
    mutant_goats,
    owns,
    pen_need,
    perk,
    perk_list,
    regions,
    reputation,
    room,
    special,
    two_open_spaces,
    undamaged_facilities,
    upkeep_income,
    workers_in,
)
from dinotable.games.dinogenics.rules.scenarios import (
    scenario_setup,
    scenario_visitors,
    undouble_task,
)
from dinotable.games.dinogenics.rules.season import (
    FIRST_SEASON_STAGE,
    STAGES,
    TASKS,
    settle,
)
from dinotable.games.dinogenics.rules.visitors import (
    bonus_answer,
    offer_bonus,
    season_visitor_perks,
)
