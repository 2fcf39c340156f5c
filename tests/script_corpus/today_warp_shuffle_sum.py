from tvm_tirx.script import tirx as T


@T.prim_func
def warp_sum(Values: T.Buffer((32,), "float32"), Total: T.Buffer((1,), "float32")):
    lane = T.launch_thread("threadIdx.x", 32)
    partial = T.alloc_buffer((1,), "float32", scope="local")
    active = T.alloc_buffer((1,), "uint32", scope="local")
    partial[0] = Values[lane]
    active[0] = T.tvm_warp_activemask()
    partial[0] = partial[0] + T.tvm_warp_shuffle_down(active[0], partial[0], 16, 32, 32)
    partial[0] = partial[0] + T.tvm_warp_shuffle_down(active[0], partial[0], 8, 32, 32)
    partial[0] = partial[0] + T.tvm_warp_shuffle_down(active[0], partial[0], 4, 32, 32)
    partial[0] = partial[0] + T.tvm_warp_shuffle_down(active[0], partial[0], 2, 32, 32)
    partial[0] = partial[0] + T.tvm_warp_shuffle_down(active[0], partial[0], 1, 32, 32)
    if lane == 0:
        Total[0] = T.tvm_warp_shuffle(active[0], partial[0], 0, 32, 32)
