"""Our reading of TVMScript files, for the recorder: run with the project's Python (never the
oracle's: both implementations are the package ``tvm_tirx``).

``python scripts/oracle/print_ours.py FILE...`` writes one JSON object to standard output:
``{path: {"accepted": bool, "error": {"class", "message"} or null, "print": text or null}}``,
the print being ``.script() + "\\n"`` as our goldens hold it.
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any, Dict, List

from tvm_tirx.script import from_source


def read(path: pathlib.Path) -> Dict[str, Any]:
    """Our parse and print of one file (the first error when it does not parse)."""
    try:
        definition = from_source(path.read_text(encoding="utf-8"), source_name=path.name)
        printed = definition.script() + "\n"
    except Exception as exc:  # noqa: BLE001 - a rejection is the answer, not a failure
        message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        return {"accepted": False, "error": {"class": type(exc).__name__, "message": message},
                "print": None}
    return {"accepted": True, "error": None, "print": printed}


def main(argv: List[str]) -> int:
    results = {arg: read(pathlib.Path(arg)) for arg in argv}
    json.dump(results, sys.stdout, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
