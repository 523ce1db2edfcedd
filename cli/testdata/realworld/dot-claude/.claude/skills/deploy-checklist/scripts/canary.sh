#!/bin/sh
set -eu
kubectl set image deploy/billing-canary billing="registry.acme.example/billing:$1"
kubectl rollout status deploy/billing-canary --timeout=10m
