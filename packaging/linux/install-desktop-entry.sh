#!/bin/sh
# Put UNO in your desktop's application menu (for you only, no root needed).
# Run it from the unpacked folder, where it finds the game beside itself:
#
#   ./install-desktop-entry.sh            # add the menu entry, its icon and AppStream data
#   ./install-desktop-entry.sh --remove   # take them out again (the game folder stays)
#
# Files go under $XDG_DATA_HOME (default ~/.local/share): applications/,
# icons/hicolor/256x256/apps/ and metainfo/. Move the game folder afterwards and
# the entry points nowhere: run this again from the new place.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
id=io.github.uno_game.uno_game
data="${XDG_DATA_HOME:-$HOME/.local/share}"
apps="$data/applications"
icons="$data/icons/hicolor/256x256/apps"
meta="$data/metainfo"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$apps/$id.desktop" "$icons/$id.png" "$meta/$id.metainfo.xml"
    echo "removed the UNO menu entry"
    exit 0
fi
case "$here" in
    *[\"\`\$\\]*) echo "the folder's path holds a quote, \$ or \\; move the game elsewhere" >&2
                  exit 2 ;;
esac
[ -x "$here/uno" ] || { echo "no executable 'uno' beside this script" >&2; exit 2; }
mkdir -p "$apps" "$icons" "$meta"
# Exec: the game's full path, quoted as the Desktop Entry spec says.
sed "s|^Exec=uno\$|Exec=\"$here/uno\"|" "$here/$id.desktop" > "$apps/$id.desktop"
cp "$here/$id.png" "$icons/$id.png"
cp "$here/$id.metainfo.xml" "$meta/$id.metainfo.xml"
command -v update-desktop-database >/dev/null && update-desktop-database "$apps" 2>/dev/null || true
echo "UNO is in your application menu: $apps/$id.desktop"
