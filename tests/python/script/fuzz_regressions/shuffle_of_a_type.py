# fuzz regression (issue 10, fixed in script/tirx_legacy.py): seed 177 (if_not_condition.py + t_member) hands T.Shuffle a dtype as its indices; once dtypes took `T.int32[4]`, iterating one indexed it 0, 1, 2, ... without end and the analysis used all memory.
from tvm_tirx.script import tirx as T


@T.function
def copy_unmasked(Mask: T.Shuffle((64,), T.bool), Src: T.Tensor((64,), T.float32), Dst: T.Tensor((64,), T.float32)):
    for i in range(64):
        if not Mask[i]:
            Dst[i] = Src[i]
