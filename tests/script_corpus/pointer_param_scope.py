from tvm_tirx.script import tirx as T


@T.function
def fill_staging(staging: T.ptr("float32", "shared"), out: T.ptr("int32"), n: T.int32):
    T.call_extern("int32", "fill_from", staging, out, n)
