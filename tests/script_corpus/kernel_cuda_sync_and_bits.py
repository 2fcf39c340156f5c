from tvm_tirx.script import tirx as T


@T.function
def pipeline_stage(X: T.Tensor((256,), T.float32), Stamp: T.Tensor((256,), T.uint64), bar: T.Ptr(T.void), phase: T.int32):
    with T.device_entry():
        with T.launch_thread("threadIdx.x", 256) as t:
            T.cuda.mbarrier_wait(bar, phase)
            T.cuda.mbarrier_wait_acquire_cluster(bar, phase)
            T.cuda.warpgroup_sync(1)
            T.cuda.cluster_sync()
            T.cuda.grid_sync()
            T.cuda.nano_sleep(100)
            T.cuda.trap_when_assert_failed(X[t] == X[t])
            Stamp[t] = T.cuda.clock64() + T.cuda.make_float2(X[t], X[t])
            bits: T.let[T.uint32] = T.cuda.float_as_uint(X[t])
            X[t] = T.cuda.uint_as_float(bits) + T.cuda.half2float(T.float16(1)) + T.cuda.fdividef(X[t], T.float32(3))
            smem_addr: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(bar)
            all_done: T.let[T.int64] = T.cuda.syncthreads_and(X[t] > T.float32(0))
            any_done: T.let[T.int64] = T.cuda.syncthreads_or(t)
            X[t] = X[t] + T.Cast("float32", all_done + any_done + T.Cast("int64", smem_addr + T.Cast("uint32", T.cuda.thread_rank())))
