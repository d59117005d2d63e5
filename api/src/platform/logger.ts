import type { LogLevel } from '../config';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const SEVERITY: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Plain one-line records on stdout (debug, info) and stderr (warn, error); errors add their stack. */
export function createLogger(level: LogLevel): Logger {
  const enabled = (messageLevel: Exclude<LogLevel, 'silent'>) => SEVERITY[messageLevel] >= SEVERITY[level];
  const line = (messageLevel: string, message: string) => `${new Date().toISOString()} ${messageLevel.padEnd(5)} ${message}`;
  return {
    debug: (message) => enabled('debug') && console.log(line('debug', message)),
    info: (message) => enabled('info') && console.log(line('info', message)),
    warn: (message) => enabled('warn') && console.error(line('warn', message)),
    error: (message, error) => {
      if (!enabled('error')) return;
      console.error(line('error', message));
      if (error instanceof Error && error.stack) console.error(error.stack);
      else if (error !== undefined) console.error(String(error));
    },
  };
}
