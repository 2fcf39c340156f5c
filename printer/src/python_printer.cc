/*!
 * \file python_printer.cc
 * \brief Statement Docs as Python text: indentation, blocks, comments; the span of every Doc.
 */
#include <sstream>

#include "printer_internal.h"
#include "python_printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (lines.empty() || (!text.empty() && text.back() == '\n')) lines.emplace_back();
  return lines;
}

}  // namespace

void PythonPrinter::NewLine() {
  out_ += "\n";
  out_.append(static_cast<size_t>(indent_ * indent_spaces_), ' ');
}

void PythonPrinter::PrintDoc(const Doc& doc) {
  NestingGuard guard(&depth_, "the Doc tree");
  if (!doc.defined()) TVM_FFI_THROW(ValueError) << "cannot print a null Doc";
  // A statement's comment is not part of its text: underlines and the source map skip it.
  const auto* stmt = doc.as<StmtDocObj>();
  if (stmt != nullptr) {
    PrintComment(stmt);
    PrintLeadingComments(stmt);
  }
  size_t begin = out_.size();
  if (stmt != nullptr) {
    PrintStmt(stmt);
  } else if (const auto* expr = doc.as<ExprDocObj>()) {
    PrintExpr(expr);
  } else if (const auto* slice = doc.as<SliceDocObj>()) {
    PrintSlice(slice);
  } else {
    TVM_FFI_THROW(TypeError) << "the Python printer cannot print a `" << doc->GetTypeKey() << "`";
  }
  for (const AccessPath& path : doc->source_paths) spans_.push_back({path, begin, out_.size()});
}

void PythonPrinter::PrintComment(const StmtDocObj* stmt) {
  if (!stmt->comment.has_value()) return;
  if (stmt->IsInstance<CommentDocObj>() || stmt->IsInstance<DocStringDocObj>()) return;
  for (const std::string& line : SplitLines(stmt->comment->str())) {
    out_ += line.empty() ? "#" : "# " + line;
    NewLine();
  }
}

void PythonPrinter::PrintLeadingComments(const StmtDocObj* stmt) {
  for (const ffi::String& line : stmt->leading_comments) {
    out_ += line.str();
    NewLine();
  }
}

void PythonPrinter::PrintTrailingComment(const StmtDocObj* stmt) {
  if (!stmt->trailing_comment.has_value()) return;
  out_ += "  ";
  out_ += stmt->trailing_comment->str();
}

void PythonPrinter::PrintBlock(const ffi::Array<StmtDoc>& body, bool blank_line_after_definitions) {
  ++indent_;
  if (body.empty()) {
    NewLine();
    out_ += "pass";
  }
  const StmtDocObj* previous = nullptr;
  for (const StmtDoc& stmt : body) {
    bool after_definition = previous != nullptr && (As<FunctionDocObj>(previous) != nullptr ||
                                                    As<ClassDocObj>(previous) != nullptr);
    if (blank_line_after_definitions && after_definition) out_ += "\n";
    previous = stmt.get();
    NewLine();
    PrintDoc(stmt);
  }
  --indent_;
}

void PythonPrinter::PrintTarget(const ExprDoc& target) {
  // `a, b = ...`, `for i, j in ...`: a target tuple needs no parentheses.
  if (const auto* tuple = target.as<TupleDocObj>(); tuple != nullptr && !tuple->elements.empty()) {
    PrintJoined(tuple->elements, ", ");
  } else {
    PrintDoc(target);
  }
}

void PythonPrinter::PrintAssign(const AssignDocObj* doc) {
  PrintTarget(doc->lhs);
  if (doc->annotation.has_value()) {
    out_ += ": ";
    PrintDoc(*doc->annotation);
  }
  if (doc->rhs.has_value()) {
    out_ += " = ";
    // `x: T.let[T.Tuple(...)] = a, b`: a tuple value of two or more fields needs no
    // parentheses there, and the reference prints none.
    if (const auto* tuple = doc->rhs.value().as<TupleDocObj>();
        tuple != nullptr && tuple->elements.size() > 1) {
      PrintJoined(tuple->elements, ", ");
    } else {
      PrintDoc(*doc->rhs);
    }
  }
}

void PythonPrinter::PrintDecorators(const ffi::Array<ExprDoc>& decorators) {
  for (const ExprDoc& decorator : decorators) {
    out_ += "@";
    PrintDoc(decorator);
    NewLine();
  }
}

