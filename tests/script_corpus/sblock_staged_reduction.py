from tvm_tirx.script import tirx as T


@T.prim_func(s_tir=True)
def staged_norm(X: T.Buffer((24, 40), "float32"), Out: T.Buffer((24,), "float32")):
    squares = T.sblock_alloc_buffer((24, 40), "float32")
    for r, c in T.grid(24, 40):
        with T.sblock("square"):
            vr, vc = T.axis.remap("SS", [r, c])
            squares[vr, vc] = X[vr, vc] * X[vr, vc]
    for r, c in T.grid(24, 40):
        with T.sblock("total"):
            vr, vc = T.axis.remap("SR", [r, c])
            with T.init():
                Out[vr] = T.float32(0)
            Out[vr] = Out[vr] + squares[vr, vc]
