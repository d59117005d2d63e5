import { describe, expect, it, vi } from 'vitest';
import { createLogLines } from './log-lines';

const record = (msg: string) => `${JSON.stringify({ level: 'info', msg })}\n`;

describe('a product process’s log lines', () => {
  it('gives the messages of JSON and plain lines, a line split across chunks and a last one not yet ended', () => {
    const lines = createLogLines();
    const ready = record('Ready');
    lines.add(record('Listening on http://localhost:1 (starting)') + ready.slice(0, 9));
    lines.add(`${ready.slice(9)}a plain line\n{"level":"info","msg":"half`);
    expect(lines.messages()).toEqual([
      'Listening on http://localhost:1 (starting)',
      'Ready',
      'a plain line',
      '{"level":"info","msg":"half',
    ]);
  });

  it('finds a message logged before or after the wait', async () => {
    const lines = createLogLines();
    lines.add(record('Listening on http://localhost:4321 (starting)'));
    const ready = lines.whenLogged(/^Ready$/);
    lines.add(record('GET /api/health 200 1 ms') + record('Ready'));
    await expect(lines.whenLogged(/^Listening on (\S+)/)).resolves.toMatchObject({ 1: 'http://localhost:4321' });
    await expect(ready).resolves.toMatchObject({ 0: 'Ready' });
  });

  it('checks a pending wait against each new line once, and no line once it matched, however long the log', async () => {
    const lines = createLogLines();
    const pattern = /^Ready$/;
    const exec = vi.spyOn(pattern, 'exec');
    const ready = lines.whenLogged(pattern);
    for (let request = 0; request < 10; request += 1) lines.add(record(`GET /api/stats 200 ${request} ms`));
    expect(exec).toHaveBeenCalledTimes(10);
    lines.add(record('Ready'));
    await ready;
    for (let request = 0; request < 1_000; request += 1) lines.add(record(`GET /api/stats 200 ${request} ms`));
    expect(exec).toHaveBeenCalledTimes(11);
  });

  it('fails a wait still pending, or made later, once the output ended', async () => {
    const lines = createLogLines();
    const ready = lines.whenLogged(/^Ready$/);
    lines.end((pattern) => new Error(`exited before logging ${pattern}`));
    await expect(ready).rejects.toThrow('exited before logging /^Ready$/');
    await expect(lines.whenLogged(/^Listening/)).rejects.toThrow('exited before logging /^Listening/');
  });
});
