import { describe, expect, it } from 'vitest';
import { personOf } from './sso-identity';

const token = { iss: 'https://login.acme.example', sub: 'ada-1' };

describe('personOf', () => {
  it('is the verified work address, lower-cased, with the given and family names', () => {
    expect(
      personOf(
        { ...token, email: 'Ada.Lovelace@Example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' },
        'example.com',
      ),
    ).toEqual({ issuer: token.iss, subject: 'ada-1', email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it("accepts Entra ID's domain-verified claim, and falls back to the full name or the address for names", () => {
    expect(
      personOf({ ...token, email: 'grace@example.com', xms_edov: true, name: 'Grace Brewster Hopper' }, 'example.com'),
    ).toMatchObject({
      firstName: 'Grace Brewster',
      lastName: 'Hopper',
    });
    expect(personOf({ ...token, email: 'alan@example.com', email_verified: true }, 'example.com')).toMatchObject({
      firstName: 'alan',
      lastName: '',
    });
  });

  it('refuses an unverified or missing address, and one of another domain (or a look-alike)', () => {
    expect(personOf({ ...token, email: 'ada@example.com', email_verified: false }, 'example.com')).toBe('email-unverified');
    expect(personOf({ ...token, email: 'ada@example.com', email_verified: 'true' }, 'example.com')).toBe('email-unverified');
    expect(personOf({ ...token, email_verified: true }, 'example.com')).toBe('email-unverified');
    expect(personOf({ ...token, email: 'ada@elsewhere.org', email_verified: true }, 'example.com')).toBe('other-domain');
    expect(personOf({ ...token, email: 'ada@example.com.evil.org', email_verified: true }, 'example.com')).toBe('other-domain');
    expect(personOf({ ...token, email: 'ada@sub.example.com', email_verified: true }, 'example.com')).toBe('other-domain');
  });
});
