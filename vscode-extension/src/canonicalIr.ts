// "Show Canonical IR": a read-only virtual document (scheme tvmscript-ir) whose text the server
// gives (tvmscript.showCanonicalIR), asked again when the source document changes.
import * as vscode from 'vscode';

import {CanonicalIR, CommandArgument, describeError} from './serverCommands';

export const IR_SCHEME = 'tvmscript-ir';
const REFRESH_DELAY_MS = 300;

export type CanonicalIRSource = (argument: CommandArgument) => Promise<CanonicalIR>;

/** The virtual document's URI for a source document and position. */
export function irUri(source: vscode.Uri, position: vscode.Position | undefined): vscode.Uri {
  const base = source.path.split('/').pop() || 'untitled';
  const stem = base.replace(/\.pyi?$/, '');
  const argument: CommandArgument = {uri: source.toString()};
  if (position) argument.position = {line: position.line, character: position.character};
  const suffix = position ? `-line${position.line + 1}` : '';
  return vscode.Uri.from({
    scheme: IR_SCHEME,
    path: `/${stem}${suffix}.canonical.py`,
    query: JSON.stringify(argument),
  });
}

export function parseIrUri(uri: vscode.Uri): CommandArgument | undefined {
  try {
    const value = JSON.parse(uri.query) as CommandArgument;
    return typeof value.uri === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export class CanonicalIRProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly source: CanonicalIRSource) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => this.sourceChanged(event.document.uri)),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const argument = parseIrUri(uri);
    if (!argument) return `# tvm-lsp: ${uri.toString()} does not name a source document\n`;
    try {
      const result = await this.source(argument);
      return result.text.endsWith('\n') ? result.text : result.text + '\n';
    } catch (error) {
      return `# ${describeError(error).replace(/\n/g, '\n# ')}\n`;
    }
  }

  /** The IR documents open for a source, asked again a moment after its last change. */
  private sourceChanged(source: vscode.Uri): void {
    const key = source.toString();
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== IR_SCHEME || parseIrUri(document.uri)?.uri !== key) continue;
      const irKey = document.uri.toString();
      clearTimeout(this.timers.get(irKey));
      this.timers.set(
        irKey,
        setTimeout(() => {
          this.timers.delete(irKey);
          this.changed.fire(document.uri);
        }, REFRESH_DELAY_MS),
      );
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
