#!/usr/bin/env bash
# setup_oracle.sh [VENV]: makes the oracle venv (default: .oracle-venv at the repository root) on
# pyenv's Python 3.12 and installs the pinned reference implementation, apache-tvm-tirx, into it.
# The oracle is never a dependency of the product nor of the README's commands: only
# scripts/oracle/record.py runs in it (docs/conformance.md). Safe to rerun: an existing venv
# that already holds the pinned version is left as it is.
set -euo pipefail

REFERENCE="apache-tvm-tirx==0.1.0a4"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="${1:-$ROOT/.oracle-venv}"

# 3.12 and not 3.11: on 3.11 the reference prints `def f[n]` headers it cannot read back.
find_python312() {
  local root
  root="$(pyenv root 2>/dev/null || echo "${PYENV_ROOT:-$HOME/.pyenv}")"
  local candidate
  for candidate in "$root"/versions/3.12*/bin/python3.12; do
    if [[ -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

installed_version() {
  "$VENV/bin/python" -m pip show apache-tvm-tirx 2>/dev/null | sed -n 's/^Version: //p'
}

if [[ -x "$VENV/bin/python" ]] && [[ "$(installed_version)" == "${REFERENCE#*==}" ]]; then
  echo "setup_oracle: $VENV already holds $REFERENCE"
  exit 0
fi

if ! PYTHON="$(find_python312)"; then
  echo "setup_oracle: no Python 3.12 under pyenv (looked in \$(pyenv root)/versions/3.12*)." >&2
  echo "  Install one with \`pyenv install 3.12\`, then rerun." >&2
  exit 1
fi

if [[ ! -x "$VENV/bin/python" ]]; then
  "$PYTHON" -m venv "$VENV"
fi
version="$("$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [[ "$version" != "3.12" ]]; then
  echo "setup_oracle: $VENV runs Python $version, not 3.12: remove it or pass another path" >&2
  exit 1
fi
"$VENV/bin/python" -m pip install --quiet "$REFERENCE"
echo "setup_oracle: $VENV holds $REFERENCE"
