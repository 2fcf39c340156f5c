"""Our namespace members against the reference's signatures and docstrings (issue 10, item 3):
every member both have takes the reference's parameters, by name and kind, and has a
docstring, unless tests/oracle_records/signature_gaps.txt lists the difference with its reason.
A difference that is not listed fails, and so does a listed one that is gone. Reads only the
records (scripts/oracle/signatures.py says how parameters are compared)."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))

import signatures  # noqa: E402

GAPS = signatures.read_signature_gaps()


def _found() -> dict:
    found = dict(signatures.signature_differences())
    found.update({f"doc:{name}": "no docstring" for name in signatures.members_without_docstrings()})
    return found


FOUND = _found()


def test_every_signature_difference_is_listed_with_its_reason() -> None:
    unlisted = sorted(set(FOUND) - set(GAPS))
    assert not unlisted, ("members whose signature or docstring differs from the reference's "
                          "(fix it, or list it in tests/oracle_records/signature_gaps.txt):\n" +
                          "\n".join(f"  {name}: {FOUND[name]}" for name in unlisted))


def test_every_listed_signature_difference_still_differs() -> None:
    gone = sorted(set(GAPS) - set(FOUND))
    assert not gone, f"signature_gaps.txt lines that no longer differ, remove them: {gone}"


def test_every_listed_difference_has_a_reason() -> None:
    assert all(GAPS.values())


def test_parameters_are_compared_by_name_and_kind() -> None:
    # The parsing of the recorded `inspect.signature` text, on the shapes the records hold.
    assert signatures.reference_parameters(
        "(x: tvm_tirx.ir.expr.Expr, *, ty: 'Type | None' = None, loc: L = UnknownLoc()) -> E"
    ) == [("x", "positional"), ("ty", "keyword")]
    assert signatures.reference_parameters("(*args, dtype='int32', **kwargs)") == [
        ("args", "*args"), ("dtype", "keyword"), ("kwargs", "**kwargs")]
    assert signatures.reference_parameters("") is None

    def ours(a, b=1, *rest, c, loc=None, **options):
        pass

    assert signatures.our_parameters(ours) == [
        ("a", "positional"), ("b", "positional"), ("rest", "*args"), ("c", "keyword"),
        ("options", "**kwargs")]
