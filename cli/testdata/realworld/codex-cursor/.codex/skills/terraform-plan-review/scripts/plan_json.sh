#!/usr/bin/env bash
set -euo pipefail
terraform plan -out=tfplan >/dev/null
terraform show -json tfplan
