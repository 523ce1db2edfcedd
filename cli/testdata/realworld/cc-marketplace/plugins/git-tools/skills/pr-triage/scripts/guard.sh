#!/usr/bin/env bash
# PreToolUse hook: refuse closing or merging pull requests.
input="$(cat)"
if printf '%s' "$input" | grep -Eq 'gh pr (close|merge)'; then
  echo "pr-triage never closes or merges pull requests" >&2
  exit 2
fi
exit 0
