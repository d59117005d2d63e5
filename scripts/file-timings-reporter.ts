/**
 * A vitest reporter that says where a run's time went, file by file, slowest first: loading the
 * file with everything it imports (`import`), its set-up files (`setup`), and its tests and hooks
 * (`tests`, a beforeAll's start-ups included), then the sums. Beside the default reporter:
 *   npx vitest run .int.test. --no-isolate --reporter=default --reporter=./scripts/file-timings-reporter.ts
 * FILE_TIMINGS_TOP=<n> lists n files (default 25); FILE_TIMINGS_OUT=<path> also writes every file's as JSON.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTiming {
  file: string;
  state: string;
  importSeconds: number;
  setupSeconds: number;
  testsSeconds: number;
  totalSeconds: number;
}

const toSeconds = (milliseconds: number) => Math.round(milliseconds / 100) / 10;

function timingOf(module: TestModule): FileTiming {
  const { prepareDuration, environmentSetupDuration, collectDuration, setupDuration, duration } = module.diagnostic();
  const importMs = prepareDuration + environmentSetupDuration + collectDuration;
  return {
    file: `${module.project.name}: ${module.relativeModuleId}`,
    state: module.state(),
    importSeconds: toSeconds(importMs),
    setupSeconds: toSeconds(setupDuration),
    testsSeconds: toSeconds(duration),
    totalSeconds: toSeconds(importMs + setupDuration + duration),
  };
}

/** Four right-aligned figures, then a name. */
const line = (figures: Array<number | string>, name: string) =>
  `${figures.map((figure) => String(figure).padStart(7)).join(' ')}  ${name}`;

const figuresOf = (timing: FileTiming) => [timing.totalSeconds, timing.importSeconds, timing.setupSeconds, timing.testsSeconds];

export default class FileTimingsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timings = modules.map(timingOf).sort((a, b) => b.totalSeconds - a.totalSeconds);
    const shown = timings.slice(0, Number(process.env.FILE_TIMINGS_TOP ?? 25));
    const sums = timings.reduce((sum, timing) => figuresOf(timing).map((figure, index) => sum[index]! + figure), [0, 0, 0, 0]);
    console.log(
      [
        '',
        `Where the time went, in seconds (${timings.length} files, the slowest ${shown.length} listed):`,
        line(['total', 'import', 'setup', 'tests'], 'file'),
        ...shown.map((timing) =>
          line(figuresOf(timing), timing.state === 'passed' ? timing.file : `${timing.file} (${timing.state})`),
        ),
        line(
          sums.map((sum) => Math.round(sum)),
          'all files',
        ),
      ].join('\n'),
    );
    if (process.env.FILE_TIMINGS_OUT) writeFileSync(process.env.FILE_TIMINGS_OUT, JSON.stringify(timings, null, 2));
  }
}
