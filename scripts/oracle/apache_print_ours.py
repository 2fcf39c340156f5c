"""Our Apache-spelling prints, for record_apache_print.py: run with the project's Python (never
the oracle's: both are imported as ``tvm``/``tvm_ffi`` relatives and collide).

``python scripts/oracle/apache_print_ours.py`` writes one JSON object to standard output,
``{name: {"source": path or null, "apache_source": bool, "apache_text": text or null, "print":
text or null, "error": text or null}}``, for every corpus program with a golden
(``corpus/NAME``: parsed by our frontend, printed with ``spelling="apache"``; ``apache_source``
when the program itself is written in Apache TVM's spelling), every program of tests/python/printer/apache_programs (``program/NAME``,
all in Apache TVM's spelling), and every block program of
tests/python/printer/sblock_cases.py (``sblock/NAME``: built with the node constructors; its
Apache-spelled twin, for 0.27 to read, is ``apache_text``), and its modules (``module/NAME``).
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any, Dict

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "script_corpus"
PROGRAMS = ROOT / "tests" / "python" / "printer" / "apache_programs"
sys.path.insert(0, str(ROOT / "tests" / "python" / "printer"))

import sblock_cases  # noqa: E402
from tvm_tirx.script import from_source  # noqa: E402


def is_apache_source(text: str) -> bool:
    """Whether a program is written in Apache TVM's spelling (its decorator says so)."""
    return "@T.prim_func" in text


def _answer(make: Any) -> Dict[str, Any]:
    try:
        return {"print": make().script(spelling="apache"), "error": None}
    except Exception as exc:  # noqa: BLE001 - a failure is an answer to record
        return {"print": None, "error": f"{type(exc).__name__}: {exc}"}


def our_prints() -> Dict[str, Dict[str, Any]]:
    answers: Dict[str, Dict[str, Any]] = {}
    for source in sorted(CORPUS.glob("*.py")):
        if not source.with_suffix(".golden").exists():
            continue
        text = source.read_text(encoding="utf-8")
        answer = _answer(lambda: from_source(text, source_name=source.name))
        answers[f"corpus/{source.stem}"] = {
            "source": source.relative_to(ROOT).as_posix(),
            "apache_source": is_apache_source(text), **answer}
    for source in sorted(PROGRAMS.glob("*.py")):
        text = source.read_text(encoding="utf-8")
        answer = _answer(lambda: from_source(text, source_name=source.name))
        answers[f"program/{source.stem}"] = {
            "source": source.relative_to(ROOT).as_posix(), "apache_source": True, **answer}
    for name, build in sblock_cases.CASES.items():
        text = sblock_cases.APACHE_SOURCES.get(name)
        answers[f"sblock/{name}"] = {"source": None, "apache_source": text is not None,
                                     "apache_text": text, **_answer(build)}
    for name, build in sblock_cases.MODULE_CASES.items():
        answers[f"module/{name}"] = {"source": None, "apache_source": False, **_answer(build)}
    return answers


if __name__ == "__main__":
    json.dump(our_prints(), sys.stdout, sort_keys=True)
