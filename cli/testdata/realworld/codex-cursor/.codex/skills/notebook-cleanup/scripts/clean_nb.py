#!/usr/bin/env python3
"""Strip outputs from a notebook, keeping cells tagged keep_output."""
import json, sys

path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    nb = json.load(f)
for cell in nb.get("cells", []):
    if cell.get("cell_type") == "code" and "keep_output" not in cell.get("metadata", {}).get("tags", []):
        cell["outputs"] = []
        cell["execution_count"] = None
with open(path, "w", encoding="utf-8") as f:
    json.dump(nb, f, indent=1, ensure_ascii=False)
    f.write("\n")
