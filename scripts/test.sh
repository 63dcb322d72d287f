#!/usr/bin/env bash
# The whole suite: lint, types, frontend checks, then pytest (SQLite, PostgreSQL, browser).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
status=0
step() { echo; echo "== $*"; }
run() { "$@" || status=1; }

step "ruff"
run $BIN/ruff check backend tests bench scripts
run $BIN/ruff format --check backend tests bench scripts
step "mypy (strict on the pure core)"
run $BIN/mypy
step "frontend: typecheck, tests, build"
run bash -c "cd frontend && npm run --silent typecheck && npm test --silent && npm run --silent build"
step "pytest"
$BIN/pytest -q -p no:cacheprovider "$@"
code=$?
if [ $code -ne 0 ]; then status=$code; fi
echo
if [ $status -eq 0 ]; then echo "ALL CHECKS PASSED"; else echo "SOME CHECKS FAILED"; fi
exit $status
