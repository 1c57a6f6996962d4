#!/usr/bin/env bash
# Run the Windows installer's install and uninstall logic under Wine: a silent
# install into a fresh Wine prefix, the Start-menu entry and the Apps
# (uninstall) registry key; a plain uninstall keeps the player's data
# (%LOCALAPPDATA%\uno-game), one with /REMOVEDATA removes it. The same steps as
# packaging/windows/selftest-installer.ps1, less the installed game's
# self-test (the installer .ci/run compiles holds the Linux build).
# Needs 32-bit Wine (NSIS installers are 32-bit): Debian's wine and wine32:i386.
#
#   scripts/check_installer_wine.sh out/ci/uno-ci-setup.exe
set -euo pipefail
setup="$(realpath "$1")"
export WINEPREFIX WINEDEBUG=-all
WINEPREFIX="$(mktemp -d)/prefix"
trap 'wineserver -k 2>/dev/null || true; rm -rf "$(dirname "$WINEPREFIX")"' EXIT
wineboot -i >/dev/null 2>&1
drive="$WINEPREFIX/drive_c"
user="$(ls "$drive/users" | grep -v -x -e Public | head -1)"
data="$drive/users/$user/AppData/Local/uno-game"
lnk="$drive/users/$user/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/UNO.lnk"
key='Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Uninstall\\\\uno-game]'

check() { if eval "$1"; then echo "ok   $2"; else echo "FAIL $2"; exit 1; fi; }
install() {
    wine "$setup" /S '/D=C:\uno-installed'
    wineserver -w
    check '[[ -d "$drive/uno-installed/_internal" && -f "$drive/uno-installed/Uninstall.exe" ]]' \
        "installed with its uninstaller"
    check '[[ -f "$lnk" ]]' "Start-menu entry"
    check 'grep -q "$key" "$WINEPREFIX/user.reg"' "Apps entry (HKCU uninstall key)"
}
uninstall() {
    wine 'C:\uno-installed\Uninstall.exe' /S "$@" '_?=C:\uno-installed'
    wineserver -w
    check '[[ ! -e "$drive/uno-installed/_internal" ]]' "game removed"
    check '[[ ! -e "$lnk" ]]' "Start-menu entry removed"
    check '! grep -q "$key" "$WINEPREFIX/user.reg"' "Apps entry removed"
    rm -f "$drive/uno-installed/Uninstall.exe"
}

install
mkdir -p "$data/config" && echo "the player's" > "$data/config/settings.json"
uninstall
check '[[ -f "$data/config/settings.json" ]]' "the player's data kept by a plain uninstall"
install
uninstall /REMOVEDATA
check '[[ ! -e "$data" ]]' "the player's data removed with /REMOVEDATA"
echo "== installer: install and uninstall checked under Wine"
