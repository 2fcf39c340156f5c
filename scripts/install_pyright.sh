#!/usr/bin/env bash
# Installs Pyright 1.1.414 from npm into <root>/.cache/pyright when it is missing, for the
# packaging tests (TVM_LSP_PYRIGHT=<root>/.cache/pyright/node_modules/.bin/pyright).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYRIGHT_DIR="$ROOT/.cache/pyright"
if [[ ! -x "$PYRIGHT_DIR/node_modules/.bin/pyright" ]]; then
  npm install --prefix "$PYRIGHT_DIR" --no-audit --no-fund pyright@1.1.414
fi
