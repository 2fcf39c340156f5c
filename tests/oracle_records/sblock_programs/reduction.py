from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def row_sum(A: T.Buffer((32, 48), "float32"), S: T.Buffer((32,), "float32")):
    for r, c in T.grid(32, 48):
        with T.sblock("row_sum"):
            vr, vc = T.axis.remap("SR", [r, c])
            with T.init():
                S[vr] = T.float32(0)
            S[vr] = S[vr] + A[vr, vc]


@T.prim_func(s_tir=True)
def dot_pairs(a: T.handle, b: T.handle, d: T.handle):
    X = T.match_buffer(a, (64, 16), "float16")
    Y = T.match_buffer(b, (16, 64), "float16")
    D = T.match_buffer(d, (64, 64), "float32")
    for p, q, t in T.grid(64, 64, 16):
        with T.sblock("D"):
            vp, vq, vt = T.axis.remap("SSR", [p, q, t])
            with T.init():
                D[vp, vq] = T.float32(0)
            D[vp, vq] = D[vp, vq] + T.Cast("float32", X[vp, vt]) * T.Cast("float32", Y[vt, vq])


@T.prim_func(s_tir=True)
def masked_max(A: T.Buffer((10, 8), "int32"), M: T.Buffer((10,), "int32")):
    for r in range(10):
        for c in range(8):
            with T.sblock("masked_max"):
                vr = T.axis.spatial(10, r)
                vc = T.axis.reduce(8, c)
                T.where(c < 6)
                with T.init():
                    M[vr] = T.int32(-1000)
                M[vr] = T.max(M[vr], A[vr, vc])
