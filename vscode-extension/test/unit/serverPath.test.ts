// Finding tvm-lsp, including what a malicious repository would try in a restricted workspace.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {DiscoveryInputs, discoverServer} from '../../src/serverPath';

function inputs(over: Partial<DiscoveryInputs>, executables: string[]): DiscoveryInputs {
  return {
    settingPath: undefined,
    pythonInterpreters: [],
    pathEnv: '/usr/bin',
    trusted: false,
    workspaceFolders: ['/home/u/repo'],
    homeDir: '/home/u',
    platform: 'linux',
    isExecutableFile: (f) => executables.includes(f),
    ...over,
  };
}

test('the setting comes first, with ~ expanded', () => {
  const d = discoverServer(inputs({settingPath: '~/bin/tvm-lsp'}, ['/home/u/bin/tvm-lsp', '/usr/bin/tvm-lsp']));
  assert.deepEqual(d, {found: true, command: '/home/u/bin/tvm-lsp', source: 'the tvmscript.server.path setting', skipped: []});
});

test('a set but unusable setting is an error naming it, not a silent fallback', () => {
  const missing = discoverServer(inputs({settingPath: '/opt/none/tvm-lsp'}, ['/usr/bin/tvm-lsp']));
  assert.deepEqual(missing, {found: false, message: 'tvmscript.server.path is "/opt/none/tvm-lsp", which is not an executable file', skipped: []});
  const relative = discoverServer(inputs({settingPath: 'bin/tvm-lsp'}, ['/usr/bin/tvm-lsp']));
  assert.equal(relative.found ? '' : relative.message, 'tvmscript.server.path must be an absolute path (or start with ~/), got "bin/tvm-lsp"');
});

test('the Python environment comes before PATH', () => {
  const d = discoverServer(inputs({pythonInterpreters: ['/home/u/venv/bin/python']}, ['/home/u/venv/bin/tvm-lsp', '/usr/bin/tvm-lsp']));
  assert.equal(d.found && d.command, '/home/u/venv/bin/tvm-lsp');
  assert.equal(d.found && d.source, 'the Python environment of /home/u/venv/bin/python');
});

test('untrusted: a .venv shipped inside the workspace is skipped and named', () => {
  const planted = '/home/u/repo/.venv/bin/tvm-lsp';
  const d = discoverServer(inputs({pythonInterpreters: ['/home/u/repo/.venv/bin/python']}, [planted, '/usr/bin/tvm-lsp']));
  assert.equal(d.found && d.command, '/usr/bin/tvm-lsp');
  assert.deepEqual(d.skipped, [`${planted} (inside the restricted workspace folder /home/u/repo)`]);
  // Trusted, the same environment is used.
  const t = discoverServer(inputs({trusted: true, pythonInterpreters: ['/home/u/repo/.venv/bin/python']}, [planted]));
  assert.equal(t.found && t.command, planted);
});

test('untrusted: PATH entries into the workspace, through .., are skipped', () => {
  const d = discoverServer(inputs({pathEnv: '/home/u/other/../repo/tools:/usr/bin'}, ['/home/u/repo/tools/tvm-lsp', '/usr/bin/tvm-lsp']));
  assert.equal(d.found && d.command, '/usr/bin/tvm-lsp');
  assert.equal(d.skipped.length, 1);
});

test('empty and relative PATH entries (the current folder) are never searched', () => {
  const d = discoverServer(inputs({trusted: true, pathEnv: ':.:bin'}, ['tvm-lsp', './tvm-lsp', 'bin/tvm-lsp']));
  assert.equal(d.found, false);
});

test('nothing found: the message names the pip package', () => {
  const d = discoverServer(inputs({pathEnv: '/usr/bin:/bin'}, []));
  assert.deepEqual(d, {
    found: false,
    message:
      'tvm-lsp was not found in the tvmscript.server.path setting, the active Python environment or PATH. ' +
      'Install it into your Python environment with `pip install tvmscript-lsp`, or set tvmscript.server.path to the binary.',
    skipped: [],
  });
});

test('Windows names the .exe and splits PATH on ;', () => {
  const d = discoverServer(inputs({platform: 'win32', pathEnv: '/a;/b', workspaceFolders: []}, ['/b/tvm-lsp.exe']));
  assert.equal(d.found && d.command, '/b/tvm-lsp.exe');
});
