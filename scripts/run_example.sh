#!/usr/bin/env bash
# Sets everything up, then runs the main job (see examples/README.md) from the repo root and
# exits with its exit code.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"
# The stages of the main job so far (examples/README.md), run in order.
MAIN_JOBS=(
  "$BUILD_DIR/examples/ffi_roundtrip/ffi_roundtrip"
  "$BUILD_DIR/examples/ir_guide/ir_guide"
)

# The main job runs from <root>/build, whatever the caller's environment says. Only what it
# runs is built (the `main-job` alias in meson.build); scripts/test.sh builds the rest there.
TVM_LSP_BUILD_DIR="$BUILD_DIR" bash "$ROOT/scripts/setup.sh" --target main-job

cd "$ROOT"
for job in "${MAIN_JOBS[@]}"; do
  if [[ ! -x "$job" ]]; then
    echo "[run_example] error: $job was not built" >&2
    exit 1
  fi
  echo "[run_example] $job"
  "$job"
done

# The frontend stage: every example TVMScript file parsed, with its diagnostics (one file is
# mid-edit on purpose) and the canonical form of each definition.
echo "[run_example] python -m tvm_tirx.script.check --exit-zero examples/tvmscript/*.py"
"$ROOT/.venv/bin/python3" -m tvm_tirx.script.check --exit-zero examples/tvmscript/*.py

# The server stage: `tvm-lsp check` over the same files (the file mid-edit has errors, so
# --exit-zero): each diagnostic with its source line and carets, and a summary.
echo "[run_example] tvm-lsp check --exit-zero examples/tvmscript/"
"$BUILD_DIR/lsp/tvm-lsp" check --exit-zero examples/tvmscript/

# `tvm-lsp format --check`: which example files formatting would change (exit 1 says some
# would; the notes on stderr name each definition left alone and why), and `tvm-lsp print`:
# one definition's canonical text.
echo "[run_example] tvm-lsp format --check examples/tvmscript/"
"$BUILD_DIR/lsp/tvm-lsp" format --check examples/tvmscript/ || [ $? -eq 1 ]
echo "[run_example] tvm-lsp print --def relu examples/tvmscript/vector_add.py"
"$BUILD_DIR/lsp/tvm-lsp" print --def relu examples/tvmscript/vector_add.py

# A scripted editor session over the examples: diagnostics, one hover, the formatting edits.
echo "[run_example] python examples/editor_session/session.py build"
"$ROOT/.venv/bin/python3" examples/editor_session/session.py "$BUILD_DIR"
