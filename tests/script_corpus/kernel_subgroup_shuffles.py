from tvm_tirx.script import tirx as T


@T.function
def neighbour_mix(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32), Hits: T.Tensor((64,), T.int32)):
    for lane in range(64):
        left: T.let[T.float32] = T.metal.simd_shuffle_up(X[lane], 1)
        right: T.let[T.float32] = T.metal.simd_shuffle_down(X[lane], 1)
        head: T.let[T.float32] = T.metal.simd_shuffle(X[lane], 0)
        Y[lane] = left + right + head
        Y[lane] = Y[lane] + T.webgpu.subgroup_shuffle(X[lane], 0) + T.webgpu.subgroup_shuffle_up(X[lane], 1) + T.webgpu.subgroup_shuffle_down(X[lane], 1)
        T.atomic_add(Hits.data, 1)
