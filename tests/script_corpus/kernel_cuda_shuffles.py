from tvm_tirx.script import tirx as T


@T.function
def lane_exchange(X: T.Tensor((32,), T.float32), Y: T.Tensor((32,), T.float32), Flags: T.Tensor((32,), T.int32)):
    with T.device_entry():
        with T.launch_thread("threadIdx.x", 32) as lane:
            mask: T.let[T.uint32] = T.uint32(4294967295)
            Y[lane] = X[lane]
            positive: T.let[T.uint32] = T.cuda.ballot_sync(mask, X[lane] > T.float32(0))
            Flags[lane] = T.cuda.any_sync(mask, X[lane] < T.float32(0)) + T.cuda.ffs_u32(positive)
            Flags[lane] = T.Cast("int32", T.cuda.reduce_add_sync_u32(mask, positive) + T.cuda.reduce_min_sync_u32(mask, positive))
