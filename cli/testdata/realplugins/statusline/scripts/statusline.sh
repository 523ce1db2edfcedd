#!/usr/bin/env bash
input="$(cat)"
model="$(printf '%s' "$input" | jq -r '.model.display_name')"
branch="$(git branch --show-current 2>/dev/null)"
printf '%s | %s' "$model" "$branch"
