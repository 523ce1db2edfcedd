#!/usr/bin/env bash
# Runs every fuzz target in the module for a long time each, for use before
# a release (CI runs each for a few seconds only). Usage:
#
#   scripts/fuzz-long.sh [DURATION]     # default 10m per target
#
# Prints one line per target: package, target, wall time, result. A
# crasher is saved by go test under the package's testdata/fuzz/ and the
# script exits 1 after running the rest. Record the figures in SECURITY.md.
set -uo pipefail

cd "$(dirname "$0")/.."
fuzztime=${1:-10m}
failed=0
printf '%-50s %-28s %8s  %s\n' package target seconds result
for pkg in $(go list -e -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}} {{.Dir}}{{end}}' ./... | while read -r imp dir; do
	grep -qs '^func Fuzz' "$dir"/*_test.go && echo "$imp"
done); do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		start=$(date +%s)
		log=$(mktemp)
		if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >"$log" 2>&1; then
			execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | tr -dc '0-9')
			if [[ -n $execs ]]; then
				result="ok ($execs execs)"
			else
				# The seed corpus alone took the whole time: nothing new was tried.
				result="ok (baseline coverage only)"
			fi
		else
			result="FAILED (see below)"
			failed=1
		fi
		printf '%-50s %-28s %8s  %s\n' "${pkg#github.com/skillstudio/skillstudio}" "$target" "$(($(date +%s) - start))" "$result"
		[[ $result == FAILED* ]] && tail -30 "$log"
		rm -f "$log"
	done
done
exit $failed
