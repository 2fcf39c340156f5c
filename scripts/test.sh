#!/usr/bin/env bash
# Sets everything up and runs every test: formatting, C++ unit tests, Python tests, and the
# core's C++ unit tests under ASan+UBSan. Exits non-zero at the first failing stage.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"
ASAN_BUILD_DIR="$ROOT/build-asan"

# Each stage line says when it starts (seconds since the run began), for docs/performance.md.
stage() { echo "[test] $* (at ${SECONDS} s)"; }

cd "$ROOT"

stage "setup"
# The default build must land in $BUILD_DIR whatever the caller's environment says.
TVM_LSP_BUILD_DIR="$BUILD_DIR" bash scripts/setup.sh

stage "format"
bash scripts/check_format.sh

stage "C++ unit tests"
meson test -C "$BUILD_DIR" --print-errorlogs

stage "Python tests"
PYTHONPATH="$BUILD_DIR/parser_bridge/python:$BUILD_DIR/parser_bridge/facade${PYTHONPATH:+:$PYTHONPATH}" \
  TVM_LSP_BUILD_DIR="$BUILD_DIR" \
  "$ROOT/.venv/bin/python3" -m pytest -q tests/python --ignore=tests/python/packaging

stage "wheel and type stubs (budget 25 min)"
# pip install of the checkout into a fresh venv (a release build of the C++ in build-wheel/,
# reused by reruns), the installed tvm-lsp run outside the checkout, and the stubs checked
# with Pyright (docs/packaging.md; stage times in docs/performance.md).
PYRIGHT_DIR="$ROOT/.cache/pyright"
if [[ ! -x "$PYRIGHT_DIR/node_modules/.bin/pyright" ]]; then
  npm install --prefix "$PYRIGHT_DIR" --no-audit --no-fund pyright@1.1.414
fi
PYTHONPATH="$BUILD_DIR/parser_bridge/python:$BUILD_DIR/parser_bridge/facade${PYTHONPATH:+:$PYTHONPATH}" \
  TVM_LSP_BUILD_DIR="$BUILD_DIR" TVM_LSP_PYRIGHT="$PYRIGHT_DIR/node_modules/.bin/pyright" \
  timeout 1500 "$ROOT/.venv/bin/python3" -m pytest -q -s tests/python/packaging

stage "VS Code extension"
TVM_LSP_BUILD_DIR="$BUILD_DIR" bash scripts/test_extension.sh

stage "setup (ASan+UBSan)"
bash scripts/setup.sh --asan

stage "C++ unit tests (ASan+UBSan)"
ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  meson test -C "$ASAN_BUILD_DIR" --print-errorlogs

stage "all stages passed"
