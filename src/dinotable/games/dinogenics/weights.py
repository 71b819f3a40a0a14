"""The weights of DinoGenics' evaluation (heuristic.py): what a point of each thing is worth, in VP at the
end of the game. Set by simulation: greedy against random and against itself.
"""

CREDIT = 0.45  # beyond the 1 VP per 3 credits of End Game Scoring
GOAT = 0.5
FENCE = 0.5
CARD = 0.8  # a Manipulation card
DNA_CARD = 1.0  # a DNA card of no particular use
SET_IN_HAND = 0.55  # a full DNA set, times what the dinosaur would be worth
PARTIAL_SET = 0.3  # the same, times the share of the set in hand
IMPROPER = 4.0  # a dinosaur in an improper habitat, per Upkeep ahead (up to 3), besides its next rampage
IMPROPER_NOW = 3.0  # a placement into an improper habitat: the rampage it rolls at once
HUNGRY = 4.0  # a carnivore the goats in stock will not feed
ROOM = 0.9  # a room for a visitor, per Season left with visitors
FREE_PEN_SPACE = 0.6  # room in a pen for a next dinosaur
REPUTATION = 0.35  # player order and visitors, per point and Season left (up to 3)
SCANDAL = 7.0  # 6 VP at the end and a point of reputation
OPPONENT = 0.4  # share of the best opponent's score subtracted
PLAYED_CARD = 2.5  # a Manipulation card about to be played
OUTSOURCED = 2.5  # an action about to be taken through Outsource
SUBSTITUTE = 1.5  # a Polymorphic DNA card or Refined DNA token
OBJECTIVE = 6.0  # a solo scenario's condition met (a step toward it)
VISIT = 1.5 + CREDIT + 1 / 3  # a visitor to come: 3 VP per 2 leaving, 1 credit on arrival
HABITAT = 3.0  # an Aquatic Habitat with room, while there are Seasons to fill it
FENCE_HIT = 1.5  # a fence broken by a rampage: its repair, and the pen open meanwhile
FACILITY_HIT = 1.0  # a facility damaged by a rampage, besides its repair: what it stops giving meanwhile
OCEAN_PRICE = 4  # about what two Upkeep Dice ask for a Plesiosaurus
