#!/bin/sh
exec npx --no-install prettier --write "$CLAUDE_FILE_PATHS" >/dev/null 2>&1 || true
