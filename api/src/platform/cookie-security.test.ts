import { describe, expect, it } from 'vitest';
import { cookieSecurityOf } from './cookie-security';

describe('the cookie security of a deployment', () => {
  it('with an https PUBLIC_URL: Secure, __Host- for a cookie of the whole site, __Secure- for one of a narrower path', () => {
    const https = cookieSecurityOf('https://training.example.org');
    expect(https.secure).toBe(true);
    expect(https.nameOf('authToken', '/')).toBe('__Host-authToken');
    expect(https.nameOf('oidc_flow', '/api/auth/oidc')).toBe('__Secure-oidc_flow');
  });

  it('with an http PUBLIC_URL (one machine, tests): plain names, not Secure', () => {
    const http = cookieSecurityOf('http://localhost:8080');
    expect(http.secure).toBe(false);
    expect(http.nameOf('authToken', '/')).toBe('authToken');
    expect(http.nameOf('device_x', '/api/login')).toBe('device_x');
  });
});
