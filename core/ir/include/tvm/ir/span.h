/*!
 * \file tvm/ir/span.h
 * \brief Source spans: where in a file a node came from. Structural equality ignores them.
 */
#ifndef TVM_IR_SPAN_H_
#define TVM_IR_SPAN_H_

#include <tvm/ffi/string.h>

namespace tvm {
namespace ir {

/*!
 * \brief A range of source text: lines are 1-based, columns are 0-based UTF-8 byte offsets
 *  (as Python's ast gives them); the end is exclusive.
 */
class SpanObj : public ffi::Object {
 public:
  ffi::String source_name;
  int64_t start_line = 0;
  int64_t start_column = 0;
  int64_t end_line = 0;
  int64_t end_column = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Span", SpanObj, ffi::Object);
};

/*! \brief A never-null span; Span::Unknown() stands for "no source information". */
class Span : public ffi::ObjectRef {
 public:
  Span(ffi::String source_name, int64_t start_line, int64_t start_column, int64_t end_line,
       int64_t end_column);
  /*! \brief The one shared unknown span. */
  static Span Unknown();
  /*! \return whether this span carries no source information. */
  bool is_unknown() const { return get()->start_line == 0; }
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(Span, ffi::ObjectRef, SpanObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_SPAN_H_
