from tvm_tirx.script import tirx as T


@T.prim_func
def sbuf_rows(src: T.Buffer((64, 8), "float32"), dst: T.Buffer((64, 8), "float32")):
    rows = T.alloc_buffer((64, 8), "float32", scope="trn.sbuf", allocated_addr=1024)
    sums = T.alloc_buffer((64,), "float32", scope="trn.psum", allocated_addr=[0, 512])
    for r in range(64):
        sums[r] = T.float32(0)
        for c in range(8):
            rows[r, c] = src[r, c]
            sums[r] = sums[r] + rows[r, c]
        for c in range(8):
            dst[r, c] = rows[r, c] / sums[r]
