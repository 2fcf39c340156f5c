// End to end: vscode-languageclient's real LanguageClient, over the vscode shim, starts the real
// tvm-lsp through the extension's own activate() and server options, and the test reads what
// the editor would show: diagnostics, hover, the status bar, messages, the trace of what was
// sent. Needs the build's binary ($TVM_LSP_BUILD_DIR/lsp/tvm-lsp, else <repo>/build/lsp/tvm-lsp).
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {after, before, test} from 'node:test';
import * as vscode from 'vscode';

import {COMMANDS, Controller, activate, deactivate} from '../../src/extension';

const shim = (vscode as any).shim;
const REPO = path.resolve(__dirname, '../../../..');
const BUILD = process.env.TVM_LSP_BUILD_DIR ?? path.join(REPO, 'build');
const BINARY = path.join(BUILD, 'lsp', 'tvm-lsp');
const EXAMPLES = path.join(REPO, 'examples', 'tvmscript');
const TIMEOUT_MS = 60000;

let controller: Controller;

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The pulled diagnostics: the collection is named by the server's diagnosticProvider.identifier. */
function diagnosticsOf(uri: vscode.Uri): vscode.Diagnostic[] | undefined {
  return shim.recorded.diagnostics.get('tvm-lsp')?.get(uri.toString());
}

/** Opens a file in an editor as the user would: the document, then its tab and editor. */
async function openInEditor(file: string, position = new vscode.Position(0, 0)): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(file);
  shim.showEditor(document, position);
  return document;
}

function documentOf(name: string): vscode.TextDocument {
  return vscode.workspace.textDocuments.find((d: vscode.TextDocument) => d.uri.path.endsWith(`/${name}`))!;
}

function output(): string[] {
  return shim.recorded.outputs.get('TVMScript (tvm-lsp)') ?? [];
}

function statusText(): string {
  return shim.recorded.statusItems[0].text;
}

function plain(d: vscode.Diagnostic) {
  const r = d.range;
  return {
    code: d.code,
    severity: d.severity,
    source: d.source,
    range: [r.start.line, r.start.character, r.end.line, r.end.character],
    message: d.message,
  };
}

/** Child processes of this one whose command is the tvm-lsp binary (Linux /proc). */
function serverPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
        return ppid === process.pid && argv0 === BINARY;
      } catch {
        return false;
      }
    })
    .map(Number);
}

before(async () => {
  assert.ok(fs.existsSync(BINARY), `the e2e test needs the built server at ${BINARY} (run scripts/setup.sh)`);
  shim.reset();
  shim.settings.user.set('tvmscript.server.path', BINARY);
  shim.settings.user.set('tvmscript.trace.server', 'verbose');
  (vscode.workspace as any).workspaceFolders = [{uri: vscode.Uri.file(REPO), name: 'repo', index: 0}] as any;
  controller = await activate({subscriptions: []} as any);
});

after(async () => {
  await deactivate();
});

test('the server is started from tvmscript.server.path with --stdio and restricted trust', async () => {
  assert.equal(controller.languageClient?.initializeResult?.serverInfo?.name, 'tvm-lsp');
  assert.ok(output().includes(`[info] starting ${BINARY} (from the tvmscript.server.path setting)`), output().join('\n'));
  const pid = serverPids();
  assert.equal(pid.length, 1);
  assert.deepEqual(fs.readFileSync(`/proc/${pid[0]}/cmdline`, 'utf8').split('\0').slice(1, -1), ['--stdio']);
  // initialize carried the trust, and tvmscript/setTrust followed once the client ran.
  const trace = output().join('\n');
  assert.match(trace, /"initializationOptions": \{\s*"trusted": false\s*\}/);
  await waitFor('setTrust in the trace', () => /Sending notification 'tvmscript\/setTrust'[^]*?"trusted": false/.test(output().join('\n')));
  // No document is open yet: the server says it is ready, untrusted.
  await waitFor('the server\'s ready status', () => {
    const m = controller.statusModel;
    return m.state === 'ready' && m.message === 'untrusted: files are analysed without running their code';
  });
  assert.equal(statusText(), '$(check) TVMScript (restricted)');
  assert.equal(
    shim.recorded.statusItems[0].tooltip,
    'tvm-lsp: ready (restricted)\nRestricted workspace: files are analysed without running their module code.\n' +
      'untrusted: files are analysed without running their code',
  );
  // The server asked for the tvmscript section and took it without a warning (the extension's
  // own server.path and trace.server are in it too).
  await waitFor('workspace/configuration answered', () =>
    /Sending response 'workspace\/configuration - \(tvm-lsp-\d+\)'/.test(output().join('\n')),
  );
  assert.doesNotMatch(output().join('\n'), /is not a setting of tvm-lsp|the setting tvmscript\./);
  // The client declares textDocument.diagnostic, so the server offers pull diagnostics.
  assert.deepEqual(controller.languageClient!.initializeResult!.capabilities.diagnosticProvider, {
    identifier: 'tvm-lsp',
    interFileDependencies: false,
    workspaceDiagnostics: false,
  });
});

