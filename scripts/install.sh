#!/usr/bin/env bash
# Installs Lector like a Linux tool: builds a release binary and puts it, the shipped profiles,
# the man page, the manual (its pages under share/doc/lector/, each also a man page lector-PAGE(7))
# and the shell completions where each is looked for under a prefix.
#
#   scripts/install.sh [--prefix DIR]              install (default ~/.local; /usr/local as root)
#   scripts/install.sh [--prefix DIR] --uninstall  remove exactly what an install puts there
#
# The prefix's bin/ must be on PATH; the completions are found by bash-completion
# (share/bash-completion/completions, via XDG_DATA_HOME or XDG_DATA_DIRS), zsh
# (share/zsh/site-functions on fpath) and fish (share/fish/vendor_completions.d, via XDG_DATA_DIRS).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=""
uninstall=false
skip_build=false
while (($#)); do
    case $1 in
        --prefix) [[ $# -ge 2 ]] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }
                  prefix=$2; shift ;;
        --prefix=*) prefix=${1#--prefix=} ;;
        --uninstall) uninstall=true ;;
        # The release binary is already built (the test command builds once, then installs).
        --skip-build) skip_build=true ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
if [[ -z $prefix ]]; then
    if [[ $(id -u) -eq 0 ]]; then prefix=/usr/local; else prefix=$HOME/.local; fi
fi
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

profiles=(profiles/*.json)
# Every file an install writes, relative to the prefix; --uninstall removes exactly these.
files=(
    bin/lector
    share/man/man1/lector.1
    share/bash-completion/completions/lector
    share/zsh/site-functions/_lector
    share/fish/vendor_completions.d/lector.fish
)
for profile in "${profiles[@]}"; do files+=("share/lector/profiles/${profile##*/}"); done
# The manual's pages (docs/development.md is about the source tree and stays there).
pages=()
for page in docs/*.md; do [[ $page == docs/development.md ]] || pages+=("$page"); done
for page in "${pages[@]}"; do
    stem=${page##*/}; stem=${stem%.md}
    files+=("share/doc/lector/$stem.md" "share/man/man7/lector-$stem.7")
done

# install_manual BINARY DOCDIR MAN7DIR: each page as written, and as lector-PAGE(7) from the
# binary's own copy (`lector __manual roff TOPIC`), so the man pages are the pages it prints.
install_manual() {
    local topic file stem
    while IFS=$'\t' read -r topic file stem; do
        [[ -f docs/$file ]] || { echo "install.sh: the binary's page $file is not in docs/" >&2; exit 1; }
        install -m 644 "docs/$file" "$2/$file"
        "$1" __manual roff "$topic" > "$3/lector-$stem.7"
        chmod 644 "$3/lector-$stem.7"
    done < <("$1" __manual files)
}

if $uninstall; then
    for file in "${files[@]}"; do
        if [[ -e $prefix/$file ]]; then rm -f "$prefix/$file" && echo "removed $prefix/$file"; fi
    done
    # Only Lector's own folders, and only when nothing else is left in them.
    rmdir "$prefix/share/lector/profiles" "$prefix/share/lector" "$prefix/share/doc/lector" 2>/dev/null || true
    exit 0
fi

if ! $skip_build; then
    ./scripts/install-deps.sh
    # The same flags as run.sh, bench.sh and package-deb.sh (see release-build.sh).
    ./scripts/release-build.sh --product lector >&2
fi
binary=$(swift build -c release --show-bin-path)/lector
[[ -x $binary ]] || { echo "install.sh: no release binary at $binary (build first, or drop --skip-build)" >&2; exit 1; }

install -d "$prefix/bin" "$prefix/share/lector/profiles" "$prefix/share/man/man1" "$prefix/share/man/man7" "$prefix/share/doc/lector" \
    "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 -s "$binary" "$prefix/bin/lector"
install -m 644 "${profiles[@]}" "$prefix/share/lector/profiles/"
install -m 644 docs/lector.1 "$prefix/share/man/man1/lector.1"
install_manual "$binary" "$prefix/share/doc/lector" "$prefix/share/man/man7"
install -m 644 completions/lector.bash "$prefix/share/bash-completion/completions/lector"
install -m 644 completions/_lector "$prefix/share/zsh/site-functions/_lector"
install -m 644 completions/lector.fish "$prefix/share/fish/vendor_completions.d/lector.fish"
for file in "${files[@]}"; do echo "installed $prefix/$file"; done

case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it (e.g. in ~/.profile: PATH=\"$prefix/bin:\$PATH\")" >&2 ;;
esac
./scripts/completion-notes.sh "$prefix" >&2
