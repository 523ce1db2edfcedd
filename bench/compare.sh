#!/usr/bin/env bash
# Measures skillstudio against its peers in one run and prints a Markdown
# table (the README's Speed section is its output): it builds the binary
# and a hello-world Go binary, installs skills-ref and esbuild from npm
# (esbuild at the version go.mod pins) into a temp folder, builds glow (pinned in bench/glow/go.mod), generates
# libraries of 1k/10k/50k skills (bench/gen), then times each pair
# alternately (bench/timeit: median, min–max, peak RSS, ratio of medians),
# runs the Go benchmarks that have no command-line peer, and prints the
# machine's own two-core ceiling for in-cache and memory-bound work
# (bench/scaling).
#
#   bench/compare.sh                 # SIZES="1000 10000 50000" RUNS=5
#   SIZES="1000 10000" bench/compare.sh
#
# Ratios are what to read: the machine is often shared, so absolute
# figures move with the load printed at the top and bottom.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
SIZES=${SIZES:-"1000 10000 50000"}
RUNS=${RUNS:-5}
SKILLS_REF_VERSION=${SKILLS_REF_VERSION:-0.1.5}
ESBUILD_VERSION=${ESBUILD_VERSION:-0.28.2}

say() { echo "$@" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

say "building into $work"
(cd "$repo" && go build -o "$work/skillstudio" . && go build -o "$work/timeit" ./bench/timeit && go build -o "$work/gen" ./bench/gen && go build -o "$work/scaling" ./bench/scaling)
(cd "$here/glow" && go build -o "$work/glow" github.com/charmbracelet/glow/v2)
mkdir -p "$work/hello"
cat >"$work/hello/main.go" <<'GO'
package main

import "fmt"

func main() { fmt.Println("hello") }
GO
(cd "$work/hello" && go mod init hello >/dev/null 2>&1 && go build -o "$work/hello-bin" .)
say "installing skills-ref@$SKILLS_REF_VERSION and esbuild@$ESBUILD_VERSION from npm"
(cd "$work" && npm install --silent --no-audit --no-fund --prefix "$work/npm" "skills-ref@$SKILLS_REF_VERSION" "esbuild@$ESBUILD_VERSION" >/dev/null)

ss=$work/skillstudio
timeit() { "$work/timeit" "$@"; }
gobench() { # package, benchmark, metric unit; prints the metric's value
	(cd "$repo" && go test "$1" -run '^$' -bench "^Benchmark$2\$" -benchtime "${4:-3x}" -count 1 2>/dev/null) |
		awk -v unit="$3" '/^Benchmark/ { for (i = 1; i < NF; i++) if ($(i+1) == unit) print $i }' | tail -1
}

# studio_peak runs the studio on a library in tmux until every skill is
# listed, quits it, and prints its peak RSS and how long the list took.
studio_peak() {
	local lib=$1 n=$2 k=$3
	if ! command -v tmux >/dev/null || [ ! -x /usr/bin/time ]; then
		echo "| studio $k: peak memory with every skill listed | (needs tmux and /usr/bin/time) | — | — |"
		return
	fi
	local sess=ssbench$$ out=$work/studio-$n.time start end
	tmux new-session -d -s "$sess" -x 120 -y 40 "/usr/bin/time -f '%M %e' -o $out $ss $lib"
	start=$(date +%s%N)
	for _ in $(seq 1 1200); do
		tmux capture-pane -t "$sess" -p 2>/dev/null | grep -q "$n skills" && break
		sleep 0.05
	done
	end=$(date +%s%N)
	sleep 0.5 # let the library checks that follow the last row finish
	tmux send-keys -t "$sess" q
	for _ in $(seq 1 100); do [ -s "$out" ] && break; sleep 0.1; done
	tmux kill-session -t "$sess" 2>/dev/null || true
	read -r kb _ <"$out"
	echo "| studio $k: peak memory with every skill listed (real binary in tmux; target < 150 MiB at 10k, < 600 MiB at 50k) · time until all $n rows are listed | $((kb / 1024)) MiB · $(( (end - start) / 1000000 )) ms | — | — |"
}

echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3); load average at start $(load)"
echo
echo "| comparison | skillstudio: median wall (min–max), peak RSS, mean CPU | peer: the same | ratio of median wall |"
echo "|---|---|---|---|"
timeit -runs 20 -label "start-up: \`skillstudio version\` vs a hello-world Go binary" -cmd "$ss version >/dev/null" -base "$work/hello-bin >/dev/null"

for n in $SIZES; do
	lib=$work/lib-$n
	"$work/gen" -n "$n" "$lib"
	runs=$RUNS
	[ "$n" -ge 50000 ] && runs=$(( RUNS < 3 ? RUNS : 3 ))
	k="$((n / 1000))k"
	timeit -runs "$runs" -label "lint $k skills vs reading their files (\`find | xargs cat\`)" \
		-cmd "$ss lint $lib >/dev/null" -base "find $lib -type f -print0 | xargs -0 cat >/dev/null"
	timeit -runs "$runs" -label "lint $k on one core vs two (ratio = two-core speed-up, target ≥ 1.8)" \
		-cmd "GOMAXPROCS=1 $ss lint $lib >/dev/null" -base "$ss lint $lib >/dev/null"
	first=$(SKILLSTUDIO_BENCH_DIR=$lib gobench ./formats StreamFirstRow ms-to-first-row 5x)
	echo "| studio $k: first row after start (\`BenchmarkStreamFirstRow\`, target < 50 ms) | ${first:-?} ms | — | — |"
	studio_peak "$lib" "$n" "$k"
