#!/usr/bin/env bash
# What the test suite needs from Debian: a PostgreSQL server and Chromium (for Playwright).
set -euo pipefail
need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing from Debian: ${need[*]}"
  bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
fi
