// The documents the client hands to the server: Python files, unsaved buffers and notebook
// cells, and nothing of the extension's own tvmscript-ir documents.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {makeClientOptions} from '../../src/client';

test('the selector takes Python files, unsaved buffers and notebook cells only', () => {
  const options = makeClientOptions({
    trusted: () => false,
    outputChannel: {} as any,
    errorHandler: {} as any,
  });
  assert.deepEqual(options.documentSelector, [
    {scheme: 'file', language: 'python'},
    {scheme: 'untitled', language: 'python'},
    {notebook: '*', language: 'python'},
  ]);
  const schemes = (options.documentSelector as any[]).map((filter) => filter.scheme);
  assert.ok(!schemes.includes('tvmscript-ir'));
  assert.deepEqual((options.initializationOptions as () => unknown)(), {trusted: false});
});
