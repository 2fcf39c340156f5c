// The backoff, the status texts, the checks of server answers, and the extension's contributions.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {test} from 'node:test';
import * as vscode from 'vscode';

import {RestartBackoff} from '../../src/backoff';
import {irUri, parseIrUri} from '../../src/canonicalIr';
import {BackoffErrorHandler} from '../../src/client';
import {COMMANDS} from '../../src/extension';
import {
  CHECK_ROUND_TRIP,
  SHOW_CANONICAL_IR,
  UserFacingError,
  checkCanonicalIR,
  checkRoundTrip,
  describeError,
  requireCommand,
  roundTripMessage,
} from '../../src/serverCommands';
import {parseStatus, statusView} from '../../src/status';

const MANIFEST = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8'));

test('backoff doubles the delay and gives up at the fifth crash within the window', () => {
  let now = 0;
  const backoff = new RestartBackoff(undefined, () => now);
  const delays = [1, 2, 3, 4].map(() => backoff.onCrash());
  assert.deepEqual(delays, [
    {restart: true, delayMs: 1000, crashes: 1},
    {restart: true, delayMs: 2000, crashes: 2},
    {restart: true, delayMs: 4000, crashes: 3},
    {restart: true, delayMs: 8000, crashes: 4},
  ]);
  assert.deepEqual(backoff.onCrash(), {restart: false, crashes: 5});
  now += 3 * 60 * 1000; // the window has passed: counting starts again
  assert.deepEqual(backoff.onCrash(), {restart: true, delayMs: 1000, crashes: 1});
});

test('the error handler sleeps the delay, then restarts; past the limit it says why it stopped', async () => {
  const slept: number[] = [];
  const logged: string[] = [];
  const handler = new BackoffErrorHandler(new RestartBackoff(undefined, () => 0), (l) => logged.push(l), async (ms) => {
    slept.push(ms);
  });
  for (let i = 0; i < 4; i++) assert.deepEqual(await handler.closed(), {action: 2, handled: true});
  assert.deepEqual(slept, [1000, 2000, 4000, 8000]);
  assert.equal(logged[1], 'tvm-lsp stopped unexpectedly (2 in a row); restarting in 2000 ms');
  assert.deepEqual(await handler.closed(), {
    action: 1,
    message: 'tvm-lsp stopped 5 times within 3 minutes, so it is not restarted. See "TVMScript: Show Output", then run "TVMScript: Restart Server".',
  });
});

test('status texts for each state and trust mode', () => {
  assert.equal(statusView({state: 'ready', trusted: true}).text, '$(check) TVMScript');
  assert.equal(statusView({state: 'analysing', trusted: false}).text, '$(loading~spin) TVMScript (restricted)');
  const error = statusView({state: 'error', trusted: false, message: 'the worker crashed'});
  assert.deepEqual(error, {
    text: '$(error) TVMScript (restricted)',
    tooltip: 'tvm-lsp: error (restricted)\nRestricted workspace: files are analysed without running their module code.\nthe worker crashed',
    isError: true,
  });
});

test('tvmscript/status params are checked; malformed ones are named', () => {
  assert.deepEqual(parseStatus({state: 'analysing', trusted: true}), {state: 'analysing', trusted: true, message: undefined});
  assert.equal(parseStatus(null), 'tvmscript/status: params must be an object');
  assert.equal(parseStatus({state: 'stopped', trusted: true}), 'tvmscript/status: params.state must be one of starting, analysing, ready, error, got "stopped"');
  assert.equal(parseStatus({state: 'ready', trusted: 'yes'}), 'tvmscript/status: params.trusted must be a boolean, got "yes"');
  assert.equal(parseStatus({state: 'ready', trusted: true, message: 3}), 'tvmscript/status: params.message must be a string, got 3');
});

