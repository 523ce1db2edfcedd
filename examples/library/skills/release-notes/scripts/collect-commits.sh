#!/bin/sh
# Print the commits between two refs as "<hash> <subject>", oldest first.
#
#   scripts/collect-commits.sh [FROM] [TO]
#   scripts/collect-commits.sh --check     # exit 0 when inside a git work tree
set -eu

if [ "${1:-}" = "--check" ]; then
	git rev-parse --is-inside-work-tree >/dev/null
	exit 0
fi

from=${1:-$(git describe --tags --abbrev=0)}
to=${2:-HEAD}

git log --reverse --no-merges --format='%h %s' "$from..$to"
