// Finding the tvm-lsp binary: the tvmscript.server.path setting, else the active Python
// environment's bin/ folder, else PATH. Pure over its inputs, so the rules are unit-tested.
//
// A restricted (untrusted) workspace never chooses the binary: its settings are not read (the
// caller passes only the user's value), and a candidate inside a workspace folder (a .venv
// shipped with the repository, a PATH entry pointing into it) is skipped and named.
import * as path from 'path';

export const INSTALL_HINT = 'pip install tvmscript-lsp';

export interface DiscoveryInputs {
  /** The tvmscript.server.path value in force (the user's only, when untrusted). */
  settingPath: string | undefined;
  /** Interpreters of the active Python environment, best first (bin/python, ...). */
  pythonInterpreters: string[];
  /** The PATH environment variable. */
  pathEnv: string | undefined;
  trusted: boolean;
  /** Absolute paths of the workspace folders. */
  workspaceFolders: string[];
  homeDir: string;
  platform: NodeJS.Platform;
  isExecutableFile: (file: string) => boolean;
}

export type Discovery =
  | {found: true; command: string; source: string; skipped: string[]}
  | {found: false; message: string; skipped: string[]};

export function binaryName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'tvm-lsp.exe' : 'tvm-lsp';
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function insideWorkspace(file: string, inputs: DiscoveryInputs): string | undefined {
  return inputs.workspaceFolders.find((folder) => isInside(path.resolve(file), folder));
}

function expandHome(value: string, homeDir: string): string {
  if (value === '~') return homeDir;
  if (value.startsWith('~/')) return path.join(homeDir, value.slice(2));
  return value;
}

// Step 1: the setting. A set but unusable value is an error, not a silent fallback: the user
// asked for that binary.
function fromSetting(inputs: DiscoveryInputs, skipped: string[]): Discovery | undefined {
  const raw = inputs.settingPath?.trim();
  if (!raw) return undefined;
  const value = expandHome(raw, inputs.homeDir);
  if (!path.isAbsolute(value)) {
    return {
      found: false,
      message: `tvmscript.server.path must be an absolute path (or start with ~/), got "${raw}"`,
      skipped,
    };
  }
  if (!inputs.isExecutableFile(value)) {
    return {
      found: false,
      message: `tvmscript.server.path is "${raw}", which is not an executable file`,
      skipped,
    };
  }
  return {found: true, command: value, source: 'the tvmscript.server.path setting', skipped};
}

function acceptable(file: string, inputs: DiscoveryInputs, skipped: string[]): boolean {
  if (!inputs.isExecutableFile(file)) return false;
  const folder = inputs.trusted ? undefined : insideWorkspace(file, inputs);
  if (folder !== undefined) {
    skipped.push(`${file} (inside the restricted workspace folder ${folder})`);
    return false;
  }
  return true;
}

export function discoverServer(inputs: DiscoveryInputs): Discovery {
  const skipped: string[] = [];
  const setting = fromSetting(inputs, skipped);
  if (setting) return setting;
  const name = binaryName(inputs.platform);
  // Step 2: next to the active Python environment's interpreter.
  for (const interpreter of inputs.pythonInterpreters) {
    if (!path.isAbsolute(interpreter)) continue;
    const candidate = path.join(path.dirname(interpreter), name);
    if (acceptable(candidate, inputs, skipped)) {
      return {found: true, command: candidate, source: `the Python environment of ${interpreter}`, skipped};
    }
  }
  // Step 3: PATH. Empty and relative entries (the current folder) are never searched.
  const separator = inputs.platform === 'win32' ? ';' : ':';
  for (const entry of (inputs.pathEnv ?? '').split(separator)) {
    if (!entry || !path.isAbsolute(entry)) continue;
    const candidate = path.join(entry, name);
    if (acceptable(candidate, inputs, skipped)) {
      return {found: true, command: candidate, source: 'PATH', skipped};
    }
  }
  let message =
    `tvm-lsp was not found in the tvmscript.server.path setting, the active Python environment ` +
    `or PATH. Install it into your Python environment with \`${INSTALL_HINT}\`, or set ` +
    `tvmscript.server.path to the binary.`;
  if (skipped.length > 0) message += ` Skipped: ${skipped.join('; ')}.`;
  return {found: false, message, skipped};
}
