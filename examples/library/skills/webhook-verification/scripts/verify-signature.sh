#!/bin/sh
# Verify a captured webhook delivery against a signing key.
#
#   WEBHOOK_KEY=whsec_... scripts/verify-signature.sh TIMESTAMP BODY_FILE SIGNATURE_HEX
#
# Exits 0 and prints "match" when the signature is valid, 1 otherwise.
set -eu

if [ "$#" -ne 3 ]; then
	echo "usage: WEBHOOK_KEY=... $0 TIMESTAMP BODY_FILE SIGNATURE_HEX" >&2
	exit 2
fi
: "${WEBHOOK_KEY:?set WEBHOOK_KEY to the signing key}"

timestamp=$1
body_file=$2
expected=$3

computed=$( { printf '%s.' "$timestamp"; cat "$body_file"; } |
	openssl dgst -sha256 -hmac "$WEBHOOK_KEY" -hex | sed 's/^.*= //')

if [ "$computed" = "$expected" ]; then
	echo match
else
	echo "no match (computed $computed)" >&2
	exit 1
fi
