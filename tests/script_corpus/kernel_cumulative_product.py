from tvm_tirx.script import tirx as T


@T.function
def cumulative_product(Factors: T.Tensor((64,), T.float64), Products: T.Tensor((64,), T.float64)):
    Products[0] = Factors[0]
    for i in range(1, 64):
        Products[i] = Products[i - 1] * Factors[i]
