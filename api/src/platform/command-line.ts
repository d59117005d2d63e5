import { ConfigError } from '../config';

/** Why an operator's command changed nothing: a mistake in what was asked, told in one line. */
export class OperatorRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorRefusal';
  }
}

/** The e-mail address a command takes as its one argument; anything else is refused with the command's `usage` line. */
export function emailArgument(args: readonly string[], usage: string): string {
  const [email, ...rest] = args;
  if (email === undefined || rest.length > 0 || email.startsWith('-')) throw new OperatorRefusal(`Usage: ${usage}`);
  return email;
}

/**
 * Runs a command-line `main`: a configuration error, or an error of one of `refusals` (the
 * person's mistake), ends it with its message alone on standard error; anything else with the
 * whole error. Exit code 1 either way.
 */
export function runCommandLine(
  main: () => Promise<void>,
  refusals: ReadonlyArray<abstract new (...args: never[]) => Error> = [],
): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else if (refusals.some((refusal) => error instanceof refusal)) console.error((error as Error).message);
    else console.error(error);
    process.exit(1);
  });
}
