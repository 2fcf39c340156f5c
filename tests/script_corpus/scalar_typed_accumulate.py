from tvm_tirx.script import tirx as T


@T.function
def dot_product(a: T.Tensor((256,), T.float32), b: T.Tensor((256,), T.float32),
                result: T.Tensor((1,), T.float32)):
    acc: T.float32
    acc = T.float32(0)
    for k in range(256):
        acc += a[k] * b[k]
    scale: T.float32 = T.float32(0.5)
    result[0] = acc * scale
