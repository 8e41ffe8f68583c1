#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/Targets and runs them, one after another, for a given time.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     # default: 60 s each, every target
#   scripts/fuzz.sh --build-only
#
# The modules under test are compiled straight from Sources/ with swiftc (-sanitize=fuzzer,address),
# into fuzz/.build, outside SwiftPM: `swift build` and the test suite never see these targets.
# Each target keeps a corpus in fuzz/.build/corpus/TARGET (seeded from shared/corpus and
# fuzz/seeds when present); findings land in fuzz/.build/findings/TARGET as crash-*/timeout-*/oom-*
# files, and every one of those becomes a regression test (see fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=fuzz/.build
shared=${LECTOR_SHARED:-$(cd .. && pwd)/shared}
seconds=60
build_only=0
targets=()
for arg in "$@"; do
    case $arg in
        --build-only) build_only=1 ;;
        ''|*[!0-9]*) targets+=("$arg") ;;
        *) seconds=$arg ;;
    esac
done
if ((${#targets[@]} == 0)); then
    for file in fuzz/Targets/*.swift; do targets+=("$(basename "$file" .swift)"); done
fi

mkdir -p "$out/modules" "$out/bin" "$out/ccurl"
# SwiftPM writes a module map for a C target; outside SwiftPM, this is CCurl's.
printf 'module CCurl {\n    header "%s/Sources/CCurl/include/ccurl.h"\n    export *\n}\n' "$PWD" > "$out/ccurl/module.modulemap"
flags=(-O -sanitize=fuzzer,address -enable-testing -parse-as-library -swift-version 6 -g
       -I "$out/modules" -I "$out/ccurl" -I Sources/CLibXML2/include -I Sources/CSQLite)
# ld.gold's noise about ASan's local symbols says nothing about our code.
quiet() { "$@" 2> >(grep -v "Cannot export local symbol" >&2); }

# module name, then the modules it imports (which must already be built), in dependency order.
build_module() {
    local name=$1 stamp="$out/modules/$1.o"
    if [[ -f $stamp ]] && [[ -z $(find "Sources/$name" -name '*.swift' -newer "$stamp" -print -quit) ]]; then return; fi
    echo "fuzz: compiling $name" >&2
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    quiet swiftc "${flags[@]}" -module-name "$name" -wmo -c "${sources[@]}" -o "$stamp" \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule"
}
# CCurl and CLibXML2 are C targets (they open their libraries with dlopen): their objects are
# linked like a module's.
if [[ ! -f $out/modules/CCurl.o || Sources/CCurl/ccurl.c -nt $out/modules/CCurl.o ]]; then
    clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CCurl/include -c Sources/CCurl/ccurl.c -o "$out/modules/CCurl.o"
fi
if [[ ! -f $out/modules/CLibXML2.o || Sources/CLibXML2/clibxml2.c -nt $out/modules/CLibXML2.o ]]; then
    clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLibXML2/include -c Sources/CLibXML2/clibxml2.c -o "$out/modules/CLibXML2.o"
fi
for module in LectorBasics LectorText LectorHTTP LectorStore LectorSettings LectorFeeds LectorReader LectorSync; do build_module "$module"; done

for target in "${targets[@]}"; do
    binary="$out/bin/$target"
    if [[ ! -x $binary || fuzz/Targets/$target.swift -nt $binary || -n $(find "$out/modules" -name '*.o' -newer "$binary" -print -quit) ]]; then
        echo "fuzz: linking $target" >&2
        quiet swiftc "${flags[@]}" "fuzz/Targets/$target.swift" "$out"/modules/*.o -lsqlite3 -o "$binary"
    fi
done
((build_only)) && exit 0

seed_corpus() {
    local target=$1 dir=$2
    case $target in
        FeedXML) find "$shared/corpus" -type f \( -name '*.xml' -o -name '*.rss' -o -name '*.atom' -o -name '*.rdf' \) -size -200k 2>/dev/null | head -400 ;;
        JSONFeed) find "$shared/corpus" -type f -name '*.json' -size -200k 2>/dev/null | head -200 ;;
        OPML) find "$shared/corpus" -type f -name '*.opml' -size -200k 2>/dev/null | head -100 ;;
        HTMLExtraction) find "$shared/corpus" -type f -name '*.html' -size -200k 2>/dev/null | head -100 ;;
        *) ;;
    esac | while read -r file; do cp -n "$file" "$dir/$(echo "$file" | md5sum | cut -c1-16)" 2>/dev/null || true; done || true   # head closing the pipe is not a failure
    # Recorded server answers: the body after the response headers.
    local service=
    case $target in GReaderResponses) service=greader ;; FeverResponses) service=fever ;; esac
    if [[ -n $service && -d $shared/fixtures/$service ]]; then
        for file in "$shared/fixtures/$service"/*.txt; do
            awk 'seen && body {print} /^<<< RESPONSE/ {seen=1} seen && /^\r?$/ {body=1}' "$file" > "$dir/$(basename "$file" .txt)"
        done
    fi
    if [[ -d fuzz/seeds/$target ]]; then cp -n fuzz/seeds/"$target"/* "$dir/" 2>/dev/null || true; fi
}

for target in "${targets[@]}"; do
    corpus="$out/corpus/$target" findings="$out/findings/$target"
    mkdir -p "$corpus" "$findings"
    seed_corpus "$target" "$corpus"
    echo "fuzz: running $target for ${seconds}s" >&2
    set +e
    "$out/bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$findings/" -print_final_stats=1 > "$out/$target.log" 2>&1
    status=$?
    set -e
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$out/$target.log" | grep -oE '[0-9]+$' || echo "?")
    found=$(find "$findings" -type f | wc -l)
    echo "$target: ${seconds}s, $runs executions, exit $status, $found finding(s) in $findings"
done
