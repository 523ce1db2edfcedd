#!/usr/bin/env python3
print("env ok")
