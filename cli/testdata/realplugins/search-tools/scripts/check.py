# /// script
# requires-python = ">=3.11"
# dependencies = ["httpx"]
# ///
import json, os, sys
import httpx

GHE = os.environ.get("GITHUB_API_URL", "https://github.mycorp.example/api/v3")
token = os.environ["GITHUB_TOKEN"]
cmd = json.load(sys.stdin).get("tool_input", {}).get("command", "")
if "gh release" in cmd:
    r = httpx.get(f"{GHE}/user", headers={"Authorization": f"token {token}"})
    if r.status_code != 200:
        print("GitHub login expired", file=sys.stderr)
        sys.exit(2)
