from tvm_tirx.script import tirx as T


@T.function
def bit_tricks(A: T.Tensor((4,), T.int32), B: T.Tensor((4,), T.float32)):
    A[0] = T.call_llvm_pure_intrin("llvm.ctpop", A[1], ty=T.int32)
    A[1] = T.call_llvm_pure_intrin("llvm.fshl", A[2], A[3], A[0], ty=T.int32)
    B[0] = T.call_llvm_intrin("llvm.sqrt", B[1], ty=T.float32)
