"""tvm_ffi: the FFI object system of tvmscript-lsp, from Python.

Objects, containers, functions and errors are shared with C++ without conversion: the
extension ``tvm_ffi.core`` links the same core library as every other binary in the process.
"""

from . import core
from .core import Function, Object, convert
from .registry import (
    get_global_func,
    list_global_func_names,
    object_class,
    register_global_func,
    register_object,
    remove_global_func,
)

# Before any module below makes classes: made classes derive from the class of their parent.
register_object("ffi.Object")(Object)
register_object("ffi.Function")(Function)

from .error import InternalError, register_error
from .dtype import Device, device, dtype
from .containers import Array, Dict, List, Map, Shape
from .tensor import Tensor, empty, from_dlpack
from .module import Module, load_module
from . import testing
from .structural import (
    AccessPath,
    DefRegionKind,
    StructuralMutatorView,
    StructuralVisitorView,
    WalkInterrupt,
    WalkOrder,
    WalkResult,
    assert_structural_equal,
    get_first_structural_mismatch,
    structural_equal,
    structural_hash,
    structural_map,
    structural_mutate,
    structural_visit,
    structural_walk,
)

__all__ = [
    "AccessPath",
    "Array",
    "DefRegionKind",
    "Device",
    "Dict",
    "Function",
    "InternalError",
    "List",
    "Map",
    "Module",
    "Object",
    "Shape",
    "StructuralMutatorView",
    "StructuralVisitorView",
    "Tensor",
    "WalkInterrupt",
    "WalkOrder",
    "WalkResult",
    "assert_structural_equal",
    "convert",
    "device",
    "dtype",
    "empty",
    "from_dlpack",
    "get_first_structural_mismatch",
    "get_global_func",
    "list_global_func_names",
    "load_module",
    "object_class",
    "register_error",
    "register_global_func",
    "register_object",
    "remove_global_func",
    "structural_equal",
    "structural_hash",
    "structural_map",
    "structural_mutate",
    "structural_visit",
    "structural_walk",
    "testing",
]
