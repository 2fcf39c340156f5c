// The language client's options: how tvm-lsp is started (the e2e test starts the real server
// through exactly this code) and how a crash is handled.
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandler,
  ErrorHandlerResult,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import type {LogOutputChannel} from 'vscode';

import {RestartBackoff} from './backoff';

export const CLIENT_ID = 'tvmscript';
export const CLIENT_NAME = 'TVMScript (tvm-lsp)';

/** `command --stdio`: TransportKind.stdio appends `--stdio` itself. */
export function makeServerOptions(command: string): ServerOptions {
  return {command, args: [], transport: TransportKind.stdio, options: {env: {...process.env}}};
}

export interface ClientOptionsInput {
  /** Read at each (re)start, so a restarted server gets the trust in force then. */
  trusted: () => boolean;
  outputChannel: LogOutputChannel;
  errorHandler: ErrorHandler;
}

export function makeClientOptions(input: ClientOptionsInput): LanguageClientOptions {
  return {
    // Files on disk, unsaved buffers and the Python cells of notebooks (scheme
    // vscode-notebook-cell, which the server maps to its notebook); never the tvmscript-ir
    // documents the extension shows.
    documentSelector: [
      {scheme: 'file', language: 'python'},
      {scheme: 'untitled', language: 'python'},
      {notebook: '*', language: 'python'},
    ],
    initializationOptions: () => ({trusted: input.trusted()}),
    synchronize: {configurationSection: 'tvmscript'},
    outputChannel: input.outputChannel,
    errorHandler: input.errorHandler,
  };
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Restarts a server that exited on its own after a growing delay; gives up after too many. */
export class BackoffErrorHandler implements ErrorHandler {
  constructor(
    private readonly backoff: RestartBackoff,
    private readonly log: (line: string) => void,
    private readonly sleep: Sleep = realSleep,
  ) {}

  error(): ErrorHandlerResult {
    // A read or write error: the close that follows decides about restarting.
    return {action: ErrorAction.Continue};
  }

  async closed(): Promise<CloseHandlerResult> {
    const decision = this.backoff.onCrash();
    if (!decision.restart) {
      return {
        action: CloseAction.DoNotRestart,
        message:
          `tvm-lsp stopped ${decision.crashes} times within ${this.backoff.windowMinutes} minutes, ` +
          'so it is not restarted. See "TVMScript: Show Output", then run "TVMScript: Restart Server".',
      };
    }
    this.log(`tvm-lsp stopped unexpectedly (${decision.crashes} in a row); restarting in ${decision.delayMs} ms`);
    await this.sleep(decision.delayMs);
    return {action: CloseAction.Restart, handled: true};
  }
}
