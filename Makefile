# Vantage: `make run` starts the server with a demo game; `make test` runs every check.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-dev node-check frontend-deps frontend system-deps bench clean

run: install frontend
	$(BIN)/vantage migrate
	VANTAGE_HOST=$(HOST) VANTAGE_PORT=$(PORT) $(BIN)/vantage serve --demo

test: install-dev frontend-deps system-deps
	bash scripts/test.sh

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

install-dev: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'

node-check:
	@command -v npm >/dev/null || bash scripts/apt-install.sh nodejs npm

frontend-deps: node-check
	cd frontend && npm ci --no-audit --no-fund --loglevel=error

frontend: frontend-deps
	cd frontend && npm run build --silent

system-deps:
	bash scripts/system-deps.sh

bench: install-dev frontend
	$(BIN)/python bench/ws_latency.py

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist .test-run