test('server answers are checked, and a server without the command is told apart', () => {
  assert.deepEqual(checkCanonicalIR({name: 'f', text: 'def f(): ...'}), {name: 'f', text: 'def f(): ...'});
  assert.throws(() => checkCanonicalIR({name: 'f'}), {
    message: 'tvm-lsp answered tvmscript.showCanonicalIR with a malformed result: expected {name: string, text: string}, got {"name":"f"}',
  });
  const range = {start: {line: 1, character: 2}, end: {line: 1, character: 5}};
  assert.deepEqual(checkRoundTrip({name: 'f', ok: false, message: 'differs', range}), {name: 'f', ok: false, message: 'differs', range});
  assert.throws(() => checkRoundTrip({name: 'f', ok: true, message: '', range: {start: 1}}), UserFacingError);
  assert.equal(roundTripMessage({name: 'f', ok: true, message: '', range: null}), 'Round trip of f: ok');
  assert.equal(roundTripMessage({name: 'f', ok: false, message: 'T.Add differs', range: null}), 'Round trip of f failed: T.Add differs');
  assert.equal(
    roundTripMessage({name: 'f', ok: true, message: "f's canonical print reads back as the same program", range: null}),
    "Round trip ok: f's canonical print reads back as the same program",
  );
  assert.equal(
    roundTripMessage({name: 'f', ok: false, message: 'f: not checked: lossy: line 3: a macro', range: null}),
    'Round trip of f not checked: lossy: line 3: a macro',
  );
  // Only the server's own "<name>: not checked: " prefix counts, not another definition's.
  assert.equal(
    roundTripMessage({name: 'f', ok: false, message: 'g: not checked: comments', range: null}),
    'Round trip of f failed: g: not checked: comments',
  );
  const init = {capabilities: {executeCommandProvider: {commands: [SHOW_CANONICAL_IR]}}, serverInfo: {name: 'tvm-lsp', version: '0.2.0'}};
  assert.doesNotThrow(() => requireCommand(init, SHOW_CANONICAL_IR));
  assert.throws(() => requireCommand(init, CHECK_ROUND_TRIP), {
    message: 'The running tvm-lsp 0.2.0 does not offer the command tvmscript.checkRoundTrip yet: update tvm-lsp (pip install -U tvmscript-lsp).',
  });
  assert.equal(describeError({code: -32602, message: 'params.position: expected an object'}), 'tvm-lsp: params.position: expected an object (code -32602)');
  assert.equal(
    describeError({code: -32601, message: 'unknown method "workspace/executeCommand"'}),
    'tvm-lsp does not support this request yet (unknown method "workspace/executeCommand"): update tvm-lsp (pip install -U tvmscript-lsp).',
  );
});

test('the canonical IR document URI carries the source and position, and survives odd names', () => {
  const source = vscode.Uri.file('/home/u/my kernels/ké#rn?el.py');
  const uri = irUri(source, new vscode.Position(4, 7));
  assert.equal(uri.scheme, 'tvmscript-ir');
  assert.equal(uri.path, '/ké#rn?el-line5.canonical.py');
  const reparsed = vscode.Uri.parse(uri.toString());
  assert.deepEqual(parseIrUri(reparsed), {uri: source.toString(), position: {line: 4, character: 7}});
  assert.equal(parseIrUri(vscode.Uri.parse('tvmscript-ir:/x.py?not-json')), undefined);
});

test('contributed commands are the extension\'s own ids, never the server\'s (the client registers those)', () => {
  const contributed = MANIFEST.contributes.commands.map((c: {command: string}) => c.command).sort();
  assert.deepEqual(contributed, Object.values(COMMANDS).sort());
  for (const id of contributed) assert.ok(!id.startsWith('tvmscript.'), id);
});

test('contributed settings mirror the contract, each with a description and default', () => {
  const properties = MANIFEST.contributes.configuration.properties;
  assert.deepEqual(
    Object.fromEntries(Object.entries(properties).map(([k, v]: [string, any]) => [k, v.default])),
    {
      'tvmscript.diagnostics.on': 'type',
      'tvmscript.roundTrip.onSave': true,
      'tvmscript.debounceMs': null,
      'tvmscript.inlayHints.enable': true,
      'tvmscript.server.path': '',
      'tvmscript.trace.server': 'off',
    },
  );
  for (const [key, value] of Object.entries(properties)) assert.ok((value as any).description.length > 20, key);
  // The server's values (docs/lsp.md, Settings): anything else it ignores with a warning.
  assert.deepEqual(properties['tvmscript.diagnostics.on'].enum, ['type', 'save']);
  assert.equal(properties['tvmscript.roundTrip.onSave'].type, 'boolean');
  assert.deepEqual(
    [properties['tvmscript.debounceMs'].type, properties['tvmscript.debounceMs'].minimum, properties['tvmscript.debounceMs'].maximum],
    [['integer', 'null'], 0, 10000],
  );
  assert.equal(properties['tvmscript.inlayHints.enable'].type, 'boolean');
  assert.deepEqual(properties['tvmscript.trace.server'].enum, ['off', 'messages', 'verbose']);
  assert.deepEqual(MANIFEST.capabilities.untrustedWorkspaces.restrictedConfigurations, ['tvmscript.server.path']);
  assert.deepEqual(Object.keys(MANIFEST.contributes.semanticTokenScopes[0].scopes).filter((k) => !k.includes('.')).sort(), [
    'function', 'loopVariable', 'namespaceMember', 'parameter', 'symbol', 'tensor',
  ]);
});
