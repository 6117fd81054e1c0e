# The two commands that set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
SEED   ?= 7

.PHONY: demo test install dev lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .

dev: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"

## demo: a seeded Hearts game between the built-in bots, hand by hand, in colour
demo: install
	$(BIN)/parlour play hearts --seats heuristic,random,heuristic,random --seed $(SEED)

## test: lint, type checks and the whole test suite
test: dev lint typecheck pytest

lint:
	$(BIN)/ruff check src tests benchmarks

typecheck:
	$(BIN)/mypy

pytest:
	$(BIN)/pytest -n 2 -q

bench: install
	$(BIN)/parlour bench hearts

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
