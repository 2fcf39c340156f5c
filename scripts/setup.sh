#!/usr/bin/env bash
# Sets up everything the project needs on a Debian 12 machine and builds it.
#
#   scripts/setup.sh           apt packages, .venv (with the pytest-lsp suite's pinned packages),
#                              <root>/build (or $TVM_LSP_BUILD_DIR),
#                              and a .pth file that puts the built tvm_ffi package on the
#                              venv's path.
#   scripts/setup.sh --asan    the same apt packages and venv, then <root>/build-asan: the core
#                              library and the C++ unit tests under ASan+UBSan.
#   scripts/setup.sh --target T
#                              the same as the first, but ninja builds only target T (and what
#                              it needs) in the same folder: `main-job` is what
#                              scripts/run_example.sh runs (meson.build).
#
# Safe to run again: each step does only what is missing. Works from any directory.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
NATIVE_FILE="$VENV/meson-native.ini"

APT_PACKAGES=(
  meson ninja-build pkg-config cmake g++
  libboost-dev nlohmann-json3-dev doctest-dev pybind11-dev
  python3-dev python3-venv python3-pytest python3-numpy
  libdlpack-dev clang-format libseccomp-dev
  # toml++: the server reads pyproject.toml [tool.tvm-lsp] and ~/.config/tvm-lsp/config.toml.
  libtomlplusplus-dev
  # Real editors for the client tests (tests/python/lsp/test_real_clients.py).
  neovim emacs-nox elpa-eglot
  # What the pytest-lsp suite's packages need besides each other (python3-pytest brings them
  # too): tests/python/lsp/vscode_client/requirements.txt.
  python3-attr python3-packaging
)

log() { echo "[setup] $*"; }
die() {
  echo "[setup] error: $*" >&2
  exit 1
}

# Writes $2 to file $1 only when the content differs, so reruns leave mtimes alone and Meson
# does not reconfigure for nothing.
write_if_changed() {
  local path="$1" content="$2"
  if [[ -f "$path" ]] && [[ "$(cat "$path")" == "$content" ]]; then
    return 0
  fi
  printf '%s\n' "$content" >"$path"
  log "wrote $path"
}

parse_args() {
  MODE=default
  # Empty: every default target (what scripts/test.sh needs).
  NINJA_TARGETS=()
  while (($# > 0)); do
    case "$1" in
      --asan) MODE=asan ;;
      --target)
        (($# >= 2)) || die "--target needs a ninja target name"
        NINJA_TARGETS+=("$2")
        shift
        ;;
      -h | --help)
        sed -n '2,13p' "${BASH_SOURCE[0]}"
        exit 0
        ;;
      *) die "unknown argument '$1' (expected --asan or --target NAME)" ;;
    esac
    shift
  done
  if [[ "$MODE" == asan ]]; then
    BUILD_DIR="$ROOT/build-asan"
    # -O0: this build only runs the unit tests once, so optimising it would cost compile time
    # for nothing (the core and its tests built and passed in 2.4 minutes here).
    MESON_OPTIONS=(-Db_sanitize=address,undefined -Db_lundef=false -Dcore_only=true -Dbuildtype=debug)
  else
    BUILD_DIR="${TVM_LSP_BUILD_DIR:-$ROOT/build}"
    MESON_OPTIONS=()
  fi
  # The .pth file and the native file need absolute paths.
  BUILD_DIR="$(realpath -m "$BUILD_DIR")"
}

# Step a. Debian packages.
install_apt_packages() {
  local missing=() pkg status
  for pkg in "${APT_PACKAGES[@]}"; do
    status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
    if [[ "$status" != "install ok installed" ]]; then
      missing+=("$pkg")
    fi
  done
  if ((${#missing[@]} == 0)); then
    log "apt packages: all present"
    return 0
  fi
  log "apt packages: installing ${missing[*]}"
  local sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "need root or sudo to install: ${missing[*]}"
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Step b. One venv from Debian's CPython, seeing Debian's pytest and numpy.
make_venv() {
  if [[ -x "$VENV/bin/python3" ]]; then
    log "venv: $VENV present"
    return 0
  fi
  log "venv: creating $VENV"
  /usr/bin/python3 -m venv --system-site-packages "$VENV"
}

# Step b'. The pytest-lsp suite's packages (tests/python/lsp/vscode_client/requirements.txt):
# pinned with hashes, each without its dependencies (the file says where those come from), and
# only when one is missing or of another version, so a rerun does not reach the registry.
install_test_packages() {
  local requirements="$ROOT/tests/python/lsp/vscode_client/requirements.txt"
  if "$VENV/bin/python3" - "$requirements" <<'EOF'
import importlib.metadata
import re
import sys

for line in open(sys.argv[1], encoding="utf-8"):
    pin = re.match(r"([A-Za-z0-9_.-]+)==([^\s\\;]+)", line)
    if not pin:
        continue
    try:
        if importlib.metadata.version(pin[1]) != pin[2]:
            sys.exit(1)
    except importlib.metadata.PackageNotFoundError:
        sys.exit(1)
EOF
  then
    log "test packages: all present"
    return 0
  fi
  log "test packages: installing from $requirements"
  "$VENV/bin/python3" -m pip install --quiet --disable-pip-version-check --no-deps \
    --require-hashes --only-binary=:all: -r "$requirements"
}

# Step c. Meson native file pinning the venv's interpreter (absolute: Meson 1.0.1 does not
# expand @DIRNAME@).
write_native_file() {
  write_if_changed "$NATIVE_FILE" "[binaries]
python = '$VENV/bin/python3'"
}

# Step d. Configure once, then build.
configure_and_build() {
  if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
    log "meson: configuring $BUILD_DIR ${MESON_OPTIONS[*]}"
    meson setup "$BUILD_DIR" "$ROOT" --native-file "$NATIVE_FILE" "${MESON_OPTIONS[@]}"
  else
    log "meson: $BUILD_DIR already configured"
  fi
  log "ninja: building $BUILD_DIR ${NINJA_TARGETS[*]:-(all targets)}"
  ninja -C "$BUILD_DIR" "${NINJA_TARGETS[@]}"
}

# Step e. Put the built packages (Python files plus the extension) and the facade on the venv's
# path.
write_pth_file() {
  local purelib
  purelib="$("$VENV/bin/python3" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  mkdir -p "$purelib"
  # Two lines: the packages, and the `tvm` facade the specs' examples import (DESIGN.md).
  write_if_changed "$purelib/tvmscript_lsp_dev.pth" \
    "$BUILD_DIR/parser_bridge/python
$BUILD_DIR/parser_bridge/facade"
}

main() {
  parse_args "$@"
  install_apt_packages
  make_venv
  install_test_packages
  write_native_file
  configure_and_build
  if [[ "$MODE" == default ]]; then
    write_pth_file
  fi
  log "done ($BUILD_DIR)"
}

main "$@"
