// Builds the extension bundle (dist/extension.js, esbuild, vscode left external) and, with
// --tests, compiles the sources and the tests for node's test runner (out/, tsc).
import {execFileSync} from 'node:child_process';
import {build} from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
await build({
  entryPoints: [`${root}src/extension.ts`],
  bundle: true,
  outfile: `${root}dist/extension.js`,
  external: ['vscode'],
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: false,
  minify: true,
  logLevel: 'warning',
});
if (process.argv.includes('--tests')) {
  try {
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', root], {stdio: 'inherit'});
  } catch {
    console.error('build: tsc failed (errors above)');
    process.exit(1);
  }
}
