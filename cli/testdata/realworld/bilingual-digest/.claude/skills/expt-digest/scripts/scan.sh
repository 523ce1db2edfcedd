#!/bin/sh
# Prints the front matter of every plan and run log, read-only.
for f in plans/*.md runs/*/LOG.md; do
  [ -f "$f" ] || continue
  echo "== $f"
  sed -n '1,/^---$/p' "$f"
done
