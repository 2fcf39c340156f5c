"""Writing an oracle record: sorted JSON, rewritten only when it changes; ``--check`` only says
whether it would (shared by the record_*.py scripts, in whichever oracle venv each runs)."""

from __future__ import annotations

import json
import pathlib
from typing import Any, Dict, List


def write_record(output: pathlib.Path, record: Dict[str, Any], argv: List[str]) -> int:
    """Writes ``record`` as sorted JSON to ``output`` (or, with ``--check``, only says whether
    it would change: exit 1 when it would)."""
    text = json.dumps(record, indent=1, sort_keys=True) + "\n"
    current = output.read_text(encoding="utf-8") if output.exists() else None
    if "--check" in argv:
        print(f"{output.name}: " + ("current" if current == text else "drift"))
        return 0 if current == text else 1
    if current != text:
        output.write_text(text, encoding="utf-8")
    print(f"{output.name}: {len(record)} cases, {'unchanged' if current == text else 'written'}")
    return 0
