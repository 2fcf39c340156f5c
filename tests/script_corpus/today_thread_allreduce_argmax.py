from tvm_tirx.script import tirx as T


@T.prim_func
def row_argmax(Scores: T.Buffer((8, 64), "float32"), Best: T.Buffer((8,), "int32")):
    for row in range(8):
        tx = T.launch_thread("threadIdx.x", 64)
        best_index = T.alloc_buffer((1,), "int32", scope="local")
        best_score = T.alloc_buffer((1,), "float32", scope="local")
        with T.attr(T.comm_reducer(lambda i0, s0, i1, s1: (T.Select(s0 >= s1, i0, i1), T.max(s0, s1)), [-1, T.min_value(ty=T.float32)]), "reduce_scope", T.int32(0)):
            T.tvm_thread_allreduce(T.uint32(2), tx, Scores[row, tx], tx < 64, best_index[0], best_score[0], tx)
        if tx == 0:
            Best[row] = best_index[0]
