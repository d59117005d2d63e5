import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

// Logs 600 records of about 250 bytes (twice what a pipe holds) with nothing reading standard
// output, says "logged" on standard error, then closes the log once told to on standard input.
const LOGGING_PROCESS = `
import { closeLog, createLogger } from './api/src/platform/logger.ts';
const log = createLogger('info');
for (let i = 0; i < 600; i++) log.info(\`record \${i} \${'x'.repeat(200)}\`);
process.stderr.write('logged\\n');
process.stdin.once('data', async () => { log.info('last'); await closeLog(log); process.exit(0); });
`;

describe('the log on standard output', () => {
  it('does not hold up the process while nothing reads it, and writes every record once read', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', LOGGING_PROCESS], {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const [said] = (await Promise.race([
        once(child.stderr, 'data'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('the process was held up by its unread log')), 15_000)),
      ])) as [Buffer];
      expect(said.toString()).toBe('logged\n');

      const output: string[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stdin.write('close\n');
      const [exitCode] = (await once(child, 'exit')) as [number];
      expect(exitCode).toBe(0);
      const messages = output
        .join('')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages.filter((message) => message.startsWith('record '))).toHaveLength(600);
      expect(messages.at(-1)).toBe('last');
    } finally {
      child.kill();
    }
  }, 60_000);
});
