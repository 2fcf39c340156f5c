from tvm_tirx.script import tirx as T


@T.function
def scale_on_device(X: T.Tensor((256,), T.float32), Y: T.Tensor((256,), T.float32)):
    with T.device_context(2, 0):
        with T.device_entry():
            with T.launch_thread("blockIdx.x", 2) as block:
                with T.launch_thread("threadIdx.x", 128) as lane:
                    Y[block * 128 + lane] = X[block * 128 + lane] * T.float32(2)
        with T.device_entry(attrs={"max_registers": 64}):
            with T.launch_thread("threadIdx.x", 256) as t:
                Y[t] = Y[t] + T.float32(1)
    with T.compute_scope("pack_rows"):
        with T.parallel_launch():
            for i in T.parallel(256):
                X[i] = Y[i]
    with T.device_scope():
        T.evaluate(0)
