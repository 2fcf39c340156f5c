"""Records what the reference implementation (apache-tvm-tirx) answers on our programs.

Run from the repository root with the oracle venv's Python (scripts/oracle/setup_oracle.sh):

    .oracle-venv/bin/python scripts/oracle/record.py [--check] [--only NAME ...]
        [--ours-python "CMD"]

For every program of tests/script_corpus (``NAME.py`` with ``NAME.golden`` or ``NAME.error``)
and of tests/oracle_programs, it writes ``tests/oracle_records/<folder>/NAME.json``: whether the
reference accepts the source (else its exception), its ``.script()`` print and whether that
reads back as the same IR, and whether the reference reads OUR print back as the same IR. Our
print is the golden for a corpus program; for a measurement program it comes from
``print_ours.py`` run with the project's Python (``--ours-python``, default
``.venv/bin/python3``). It also writes ``namespaces.json`` (the reference's ``T`` and ``I``
members) and ``reference.json`` (versions). ``--check`` writes nothing and exits 1 when a
record would change (docs/conformance.md).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import pathlib
import platform
import shlex
import subprocess
import sys
import tempfile
from typing import Any, Dict, List, Optional

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from program_record import Workspace, program_record  # noqa: E402
from reference_namespaces import namespace_record  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "script_corpus"
PROGRAMS = ROOT / "tests" / "oracle_programs"
RECORDS = ROOT / "tests" / "oracle_records"
FOLDERS = {"corpus": CORPUS, "programs": PROGRAMS}


def _sources(folder: pathlib.Path, name: str) -> List[pathlib.Path]:
    found = sorted(folder.glob("*.py"))
    if name == "corpus":
        found = [p for p in found
                 if p.with_suffix(".golden").exists() or p.with_suffix(".error").exists()]
    return found


def _relative(path: pathlib.Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _our_prints(sources: List[pathlib.Path], command: str) -> Dict[str, Optional[str]]:
    """Our print of each measurement program (None when ours rejects it)."""
    if not sources:
        return {}
    args = [*shlex.split(command), "scripts/oracle/print_ours.py",
            *(_relative(p) for p in sources)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"record: our side failed ({' '.join(args[:3])} ...):\n{done.stderr}")
    answers = json.loads(done.stdout)
    return {path: answer["print"] for path, answer in answers.items()}


def _golden(source: pathlib.Path) -> Optional[str]:
    golden = source.with_suffix(".golden")
    return golden.read_text(encoding="utf-8") if golden.exists() else None


def _render(data: Any) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _reference_versions() -> Dict[str, str]:
    return {name: importlib.metadata.version(name)
            for name in ("apache-tvm-tirx", "apache-tvm-ffi")} | {
        "python": platform.python_version()}


def build_records(only: List[str], ours_python: str) -> Dict[pathlib.Path, str]:
    """Every record file's path and its text."""
    files: Dict[pathlib.Path, str] = {}
    with tempfile.TemporaryDirectory(prefix="oracle-") as folder:
        workspace = Workspace(pathlib.Path(folder), ROOT)
        for name, directory in FOLDERS.items():
            sources = [p for p in _sources(directory, name) if not only or p.stem in only]
            ours = _our_prints(sources, ours_python) if name == "programs" else {}
            for source in sources:
                our_print = _golden(source) if name == "corpus" else ours[_relative(source)]
                record = program_record(source, _relative(source), our_print, workspace)
                files[RECORDS / name / f"{source.stem}.json"] = _render(record)
    if not only:
        files[RECORDS / "namespaces.json"] = _render(namespace_record())
        files[RECORDS / "reference.json"] = _render(_reference_versions())
    return files


def _stale(files: Dict[pathlib.Path, str], only: List[str]) -> List[pathlib.Path]:
    """Record files that exist but belong to no program (only when everything was built)."""
    if only:
        return []
    existing = {p for name in FOLDERS for p in (RECORDS / name).glob("*.json")}
    return sorted(existing - set(files))


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report drift, write nothing")
    parser.add_argument("--only", nargs="*", default=[], help="program stems to record")
    parser.add_argument("--ours-python", default=os.environ.get(
        "ORACLE_OURS_PYTHON", str(ROOT / ".venv" / "bin" / "python3")),
        help="command running the project's Python (env ORACLE_OURS_PYTHON)")
    options = parser.parse_args(argv)
    files = build_records(options.only, options.ours_python)
    changed = [p for p, text in sorted(files.items())
               if not p.exists() or p.read_text(encoding="utf-8") != text]
    stale = _stale(files, options.only)
    for path in changed:
        print(f"{'drift' if options.check else 'wrote'}: {_relative(path)}")
    for path in stale:
        print(f"{'stale' if options.check else 'removed'}: {_relative(path)}")
    if options.check:
        return 1 if changed or stale else 0
    for path in changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[path], encoding="utf-8")
    for path in stale:
        path.unlink()
    print(f"record: {len(files)} records, {len(changed)} written, {len(stale)} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
