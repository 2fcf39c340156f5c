// The active Python environment's interpreter: from the Python extension's API when it is
// installed, else the python.defaultInterpreterPath setting (the user's value only in a
// restricted workspace).
import * as vscode from 'vscode';

interface PythonEnvironmentApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): {path: string} | undefined;
    resolveEnvironment(
      environment: {path: string} | string,
    ): Promise<{executable?: {uri?: vscode.Uri}} | undefined>;
  };
}

const PYTHON_EXTENSION = 'ms-python.python';

async function fromPythonExtension(log: (line: string) => void): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension<PythonEnvironmentApi>(PYTHON_EXTENSION);
  if (!extension) return undefined;
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    const environments = api?.environments;
    const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
    const active = environments?.getActiveEnvironmentPath(resource);
    if (!environments || !active) return undefined;
    const resolved = await environments.resolveEnvironment(active);
    return resolved?.executable?.uri?.fsPath ?? active.path;
  } catch (error) {
    log(`the Python extension gave no environment: ${String(error)}`);
    return undefined;
  }
}

function fromSetting(): string | undefined {
  const inspected = vscode.workspace.getConfiguration('python').inspect<string>('defaultInterpreterPath');
  const value = vscode.workspace.isTrusted
    ? (inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue)
    : inspected?.globalValue;
  return value && value !== 'python' ? value : undefined;
}

export async function pythonInterpreters(log: (line: string) => void): Promise<string[]> {
  const found = [await fromPythonExtension(log), fromSetting()];
  return found.filter((p, i): p is string => typeof p === 'string' && p.length > 0 && found.indexOf(p) === i);
}
