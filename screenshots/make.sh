#!/usr/bin/env bash
# Makes the README's screenshots, one PNG per screen.
#
# The studio's screens come from its own frames: tests in ui/shots_test.go
# drive the studio at 120×36 (dark) and write each frame's View().Content,
# with its colours, as .ansi — so no terminal emulator sits between the
# studio and the picture:
#   library         the library narrowed by a fact filter (has:quiz)
#   read            the Read tab of ledger-api-onboarding
#   read-search     `/` in the reader: matches highlighted, a match count
#   info            the Info tab (front matter as a table)
#   files           the Files tab (the skill's folder as a tree)
#   functions       the Functions tab of forgejo-api.xgs.js
#   lint            the Lint tab of broken-weather.xgs.js, own findings first
#   agent           the Agent tab scrolled to the library listing and budget bar
#   quiz            a quiz run after a wrong answer, its load-reference offered
#   quiz-reference  that reference opened in the reader
#   gated           the Read tab while the quiz gate is closed
#   new             the new-skill form (`n`) with its live preview
#   review          the Review tab on a fixture skill hiding an instruction,
#                   a zero-width space and a right-to-left override
#   remote          a well-known source served by the test: verified,
#                   unverified and withheld (digest mismatch) skills
# Only the last two use fixtures the test writes; the rest is the example
# library built into skillstudio.
#
# The CLI's `build --watch` runs for real in a 120×30 tmux pane on a copy
# of an example .xgs.js that this script edits three times (a good change,
# a broken header, the fix); `tmux capture-pane -p` (plain text: the build
# output has no colours, and tmux rewrites colour resets in a way freeze
# misreads) becomes watch.ansi.
#
# freeze renders each frame to SVG (pinned as a tool in this folder's
# go.mod), fix-svg.pl corrects it and rsvg-convert makes the PNG (from
# Debian's librsvg2-bin; the DejaVu Sans Mono font comes from
# fonts-dejavu-core, perl from perl-base; the watch shot needs tmux).
#
#   screenshots/make.sh          # writes screenshots/*.png
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
work=$(mktemp -d)
sock="skillstudio-shots-$$"
cleanup() {
	tmux -L "$sock" kill-server 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

for tool in rsvg-convert tmux perl; do
	command -v "$tool" >/dev/null || { echo "make.sh needs $tool (apt-get install librsvg2-bin fonts-dejavu-core tmux)" >&2; exit 1; }
done

(cd "$repo" && SKILLSTUDIO_SHOTS_DIR="$work" go test ./ui -run '^TestWrite.*Screenshot' -count=1 >/dev/null)

# wait_for TEXT: poll the tmux pane until it shows TEXT (at most 60s).
wait_for() {
	for _ in $(seq 600); do
		tmux -L "$sock" capture-pane -t watch -p | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "make.sh: the watch pane never showed: $1" >&2
	tmux -L "$sock" capture-pane -t watch -p >&2
	exit 1
}

(cd "$repo" && go build -o "$work/bin/skillstudio" .)
mkdir -p "$work/demo/skills"
skill="$work/demo/skills/open-prices.xgs.js"
cp "$repo/examples/library/xgs/open-prices.xgs.js" "$skill"
tmux -L "$sock" -f /dev/null new-session -d -s watch -x 120 -y 30 -c "$work/demo" \
	"env PATH='$work/bin:$PATH' PS1='\$ ' bash --norc --noprofile"
tmux -L "$sock" send-keys -t watch "skillstudio build --watch skills/" Enter
wait_for "watching 1 skill"
sed -i 's/^\/\/ @version  *1\.2\.0$/\/\/ @version 1.3.0/' "$skill"
wait_for "lint: 0 errors"
sed -i 's/^\/\/ @version 1\.3\.0$/\/\/ @version 1.3/' "$skill"
wait_for "hint:"
sed -i 's/^\/\/ @version 1\.3$/\/\/ @version 1.3.1/' "$skill"
for _ in $(seq 600); do
	[ "$(tmux -L "$sock" capture-pane -t watch -p | grep -c 'lint: 0 errors')" -ge 2 ] && break
	sleep 0.1
done
# The pane without its empty rows below the output.
tmux -L "$sock" capture-pane -t watch -p | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$work/watch.ansi"

for frame in "$work"/*.ansi; do
	name=$(basename "$frame" .ansi)
	# freeze draws a no-break space (glamour pads code spans with them)
	# as a glyph of another width; a terminal shows a space.
	sed -i 's/\xc2\xa0/ /g' "$frame"
	# rsvg-convert ignores the web font freeze embeds and would fall back
	# to a proportional one: name an installed monospace font. freeze's
	# SVG is corrected by fix-svg.pl (its cell width is not DejaVu's, so
	# text drifted a cell off its backgrounds by the right pane) and
	# rendered at freeze's own PNG scale.
	(cd "$here" && go tool freeze --language ansi --window --padding 20 --margin 0 \
		--font.family "DejaVu Sans Mono" --font.size 14 --line-height 1.2 --background "#0d1117" \
		--output "$work/$name.svg" "$frame" >/dev/null)
	perl "$here/fix-svg.pl" <"$work/$name.svg" | rsvg-convert -z 4 -o "$here/$name.png"
	echo "wrote screenshots/$name.png"
done
