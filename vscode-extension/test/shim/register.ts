// Makes `require('vscode')` resolve to the shim (node --require out/test/shim/register.js).
import Module = require('module');

const shim = require.resolve('./vscode');
const moduleInternals = Module as unknown as {_resolveFilename: (request: string, ...rest: unknown[]) => string};
const original = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  return request === 'vscode' ? shim : original.call(this, request, ...rest);
};
