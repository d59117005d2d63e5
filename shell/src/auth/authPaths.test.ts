import { describe, expect, it } from 'vitest';
import { authViewOf, ssoFailureOf } from './authPaths';

const view = (query: string) => authViewOf(new URLSearchParams(query));
const token = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe('authViewOf', () => {
  it('opens reset-confirm for a 64-character lowercase hex token', () => {
    expect(view(`token=${token}`)).toEqual({ view: 'reset-confirm', token });
  });

  it('ignores a token that is not 64 lowercase hex characters', () => {
    expect(view(`token=${token.toUpperCase()}`).view).toBe('login');
    expect(view(`token=${token.slice(1)}`).view).toBe('login');
    expect(view(`token=${token}0&tab=reset`).view).toBe('reset');
  });

  it('opens the reset and register tabs by name, else login', () => {
    expect(view('tab=reset').view).toBe('reset');
    expect(view('tab=register').view).toBe('register');
    expect(view('').view).toBe('login');
  });
});

describe('the confirmation of a registered address', () => {
  it('opens with the token of the mailed link, which the server checks', () => {
    expect(view(`confirm-email=12.${token}`)).toEqual({ view: 'confirm-email', token: `12.${token}` });
    expect(view('confirm-email=').view).toBe('login');
  });
});

describe('the end of a single sign-on', () => {
  it('opens its completion or the first-sign-in screen by name', () => {
    expect(view('sso=signed-in').view).toBe('sso-signed-in');
    expect(view('sso=first-sign-in').view).toBe('sso-first-sign-in');
    expect(view('sso=anything').view).toBe('login');
  });

  it('reads a known failure only', () => {
    expect(ssoFailureOf(new URLSearchParams('sso_error=cancelled'))).toBe('cancelled');
    expect(ssoFailureOf(new URLSearchParams('sso_error=<script>'))).toBeNull();
    expect(ssoFailureOf(new URLSearchParams(''))).toBeNull();
  });
});
