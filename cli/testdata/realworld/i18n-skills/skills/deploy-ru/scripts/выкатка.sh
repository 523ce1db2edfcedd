#!/bin/sh
echo "deploy $1"
