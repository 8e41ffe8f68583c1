#!/usr/bin/env bash
# Makes the virtualenv the `lector mcp` tests drive the server from: the official Model Context
# Protocol Python SDK from PyPI (`mcp`), pinned, in .build/mcp-venv (the build folder: never
# checked in, gone with a clean). Prints the virtualenv's python. A second run costs nothing.
# Needs python3-venv (scripts/install-deps.sh --test).
set -euo pipefail
cd "$(dirname "$0")/.."
sdk="mcp==2.3.0"
venv=.build/mcp-venv
if [[ ! -x $venv/bin/python3 ]] || ! $venv/bin/python3 -c 'import mcp, sys; sys.exit(0)' 2>/dev/null \
    || [[ $($venv/bin/python3 -c 'import importlib.metadata as m; print("mcp==" + m.version("mcp"))') != "$sdk" ]]; then
    rm -rf "$venv"
    # The system's python (not a shim of a version manager): python3-venv is what install-deps.sh puts there.
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$sdk" >&2
fi
echo "$PWD/$venv/bin/python3"
