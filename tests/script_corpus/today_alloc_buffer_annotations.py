from tvm_tirx.script import tirx as T


@T.prim_func
def staged_sum(A: T.Buffer((128,), "float32"), Out: T.Buffer((1,), "float32")):
    acc = T.alloc_buffer((1,), "float32", scope="local", annotations={"pragma_stage": 2, "tag": "acc"})
    acc[0] = T.float32(0)
    for i in range(128):
        acc[0] = acc[0] + A[i]
    Out[0] = acc[0]
