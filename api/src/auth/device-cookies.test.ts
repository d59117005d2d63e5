import { describe, expect, it } from 'vitest';
import { deviceCookieKey, deviceCookieName, signDeviceCookie, verifiedDeviceId } from './device-cookies';

const key = deviceCookieKey('test-secret-that-is-long-enough-for-hs256');

describe('device cookies', () => {
  it("give back the device id of a cookie signed for the account, whatever the address's letter case", () => {
    const cookie = signDeviceCookie(key, 'Ada@Example.com', 'device-1');
    expect(verifiedDeviceId(key, 'ada@example.com', cookie)).toBe('device-1');
    expect(verifiedDeviceId(key, 'ada@example.com', signDeviceCookie(key, 'ada@example.com'))).toMatch(/^[\w-]{22}$/);
  });

  it('refuse a cookie of another account, another secret, or altered', () => {
    const cookie = signDeviceCookie(key, 'ada@example.com', 'device-1');
    expect(verifiedDeviceId(key, 'grace@example.com', cookie)).toBeNull();
    expect(verifiedDeviceId(deviceCookieKey('another-secret-that-is-long-enough-too'), 'ada@example.com', cookie)).toBeNull();
    const [, mac] = cookie.split('.');
    expect(verifiedDeviceId(key, 'ada@example.com', `device-2.${mac}`)).toBeNull();
    expect(verifiedDeviceId(key, 'ada@example.com', `${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const junk of [undefined, 42, '', '.', 'device-1', `${cookie}.x`]) {
      expect(verifiedDeviceId(key, 'ada@example.com', junk)).toBeNull();
    }
  });

  it('are named per account, so one browser keeps a cookie for each account signed in there', () => {
    expect(deviceCookieName(key, 'ADA@example.com')).toBe(deviceCookieName(key, 'ada@example.com'));
    expect(deviceCookieName(key, 'ada@example.com')).not.toBe(deviceCookieName(key, 'grace@example.com'));
    expect(deviceCookieName(key, 'ada@example.com')).toMatch(/^device_[\w-]{16}$/);
  });
});
