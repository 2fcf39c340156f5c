"""Records what apache-tvm 0.27 answers on our programs and on our Apache-spelling prints.

Run from the repository root with the apache-tvm 0.27 oracle's Python, isolated:

    /work/oracle-apache/bin/python -I scripts/oracle/record_apache_print.py [--check]
        [--ours-python "CMD"]

Our side (scripts/oracle/apache_print_ours.py, run with ``--ours-python``, default
``.venv/bin/python3``) prints every corpus program and every block program with
``spelling="apache"``. For each, this writes to tests/oracle_records/apache_print.json:

- ``apache``: for a program written in Apache TVM's spelling (a block program: its twin in
  that spelling), whether 0.27 accepts its source (``from_source``, without its import line)
  and 0.27's print of it;
- ``identical``: whether our print is that print, byte for byte;
- ``read_back``: whether 0.27 reads our print (``accepted``, ``error``), prints it back
  unchanged (``reprint_identical``) and, for an Apache-spelled source 0.27 accepts, builds the
  same IR as from the source (``same_ir``, ``assert_structural_equal``); ``ours_sha256`` pins
  the print the answer is about.

``--check`` writes nothing and exits 1 when the record would change. The oracle is never a
dependency of the product or of the tests: tests read the recorded file.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import pathlib
import shlex
import subprocess
import sys
from typing import Any, Dict, Optional

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests" / "oracle_records" / "apache_print.json"
OUR_IMPORT = "from tvm_tirx.script import tirx as T"
OUR_IR_IMPORT = "from tvm_tirx.script import ir as I"


def _ours(command: str) -> Dict[str, Dict[str, Any]]:
    args = [*shlex.split(command), str(ROOT / "scripts" / "oracle" / "apache_print_ours.py")]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"record_apache_print: our side failed:\n{done.stderr}")
    return json.loads(done.stdout)


def _error(exc: BaseException) -> Dict[str, str]:
    lines = str(exc).strip().splitlines()
    return {"class": type(exc).__name__, "message": lines[0] if lines else ""}


def _parse(text: str) -> Any:
    import tvm.script
    from tvm.script import ir as I
    from tvm.script import tirx as T

    return tvm.script.from_source(text, extra_vars={"T": T, "I": I})


def _apache_reading(text: str) -> Dict[str, Any]:
    # 0.27's from_source takes no imports but `from __future__`: T and I come as extra_vars.
    text = text.replace(OUR_IMPORT, "").replace(OUR_IR_IMPORT, "")
    try:
        parsed = _parse(text)
        return {"accepted": True, "error": None, "print": parsed.script(), "ir": parsed}
    except Exception as exc:  # noqa: BLE001 - a rejection is an answer to record
        return {"accepted": False, "error": _error(exc), "print": None, "ir": None}


def _read_back(ours: str, source_ir: Optional[Any]) -> Dict[str, Any]:
    import tvm

    try:
        parsed = _parse(ours)
    except Exception as exc:  # noqa: BLE001
        return {"accepted": False, "error": _error(exc)}
    answer: Dict[str, Any] = {"accepted": True, "error": None,
                              "reprint_identical": parsed.script() == ours}
    if source_ir is not None:
        try:
            tvm.ir.assert_structural_equal(source_ir, parsed)
            answer["same_ir"] = True
        except Exception as exc:  # noqa: BLE001
            answer["same_ir"] = False
            answer["difference"] = _error(exc)["message"]
    return answer


def build_record(ours_command: str) -> Dict[str, Any]:
    programs: Dict[str, Any] = {}
    for name, ours in sorted(_ours(ours_command).items()):
        entry: Dict[str, Any] = {"source": ours["source"]}
        source_ir = None
        if ours["apache_source"]:
            text = ours.get("apache_text") or (ROOT / ours["source"]).read_text(encoding="utf-8")
            reading = _apache_reading(text)
            source_ir = reading.pop("ir")
            entry["apache"] = reading
        if ours["print"] is None:
            entry["ours_error"] = ours["error"]
        else:
            entry["ours_sha256"] = hashlib.sha256(ours["print"].encode()).hexdigest()
            entry["read_back"] = _read_back(ours["print"], source_ir)
            if "apache" in entry and entry["apache"]["accepted"]:
                entry["identical"] = entry["apache"]["print"] == ours["print"]
        programs[name] = entry
    versions = {name: importlib.metadata.version(name) for name in ("apache-tvm", "apache-tvm-ffi")}
    return {"versions": versions, "programs": programs}


def main(argv: Any) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report drift, write nothing")
    parser.add_argument("--ours-python", default=os.environ.get(
        "ORACLE_OURS_PYTHON", str(ROOT / ".venv" / "bin" / "python3")))
    options = parser.parse_args(argv)
    text = json.dumps(build_record(options.ours_python), indent=1, sort_keys=True,
                      ensure_ascii=False) + "\n"
    current = RECORD.read_text(encoding="utf-8") if RECORD.exists() else None
    if options.check:
        print("drift" if current != text else "up to date", RECORD.relative_to(ROOT))
        return 1 if current != text else 0
    RECORD.write_text(text, encoding="utf-8")
    print("wrote", RECORD.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
