"""The examples of spec/tvm-ffi-python-guide.md, each code block copied verbatim into a test.

The blocks that need ``tvm_ffi.load_module``, ``tvm_ffi.cpp.load_inline`` or torch cannot run
yet (runtime modules arrive with LLVM code generation, DESIGN.md roadmap): their tests assert
today's behaviour and name the gap.
"""

import importlib
import traceback

import pytest

import tvm_ffi


def test_load_and_run_module_is_not_available_yet():
    # Gap: loading compiled modules arrives with code generation (DESIGN.md roadmap, "LLVM code
    # generation, runtime modules"). The guide's block runs verbatim up to load_module, which
    # raises; the lines after it never run.
    with pytest.raises(NotImplementedError) as info:
        import tvm_ffi
        import numpy as np

        # Load the compiled module
        mod = tvm_ffi.load_module("build/add_one_cpu.so")

        # Create input and output arrays
        x = np.array([1, 2, 3, 4, 5], dtype=np.float32)
        y = np.empty_like(x)

        # Call the function
        mod.add_one_cpu(x, y)
    assert str(info.value) == (
        "tvm_ffi.load_module('build/add_one_cpu.so'): loading compiled modules arrives with "
        "code generation"
    )
    assert issubclass(tvm_ffi.Module, tvm_ffi.Object)


def test_tensor_dlpack_round_trip():
    import numpy as np
    import tvm_ffi

    # Demonstrate DLPack conversion between NumPy and TVM FFI
    np_data = np.array([1, 2, 3, 4], dtype=np.float32)
    tvm_array = tvm_ffi.from_dlpack(np_data)
    # Convert back to NumPy
    np_result = np.from_dlpack(tvm_array)

    assert isinstance(tvm_array, tvm_ffi.Tensor)
    assert np_result.dtype == np.float32
    assert np_result.tolist() == [1.0, 2.0, 3.0, 4.0]
    # No copy either way: all three share one buffer.
    assert np_result.ctypes.data == np_data.ctypes.data == tvm_array.data_ptr


def test_get_global_func_echo():
    import tvm_ffi

    # testing.echo is defined and registered in C++
    # [](ffi::Any x) { return x; }
    fecho = tvm_ffi.get_global_func("testing.echo")
    assert fecho(1) == 1

    assert isinstance(fecho, tvm_ffi.Function)


def test_python_callback_through_apply():
    import tvm_ffi

    # testing.apply is registered in C++
    # [](ffi::Function f, ffi::Any val) { return f(x); }
    fapply = tvm_ffi.get_global_func("testing.apply")
    # invoke fapply with lambda callback as f
    assert fapply(lambda x: x + 1, 1) == 2


def _is_registered(name):
    return tvm_ffi.get_global_func(name, allow_missing=True) is not None


def test_register_global_func_decorator():
    # Global names are process-wide: the guide's name must be free before and after.
    assert not _is_registered("example.add_one")
    try:
        import tvm_ffi

        @tvm_ffi.register_global_func("example.add_one")
        def add_one(a):
            return a + 1

        assert tvm_ffi.get_global_func("example.add_one")(1) == 2

        # The decorator returns the Python function itself.
        assert add_one(5) == 6
    finally:
        assert tvm_ffi.remove_global_func("example.add_one")
    assert not _is_registered("example.add_one")


def test_opaque_ptr_workspace():
    # my_compiler.compile_kernel comes from tests/plugins/compile_kernel_plugin.cc, which
    # conftest.py loads; it writes bytes i * 3 + 1 (i < 16) at the pointer it gets.
    import ctypes
    import tvm_ffi


    class Workspace:
        def __init__(self, size: int):
            self.buffer = (ctypes.c_uint8 * size)()

        def __tvm_ffi_opaque_ptr__(self) -> int:
            return ctypes.addressof(self.buffer)


    workspace = Workspace(4096)
    compile_kernel = tvm_ffi.get_global_func("my_compiler.compile_kernel")
    compile_kernel(workspace)

    assert list(workspace.buffer[:16]) == [i * 3 + 1 for i in range(16)]
    assert not any(workspace.buffer[16:])


def test_array_from_list():
    import tvm_ffi

    # Python lists become Arrays
    arr = tvm_ffi.convert([1, 2, 3, 4])
    assert isinstance(arr, tvm_ffi.Array)
    assert len(arr) == 4
    assert arr[0] == 1
    # arr[0] = 10  # TypeError: Array does not support item assignment

    with pytest.raises(TypeError, match="^'Array' object does not support item assignment$"):
        arr[0] = 10
    assert list(arr) == [1, 2, 3, 4]


def test_list_mutation():
    import tvm_ffi

    lst = tvm_ffi.List([1, 2, 3])
    assert len(lst) == 3

    # Mutate in-place
    lst.append(4)
    assert len(lst) == 4
    lst[0] = 10
    assert lst[0] == 10

    assert list(lst) == [10, 2, 3, 4]


