# artsheets: two commands on a fresh machine (see README.md):
#   make demo   set everything up, then print a sample set of sheets into output/
#   make test   set everything up, then run lint and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint format bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(BIN)/artsheets generate all -o output
	$(BIN)/artsheets generate all --seed 1..2 -o output

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/pytest

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_sheets.py
	$(BIN)/python benchmarks/bench_rules.py
	$(BIN)/python benchmarks/bench_scanner.py --quick
	$(BIN)/python benchmarks/bench_scan_speed.py --quick

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png output/*.json
