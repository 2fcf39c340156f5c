from tvm_tirx.script import tirx as T


@T.function
def block_sum(X: T.Tensor((128,), T.float32), Total: T.Tensor((1,), T.float32), Count: T.Tensor((1,), T.int32)):
    with T.device_entry():
        with T.launch_thread("threadIdx.x", 128) as t:
            partial: T.let[T.float32] = T.cuda.warp_sum(X[t])
            largest: T.let[T.float32] = T.cuda.warp_reduce(X[t], "max", 32)
            smallest: T.let[T.int32] = T.cuda.warp_min(t)
            T.cuda.warp_sync()
            if T.cuda.elect_sync():
                previous: T.let[T.float32] = T.cuda.atomic_add(Total.data, partial + largest)
                seen: T.let[T.int32] = T.cuda.atomic_cas(Count.data, smallest, smallest + 1)
                T.cuda.printf("lane %d saw %f", seen, previous)
            T.cuda.cta_sync()
            T.cuda.thread_fence()
