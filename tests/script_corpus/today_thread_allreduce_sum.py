from tvm_tirx.script import tirx as T


@T.prim_func
def row_sums(Rows: T.Buffer((64, 32), "float32"), Sums: T.Buffer((64,), "float32")):
    for row in range(64):
        tx = T.launch_thread("threadIdx.x", 32)
        total = T.alloc_buffer((1,), "float32", scope="local")
        with T.attr(T.comm_reducer(lambda acc, item: acc + item, [T.float32(0)]), "reduce_scope", T.reinterpret(T.uint64(0), dtype="handle")):
            T.tvm_thread_allreduce(T.uint32(1), Rows[row, tx], T.bool(True), total[0], tx)
        if tx == 0:
            Sums[row] = total[0]
