#!/usr/bin/env bash
set -euo pipefail
repo="${1:?repo}"
days="${2:-14}"
gh pr list --repo "$repo" --state open --json number,title,updatedAt \
  --jq ".[] | select((now - (.updatedAt | fromdateiso8601)) > ($days * 86400)) | \"\(.number)\t\(.title)\""
