#!/usr/bin/env bash
# Sets up and starts Lector: installs missing Debian packages, builds a release binary and runs
# it. With no arguments on a terminal that opens the REPL on the local store (a demo library on
# the first run); arguments are passed on, e.g. `./scripts/run.sh feed list`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# The release flags every script uses (see release-build.sh).
./scripts/release-build.sh >&2
exec .build/release/lector "$@"
