"""`tvm.script`: the TVMScript entry points and namespaces of `tvm_tirx.script`.

Everything `tvm_tirx.script` has is here too: its public names, and through `__getattr__` what
it exposes lazily (dialects registered with `register_dialect`, namespace-initializer aliases),
and Apache TVM's `tvm.script.ir_module` (`I.ir_module`).
Submodules are the same module objects: `import tvm.script.parser.protocol_registry` gives
`tvm_tirx.script.parser.protocol_registry` (one registry, never a second copy).
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from typing import Any, Dict, Optional

import tvm_tirx.script as _script
from tvm_tirx.script import *  # noqa: F401,F403 - the facade re-exports everything
from tvm_tirx.script import __all__  # noqa: F401

from tvm_tirx.script.ir import ir_module  # noqa: F401 - Apache TVM's `@tvm.script.ir_module`

_TARGET = "tvm_tirx.script"


class _SameModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports `tvm.script.<x>` as the module `tvm_tirx.script.<x>` itself."""

    def __init__(self) -> None:
        self._specs: Dict[str, Any] = {}

    def find_spec(self, fullname: str, path: Any = None,
                  target: Any = None) -> Optional[importlib.machinery.ModuleSpec]:
        if not fullname.startswith(__name__ + "."):
            return None
        if importlib.util.find_spec(_TARGET + fullname[len(__name__):]) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Any:
        module = importlib.import_module(_TARGET + spec.name[len(__name__):])
        self._specs[spec.name] = module.__spec__  # the import system overwrites it
        return module

    def exec_module(self, module: Any) -> None:
        spec = self._specs.pop(module.__spec__.name, None)
        if spec is not None:
            module.__spec__ = spec


if not any(isinstance(finder, _SameModules) for finder in sys.meta_path):
    sys.meta_path.insert(0, _SameModules())  # before the path finder, which would load copies


def __getattr__(name: str) -> Any:
    return getattr(_script, name)
