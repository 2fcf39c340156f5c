/*!
 * \file well_formed.cc
 * \brief The well-formedness analysis: scoping of variables (definitions from reflection's
 *  definition regions, scopes from the statement kinds), tensor accesses, stores and op
 *  contracts. Collects every problem instead of stopping at the first.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ir/call.h>
#include <tvm/tirx/analysis.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/sblock.h>
#include <tvm/tirx/sblock_analysis.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "../type_check_internal.h"
#include "report_internal.h"

namespace tvm {
namespace tirx {
namespace analysis {
namespace {

namespace refl = ffi::reflection;
using refl::DefRegionKind;
using refl::StructuralVisitorView;
using Interrupt = std::optional<refl::WalkInterrupt>;

std::string Quoted(const ir::VarObj* var) { return "`" + std::string(var->name) + "`"; }

class WellFormedChecker {
 public:
  ffi::Array<ir::Diagnostic> Run(const ffi::Any& root) {
    refl::StructuralVisit(
        root,
        std::make_tuple(
            [this](const FunctionObj* f, StructuralVisitorView& v) { return VisitFunction(f, v); },
            [this](const ForObj* f, StructuralVisitorView& v) { return VisitFor(f, v); },
            [this](const LetObj* let, StructuralVisitorView& v) {
              return VisitInOrder(let, v, {"value"}, {"var", "body"});
            },
            [this](const BindObj* bind, StructuralVisitorView& v) {
              return VisitInOrder(bind, v, {"value", "var"}, {});
            },
            [this](const DeclTensorObj* decl, StructuralVisitorView& v) {
              return VisitInOrder(decl, v, {"data", "var"}, {});
            },
            [this](const LaunchThreadObj* launch, StructuralVisitorView& v) {
              pending_launch_var_ = launch->var.get();
              return VisitInOrder(launch, v, {"extent"}, {"var", "body"});
            },
            [this](const IfThenElseObj* node, StructuralVisitorView& v) {
              return VisitIf(node, v);
            },
            [this](const WhileObj* node, StructuralVisitorView& v) {
              return VisitInOrder(node, v, {"condition"}, {"body"});
            },
            [this](const SBlockObj* block, StructuralVisitorView& v) {
              // Iteration variables and allocated tensors belong to the block alone.
              return InScope([&] { return v.DefaultVisit(ffi::GetRef<SBlock>(block)); });
            },
            [this](const MatchBufferRegionObj* match, StructuralVisitorView& v) {
              // A view's Pattern defines it for its block: no signature to agree with.
              in_match_buffer_ = true;
              Interrupt result = v.DefaultVisit(ffi::GetRef<MatchBufferRegion>(match));
              in_match_buffer_ = false;
              return result;
            },
            [this](const SeqStmtObj* seq, StructuralVisitorView& v) {
              return InScope([&] { return v.DefaultVisit(ffi::GetRef<SeqStmt>(seq)); });
            },
            [this](const TensorLoadObj* load, StructuralVisitorView& v) {
              CheckAccess(load, load->source, load->indices, nullptr, v);
              return v.DefaultVisit(ffi::GetRef<TensorLoad>(load));
            },
            [this](const TensorStoreObj* store, StructuralVisitorView& v) {
              CheckAccess(store, store->dest, store->indices, &store->value, v);
              return v.DefaultVisit(ffi::GetRef<TensorStore>(store));
            },
            [this](const ir::CallObj* call, StructuralVisitorView& v) {
              CheckCall(call, v);
              return v.DefaultVisit(ffi::GetRef<ir::Call>(call));
            },
            [this](const ir::VarObj* var, StructuralVisitorView& v) { return VisitVar(var, v); }));
    return diagnostics_;
  }

  /*! \brief Records every definition site first, so a use can tell "out of scope" apart. */
  void CollectDefinitions(const ffi::Any& root) {
    refl::StructuralWalk(
        root,
        [this](const ir::VarObj* var, DefRegionKind kind) {
          if (kind != DefRegionKind::kNone) defined_somewhere_.insert(var);
          return refl::WalkResult::Advance();
        },
        refl::WalkOrder::kPreOrder);
  }

 private:
  template <typename F>
  Interrupt InScope(F&& visit) {
    scopes_.emplace_back();
    Interrupt result = visit();
    for (const ffi::Object* var : scopes_.back()) in_scope_.erase(var);
    scopes_.pop_back();
    return result;
  }

  /*! \brief Visits `outer` fields in the enclosing scope, then `inner` ones in a new scope. */
  template <typename TObj>
  Interrupt VisitInOrder(const TObj* node, StructuralVisitorView& view,
                         std::initializer_list<const char*> outer,
                         std::initializer_list<const char*> inner) {
    ffi::Any self = ffi::GetRef<ffi::ObjectRef>(node);
    for (const char* field : outer) {
      if (auto interrupt = view.VisitField(self, field)) return interrupt;
    }
    if (inner.size() == 0) return std::nullopt;
    return InScope([&]() -> Interrupt {
      for (const char* field : inner) {
        if (auto interrupt = view.VisitField(self, field)) return interrupt;
      }
      return std::nullopt;
    });
  }

  Interrupt VisitFunction(const FunctionObj* func, StructuralVisitorView& view) {
    pattern_names_.clear();
    return VisitInOrder(func, view, {}, {"params", "ret_type", "body", "attrs"});
  }

  Interrupt VisitFor(const ForObj* loop, StructuralVisitorView& view) {
    pending_loop_var_ = loop->var.get();
    return VisitInOrder(loop, view, {"start", "end", "step"}, {"var", "body", "annotations"});
  }

  Interrupt VisitIf(const IfThenElseObj* node, StructuralVisitorView& view) {
    ffi::Any self = ffi::GetRef<IfThenElse>(node);
    if (auto interrupt = view.VisitField(self, "condition")) return interrupt;
    if (auto interrupt = InScope([&] { return view.VisitField(self, "then_case"); })) {
      return interrupt;
    }
    return InScope([&] { return view.VisitField(self, "else_case"); });
  }

  Interrupt VisitVar(const ir::VarObj* var, StructuralVisitorView& view) {
    switch (view.def_region_kind()) {
      case DefRegionKind::kNone:
        CheckUse(var, view);
        return std::nullopt;  // a use's type was checked where the variable was defined
      case DefRegionKind::kSimple:
        DefineSimple(var, view);
        break;
      case DefRegionKind::kPattern:
        DefinePattern(var, view);
        break;
    }
    return view.DefaultVisit(ffi::GetRef<ir::Var>(var));
  }

  void CheckUse(const ir::VarObj* var, StructuralVisitorView& view) {
    if (in_scope_.count(var) != 0) return;
    if (defined_somewhere_.count(var) != 0) {
      Report("out-of-scope-use", "variable " + Quoted(var) + " is used outside its scope", var,
             view);
    } else {
      Report("undefined-variable", "variable " + Quoted(var) + " is used but never defined", var,
             view);
    }
  }

  void DefineSimple(const ir::VarObj* var, StructuralVisitorView& view) {
    const bool by_loop = var == pending_loop_var_;
    const bool by_launch = var == pending_launch_var_;
    pending_loop_var_ = nullptr;
    pending_launch_var_ = nullptr;
    if (by_launch && launch_vars_.count(var) != 0 && in_scope_.count(var) == 0) {
      // Apache TVM launches one env thread again after the last launch's scope ended
      // (`T.launch_thread(tx, 32)` twice in a row): the same thread, not a second definition.
      Bring(var);
      return;
    }
    if (by_launch && defined_once_.count(var) == 0) launch_vars_.insert(var);
    if (!defined_once_.insert(var).second) {
      if (loop_vars_.count(var) != 0 && !by_loop) {
        Report("loop-variable-assignment", "assignment to loop variable " + Quoted(var), var, view);
      } else {
        Report("duplicate-definition", "variable " + Quoted(var) + " is defined twice", var, view);
      }
    } else if (by_loop) {
      loop_vars_.insert(var);
    }
    Bring(var);
  }

  void DefinePattern(const ir::VarObj* var, StructuralVisitorView& view) {
    auto [it, inserted] = in_match_buffer_ ? std::make_pair(pattern_names_.end(), true)
                                           : pattern_names_.emplace(std::string(var->name), var);
    if (!inserted && it->second != var) {
      std::ostringstream message;
      message << "the parameters name two different variables " << Quoted(var);
      Report("pattern-mismatch", message.str(), var, view);
    }
    defined_once_.insert(var);
    Bring(var);
  }

  void Bring(const ir::VarObj* var) {
    if (scopes_.empty()) scopes_.emplace_back();
    if (in_scope_.insert(var).second) scopes_.back().push_back(var);
  }

  void CheckAccess(const ffi::Object* node, const Expr& tensor, const ffi::Array<Expr>& indices,
                   const Expr* stored, StructuralVisitorView& view) {
    try {
      ffi::DataType element =
          CheckTensorAccess(tensor, indices, stored ? "tirx.TensorStore" : "prim.TensorLoad");
      if (stored == nullptr) return;
      try {
        CheckStoredValue(*stored, element);
      } catch (const ffi::Error& err) {
        Report("store-type", err.message(), node, view);
      }
    } catch (const ffi::Error& err) {
      Report("tensor-access", err.message(), node, view);
    }
  }

  void CheckCall(const ir::CallObj* call, StructuralVisitorView& view) {
    try {
      ffi::GetRef<ir::Call>(call).Validate();
    } catch (const ffi::Error& err) {
      Report("op-contract", err.message(), call, view);
    }
  }

  void Report(const char* code, const std::string& message, const ffi::Object* node,
              StructuralVisitorView& view) {
    diagnostics_.push_back(MakeDiagnostic(code, message, node, view.path()));
  }

  ffi::Array<ir::Diagnostic> diagnostics_;
  std::vector<std::vector<const ffi::Object*>> scopes_;
  std::unordered_set<const ffi::Object*> in_scope_;
  std::unordered_set<const ffi::Object*> defined_somewhere_;
  std::unordered_set<const ffi::Object*> defined_once_;
  std::unordered_set<const ffi::Object*> launch_vars_;  // defined by a LaunchThread first
  std::unordered_set<const ffi::Object*> loop_vars_;
  /*! \brief The variable of the loop whose `var` field is being visited. */
  const ffi::Object* pending_loop_var_ = nullptr;
  const ffi::Object* pending_launch_var_ = nullptr;  // the variable a LaunchThread defines next
  std::unordered_map<std::string, const ffi::Object*> pattern_names_;
  /*! \brief Whether the current Pattern is a block's match-buffer view, not a signature. */
  bool in_match_buffer_ = false;
};

