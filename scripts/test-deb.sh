#!/usr/bin/env bash
# Checks the Debian package end to end: builds it (from the release binary already built), installs
# it with apt, runs the installed lector (version, the shipped profiles, the man page and the
# completions in place), removes it with apt and checks that none of its files is left.
#
#   scripts/test-deb.sh
#
# Needs root or sudo (it installs a system package). A lector package installed before is left
# alone and the check is skipped, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
installed() { [[ $(dpkg-query -W -f='${Status}' lector 2>/dev/null) == *"install ok installed"* ]]; }
if installed; then
    echo "test-deb.sh: a lector package is installed already: it is not replaced, the package check is skipped" >&2
    exit 0
fi

work=$(mktemp -d)
# apt reads the package as its own user: the directory must be readable by others.
chmod 755 "$work"
cleanup() {
    if installed; then DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq lector >/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "test-deb.sh: $*" >&2; exit 1; }

package=$(./scripts/package-deb.sh --skip-build --output "$work")
[[ $package =~ /lector_[^_]+_[a-z0-9]+\.deb$ ]] || fail "unexpected package name: $package"
mapfile -t files < <(dpkg-deb --contents "$package" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }')
for expected in /usr/bin/lector /usr/share/man/man1/lector.1.gz /usr/share/bash-completion/completions/lector \
                /usr/share/zsh/vendor-completions/_lector /usr/share/fish/vendor_completions.d/lector.fish \
                /usr/share/lector/profiles/focus.json /usr/share/doc/lector/rules.md.gz \
                /usr/share/man/man7/lector-rules.7.gz /usr/share/man/man7/lector-settings.7.gz; do
    grep -qx "$expected" <<<"$(printf '%s\n' "${files[@]}")" || fail "the package lacks $expected"
done
grep -q "libcurl4" <<<"$(dpkg-deb --field "$package" Depends)" || fail "the package does not depend on libcurl4"

DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" >/dev/null || fail "apt could not install $package"
installed || fail "apt install left no lector package installed"
export LECTOR_HOME=$work/home
[[ $(/usr/bin/lector version) == "lector $(dpkg-deb --field "$package" Version)" ]] || fail "the installed lector reports another version"
# Whole outputs first, then grep: with pipefail, grep -q leaving early would SIGPIPE the writer
# and fail the check at random (the man page is larger than a pipe's buffer).
profiles=$(/usr/bin/lector profile list) || fail "the installed lector cannot list its profiles"
grep -q "^focus[[:space:]]shipped" <<<"$profiles" || fail "the installed lector does not find its shipped profiles"
manual=$(zcat /usr/share/man/man1/lector.1.gz) || fail "the installed man page cannot be read"
grep -q '^\.TH' <<<"$manual" || fail "the installed man page is not a man page"
# The manual: from the binary offline, and as installed pages and man pages.
rules=$(/usr/bin/lector help rules) || fail "the installed lector has no 'help rules'"
grep -q '^# Filters, rules and saved searches' <<<"$rules" || fail "'lector help rules' is not the rules page"
page=$(zcat /usr/share/man/man7/lector-rules.7.gz) || fail "lector-rules(7) cannot be read"
grep -q '^\.TH LECTOR\\-RULES 7' <<<"$page" || fail "lector-rules(7) is not a man page"
bash -c 'source /usr/share/bash-completion/completions/lector && complete -p lector' >/dev/null \
    || fail "the installed bash completion does not register for lector"

DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq lector >/dev/null || fail "apt could not remove lector"
installed && fail "apt remove left the lector package installed"
for file in "${files[@]}"; do [[ ! -e $file ]] || fail "$file is left after removal"; done
[[ ! -e /usr/share/lector ]] || fail "/usr/share/lector is left after removal"
[[ ! -e /usr/share/doc/lector ]] || fail "/usr/share/doc/lector is left after removal"
echo "test-deb.sh: $(basename "$package") built, installed, run and removed cleanly"
