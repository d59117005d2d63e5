import type { RebuildProgress } from './replay';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
}

/** What a phase after the replay shows instead of the time left. */
const PHASE_WORDS: Partial<Record<RebuildProgress['phase'], string>> = {
  swapping: 'swapping in',
  indexing: 'indexing',
  done: 'done',
};

/** One line: bar, events done / total, events per second, time left. */
export function progressLine({ phase, done, total, eventsPerSecond, secondsLeft }: RebuildProgress, width = 30): string {
  const fraction = total ? Math.min(1, done / total) : phase === 'replaying' ? 0 : 1;
  const filled = Math.round(fraction * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  const count = total === null ? `${number.format(done)} events` : `${number.format(done)}/${number.format(total)} events`;
  const left = PHASE_WORDS[phase] ?? (secondsLeft === null ? '' : `${formatDuration(secondsLeft)} left`);
  return `${bar} ${String(Math.round(fraction * 100)).padStart(3)}% ${count}  ${number.format(eventsPerSecond)} events/s  ${left}`.trimEnd();
}

/** Calls `write` with the progress line at most once per `intervalMs` while replaying, and at every other phase. */
export function throttledProgress(write: (line: string) => void, intervalMs: number): (progress: RebuildProgress) => void {
  let lastWritten = 0;
  return (progress) => {
    if (progress.phase === 'replaying' && Date.now() - lastWritten <= intervalMs) return;
    lastWritten = Date.now();
    write(progressLine(progress));
  };
}
