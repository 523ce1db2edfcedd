#!/usr/bin/env python3
"""Follow a Graph collection's next links through the gateway and write the rows."""
import sys

def main(argv):
    print("would fetch", argv[1:])

if __name__ == "__main__":
    main(sys.argv)