def test_map_from_dict():
    import tvm_ffi

    map_obj = tvm_ffi.convert({"a": 1, "b": 2})
    assert isinstance(map_obj, tvm_ffi.Map)
    assert len(map_obj) == 2
    assert map_obj["a"] == 1
    assert map_obj["b"] == 2
    # map_obj["c"] = 3  # TypeError: Map does not support item assignment

    with pytest.raises(TypeError, match="^'Map' object does not support item assignment$"):
        map_obj["c"] = 3
    assert dict(map_obj) == {"a": 1, "b": 2}


def test_dict_mutation():
    import tvm_ffi

    d = tvm_ffi.Dict({"a": 1, "b": 2})
    d["c"] = 3
    assert len(d) == 3
    del d["a"]
    assert len(d) == 2

    assert dict(d) == {"b": 2, "c": 3}


def test_tuple_conversion():
    import tvm_ffi

    t = tvm_ffi.convert((1, "hello", 3.14))
    assert isinstance(t, tvm_ffi.Array)

    assert list(t) == [1, "hello", 3.14]


def test_inline_module_is_not_available_yet():
    # Gap: tvm_ffi.cpp (load_inline, build_inline) arrives with code generation (DESIGN.md
    # roadmap), and torch is not a dependency of the project; the guide's "Inline Module" block
    # runs verbatim until its first import fails.
    with pytest.raises(ModuleNotFoundError, match=r"^No module named '(torch|tvm_ffi\.cpp)'$"):
        import torch
        from tvm_ffi import Module
        import tvm_ffi.cpp

        # define the cpp source code
        cpp_source = '''
             void add_one_cpu(tvm::ffi::TensorView x, tvm::ffi::TensorView y) {
               // implementation of a library function
               TVM_FFI_ICHECK(x.ndim() == 1) << "x must be a 1D tensor";
               DLDataType f32_dtype{kDLFloat, 32, 1};
               TVM_FFI_ICHECK(x.dtype() == f32_dtype) << "x must be a float tensor";
               TVM_FFI_ICHECK(y.ndim() == 1) << "y must be a 1D tensor";
               TVM_FFI_ICHECK(y.dtype() == f32_dtype) << "y must be a float tensor";
               TVM_FFI_ICHECK(x.size(0) == y.size(0)) << "x and y must have the same shape";
               for (int i = 0; i < x.size(0); ++i) {
                 static_cast<float*>(y.data_ptr())[i] = static_cast<float*>(x.data_ptr())[i] + 1;
               }
             }
        '''

        # compile the cpp source code and load the module
        mod: Module = tvm_ffi.cpp.load_inline(
            name='hello', cpp_sources=cpp_source, functions='add_one_cpu'
        )

        # use the function from the loaded module to perform
        x = torch.tensor([1, 2, 3, 4, 5], dtype=torch.float32)
        y = torch.empty_like(x)
        mod.add_one_cpu(x, y)
        torch.testing.assert_close(x + 1, y)
    with pytest.raises(ModuleNotFoundError, match="^No module named 'tvm_ffi.cpp'$"):
        importlib.import_module("tvm_ffi.cpp")


def test_error_handling_raise_error():
    with pytest.raises(ValueError) as info:
        import tvm_ffi

        # defined in C++
        # [](String kind, String msg) { throw Error(kind, msg, backtrace); }
        test_raise_error = tvm_ffi.get_global_func("testing.test_raise_error")

        test_raise_error("ValueError", "message")
    assert type(info.value) is ValueError
    assert str(info.value) == "message"
    frames = traceback.extract_tb(info.value.__traceback__)
    # The innermost frame is the C++ throw, shown like a Python frame.
    assert frames[-1].filename.endswith("core/ffi/src/testing.cc")
    assert "TestRaiseError" in frames[-1].name
    assert frames[-1].lineno > 0
    # Above it, the Python line that called into C++.
    assert frames[-2].filename == __file__
    assert frames[-2].name == "test_error_handling_raise_error"


def test_register_your_own_object(restore_object_classes):
    import tvm_ffi

    # Register the class
    @tvm_ffi.register_object("testing.TestIntPair")
    class TestIntPair(tvm_ffi.Object):
        def __init__(self, a, b):
            # This is a special method to call an FFI function whose return
            # value exactly initializes the object handle of the object
            self.__ffi_init__(a, b)

    test_int_pair = TestIntPair(1, 2)
    # We can access the fields by name
    # The properties are populated by the reflection mechanism
    assert test_int_pair.a == 1
    assert test_int_pair.b == 2

    # Objects of that type now come back from C++ as the registered class.
    echoed = tvm_ffi.get_global_func("testing.echo")(test_int_pair)
    assert type(echoed) is TestIntPair
    assert echoed.same_as(test_int_pair)
    assert test_int_pair.__tvm_ffi_type_key__ == "testing.TestIntPair"
