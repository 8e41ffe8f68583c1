#!/usr/bin/env bash
# Installs the Debian packages Lector needs to build (and, with --test, to run its tests; with
# --package, to build its Debian package: the tests build one too).
# Installs only what is missing, so a second run costs nothing.
set -euo pipefail

# Build: the -dev packages (headers; static archives of SQLite, readline and tinfo). Run time: the three
# libraries the binary opens on first use (README, "What the binary needs at run time").
packages=(libsqlite3-dev libreadline-dev libncurses-dev libsecret-1-dev libxml2-dev zlib1g-dev libcurl4-openssl-dev
          libcurl4 libsecret-1-0 libxml2)
for option in "$@"; do
    case $option in
        --test) packages+=(gnome-keyring libsecret-tools dbus dbus-daemon libglib2.0-bin zsh fish python3 python3-jsonschema python3-venv python3-gi gir1.2-glib-2.0 tmux bash-completion openssl
                           dpkg-dev) ;;
        # dpkg-shlibdeps, for the versions of the libraries the binary links.
        --package) packages+=(dpkg-dev) ;;
        *) echo "install-deps.sh: unknown argument '$option' (--test, --package)" >&2; exit 2 ;;
    esac
done

missing=()
for package in "${packages[@]}"; do
    [[ $(dpkg-query -W -f='${Status}' "$package" 2>/dev/null) == *"install ok installed"* ]] || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}" >&2
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "swift is not on PATH: install the Swift 6 toolchain (https://swift.org/install)" >&2; exit 1; }
