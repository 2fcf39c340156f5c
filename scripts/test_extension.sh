#!/usr/bin/env bash
# The VS Code extension's stage of the test command: npm ci, the bundle, the unit tests (mocked
# vscode module), the grammar tests, the end-to-end test (the real LanguageClient over the vscode
# shim, against the built tvm-lsp: $TVM_LSP_BUILD_DIR or <root>/build), the .vsix and its
# contents. Prints each step's time. Needs Node.js 20 and npm (Debian 12: nodejs, npm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXT="$ROOT/vscode-extension"
export TVM_LSP_BUILD_DIR="${TVM_LSP_BUILD_DIR:-$ROOT/build}"

log() { echo "[extension] $*"; }
command -v node >/dev/null && command -v npm >/dev/null ||
  { echo "[extension] error: node and npm are needed (apt-get install nodejs npm)" >&2; exit 1; }
[[ -x "$TVM_LSP_BUILD_DIR/lsp/tvm-lsp" ]] ||
  { echo "[extension] error: no $TVM_LSP_BUILD_DIR/lsp/tvm-lsp: run scripts/setup.sh first" >&2; exit 1; }

step() {
  local name="$1" start end
  shift
  start=$(date +%s%N)
  "$@"
  end=$(date +%s%N)
  log "$name: $(((end - start) / 1000000)) ms"
}

cd "$EXT"
# --ignore-scripts: npm 11 blocks install scripts anyway; esbuild runs from its platform package.
step "npm ci" npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
step "typecheck" npm run --silent typecheck
step "unit tests" npm run --silent test:unit
step "grammar tests" npm run --silent test:grammar
step "e2e test" npm run --silent test:e2e
step "package" npm run --silent package
step ".vsix contents" npm run --silent test:vsix
log "all passed"
