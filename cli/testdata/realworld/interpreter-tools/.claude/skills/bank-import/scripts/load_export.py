"""Reads the newest export in imports/ and prints the rows it would load."""
import glob

files = sorted(glob.glob("imports/*.xlsx"))
print(files[-1] if files else "no export found")
