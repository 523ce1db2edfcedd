#!/usr/bin/env bash
set -euo pipefail
: "${OPENAI_API_KEY:?set OPENAI_API_KEY}"
auth_header() { printf 'Authorization: Bearer %s' "$OPENAI_API_KEY"; }
curl -sS https://api.openai.com/v1/audio/transcriptions \
  -H "$(auth_header)" \
  -F model=whisper-1 \
  -F file=@"$1"
