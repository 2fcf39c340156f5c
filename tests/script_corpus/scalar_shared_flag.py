from tvm_tirx.script import tirx as T


@T.function
def stage_and_count(A: T.Tensor((16,), T.float32), B: T.Tensor((16,), T.float32)):
    hits = T.shared_scalar("int32")
    hits = 0
    staged = T.smem((16,), "float32")
    acc = T.local_scalar("float32")
    T.assign(acc, T.float32(0))
    for i in range(16):
        T.tensor_store(staged, [i], A[i] * T.float32(2))
        T.assign(acc, acc + staged[i])
        hits = hits + 1
    T.tensor_store(B, 0, acc)
    T.assign(B[1], T.Cast("float32", hits))
