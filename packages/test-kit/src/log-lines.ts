/**
 * A process's standard output read as log lines, for the product launcher: each complete line's
 * message (pino's JSON `msg`, or the line) is read once, as it comes, and a wait for a message is
 * checked against each new message once and dropped at its match. A product under load logs a
 * line per request: its reader must cost the same per line however long the log already is, or
 * it takes the CPU a benchmark measures the product with.
 */
export interface LogLines {
  /** Takes the next chunk of output. */
  add(chunk: string): void;
  /** The messages so far, a last line not yet ended included. */
  messages(): string[];
  /** The first message, logged so far or to come, that `pattern` matches. */
  whenLogged(pattern: RegExp): Promise<RegExpExecArray>;
  /** No more output will come: each wait still pending (and any to come) fails with `reason` of its pattern. */
  end(reason: (pattern: RegExp) => Error): void;
}

/** The message of a log line: pino's JSON `msg`, or the line itself. */
export function messageOf(line: string): string {
  try {
    const { msg } = JSON.parse(line) as { msg?: unknown };
    return typeof msg === 'string' ? msg : line;
  } catch {
    return line;
  }
}

interface Wait {
  pattern: RegExp;
  resolve: (match: RegExpExecArray) => void;
  reject: (reason: Error) => void;
}

export function createLogLines(): LogLines {
  const messages: string[] = [];
  let waits: Wait[] = [];
  let unended = '';
  let ended: ((pattern: RegExp) => Error) | null = null;

  /** Whether `wait` matched `message` (and was told). */
  function matched(wait: Wait, message: string): boolean {
    const match = wait.pattern.exec(message);
    if (match) wait.resolve(match);
    return match !== null;
  }

  function logged(message: string): void {
    messages.push(message);
    if (waits.length > 0) waits = waits.filter((wait) => !matched(wait, message));
  }

  return {
    add(chunk) {
      const lines = (unended + chunk).split('\n');
      unended = lines.pop()!;
      for (const line of lines) if (line !== '') logged(messageOf(line));
    },
    messages: () => (unended === '' ? [...messages] : [...messages, messageOf(unended)]),
    whenLogged(pattern) {
      return new Promise((resolve, reject) => {
        const wait = { pattern, resolve, reject };
        if (messages.some((message) => matched(wait, message))) return;
        if (ended) return reject(ended(pattern));
        waits.push(wait);
      });
    },
    end(reason) {
      ended = reason;
      for (const wait of waits) wait.reject(reason(wait.pattern));
      waits = [];
    },
  };
}
