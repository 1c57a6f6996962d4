#!/usr/bin/env bash
# Zip the Linux one-folder build with its desktop integration, as released:
#
#   scripts/package_linux.sh dist/onedir/uno out/uno-<version>-linux-x86_64.zip
#
# The zip's folder uno/ holds the game and, from packaging/linux/, the .desktop
# file, the AppStream metainfo, the icon (assets/icon.png under the app id) and
# install-desktop-entry.sh, which puts the game in the application menu.
set -euo pipefail
cd "$(dirname "$0")/.."
folder="$1" zipfile="$2"
id=io.github.uno_game.uno_game
cp packaging/linux/"$id".desktop packaging/linux/"$id".metainfo.xml \
   packaging/linux/install-desktop-entry.sh "$folder"/
cp assets/icon.png "$folder/$id.png"
mkdir -p "$(dirname "$zipfile")"
rm -f "$zipfile"
zipfile="$(realpath "$zipfile")"
(cd "$(dirname "$folder")" && zip -qr -y "$zipfile" "$(basename "$folder")")
echo "== $zipfile: $(du -h "$zipfile" | cut -f1)"
