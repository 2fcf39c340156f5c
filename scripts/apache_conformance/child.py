"""The harness's analysis process: files in, per-definition results out (run.py drives it).

It imports the frontend, warms it up on a program of our own, then (when the Debian package
python3-seccomp is there) installs a seccomp filter that denies new processes, exec, sockets
and opening, creating, removing or renaming files for writing, and only then reads the first
file from stdin. Each file is analysed untrusted, as an editor opening it would (nothing of it
runs but its checked builder programs); every definition our analysis finds is printed by our
printer and read back by our parser, and the two IRs are compared structurally.

Protocol, one JSON object per line. In: ``{"path", "text", "skip": [keys]}``. Out: ``{"event":
"ready", "sandbox"}`` once, then per file ``{"event": "progress", "key", "line"}`` before each
definition is built (the driver kills this process when one runs past its time limit and
starts another with that key skipped), and ``{"event": "result", "path", "definitions",
"file_diagnostics"}``.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import sys
from typing import Any, Dict, List

from tvm_ffi import structural_equal

from tvm_tirx import ir as _ir
from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser import namespaces
from tvm_tirx.script.parser.entry import from_source
from tvm_tirx.script.parser.formatting import format_verdict
from tvm_tirx.script.parser.report import plain_diagnostic

_WARM_UP = '''from tvm_tirx.script import tirx as T
@T.prim_func
def warm(A: T.Buffer((4,), "float32")):
    for i in T.serial(4):
        A[i] = A[i] + T.float32(1)
'''

_WRITE_FLAGS = (os.O_WRONLY, os.O_RDWR, os.O_CREAT, os.O_TRUNC, os.O_APPEND)
_DENIED = ("execve", "execveat", "fork", "vfork", "socket", "socketpair", "connect", "bind",
           "listen", "accept", "accept4", "unlink", "unlinkat", "rename", "renameat",
           "renameat2", "mkdir", "mkdirat", "rmdir", "chmod", "fchmod", "fchmodat", "chown",
           "fchown", "lchown", "fchownat", "truncate", "symlink", "symlinkat", "link", "linkat",
           "creat", "ptrace", "kill", "tkill", "tgkill", "mknod", "mknodat")


def install_sandbox() -> str:
    """The seccomp filter of the module comment; "none" when python3-seccomp is missing."""
    try:
        import seccomp  # noqa: PLC0415 - Debian's python3-seccomp, optional
    except ImportError:
        return "none"
    import errno  # noqa: PLC0415

    denied = seccomp.ERRNO(errno.EPERM)
    rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for name in _DENIED:
        try:
            rules.add_rule(denied, name)
        except Exception:  # noqa: BLE001 - a call this kernel's table lacks
            pass
    for flag in _WRITE_FLAGS:
        rules.add_rule(denied, "open", seccomp.Arg(1, seccomp.MASKED_EQ, flag, flag))
        rules.add_rule(denied, "openat", seccomp.Arg(2, seccomp.MASKED_EQ, flag, flag))
    # Threads (CLONE_THREAD) only; clone3 takes its flags in memory: glibc falls back to clone.
    clone_thread = 0x00010000
    rules.add_rule(denied, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, clone_thread, 0))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    rules.load()
    return "seccomp"


def _names(env: Any) -> Dict[str, Any]:
    """What the print reads: the file's symbols and namespaces, and ``T``, ``I`` and ``Ts``
    (the print's imports are comments: a module prints ``@I.ir_module`` and an S-TIR function
    ``@Ts.function`` whatever the file imported)."""
    names = {"T": namespaces.lookup("tirx"), "I": namespaces.lookup("ir"),
             "Ts": namespaces.lookup("s_tir")}
    names.update({k: v for k, v in (env or {}).items()
                  if isinstance(v, _ir.Var) or namespaces.root_of(v) is not None})
    return names


def canonical_round_trip(definition: Any) -> bool:
    """Whether our print in the canonical spelling (whatever the definition's) reads back as
    the same IR."""
    try:
        text = definition.ir.script(show_header=False)
        again = from_source(text, extra_vars=_names(definition.env), source_name="<print>")
    except Exception:  # noqa: BLE001 - a failure is the answer
        return False
    return bool(structural_equal(definition.ir, again, map_free_vars=True))


def format_result(definition: Any, lines: List[str]) -> str:
    """What ``tvm-lsp format`` does with the definition: ``formats`` (a new text),
    ``formatted`` (its text is its print already) or the reason its verdict declines."""
    try:
        verdict = format_verdict(definition)
    except Exception as exc:  # noqa: BLE001 - a failing verdict is a result
        return f"fails: {type(exc).__name__}"
    if verdict.text is None:
        return verdict.reason or "declines"
    return "formatted" if verdict.text == _replaced_text(lines, verdict.range) else "formats"


def _replaced_text(lines: List[str], where: Any) -> str:
    """The file's text over a verdict's range (lines from 1, UTF-8 byte columns)."""
    first, column, last, end = where
    chosen = [line.encode("utf-8") for line in lines[first - 1:last]]
    if not chosen:
        return ""
    chosen[-1] = chosen[-1][:end]
    chosen[0] = chosen[0][column:]
    return b"\n".join(chosen).decode("utf-8", "replace")


def round_trip(definition: Any) -> Dict[str, Any]:
    """Our print of the definition in its own spelling read back by our parser, compared with
    its IR."""
    try:
        text = definition.formatted_text
    except Exception as exc:  # noqa: BLE001 - a printer failure is a result
        return {"result": "print-fails", "message": f"{type(exc).__name__}: {exc}"}
    if text is None:
        return {"result": "print-fails", "message": "no canonical print"}
    try:
        again = from_source(text, extra_vars=_names(definition.env), source_name="<print>")
    except Exception as exc:  # noqa: BLE001 - the print does not read back
        return {"result": "read-back-fails", "message": f"{type(exc).__name__}: {exc}"}
    if not structural_equal(definition.ir, again, map_free_vars=True):
        return {"result": "not-equal", "message": "the print reads back as another IR"}
    return {"result": "round-trips"}


def apache_print_digest(definition: Any) -> str:
    """The SHA-256 of our print in Apache TVM's spelling, header included, as
    record_apache_prints.py records apache-tvm 0.27's (``-`` when it does not print)."""
    try:
        text = definition.ir.script(spelling="apache")
    except Exception:  # noqa: BLE001 - no print is a result
        return "-"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def analyse(path: str, text: str, skip: List[str]) -> Dict[str, Any]:
    def progress(key: str, name: str, span: List[int]) -> None:
        emit({"event": "progress", "key": key, "line": span[0]})

    report = parse_diagnostics(text, source_name=path, progress=progress, skip=skip)
    lines = text.split("\n")
    found = []
    for unit in report.units:
        definition = unit.definition
        diagnostics = [plain_diagnostic(d) for d in getattr(unit, "diagnostics", ())]
        entry: Dict[str, Any] = {
            "line": definition.range[0], "kind": definition.kind, "depth": definition.depth,
            "key": definition.key, "diagnostics": diagnostics,
            "built": definition.ir is not None, "partial": definition.partial,
        }
        # Partial: something failed, if only as information (an untrusted name not
        # evaluated), and its IR lacks that statement.
        if definition.ir is not None and not definition.partial and definition.kind != "macro":
            entry.update(round_trip(definition))
            entry["apache_sha256"] = apache_print_digest(definition)
            entry["canonical_round_trip"] = canonical_round_trip(definition)
            entry["format"] = format_result(definition, lines)
        found.append(entry)
    return {"event": "result", "path": path, "definitions": found,
            "file_diagnostics": [plain_diagnostic(d) for d in report.file_diagnostics]}


def emit(message: Dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    limit = int(os.environ.get("APACHE_CONFORMANCE_MEMORY", str(6 << 30)))
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(10_000)
    warm = parse_diagnostics(_WARM_UP, source_name="<warm-up>")
    round_trip(warm.definitions[0])
    emit({"event": "ready", "sandbox": install_sandbox()})
    for line in sys.stdin:
        request = json.loads(line)
        emit(analyse(request["path"], request["text"], request.get("skip", [])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
