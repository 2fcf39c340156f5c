/*!
 * \file code_actions.cc
 * \brief Code actions: quick fixes the diagnostics carry, trust advice, migration of Apache
 *  TVM's spelling (one definition or the file), formatting as an action, show canonical IR.
 */
#include <algorithm>

#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

CodeAction Make(std::string title, std::string kind) {
  CodeAction action;
  action.title = std::move(title);
  action.kind = std::move(kind);
  return action;
}

bool Wanted(const std::vector<std::string>& only, const std::string& kind) {
  if (only.empty()) return true;
  return std::any_of(only.begin(), only.end(), [&](const std::string& asked) {
    return !kind.empty() && (kind == asked || (kind.size() > asked.size() &&
                                               kind.compare(0, asked.size(), asked) == 0 &&
                                               kind[asked.size()] == '.'));
  });
}

const bridge::FormatVerdict* ByKey(const std::vector<bridge::FormatVerdict>& verdicts,
                                   const bridge::FormatVerdict& like) {
  for (const bridge::FormatVerdict& verdict : verdicts) {
    if (verdict.key == like.key && verdict.name == like.name) return &verdict;
  }
  return nullptr;
}

std::string Why(const bridge::FormatVerdict& verdict) {
  std::string why = verdict.reason.value_or("unknown");
  return verdict.detail.empty() ? why : why + ": " + verdict.detail;
}

void QuickFixes(const CodeActionInput& input, std::vector<CodeAction>* out) {
  for (const bridge::Diagnostic& diagnostic : Diagnostics(input.analysis, input.text)) {
    if (!Touches(diagnostic.range, input.range)) continue;
    for (const bridge::Fix& fix : diagnostic.fixes) {
      CodeAction action = Make(fix.title, "quickfix");
      action.edits = fix.edits;
      action.diagnostics = {diagnostic};
      action.preferred = diagnostic.fixes.size() == 1;
      out->push_back(std::move(action));
    }
    if (diagnostic.code == "untrusted-not-evaluated") {
      CodeAction advice = Make("How to trust this workspace", "quickfix");
      advice.diagnostics = {diagnostic};
      advice.disabled = GrantTrustHint();
      out->push_back(std::move(advice));
    }
  }
}

/*!
 * \brief The migration of one definition in Apache TVM's spelling: offered where migrating
 *  writes another text than formatting does (formatting keeps Apache TVM's spelling), or where
 *  formatting leaves an older release's spelling alone; none for other definitions.
 */
std::optional<CodeAction> MigrateOne(const CodeActionInput& input,
                                     const bridge::FormatVerdict& verdict) {
  const bridge::FormatVerdict* migrated = ByKey(input.migrate, verdict);
  bool older = verdict.reason == "older-spelling";
  bool rewrites =
      migrated != nullptr && migrated->text && (!verdict.text || *migrated->text != *verdict.text);
  if (!older && !rewrites) return std::nullopt;
  CodeAction action = Make("Migrate " + verdict.name + " to the canonical spelling",
                           "refactor.rewrite.tvmscript.migrate");
  if (migrated == nullptr || !migrated->text) {
    action.disabled = verdict.name + " cannot be migrated: " +
                      (migrated ? Why(*migrated) : std::string("the worker gave no verdict"));
    return action;
  }
  action.edits = Formatting(input.text, {*migrated}).edits;
  return action;
}

void Migrations(const CodeActionInput& input, std::vector<CodeAction>* out) {
  CodeAction file = Make("", "source.migrate.tvmscript");
  size_t count = 0;
  for (const bridge::FormatVerdict& verdict : input.format) {
    std::optional<CodeAction> one = MigrateOne(input, verdict);
    if (!one) continue;
    if (Touches(verdict.range, input.range) && Wanted(input.only, one->kind)) {
      out->push_back(*one);
    }
    if (one->disabled.empty()) {
      file.edits.insert(file.edits.end(), one->edits.begin(), one->edits.end());
      ++count;
    }
  }
  if (count > 0 && Wanted(input.only, file.kind)) {
    file.title = "Migrate the file to the canonical spelling (" + std::to_string(count) +
                 (count == 1 ? " definition)" : " definitions)");
    out->push_back(std::move(file));
  }
}

}  // namespace

bool Touches(const bridge::Range& a, const bridge::Range& b) {
  auto before = [](int64_t l1, int64_t c1, int64_t l2, int64_t c2) {
    return l1 < l2 || (l1 == l2 && c1 < c2);
  };
  return !before(a.end_line, a.end_column, b.line, b.column) &&
         !before(b.end_line, b.end_column, a.line, a.column);
}

std::vector<CodeAction> CodeActions(const CodeActionInput& input) {
  std::vector<CodeAction> out;
  if (Wanted(input.only, "quickfix")) QuickFixes(input, &out);
  Migrations(input, &out);
  if (Wanted(input.only, "source.format.tvmscript")) {
    FormattingResult formatted = Formatting(input.text, input.format);
    if (!formatted.edits.empty()) {
      out.push_back(Make("Format the TVMScript definitions", "source.format.tvmscript"));
      out.back().edits = formatted.edits;
    }
  }
  const bridge::Definition* here =
      DefinitionAt(input.analysis, input.range.line, input.range.column);
  if (input.only.empty() && here != nullptr && here->canonical_text && !here->partial) {
    CodeAction show = Make("Show the canonical IR of " + here->name, "");
    show.command = "tvmscript.showCanonicalIR";
    show.command_at = input.range;
    out.push_back(std::move(show));
  }
  return out;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
