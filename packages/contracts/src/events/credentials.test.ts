import { describe, expect, it } from 'vitest';
import { REDACTED_CREDENTIAL, redactCredentials } from './credentials';

describe('redactCredentials', () => {
  it('replaces the password and reset-token hashes, and says which', () => {
    const data = { userId: 3, passwordHash: '$argon2id$v=19$...', tokenHash: 'ab12', email: 'a@b.c' };
    expect(redactCredentials(data)).toEqual({
      data: { userId: 3, passwordHash: REDACTED_CREDENTIAL, tokenHash: REDACTED_CREDENTIAL, email: 'a@b.c' },
      redacted: ['passwordHash', 'tokenHash'],
    });
    expect(data.passwordHash).toBe('$argon2id$v=19$...');
  });

  it('gives data without credentials back as it is', () => {
    const data = { userId: 3, changes: { role: 'admin' } };
    expect(redactCredentials(data).data).toBe(data);
    expect(redactCredentials(data).redacted).toEqual([]);
    expect(redactCredentials(null)).toEqual({ data: null, redacted: [] });
  });

  it('leaves the null password of an account made by single sign-on as it is (there is none to hide)', () => {
    const data = { userId: 3, email: 'a@b.c', passwordHash: null };
    expect(redactCredentials(data)).toEqual({ data, redacted: [] });
  });
});
