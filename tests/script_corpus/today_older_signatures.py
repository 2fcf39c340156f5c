from tvm_tirx.script import tirx as T


@T.prim_func
def pack_row_max(A: T.Buffer((4,), "float32"), Scratch: T.Buffer((16,), "uint8"),
                 Bits: T.Buffer((2,), "int32")):
    row_max = T.alloc_buffer((1,), "float32")
    row_max[0] = T.min_value("float32")
    for i in T.serial(4):
        row_max[0] = T.max(row_max[0], A[i])
    A[0] = T.call_intrin("float32", "tirx.exp", row_max[0])
    Bits[1] = T.call_llvm_pure_intrin("int32", "llvm.ctlz", Bits[0], T.bool(False))
    T.call_llvm_intrin("", "llvm.assume", Bits[1] >= 0)
    halves = T.ptr_byte_offset(Scratch.data, 4, "float16")
    T.evaluate(T.Call("tirx.prefetch", [T.address_of(A[0]), 0, 3, 1], ret_ty="void"))
    codes = T.tvm_stack_alloca("arg_tcode", 2)
    T.evaluate(T.tvm_stack_make_array(halves, T.tvm_stack_make_shape(6), 0, 1, T.float16(0), 0))
