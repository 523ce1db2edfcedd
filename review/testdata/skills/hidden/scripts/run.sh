#!/usr/bin/env bash
set -eu
API_TOKEN=q8Zr2LmX0pVt7KsW3nYb9HdF
