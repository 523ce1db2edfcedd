#!/usr/bin/env bash
# Makes the README's screenshots of the studio on the embedded example
# library: a test drives the studio through a few states and writes each
# frame (View().Content, with its colours), and freeze renders each frame
# to PNG (freeze is pinned as a tool in this folder's go.mod; PNG output
# needs rsvg-convert from Debian's librsvg2-bin, and the DejaVu Sans Mono
# font from fonts-dejavu-core). A tmux capture-pane -e route was tried
# first: tmux rewrites the colour resets in a way freeze misreads.
#
#   screenshots/make.sh          # writes screenshots/*.png
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v rsvg-convert >/dev/null || { echo "make.sh needs rsvg-convert (apt-get install librsvg2-bin fonts-dejavu-core)" >&2; exit 1; }

# The frames come from the studio's own View (a test drives it through
# the states shown), so no terminal emulator sits between the studio and
# the picture.
(cd "$repo" && SKILLSTUDIO_SHOTS_DIR="$work" go test ./ui -run '^TestWriteScreenshotFrames$' -count=1 >/dev/null)

for frame in "$work"/*.ansi; do
	name=$(basename "$frame" .ansi)
	# rsvg-convert ignores the web font freeze embeds and would fall back
	# to a proportional one: name an installed monospace font.
	(cd "$here" && go tool freeze --language ansi --window --padding 20 --margin 0 \
		--font.family "DejaVu Sans Mono" --font.size 14 --line-height 1.2 --background "#0d1117" \
		--output "$here/$name.png" "$frame" >/dev/null)
	echo "wrote screenshots/$name.png"
done
