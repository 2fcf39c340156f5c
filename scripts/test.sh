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
# --no-rebuild: setup built every target once; no stage builds in build/ again.
meson test -C "$BUILD_DIR" --no-rebuild --print-errorlogs

stage "Python tests"
PYTHONPATH="$BUILD_DIR/parser_bridge/python:$BUILD_DIR/parser_bridge/facade${PYTHONPATH:+:$PYTHONPATH}" \
  TVM_LSP_BUILD_DIR="$BUILD_DIR" \
  "$ROOT/.venv/bin/python3" -m pytest -q tests/python --ignore=tests/python/packaging

stage "wheel and type stubs"
# The development build's files installed into a fresh venv where the wheel puts them (nothing
# compiled again), the installed tvm-lsp run outside the checkout, and the stubs checked with
# Pyright (docs/packaging.md; stage times in docs/performance.md). The user's own
# `pip install <checkout>` is the long run scripts/test_pip_install.sh.
bash scripts/install_pyright.sh
PYTHONPATH="$BUILD_DIR/parser_bridge/python:$BUILD_DIR/parser_bridge/facade${PYTHONPATH:+:$PYTHONPATH}" \
  TVM_LSP_BUILD_DIR="$BUILD_DIR" TVM_LSP_WHEEL_SOURCE=build \
  TVM_LSP_PYRIGHT="$ROOT/.cache/pyright/node_modules/.bin/pyright" \
  timeout 900 "$ROOT/.venv/bin/python3" -m pytest -q -s tests/python/packaging

stage "VS Code extension"
TVM_LSP_BUILD_DIR="$BUILD_DIR" bash scripts/test_extension.sh

stage "setup (ASan+UBSan)"
bash scripts/setup.sh --asan

stage "C++ unit tests (ASan+UBSan)"
ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  meson test -C "$ASAN_BUILD_DIR" --no-rebuild --print-errorlogs

stage "all stages passed"
