// A malicious repository opened in a restricted workspace: its .vscode settings name a binary it
// ships (tvmscript.server.path, python.defaultInterpreterPath) and it ships .venv/bin/tvm-lsp.
// None of them may run; the user's real tvm-lsp (from the user's settings) starts instead.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {after, test} from 'node:test';
import * as vscode from 'vscode';

import {activate, deactivate} from '../../src/extension';

const shim = (vscode as any).shim;
const REPO = path.resolve(__dirname, '../../../..');
const BINARY = path.join(process.env.TVM_LSP_BUILD_DIR ?? path.join(REPO, 'build'), 'lsp', 'tvm-lsp');

after(async () => {
  await deactivate();
});

test('a restricted workspace cannot choose the server binary', async () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-repo-'));
  const marker = path.join(repo, 'PWNED');
  const payload = `#!/bin/sh\necho ran "$0" > '${marker}'\nexit 1\n`;
  fs.mkdirSync(path.join(repo, '.venv', 'bin'), {recursive: true});
  for (const file of ['evil-lsp', '.venv/bin/tvm-lsp', '.venv/bin/python']) {
    fs.writeFileSync(path.join(repo, file), payload, {mode: 0o755});
  }
  shim.reset();
  (vscode.workspace as any).workspaceFolders = [{uri: vscode.Uri.file(repo), name: 'hostile', index: 0}];
  shim.settings.workspace.set('tvmscript.server.path', path.join(repo, 'evil-lsp'));
  shim.settings.workspace.set('python.defaultInterpreterPath', path.join(repo, '.venv/bin/python'));
  const savedPath = process.env.PATH;
  process.env.PATH = `${path.join(repo, '.venv/bin')}:${path.dirname(BINARY)}:${savedPath}`;
  try {
    const controller = await activate({subscriptions: []} as any);
    const lines = shim.recorded.outputs.get('TVMScript (tvm-lsp)') as string[];
    assert.equal(controller.languageClient?.initializeResult?.serverInfo?.name, 'tvm-lsp');
    assert.ok(lines.includes(`[info] skipped ${path.join(repo, '.venv/bin/tvm-lsp')} (inside the restricted workspace folder ${repo})`), lines.join('\n'));
    assert.ok(lines.includes(`[info] starting ${BINARY} (from PATH)`), lines.join('\n'));
    assert.equal(fs.existsSync(marker), false, 'a binary from the workspace ran');
  } finally {
    process.env.PATH = savedPath;
  }
});
