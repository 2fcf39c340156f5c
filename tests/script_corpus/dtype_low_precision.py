from tvm_tirx.script import tirx as T


@T.function
def quantize_weights(W: T.Tensor((64,), T.float32), Q8: T.Tensor((64,), T.float8_e4m3fn),
                     Q6: T.Tensor((64,), T.float6_e2m3fn), Q4: T.Tensor((32,), T.float4_e2m1fnx2),
                     Back: T.Tensor((64,), T.float32)):
    for i in range(64):
        Q8[i] = T.float8_e4m3fn(W[i])
        Q6[i] = T.Cast("float6_e2m3fn", W[i])
        Back[i] = T.f32(Q8[i]) + T.float32(Q6[i])
    Q8[0] = T.float8_e4m3fn(1.5)
