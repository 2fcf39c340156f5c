"""Every diagnostic code the analysis can report: a closed registry, in one place.

Codes are what clients match on (``# tvm-lsp: ignore[code]``, code actions), so a new one is
added here first. docs/diagnostics.md lists them (a test checks the two agree, and that every
code the C++ well-formedness check, the embedding API, the worker and its client write is
here). Python
exceptions map onto the registry by type (``code_of``); a type outside the map is
``python-error``.
"""

from __future__ import annotations

from typing import Dict, Tuple

from .untrusted import UNTRUSTED_CODE, UntrustedNotEvaluated

SEVERITY_NAMES: Dict[int, str] = {1: "error", 2: "warning", 3: "information", 4: "hint"}
"""The one spelling of the four severities (LSP's numbers)."""

CODES: Dict[str, str] = {
    # The frontend (Python).
    "syntax-error": "the text does not parse, or uses syntax TVMScript gives no meaning",
    "type-error": "a construction with operands or arguments of the wrong types",
    "name-error": "a name that nothing binds",
    "value-error": "a construction with a wrong value (count, shape, option)",
    "attribute-error": "a namespace or module member that does not exist",
    "index-error": "an index or key out of range in host code",
    "not-implemented-error": "a construct this frontend does not support yet",
    "runtime-error": "a construction that failed in the builder",
    "recursion-error": "an expression or statement nested too deeply to analyse",
    "memory-error": "the analysis ran out of memory",
    "zero-division-error": "a division by zero in host code",
    "python-error": "another Python exception (its type is in the message)",
    "module-not-found-error": "trusted module code imports a module that is not installed",
    "import-error": "trusted module code fails to import a name",
    UNTRUSTED_CODE: "untrusted text asked for something the allowlist does not evaluate",
    "time-limit": "the analysis of a definition (or file) ran past its time limit",
    "lossy-store": "a float value stored into integer elements: converted, dropping the fraction "
                   "(a warning, as the reference's)",
    "internal-error": "the analysis itself failed: a bug, reported with its traceback",
    "round-trip-mismatch": "on save: the definition's canonical print does not read back as "
                           "the same program (a warning, at the first node that differs)",
    # The embedding API (C++).
    "invalid-encoding": "the text is not valid UTF-8",
    "cancelled": "the analysis was cancelled (a newer version of the document arrived)",
    # The analysis worker and its client (lsp/).
    "analysis-budget": "the analysis of the file ran past its total budget",
    "worker-crashed": "the analysis worker died while it analysed this definition",
    "worker-failed": "no analysis worker could be started",
    "sandbox-unavailable": "the worker's sandbox did not load, so untrusted text is refused",
    # Well-formedness (C++, tirx.analysis.WellFormedDiagnostics).
    "undefined-variable": "a variable used with no definition in scope",
    "out-of-scope-use": "a variable used outside the scope that defines it",
    "duplicate-definition": "a variable defined twice",
    "loop-variable-assignment": "a loop variable assigned in its loop",
    "pattern-mismatch": "a symbol bound to two different values by a signature",
    "tensor-access": "a tensor indexed with the wrong number or types of indices",
    "store-type": "a store of a value whose type is not the element type",
    "op-contract": "an operator call that breaks its operator's contract",
    "sblock-binding-count": ("a block realized with a number of binding values other than its "
                             "iteration variables'"),
    "sblock-binding-type": "a block iteration variable bound to a value that is not an integer "
                           "of its kind (another width is accepted, as Apache TVM accepts it)",
    "sblock-binding-domain": ("a block iteration variable bound to values outside its domain (a "
                              "warning)"),
    "sblock-iter-kind": ("a block iteration variable that is not data-parallel, reduction, scan "
                         "or opaque"),
    "sblock-domain": ("a block iteration variable's domain that ends before it starts or uses "
                      "the block's own variables (a warning)"),
    "sblock-init": ("an init statement in a block without a reduction iteration variable (a "
                    "warning)"),
    "sblock-region": ("a block's read, write or match-buffer region reaching outside its tensor "
                      "(a warning)"),
    "sblock-region-rank": "a block's region with a number of ranges other than its tensor's rank",
    "sblock-loop-var-access": ("a loop variable used inside a non-opaque block other than "
                               "through its bindings"),
    "sblock-parallel-binding": ("a parallel, vectorized or thread-bound loop binding a block "
                                "iteration variable that is not data-parallel (a warning)"),
    "sblock-mixed-loop": ("one loop bound to both a data-parallel and a reduction iteration "
                          "variable of a block (a warning)"),
}
"""code -> what it means."""

_BY_TYPE: Tuple[Tuple[type, str], ...] = (
    (UntrustedNotEvaluated, UNTRUSTED_CODE),
    (SyntaxError, "syntax-error"),
    (ModuleNotFoundError, "module-not-found-error"),
    (ImportError, "import-error"),
    (NotImplementedError, "not-implemented-error"),
    (RecursionError, "recursion-error"),
    (TypeError, "type-error"),
    (NameError, "name-error"),
    (AttributeError, "attribute-error"),
    (ZeroDivisionError, "zero-division-error"),
    (LookupError, "index-error"),
    (ValueError, "value-error"),
    (MemoryError, "memory-error"),
    (TimeoutError, "time-limit"),
    (RuntimeError, "runtime-error"),
)


def code_of(error: BaseException) -> str:
    """The registered code of a Python exception (the first base class that maps)."""
    for kind, code in _BY_TYPE:
        if isinstance(error, kind):
            return code
    return "python-error"


__all__ = ["CODES", "SEVERITY_NAMES", "code_of"]
