# Vantage: `make run` starts the server with a demo game; `make test` runs every check.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The virtualenv's bin first: a Node.js installed there (scripts/node-check.sh) is the one used.
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
NODE_MODULES := frontend/node_modules/.installed

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

node-check: $(BIN)/python
	@bash scripts/node-check.sh

frontend-deps: node-check $(NODE_MODULES)

# npm ci again only when the lock file changed (it deletes node_modules first)
$(NODE_MODULES): frontend/package-lock.json frontend/package.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

frontend: frontend-deps
	cd frontend && npm run build --silent

system-deps:
	bash scripts/system-deps.sh

bench: install-dev frontend
	$(BIN)/python bench/ws_latency.py

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist .test-run
