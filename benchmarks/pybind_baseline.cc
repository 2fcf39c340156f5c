/*!
 * \file pybind_baseline.cc
 * \brief The floor tvm_ffi calls are measured against: plain pybind11 functions with the same
 *  signatures as the FFI testing functions (see benchmarks/bench_ffi_calls.py).
 */
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <vector>

namespace py = pybind11;

PYBIND11_MODULE(pybind_baseline, m) {
  m.doc() = "Plain pybind11 functions used as the baseline of the FFI call benchmarks.";
  m.def(
      "echo", [](py::object value) { return value; }, "Returns its argument.");
  m.def(
      "add3", [](int64_t a, int64_t b, int64_t c) { return a + b + c; }, "Adds three integers.");
  m.def(
      "take_list", [](std::vector<int64_t> values) { return values.size(); },
      "Converts a list to std::vector<int64_t> and returns its size.");
  m.def(
      "nop", []() {}, "Does nothing (call overhead).");
}
