from tvm_tirx.script import tirx as T


@T.prim_func
def flush_staging(Out: T.Buffer((16,), "float32"), staging: T.handle("float32", "global"),
                  count: T.int32):
    for i in T.serial(16):
        Out[i] = T.float32(0)
    T.evaluate(T.call_extern("int32", "flush_staging_area", staging, count))
