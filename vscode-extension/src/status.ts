// The status bar item's text: the server's state (tvmscript/status, else the client's own
// state) and the trust mode. Pure, so the texts are unit-tested.

export const SERVER_STATES = ['starting', 'analysing', 'ready', 'error'] as const;
export type ServerState = (typeof SERVER_STATES)[number] | 'stopped';

export interface StatusModel {
  state: ServerState;
  trusted: boolean;
  message?: string;
}

export interface StatusView {
  text: string;
  tooltip: string;
  isError: boolean;
}

const ICONS: Record<ServerState, string> = {
  starting: '$(loading~spin)',
  analysing: '$(loading~spin)',
  ready: '$(check)',
  error: '$(error)',
  stopped: '$(circle-slash)',
};

export function statusView(model: StatusModel): StatusView {
  const mode = model.trusted ? 'trusted' : 'restricted';
  const text = `${ICONS[model.state]} TVMScript${model.trusted ? '' : ' (restricted)'}`;
  const trustLine = model.trusted
    ? 'Trusted workspace: analyses may run the module code of the files.'
    : 'Restricted workspace: files are analysed without running their module code.';
  const lines = [`tvm-lsp: ${model.state} (${mode})`, trustLine];
  if (model.message) lines.push(model.message);
  return {text, tooltip: lines.join('\n'), isError: model.state === 'error'};
}

/**
 * Reads a tvmscript/status notification's params; a malformed one gives an error string naming
 * what is wrong (the caller logs it and keeps the previous state).
 */
export function parseStatus(params: unknown): StatusModel | string {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return 'tvmscript/status: params must be an object';
  }
  const record = params as Record<string, unknown>;
  const state = record.state;
  if (typeof state !== 'string' || !(SERVER_STATES as readonly string[]).includes(state)) {
    return `tvmscript/status: params.state must be one of ${SERVER_STATES.join(', ')}, got ${JSON.stringify(state)}`;
  }
  if (typeof record.trusted !== 'boolean') {
    return `tvmscript/status: params.trusted must be a boolean, got ${JSON.stringify(record.trusted)}`;
  }
  if (record.message !== undefined && typeof record.message !== 'string') {
    return `tvmscript/status: params.message must be a string, got ${JSON.stringify(record.message)}`;
  }
  return {state: state as ServerState, trusted: record.trusted, message: record.message as string | undefined};
}
