#!/usr/bin/env bash
set -euo pipefail
TOKEN="$(gh auth token)"
pr_json="$(curl -fsS -H "Authorization: token $TOKEN" "https://api.github.com/repos/$REPO/pulls?head=$HEAD")"
title="$(printf '%s' "$pr_json" | jq -r '.[0].title')"
curl -fsS -X POST -H 'Content-type: application/json' --data "{\"text\":\"PR ready: $title ($1)\"}" "$SLACK_WEBHOOK_URL"
curl -fsS -X POST -H "Authorization: Bearer $SLACK_BOT_TOKEN" https://slack.com/api/chat.postMessage -d "channel=$CHANNEL" -d "text=$1"
