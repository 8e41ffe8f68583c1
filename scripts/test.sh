#!/usr/bin/env bash
# Sets up and runs every test: installs missing Debian packages, builds warning-free, then runs
# `swift test` inside a private D-Bus session with an unlocked throwaway gnome-keyring.
# Tests over the shared corpora read LECTOR_SHARED (default ../shared) and skip when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh --test
export LECTOR_SHARED=${LECTOR_SHARED:-$(cd .. && pwd)/shared}

build_log=$(mktemp)
swift build --build-tests 2>&1 | tee "$build_log" >&2
if grep -E "warning:" "$build_log" | grep -v "prohibited flag" | grep -q .; then
    echo "the build has warnings (see above): the project keeps the build warning-free" >&2
    exit 1
fi
rm -f "$build_log"

log=$(mktemp)
set +e
./scripts/with-test-keyring.sh swift test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
xc=$(grep -A1 "^Test Suite 'All tests'" "$log" | grep -oE 'Executed [0-9]+ tests?, with [0-9]+ failures?' | tail -1 || true)
xc=${xc:-Executed 0 tests, with 0 failures}
xt=$(sed -E 's/Executed ([0-9]+).*/\1/' <<<"$xc"); xf=$(sed -E 's/.*with ([0-9]+) fail.*/\1/' <<<"$xc")
sp=$(grep -E '^(✔|━) Test .* passed after' "$log" | grep -vc '^. Test run with' || true)
sf=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^. Test run with' || true)
failed=$((xf + sf)); [[ $status -ne 0 && $failed -eq 0 ]] && failed=1
echo "$((xt - xf + sp)) passed, $failed failed, $(grep -cE '^➜ Test .* skipped' "$log" || true) skipped"
rm -f "$log"
exit "$status"
