# Every target builds what it needs: a fresh clone only needs python3 (3.11+).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.installed-train
# the extras `make test` needs (the RL interfaces and Ray); `make test-all` adds `train`
EXTRAS := dev,rl,ray

.PHONY: run test test-all lint typecheck browser bench clean

# the stamps depend on this Makefile too, so a change of EXTRAS installs again
$(STAMP): pyproject.toml Makefile
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || \
	  (command -v apt-get >/dev/null && apt-get update -qq && apt-get install -y -qq python3-venv && $(PYTHON) -m venv $(VENV))
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[$(EXTRAS)]'
	@touch $(STAMP)

# torch's CPU build (torch==2.13.0 resolves to the +cpu wheel on the project's machines)
$(TRAIN_STAMP): $(STAMP)
	$(BIN)/python -m pip install -q -e '.[$(EXTRAS),train]'
	@touch $(TRAIN_STAMP)

run: $(STAMP)  ## play Bizarre World in the terminal against the heuristic AI
	$(BIN)/cardwright play bizarre-world

lint: $(STAMP)
	$(BIN)/ruff check cardwright tests
	$(BIN)/ruff format --check cardwright tests

typecheck: $(STAMP)
	$(BIN)/mypy

# The report test opens reports in headless Chromium: Debian's package, installed when missing.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { command -v apt-get >/dev/null 2>&1 && apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	  { echo "the report test needs Chromium: install Debian's chromium package" >&2; exit 1; }

# --dist loadgroup: tests marked with one xdist_group run on one worker (the Ray tests share
# one local Ray); the others are spread as with the default
test: lint typecheck browser  ## lint, types, and the representative test suite
	$(BIN)/pytest -q -n 2 --dist loadgroup

test-all: lint typecheck browser $(TRAIN_STAMP)  ## everything, slow simulations and training included
	$(BIN)/pytest -q -n 2 --dist loadgroup -m ''

bench: $(STAMP)  ## one-core speed of every playable game (about 20 s each)
	$(BIN)/cardwright bench bizarre-world
	$(BIN)/cardwright bench blue-moon
	$(BIN)/cardwright bench smash-up
	$(BIN)/cardwright bench smash-up -o players=4
	$(BIN)/cardwright bench varia
	$(BIN)/cardwright bench munchkin -o players=4

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
