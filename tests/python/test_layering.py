"""The layers of DESIGN.md, checked on the includes: a new edge must be a deliberate change
(update docs/architecture.md and this table together)."""

import pathlib
import re

REPO = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)

# layer folder -> include prefixes it must never use
FORBIDDEN = {
    "core": ("Python.h", "pybind11/", "nlohmann/", "boost/", "tvm/script/", "tvm/lsp/", "llvm/"),
    "printer": ("Python.h", "pybind11/", "nlohmann/", "boost/", "tvm/lsp/"),
    "parser_bridge": ("nlohmann/", "boost/", "tvm/lsp/"),
    # lsp/ reaches Python only through the bridge's plain-data API (the worker process).
    "lsp": ("Python.h", "pybind11/"),
}


def includes_of(layer: str):
    for path in sorted((REPO / layer).rglob("*")):
        if path.suffix in (".h", ".cc"):
            for match in INCLUDE.finditer(path.read_text()):
                yield path.relative_to(REPO), match.group(1)


def test_layers_include_only_what_they_may():
    violations = [
        f"{path}: {header}"
        for layer, forbidden in FORBIDDEN.items()
        for path, header in includes_of(layer)
        if header.startswith(forbidden)
    ]
    assert violations == []


def test_the_check_sees_the_lsp_sources():
    headers = {header for _, header in includes_of("lsp")}
    assert "tvm/script/bridge/bridge.h" in headers and "seccomp.h" in headers


def test_the_check_sees_the_core_sources():
    # Guards against the check passing because it found no files.
    headers = {header for _, header in includes_of("core")}
    assert "tvm/ffi/object.h" in headers
    assert "tvm/ffi/any.h" in headers


def test_a_forbidden_include_would_be_reported():
    sample = '#include <pybind11/pybind11.h>\n#include "tvm/ffi/any.h"\n'
    found = [m.group(1) for m in INCLUDE.finditer(sample)]
    assert [h for h in found if h.startswith(FORBIDDEN["core"])] == ["pybind11/pybind11.h"]


def test_bridge_public_header_is_plain_data():
    # The server holds no live Python or IR object (DESIGN.md "Safety"): the embedding API's
    # public headers include neither Python nor the core's object system.
    headers = sorted((REPO / "parser_bridge" / "include").rglob("*.h"))
    assert headers, "the check found no public header"
    found = [
        f"{path.relative_to(REPO)}: {match.group(1)}"
        for path in headers
        for match in INCLUDE.finditer(path.read_text())
        if match.group(1).startswith(("Python.h", "pybind11/", "tvm/"))
    ]
    assert found == []
