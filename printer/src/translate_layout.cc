/*!
 * \file translate_layout.cc
 * \brief The layouts (tvm/tirx/layout.h), as each oracle prints them. Canonical, the
 *  reference's: `T.TileLayout.from_iters(shard=[T.Iter(8, 1, "m")], replica=[],
 *  offset={"m": 3})`, `T.ComposeLayout(0, 2, 3, tile)`, `T.Iter(8, 1, "laneid")`. Apache TVM
 *  0.27's spelling: `T.TileLayout(T.S[(8, 4):(4 @ Axis.laneid, 1)] + T.R[2:1] + 3)`, origins
 *  sorted by axis name (both oracles sort them so).
 */
#include <tvm/tirx/layout.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "printer_internal.h"
#include "python_printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::Array;
using ffi::String;
using tirx::Axis;
using tirx::ComposeLayout;
using tirx::Iter;
using tirx::TileLayout;

/*! \brief A layout's origins by axis name, with each one's path. */
std::vector<std::pair<std::string, std::pair<ir::Expr, AccessPath>>> SortedOrigins(
    const TileLayout& layout, const AccessPath& p) {
  std::vector<std::pair<std::string, std::pair<ir::Expr, AccessPath>>> origins;
  for (const auto& [axis, value] : layout->offset) {
    origins.push_back({axis->name, {value, p.Attr("offset").MapItem(axis)}});
  }
  std::sort(origins.begin(), origins.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return origins;
}

// --- the reference's form ---------------------------------------------------------------------

ExprDoc IterDoc(const Iter& iter, const AccessPath& p, const DocTranslator& t) {
  return TAttr(t, "Iter").Call(
      {t.AsExprDoc(iter->extent, p.Attr("extent")), t.AsExprDoc(iter->stride, p.Attr("stride")),
       WithPath<ExprDoc>(LiteralDoc::Str(iter->axis->name), p.Attr("axis"))});
}

ExprDoc IterListDoc(const Array<Iter>& iters, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> items;
  for (size_t i = 0; i < iters.size(); ++i) items.push_back(IterDoc(iters[i], p.ArrayItem(i), t));
  return ListDoc(items);
}

ExprDoc FromItersDoc(const TileLayout& layout, const AccessPath& p, const DocTranslator& t) {
  Array<String> keys = {"shard", "replica"};
  Array<ExprDoc> values = {IterListDoc(layout->shard, p.Attr("shard"), t),
                           IterListDoc(layout->replica, p.Attr("replica"), t)};
  if (!layout->offset.empty()) {
    Array<ExprDoc> names;
    Array<ExprDoc> origins;
    for (const auto& [name, origin] : SortedOrigins(layout, p)) {
      names.push_back(LiteralDoc::Str(name));
      origins.push_back(t.AsExprDoc(origin.first, origin.second));
    }
    keys.push_back("offset");
    values.push_back(DictDoc(names, origins));
  }
  return TAttr(t, "TileLayout").Attr("from_iters").Call({}, keys, values);
}

// --- Apache TVM 0.27's form -------------------------------------------------------------------

/*! \brief `value @ Axis.name` (0.27 imports `Axis` from tvm.tirx.layout), `value` on `m`. */
ExprDoc OnAxisDoc(const ir::Expr& value, const Axis& axis, const AccessPath& p,
                  const DocTranslator& t) {
  ExprDoc doc = t.AsExprDoc(value, p);
  if (axis->name == "m") return doc;
  // The printer's operations have no `@`: the term is written as text, the value in parentheses
  // unless it is a literal or a name (`@` binds as tightly as `*`).
  PythonPrinter text(0);
  text.Append(doc);
  std::string operand = text.text();
  bool atomic = doc.as<LiteralDocObj>() != nullptr || doc.as<IdDocObj>() != nullptr ||
                doc.as<CallDocObj>() != nullptr;
  if (!atomic) operand = "(" + operand + ")";
  return WithPath<ExprDoc>(IdDoc(operand + " @ Axis." + std::string(axis->name)), p);
}

/*! \brief `T.S[(8, 4):(4, 1)]`, `T.S[8:1]` (one factor bare). */
ExprDoc FactorsDoc(const char* kind, const Array<Iter>& iters, const AccessPath& p,
                   const DocTranslator& t) {
  Array<ExprDoc> extents;
  Array<ExprDoc> strides;
  for (size_t i = 0; i < iters.size(); ++i) {
    AccessPath item = p.ArrayItem(i);
    extents.push_back(t.AsExprDoc(iters[i]->extent, item.Attr("extent")));
    strides.push_back(OnAxisDoc(iters[i]->stride, iters[i]->axis, item.Attr("stride"), t));
  }
  bool single = iters.size() == 1;
  ExprDoc start = single ? extents[0] : TupleDoc(extents);
  ExprDoc stop = single ? strides[0] : TupleDoc(strides);
  return TAttr(t, kind).Index({SliceDoc(start, stop, std::nullopt)});
}

ExprDoc ApacheTileDoc(const TileLayout& layout, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> origins;
  for (const auto& [name, origin] : SortedOrigins(layout, p)) {
    origins.push_back(OnAxisDoc(origin.first, Axis::Get(name), origin.second, t));
  }
  std::vector<ExprDoc> parts;
  if (!layout->shard.empty()) parts.push_back(FactorsDoc("S", layout->shard, p.Attr("shard"), t));
  if (!layout->replica.empty()) {
    parts.push_back(FactorsDoc("R", layout->replica, p.Attr("replica"), t));
  }
  if (parts.empty()) {  // no factor to start the sum: the explicit form, as 0.27 prints it
    if (layout->offset.empty()) return TAttr(t, "TileLayout").Attr("from_iters").Call({});
    Array<ExprDoc> names;
    for (const auto& [name, origin] : SortedOrigins(layout, p)) {
      names.push_back(LiteralDoc::Str(name));
    }
    Array<ExprDoc> values;
    for (const auto& [name, origin] : SortedOrigins(layout, p)) {
      values.push_back(t.AsExprDoc(origin.first, origin.second));
    }
    return TAttr(t, "TileLayout").Attr("from_iters").Call({}, {"offset"}, {DictDoc(names, values)});
  }
  if (!origins.empty()) {
    // Several origins are one sum, added last: `+ (1 @ Axis.laneid + 3)` (the printer
    // parenthesises a right operand of the same precedence).
    ExprDoc sum = origins[0];
    for (size_t i = 1; i < origins.size(); ++i) {
      sum = OperationDoc(OperationKind::kAdd, {sum, origins[i]});
    }
    parts.push_back(sum);
  }
  ExprDoc spec = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) {
    spec = OperationDoc(OperationKind::kAdd, {spec, parts[i]});
  }
  return TAttr(t, "TileLayout").Call({spec});
}

