// The server's commands (workspace/executeCommand) and code actions, as the contract in
// docs/lsp.md names them, and the checks of what the server answers. No vscode import here:
// the client is passed in, so a unit test can stand in for it.
import type {InitializeResult} from 'vscode-languageclient';

export const SHOW_CANONICAL_IR = 'tvmscript.showCanonicalIR';
export const CHECK_ROUND_TRIP = 'tvmscript.checkRoundTrip';
export const MIGRATE_KIND = 'refactor.rewrite.tvmscript.migrate';

export interface CommandArgument {
  uri: string;
  position?: {line: number; character: number};
}

export interface CanonicalIR {
  name: string;
  text: string;
}

export interface LspRange {
  start: {line: number; character: number};
  end: {line: number; character: number};
}

export interface RoundTrip {
  name: string;
  ok: boolean;
  message: string;
  range: LspRange | null;
}

/** Something the user should read: shown as is, never a crash. */
export class UserFacingError extends Error {}

export function serverLabel(result: InitializeResult | undefined): string {
  const info = result?.serverInfo;
  return info ? `${info.name}${info.version ? ' ' + info.version : ''}` : 'tvm-lsp';
}

/** Throws a UserFacingError when the running server does not offer `command`. */
export function requireCommand(result: InitializeResult | undefined, command: string): void {
  if (result === undefined) {
    throw new UserFacingError('tvm-lsp is not running: start it with "TVMScript: Restart Server"');
  }
  const offered = result.capabilities.executeCommandProvider?.commands ?? [];
  if (!offered.includes(command)) {
    throw new UserFacingError(
      `The running ${serverLabel(result)} does not offer the command ${command} yet: ` +
        'update tvm-lsp (pip install -U tvmscript-lsp).',
    );
  }
}

export function requireCodeActions(result: InitializeResult | undefined): void {
  if (result === undefined) {
    throw new UserFacingError('tvm-lsp is not running: start it with "TVMScript: Restart Server"');
  }
  if (!result.capabilities.codeActionProvider) {
    throw new UserFacingError(
      `The running ${serverLabel(result)} does not offer code actions yet: ` +
        'update tvm-lsp (pip install -U tvmscript-lsp).',
    );
  }
}

function malformed(command: string, expected: string, got: unknown): UserFacingError {
  const shown = JSON.stringify(got) ?? String(got);
  return new UserFacingError(
    `tvm-lsp answered ${command} with a malformed result: expected ${expected}, got ${shown.slice(0, 200)}`,
  );
}

function isPosition(value: unknown): boolean {
  const p = value as {line?: unknown; character?: unknown} | null;
  return typeof p === 'object' && p !== null && Number.isInteger(p.line) && Number.isInteger(p.character);
}

function isRange(value: unknown): value is LspRange {
  const r = value as {start?: unknown; end?: unknown} | null;
  return typeof r === 'object' && r !== null && isPosition(r.start) && isPosition(r.end);
}

export function checkCanonicalIR(result: unknown): CanonicalIR {
  const r = result as Partial<CanonicalIR> | null;
  if (typeof r !== 'object' || r === null || typeof r.name !== 'string' || typeof r.text !== 'string') {
    throw malformed(SHOW_CANONICAL_IR, '{name: string, text: string}', result);
  }
  return {name: r.name, text: r.text};
}

export function checkRoundTrip(result: unknown): RoundTrip {
  const r = result as Partial<RoundTrip> | null;
  const ok =
    typeof r === 'object' &&
    r !== null &&
    typeof r.name === 'string' &&
    typeof r.ok === 'boolean' &&
    typeof r.message === 'string' &&
    (r.range === null || r.range === undefined || isRange(r.range));
  if (!ok) {
    throw malformed(CHECK_ROUND_TRIP, '{name: string, ok: boolean, message: string, range: Range | null}', result);
  }
  return {name: r.name!, ok: r.ok!, message: r.message!, range: r.range ?? null};
}

/**
 * The text shown for a round-trip result. The server's message names the definition itself;
 * one the server did not read back (`f: not checked: <reason>`, docs/lsp.md) did not fail.
 */
export function roundTripMessage(result: RoundTrip): string {
  if (result.ok) return result.message ? `Round trip ok: ${result.message}` : `Round trip of ${result.name}: ok`;
  const notChecked = `${result.name}: not checked: `;
  if (result.message.startsWith(notChecked)) {
    return `Round trip of ${result.name} not checked: ${result.message.slice(notChecked.length)}`;
  }
  return `Round trip of ${result.name} failed: ${result.message}`;
}

/** A message for any error a command met (a ResponseError carries the server's message). */
export function describeError(error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  const e = error as {code?: unknown; message?: unknown};
  if (typeof e === 'object' && e !== null && typeof e.message === 'string') {
    if (e.code === -32601) {
      return `tvm-lsp does not support this request yet (${e.message}): update tvm-lsp (pip install -U tvmscript-lsp).`;
    }
    return typeof e.code === 'number' ? `tvm-lsp: ${e.message} (code ${e.code})` : `tvm-lsp: ${e.message}`;
  }
  return `tvm-lsp: ${String(error)}`;
}
