#!/bin/sh
echo create "$@"
