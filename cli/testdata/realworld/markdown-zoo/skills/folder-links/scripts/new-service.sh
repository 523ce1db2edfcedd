#!/bin/sh
set -eu
mkdir -p "$1" && cp -r "$(dirname "$0")/../templates/." "$1/"