done

# The machine's own two-core ceiling for the two kinds of work lint does:
# in-cache work and pointer chasing through memory (bench/scaling).
"$work/scaling"

# show vs glow on SKILL.md files of three sizes from the corpus (the
# generated library without it): the median, the 90th percentile and the biggest. Documents
# past 64 KB render in chunks on every core; smaller ones render whole.
corpus=$repo/../shared/corpus
mds=$corpus
[ -d "$corpus" ] || mds=$work/lib-${SIZES%% *}
find "$mds" -name SKILL.md -printf '%s %p\n' 2>/dev/null | sort -n >"$work/skillmd-sizes"
count=$(wc -l <"$work/skillmd-sizes")
for at in "median:$(( (count + 1) / 2 ))" "90th percentile:$(( count * 9 / 10 ))" "biggest:$count"; do
	md=$(sed -n "${at##*:}p" "$work/skillmd-sizes" | cut -d' ' -f2-)
	timeit -runs 20 -label "show the ${at%%:*} SKILL.md ($(wc -c <"$md") bytes, notty, 80 columns) vs glow" \
		-cmd "$ss show --style notty --width 80 $(dirname "$md") >/dev/null" -base "$work/glow -s notty -w 80 $md >/dev/null"
done

# Per SKILL.md, in process, on one thread: skillstudio's reader with every
# rule against skills-ref's validate() (frontmatter only: less work than
# ours) over the same folders — the list the Go benchmark measured, which
# the Node script then reads — 20 rounds each after one untimed round on
# both sides.
for dir in "$corpus" "$work/lib-${SIZES%% *}"; do
	[ -d "$dir" ] || continue
	name=$([ "$dir" = "$corpus" ] && echo "the corpus" || echo "the generated ${SIZES%% *}")
	list=$work/skills-$(basename "$dir").txt
	out=$(cd "$repo" && SKILLSTUDIO_BENCH_DIR=$dir SKILLSTUDIO_BENCH_LIST=$list go test ./formats -run '^$' -bench '^BenchmarkLoadSkillMDDirSafeFS$' -benchtime 20x -count 1 2>/dev/null | grep '^Benchmark')
	ref=$(NODE_PATH=$work/npm/node_modules node "$repo/formats/testdata/skills-ref-bench.mjs" "$dir" 20 "$list")
	refms=$(echo "$ref" | jq .msPerSkill)
	refcpu=$(echo "$ref" | jq .cpuMsPerSkill)
	ours=$(echo "$out" | awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "ns/skill") print $i }')
	ourcpu=$(echo "$out" | awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "cpu-ns/skill") print $i }')
	# CPU time is the fairer figure on a shared machine: both are given.
	echo "| one SKILL.md of $name, every rule, one thread (\`BenchmarkLoadSkillMDDirSafeFS\`, read as lint reads) vs skills-ref \`validate()\` ($(echo "$ref" | jq .skills) skills): wall · CPU | $(awk -v n="$ours" -v c="$ourcpu" 'BEGIN { printf "%.3f · %.3f", n / 1e6, c / 1e6 }') ms/skill | $(printf '%.3f · %.3f' "$refms" "$refcpu") ms/skill | **$(awk -v a="$ours" -v b="$refms" 'BEGIN { printf "%.2f", (a / 1e6) / b }')× · $(awk -v a="$ourcpu" -v b="$refcpu" 'BEGIN { printf "%.2f", (a / 1e6) / b }')×** |"
done

# build one .xgs.js skill vs the esbuild CLI bundling the same file.
xgs=$(find "$repo/formats/xgs/bundle/testdata/skills" -name '*.xgs.js' | head -1)
timeit -runs 10 -label "build one .xgs.js skill ($(basename "$xgs")) vs the esbuild CLI bundling it (imports external)" \
	-cmd "$ss build $xgs --out $work/out >/dev/null" \
	-base "$work/npm/node_modules/.bin/esbuild $xgs --bundle --format=iife --external:@xgoose/skill --external:zod --outfile=$work/out-esbuild.js --log-level=error"

watchout=$(cd "$repo" && go test ./build -run '^$' -bench '^BenchmarkWatchSaveToOutput$' -benchtime 10x -count 1 2>/dev/null)
metric() { echo "$1" | awk -v unit="$2" '/^Benchmark/ { for (i = 1; i < NF; i++) if ($(i+1) == unit) print $i }' | tail -1; }
save=$(metric "$watchout" ms/save)
savecpu=$(metric "$watchout" cpu-ms/save)
report=$(gobench ./internal/watch SaveToReport ms/save 20x)
echo "| \`build --watch\`: a save to rebuilt output (\`BenchmarkWatchSaveToOutput\`, target < 15 ms): wall, CPU · of that, save to the watcher's report (\`BenchmarkSaveToReport\`) | ${save:-?} ms, ${savecpu:-?} ms CPU · ${report:-?} ms | — | — |"
echo
echo "Load average at the end: $(load)"