ExprDoc TileDoc(const TileLayout& layout, const AccessPath& p, const DocTranslator& t) {
  return t.config()->apache() ? ApacheTileDoc(layout, p, t) : FromItersDoc(layout, p, t);
}

Doc ComposeDoc(const ComposeLayout& layout, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> args = {
      WithPath<ExprDoc>(LiteralDoc::Int(layout->per_element), p.Attr("per_element")),
      WithPath<ExprDoc>(LiteralDoc::Int(layout->swizzle_len), p.Attr("swizzle_len")),
      WithPath<ExprDoc>(LiteralDoc::Int(layout->atom_len), p.Attr("atom_len")),
      TileDoc(layout->tile_layout, p.Attr("tile_layout"), t)};
  Array<String> keys;
  Array<ExprDoc> values;
  if (!layout->swizzle_inner) {
    keys.push_back("swizzle_inner");
    values.push_back(WithPath<ExprDoc>(LiteralDoc::Bool(false), p.Attr("swizzle_inner")));
  }
  return TAttr(t, "ComposeLayout").Call(args, keys, values);
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<TileLayout>([](TileLayout layout, AccessPath p, DocTranslator t) -> Doc {
    return TileDoc(layout, p, t);
  });
  RegisterDocTranslate<ComposeLayout>(ComposeDoc);
  RegisterDocTranslate<Iter>(
      [](Iter iter, AccessPath p, DocTranslator t) -> Doc { return IterDoc(iter, p, t); });
  RegisterDocTranslate<Axis>([](Axis axis, AccessPath p, DocTranslator t) -> Doc {
    return TAttr(t, "Axis").Attr("get").Call(
        {WithPath<ExprDoc>(LiteralDoc::Str(axis->name), p.Attr("name"))});
  });
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
