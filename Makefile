# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= my-funny-dinos
PLAYERS ?= human,greedy,random
# `make run` / `make serve`: where the web table listens (HOST=0.0.0.0 for every network).
HOST ?= 127.0.0.1
PORT ?= 8000
# `make soak`: random decisions per game, player count and option set, and the processes playing them.
SOAK_DECISIONS ?= 1000000
SOAK_WORKERS ?= 2

.PHONY: run play serve test test-all postgres chromium bench soak golden calibrate lint install install-test clean

# A failed step leaves no half-made target behind, so the next run starts over.
.DELETE_ON_ERROR:

# The venv counts as made only once pip works in it; a half-made one is removed and made again.
$(VENV)/.created:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "dinotable needs Python 3.11 or newer: run make PYTHON=python3.11 (or newer)"; exit 1; }
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV) || \
		{ rm -rf $(VENV); echo "could not create $(VENV): install the venv module (Debian: python3-venv)"; exit 1; }
	$(BIN)/python -m pip install -q --upgrade pip || { rm -rf $(VENV); exit 1; }
	touch $@

# Reinstall whenever pyproject.toml changes; the stamp keeps repeated runs fast.
$(VENV)/.installed: pyproject.toml | $(VENV)/.created
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/.created
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# The main job: the web table on the embedded defaults (SQLite in ./var); it prints the address to open.
run: serve

# A game in the terminal instead.
play: install
	$(BIN)/dinotable play $(GAME) --players $(PLAYERS)

$(VENV)/.installed-web: pyproject.toml | $(VENV)/.created
	$(BIN)/python -m pip install -q -e '.[web]'
	touch $@ $(VENV)/.installed

# The web server on http://$(HOST):$(PORT)/ (SQLite in ./var/dinotable.db; DINOTABLE_DATABASE_URL for PostgreSQL).
serve: $(VENV)/.installed-web
	$(BIN)/dinotable serve --host $(HOST) --port $(PORT)

# The server's tests start a throwaway PostgreSQL, and the browser tests drive Debian's Chromium; each comes
# from apt where it is missing. Without apt (or root) these steps only say so: those tests then skip, or fail
# under CI=true.
APT_INSTALL = command -v apt-get >/dev/null && { apt-get install -y -q $(1) >/dev/null 2>&1 || \
	{ apt-get update -q >/dev/null 2>&1 && apt-get install -y -q $(1) >/dev/null 2>&1; }; }

postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(call APT_INSTALL,postgresql); } || \
		echo "PostgreSQL is not installed and apt-get could not install it: its tests will skip"

chromium:
	@test -x /usr/bin/chromium || { $(call APT_INSTALL,chromium); } || \
		echo "Chromium is not installed and apt-get could not install it: the browser tests will skip"

# The suite on every core (pytest-xdist; the tests of one xdist_group share a worker), each test capped by
# pytest-timeout (`timeout` in pyproject.toml), the 25 slowest named, and the results kept as JUnit XML in
# $(TEST_RUN)/junit.xml. `make test` leaves out the `slow` parameter sets, `make test-all` runs everything;
# docs/testing.md says what runs where.
TEST_RUN ?= var/test-run
WORKERS ?= auto
PYTEST = $(BIN)/python -m pytest -q -n $(WORKERS) --dist loadgroup --durations=25 --junitxml=$(TEST_RUN)/junit.xml

test: install-test postgres chromium
	$(PYTEST) -m "not slow"

test-all: install-test postgres chromium
	$(PYTEST)

# The engines' speed, then the RL environments' steps per second against the engines' own decisions.
bench: install
	$(BIN)/python -m pip install -q -e '.[bench,rl]'
	$(BIN)/dinotable bench
	$(BIN)/python -m dinotable.rl.bench

# The `slow` tests, then at least SOAK_DECISIONS checked random decisions in every configuration (about an hour
# on two free cores).
soak: install-test postgres chromium
	$(PYTEST) -m slow
	$(BIN)/dinotable soak --decisions $(SOAK_DECISIONS) --workers $(SOAK_WORKERS)

# The analysis's calibration (docs/analysis.md): 500 games of mixed bots per game and kind of table, the
# reliability tables and diagrams in var/calibration, the fitted maps kept in the analysis's calibration.toml.
CALIBRATION_GAMES ?= 500
calibrate: install
	$(BIN)/dinotable calibrate --games $(CALIBRATION_GAMES) --workers $(SOAK_WORKERS) --write

# Checks the golden games against the code (`dinotable golden --update` records them again; see CHANGES.md).
golden: install
	$(BIN)/dinotable golden

# ruff, and the mypy ratchet: core and the games' rules type-clean, the rest no worse (tools/typecheck.py).
lint: install-test
	$(BIN)/ruff check src tests examples tools
	$(BIN)/ruff format --check src tests examples tools
	$(BIN)/python tools/typecheck.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build src/*.egg-info
