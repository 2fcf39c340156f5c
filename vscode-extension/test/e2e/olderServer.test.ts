// An older tvm-lsp, without the commands and code actions: the extension's commands say so
// clearly and the client keeps running. The "server" is a small Node script speaking LSP over
// stdio that offers hover only, started by the extension's own discovery from
// tvmscript.server.path (the real server offers everything now, so it cannot stand in).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {after, before, test} from 'node:test';
import * as vscode from 'vscode';

import {COMMANDS, Controller, activate, deactivate} from '../../src/extension';

const shim = (vscode as any).shim;
const REPO = path.resolve(__dirname, '../../../..');

const OLD_SERVER = `#!${process.execPath}
let buffer = Buffer.alloc(0);
function send(message) {
  const body = Buffer.from(JSON.stringify({jsonrpc: '2.0', ...message}), 'utf8');
  process.stdout.write('Content-Length: ' + body.length + '\\r\\n\\r\\n');
  process.stdout.write(body);
}
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const length = Number(/Content-Length: (\\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
    buffer = buffer.subarray(end + 4 + length);
    if (message.method === 'initialize') {
      send({id: message.id, result: {capabilities: {textDocumentSync: 1, hoverProvider: true},
        serverInfo: {name: 'tvm-lsp', version: '0.0.1'}}});
    } else if (message.method === 'shutdown') {
      send({id: message.id, result: null});
    } else if (message.method === 'exit') {
      process.exit(0);
    } else if (message.id !== undefined && message.method !== undefined) {
      send({id: message.id, error: {code: -32601, message: 'unknown method ' + message.method}});
    }
  }
});
`;

let controller: Controller;

before(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-tvm-lsp-'));
  const server = path.join(dir, 'tvm-lsp');
  fs.writeFileSync(server, OLD_SERVER, {mode: 0o755});
  shim.reset();
  shim.settings.user.set('tvmscript.server.path', server);
  (vscode.workspace as any).workspaceFolders = [{uri: vscode.Uri.file(REPO), name: 'repo', index: 0}];
  controller = await activate({subscriptions: []} as any);
});

after(async () => {
  await deactivate();
});

test('commands an older server does not offer give a clear message, not a crash', async () => {
  assert.equal(controller.languageClient!.state, 2 /* Running */);
  const document = await vscode.workspace.openTextDocument(path.join(REPO, 'examples', 'tvmscript', 'vector_add.py'));
  shim.showEditor(document, new vscode.Position(9, 20));
  shim.recorded.messages.length = 0;
  await vscode.commands.executeCommand(COMMANDS.showCanonicalIR);
  await vscode.commands.executeCommand(COMMANDS.checkRoundTrip);
  await vscode.commands.executeCommand(COMMANDS.migrateDefinition);
  const update = 'update tvm-lsp (pip install -U tvmscript-lsp).';
  assert.deepEqual(shim.recorded.messages, [
    {kind: 'error', text: `The running tvm-lsp 0.0.1 does not offer the command tvmscript.showCanonicalIR yet: ${update}`},
    {kind: 'error', text: `The running tvm-lsp 0.0.1 does not offer the command tvmscript.checkRoundTrip yet: ${update}`},
    {kind: 'error', text: `The running tvm-lsp 0.0.1 does not offer code actions yet: ${update}`},
  ]);
  assert.equal(shim.recorded.shownDocuments.length, 0);
  // Without tvmscript/status the status bar follows the client: running means ready.
  assert.equal(shim.recorded.statusItems[0].text, '$(check) TVMScript (restricted)');
  assert.equal(controller.languageClient!.state, 2 /* Running */);
});
