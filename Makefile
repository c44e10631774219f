# Rulebooks: `make site` builds the verified rules site, `make test` runs the whole suite.
# Both set everything up on first use (.venv, the project and its dependencies).

VENV  ?= .venv
BIN   := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all test site bench lint clean

all: test

$(STAMP): pyproject.toml scripts/bootstrap.sh
	@bash scripts/bootstrap.sh $(VENV)
	@touch $(STAMP)

## make test: every test: engine units, scenarios, recorder, site build.
test: $(STAMP)
	$(BIN)/python -m pytest

## make site: run every scenario, record the results, build docs/_build/html.
## Exits non-zero when a scenario did not pass (the site is built all the same).
site: $(STAMP)
	$(BIN)/rulebooks site

## make bench: throughput figures (not a test).
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engines.py

## make lint: ruff and mypy.
lint: $(STAMP)
	$(BIN)/ruff check engine rulebooks tests benchmarks
	$(BIN)/mypy

clean:
	rm -rf docs/_build results .pytest_cache .mypy_cache .ruff_cache
