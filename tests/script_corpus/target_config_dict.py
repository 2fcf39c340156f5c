from tvm_tirx.script import tirx as T


@T.function
def tuned_relu(Data: T.Tensor((256,), T.float32)):
    T.func_attr({"target": T.target({"kind": "cuda", "arch": "sm_80", "max_num_threads": 512}),
                 "fallback": T.target({"kind": "webgpu", "supports_subgroups": True})})
    for i in range(256):
        Data[i] = T.max(Data[i], T.float32(0))
