/*!
 * \file tvm/tirx/comm_reducer.h
 * \brief The combiner of a cross-thread reduction (Apache TVM's `tirx.CommReducer`):
 *  `T.comm_reducer(lambda x, y: x + y, [T.float32(0)])`, the node of a `reduce_scope`
 *  attribute that `T.tvm_thread_allreduce` reads.
 */
#ifndef TVM_TIRX_COMM_REDUCER_H_
#define TVM_TIRX_COMM_REDUCER_H_

#include <tvm/ffi/array.h>
#include <tvm/tirx/expr.h>

namespace tvm {
namespace tirx {

/*!
 * \brief `lambda lhs..., rhs...: result` with one identity per result: group `i` combines
 *  `lhs[i]` and `rhs[i]` (Simple definitions, typed as `identity_element[i]`) into `result[i]`.
 */
class CommReducerObj : public ffi::Object {
 public:
  ffi::Array<Var> lhs;
  ffi::Array<Var> rhs;
  ffi::Array<Expr> result;
  ffi::Array<Expr> identity_element;
  Span span = Span::Unknown();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.CommReducer", CommReducerObj, ffi::Object);
};

class CommReducer : public ffi::ObjectRef {
 public:
  /*!
   * \brief ValueError unless the four lists have one length, at least 1; TypeError unless
   *  `lhs[i]`, `rhs[i]` and `result[i]` have the type of `identity_element[i]`.
   */
  CommReducer(ffi::Array<Var> lhs, ffi::Array<Var> rhs, ffi::Array<Expr> result,
              ffi::Array<Expr> identity_element, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(CommReducer, ffi::ObjectRef, CommReducerObj);
};

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_COMM_REDUCER_H_
