"""DinoGenics with the Controlled Chaos expansion: build a dinosaur park on your island, in 7 Seasons.

Work in progress: the content of the base game's published facts is here (content.toml, content.py); the
game is registered once its engine plays. Rules: shared/rules/dinogenics-controlled-chaos.txt and
shared/rules/GAPS.md section 3.
"""
