from tvm_tirx.script import tirx as T


@T.function
def packed_epilogue(X: T.Tensor((128,), T.float32), Packed: T.Tensor((128,), T.uint32), Pairs: T.Tensor((128,), T.uint64), scratch: T.Ptr(T.void), staging: T.Ptr(T.void)):
    with T.device_entry():
        with T.launch_thread("threadIdx.x", 128) as t:
            total: T.let[T.float32] = T.cuda.cta_sum(X[t], 4, scratch)
            peak: T.let[T.float32] = T.cuda.cta_max(X[t], 4, scratch)
            floor: T.let[T.float32] = T.cuda.cta_min(X[t], 4, scratch)
            count: T.let[T.int32] = T.cuda.cta_reduce(t, "sum", 4, scratch)
            pair: T.let[T.uint64] = T.cuda.fadd2_rn(Pairs[t], T.cuda.fmul2_rn(Pairs[t], Pairs[t]))
            X[t] = T.cuda.float2_x(pair) + T.cuda.float2_y(pair) + total + peak + floor + T.Cast("float32", count)
            Packed[t] = T.cuda.hmax2(Packed[t], T.cuda.hmin2(Packed[t], T.uint32(0)))
            Packed[t] = T.cuda.float22bfloat162_rn(X[t], X[t]) + T.cuda.float22bfloat162_rn_from_float2(pair)
            Packed[t] = Packed[t] + T.cuda.fp8x4_e4m3_from_float4(X[t], X[t], X[t], X[t])
            Pairs[t] = T.cuda.bfloat1622float2(Packed[t])
            X[t] = X[t] + T.cuda.bfloat162float(T.bfloat16(1))
            Packed[t] = T.cuda.get_tmem_addr(Packed[t], 0, 32) + T.cuda.smem_addr_from_uint64(Pairs[t])
            T.cuda.runtime_instr_desc(Packed[t], 1)
            T.cuda.float22half2(staging, scratch)
            T.cuda.float8tohalf8(staging, scratch)
            T.cuda.half8tofloat8(scratch, staging)
