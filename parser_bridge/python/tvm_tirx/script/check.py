"""``python -m tvm_tirx.script.check FILE...``: every TVMScript definition of each file with its
canonical form, and every diagnostic as ``file:line:col: severity [code] message``.

Exit status 1 when a file has an error (0 with ``--exit-zero``), 2 when a file cannot be read.
Columns are 1-based characters, as editors and compilers print them.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional, TextIO

from .parser.diagnostics import parse_diagnostics
from .parser.codes import SEVERITY_NAMES
from .parser.line_index import LineIndex, split_lines



def check_file(path: str, text: str, out: TextIO, trusted: bool = False) -> int:
    """Prints the report of one file; returns its number of errors."""
    report = parse_diagnostics(text, source_name=path, trusted=trusted)
    lines = LineIndex(text)
    out.write(f"== {path}\n")
    for definition in report.definitions:
        first, last = definition.range[0], definition.range[2]
        flag = " (formatting would lose: " + "; ".join(definition.lossy_reasons) + ")" \
            if definition.lossy else ""
        if definition.partial:
            flag += " (partial: the statements with errors are left out)"
        out.write(f"definition {definition.name} ({definition.kind}, lines {first}-{last})"
                  f"{flag}\n")
        if definition.canonical_text is not None:
            out.write(definition.canonical_text + "\n")
    errors = 0
    for diagnostic in report.diagnostics:
        span = diagnostic.span
        column = lines.char_column(span.start_line, span.start_column) + 1 \
            if span.start_line > 0 else 1
        severity = SEVERITY_NAMES.get(int(diagnostic.severity), "error")
        errors += severity == "error"
        message = diagnostic.message.replace("\n", "\n    ")
        out.write(f"{path}:{span.start_line}:{column}: {severity} [{diagnostic.code}] "
                  f"{message}\n")
    return errors


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tvm_tirx.script.check",
                                     description=split_lines(__doc__)[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--trusted", action="store_true",
                        help="run the files' Python (only for code you trust)")
    parser.add_argument("--exit-zero", action="store_true",
                        help="exit 0 even when a file has errors")
    args = parser.parse_args(argv)
    errors = 0
    for path in args.files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
            return 2
        errors += check_file(path, text, sys.stdout, trusted=args.trusted)
    return 0 if errors == 0 or args.exit_zero else 1


if __name__ == "__main__":
    sys.exit(main())
