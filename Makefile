# The two commands that set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
SEED   ?= 7

.PHONY: demo test install dev chromium bubblewrap lint typecheck pytest plugins bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@$(BIN)/python -m parlour.compiled_switch

dev: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@$(BIN)/python -m parlour.compiled_switch

## demo: a short seeded duplicate Hearts tournament of the built-in bots on 2 workers: a
## progress bar, the ranking with 95% intervals, and plots in out/demo-tournament/. It
## installs the render and web extras, so `parlour serve` (offered by the README) works too.
DEMO_OUT ?= out/demo-tournament
demo: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[render,web]"
	@$(BIN)/python -m parlour.compiled_switch
	rm -rf $(DEMO_OUT)
	$(BIN)/parlour tournament hearts --agents random,heuristic --format duplicate --deals 24 \
	  --workers 2 --seed $(SEED) --out $(DEMO_OUT)

## test: lint, type checks and the whole test suite (browser tests included) on the compiled
## path, then the games, records, conformance and search tests again on the pure-Python path
## (without the slow statistical ones, which the compiled run has shown), then the plug-in
## examples' own tests
test: dev chromium bubblewrap lint typecheck pytest plugins

## chromium: Debian's Chromium for the browser tests (tests/web), installed only if missing
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's chromium for the browser tests..."; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    { apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core; } \
	      >/dev/null 2>&1 || { echo "could not install chromium for the browser tests"; \
	                       [ -z "$$CI" ] || exit 1; }; \
	  else \
	    echo "warning: no /usr/bin/chromium (as root: apt-get install chromium): browser tests skipped"; \
	  fi; \
	fi

## bubblewrap: Debian's bwrap, the sandbox of bots run as programs (tests/agents/test_sandbox.py
## runs hostile bots in it), installed only if missing; under CI a missing sandbox fails
bubblewrap:
	@if ! command -v bwrap >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's bubblewrap for the bot sandbox..."; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    { apt-get update -qq && apt-get install -y -qq bubblewrap; } >/dev/null 2>&1 \
	      || { echo "could not install bubblewrap for the sandbox tests"; [ -z "$$CI" ] || exit 1; }; \
	  else \
	    echo "warning: no bwrap (as root: apt-get install bubblewrap): sandbox tests skipped"; \
	  fi; \
	fi

lint:
	$(BIN)/ruff check src tests benchmarks examples

typecheck:
	$(BIN)/mypy

PURE_TESTS ?= tests/conformance tests/records tests/games/skat tests/games/territory tests/cards \
              tests/agents/test_search.py tests/core
pytest:
	$(BIN)/pytest -n 2 --dist worksteal -q
	PARLOUR_PURE=1 $(BIN)/pytest -n 2 --dist worksteal -q -m "not slow" $(PURE_TESTS)

## plugins: install the example plug-in packages (examples/plugins) and run their own tests
plugins: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e examples/plugins/ohhell
	MYPYPATH=examples/plugins/ohhell/src $(BIN)/mypy --strict examples/plugins/ohhell/src/parlour_ohhell
	$(BIN)/pytest -n 2 --dist worksteal -q examples/plugins/ohhell/tests

bench: install
	$(BIN)/parlour bench hearts

## clean: the venv, caches and every compiled module's build products (compiled_modules.py)
clean:
	python3 src/parlour/compiled_modules.py clean
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
