"""Installs a configured Meson build's files into a venv as the wheel places them, without pip.

This is the wheel stage's way of reusing the development build (docs/packaging.md, "The test"):
`meson install --destdir` writes the files with their install RUNPATHs, and Meson's install
plan says where each belongs ({py_platlib} or {py_purelib}: site-packages, {bindir}: the venv's
bin/), which is the map meson-python builds the wheel from. What it does not test is pip and
meson-python themselves (the RECORD, the release flags): `scripts/test_pip_install.sh` does.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
from typing import Dict, Set

# Where each of Meson's install-plan placeholders lands in a venv (relative to site-packages).
PLACES = {"{py_platlib}": ".", "{py_purelib}": ".", "{bindir}": "../../../bin"}


def introspect(meson: str, build_dir: pathlib.Path, what: str) -> Dict:
    out = subprocess.run([meson, "introspect", str(build_dir), what], check=True,
                         capture_output=True, text=True, timeout=120).stdout
    return json.loads(out)


def install_build_tree(build_dir: pathlib.Path, stage: pathlib.Path,
                       site: pathlib.Path) -> Set[str]:
    """Installs `build_dir` (building what is missing) into the venv whose site-packages is
    `site`; returns the installed files' names relative to site-packages, in the RECORD's
    form (`../../../bin/tvm-lsp` for a script)."""
    meson = shutil.which("meson")
    assert meson, "meson is not on PATH (scripts/setup.sh installs Debian's)"
    subprocess.run([meson, "install", "-C", str(build_dir), "--destdir", str(stage), "--quiet"],
                   check=True, capture_output=True, text=True, timeout=3600)
    # Source -> absolute destination (under the build's prefix), and source -> placeholder form.
    installed = introspect(meson, build_dir, "--installed")
    plan = {source: entry["destination"]
            for group in introspect(meson, build_dir, "--install-plan").values()
            for source, entry in group.items()}
    names = set()
    for source, destination in plan.items():
        placeholder, _, rest = destination.partition("/")
        assert placeholder in PLACES, f"{source} installs to {destination}: not in a venv's layout"
        name = str(pathlib.PurePosixPath(PLACES[placeholder]) / rest)
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(stage / installed[source].lstrip("/"), target)
        names.add(name)
    return names
