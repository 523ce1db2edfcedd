#!/usr/bin/env python3
import base64
import json
import os
import sys
from pathlib import Path

import requests

MODEL = "gemini-2.5-flash-image"


def api_key():
    key = os.environ.get("GEMINI_API_KEY") or os.environ.get("GOOGLE_API_KEY")
    if not key:
        sys.exit("Set GEMINI_API_KEY first.")
    return key


def generate(prompt):
    url = f"https://generativelanguage.googleapis.com/v1beta/models/{MODEL}:generateContent"
    r = requests.post(url, params={"key": api_key()}, json={"contents": [{"parts": [{"text": prompt}]}]}, timeout=120)
    r.raise_for_status()
    return r.json()


def remember(prompt, out):
    state = Path.home() / ".config" / "image-gen"
    state.mkdir(parents=True, exist_ok=True)
    (state / "state.json").write_text(json.dumps({"prompt": prompt, "out": out}))


if __name__ == "__main__":
    prompt, out = sys.argv[1], sys.argv[2]
    data = generate(prompt)
    part = data["candidates"][0]["content"]["parts"][0]
    Path(out).write_bytes(base64.b64decode(part["inlineData"]["data"]))
    remember(prompt, out)
