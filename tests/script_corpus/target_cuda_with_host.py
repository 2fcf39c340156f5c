from tvm_tirx.script import tirx as T


@T.function
def device_copy(Src: T.Tensor((4096,), T.float32), Dst: T.Tensor((4096,), T.float32)):
    T.func_attr({"target": T.target("cuda", host={"kind": "llvm", "opt-level": 0})})
    with T.launch_thread("blockIdx.x", 32) as bx:
        with T.launch_thread("threadIdx.x", 128) as tx:
            Dst[bx * 128 + tx] = Src[bx * 128 + tx]