test('diagnostics of a file mid-edit: exact codes, ranges and messages', async () => {
  const document = await openInEditor(path.join(EXAMPLES, 'work_in_progress.py'));
  const diagnostics = await waitFor('diagnostics', () => diagnosticsOf(document.uri));
  // They were pulled (textDocument/diagnostic), never pushed.
  const trace = output().join('\n');
  assert.match(trace, /Sending request 'textDocument\/diagnostic - \(\d+\)'/);
  assert.doesNotMatch(trace, /Received notification 'textDocument\/publishDiagnostics'/);
  assert.deepEqual(diagnostics.map(plain), [
    {
      code: 'syntax-error',
      severity: vscode.DiagnosticSeverity.Error,
      source: 'tvm-lsp',
      range: [6, 14, 6, 14],
      message: "'(' was never closed",
    },
    {
      code: 'type-error',
      severity: vscode.DiagnosticSeverity.Error,
      source: 'tvm-lsp',
      range: [13, 15, 13, 26],
      message: 'Operator `//` needs integer operands, got `float32`',
    },
  ]);
});

test('an edit is sent and its diagnostics follow', async () => {
  const document = documentOf('work_in_progress.py');
  // Fix the type error: `// 0.5` becomes `// 2`.
  shim.edit(document, [new vscode.TextEdit(new vscode.Range(13, 23, 13, 26), '2')]);
  const diagnostics = await waitFor('one diagnostic left', () => {
    const d = diagnosticsOf(document.uri);
    return d && d.length === 1 ? d : undefined;
  });
  assert.deepEqual(diagnostics.map(plain).map((d) => d.code), ['syntax-error']);
  assert.equal(document.lineAt(13).text, '        A[i] = A[i] // 2');
});

test('hover over an expression: the exact Markdown and range', async () => {
  const document = await openInEditor(path.join(EXAMPLES, 'vector_add.py'));
  assert.deepEqual(await waitFor('vector_add analysed', () => diagnosticsOf(document.uri)), []);
  const [{provider}] = shim.recorded.providers.get('Hover');
  const token = new vscode.CancellationTokenSource().token;
  const hover: vscode.Hover = await provider.provideHover(document, new vscode.Position(9, 20), token);
  assert.equal(hover.contents.length, 1);
  assert.equal((hover.contents[0] as vscode.MarkdownString).value, '```python\nA[i] + B[i]\n```\n\n`prim.Add`: `T.float32`');
  const r = hover.range!;
  assert.deepEqual([r.start.line, r.start.character, r.end.line, r.end.character], [9, 15, 9, 26]);
});

/** `tvm-lsp print --def NAME FILE`: the canonical text the command line prints. */
function printDefinition(name: string, file: string): string {
  return execFileSync(BINARY, ['print', '--def', name, file], {encoding: 'utf8'});
}

test('Show Canonical IR opens the exact canonical text of the definition at the cursor', async () => {
  const document = documentOf('vector_add.py');
  for (const [position, name, line] of [
    [new vscode.Position(9, 20), 'vector_add', 10],
    [new vscode.Position(15, 8), 'relu', 16],
  ] as const) {
    shim.showEditor(document, position);
    shim.recorded.messages.length = 0;
    shim.recorded.shownDocuments.length = 0;
    await vscode.commands.executeCommand(COMMANDS.showCanonicalIR);
    assert.deepEqual(shim.recorded.messages, []);
    assert.equal(shim.recorded.shownDocuments.length, 1);
    const [{document: ir, options}] = shim.recorded.shownDocuments;
    assert.equal(ir.uri.scheme, 'tvmscript-ir');
    assert.equal(ir.uri.path, `/vector_add-line${line}.canonical.py`);
    assert.deepEqual(options, {viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false});
    const expected = printDefinition(name, document.uri.fsPath);
    assert.match(expected, new RegExp(`^@T\\.function\\ndef ${name}\\[n\\]`));
    assert.equal(ir.getText(), expected);
  }
  assert.equal(controller.languageClient!.state, 2 /* Running */);
});

