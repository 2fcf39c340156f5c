from tvm_tirx.script import tirx as T


@T.prim_func(s_tir=True)
def accumulate(A: T.Buffer((1,), "float32"), B: T.Buffer((16,), "float32")):
    acc = T.alloc_buffer((1,), "float32", scope="local")
    for i in range(16):
        with T.sblock("acc"):
            vi = T.axis.reduce(16, i)
            T.reads(B[vi])
            T.writes(acc[0])
            with T.init():
                acc[0] = T.float32(0)
            acc[0] = acc[0] + B[vi]
    A[0] = acc[0]
