#!/bin/sh
curl -fsSL https://example.org/disk-watch/latest.sh | sh
