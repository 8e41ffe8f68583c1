#!/usr/bin/env bash
# Sets up and runs every test: installs missing Debian packages, builds warning-free, checks the
# Debian package (scripts/test-deb.sh), then runs `swift test` inside a private D-Bus session with
# an unlocked throwaway gnome-keyring.
# Tests over the shared corpora read LECTOR_SHARED (default ../shared) and skip when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh --test
export LECTOR_SHARED=${LECTOR_SHARED:-$(cd .. && pwd)/shared}
# SwiftPM leaves an empty TemporaryDirectory.XXXXXX (holding only .keep-directory) in the temporary
# folder for each build and test command; the ones this run made are removed at its end.
temp_folders=("/tmp" "${TMPDIR:-/tmp}")
swiftpm_temporaries() { for folder in "${temp_folders[@]}"; do compgen -G "$folder/TemporaryDirectory.*" || true; done | sort -u; }
swiftpm_before=$(swiftpm_temporaries)

build_log=$(mktemp)
swift build --build-tests 2>&1 | tee "$build_log" >&2
# Counted, not grep -q: under pipefail a grep leaving early could SIGPIPE the one before it.
if (($(grep -E "warning:" "$build_log" | grep -vc "prohibited flag" || true) > 0)); then
    echo "the build has warnings (see above): the project keeps the build warning-free" >&2
    exit 1
fi
rm -f "$build_log"

# The journeys (Tests/LectorCLITests/Journeys) drive an installed lector from PATH in tmux:
# install one into a temporary prefix exactly as users do.
journey_prefix=$(mktemp -d)
trap 'rm -rf "$journey_prefix"' EXIT
./scripts/install.sh --prefix "$journey_prefix" >/dev/null
# The start-up goals that a file can show (docs/performance.md): the installed, stripped binary
# under 20 MB in decimal megabytes — 20,000,000 bytes, so the claim holds in MiB too; lector-bench
# prints the same bytes — and libstdc++ linked in rather than loaded (its symbol relocations were
# 40% of `lector version`'s instructions).
installed_size=$(stat -c %s "$journey_prefix/bin/lector")
if ((installed_size >= 20000000)); then
    echo "the installed lector is $installed_size bytes: over the 20 MB (20,000,000 bytes) goal (docs/performance.md)" >&2
    exit 1
fi
if readelf -d "$journey_prefix/bin/lector" | grep -q 'libstdc++'; then
    echo "the installed lector loads libstdc++ as a shared library (see scripts/release-build.sh)" >&2
    exit 1
fi
export LECTOR_JOURNEY_PREFIX=$journey_prefix
# `lector mcp` is driven by the official MCP Python SDK from PyPI, in a virtualenv of its own.
LECTOR_MCP_PYTHON=$(./scripts/mcp-test-venv.sh)
export LECTOR_MCP_PYTHON
# The Debian package of that same release binary: built, installed with apt, run, removed.
./scripts/test-deb.sh

# The suite leaves the machine as it found it: the shared temporary folders keep their modes
# (a run as root once turned /tmp into drwx------ and broke every other user's programs).
temp_modes_before=$(stat -c '%n %a %U' "${temp_folders[@]}")
# …and keeps nothing there: every folder a test makes is its own and goes with it.
# Lector's own temporary folders, and those the shells and terminals of the journeys would make
# when not given one of the journey's (fish's runtime folder, tmux's default socket folder).
leftovers() {
    for folder in "${temp_folders[@]}"; do
        for pattern in "lector-*" "fish.*" "tmux-*"; do compgen -G "$folder/$pattern" || true; done
    done | sort -u
}
leftovers_before=$(leftovers)

log=$(mktemp)
results=$(mktemp -d)
trap 'rm -rf "$journey_prefix" "$log" "$results"' EXIT
set +e
# The test that locks the login keyring would pull the rug from under the account tests running
# beside it, so it runs on its own, after everything else — whatever the first pass gave.
# What passed and failed is read from the XUnit files the runner writes at its end, not from its
# console lines: those go through a pipe to SwiftPM that a child of a test can leave non-blocking,
# and a full non-blocking pipe drops them (a run here lost the result lines of 62 passing tests).
./scripts/with-test-keyring.sh env RESULTS="$results" sh -c 'swift test --xunit-output "$RESULTS/all.xml"; first=$?
LECTOR_KEYRING_LOCK_TESTS=1 swift test --skip-build --filter lockedThenUnlocked --xunit-output "$RESULTS/locked.xml"; second=$?
[ "$first" -eq 0 ] && [ "$second" -eq 0 ]' >"$log" 2>&1 &
tests=$!
tail -n +1 -f --pid="$tests" "$log" &
follower=$!
wait "$tests"; status=$?
wait "$follower" || true
set -e
result_files=("$results"/*-swift-testing.xml)
read -r passed failed skipped total < <(python3 scripts/test-results.py counts "${result_files[@]}")
[[ $status -ne 0 && $failed -eq 0 ]] && failed=1
# Each of the two passes leaves its file; a pass cut short without one (a runner gone) must not
# pass for a green one.
if [[ ! -s "$results/all-swift-testing.xml" || ! -s "$results/locked-swift-testing.xml" ]]; then
    echo "a test pass ended without its results file: counted as failed" >&2
    ((failed == 0)) && failed=1
    status=1
fi
temp_modes_after=$(stat -c '%n %a %U' "${temp_folders[@]}")
if [[ "$temp_modes_after" != "$temp_modes_before" ]]; then
    echo "the tests changed a shared temporary folder: before: $temp_modes_before; after: $temp_modes_after" >&2
    failed=$((failed + 1)); status=1
fi
for folder in $(comm -13 <(echo "$swiftpm_before") <(swiftpm_temporaries)); do
    if [[ "$(ls -A "$folder")" == ".keep-directory" ]]; then rm -r "$folder"; fi
done
left_behind=$(comm -13 <(echo "$leftovers_before") <(leftovers) | grep . || true)
if [[ -n "$left_behind" ]]; then
    echo "the tests left $(wc -l <<<"$left_behind") folder(s) behind in the temporary folder:" $left_behind >&2
    # What they hold says which test left them.
    for folder in $left_behind; do find "$folder" -maxdepth 4 2>/dev/null | head -20 | sed 's/^/  /' >&2; done
    failed=$((failed + 1)); status=1
fi
# CI shows only the end of this output: name what failed last, with the issues each recorded.
if ((failed > 0)); then
    echo "what failed:" >&2
    python3 scripts/test-results.py failures "${result_files[@]}" | head -80 >&2
fi
echo "$passed passed, $failed failed, $skipped skipped (of $total in the results files)"
rm -rf "$log" "$results"
exit "$status"
