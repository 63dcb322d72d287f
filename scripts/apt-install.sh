#!/usr/bin/env bash
# Install Debian packages (as root, or with sudo when available).
set -euo pipefail
[ $# -gt 0 ] || exit 0
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "$@" >/dev/null
