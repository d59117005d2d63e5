import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it("keeps credentials an error quotes (a database error's failing row) out of the log line", () => {
    const lines: string[] = [];
    const log = createLogger('info', { destination: { write: (line) => void lines.push(line) } });
    const argon2 = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const tokenHash = 'ab'.repeat(32);
    const failure = Object.assign(new Error(`insert failed for ${argon2}`), {
      code: '23502',
      detail: `Failing row contains (7, ada@example.com, ${argon2}, ${tokenHash}).`,
    });

    log.error('Projection users failed; retrying with back-off', failure);

    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('$argon2');
    expect(lines[0]).not.toContain(tokenHash);
    const { err } = JSON.parse(lines[0]!) as { err: { detail: string; code: string; message: string } };
    expect(err.detail).toBe('Failing row contains (7, ada@example.com, [Redacted], [Redacted]).');
    expect(err).toMatchObject({ code: '23502', message: 'insert failed for [Redacted]' });
  });
});
