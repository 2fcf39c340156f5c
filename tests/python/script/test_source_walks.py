"""The analysis's tree walks and hover's callable texts (issue 24, the cold analysis): the fast
walk gives what ``ast.walk`` gives, node for node and in order; the walks kept while a
definition is analysed are dropped after it; a namespace member's text is read once, and the
texts kept stay bounded and never answer for another object."""

from __future__ import annotations

import ast
import pathlib

import pytest

from tvm_tirx.script.parser import ast_build, report, session, source_text
from tvm_tirx.script.parser.chunk_parse import parse_chunk

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS = sorted((REPO / "tests" / "script_corpus").glob("*.py"))
EXAMPLES = sorted((REPO / "examples" / "tvmscript").glob("*.py"))


def _trees(path: pathlib.Path) -> list:
    """Each top-level chunk's tree, as the analysis parses them (a chunk with a syntax error,
    which some of these files have on purpose, gives none)."""
    scanned = source_text.scan(path.read_text(encoding="utf-8"), path.name)
    trees = []
    for chunk in scanned.top_level:
        try:
            trees.append(parse_chunk(scanned, chunk))
        except SyntaxError:
            pass
    return trees


@pytest.mark.parametrize("path", CORPUS + EXAMPLES, ids=lambda p: p.name)
def test_walk_nodes_is_ast_walk(path: pathlib.Path) -> None:
    trees = _trees(path)
    assert trees
    for tree in trees:
        expected = list(ast.walk(tree))
        walked = ast_build.walk_nodes(tree)
        assert len(walked) == len(expected)
        assert all(a is b for a, b in zip(walked, expected))


def test_walk_nodes_of_generated_and_partial_nodes() -> None:
    # Nodes made by hand (as the transpiler makes them): missing fields, None, mixed lists.
    call = ast.Call(func=ast.Name(id="f", ctx=ast.Load()), args=[ast.Constant(1)])
    tree = ast.Expr(value=ast.BinOp(left=call, op=ast.Add(), right=ast.Name(id="x")))
    assert [type(n).__name__ for n in ast_build.walk_nodes(tree)] == \
        [type(n).__name__ for n in ast.walk(tree)]
    assert [type(n) for n in ast_build.walk_nodes(ast.Pass())] == [ast.Pass]


def test_walk_nodes_of_a_deep_expression_does_not_recurse() -> None:
    depth = 50_000  # far past the interpreter's recursion limit
    node: ast.expr = ast.Name(id="x", ctx=ast.Load())
    for _ in range(depth):
        node = ast.UnaryOp(op=ast.USub(), operand=node)
    walked = ast_build.walk_nodes(node)
    assert len(walked) == 2 * depth + 2  # each UnaryOp, its USub, the Name and its Load


def test_walks_are_dropped_after_an_untrusted_analysis() -> None:
    text = (REPO / "examples" / "tvmscript" / "matmul_module.py").read_text(encoding="utf-8")
    document = session.DocumentSession("walks.py")
    document.set_text(text)
    parsed = document.analyze()
    nodes = [unit.definition.node for unit in parsed.units]
    assert nodes and all(node is not None for node in nodes)
    kept = [n for root in nodes for n in ast.walk(root) if "_tvm_source_nodes" in n.__dict__]
    assert kept == []


def test_trusted_analysis_keeps_the_walk_taken_before_building() -> None:
    # A trusted build rewrites the tree; the walk taken before is what later readers get.
    text = (REPO / "examples" / "tvmscript" / "vector_add.py").read_text(encoding="utf-8")
    document = session.DocumentSession("walks-trusted.py", trusted=True)
    document.set_text(text)
    parsed = document.analyze()
    roots = [unit.definition.node for unit in parsed.units]
    assert any("_tvm_source_nodes" in root.__dict__ for root in roots)


def test_a_callable_text_is_read_once_and_kept_by_identity(monkeypatch) -> None:
    reads = []
    real = report._read_callable

    def counted(value):
        reads.append(value)
        return real(value)

    monkeypatch.setattr(report, "_read_callable", counted)
    monkeypatch.setattr(report, "_CALLABLE_TEXTS", type(report._CALLABLE_TEXTS)())

    def member(n: int) -> int:
        """Says what it is.

        Not this paragraph."""
        return n

    first = report.describe(member)
    second = report.describe(member)
    assert first == second
    assert first["text"] == 'def member(n: int) -> int:\n    """Says what it is."""'
    assert reads == [member]

    # Another function with the same name and text is another object: read on its own.
    def twin(n: int) -> int:
        """Says something else."""
        return n

    twin.__name__ = "member"
    assert report.describe(twin)["text"] == \
        'def member(n: int) -> int:\n    """Says something else."""'
    assert reads == [member, twin]


def test_the_callable_texts_kept_are_bounded(monkeypatch) -> None:
    monkeypatch.setattr(report, "_CALLABLE_TEXTS", type(report._CALLABLE_TEXTS)())
    monkeypatch.setattr(report, "_CALLABLE_TEXTS_KEPT", 8)
    made = []
    for k in range(50):
        def f() -> None:
            pass

        f.__doc__ = f"number {k}"
        made.append(f)
        assert report.describe(f)["text"] == f'def f() -> None:\n    """number {k}"""'
    assert len(report._CALLABLE_TEXTS) == 8
    assert [entry[0] for entry in report._CALLABLE_TEXTS.values()] == made[-8:]
