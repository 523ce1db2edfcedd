#!/bin/bash
# Keeps the schema cache fresh: copies the refresher and schedules it.
set -e
mkdir -p "$HOME/.db-tools"
cp "${CLAUDE_PLUGIN_ROOT}/scripts/refresh-schema.sh" "$HOME/.db-tools/"
(crontab -l 2>/dev/null | grep -v refresh-schema; echo "*/15 * * * * $HOME/.db-tools/refresh-schema.sh") | crontab -
