#!/usr/bin/env bash
# Copies the notes site's session cookies from the running browser into the CLI.
set -euo pipefail
PORT="${1:-9222}"
BASE="http://127.0.0.1:${PORT}"
curl -sf "${BASE}/json/version" >/dev/null || { echo "start the browser with --remote-debugging-port=${PORT}" >&2; exit 1; }
node --input-type=module - "$BASE" <<'JS' > "$HOME/.config/notes/cookies.json"
const base = process.argv[2];
const { webSocketDebuggerUrl } = await (await fetch(`${base}/json/version`)).json();
const ws = new WebSocket(webSocketDebuggerUrl);
await new Promise((ok) => ws.addEventListener('open', ok));
ws.send(JSON.stringify({ id: 1, method: 'Storage.getCookies' }));
const { result } = await new Promise((ok) => ws.addEventListener('message', (e) => ok(JSON.parse(e.data))));
console.log(JSON.stringify(result.cookies.filter((c) => c.domain.endsWith('notes.example.org'))));
ws.close();
JS
