#!/usr/bin/env bash
# A long run, not part of scripts/test.sh: the user's `pip install <checkout>` into a fresh venv
# (meson-python's own release build of the C++ in <root>/build-wheel, kept for reruns), then the
# same checks of the installed server as the test command's wheel stage, which installs the
# development build's files instead (docs/packaging.md, "The test"). A first run compiles the
# C++ a second time: about 3 minutes on an idle 2-core machine, far more under load
# (docs/performance.md, "Build and test time").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"

cd "$ROOT"
# The test reads the development build's packages (the stubs' registry) and its examples.
TVM_LSP_BUILD_DIR="$BUILD_DIR" bash scripts/setup.sh
bash scripts/install_pyright.sh
PYTHONPATH="$BUILD_DIR/parser_bridge/python:$BUILD_DIR/parser_bridge/facade${PYTHONPATH:+:$PYTHONPATH}" \
  TVM_LSP_BUILD_DIR="$BUILD_DIR" TVM_LSP_WHEEL_SOURCE=pip \
  TVM_LSP_PYRIGHT="$ROOT/.cache/pyright/node_modules/.bin/pyright" \
  "$ROOT/.venv/bin/python3" -m pytest -q -s tests/python/packaging/test_wheel.py
