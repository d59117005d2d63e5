/** Where the embedded PostgreSQL reports: its own output at debug, this package's notices at info and warn. */
export interface ClusterLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

export const SILENT_LOG: ClusterLog = { debug: () => {}, info: () => {}, warn: () => {} };
