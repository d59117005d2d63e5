/**
 * `npm test`: every check of the README, with the steps that do not depend on each other run at
 * the same time (two cores do two things at once). Stages run in order and a stage starts only
 * when the one before passed:
 *   1. typecheck, lint and the format check together;
 *   2. the unit tests, while a part of ADL's LRS conformance suite runs against a server-only
 *      product (`npm run test:conformance`: the Communication tests and signed statements of the
 *      xAPI 1.0.3 battery, decision 047);
 *   3. the integration tests, while the front ends the browser tests serve are built or restored
 *      from the build cache (e2e/src/support/front-end-build.ts; most of an integration test's time
 *      is spent waiting on PostgreSQL and on the processes it starts);
 *   4. the browser tests.
 * The output of one step per stage is shown as it comes; the others' is shown whole when they end.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
  /** Shown as it comes (at most one step per stage); else kept and shown whole when the step ends. */
  streamed?: boolean;
}

const npmRun = (script: string, streamed = false): Step => ({ name: script, command: ['npm', 'run', script], streamed });

const STAGES: Step[][] = [
  [npmRun('typecheck'), npmRun('lint'), npmRun('format:check')],
  [npmRun('test:unit', true), npmRun('test:conformance')],
  [npmRun('test:int', true), { name: 'front-end build', command: ['npm', 'run', 'build:front-ends', '-w', 'e2e'] }],
  [npmRun('test:e2e', true)],
];

interface Outcome {
  name: string;
  passed: boolean;
  seconds: number;
}

function runStep({ name, command, streamed }: Step): Promise<Outcome> {
  const startedAt = Date.now();
  const [program, ...args] = command as [string, ...string[]];
  const child = spawn(program, args, { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (passed: boolean) => {
      const outcome = { name, passed, seconds: Math.round((Date.now() - startedAt) / 1000) };
      if (!streamed) process.stdout.write(`\n── ${name} (${outcome.seconds} s) ──\n${Buffer.concat(output).toString()}`);
      resolve(outcome);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      finish(false);
    });
    child.once('exit', (code) => finish(code === 0));
  });
}

async function main(): Promise<number> {
  const outcomes: Outcome[] = [];
  for (const stage of STAGES) {
    const stageOutcomes = await Promise.all(stage.map(runStep));
    outcomes.push(...stageOutcomes);
    if (stageOutcomes.some((outcome) => !outcome.passed)) break;
  }
  console.log(
    `\nnpm test: ${outcomes.map(({ name, passed, seconds }) => `${name} ${passed ? 'passed' : 'FAILED'} (${seconds} s)`).join(', ')}`,
  );
  const passed = outcomes.length === STAGES.flat().length && outcomes.every((outcome) => outcome.passed);
  return passed ? 0 : 1;
}

void main().then((exitCode) => process.exit(exitCode));
