// The packaged .vsix (npm run package): exactly the expected files, no node_modules, the
// grammar, icon and license present, the client bundled into extension.js.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {test} from 'node:test';
import * as zlib from 'node:zlib';

const VSIX = path.resolve(__dirname, '../../../dist/tvmscript-lsp.vsix');

/** name -> contents, read from the zip's central directory. */
function readZip(file: string): Map<string, Buffer> {
  const zip = fs.readFileSync(file);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, `${file}: no end of central directory`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `${file}: bad central header ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + size);
    entries.set(name, method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

test('the .vsix holds exactly the bundle, manifest, grammar, icon, readme, changelog and license', () => {
  assert.ok(fs.existsSync(VSIX), `${VSIX} is missing: run npm run package first`);
  const names = [...readZip(VSIX).keys()].sort();
  assert.deepEqual(names, [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/LICENSE.txt',
    'extension/changelog.md',
    'extension/dist/extension.js',
    'extension/images/icon.png',
    'extension/package.json',
    'extension/readme.md',
    'extension/syntaxes/tvmscript.injection.tmLanguage.json',
  ]);
  assert.ok(!names.some((n) => n.includes('node_modules')));
  assert.ok(fs.statSync(VSIX).size < 512 * 1024, `the .vsix is ${fs.statSync(VSIX).size} bytes`);
});

test('the packaged files are the real ones', () => {
  const entries = readZip(VSIX);
  const manifest = JSON.parse(entries.get('extension/package.json')!.toString('utf8'));
  assert.equal(manifest.main, './dist/extension.js');
  assert.deepEqual(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
  const grammar = manifest.contributes.grammars[0];
  assert.deepEqual(grammar.injectTo, ['source.python']);
  const packagedGrammar = JSON.parse(entries.get(`extension/${grammar.path.replace('./', '')}`)!.toString('utf8'));
  assert.equal(packagedGrammar.scopeName, grammar.scopeName);
  const icon = entries.get(`extension/${manifest.icon}`)!;
  assert.deepEqual([...icon.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.match(entries.get('extension/LICENSE.txt')!.toString('utf8'), /Apache License\s+Version 2\.0/);
  const bundle = entries.get('extension/dist/extension.js')!.toString('utf8');
  // The client library is inside the bundle: nothing but vscode and Node's modules is required.
  const required = new Set([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
  const external = [...required].filter((r) => r !== 'vscode' && !r.startsWith('node:') && !isBuiltin(r));
  assert.deepEqual(external, []);
  assert.ok(required.has('vscode'));
});

function isBuiltin(name: string): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:module') as {builtinModules: string[]}).builtinModules.includes(name);
}
