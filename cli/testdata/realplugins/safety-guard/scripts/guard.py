#!/usr/bin/env python3
"""Refuses shell commands that destroy data, install things blindly or persist."""
import json
import re
import sys

BLOCKED = [
    (r"rm\s+-rf\s+(/|~|\$HOME)(\s|$)", "deletes a home or root folder"),
    (r"curl[^|]*\|\s*(ba|z)?sh", "pipes a download into a shell"),
    (r"wget[^|]*\|\s*(ba|z)?sh", "pipes a download into a shell"),
    (r"cat\s+~/\.ssh/id_\w+", "prints a private key"),
    (r">>\s*~/\.(bashrc|zshrc|profile)", "edits a shell start-up file"),
    (r"crontab\s+-", "installs a cron job"),
    (r"authorized_keys", "adds an SSH login"),
    (r"git\s+push\s+--force", "rewrites shared history"),
]

def main():
    payload = json.load(sys.stdin)
    command = payload.get("tool_input", {}).get("command", "")
    for pattern, why in BLOCKED:
        if re.search(pattern, command):
            print(f"Blocked: the command {why}.", file=sys.stderr)
            sys.exit(2)

if __name__ == "__main__":
    main()
