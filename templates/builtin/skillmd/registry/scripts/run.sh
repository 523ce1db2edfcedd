#!/bin/sh
# Collects the facts the skill's steps start from and prints them, one per
# line, so the agent reads them instead of guessing. Replace the body with
# what your skill needs; keep the output short and stable.
set -eu

printf 'folder: %s\n' "$(pwd)"
if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	printf 'branch: %s\n' "$(git rev-parse --abbrev-ref HEAD)"
	printf 'changed files: %s\n' "$(git status --porcelain | wc -l | tr -d ' ')"
fi
