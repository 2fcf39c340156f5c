/* eslint-disable @typescript-eslint/no-explicit-any */
// A minimal stand-in for the `vscode` module: enough of the API for vscode-languageclient's real
// LanguageClient and for the extension, with the editor's side recorded for tests to read
// (messages shown, diagnostics set, providers registered, output lines). VS Code itself cannot
// be downloaded on the test machines. Only what the client and the extension touch is here.
import * as fs from 'fs';
import {URI, Utils} from 'vscode-uri';

export const version = '1.91.0';

// ---- Basic values -------------------------------------------------------------------------

export const Uri: any = URI;
Uri.joinPath = Utils.joinPath;

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
  isEqual(other: Position): boolean {
    return this.line === other.line && this.character === other.character;
  }
  isBefore(other: Position): boolean {
    return this.line < other.line || (this.line === other.line && this.character < other.character);
  }
  translate(lineDelta = 0, characterDelta = 0): Position {
    return new Position(this.line + lineDelta, this.character + characterDelta);
  }
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(a: any, b: any, c?: number, d?: number) {
    if (typeof a === 'number') {
      this.start = new Position(a, b);
      this.end = new Position(c!, d!);
    } else {
      this.start = a;
      this.end = b;
    }
  }
  get isEmpty(): boolean {
    return this.start.isEqual(this.end);
  }
  isEqual(other: Range): boolean {
    return this.start.isEqual(other.start) && this.end.isEqual(other.end);
  }
  contains(p: Position | Range): boolean {
    if (p instanceof Range) return this.contains(p.start) && this.contains(p.end);
    return !p.isBefore(this.start) && !this.end.isBefore(p);
  }
}

export class Selection extends Range {
  constructor(
    readonly anchor: Position,
    readonly active: Position,
  ) {
    super(anchor.isBefore(active) ? anchor : active, anchor.isBefore(active) ? active : anchor);
  }
}

export class Location {
  constructor(
    readonly uri: any,
    readonly range: Range,
  ) {}
}

export enum DiagnosticSeverity {
  Error = 0,
  Warning = 1,
  Information = 2,
  Hint = 3,
}
export enum DiagnosticTag {
  Unnecessary = 1,
  Deprecated = 2,
}
export class DiagnosticRelatedInformation {
  constructor(
    readonly location: Location,
    readonly message: string,
  ) {}
}
export class Diagnostic {
  code: any;
  source: string | undefined;
  tags: DiagnosticTag[] | undefined;
  relatedInformation: DiagnosticRelatedInformation[] | undefined;
  constructor(
    public range: Range,
    public message: string,
    public severity: DiagnosticSeverity = DiagnosticSeverity.Error,
  ) {}
}

