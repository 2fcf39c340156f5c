from tvm_tirx.script import tirx as T


@T.prim_func
def warp_scan_and_max(Counts: T.Buffer((32,), "int32"), Prefix: T.Buffer((32,), "int32"), Peak: T.Buffer((32,), "int32")):
    lane = T.launch_thread("threadIdx.x", 32)
    running = T.alloc_buffer((1,), "int32", scope="local")
    best = T.alloc_buffer((1,), "int32", scope="local")
    running[0] = Counts[lane]
    best[0] = Counts[lane]
    for level in range(5):
        neighbour = T.tvm_warp_shuffle_up(T.uint32(4294967295), running[0], T.shift_left(1, level), 32, 32)
        if lane >= T.shift_left(1, level):
            running[0] = running[0] + neighbour
        best[0] = T.max(best[0], T.tvm_warp_shuffle_xor(T.uint32(4294967295), best[0], T.shift_left(1, level), 32, 32))
    Prefix[lane] = running[0]
    Peak[lane] = best[0]
