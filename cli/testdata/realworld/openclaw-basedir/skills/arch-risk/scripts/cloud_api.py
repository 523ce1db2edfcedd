#!/usr/bin/env python3
print("signed call")
