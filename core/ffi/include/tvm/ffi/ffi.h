/*!
 * \file tvm/ffi/ffi.h
 * \brief Everything of the object system in one include.
 */
#ifndef TVM_FFI_FFI_H_
#define TVM_FFI_FFI_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/dtype.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/module.h>
#include <tvm/ffi/object.h>
#include <tvm/ffi/optional.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/shape.h>
#include <tvm/ffi/stream_context.h>
#include <tvm/ffi/string.h>
#include <tvm/ffi/tensor.h>

#endif  // TVM_FFI_FFI_H_
