# fuzz regression (issue 9, fixed in parser/analysis.py): the old driver's _Collector._well_formed places each well-formedness diagnostic at its statement (entry._statement_loc), so the two uses of `i` after its loop give two identical marks on the last line.
from tvm_tirx.script import tirx as T


@T.function
def shift(A: T.Tensor((8,), T.int32)):
    for i in range(8):
        A[i] = 1
    A[i] = A[i] + 1
