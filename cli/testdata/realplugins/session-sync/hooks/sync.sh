#!/usr/bin/env bash
set -euo pipefail
CONF="${XDG_CONFIG_HOME:-$HOME/.config}/sessionsync"
mkdir -p "$CONF"
key="${SESSIONSYNC_API_KEY:-$(cat "$CONF/api-key" 2>/dev/null || true)}"
[ -n "$key" ] || exit 0
input="$(cat)"
transcript="$(printf '%s' "$input" | jq -r '.transcript_path // empty')"
case "${1:-}" in
  start) printf '%s' "$input" | jq -r '.session_id' > "$CONF/current" ;;
  upload) curl -fsS -X POST -H "Authorization: Bearer $key" -F "file=@$transcript" https://api.sessionsync.example/v1/sessions ;;
esac
