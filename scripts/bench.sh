#!/usr/bin/env bash
# Runs every benchmark of lector-bench and prints one table of Lector's figures beside its peers,
# all measured in this run: installs what the peers need (only what is missing), builds a
# release binary, generates the synthetic corpus from the shared generator, then runs
# startup, parse, sync-local, sync-breakdown, store, sync-remote, scale, extract, backup,
# repl-memory, feed-check and feed-apply. Everything
# stays on 127.0.0.1.
# The full log goes to bench-results/bench-<time>.log as well.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
peers=()
[[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null || peers+=(nginx-light)
command -v newsboat >/dev/null || peers+=(newsboat)
command -v python3 >/dev/null || peers+=(python3)
if ((${#peers[@]})); then
    echo "installing the peers: ${peers[*]}" >&2
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${peers[@]}" >/dev/null
fi

# The release flags every script uses (see release-build.sh).
./scripts/release-build.sh >&2
bench=.build/release/lector-bench
lector=.build/release/lector

export LECTOR_SHARED=${LECTOR_SHARED:-$(cd .. && pwd)/shared}
tmp=${TMPDIR:-/tmp}
corpus=$tmp/lector-bench-corpus
home=$tmp/lector-bench-home
mkdir -p bench-results
log=bench-results/bench-$(date -u +%Y%m%dT%H%M%SZ).log
export LECTOR_BENCH_SUMMARY
LECTOR_BENCH_SUMMARY=$(mktemp "$tmp/lector-bench-summary.XXXXXX")
trap 'rm -f "$LECTOR_BENCH_SUMMARY"' EXIT

have_corpus=yes
if [[ ! -f $LECTOR_SHARED/bench/gen_corpus.py ]]; then
    have_corpus=""
    echo "parse, sync-local, sync-breakdown: skipped: no corpus generator at $LECTOR_SHARED/bench/gen_corpus.py (set LECTOR_SHARED)" | tee -a "$log"
elif [[ ! -f $corpus/manifest.json ]]; then
    echo "generating the corpus into $corpus" | tee -a "$log"
    python3 "$LECTOR_SHARED/bench/gen_corpus.py" "$corpus" >/dev/null
fi

failed=()
run() {  # run NAME ARGS…: one benchmark; a failure is reported and the others still run
    echo "== $1" | tee -a "$log"
    "$bench" "$@" 2>&1 | tee -a "$log"
    [[ ${PIPESTATUS[0]} -eq 0 ]] || failed+=("$1")
}
set +e
run startup --lector "$lector" --home "$home"
if [[ -n $have_corpus ]]; then
    run parse --corpus "$corpus"
    run sync-local --lector "$lector" --corpus "$corpus"
    run sync-breakdown --corpus "$corpus"
fi
run store --home "$home" --reuse-store yes
run sync-remote
run scale --lector "$lector" --sizes "${LECTOR_BENCH_SCALE_SIZES:-10000,100000,1000000}"
run extract
run backup --lector "$lector"
run repl-memory --lector "$lector"
run feed-check
run feed-apply
set -e

{
    echo
    echo "Summary ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)); peers measured in the same run"
    "$bench" summary "$LECTOR_BENCH_SUMMARY"
    if ((${#failed[@]})); then echo "FAILED: ${failed[*]} (see above)"; fi
} | tee -a "$log"
echo "log: $log"
((${#failed[@]} == 0))
