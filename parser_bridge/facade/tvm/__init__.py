"""The `tvm` facade: `tvm.script`, `tvm.ir` and `tvm.tirx` over this project's packages, so
the specs' examples (`import tvm`, `from tvm.script import tirx as T`) run verbatim.

It lives in its own folder, put on the path only by the project's venv and embedded
interpreter (DESIGN.md): nothing installed for users provides a top-level `tvm`.
"""

from tvm_tirx import ir  # noqa: F401 - tvm.ir
import tvm_tirx as tirx  # noqa: F401 - tvm.tirx

from . import script  # noqa: F401,E402 - tvm.script

__all__ = ["ir", "script", "tirx"]
