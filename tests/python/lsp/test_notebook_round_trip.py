"""The on-save round-trip check on a notebook (issue 11, items 4 and 5): `notebookDocument/didSave`
checks the notebook's definitions like a file's, and each warning goes to the cell that holds
its definition, at the cell's positions (the related information too)."""

from __future__ import annotations

from test_notebooks import NB, cell, span, start_notebook

PRELUDE = "from tvm_tirx.script import tirx as T\n"
KERNEL = ('@T.function\ndef g(A: T.Tensor((8,), T.int32)):\n'
          '    T.func_attr({"global_symbol": "my.kernel"})\n    A[0] = 1\n')
CLEAN = "@T.function\ndef h(B: T.Tensor((4,), T.int32)):\n    B[0] = 1\n"


def test_a_notebook_save_reports_the_mismatch_on_its_cell() -> None:
    server = start_notebook(cells=(PRELUDE, CLEAN, KERNEL))
    try:
        server.notify("notebookDocument/didSave", {"notebookDocument": {"uri": NB}})
        published = server.diagnostics(cell(2))
        (warning,) = published["diagnostics"]
        assert warning["code"] == "round-trip-mismatch" and warning["severity"] == 2
        assert warning["message"] == ("g's canonical print does not read back: SyntaxError: "
                                      "expected '(' (<format>, line 2)")
        assert warning["range"] == span(1, 4, 1, 5)  # `g` in `def g(`, cell 2's line 1
        (related,) = warning["relatedInformation"]
        assert related["location"] == {"uri": cell(2), "range": span(0, 0, 3, 12)}
        assert related["message"].startswith("the canonical print of g:\n@T.function\n")
        # The other cells' diagnostics carry no warning.
        for k in (0, 1):
            for message in server.received:
                if message.get("method") == "textDocument/publishDiagnostics" and \
                        message["params"]["uri"] == cell(k):
                    assert message["params"]["diagnostics"] == []
    finally:
        server.close()
