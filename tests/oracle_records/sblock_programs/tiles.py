from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def tiled_copy(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
    for io, jo in T.grid(16, 16):
        for ii, ji in T.grid(4, 4):
            with T.sblock("copy"):
                vi = T.axis.spatial(64, io * 4 + ii)
                vj = T.axis.spatial(64, jo * 4 + ji)
                B[vi, vj] = A[vi, vj] * T.float32(2)


@T.prim_func(s_tir=True)
def outer_and_inner(A: T.Buffer((16, 8), "float32"), B: T.Buffer((16, 8), "float32")):
    for i in range(16):
        with T.sblock("outer"):
            vi = T.axis.spatial(16, i)
            for j in range(8):
                with T.sblock("inner"):
                    vj = T.axis.spatial(8, j)
                    B[vi, vj] = A[vi, vj] + T.float32(1)


@T.prim_func(s_tir=True)
def window(A: T.Buffer((40,), "float32"), B: T.Buffer((36,), "float32")):
    for i, k in T.grid(36, 5):
        with T.sblock("window"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi + vk]


@T.prim_func(s_tir=True)
def loops_inside(A: T.Buffer((8, 32), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("loops_inside"):
            vi = T.axis.spatial(8, i)
            B[vi] = T.float32(0)
            for k in range(32):
                B[vi] = B[vi] + A[vi, k]
