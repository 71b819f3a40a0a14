"""DinoGenics' components as the rules read them: the names and numbers the rules use (resources, counts,
diets, faces, traits) and the frozen records content.py makes from the content files (Species, Space, Facility,
Card, News, Perks, Specialist, Content). Nothing here reads a file: content.py does, below the rules' step
registry (rules/steps.py), which reads and checks every effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

DIETS = ("herbivore", "carnivore", "omnivore")
HERBIVORE, CARNIVORE, OMNIVORE = range(3)
FACES = ("fatality", "slash", "naive_visitor")
FACE_NAMES = ("Fatality", "Slash", "Naive Visitor")  # as printed on the rampage die
FATALITY, SLASH, NAIVE_VISITOR = range(3)
# Traits the rules name: each base one on exactly one species, each expansion one on at most one.
TRAITS = (
    "open_space",
    "two_rampage_dice",
    "shares_any",
    "biodome",
    "credit_each_upkeep",
    "claw_kills_extra",
    "value_per_pair",
    "breeds_on_two_goats",
)
EXPANSION_TRAITS = (
    "simple_genome",
    "tree_harvester",
    "terror",
    "aquatic_hunter",
    "pleasing_harmonics",
    "beach_dweller",
    "awe_inspiring",
    "destructive_entertainment",
    "corrupted",
)
# Each trait as a player reads it (the base game's from its published species table, the expansion's as
# the Controlled Chaos Dinosaur Reference prints them).
TRAIT_TEXTS = {
    "open_space": "lives in open space; rampages if penned or if another species reaches open space",
    "two_rampage_dice": "rolls two rampage dice and applies both",
    "shares_any": "may share a habitat with any species; neither rampages",
    "biodome": "must live in a Biodome",
    "credit_each_upkeep": "+1 credit each Upkeep",
    "claw_kills_extra": "a Slash rampage result kills one extra visitor",
    "value_per_pair": "+1 Dinosaur Value per 2 Triceratops sharing a pen",
    "breeds_on_two_goats": "fed 2 goats once per Upkeep, it makes another Mutant",
    "simple_genome": "Simple Genome: its set is 1 DNA card while your park has a Gallimimus",
    "tree_harvester": "Tree Harvester: 3 VP more each Season in a habitat of 4 or more spaces",
    "terror": "Terror: in the Upkeep you may destroy a dinosaur of your park instead of feeding it, for 5 VP",
    "aquatic_hunter": "Aquatic Hunter: when placed, destroy one dinosaur of your park or roll an Upkeep Die check",
    "pleasing_harmonics": "Pleasing Harmonics: at Final Scoring, 1 VP per species in your park, its own included",
    "beach_dweller": "Beach Dweller: when placed, 2 VP per Aquatic Habitat tile beside it",
    "awe_inspiring": "Awe-Inspiring: reputation equal to the Season; needs two adjacent open spaces, never penned",
    "destructive_entertainment": "Destructive Entertainment: at the start of the Upkeep, if its habitat borders "
    "another species' habitat, a rampage check and 3 VP",
    "corrupted": "Corrupted: a rampage check after every feeding; ignores placement checks; VP never below 0",
}
DROWNING = 0  # the Upkeep die's Drowning face; its other faces are credit costs


@dataclass(frozen=True)
class Species:
    index: int
    key: str
    name: str
    diet: int
    vp: int  # Dinosaur Value scored each Upkeep
    reputation: int
    pen: int  # minimum pen spaces; 0 lives in open space
    dna: int  # DNA cards in a full set
    goats: int  # eaten each Upkeep
    trait: str  # "" for none
    expansion: bool  # a Controlled Chaos species
    aquatic: int  # Aquatic Habitat spaces it fills (0: a land dinosaur)
    on_placement: tuple  # (resource, amount) gained once, before it is first placed
    elites: bool  # a Dinosaur Elites species (its cards join the eDNA deck with the module)
    scenario: bool  # only a solo scenario's start places it
    meeples: int = 0  # dinosaur meeples in the game ([meeples]): none left in the supply, none created


# What gain / lose / pay move: the first seven are counters on the player's board (refined: Refined DNA
# tokens), the rest are cards drawn (dna: the standard deck, edna: the eDNA deck).
RESOURCES = ("credits", "goats", "fences", "vp", "scandals", "visitors", "refined", "dna", "manipulation", "edna")
CREDITS, GOATS, FENCES, VP, SCANDALS, VISITORS, REFINED, DNA, MANIPULATION, EDNA = range(10)
# Each as a player reads it: (one, more than one).
RESOURCE_WORDS = (
    ("credit", "credits"),
    ("goat", "goats"),
    ("fence", "fences"),
    ("VP", "VP"),
    ("Scandal", "Scandals"),
    ("visitor", "visitors"),
    ("Refined DNA token", "Refined DNA tokens"),
    ("DNA card", "DNA cards"),
    ("Manipulation card", "Manipulation cards"),
    ("eDNA card", "eDNA cards"),
)
COUNTS = ("dinosaurs", "herbivores", "carnivores", "species", "facilities", "visitors", "improper")
# What End Game bonuses count: the above, and these.
END_COUNTS = (*COUNTS, "dna_cards", "aquatic", "damaged", "empty_park", "reputation")
SECTORS = ("park", "commercial")
MAX_OPTIONS = 4  # options of one `choose` step (the action ids have room for this many)
MAX_PARK, MAX_COMMERCIAL = 16, 15


@dataclass(frozen=True)
class Space:
    index: int
    key: str
    name: str
    slots: int
    blocked: dict  # player count -> blocking tokens
    steps: tuple
    news: int  # the Breaking News card that prints it, or 0 for the Mainland board
    expansion: bool  # on the IntelliGen Designs side board


@dataclass(frozen=True)
class Facility:
    index: int
    key: str
    name: str
    stack: bool  # the City Center's first stack (Basic Hotels), not the bag
    count: int
    park: bool  # takes a park space (else a commercial one)
    cost: int
    rooms: int
    biodome: bool
    reputation: int
    end_vp: int
    upkeep: tuple  # (resource, amount) gained each Upkeep
    per_species: int  # species whose dinosaurs each earn per_vp / per_credits each Upkeep, or -1
    per_vp: int
    per_credits: int
    hand_limit: int
    expansion: bool = False
    large: bool = False  # takes two spaces side by side
    hq_stack: bool = False  # a stack of its own on IntelliGen Designs HQ (the Aquatic Habitats)
    aquatic: int = 0  # Aquatic Habitat spaces
    on_placement: tuple = ()
    upkeep_per: tuple = ()  # (count index, resource, amount) each Upkeep
    end_per: tuple = ()  # (END_COUNTS index, vp) at End Game Scoring
    fishery: bool = False
    education: bool = False
    market_exchange: bool = False
    adjacent_aquatic_vp: int = 0
    adjacent_species_vp: int = 0
    airport: bool = False
    destroyed_vp: int = 0
    odd_visitors_vp: int = 0
    gene_grafting: bool = False
    ferry_visitor: bool = False


@dataclass(frozen=True)
class Card:
    index: int
    key: str
    name: str
    count: int
    steps: tuple
    text: str
    opponents: bool  # it names another player (left out of solo games)
    expansion: bool = False


@dataclass(frozen=True)
class News:
    number: int
    name: str
    each_player: tuple
    space: int  # index of its worker space, or -1
    closed: int  # Mainland space shut this Season, or -1
    bonus: tuple  # (space, gains) added this Season, or ()
    refresh_market: bool
    text: str
    chaos: bool = False  # a Chaos Theory card (number 0)
    synth: tuple = ()  # a Synth deck card: (Synth's steps, the West Branch's, the East Branch's)
    crash: tuple = ()  # spaces whose free worker space a Crash Token closes this Season


@dataclass(frozen=True)
class Perks:
    """A specialist's lasting abilities (zero / empty: none)."""

    rooms: int = 0
    reputation: int = 0
    hand_limit: int = 0
    upkeep: tuple = ()  # (resource, amount) each Upkeep
    end_vp: int = 0
    end_per: tuple = ()  # (END_COUNTS index, vp, max)
    space_bonus: tuple = ()  # (space index, gains) each use of that space
    facility_discount: int = 0
    repair_discount: int = 0
    slash_naive: bool = False
    fatality_reroll: bool = False
    drowning_immune: bool = False
    mutant_goats: int = 0  # 0: the rulebook's number
    visitors_each_season: int = 0
    upkeep_repairs: int = 0  # free repairs at the start of each Upkeep
    births: int = 0  # land species alone in the park that gain a second at the start of each Upkeep
    pair_space: bool = False  # two dinosaurs of one species need the pen space of one
    one_rampage_die: bool = False  # a T-Rex rolls one rampage die, not two


