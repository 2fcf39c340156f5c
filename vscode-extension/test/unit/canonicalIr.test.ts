// The canonical IR document: its text comes from the server's answer, an error becomes a comment,
// and an edit of the source asks again (once, 300 ms after the last change).
import assert from 'node:assert/strict';
import {test} from 'node:test';
import * as vscode from 'vscode';

import {CanonicalIRProvider, irUri} from '../../src/canonicalIr';
import {CommandArgument, UserFacingError} from '../../src/serverCommands';

const shim = (vscode as any).shim;

test('the document shows the answer, follows edits of its source, and shows errors as comments', async () => {
  shim.reset();
  const asked: CommandArgument[] = [];
  let answer: () => {name: string; text: string} = () => ({name: 'f', text: `def f(): # ask ${asked.length}`});
  const provider = new CanonicalIRProvider(async (argument) => {
    asked.push(argument);
    return answer();
  });
  const registration = vscode.workspace.registerTextDocumentContentProvider('tvmscript-ir', provider);
  const source = vscode.Uri.parse('untitled:kernel.py');
  const sourceDocument = new shim.TextDocumentClass(source, 'python', 1, 'x = 1\n');
  (vscode.workspace.textDocuments as vscode.TextDocument[]).push(sourceDocument);
  const uri = irUri(source, new vscode.Position(2, 4));
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.getText(), 'def f(): # ask 1\n');
  assert.deepEqual(asked, [{uri: 'untitled:kernel.py', position: {line: 2, character: 4}}]);

  const fired: string[] = [];
  provider.onDidChange((changed) => fired.push(changed.toString()));
  for (let i = 0; i < 3; i++) shim.edit(sourceDocument, [new vscode.TextEdit(new vscode.Range(0, 4, 0, 5), String(i))]);
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.deepEqual(fired, []);
  await new Promise((resolve) => setTimeout(resolve, 250));
  assert.deepEqual(fired, [uri.toString()]);

  answer = () => {
    throw new UserFacingError('The running tvm-lsp 0.1.0 does not offer the command tvmscript.showCanonicalIR yet');
  };
  assert.equal(
    await provider.provideTextDocumentContent(uri),
    '# The running tvm-lsp 0.1.0 does not offer the command tvmscript.showCanonicalIR yet\n',
  );
  assert.equal(
    await provider.provideTextDocumentContent(vscode.Uri.parse('tvmscript-ir:/x.py?garbage')),
    '# tvm-lsp: tvmscript-ir:/x.py?garbage does not name a source document\n',
  );
  provider.dispose();
  registration.dispose();
});