test('Check Round Trip reports the exact answer for the definition at the cursor', async () => {
  const document = documentOf('vector_add.py');
  shim.showEditor(document, new vscode.Position(15, 8));
  shim.recorded.messages.length = 0;
  await vscode.commands.executeCommand(COMMANDS.checkRoundTrip);
  assert.deepEqual(shim.recorded.messages, [
    {kind: 'information', text: "Round trip ok: relu's canonical print reads back as the same program"},
  ]);
  // vector_add's comment sits between its two-line header and its body: not checked, and the
  // editor selects the definition the answer names.
  const editor = shim.showEditor(document, new vscode.Position(9, 20));
  shim.recorded.messages.length = 0;
  await vscode.commands.executeCommand(COMMANDS.checkRoundTrip);
  assert.deepEqual(shim.recorded.messages, [
    {
      kind: 'warning',
      text:
        'Round trip of vector_add not checked: comments: line 8: it is between the ' +
        'multi-line header of `vector_add` and its body, where it may be inside the header',
    },
  ]);
  const r = editor.selection;
  assert.deepEqual([r.start.line, r.start.character, r.end.line, r.end.character], [4, 0, 9, 26]);
});

test('granting workspace trust sends tvmscript/setTrust {trusted: true}', async () => {
  shim.setTrusted(true);
  await waitFor('setTrust true in the trace', () => /Sending notification 'tvmscript\/setTrust'[^]*?"trusted": true/.test(output().join('\n')));
  // The open documents are analysed again, trusted; the status follows the server's
  // tvmscript/status to ready, trusted by the client.
  await waitFor('the trusted ready status', () => {
    const m = controller.statusModel;
    return m.state === 'ready' && m.trusted && m.message === 'trusted by the client (tvmscript/setTrust)';
  });
  assert.equal(statusText(), '$(check) TVMScript');
  assert.equal(
    shim.recorded.statusItems[0].tooltip,
    'tvm-lsp: ready (trusted)\nTrusted workspace: analyses may run the module code of the files.\n' +
      'trusted by the client (tvmscript/setTrust)',
  );
});

test('a crashed server is restarted after the backoff delay, and documents are re-sent', async () => {
  const [pid] = serverPids();
  const document = documentOf('vector_add.py');
  process.kill(pid, 'SIGKILL');
  await waitFor('the restart line', () =>
    output().includes('[info] tvm-lsp stopped unexpectedly (1 in a row); restarting in 1000 ms'),
  );
  const [newPid] = await waitFor('a new server process', () => {
    const pids = serverPids().filter((p) => p !== pid);
    return pids.length === 1 ? pids : undefined;
  });
  assert.notEqual(newPid, pid);
  await waitFor('the client running again', () => controller.languageClient!.state === 2);
  // The restarted server was initialized with the trust in force now.
  await waitFor('the new initialize with trusted true', () =>
    /"initializationOptions": \{\s*"trusted": true\s*\}/.test(output().join('\n')),
  );
  const token = new vscode.CancellationTokenSource().token;
  const [{provider}] = shim.recorded.providers.get('Hover');
  const hover: vscode.Hover = await provider.provideHover(document, new vscode.Position(9, 20), token);
  assert.equal((hover.contents[0] as vscode.MarkdownString).value, '```python\nA[i] + B[i]\n```\n\n`prim.Add`: `T.float32`');
  // initialize carried the trust and the extension's setTrust followed: the server names it.
  await waitFor('the trusted ready status', () => {
    const m = controller.statusModel;
    return m.state === 'ready' && m.message === 'trusted by the client (tvmscript/setTrust)';
  });
  assert.equal(statusText(), '$(check) TVMScript');
});

test('Restart Server stops the server and starts a new one', async () => {
  const [before] = serverPids();
  await vscode.commands.executeCommand(COMMANDS.restartServer);
  // The client sends `exit` and returns; the old process ends a moment later (under load, after
  // the command resolved): wait for it, bounded, rather than race it.
  const deadline = Date.now() + 5000;
  while (serverPids().includes(before) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const pids = serverPids();
  assert.equal(pids.length, 1);
  assert.notEqual(pids[0], before);
  assert.equal(controller.languageClient!.state, 2);
});
