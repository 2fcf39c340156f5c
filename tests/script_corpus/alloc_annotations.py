from tvm_tirx.script import tirx as T


@T.function
def staged_copy(src: T.Tensor((64,), T.int32), dst: T.Tensor((64,), T.int32)):
    stage = T.alloc_local((64,), "int32", annotations={"pragma_unroll": True, "depth": 2})
    count = T.local_scalar("int32", 0, annotations={"keep": "register"})
    scratch = T.alloc_tensor(ty_args=[T.Tensor((64,), T.int32, scope="local")],
                             attrs={"origin": "staged_copy", "bank": 1})
    for i in range(64):
        stage[i] = src[i]
        count = count + 1
    for j in range(64):
        scratch[j] = stage[j] + count
        dst[j] = scratch[j]
