"""Our reading of TVMScript files, for the recorder: run with the project's Python (never the
oracle's: both implementations are the package ``tvm_tirx``).

``python scripts/oracle/print_ours.py FILE...`` writes one JSON object to standard output:
``{path: {"accepted": bool, "error": {"class", "message"} or null, "print": text or null}}``
(measure.our_reading of each file).
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import List

from measure import our_reading


def main(argv: List[str]) -> int:
    json.dump({arg: our_reading(pathlib.Path(arg)) for arg in argv}, sys.stdout, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
