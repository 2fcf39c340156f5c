from tvm_tirx.script import tirx as T


@T.function
def widen_counts(Counts: T.Tensor((16,), T.u8), Totals: T.Tensor((16,), T.i64),
                 Scale: T.Tensor((16,), T.bf16), Mask: T.Tensor((16,), T.boolean), bias: T.i32):
    for i in range(16):
        Totals[i] = T.i64(Counts[i]) + T.i64(bias)
        Scale[i] = T.bf16(T.f32(Counts[i]) * T.f32(0.5))
        Mask[i] = Counts[i] > T.u8(0)
