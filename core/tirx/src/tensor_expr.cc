/*!
 * \file tensor_expr.cc
 * \brief TensorLoad, Ramp, Broadcast, Shuffle and Let: checks, result types, reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/tensor_expr.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {

TensorLoad::TensorLoad(Expr source, ffi::Array<Expr> indices, Span span) {
  ffi::DataType element = CheckTensorAccess(source, indices, TensorLoadObj::_type_key);
  ffi::ObjectPtr<TensorLoadObj> node = MakeExprNode<TensorLoadObj>(PrimType(element), span);
  node->source = std::move(source);
  node->indices = std::move(indices);
  data_ = std::move(node);
}

Ramp::Ramp(Expr base, Expr stride, int64_t lanes, Span span) {
  ffi::DataType tb = ScalarDType(base, RampObj::_type_key, "base");
  ffi::DataType ts = ScalarDType(stride, RampObj::_type_key, "stride");
  if (tb != ts) {
    TVM_FFI_THROW(TypeError) << "`prim.Ramp` needs base and stride of one type, got `"
                             << tb.ToString() << "` and `" << ts.ToString() << "`";
  }
  CheckLanes(lanes, RampObj::_type_key);
  ffi::ObjectPtr<RampObj> node = MakeExprNode<RampObj>(PrimType(tb.with_lanes(lanes)), span);
  node->base = std::move(base);
  node->stride = std::move(stride);
  node->lanes = lanes;
  data_ = std::move(node);
}

Broadcast::Broadcast(Expr value, int64_t lanes, Span span) {
  ffi::DataType tv = ScalarDType(value, BroadcastObj::_type_key, "value");
  CheckLanes(lanes, BroadcastObj::_type_key);
  ffi::ObjectPtr<BroadcastObj> node =
      MakeExprNode<BroadcastObj>(PrimType(tv.with_lanes(lanes)), span);
  node->value = std::move(value);
  node->lanes = lanes;
  data_ = std::move(node);
}

Shuffle::Shuffle(ffi::Array<Expr> vectors, ffi::Array<Expr> indices, Span span) {
  if (vectors.empty() || indices.empty()) {
    TVM_FFI_THROW(ValueError) << "`prim.Shuffle` needs at least one vector and one index";
  }
  ffi::DataType element = OperandDType(vectors[0], ShuffleObj::_type_key, "vectors").element_of();
  for (const Expr& vector : vectors) {
    ffi::DataType t = OperandDType(vector, ShuffleObj::_type_key, "vectors");
    if (t.element_of() != element) {
      TVM_FFI_THROW(TypeError) << "`prim.Shuffle` needs vectors of one element type, got `"
                               << element.ToString() << "` and `" << t.element_of().ToString()
                               << "`";
    }
  }
  int64_t lanes = static_cast<int64_t>(indices.size());
  ffi::DataType result = lanes == 1 ? element : element.with_lanes(static_cast<int>(lanes));
  ffi::ObjectPtr<ShuffleObj> node = MakeExprNode<ShuffleObj>(PrimType(result), span);
  node->vectors = std::move(vectors);
  node->indices = std::move(indices);
  data_ = std::move(node);
}

Let::Let(Var var, Expr value, Expr body, Span span) {
  ffi::DataType tvar = OperandDType(var, LetObj::_type_key, "var");
  ffi::DataType tvalue = OperandDType(value, LetObj::_type_key, "value");
  OperandDType(body, LetObj::_type_key, "body");
  if (tvar != tvalue) {
    TVM_FFI_THROW(TypeError) << "`prim.Let` binds a `" << tvar.ToString() << "` variable to a `"
                             << tvalue.ToString() << "` value";
  }
  ffi::ObjectPtr<LetObj> node = MakeExprNode<LetObj>(body->ty, span);
  node->var = std::move(var);
  node->value = std::move(value);
  node->body = std::move(body);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<TensorLoadObj>()
      .def_init(
          [](Expr source, ffi::Array<Expr> indices) {
            return TensorLoad(std::move(source), std::move(indices));
          },
          {"source", "indices"})
      .def_ro("source", &TensorLoadObj::source)
      .def_ro("indices", &TensorLoadObj::indices);
  refl::ObjectDef<RampObj>()
      .def_init([](Expr base, Expr stride,
                   int64_t lanes) { return Ramp(std::move(base), std::move(stride), lanes); },
                {"base", "stride", "lanes"})
      .def_ro("base", &RampObj::base)
      .def_ro("stride", &RampObj::stride)
      .def_ro("lanes", &RampObj::lanes);
  refl::ObjectDef<BroadcastObj>()
      .def_init([](Expr value, int64_t lanes) { return Broadcast(std::move(value), lanes); },
                {"value", "lanes"})
      .def_ro("value", &BroadcastObj::value)
      .def_ro("lanes", &BroadcastObj::lanes);
  refl::ObjectDef<ShuffleObj>()
      .def_init(
          [](ffi::Array<Expr> vectors, ffi::Array<Expr> indices) {
            return Shuffle(std::move(vectors), std::move(indices));
          },
          {"vectors", "indices"})
      .def_ro("vectors", &ShuffleObj::vectors)
      .def_ro("indices", &ShuffleObj::indices);
  refl::ObjectDef<LetObj>()
      .def_init([](Var var, Expr value,
                   Expr body) { return Let(std::move(var), std::move(value), std::move(body)); },
                {"var", "value", "body"})
      .def_ro("var", &LetObj::var, refl::DefRegionKind::kSimple)
      .def_ro("value", &LetObj::value)
      .def_ro("body", &LetObj::body);
}

}  // namespace tirx
}  // namespace tvm
