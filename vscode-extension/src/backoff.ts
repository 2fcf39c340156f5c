// Restarting a crashed server with backoff: 1 s, 2 s, 4 s, ... up to a cap, and giving up after
// too many crashes in a window (the server is then left stopped until the user restarts it).

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
  maxCrashes: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  baseDelayMs: 1000,
  maxDelayMs: 30000,
  windowMs: 3 * 60 * 1000,
  maxCrashes: 5,
};

export type CrashDecision = {restart: true; delayMs: number; crashes: number} | {restart: false; crashes: number};

export class RestartBackoff {
  private crashes: number[] = [];

  constructor(
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a crash and says whether (and after how long) to restart. */
  onCrash(): CrashDecision {
    const now = this.now();
    this.crashes = this.crashes.filter((at) => now - at < this.options.windowMs);
    this.crashes.push(now);
    const crashes = this.crashes.length;
    if (crashes >= this.options.maxCrashes) return {restart: false, crashes};
    const delayMs = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (crashes - 1));
    return {restart: true, delayMs, crashes};
  }

  /** Forgets the crashes (after a restart the user asked for). */
  reset(): void {
    this.crashes = [];
  }

  get windowMinutes(): number {
    return this.options.windowMs / 60000;
  }
}
