/*!
 * \file py_tensor.cc
 * \brief DLPack capsules: export of Tensors and zero-copy import from other frameworks.
 */
#include "py_ffi.h"

namespace tvm {
namespace ffi {
namespace python {
namespace {

constexpr const char* kCapsuleName = "dltensor";
constexpr const char* kUsedCapsuleName = "used_dltensor";

void DeleteUnconsumedCapsule(PyObject* capsule) {
  // A consumer renames the capsule when it takes ownership; only an unused one is ours.
  if (!PyCapsule_IsValid(capsule, kCapsuleName)) return;
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsuleName));
  if (managed != nullptr && managed->deleter != nullptr) managed->deleter(managed);
}

}  // namespace

PyObject* TensorToDLPackCapsule(const Tensor& tensor) {
  DLManagedTensor* managed = tensor.ToDLPack();
  PyObject* capsule = PyCapsule_New(managed, kCapsuleName, DeleteUnconsumedCapsule);
  if (capsule == nullptr) managed->deleter(managed);
  return capsule;
}

Tensor TensorFromPyDLPack(PyObject* value) {
  if (PyObject_TypeCheck(value, ObjectType())) {
    Object* handle = reinterpret_cast<PyFFIObject*>(value)->handle;
    if (handle != nullptr && handle->type_index() == TypeIndex::kTensor) {
      return details::ObjectUnsafe::RefFromPtr<Tensor>(
          details::ObjectUnsafe::PtrFromRaw<Object>(handle));
    }
  }
  PyObject* capsule = PyObject_CallMethod(value, "__dlpack__", nullptr);
  if (capsule == nullptr) throw PythonErrorSet();
  if (!PyCapsule_IsValid(capsule, kCapsuleName)) {
    Py_DECREF(capsule);
    PyErr_Format(PyExc_TypeError, "__dlpack__ of %s did not return an unused \"dltensor\" capsule",
                 Py_TYPE(value)->tp_name);
    throw PythonErrorSet();
  }
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsuleName));
  PyCapsule_SetName(capsule, kUsedCapsuleName);
  Py_DECREF(capsule);
  return Tensor::FromDLPack(managed);
}

}  // namespace python
}  // namespace ffi
}  // namespace tvm