void PythonPrinter::PrintFunction(const FunctionDocObj* doc) {
  PrintDecorators(doc->decorators);
  out_ += "def ";
  PrintDoc(doc->name);
  if (!doc->type_params.empty()) {
    out_ += "[";
    for (size_t i = 0; i < doc->type_params.size(); ++i) {
      if (i > 0) out_ += ", ";
      PrintDoc(doc->type_params[i]);
    }
    out_ += "]";
  }
  out_ += "(";
  for (size_t i = 0; i < doc->args.size(); ++i) {
    if (i > 0) out_ += ", ";
    PrintDoc(doc->args[i]);
  }
  out_ += ")";
  if (doc->return_type.has_value()) {
    out_ += " -> ";
    PrintDoc(*doc->return_type);
  }
  out_ += ":";
  PrintTrailingComment(doc);
  PrintBlock(doc->body);
}

void PythonPrinter::PrintClass(const ClassDocObj* doc) {
  PrintDecorators(doc->decorators);
  out_ += "class ";
  PrintDoc(doc->name);
  out_ += ":";
  PrintTrailingComment(doc);
  PrintBlock(doc->body, /*blank_line_after_definitions=*/true);
}

void PythonPrinter::PrintDocString(const std::string& text) {
  out_ += "\"\"\"";
  for (const std::string& line : SplitLines(text)) {
    if (line.empty()) {
      out_ += "\n";  // no trailing spaces on a blank line of the docstring
    } else {
      NewLine();
      out_ += line;
    }
  }
  NewLine();
  out_ += "\"\"\"";
}

void PythonPrinter::PrintStmt(const StmtDocObj* stmt) {
  if (const auto* d = As<StmtBlockDocObj>(stmt)) {
    for (size_t i = 0; i < d->stmts.size(); ++i) {
      if (i > 0) NewLine();
      PrintDoc(d->stmts[i]);
    }
    PrintTrailingComment(d);  // after the block's last line
  } else if (const auto* d = As<AssignDocObj>(stmt)) {
    PrintAssign(d);
    PrintTrailingComment(d);
  } else if (const auto* d = As<IfDocObj>(stmt)) {
    out_ += "if ";
    PrintDoc(d->predicate);
    out_ += ":";
    PrintTrailingComment(d);
    PrintBlock(d->then_branch);
    if (!d->else_branch.empty()) {
      NewLine();
      out_ += "else:";
      PrintBlock(d->else_branch);
    }
  } else if (const auto* d = As<WhileDocObj>(stmt)) {
    out_ += "while ";
    PrintDoc(d->predicate);
    out_ += ":";
    PrintTrailingComment(d);
    PrintBlock(d->body);
  } else if (const auto* d = As<ForDocObj>(stmt)) {
    out_ += "for ";
    PrintTarget(d->lhs);
    out_ += " in ";
    PrintDoc(d->rhs);
    out_ += ":";
    PrintTrailingComment(d);
    PrintBlock(d->body);
  } else if (const auto* d = As<ScopeDocObj>(stmt)) {
    out_ += "with ";
    PrintDoc(d->rhs);
    if (d->lhs.has_value()) {
      out_ += " as ";
      PrintDoc(*d->lhs);
    }
    out_ += ":";
    PrintTrailingComment(d);
    PrintBlock(d->body);
  } else if (const auto* d = As<FunctionDocObj>(stmt)) {
    PrintFunction(d);
  } else if (const auto* d = As<ClassDocObj>(stmt)) {
    PrintClass(d);
  } else {
    PrintSimpleStmt(stmt);
    // Simple statements print on one line (a comment or docstring ends on its last).
    PrintTrailingComment(stmt);
  }
}

void PythonPrinter::PrintSimpleStmt(const StmtDocObj* stmt) {
  if (const auto* d = As<ExprStmtDocObj>(stmt)) {
    PrintDoc(d->expr);
  } else if (const auto* d = As<AssertDocObj>(stmt)) {
    out_ += "assert ";
    PrintDoc(d->test);
    if (d->msg.has_value()) {
      out_ += ", ";
      PrintDoc(*d->msg);
    }
  } else if (const auto* d = As<ReturnDocObj>(stmt)) {
    out_ += "return";
    if (d->value.has_value()) {
      out_ += " ";
      PrintDoc(*d->value);
    }
  } else if (stmt->IsInstance<BreakDocObj>()) {
    out_ += "break";
  } else if (stmt->IsInstance<ContinueDocObj>()) {
    out_ += "continue";
  } else if (stmt->IsInstance<CommentDocObj>()) {
    std::vector<std::string> lines = SplitLines(stmt->comment.value_or("").str());
    for (size_t i = 0; i < lines.size(); ++i) {
      if (i > 0) NewLine();
      out_ += lines[i].empty() ? "#" : "# " + lines[i];
    }
  } else if (stmt->IsInstance<DocStringDocObj>()) {
    PrintDocString(stmt->comment.value_or("").str());
  } else {
    TVM_FFI_THROW(TypeError) << "the Python printer cannot print a `" << stmt->GetTypeKey() << "`";
  }
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
