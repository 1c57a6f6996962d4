#!/usr/bin/env bash
# The frozen app really pairs over magic-wormhole (docs/ONLINE.md, "In the
# standalone builds"), every byte on 127.0.0.1:
#
#   scripts/check_frozen_online.sh dist/onedir/uno/uno [PYTHON]
#   scripts/check_frozen_online.sh dist/onefile/uno .venv/bin/python
#
# Starts the library's own mailbox server and transit relay on 127.0.0.1 from
# PYTHON's environment (default $PYTHON or .venv/bin/python; it needs the
# `online-servers` extra: pip install -e ".[online,online-servers]"), as
# `python -m game.online.selfhost` does, then runs the frozen app's --self-test
# with UNO_ONLINE_SERVER and UNO_ONLINE_RELAY naming them: its "online" check
# pairs an online seat's host (OnlineSeats) and a guest (OnlineGuest) inside the
# frozen process by the seat's code, through that mailbox and that relay, and
# sends a message each way over Dilation. Fails unless the self-test passed and
# that check paired. The servers stop when the script ends.
set -euo pipefail
cd "$(dirname "$0")/.."

exe=${1:?usage: scripts/check_frozen_online.sh FROZEN_EXECUTABLE [PYTHON]}
PYTHON=${2:-${PYTHON:-.venv/bin/python}}
work="$(mktemp -d)"
servers=""
cleanup() {
    if [[ -n $servers ]]; then
        kill "$servers" 2>/dev/null || true   # selfhost stops both servers on SIGTERM
        wait "$servers" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

read -r mailbox_port relay_port < <("$PYTHON" -c \
    "from game.online.selfhost import free_port as f; print(f(), f())")
"$PYTHON" -u -m game.online.selfhost --host 127.0.0.1 --mailbox-port "$mailbox_port" \
    --relay-port "$relay_port" >"$work/servers.txt" 2>&1 &
servers=$!
for _ in $(seq 600); do   # up to 60 s: the servers print their addresses once listening
    grep -q '^UNO_ONLINE_SERVER=' "$work/servers.txt" && break
    if ! kill -0 "$servers" 2>/dev/null; then
        echo "the wormhole servers did not start:" >&2
        cat "$work/servers.txt" >&2
        exit 1
    fi
    sleep 0.1
done
grep -q '^UNO_ONLINE_SERVER=' "$work/servers.txt" || { echo "the servers did not start in 60 s" >&2; exit 1; }
echo "== servers on 127.0.0.1: mailbox port $mailbox_port, transit relay port $relay_port"

status=0
UNO_GAME_HOME="$work/home" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    UNO_ONLINE_SERVER="ws://127.0.0.1:$mailbox_port/v1" UNO_ONLINE_RELAY="tcp:127.0.0.1:$relay_port" \
    "$exe" --self-test >"$work/report.txt" 2>&1 || status=$?
cat "$work/report.txt"
if [[ $status -ne 0 ]]; then
    echo "FAIL: the frozen self-test exited $status" >&2
    exit 1
fi
if ! grep -q '^ok   online: .*paired by code' "$work/report.txt"; then
    echo "FAIL: the frozen app did not pair over magic-wormhole" >&2
    exit 1
fi
echo "== the frozen app $exe paired over magic-wormhole on 127.0.0.1"
