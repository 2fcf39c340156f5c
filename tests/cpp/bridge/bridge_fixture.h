/*!
 * \file bridge_fixture.h
 * \brief Options that point ParseDiagnostics at the test-only module fixtures/bridge_fixture.py.
 *
 * Includes the public header in translation units built without Python's include path (the test
 * executable does not depend on Python): the header must compile without Python.h.
 */
#ifndef TESTS_CPP_BRIDGE_BRIDGE_FIXTURE_H_
#define TESTS_CPP_BRIDGE_BRIDGE_FIXTURE_H_

#include <tvm/script/bridge/bridge.h>

#ifdef Py_PYTHON_H
#error "tvm/script/bridge/bridge.h must not include Python.h"
#endif

#include <stdexcept>
#include <string>

namespace bridge_test {

/*! \brief Options calling bridge_fixture.<function>; puts the fixture folder on sys.path once. */
inline tvm::script::bridge::ParseOptions FixtureOptions(const std::string& function) {
  static const bool added = [] {
    std::string error;
    if (!tvm::script::bridge::Interpreter::Global().AddTestPath(TVM_LSP_BRIDGE_FIXTURES, &error)) {
      throw std::runtime_error("cannot add the fixture folder: " + error);
    }
    return true;
  }();
  (void)added;
  tvm::script::bridge::ParseOptions options;
  options.source_name = "fixture.py";
  options.entry_module = "bridge_fixture";
  options.entry_function = function;
  return options;
}

}  // namespace bridge_test

#endif  // TESTS_CPP_BRIDGE_BRIDGE_FIXTURE_H_
