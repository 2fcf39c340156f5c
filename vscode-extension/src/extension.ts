// The extension's entry point: starts tvm-lsp, follows workspace trust, shows the status, and
// registers the commands. Everything the user sees about TVMScript comes from the server.
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import {
  CodeAction,
  CodeActionRequest,
  CodeActionResolveRequest,
  Command,
  ExecuteCommandRequest,
  LanguageClient,
  State,
} from 'vscode-languageclient/node';

import {RestartBackoff} from './backoff';
import {CanonicalIRProvider, IR_SCHEME, irUri} from './canonicalIr';
import {BackoffErrorHandler, CLIENT_ID, CLIENT_NAME, makeClientOptions, makeServerOptions} from './client';
import {pythonInterpreters} from './python';
import {
  CHECK_ROUND_TRIP,
  CommandArgument,
  MIGRATE_KIND,
  SHOW_CANONICAL_IR,
  UserFacingError,
  checkCanonicalIR,
  checkRoundTrip,
  describeError,
  requireCodeActions,
  requireCommand,
  roundTripMessage,
} from './serverCommands';
import {Discovery, discoverServer} from './serverPath';
import {StatusModel, parseStatus, statusView} from './status';

/** The extension's own command ids (the server's are tvmscript.*: the client registers those). */
export const COMMANDS = {
  showCanonicalIR: 'tvm-lsp.showCanonicalIR',
  checkRoundTrip: 'tvm-lsp.checkRoundTrip',
  migrateDefinition: 'tvm-lsp.migrateDefinition',
  restartServer: 'tvm-lsp.restartServer',
  showOutput: 'tvm-lsp.showOutput',
} as const;

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** tvmscript.server.path as VS Code has it; only the user's value in a restricted workspace. */
function serverPathSetting(): string | undefined {
  const inspected = vscode.workspace.getConfiguration('tvmscript').inspect<string>('server.path');
  if (!vscode.workspace.isTrusted) return inspected?.globalValue;
  return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
}

export class Controller implements vscode.Disposable {
  readonly output = vscode.window.createOutputChannel(CLIENT_NAME, {log: true});
  private readonly statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  private readonly backoff = new RestartBackoff();
  private status: StatusModel = {state: 'stopped', trusted: vscode.workspace.isTrusted};
  private serverStatusSeen = false;
  private client: LanguageClient | undefined;
  private command: string | undefined;
  private readonly clientSubscriptions: vscode.Disposable[] = [];

  constructor() {
    this.statusItem.command = COMMANDS.showOutput;
    this.statusItem.name = 'TVMScript';
    this.render();
    this.statusItem.show();
  }

  get languageClient(): LanguageClient | undefined {
    return this.client;
  }

  get statusModel(): StatusModel {
    return {...this.status};
  }

  log(line: string): void {
    this.output.info(line);
  }

  async discover(): Promise<Discovery> {
    return discoverServer({
      settingPath: serverPathSetting(),
      pythonInterpreters: await pythonInterpreters(this.log.bind(this)),
      pathEnv: process.env.PATH,
      trusted: vscode.workspace.isTrusted,
      workspaceFolders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
      homeDir: os.homedir(),
      platform: process.platform,
      isExecutableFile,
    });
  }

  /** Finds the server and starts a client for it; a failure is shown, never thrown. */
  async start(): Promise<void> {
    const discovery = await this.discover();
    discovery.skipped.forEach((s) => this.log(`skipped ${s}`));
    if (!discovery.found) {
      this.setStatus({state: 'error', message: discovery.message});
      this.log(discovery.message);
      void vscode.window.showErrorMessage(discovery.message);
      return;
    }
    this.command = discovery.command;
    this.log(`starting ${discovery.command} (from ${discovery.source})`);
    const errorHandler = new BackoffErrorHandler(this.backoff, this.log.bind(this));
    const client = new LanguageClient(
      CLIENT_ID,
      CLIENT_NAME,
      makeServerOptions(discovery.command),
      makeClientOptions({trusted: () => vscode.workspace.isTrusted, outputChannel: this.output, errorHandler}),
    );
    this.client = client;
    this.serverStatusSeen = false;
    this.clientSubscriptions.push(
      client.onDidChangeState((event) => this.clientStateChanged(event.newState)),
      client.onNotification('tvmscript/status', (params: unknown) => this.serverStatus(params)),
    );
    try {
      await client.start();
    } catch (error) {
      const message = `tvm-lsp (${discovery.command}) did not start: ${describeError(error)}`;
      this.setStatus({state: 'error', message});
      void vscode.window.showErrorMessage(message);
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.clientSubscriptions.splice(0).forEach((s) => s.dispose());
    if (client) {
      try {
        if (client.state !== State.Stopped) await client.stop(2000);
      } catch (error) {
        this.log(`stopping tvm-lsp: ${describeError(error)}`);
      }
      await client.dispose().catch(() => undefined);
    }
    this.setStatus({state: 'stopped', message: undefined});
  }

  async restart(): Promise<void> {
    this.backoff.reset();
    await this.stop();
    await this.start();
  }

  /** The workspace became trusted: a binary from the workspace may now be chosen. */
  async trustGranted(): Promise<void> {
    // A server that sends tvmscript/status says itself when (and by what) it is trusted; the
    // status shows the server's trust, never one it has not taken yet.
    if (!this.serverStatusSeen) this.setStatus({trusted: true});
    const discovery = await this.discover();
    if (discovery.found && discovery.command !== this.command) {
      this.log(`the trusted workspace chooses ${discovery.command}: restarting`);
      await this.restart();
      return;
    }
    await this.sendTrust();
  }

  private async sendTrust(): Promise<void> {
    const client = this.client;
    if (!client || client.state !== State.Running) return;
    await client.sendNotification('tvmscript/setTrust', {trusted: vscode.workspace.isTrusted});
  }

  private clientStateChanged(state: State): void {
    if (state === State.Starting) {
      this.serverStatusSeen = false;
      this.setStatus({state: 'starting', message: undefined});
    } else if (state === State.Running) {
      if (!this.serverStatusSeen) this.setStatus({state: 'ready', message: undefined});
      void this.sendTrust().catch((error) => this.log(`tvmscript/setTrust: ${describeError(error)}`));
    } else {
      this.setStatus({state: 'stopped', message: undefined});
    }
  }

  private serverStatus(params: unknown): void {
    const parsed = parseStatus(params);
    if (typeof parsed === 'string') {
      this.log(`ignored a malformed notification: ${parsed}`);
      return;
    }
    this.serverStatusSeen = true;
    this.setStatus({state: parsed.state, message: parsed.message, trusted: parsed.trusted});
  }

  private setStatus(change: Partial<StatusModel>): void {
    this.status = {...this.status, ...change};
    this.render();
  }

  private render(): void {
    const view = statusView(this.status);
    this.statusItem.text = view.text;
    this.statusItem.tooltip = view.tooltip;
    this.statusItem.backgroundColor = view.isError
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : undefined;
  }

  /** Runs one of the server's commands; a server without it gets a clear UserFacingError. */
  async serverCommand(command: string, argument: CommandArgument): Promise<unknown> {
    requireCommand(this.client?.initializeResult, command);
    return this.client!.sendRequest(ExecuteCommandRequest.type, {command, arguments: [argument]});
  }

  dispose(): void {
    void this.stop();
    this.statusItem.dispose();
    this.output.dispose();
  }
}

function activeTvmScriptEditor(): vscode.TextEditor {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'python' || editor.document.uri.scheme === IR_SCHEME) {
    throw new UserFacingError('Open a Python file with TVMScript definitions first.');
  }
  return editor;
}

