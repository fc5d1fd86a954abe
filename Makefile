# Every target builds what it needs: a fresh clone only needs python3 (3.11+).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.installed-train
# the extras `make test` needs (the RL interfaces and Ray); `make test-all` adds `train`
EXTRAS := dev,rl,ray

.PHONY: run test test-all lint typecheck browser tmux bench clean web

# The browser client (cardwright/web): TypeScript + Preact, built by Vite from the npm
# registry into cardwright/web/dist, which `cardwright serve` serves. Rebuilt when a source
# changes (the stamp); node_modules/ and dist/ are not in git.
WEB := cardwright/web
WEB_SOURCES := $(WEB)/package.json $(WEB)/package-lock.json $(WEB)/index.html \
  $(WEB)/vite.config.ts $(WEB)/tsconfig.json $(shell find $(WEB)/src -type f 2>/dev/null)
WEB_DEPS := $(WEB)/node_modules/.installed
WEB_STAMP := $(WEB)/dist/.stamp

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

run: $(STAMP) $(WEB_STAMP)  ## the game server: prints the lobby's address (Ctrl-C stops it)
	$(BIN)/cardwright serve

$(WEB_DEPS): $(WEB)/package.json $(WEB)/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "the browser client needs Node.js 20+ and npm" >&2; exit 1; }
	cd $(WEB) && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WEB_STAMP): $(WEB_DEPS) $(WEB_SOURCES)
	cd $(WEB) && npm run --silent build
	@touch $@

web: $(WEB_STAMP)

lint: $(STAMP) $(WEB_DEPS)
	$(BIN)/ruff check cardwright tests
	$(BIN)/ruff format --check cardwright tests
	cd $(WEB) && npx --no-install tsc --noEmit

typecheck: $(STAMP)
	$(BIN)/mypy

# The browser tests (Playwright for Python) drive headless Chromium: Debian's package,
# installed when missing (Playwright never downloads a browser of its own here).
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { command -v apt-get >/dev/null 2>&1 && apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	  { echo "the report test needs Chromium: install Debian's chromium package" >&2; exit 1; }

# The terminal test plays each game in tmux at two sizes: Debian's package, installed when missing.
tmux:
	@command -v tmux >/dev/null 2>&1 || \
	  { command -v apt-get >/dev/null 2>&1 && apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null; } || \
	  { echo "the terminal test needs tmux: install Debian's tmux package" >&2; exit 1; }

# --dist loadgroup: tests marked with one xdist_group run on one worker (the Ray tests share
# one local Ray); the others are spread as with the default
test: lint typecheck browser tmux $(WEB_STAMP)  ## lint, types, and the representative test suite
	$(BIN)/pytest -q -n 2 --dist loadgroup

test-all: lint typecheck browser tmux $(WEB_STAMP) $(TRAIN_STAMP)  ## everything, slow simulations and training included
	$(BIN)/pytest -q -n 2 --dist loadgroup -m ''

bench: $(STAMP)  ## one-core speed of every playable game (about 20 s each)
	$(BIN)/cardwright bench bizarre-world
	$(BIN)/cardwright bench blue-moon
	$(BIN)/cardwright bench smash-up
	$(BIN)/cardwright bench smash-up -o players=4
	$(BIN)/cardwright bench varia
	$(BIN)/cardwright bench munchkin -o players=4

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info \
	  $(WEB)/node_modules $(WEB)/dist
