#!/bin/sh
# Starts the templ language server from the module's own tool version.
exec go tool templ lsp "$@"
