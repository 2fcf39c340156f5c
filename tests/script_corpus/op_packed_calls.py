from tvm_tirx.script import tirx as T


@T.function
def notify(A: T.Tensor((6,), T.int32), n: T.int32):
    A[0] = T.call_packed("host.log_value", n, A[1])
    A[1] = T.call_cpacked("host.checksum", A[2], A[3])
    A[2] = T.undef()
    A[4] = T.call_packed_lowered("host.log_value", n)
    A[5] = T.call_cpacked_lowered("host.checksum", n)