/*! \brief The printed IR with every diagnostic's node underlined, when the printer is loaded. */
std::string PrintUnderlined(const ffi::Any& root, const ffi::Array<ir::Diagnostic>& diagnostics) {
  std::optional<ffi::Function> printer = ffi::Function::GetGlobal("script.Script");
  if (!printer.has_value()) return "";
  ffi::Array<ffi::Any> paths;
  for (const ir::Diagnostic& diagnostic : diagnostics) {
    if (!diagnostic->path.is_none()) paths.push_back(diagnostic->path);
  }
  ffi::Map<ffi::String, ffi::Any> options{{"path_to_underline", paths}};
  try {
    return std::string((*printer)(root, options).cast<ffi::String>());
  } catch (const ffi::Error&) {
    return "";  // the report stays useful without the text
  }
}

}  // namespace

ffi::Array<ir::Diagnostic> WellFormedDiagnostics(const ffi::Any& root) {
  WellFormedChecker checker;
  checker.CollectDefinitions(root);
  ffi::Array<ir::Diagnostic> diagnostics = checker.Run(root);
  for (const ir::Diagnostic& diagnostic : SBlockDiagnostics(root)) {
    diagnostics.push_back(diagnostic);
  }
  return diagnostics;
}

bool CheckWellFormed(const ffi::Any& root, bool assert_mode) {
  ffi::Array<ir::Diagnostic> diagnostics;
  for (const ir::Diagnostic& diagnostic : WellFormedDiagnostics(root)) {
    if (diagnostic.severity() == ir::DiagnosticSeverity::kError) diagnostics.push_back(diagnostic);
  }
  if (diagnostics.empty()) return true;
  if (!assert_mode) return false;
  std::ostringstream message;
  message << "the IR is not well-formed (" << diagnostics.size()
          << (diagnostics.size() == 1 ? " problem" : " problems") << "):";
  for (const ir::Diagnostic& diagnostic : diagnostics) {
    message << "\n  " << diagnostic->code << ": " << diagnostic->message;
    if (!diagnostic->path.is_none()) {
      message << " (at " << diagnostic->path.cast<refl::AccessPath>().ToString() << ")";
    }
  }
  std::string printed = PrintUnderlined(root, diagnostics);
  if (!printed.empty()) message << "\n" << printed;
  TVM_FFI_THROW(ValueError) << message.str();
}

TVM_FFI_STATIC_INIT_BLOCK() {
  refl::GlobalDef()
      .def("tirx.analysis.WellFormedDiagnostics", WellFormedDiagnostics,
           "Every well-formedness problem of a function or module, as diagnostics.")
      .def("tirx.analysis.CheckWellFormed", CheckWellFormed,
           "CheckWellFormed(func_or_module, assert_mode): raise (or return False) when "
           "ill-formed.");
}

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm
