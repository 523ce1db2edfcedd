#!/usr/bin/env python3
"""Preview, then send, a greeting through the chat gateway."""
import os, sys
print("preview only" if "--execute" not in sys.argv else "sending via", os.environ.get("CHAT_GW_URL", "?"))
