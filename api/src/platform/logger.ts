import { pino, type DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import SonicBoom from 'sonic-boom';
import type { LogLevel } from '../config';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface LoggerOptions {
  /** Where the records go; default: standard output, readable lines in a terminal, else JSON lines. */
  destination?: DestinationStream;
}

const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'token', 'authToken', 'resetToken', 'body'];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie'];

/** Secrets that must never reach a log, wherever a caller puts them (top level or one object down). */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

/**
 * Credentials an error's text may quote (a database error's failing row, say): argon2 password
 * hashes (PHC strings) and SHA-256 reset-token hashes (64 hex characters).
 */
const CREDENTIAL_TEXT = /\$argon2\w*(?:\$[\w=,+/]+)*\$[\w+/]+|\b[0-9a-f]{64}\b/g;

/** pino's error serializer, with credentials quoted in the error's texts replaced. */
function errorWithoutCredentials(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  for (const [key, value] of Object.entries(serialized)) {
    if (typeof value === 'string') serialized[key] = value.replace(CREDENTIAL_TEXT, '[Redacted]');
  }
  return serialized;
}

const loggersPino = new WeakMap<Logger, pino.Logger>();

/**
 * pino: one JSON line per record on standard output (`level`, ISO `time`, pid, hostname, `msg`), or
 * pino-pretty's coloured lines when standard output is a terminal. Errors add their stack (`err`).
 */
export function createLogger(level: LogLevel, { destination = standardOutput() }: LoggerOptions = {}): Logger {
  const base = pino(
    {
      name: 'api',
      level,
      redact: { paths: REDACTED_PATHS },
      serializers: { err: errorWithoutCredentials },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const log: Logger = {
    debug: (message) => base.debug(message),
    info: (message) => base.info(message),
    warn: (message) => base.warn(message),
    error: (message, error) => (error === undefined ? base.error(message) : base.error({ err: error }, message)),
  };
  loggersPino.set(log, base);
  destinations.set(log, destination);
  return log;
}

const destinations = new WeakMap<Logger, DestinationStream>();

/**
 * Writes out the lines still held and closes the log, for a process about to exit: pino's own
 * flush at exit leaves out a write that is waiting for a full pipe. Gives up after `timeoutMs`, so
 * a stuck reader cannot hold the exit forever. Nothing may be logged after it.
 */
export function closeLog(log: Logger, timeoutMs = 5_000): Promise<void> {
  const destination = destinations.get(log);
  if (!(destination instanceof SonicBoom)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    destination.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    destination.end();
  });
}

/** The pino logger behind a Logger made by `createLogger` (for child loggers, e.g. the request log). */
export function pinoBehind(log: Logger): pino.Logger {
  const base = loggersPino.get(log);
  if (!base) throw new Error('This logger was not made by createLogger');
  return base;
}

/** Lines held while standard output's reader is behind; past this, new lines are dropped, not the server stalled. */
const UNWRITTEN_LOG_BYTES = 16 * 1024 * 1024;

function standardOutput(): DestinationStream {
  // A terminal: synchronous, readable lines. Otherwise (a pipe, a log shipper) the writes do not
  // wait: a slow or stuck reader must not stall every request on a full pipe. Lines logged while
  // a write is under way go out together in the next one; pino writes what is left at exit.
  return process.stdout.isTTY
    ? pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
    : pino.destination({ sync: false, maxLength: UNWRITTEN_LOG_BYTES });
}
