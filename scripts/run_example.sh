#!/usr/bin/env bash
# Sets everything up, then runs the main job (see examples/README.md) from the repo root and
# exits with its exit code.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"
MAIN_JOB="$BUILD_DIR/examples/ffi_roundtrip/ffi_roundtrip"

# The main job runs from <root>/build, whatever the caller's environment says.
TVM_LSP_BUILD_DIR="$BUILD_DIR" bash "$ROOT/scripts/setup.sh"

if [[ ! -x "$MAIN_JOB" ]]; then
  echo "[run_example] error: $MAIN_JOB was not built" >&2
  exit 1
fi
cd "$ROOT"
echo "[run_example] $MAIN_JOB"
exec "$MAIN_JOB"