export class MarkdownString {
  isTrusted: any;
  supportHtml = false;
  baseUri: any;
  constructor(
    public value = '',
    public supportThemeIcons = false,
  ) {}
  appendMarkdown(value: string): this {
    this.value += value;
    return this;
  }
  appendText(value: string): this {
    this.value += value.replace(/[\\`*_{}[\]()#+\-.!]/g, '\\$&');
    return this;
  }
  appendCodeblock(code: string, language = ''): this {
    this.value += `\n\`\`\`${language}\n${code}\n\`\`\`\n`;
    return this;
  }
}

export class Hover {
  contents: any[];
  constructor(
    contents: any,
    public range?: Range,
  ) {
    this.contents = Array.isArray(contents) ? contents : [contents];
  }
}

export class TextEdit {
  constructor(
    public range: Range,
    public newText: string,
  ) {}
  static replace(range: Range, newText: string): TextEdit {
    return new TextEdit(range, newText);
  }
}

export class WorkspaceEdit {
  private readonly edits = new Map<string, [any, TextEdit[]]>();
  set(uri: any, edits: TextEdit[]): void {
    this.edits.set(uri.toString(), [uri, [...edits]]);
  }
  replace(uri: any, range: Range, newText: string): void {
    const entry = this.edits.get(uri.toString()) ?? [uri, []];
    entry[1].push(new TextEdit(range, newText));
    this.edits.set(uri.toString(), entry);
  }
  entries(): [any, TextEdit[]][] {
    return [...this.edits.values()];
  }
  get size(): number {
    return this.edits.size;
  }
}

export class CodeActionKind {
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly Refactor = new CodeActionKind('refactor');
  static readonly RefactorExtract = new CodeActionKind('refactor.extract');
  static readonly RefactorInline = new CodeActionKind('refactor.inline');
  static readonly RefactorRewrite = new CodeActionKind('refactor.rewrite');
  static readonly Source = new CodeActionKind('source');
  static readonly SourceOrganizeImports = new CodeActionKind('source.organizeImports');
  static readonly SourceFixAll = new CodeActionKind('source.fixAll');
  constructor(readonly value: string) {}
  append(part: string): CodeActionKind {
    return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
  }
  contains(other: CodeActionKind): boolean {
    return this.value === '' || other.value === this.value || other.value.startsWith(this.value + '.');
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
}
export enum CodeActionTriggerKind {
  Invoke = 1,
  Automatic = 2,
}
export class CodeAction {
  edit: WorkspaceEdit | undefined;
  diagnostics: Diagnostic[] | undefined;
  command: any;
  isPreferred: boolean | undefined;
  constructor(
    public title: string,
    public kind?: CodeActionKind,
  ) {}
}

export enum SymbolKind {
  File, Module, Namespace, Package, Class, Method, Property, Field, Constructor, Enum, Interface,
  Function, Variable, Constant, String, Number, Boolean, Array, Object, Key, Null, EnumMember,
  Struct, Event, Operator, TypeParameter,
}
export class DocumentSymbol {
  children: DocumentSymbol[] = [];
  tags: any;
  constructor(
    public name: string,
    public detail: string,
    public kind: SymbolKind,
    public range: Range,
    public selectionRange: Range,
  ) {}
}
export class SymbolInformation {
  constructor(
    public name: string,
    public kind: SymbolKind,
    public containerName: string,
    public location: Location,
  ) {}
}
export enum FoldingRangeKind {
  Comment = 1,
  Imports = 2,
  Region = 3,
}
export class FoldingRange {
  constructor(
    public start: number,
    public end: number,
    public kind?: FoldingRangeKind,
  ) {}
}
export class SelectionRange {
  constructor(
    public range: Range,
    public parent?: SelectionRange,
  ) {}
}
export enum DocumentHighlightKind {
  Text,
  Read,
  Write,
}
export class DocumentHighlight {
  constructor(
    public range: Range,
    public kind = DocumentHighlightKind.Text,
  ) {}
}

export class ThemeColor {
  constructor(readonly id: string) {}
}
export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}
export enum ViewColumn {
  Active = -1,
  Beside = -2,
  One = 1,
}
export enum LogLevel {
  Off,
  Trace,
  Debug,
  Info,
  Warning,
  Error,
}
export enum ProgressLocation {
  SourceControl = 1,
  Window = 10,
  Notification = 15,
}
export enum TextDocumentSaveReason {
  Manual = 1,
  AfterDelay = 2,
  FocusOut = 3,
}
export enum ConfigurationTarget {
  Global = 1,
  Workspace = 2,
  WorkspaceFolder = 3,
}
export enum EndOfLine {
  LF = 1,
  CRLF = 2,
}

// ---- Events, disposables, cancellation -------------------------------------------------------

export class Disposable {
  constructor(private readonly callOnDispose: () => void) {}
  static from(...disposables: {dispose(): any}[]): Disposable {
    return new Disposable(() => disposables.forEach((d) => d?.dispose()));
  }
  dispose(): void {
    this.callOnDispose();
  }
}

export class EventEmitter<T> {
  private listeners: ((value: T) => any)[] = [];
  readonly event = (listener: (value: T) => any, thisArg?: any, disposables?: Disposable[]): Disposable => {
    const bound = thisArg ? listener.bind(thisArg) : listener;
    this.listeners.push(bound);
    const disposable = new Disposable(() => {
      this.listeners = this.listeners.filter((l) => l !== bound);
    });
    disposables?.push(disposable);
    return disposable;
  };
  fire(value: T): void {
    [...this.listeners].forEach((listener) => listener(value));
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class CancellationError extends Error {
  constructor() {
    super('Canceled');
  }
}

export class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = {isCancellationRequested: false, onCancellationRequested: this.emitter.event};
  cancel(): void {
    if (!this.token.isCancellationRequested) {
      this.token.isCancellationRequested = true;
      this.emitter.fire();
    }
  }
  dispose(): void {
    this.emitter.dispose();
  }
}

// ---- Documents -------------------------------------------------------------------------------

export class TextDocument {
  isClosed = false;
  isDirty = false;
  readonly eol = EndOfLine.LF;
  constructor(
    readonly uri: any,
    public languageId: string,
    public version: number,
    private text: string,
  ) {}
  get fileName(): string {
    return this.uri.fsPath;
  }
  get isUntitled(): boolean {
    return this.uri.scheme === 'untitled';
  }
  get lineCount(): number {
    return this.text.split('\n').length;
  }
  getText(range?: Range): string {
    if (!range) return this.text;
    return this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }
  lineAt(line: number): {text: string; range: Range} {
    const text = this.text.split('\n')[line] ?? '';
    return {text, range: new Range(line, 0, line, text.length)};
  }
  offsetAt(position: Position): number {
    const lines = this.text.split('\n');
    let offset = 0;
    for (let i = 0; i < position.line && i < lines.length; i++) offset += lines[i].length + 1;
    return offset + Math.min(position.character, (lines[position.line] ?? '').length);
  }
  positionAt(offset: number): Position {
    const before = this.text.slice(0, offset).split('\n');
    return new Position(before.length - 1, before[before.length - 1].length);
  }
  save(): Promise<boolean> {
    return Promise.resolve(true);
  }
  /** Applies edits (against the current text) and returns the change events' contents. */
  applyEdits(edits: TextEdit[]): any[] {
    const sorted = [...edits].sort((a, b) => this.offsetAt(b.range.start) - this.offsetAt(a.range.start));
    const changes = sorted.map((edit) => {
      const start = this.offsetAt(edit.range.start);
      const end = this.offsetAt(edit.range.end);
      const change = {range: edit.range, rangeOffset: start, rangeLength: end - start, text: edit.newText};
      this.text = this.text.slice(0, start) + edit.newText + this.text.slice(end);
      return change;
    });
    this.version += 1;
    return changes;
  }
}

// ---- Tabs: the client pulls diagnostics only for documents shown in a tab or editor ----------

export class TabInputText {
  constructor(readonly uri: any) {}
}
export class TabInputTextDiff {
  constructor(
    readonly original: any,
    readonly modified: any,
  ) {}
}
export class TabInputCustom {
  constructor(
    readonly uri: any,
    readonly viewType: string,
  ) {}
}
export class TabInputNotebook {
  constructor(
    readonly uri: any,
    readonly notebookType: string,
  ) {}
}

const tabGroup: any = {isActive: true, viewColumn: 1, activeTab: undefined, tabs: [] as any[]};

// ---- What tests read ------------------------------------------------------------------------

export const recorded = {
  messages: [] as {kind: 'error' | 'warning' | 'information'; text: string}[],
  outputs: new Map<string, string[]>(),
  statusItems: [] as any[],
  diagnostics: new Map<string, Map<string, Diagnostic[]>>(),
  providers: new Map<string, {selector: any; provider: any}[]>(),
  shownDocuments: [] as {document: TextDocument; options: any}[],
  diagnosticsChanged: new EventEmitter<string>(),
};

const settings = {
  user: new Map<string, any>(),
  workspace: new Map<string, any>(),
};

/** Test helpers: not part of VS Code's API. */
export const shim = {
  TextDocumentClass: TextDocument,
  recorded,
  settings,
  trustGranted: new EventEmitter<void>(),
  configurationChanged: new EventEmitter<any>(),
  opened: new EventEmitter<TextDocument>(),
  closed: new EventEmitter<TextDocument>(),
  changed: new EventEmitter<any>(),
  saved: new EventEmitter<TextDocument>(),
  activeEditorChanged: new EventEmitter<any>(),
  visibleEditorsChanged: new EventEmitter<any>(),
  tabsChanged: new EventEmitter<any>(),
  extensions: new Map<string, any>(),
  contentProviders: new Map<string, any>(),
  commands: new Map<string, (...args: any[]) => any>(),
  setTrusted(value: boolean): void {
    workspace.isTrusted = value;
    if (value) this.trustGranted.fire();
  },
  /**
   * An editor on a document, made the active one, as VS Code does it: the document's tab opens
   * (if it is not open yet), then the visible and active editors change. The other tabs stay.
   */
  showEditor(document: TextDocument, position: Position): any {
    const editor = {
      document,
      selection: new Selection(position, position),
      revealRange(): void {},
    };
    let tab = tabGroup.tabs.find((t: any) => t.input.uri.toString() === document.uri.toString());
    const opened = tab === undefined ? [] : undefined;
    if (tab === undefined) {
      tab = {label: document.uri.path.split('/').pop(), group: tabGroup, input: new TabInputText(document.uri)};
      tabGroup.tabs.push(tab);
    }
    tabGroup.tabs.forEach((t: any) => (t.isActive = t === tab));
    tabGroup.activeTab = tab;
    this.tabsChanged.fire({opened: opened ? [tab] : [], closed: [], changed: opened ? [] : [tab]});
    window.visibleTextEditors = [editor];
    this.visibleEditorsChanged.fire(window.visibleTextEditors);
    window.activeTextEditor = editor;
    this.activeEditorChanged.fire(editor);
    return editor;
  },
  /** Edits an open document as the user would: the change event follows. */
  edit(document: TextDocument, edits: TextEdit[]): void {
    const contentChanges = document.applyEdits(edits);
    this.changed.fire({document, contentChanges, reason: undefined});
  },
  reset(): void {
    recorded.messages.length = 0;
    recorded.outputs.clear();
    recorded.statusItems.length = 0;
    recorded.diagnostics.clear();
    recorded.providers.clear();
    recorded.shownDocuments.length = 0;
    settings.user.clear();
    settings.workspace.clear();
    workspace.textDocuments.length = 0;
    workspace.isTrusted = false;
    workspace.workspaceFolders = undefined;
    window.activeTextEditor = undefined;
    window.visibleTextEditors = [];
    tabGroup.tabs.length = 0;
    tabGroup.activeTab = undefined;
    this.contentProviders.clear();
    this.commands.clear();
    this.extensions.clear();
  },
};

// ---- window ----------------------------------------------------------------------------------

function outputChannel(name: string): any {
  const lines: string[] = [];
  recorded.outputs.set(name, lines);
  const log = (level: string) => (message: any, ...args: any[]) =>
    lines.push(`[${level}] ${message instanceof Error ? message.message : String(message)}${args.length ? ' ' + args.join(' ') : ''}`);
  return {
    name,
    logLevel: LogLevel.Trace,
    onDidChangeLogLevel: new EventEmitter<LogLevel>().event,
    append: (value: string) => lines.push(value),
    appendLine: (value: string) => lines.push(value),
    replace: (value: string) => lines.splice(0, lines.length, value),
    clear: () => lines.splice(0),
    trace: log('trace'),
    debug: log('debug'),
    info: log('info'),
    warn: log('warning'),
    error: log('error'),
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  };
}

function message(kind: 'error' | 'warning' | 'information') {
  return (text: string) => {
    recorded.messages.push({kind, text});
    return Promise.resolve(undefined);
  };
}

export const window: any = {
  activeTextEditor: undefined,
  visibleTextEditors: [],
  onDidChangeActiveTextEditor: shim.activeEditorChanged.event,
  onDidChangeVisibleTextEditors: shim.visibleEditorsChanged.event,
  tabGroups: {
    all: [tabGroup],
    activeTabGroup: tabGroup,
    onDidChangeTabs: shim.tabsChanged.event,
    onDidChangeTabGroups: new EventEmitter<any>().event,
  },
  createOutputChannel: (name: string) => outputChannel(name),
  createStatusBarItem(alignment?: StatusBarAlignment, priority?: number): any {
    const item = {alignment, priority, text: '', tooltip: '', visible: false, show() {
      this.visible = true;
    }, hide() {
      this.visible = false;
    }, dispose() {
      this.visible = false;
    }};
    recorded.statusItems.push(item);
    return item;
  },
  showErrorMessage: message('error'),
  showWarningMessage: message('warning'),
  showInformationMessage: message('information'),
  async showTextDocument(document: TextDocument, options: any): Promise<any> {
    recorded.shownDocuments.push({document, options});
    return {document, selection: new Selection(new Position(0, 0), new Position(0, 0))};
  },
  withProgress: (_options: any, task: any) => task({report: () => undefined}, new CancellationTokenSource().token),
};

// ---- workspace -------------------------------------------------------------------------------

function lookup(map: Map<string, any>, key: string): any {
  return map.has(key) ? map.get(key) : undefined;
}

function configuration(section?: string): any {
  const full = (key: string) => (section ? `${section}.${key}` : key);
  const sectionObject = () => {
    const prefix = section ? `${section}.` : '';
    const result: any = {};
    for (const map of [settings.user, settings.workspace]) {
      for (const [key, value] of map) {
        if (key.startsWith(prefix)) {
          let target = result;
          const parts = key.slice(prefix.length).split('.');
          parts.slice(0, -1).forEach((p) => (target = target[p] ??= {}));
          target[parts[parts.length - 1]] = value;
        }
      }
    }
    return result;
  };
  return {
    get(key: string, fallback?: any): any {
      if (key === undefined) return sectionObject();
      const name = full(key);
      const value = workspace.isTrusted && settings.workspace.has(name) ? lookup(settings.workspace, name) : lookup(settings.user, name);
      if (value !== undefined) return value;
      const nested = sectionObject();
      let target = nested;
      for (const part of key.split('.')) target = target?.[part];
      return target ?? fallback;
    },
    has: (key: string) => settings.user.has(full(key)) || settings.workspace.has(full(key)),
    inspect: (key: string) => ({
      key: full(key),
      globalValue: lookup(settings.user, full(key)),
      workspaceValue: lookup(settings.workspace, full(key)),
      workspaceFolderValue: undefined,
    }),
    update: async (key: string, value: any) => {
      settings.user.set(full(key), value);
    },
    ...sectionObject(),
  };
}

export const workspace: any = {
  isTrusted: false,
  workspaceFolders: undefined as any[] | undefined,
  textDocuments: [] as TextDocument[],
  notebookDocuments: [],
  onDidGrantWorkspaceTrust: shim.trustGranted.event,
  onDidChangeConfiguration: shim.configurationChanged.event,
  onDidOpenTextDocument: shim.opened.event,
  onDidCloseTextDocument: shim.closed.event,
  onDidChangeTextDocument: shim.changed.event,
  onDidSaveTextDocument: shim.saved.event,
  onWillSaveTextDocument: new EventEmitter<any>().event,
  onDidChangeWorkspaceFolders: new EventEmitter<any>().event,
  onDidOpenNotebookDocument: new EventEmitter<any>().event,
  onDidCloseNotebookDocument: new EventEmitter<any>().event,
  onDidChangeNotebookDocument: new EventEmitter<any>().event,
  onDidSaveNotebookDocument: new EventEmitter<any>().event,
  getConfiguration: configuration,
  getWorkspaceFolder: (uri: any) => workspace.workspaceFolders?.find((f: any) => uri.fsPath.startsWith(f.uri.fsPath)),
  createFileSystemWatcher: () => ({
    onDidCreate: new EventEmitter<any>().event,
    onDidChange: new EventEmitter<any>().event,
    onDidDelete: new EventEmitter<any>().event,
    dispose: () => undefined,
  }),
  registerTextDocumentContentProvider(scheme: string, provider: any): Disposable {
    shim.contentProviders.set(scheme, provider);
    return new Disposable(() => shim.contentProviders.delete(scheme));
  },
  async openTextDocument(target: any): Promise<TextDocument> {
    const uri = typeof target === 'string' ? Uri.file(target) : target;
    const existing = workspace.textDocuments.find((d: TextDocument) => d.uri.toString() === uri.toString());
    if (existing) return existing;
    let text: string;
    if (uri.scheme === 'file') {
      text = fs.readFileSync(uri.fsPath, 'utf8');
    } else {
      const provider = shim.contentProviders.get(uri.scheme);
      if (!provider) throw new Error(`shim: no content provider for ${uri.scheme}`);
      text = await provider.provideTextDocumentContent(uri, new CancellationTokenSource().token);
    }
    const languageId = /\.pyi?$/.test(uri.path) ? 'python' : 'plaintext';
    const document = new TextDocument(uri, languageId, 1, text);
    workspace.textDocuments.push(document);
    shim.opened.fire(document);
    return document;
  },
  async applyEdit(edit: WorkspaceEdit): Promise<boolean> {
    for (const [uri, edits] of edit.entries()) {
      const document = workspace.textDocuments.find((d: TextDocument) => d.uri.toString() === uri.toString());
      if (!document) return false;
      shim.edit(document, edits);
    }
    return true;
  },
};

// ---- languages, commands, extensions, env ----------------------------------------------------

function diagnosticCollection(name: string): any {
  const entries = new Map<string, Diagnostic[]>();
  recorded.diagnostics.set(name, entries);
  return {
    name,
    set(uri: any, diagnostics: Diagnostic[] | undefined): void {
      if (Array.isArray(uri)) {
        uri.forEach(([u, d]: [any, Diagnostic[]]) => this.set(u, d));
        return;
      }
      if (diagnostics === undefined) entries.delete(uri.toString());
      else entries.set(uri.toString(), [...diagnostics]);
      recorded.diagnosticsChanged.fire(uri.toString());
    },
    get: (uri: any) => entries.get(uri.toString()),
    has: (uri: any) => entries.has(uri.toString()),
    delete(uri: any): void {
      entries.delete(uri.toString());
      recorded.diagnosticsChanged.fire(uri.toString());
    },
    clear: () => entries.clear(),
    forEach: (callback: any) => entries.forEach((d, u) => callback(Uri.parse(u), d)),
    dispose: () => entries.clear(),
  };
}

function matchFilter(filter: any, document: TextDocument): boolean {
  if (typeof filter === 'string') return filter === document.languageId;
  if (filter.language && filter.language !== document.languageId) return false;
  if (filter.scheme && filter.scheme !== document.uri.scheme) return false;
  return true;
}

function register(kind: string) {
  return (selector: any, provider: any): Disposable => {
    const list = recorded.providers.get(kind) ?? [];
    const entry = {selector, provider};
    list.push(entry);
    recorded.providers.set(kind, list);
    return new Disposable(() => list.splice(list.indexOf(entry), 1));
  };
}

const providerKinds = [
  'CallHierarchy', 'CodeActions', 'CodeLens', 'Color', 'CompletionItem', 'Declaration', 'Definition',
  'DocumentFormattingEdit', 'DocumentHighlight', 'DocumentLink', 'DocumentRangeFormattingEdit',
  'DocumentRangeSemanticTokens', 'DocumentSemanticTokens', 'DocumentSymbol', 'FoldingRange',
  'Hover', 'Implementation', 'InlayHints', 'InlineCompletionItem', 'InlineValues',
  'LinkedEditingRange', 'OnTypeFormattingEdit', 'Reference', 'Rename', 'SelectionRange',
  'SignatureHelp', 'TypeDefinition', 'TypeHierarchy', 'WorkspaceSymbol',
];

export const languages: any = {
  createDiagnosticCollection: diagnosticCollection,
  match(selector: any, document: TextDocument): number {
    const filters = Array.isArray(selector) ? selector : [selector];
    return filters.some((f) => matchFilter(f, document)) ? 10 : 0;
  },
  getLanguages: async () => ['python', 'plaintext'],
};
for (const kind of providerKinds) languages[`register${kind}Provider`] = register(kind);

export const commands: any = {
  registerCommand(id: string, callback: (...args: any[]) => any): Disposable {
    if (shim.commands.has(id)) throw new Error(`command '${id}' already exists`);
    shim.commands.set(id, callback);
    return new Disposable(() => shim.commands.delete(id));
  },
  async executeCommand(id: string, ...args: any[]): Promise<any> {
    const command = shim.commands.get(id);
    if (!command) throw new Error(`command '${id}' not found`);
    return command(...args);
  },
  getCommands: async () => [...shim.commands.keys()],
};

export const extensions: any = {
  getExtension: (id: string) => shim.extensions.get(id),
  all: [],
  onDidChange: new EventEmitter<void>().event,
};

export const env: any = {
  language: 'en',
  appName: 'vscode shim',
  appRoot: '/nonexistent',
  machineId: 'shim',
  sessionId: 'shim',
  uriScheme: 'vscode',
  openExternal: async () => true,
};

// ---- Classes the client extends when its modules load ------------------------------------

export class CompletionItem {
  constructor(
    public label: any,
    public kind?: number,
  ) {}
}
export class CodeLens {
  constructor(
    public range: Range,
    public command?: any,
  ) {}
}
export class DocumentLink {
  constructor(
    public range: Range,
    public target?: any,
  ) {}
}
export class InlayHint {
  constructor(
    public position: Position,
    public label: any,
    public kind?: number,
  ) {}
}
export class CallHierarchyItem {
  constructor(
    public kind: SymbolKind,
    public name: string,
    public detail: string,
    public uri: any,
    public range: Range,
    public selectionRange: Range,
  ) {}
}
export class TypeHierarchyItem extends CallHierarchyItem {}
