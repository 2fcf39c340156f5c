from tvm_tirx.script import tirx as T


@T.function
def forward(state: T.Opaque(), region: T.TensorRegionType(), nothing: T.NoneType(), anything: T.Type(), pair: T.Tuple(T.float32, T.Ptr(T.int8))):
    T.evaluate(T.call_extern("consume", state, region, nothing, anything, pair, ty=T.int32))
