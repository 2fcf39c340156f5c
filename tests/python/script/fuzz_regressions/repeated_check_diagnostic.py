# fuzz regression (issue 9, fixed in parser/analysis.py): the old driver's _Collector._well_formed gives both well-formedness diagnostics of this function (two parameters name variables `batch`) the same fallback range, the function's, so an editor shows two identical marks.
from tvm_tirx.script import tirx as T

batch = T.dynamic("batch")
features = T.dynamic("batch")


@T.function
def add_bias(X: T.Tensor((batch, features), T.float32), bias: T.Tensor((features,), T.float32)):
    X[0, 0] = bias[0]