@dataclass(frozen=True)
class Specialist:
    index: int
    key: str
    name: str
    cost: int  # Manipulation cards discarded to claim it
    perks: Perks
    text: str


@dataclass(frozen=True)
class Content:
    version: str
    numbers: dict
    workers: dict  # player count -> (Seasons before from_season, from then on)
    workers_from_season: int
    visitors: dict  # player count -> {season: per-position visitors}
    bonus_visitors: dict  # season -> bonus pool
    species: tuple[Species, ...]
    rampage_die: tuple[int, ...]
    dna_deck: tuple[int, ...]  # cards per species (0 for species without DNA cards)
    edna_deck: tuple[int, ...]  # eDNA cards per card kind (species, then Polymorphic DNA)
    upkeep_die: tuple[int, ...]  # credit costs, DROWNING for the Drowning face
    specialists: tuple[Specialist, ...]
    scenarios: tuple  # Scenario
    coop: dict  # blocked {space: tokens}, synth_facilities, synth_goats, credits, chart {(face, face): (early, late)}
    spaces: tuple[Space, ...]
    facilities: tuple[Facility, ...]
    manipulation: tuple[Card, ...]
    news: tuple[News, ...]
    rules: tuple[str, ...]
    provenance: tuple[dict, ...]
    # "How to play": sections {"title", "text", "rulebook"} (content/how_to_play.toml, Game.how_to_play).
    how_to_play: tuple[dict, ...] = ()

    @cached_property  # asked on most decisions
    def kinds(self) -> int:
        """DNA card kinds: one per species, then Polymorphic DNA (index len(species))."""
        return len(self.species) + 1

    def species_index(self, key: str) -> int:
        return next(sp.index for sp in self.species if sp.key == key)

    def space_index(self, key: str) -> int:
        return next(sp.index for sp in self.spaces if sp.key == key)

    def workers_in(self, num_players: int, season: int) -> int:
        before, after = self.workers[num_players]
        return after if season >= self.workers_from_season else before
