# Rulebooks: `make site` builds the verified rules site, `make test` runs the whole suite.
# Both set everything up on first use (.venv, the project and its dependencies).

VENV  ?= .venv
BIN   := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK  := requirements.lock

.PHONY: all test test-fast site serve bench lint clean simulate mutate lock

all: test

$(STAMP): pyproject.toml examples/pig/pyproject.toml $(LOCK) scripts/bootstrap.sh
	@bash scripts/bootstrap.sh $(VENV)
	@touch $(STAMP)

## make lock: pin every dependency of pyproject.toml (extra `dev`, which holds them all, and
## the build backend) with its hashes into requirements.lock, for every platform; then
## `make test` installs exactly that. Run it after changing the dependencies in pyproject.toml;
## pins stay as they are unless a change needs otherwise (`make lock UPGRADE=1`: newest allowed).
lock: $(STAMP)
	@[ -x $(BIN)/uv ] || $(BIN)/python -m pip install --quiet uv
	$(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")' \
		| $(BIN)/uv pip compile pyproject.toml - --extra dev --universal --generate-hashes \
			--quiet --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade) -o $(LOCK)

## make test: every test: engine units, scenarios, invariants, clients, mutations (fast
## subset), recorder, site build and the site in a headless browser; on every core
## (pytest-xdist, one test file per worker at a time). `make test JOBS=1` runs them in one
## process, `JOBS=N` in N.
JOBS ?= auto
test: $(STAMP)
	$(BIN)/python -m pytest $(if $(filter 1,$(JOBS)),,-n $(JOBS) --dist loadfile)

## make test-fast: the quick loop while working: the engines, the scenarios and the unit
## tests, without the tests marked slow (site builds, the browser, campaigns, subprocess
## suites: tests/markers.py). Under a minute on 2 cores; make test runs everything.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -n $(JOBS) --dist loadfile \
		tests/engines tests/scenarios tests/tooling tests/layout

## make site: run the scenarios whose inputs changed (their feature file, their game's steps
## and engine, the recorder, the versions; the others' results are reused from the cache in
## results/.cache), record the results, build docs/_build/html incrementally (doctrees in
## docs/_build/doctrees). `make site FULL=1` reruns everything and rebuilds every page.
## `rulebooks site` exits 1 when a scenario did not pass (the site is built all the same,
## showing it red), 2 when a stage crashed or the results cannot be trusted (partial,
## interrupted run; a crashed stage leaves no site at all, never an older one), 3 when
## another build held the lock too long. make reports any failed recipe as its own exit 2,
## so the recipe's last line says which it was. A second `make site` of the same checkout
## waits for the first (lock on results/.lock).
site: $(STAMP)
	@$(BIN)/rulebooks site $(if $(FULL),--full); code=$$?; case $$code in \
	  0) ;; \
	  1) echo "make site: rulebooks site exited 1: a scenario did not pass (shown red on the site)" >&2 ;; \
	  2) echo "make site: rulebooks site exited 2: a stage crashed or the results cannot be trusted (see above)" >&2 ;; \
	  3) echo "make site: rulebooks site exited 3: another build of this checkout held the lock" >&2 ;; \
	  *) echo "make site: rulebooks site exited $$code" >&2 ;; \
	esac; exit $$code

## make serve: serve the site on http://127.0.0.1:8000 and rebuild it on every save of the
## docs, features, engines, steps or site code, the browser reloading: the scenarios whose
## inputs changed rerun first (their output shown; the others' results reused, as in make
## site), so verdicts stay live, and a run that crashes is recorded as such and shown broken.
## Each rebuild is forked from the server, which loaded Sphinx and pytest once (rulebooks/site/serve.py).
## It builds into docs/_build/serve, never make site's docs/_build/html (each has its own cache).
serve: $(STAMP)
	$(BIN)/rulebooks serve

## make bench: throughput figures and what recording costs (not a test).
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engines.py
	$(BIN)/python benchmarks/bench_clients.py
	$(BIN)/python benchmarks/bench_site.py
	$(BIN)/python benchmarks/bench_recorder.py

## make simulate: 1,000 random games of every game on every core, invariants checked.
simulate: $(STAMP)
	mkdir -p results && $(BIN)/rulebooks simulate all --games 1000 --workers $$(nproc) --out results/simulation.json

## make mutate: does the suite catch rule bugs? mutmut over the engine functions citing a
## clause, the scenarios as the suite, on every core, incrementally; plus the hand-made rule
## mutations. Writes mutation/results.json (commit it: the site shows it). Then every note of
## mutation/equivalent.toml is proven by play (fails on a note play disproves or a stale one).
## See docs/guide/tooling.md.
mutate: $(STAMP)
	$(BIN)/rulebooks mutate
	$(BIN)/rulebooks mutate --check-equivalents

## make lint: ruff and mypy.
lint: $(STAMP)
	$(BIN)/ruff check engine rulebooks tests benchmarks examples
	$(BIN)/mypy

clean:
	rm -rf docs/_build results .pytest_cache .mypy_cache .ruff_cache
