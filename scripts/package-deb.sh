#!/usr/bin/env bash
# Builds a Debian package of Lector: lector_VERSION_ARCH.deb in the repository root (or --output
# DIR), holding what scripts/install.sh installs, under /usr: the stripped release binary, the
# shipped profiles, the man page (gzipped) and the bash, zsh and fish completions.
#
#   scripts/package-deb.sh [--output DIR] [--skip-build]
#
# Install it with `sudo apt install ./lector_VERSION_ARCH.deb` (apt fetches the libraries it
# depends on), remove it with `sudo apt remove lector`.
set -euo pipefail
cd "$(dirname "$0")/.."

output=$PWD
skip_build=false
while (($#)); do
    case $1 in
        --output) [[ $# -ge 2 ]] || { echo "package-deb.sh: --output needs a directory" >&2; exit 2; }
                  output=$2; shift ;;
        --output=*) output=${1#--output=} ;;
        # The release binary is already built (the test command builds once, then packages).
        --skip-build) skip_build=true ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package-deb.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
mkdir -p "$output"
output=$(cd "$output" && pwd)

./scripts/install-deps.sh --package
if ! $skip_build; then
    # The same flags as install.sh.
    ./scripts/release-build.sh --product lector >&2
fi
binary=$(swift build -c release --show-bin-path)/lector
[[ -x $binary ]] || { echo "package-deb.sh: no release binary at $binary (build first, or drop --skip-build)" >&2; exit 1; }
version=$("$binary" version | awk '{ print $2 }')
[[ $version =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || { echo "package-deb.sh: '$binary version' gave no version: '$version'" >&2; exit 1; }
architecture=$(dpkg --print-architecture)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
# Debian's places: zsh looks in vendor-completions, bash-completion and fish as for install.sh.
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/lector/profiles" "$root/usr/share/man/man1" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/lector" "$root/usr/share/man/man7"
install -m 755 -s "$binary" "$root/usr/bin/lector"
install -m 644 profiles/*.json "$root/usr/share/lector/profiles/"
gzip -9n < docs/lector.1 > "$root/usr/share/man/man1/lector.1.gz"
chmod 644 "$root/usr/share/man/man1/lector.1.gz"
install -m 644 completions/lector.bash "$root/usr/share/bash-completion/completions/lector"
install -m 644 completions/_lector "$root/usr/share/zsh/vendor-completions/_lector"
install -m 644 completions/lector.fish "$root/usr/share/fish/vendor_completions.d/lector.fish"
gzip -9n < README.md > "$root/usr/share/doc/lector/README.md.gz"
chmod 644 "$root/usr/share/doc/lector/README.md.gz"
# The manual: each page (gzipped, as Debian keeps docs) and each as lector-PAGE(7), from the
# binary's own copy so the man pages are the pages `lector help TOPIC` prints.
while IFS=$'\t' read -r topic file stem; do
    gzip -9n < "docs/$file" > "$root/usr/share/doc/lector/$file.gz"
    "$binary" __manual roff "$topic" | gzip -9n > "$root/usr/share/man/man7/lector-$stem.7.gz"
    chmod 644 "$root/usr/share/doc/lector/$file.gz" "$root/usr/share/man/man7/lector-$stem.7.gz"
done < <("$binary" __manual files)

# What the binary links (libc, libstdc++, libgcc_s), with the versions its symbols need, from
# dpkg-shlibdeps; then the three libraries it opens on first use (docs/install.md, "What the binary needs
# at run time"), which no tool can see.
mkdir -p "$work/shlibs/debian"
printf 'Source: lector\n\nPackage: lector\nArchitecture: any\n' > "$work/shlibs/debian/control"
linked=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/lector" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[[ -n $linked ]] || { echo "package-deb.sh: dpkg-shlibdeps found no libraries for the binary" >&2; exit 1; }
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: lector
Version: $version
Architecture: $architecture
Maintainer: Lector maintainers <maintainers@users.noreply.a-seed-8210e6c8.example>
Installed-Size: $installed_size
Depends: $linked, libcurl4, libsecret-1-0, libxml2
Section: net
Priority: optional
Description: RSS reader accounts from the command line
 Lector administers RSS reader accounts (FreshRSS/Google Reader API, Miniflux,
 Fever, Feedbin, local) from a command line and a readline REPL: feeds, folders,
 settings, offline-first sync, and articles read in the terminal.
EOF

package=$output/lector_${version}_${architecture}.deb
dpkg-deb --root-owner-group --build "$root" "$package" >/dev/null
echo "$package"
