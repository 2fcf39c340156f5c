"""No shared mutable state between analyses (issue 22, item 2), in process: a document that
attempts every store, registration and mutation of a shared object we could think of leaves
the reports of the documents analysed after it byte-identical (``to_plain()`` as JSON) to
those of a fresh process, and each attempt is refused where it is written.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from typing import List

from tvm_tirx.script import parse_diagnostics

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "script_corpus"

IMPORTS = ("from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import s_tir as Ts\n"
           "from tvm_tirx.script import ir as I\n")

# One attempt per statement, so the tolerant analysis reaches every one. Receivers: the
# namespaces, their members and sub-namespaces, IR values (a parameter, its dtype, a symbol),
# classes, builtins, the file's own macro and lambda.
ATTEMPTS: List[str] = [
    "done = [0 for T.int32 in [T.float16]]",
    "done = [0 for Ts._tirx in [I]]",
    "done = [0 for T.serial.__defaults__ in [(1, 2)]]",
    "done = [0 for T.__getattr__ in [T.serial]]",
    'done = [0 for Ts.__member_kinds__ in [{"intrinsic": ["builtins"]}]]',
    "done = [0 for I.ir_module in [T.serial]]",
    "done = [0 for A.__class__ in [T.Buffer]]",
    "done = [0 for A.dtype in [T.float16]]",
    "done = [0 for T.float32.__doc__ in ['x']]",
    "done = [0 for T.Tensor.__wrapped__ in [len]]",
    "done = [0 for T.axis.spatial in [T.serial]]",
    "done = [0 for len.__self__ in [T]]",
    "done = [0 for range.start in [1]]",
    "done = [0 for store.broken in [None]]",
    "done = [0 for n.name in ['m']]",
    "done = {k: 0 for T.max in [T.min]}",
    "done = [0 for (T.min, x) in [(T.max, 1)]]",
    "done = [0 for cells[0] in [T.serial]]",
    "done = [0 for x in [1] for T.exp in [T.log]]",
    "done = (lambda: [0 for T.sqrt in [T.exp]])()",
    "T.int32 = T.float16",
    "T.int32 += 0",
    "Ts.Tensor, y = T.Buffer, 1",
    "del T.serial",
    "for T.grid in T.constexpr([T.serial]):\n        pass",
    "with T.attr(A, 'k', 1) as T.evaluate:\n        A[1] = 1",
    "with T.attr(A, 'k', 1) as cells[0]:\n        A[1] = 1",
    "T.__member_kinds__['intrinsic'] = ('builtins',)",
    "T.__dict__['int32'] = T.float16",
    "kinds = T.__member_kinds__",
    "aliases = Ts.__member_aliases__",
    "T.register_namespace('T', I)",
    "Ts.decl_function('main', T.serial)",
    "Ts.register_namespace('tirx', I)",
    "I.register_namespace('tirx', I)",
    "T.emit_(T.evaluate(0))",
    "T.bind_(1, 'x')",
    "Ts.let_(T.Let, 'x', 1, lambda x: x)",
    "T.Tensor.__globals__['_b'] = None",
    "T.serial.__kwdefaults__.clear()",
    "T.float32.__dict__.update({'x': 1})",
    "A.shape.append(4)",
    "T.Tensor((4,), T.int32).shape.append(1)",
    "parts = T.__all__",
    "names = list(T.__dir__())",
    "x = store.__call__",
    "x = (lambda: 0).__code__",
    "x = [T.serial][0].__closure__",
    "x = dict(T.__member_kinds__)",
    "x = getattr(T, 'int32')",
    "x = setattr(T, 'int32', T.float16)",
    "x = vars(T)",
    "x = type(A)",
    "x = sorted([T.int32], key=T.__getattr__)",
    "x = {}.fromkeys(T.__all__)",
]

HOSTILE = IMPORTS + '''

@T.macro
def store(A, i):
    A[i] = 1


@T.function
def hostile(A: T.Tensor((4,), T.int32), n: T.int64):
    cells = [0]
''' + "".join(f"    {attempt}\n" for attempt in ATTEMPTS) + "    A[0] = 1\n"

PROBES = sorted(str(path) for path in CORPUS.glob("*.py"))[::12]
"""Every 12th corpus program (about forty of them), each analysed after the hostile one."""

_FRESH = """
import json, pathlib, sys
from tvm_tirx.script import parse_diagnostics
out = []
for path in sys.argv[1:]:
    text = pathlib.Path(path).read_text(encoding="utf-8")
    out.append(json.dumps(parse_diagnostics(text, source_name=path).to_plain(), sort_keys=True))
print(json.dumps(out))
"""


def _reports(paths: List[str]) -> List[str]:
    return [json.dumps(parse_diagnostics(pathlib.Path(p).read_text(encoding="utf-8"),
                                         source_name=p).to_plain(), sort_keys=True)
            for p in paths]


def test_every_attempt_is_refused_where_it_is_written() -> None:
    plain = parse_diagnostics(HOSTILE).to_plain()
    first = HOSTILE.splitlines().index("    cells = [0]") + 2  # 1-based line of ATTEMPTS[0]
    lines = {}
    line = first
    for attempt in ATTEMPTS:
        lines[line] = attempt
        line += attempt.count("\n") + 1
    diagnosed = {d["range"][0] for d in plain["diagnostics"]
                 if d["code"] in ("untrusted-not-evaluated", "syntax-error", "type-error",
                                  "attribute-error", "name-error")}
    missing = [attempt for where, attempt in lines.items() if where not in diagnosed]
    assert missing == [], missing
    assert not [d for d in plain["diagnostics"] if d["code"] == "internal-error"]
    # Statements that build IR still do: the last store is there.
    (definition,) = [d for d in plain["definitions"] if d["name"] == "hostile"]
    assert definition["canonical_text"].endswith("    A[0] = 1")


def test_later_documents_report_as_in_a_fresh_process() -> None:
    assert len(PROBES) >= 30
    env = dict(os.environ)
    fresh = subprocess.run([sys.executable, "-c", _FRESH, *PROBES], capture_output=True,
                           text=True, env=env, timeout=300, check=True)
    expected = json.loads(fresh.stdout)
    parse_diagnostics(HOSTILE)
    parse_diagnostics(HOSTILE)  # twice: nothing the first one did changes the second either
    assert _reports(PROBES) == expected
