"""Prints the weekly report table from the tracker export."""
print("| issue | state |")
