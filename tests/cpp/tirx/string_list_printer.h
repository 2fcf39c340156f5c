// Lets a failed check of two string lists show both lists, one item a line.
#ifndef TVM_LSP_TESTS_CPP_TIRX_STRING_LIST_PRINTER_H_
#define TVM_LSP_TESTS_CPP_TIRX_STRING_LIST_PRINTER_H_

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& items) {
    std::string text = "{";
    for (const std::string& item : items) text += "\n  \"" + item + "\"";
    return String((text + "}").c_str());
  }
};
}  // namespace doctest

#endif  // TVM_LSP_TESTS_CPP_TIRX_STRING_LIST_PRINTER_H_
