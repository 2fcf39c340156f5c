from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def given_regions(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("given"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 0:16])
            T.writes(B[vi])
            T.sblock_attr({"note": "kept", "level": 2})
            B[vi] = A[vi, 0] + A[vi, 15]


@T.prim_func(s_tir=True)
def staged(A: T.Buffer((32,), "float32"), C: T.Buffer((32,), "float32")):
    T_stage = T.sblock_alloc_buffer((32,), "float32")
    for i in range(32):
        with T.sblock("stage"):
            vi = T.axis.spatial(32, i)
            T_stage[vi] = A[vi] + T.float32(1)
    for i in range(32):
        with T.sblock("use"):
            vi = T.axis.spatial(32, i)
            C[vi] = T_stage[vi] * T.float32(3)


@T.prim_func(s_tir=True)
def local_scratch(A: T.Buffer((8, 4), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("scratch"):
            vi = T.axis.spatial(8, i)
            acc = T.sblock_alloc_buffer((1,), "float32", scope="local")
            acc[0] = T.float32(0)
            for k in range(4):
                acc[0] = acc[0] + A[vi, k]
            B[vi] = acc[0]


@T.prim_func(s_tir=True)
def view_of_row(A: T.Buffer((8, 16), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("view"):
            vi = T.axis.spatial(8, i)
            row = T.match_buffer(A[vi, 0:16], (16,))
            B[vi] = row[3] + row[7]


@T.prim_func(s_tir=True)
def symbolic(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 4), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in range(n):
        with T.sblock("symbolic"):
            vi = T.axis.spatial(n, i)
            T.reads(A[vi, 0:4])
            T.writes(B[vi])
            B[vi] = A[vi, 0] + A[vi, 3]


@T.prim_func(s_tir=True)
def scan_and_opaque(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(15):
        with T.sblock("scan"):
            vi = T.axis.scan((1, 16), i + 1)
            vo = T.axis.opaque(16, i)
            B[vi] = B[vi - 1] + A[vi] + vo


@T.prim_func(s_tir=True)
def wide_loops(A: T.Buffer((T.int64(8),), "float32"), B: T.Buffer((T.int64(8),), "float32")):
    for i in range(T.int64(8)):
        with T.sblock("wide"):
            vi = T.axis.spatial(T.int64(8), i)
            B[vi] = A[vi]
