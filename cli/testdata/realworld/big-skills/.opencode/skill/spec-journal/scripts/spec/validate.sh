#!/bin/sh
echo validate "$@"