function argumentAt(editor: vscode.TextEditor): CommandArgument {
  const p = editor.selection.active;
  return {uri: editor.document.uri.toString(), position: {line: p.line, character: p.character}};
}

/** Wraps a command so that every failure becomes an error message, never an exception. */
function guarded(controller: Controller, body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (error) {
      const message = describeError(error);
      controller.log(message);
      void vscode.window.showErrorMessage(message);
    }
  };
}

async function showCanonicalIR(controller: Controller): Promise<void> {
  const editor = activeTvmScriptEditor();
  requireCommand(controller.languageClient?.initializeResult, SHOW_CANONICAL_IR);
  const document = await vscode.workspace.openTextDocument(irUri(editor.document.uri, editor.selection.active));
  await vscode.window.showTextDocument(document, {
    viewColumn: vscode.ViewColumn.Beside,
    preserveFocus: true,
    preview: false,
  });
}

async function checkRoundTripCommand(controller: Controller): Promise<void> {
  const editor = activeTvmScriptEditor();
  const result = checkRoundTrip(await controller.serverCommand(CHECK_ROUND_TRIP, argumentAt(editor)));
  if (result.ok) {
    void vscode.window.showInformationMessage(roundTripMessage(result));
    return;
  }
  if (result.range) {
    const range = controller.languageClient!.protocol2CodeConverter.asRange(result.range);
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range);
  }
  void vscode.window.showWarningMessage(roundTripMessage(result));
}

async function migrateDefinition(controller: Controller): Promise<void> {
  const editor = activeTvmScriptEditor();
  const client = controller.languageClient;
  requireCodeActions(client?.initializeResult);
  const c2p = client!.code2ProtocolConverter;
  const answer = await client!.sendRequest(CodeActionRequest.type, {
    textDocument: c2p.asTextDocumentIdentifier(editor.document),
    range: c2p.asRange(editor.selection),
    context: {diagnostics: [], only: [MIGRATE_KIND], triggerKind: 1},
  });
  let action = (answer ?? []).find((a): a is CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'));
  const bareCommand = (answer ?? []).find((a): a is Command => typeof (a as Command).command === 'string');
  if (!action && !bareCommand) {
    void vscode.window.showInformationMessage('No migration to canonical spelling here.');
    return;
  }
  if (action && !action.edit && !action.command) {
    action = await client!.sendRequest(CodeActionResolveRequest.type, action);
  }
  if (action?.edit) {
    const edit = await client!.protocol2CodeConverter.asWorkspaceEdit(action.edit);
    if (!(await vscode.workspace.applyEdit(edit))) {
      throw new UserFacingError(`The migration "${action.title}" could not be applied (the file changed?).`);
    }
  }
  const command = action?.command ?? bareCommand;
  if (command) {
    await client!.sendRequest(ExecuteCommandRequest.type, {command: command.command, arguments: command.arguments});
  }
}

let controller: Controller | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<Controller> {
  const c = new Controller();
  controller = c;
  const provider = new CanonicalIRProvider(async (argument) =>
    checkCanonicalIR(await c.serverCommand(SHOW_CANONICAL_IR, argument)),
  );
  context.subscriptions.push(
    c,
    provider,
    vscode.workspace.registerTextDocumentContentProvider(IR_SCHEME, provider),
    vscode.commands.registerCommand(COMMANDS.showCanonicalIR, guarded(c, () => showCanonicalIR(c))),
    vscode.commands.registerCommand(COMMANDS.checkRoundTrip, guarded(c, () => checkRoundTripCommand(c))),
    vscode.commands.registerCommand(COMMANDS.migrateDefinition, guarded(c, () => migrateDefinition(c))),
    vscode.commands.registerCommand(COMMANDS.restartServer, guarded(c, () => c.restart())),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => c.output.show(true)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void c.trustGranted()),
  );
  await c.start();
  return c;
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}
