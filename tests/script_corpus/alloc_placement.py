from tvm_tirx.script import tirx as T


@T.function
def sbuf_accumulate(src: T.Tensor((128,), T.float32), dst: T.Tensor((128,), T.float32)):
    with T.device_entry():
        acc = T.alloc_tensor(2048, ty_args=[T.Tensor((128,), T.float32, scope="trn.sbuf")])
        part = T.alloc_tensor((0, 4096), ty_args=[T.Tensor((2, 64), T.float32, scope="trn.psum")],
                              annotations={"stage": 1})
        for i in range(128):
            acc[i] = src[i]
        for h in range(2):
            for j in range(64):
                part[h, j] = acc[h * 64 + j]
                dst[h * 64 + j] = part[h, j]
