"""The spec's TVMScript examples run verbatim (../shared/spec/tvmscript-architecture.rst)."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "spec" / "tvmscript-architecture.rst"


def _python_blocks(text: str):
    """The bodies of the rst file's `.. code-block:: python` directives, dedented."""
    pattern = re.compile(r"\.\. code-block:: python\n\n((?:    .*\n|\n)+)")
    for match in pattern.finditer(text):
        yield "\n".join(line[4:] for line in match.group(1).splitlines()) + "\n"


@pytest.mark.skipif(not SPEC.exists(), reason="the shared spec folder is not beside the repo")
def test_every_python_example_of_the_architecture_spec_runs(tmp_path) -> None:
    blocks = list(_python_blocks(SPEC.read_text()))
    assert blocks, "the spec has no python code block: the extraction pattern is stale"
    build = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", ROOT / "build"))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(build / "parser_bridge" / "python"), str(build / "parser_bridge" / "facade")])
    for i, block in enumerate(blocks):
        script = tmp_path / f"example_{i}.py"
        # The example's own assertions are the test; a final line proves it ran to the end.
        script.write_text(block + "\nprint('example finished')\n")
        result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                                env=env, timeout=120)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip().endswith("example finished")


def test_the_facade_reexports_the_packages() -> None:
    import tvm
    import tvm_tirx
    from tvm.script import tirx as T

    import tvm_tirx.script.tirx as canonical

    assert T is canonical
    assert tvm.ir is tvm_tirx.ir
    assert tvm.script.from_source is tvm_tirx.script.from_source
