#!/usr/bin/env bash
# Builds Lector's release binaries with the flags every script uses (install.sh, package-deb.sh,
# run.sh, bench.sh); arguments are passed on to `swift build`, e.g. `--product lector`.
#
# - The Swift standard library and Foundation are linked statically (no Swift runtime to install).
# - lld packs the relative relocations (RELR): the loader's relocation work at start-up halves
#   (LD_DEBUG=statistics: 5.0 M -> 2.6 M cycles for `lector version`).
# - libstdc++ (which the Swift runtime uses) is linked from its static archive when the compiler
#   has one: as a shared library its ~1,650 symbol relocations were resolved at every start-up
#   (1.6 M of `lector version`'s 3.9 M instructions). The archive is found through a folder of
#   its own searched first, since the toolchain's link line names plain -lstdc++.
# - No dynamic symbol table of the program's own functions: the toolchain links executables with
#   -export-dynamic, which kept ~7,000 symbols (and the code they name, past --gc-sections) for
#   no reader — nothing looks Lector's symbols up at run time (0.6 MB of the stripped binary).
# - Each function in a section of its own, so that --gc-sections (which SwiftPM passes) can drop
#   the ones nothing calls: without it a Swift file's code was one section, kept whole when any
#   of it was used.
# - Identical functions folded into one (lld --icf=all): generic specialisations and thunks the
#   compiler emits alike in many modules (21,258,000 -> 20,705,040 bytes stripped on 2026-12-06,
#   which brought the merged tree back under the 20 MB goal). Nothing in Lector compares function
#   addresses; the journeys, the .deb and the MCP tests run this binary.
set -euo pipefail
cd "$(dirname "$0")/.."

flags=(-c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
       -Xlinker --no-export-dynamic -Xlinker --icf=all -Xswiftc -Xfrontend -Xswiftc -function-sections)
archive=$(c++ -print-file-name=libstdc++.a 2>/dev/null || true)
if [[ $archive == /* && -f $archive ]]; then
    static_cxx=$PWD/.build/static-libstdc++
    mkdir -p "$static_cxx"
    ln -sf "$archive" "$static_cxx/libstdc++.a"
    flags+=(-Xswiftc -L -Xswiftc "$static_cxx")
fi
exec swift build "${flags[@]}" "$@"
