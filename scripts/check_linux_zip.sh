#!/usr/bin/env bash
# Check the Linux zip's desktop integration (scripts/package_linux.sh made it):
# the .desktop file passes desktop-file-validate, the AppStream metainfo passes
# appstreamcli validate and appstream-util validate-relax, and
# install-desktop-entry.sh installs a valid entry whose Exec runs the unpacked
# game (--version), then removes it again. Needs desktop-file-utils, appstream
# and appstream-util (Debian/Ubuntu packages of those names).
#
#   scripts/check_linux_zip.sh out/uno-<version>-linux-x86_64.zip
set -euo pipefail
zipfile="$(realpath "$1")"
id=io.github.uno_game.uno_game
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
unzip -q "$zipfile" -d "$tmp/unpacked"
game="$tmp/unpacked/uno"
for name in "$id.desktop" "$id.metainfo.xml" "$id.png" install-desktop-entry.sh uno; do
    [[ -e "$game/$name" ]] || { echo "the zip lacks uno/$name"; exit 1; }
done
desktop-file-validate "$game/$id.desktop"
appstreamcli validate --no-net "$game/$id.metainfo.xml"
appstream-util validate-relax --nonet "$game/$id.metainfo.xml"

export XDG_DATA_HOME="$tmp/data"
"$game/install-desktop-entry.sh"
entry="$XDG_DATA_HOME/applications/$id.desktop"
desktop-file-validate "$entry"
exec_line="$(grep '^Exec=' "$entry")"
[[ "$exec_line" == "Exec=\"$game/uno\"" ]] || { echo "unexpected $exec_line"; exit 1; }
[[ -f "$XDG_DATA_HOME/icons/hicolor/256x256/apps/$id.png" ]]
"$game/uno" --version
"$game/install-desktop-entry.sh" --remove
[[ ! -e "$entry" ]] || { echo "--remove left $entry"; exit 1; }
echo "== Linux zip: desktop entry and AppStream data valid, installed and removed"
