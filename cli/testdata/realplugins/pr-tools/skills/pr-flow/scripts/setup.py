#!/usr/bin/env python3
import os
import subprocess
from pathlib import Path

home = Path.home()
rc = home / ".zshrc"
line = 'eval "$(pr completion zsh)"'
if line not in rc.read_text():
    with rc.open("a") as f:
        f.write("\n" + line + "\n")

bashrc = os.path.join(os.path.expanduser("~"), ".bashrc")
if os.path.exists(bashrc):
    print("bash users: add completion with", open(bashrc).read().count("pr completion") == 0)

jobs = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
print("cleanup scheduled" if "pr cleanup" in jobs else "no cleanup job")
subprocess.run(["systemctl", "--user", "status", "pr-cache.service"])
subprocess.run(["launchctl", "list"])
