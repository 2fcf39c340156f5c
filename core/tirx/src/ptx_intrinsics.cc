/*!
 * \file ptx_intrinsics.cc
 * \brief The PTX instructions `T.ptx` builds (tirx_ptx.py, from the table tirx_ptx_table.py):
 *  one op `tirx.ptx.<entry>` per operand shape of a family, as the reference registers them.
 *  Each is a statement (void, updating state): its arguments are the operands, the predicate
 *  when there is one, a string per modifier slot and a marker, which the Python member builds
 *  and checks against the table; here only their least count is checked (the address and the
 *  slots). Each prints by its family (`T.ptx.ld(...)` for `tirx.ptx.ld_vec`), as the reference
 *  prints them. Also `tirx.ptx.addr(base, byte_offset)`, an address with an offset in bytes, of
 *  the base's type.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

constexpr auto Void = VoidResult;

/*! \brief Of the base's type: `T.ptx.addr(base, byte_offset)`. */
Type BaseType(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) OperandDType(args[0], op, "base");
  IntegerDType(args[1], op, "byte_offset");
  return args[0]->ty;
}

// The least count: one string per modifier slot, the marker, and the address operand of a load
// or store (a register operand of a move).
constexpr IntrinsicSpec kPtxIntrinsics[] = {
    {"ptx.ld", 12, kUnboundedArgs, Void, kUpdateState, kCall,
     "loads a register from memory (PTX `ld`)", nullptr, "ptx.ld"},
    {"ptx.ld_vec", 12, kUnboundedArgs, Void, kUpdateState, kCall,
     "loads a vector of 2 or 4 registers from memory (PTX `ld.v2`, `ld.v4`)", nullptr, "ptx.ld"},
    {"ptx.ld_vec256", 13, kUnboundedArgs, Void, kUpdateState, kCall,
     "loads 256 bits into a vector of registers (PTX `ld.v8` of 32 bits, `ld.v4` of 64)", nullptr,
     "ptx.ld"},
    {"ptx.ld_proxy_readonly", 5, kUnboundedArgs, Void, kUpdateState, kCall,
     "loads a register through the read-only proxy (PTX `ld.global.proxy::readonly`)", nullptr,
     "ptx.ld"},
    {"ptx.st", 10, kUnboundedArgs, Void, kUpdateState, kCall,
     "stores a register to memory (PTX `st`)", nullptr, "ptx.st"},
    {"ptx.st_vec", 10, kUnboundedArgs, Void, kUpdateState, kCall,
     "stores a vector of 2 or 4 registers to memory (PTX `st.v2`, `st.v4`)", nullptr, "ptx.st"},
    {"ptx.st_vec256", 11, kUnboundedArgs, Void, kUpdateState, kCall,
     "stores 256 bits from a vector of registers (PTX `st.v8` of 32 bits, `st.v4` of 64)", nullptr,
     "ptx.st"},
    {"ptx.mov", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "copies a register, or a predicate as a uint32 (PTX `mov`)", nullptr, "ptx.mov"},
    {"ptx.mov_pack_b16x2", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "packs two 16-bit registers into a 32-bit one (PTX `mov.b32 d, {a, b}`)", nullptr, "ptx.mov"},
    {"ptx.mov_unpack_b16x2", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "unpacks a 32-bit register into two 16-bit ones (PTX `mov.b32 {a, b}, d`)", nullptr,
     "ptx.mov"},
    {"ptx.mov_pack_b32x2", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "packs two 32-bit registers into a 64-bit one", nullptr, "ptx.mov"},
    {"ptx.mov_unpack_b32x2", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "unpacks a 64-bit register into two 32-bit ones", nullptr, "ptx.mov"},
    {"ptx.mov_pack_b16x4", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "packs four 16-bit registers into a 64-bit one", nullptr, "ptx.mov"},
    {"ptx.mov_unpack_b16x4", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "unpacks a 64-bit register into four 16-bit ones", nullptr, "ptx.mov"},
    {"ptx.mov_pack_b64x2", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "packs two 64-bit registers into a 128-bit one", nullptr, "ptx.mov"},
    {"ptx.mov_unpack_b64x2", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "unpacks a 128-bit register into two 64-bit ones", nullptr, "ptx.mov"},
    {"ptx.mov_pack_b32x4", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "packs four 32-bit registers into a 128-bit one", nullptr, "ptx.mov"},
    {"ptx.mov_unpack_b32x4", 3, kUnboundedArgs, Void, kUpdateState, kCall,
     "unpacks a 128-bit register into four 32-bit ones", nullptr, "ptx.mov"},
    {"ptx.addr", 2, 2, BaseType, kPure, kCall,
     "an address plus a constant offset in bytes, for a PTX address operand"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kPtxIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
