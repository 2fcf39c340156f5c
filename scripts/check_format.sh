#!/usr/bin/env bash
# Checks that every C++ file (*.h, *.cc) in the code folders matches .clang-format.
#
#   scripts/check_format.sh         report files that differ; exit 1 if any
#   scripts/check_format.sh --fix   rewrite them in place with clang-format -i
#
# Files are those git tracks plus untracked ones that .gitignore does not exclude.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIRS=(core printer parser_bridge lsp tests examples benchmarks)

log() { echo "[format] $*"; }

FIX=0
case "${1:-}" in
  "") ;;
  --fix) FIX=1 ;;
  *)
    echo "[format] error: unknown argument '$1' (expected nothing or --fix)" >&2
    exit 2
    ;;
esac

command -v clang-format >/dev/null || {
  echo "[format] error: clang-format not found (run scripts/setup.sh)" >&2
  exit 2
}

cd "$ROOT"
FILES=()
while IFS= read -r -d '' path; do
  # --cached still lists files deleted from the work tree; skip those.
  if [[ "$path" =~ \.(h|cc)$ ]] && [[ -f "$path" ]]; then
    FILES+=("$path")
  fi
done < <(git ls-files -z --cached --others --exclude-standard -- "${DIRS[@]}" | sort -zu)

if ((${#FILES[@]} == 0)); then
  log "no C++ files to check"
  exit 0
fi

if ((FIX)); then
  clang-format -i "${FILES[@]}"
  log "formatted ${#FILES[@]} files"
  exit 0
fi

DIFFERS=()
for path in "${FILES[@]}"; do
  if ! clang-format --dry-run --Werror "$path" >/dev/null 2>&1; then
    DIFFERS+=("$path")
  fi
done

if ((${#DIFFERS[@]} > 0)); then
  log "${#DIFFERS[@]} of ${#FILES[@]} files differ from .clang-format:"
  printf '  %s\n' "${DIFFERS[@]}"
  log "run scripts/check_format.sh --fix"
  exit 1
fi
log "${#FILES[@]} files formatted correctly"
