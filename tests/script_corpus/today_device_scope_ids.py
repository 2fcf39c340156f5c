from tvm_tirx.script import tirx as T


@T.prim_func
def tiled_copy(Src: T.Buffer((4, 256), "float32"), Dst: T.Buffer((4, 256), "float32")):
    T.device_entry()
    cluster = T.cluster_id([2])
    block_in_cluster = T.cta_id_in_cluster([2], preferred=[2])
    pair = T.cta_id_in_pair()
    group = T.warpgroup_id([1])
    warp, lane = T.warp_id_in_wg([4]), T.lane_id([32])
    warp_in_cta = T.warp_id([4], dtype="uint32")
    tid_in_group = T.thread_id_in_wg([128])
    T.thread_id([128])
    row = cluster * 2 + block_in_cluster
    Dst[row, warp * 32 + lane] = Src[row, tid_in_group + group * 128 + pair * 0]
    Dst[row, 128 + T.Cast("int32", warp_in_cta) * 32 + lane] = T.float32(0)
