from tvm_tirx.script import tirx as T


@T.function
def fill_typed(A: T.Tensor((64,), T.float16), n: T.int32):
    T.evaluate(T.call_extern("fill_buffer", A.data, n, T.dtype("float16"), T.DataTypeImm("int8x4"), ty=T.int32))
