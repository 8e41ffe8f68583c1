#!/usr/bin/env bash
# Runs "$@" against a private, throwaway Secret Service:
# a private D-Bus session bus plus an unlocked gnome-keyring-daemon (secrets only),
# whose keyrings live in a temporary XDG_DATA_HOME. Everything is torn down afterwards
# and the script exits with the command's exit code.
#
#   scripts/with-test-keyring.sh swift test
#
# Works headless, as root, with no stdin. It never talks to another bus or keyring daemon:
# every variable that could lead gnome-keyring or libsecret to an existing one is replaced.
#
# Exported to the command:
#   DBUS_SESSION_BUS_ADDRESS       the private bus
#   XDG_DATA_HOME, XDG_RUNTIME_DIR private directories (keyrings, daemon control socket)
#   LECTOR_TEST_KEYRING_PASSWORD   the throwaway password; tests use it to unlock again after
#                                  locking, and treat its presence as "this keyring is disposable"
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 command [args...]" >&2
    exit 64
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/lector-keyring.XXXXXX")
chmod 700 "$workdir"
mkdir -m 700 "$workdir/data" "$workdir/runtime"
bus_pid=""

keyring_daemon_pid() {
    # The bus is ours alone, so whoever owns org.freedesktop.secrets on it is our daemon
    # (possibly a newer one, if the command ran `gnome-keyring-daemon --replace`).
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.GetConnectionUnixProcessID org.freedesktop.secrets \
        2>/dev/null | sed -n 's/^(uint32 \([0-9][0-9]*\),)$/\1/p' || true
}

running() {  # a zombie is not running: it only waits for its parent (or init) to reap it
    local pid comm state rest
    read -r pid comm state rest 2>/dev/null <"/proc/$1/stat" || return 1
    [ "$state" != Z ]
}

teardown() {
    local daemon_pid pid alive
    if [ -n "$bus_pid" ]; then
        daemon_pid=$(keyring_daemon_pid)
        for pid in $daemon_pid $bus_pid; do kill "$pid" 2>/dev/null || true; done
        # Wait up to a second; a process started with SIGTERM blocked (Foundation's Process
        # passes on its thread's signal mask) only yields to SIGKILL.
        for _ in $(seq 20); do
            alive=""
            for pid in $daemon_pid $bus_pid; do running "$pid" && alive="$alive $pid"; done
            [ -z "$alive" ] && break
            sleep 0.05
        done
        for pid in $alive; do kill -KILL "$pid" 2>/dev/null || true; done
    fi
    rm -rf "$workdir"
}
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Nothing may point at a keyring or bus outside the sandbox.
unset DBUS_SESSION_BUS_PID GNOME_KEYRING_CONTROL GNOME_KEYRING_PID SSH_AUTH_SOCK DISPLAY WAYLAND_DISPLAY
export XDG_DATA_HOME="$workdir/data"        # keyrings go to $XDG_DATA_HOME/keyrings
export XDG_RUNTIME_DIR="$workdir/runtime"   # the daemon's control socket goes here

# A bus that outlives one command: the address and pid come back on fds 4 and 5
# (files, not a pipe, because the forked daemon must not hold our command substitution open).
dbus-daemon --session --fork --nopidfile --address="unix:path=$workdir/bus" \
    --print-address=4 --print-pid=5 4>"$workdir/bus.address" 5>"$workdir/bus.pid" </dev/null
bus_pid=$(tr -d '[:space:]' <"$workdir/bus.pid")
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$workdir/bus.address")
export DBUS_SESSION_BUS_ADDRESS

# A throwaway password: nothing secret is ever stored in this keyring.
LECTOR_TEST_KEYRING_PASSWORD="lector-test-$$-$RANDOM$RANDOM"
export LECTOR_TEST_KEYRING_PASSWORD

# --unlock reads the password from stdin, creates the `login` keyring, unlocks it and makes it
# the default; the service is ready when this returns. It prints GNOME_KEYRING_CONTROL=….
control=$(printf %s "$LECTOR_TEST_KEYRING_PASSWORD" \
    | gnome-keyring-daemon --unlock --components=secrets 2>"$workdir/daemon.log") || {
    echo "with-test-keyring: gnome-keyring-daemon failed to start:" >&2
    cat "$workdir/daemon.log" >&2
    exit 69
}
control=$(sed -n 's/^GNOME_KEYRING_CONTROL=//p' <<<"$control")
[ -n "$control" ] && export GNOME_KEYRING_CONTROL="$control"

set +e
"$@"
status=$?
set -e
exit "$status"
