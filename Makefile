# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= my-funny-dinos
PLAYERS ?= human,greedy,random

.PHONY: run test bench lint install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Reinstall whenever pyproject.toml changes; the stamp keeps repeated runs fast.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/dinotable play $(GAME) --players $(PLAYERS)

test: install-test
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/dinotable bench

lint: install-test
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build src/*.egg-info
