# fuzz regression (issue 9): an empty line inside a header list blanks to itself, so the driver's retry after a bad header list met the same error again and reported it 100 times (fixed in parser/analysis.py _scan, which then blanks the lines above too). Found by scripts/fuzz_analysis.py, seed 1013938.
from tvm_tirx.script import tirx as T


@T.function
def early_exit(A: T.Tensor((16,)early_exit(A: T.Tensor((16,), T.int32), flag: T.int32):
def strided_copy_int64[n:
 T.int64](Src: T.Tensor((n * 2,), T.float32), Dst: T.Tensor((n,), T.float32)):
    if flag > 0:
        break
    A[0] = flag
