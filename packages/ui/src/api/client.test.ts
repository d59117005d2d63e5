// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_AFTER_HEADER, READ_AFTER_MESSAGES, readAfterToken, RENEWED_TOKEN_HEADER } from '@tht/contracts';
import {
  ApiError,
  AUTH_TOKEN_KEY,
  apiRequest,
  errorMessageOf,
  forgetReadAfter,
  MOST_RETRY_AFTER_SECONDS,
  READ_AFTER_KEY,
} from './client';

type Recorded = { url: string; init: RequestInit };

function respondWith(status: number, body: string, statusText = '') {
  const calls: Recorded[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body || null, { status, statusText });
  });
  return calls;
}

describe('apiRequest', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and the stored bearer token, and no content type without a body', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const calls = respondWith(200, '{"ok":true}');
    await expect(apiRequest('GET', '/api/user')).resolves.toEqual({ ok: true });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.headers).toEqual({ Authorization: 'Bearer abc' });
  });

  it('sends a JSON body with the JSON content type', async () => {
    const calls = respondWith(200, '');
    await expect(apiRequest('POST', '/api/login', { username: 'a' })).resolves.toBeNull();
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(calls[0]?.init.body).toBe('{"username":"a"}');
  });

  it('sends a FormData body as it is, leaving the multipart content type to the browser', async () => {
    const calls = respondWith(202, '{"id":"x"}');
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'data.csv');
    await expect(apiRequest('POST', '/api/import', form)).resolves.toEqual({ id: 'x' });
    expect(calls[0]?.init.headers).toEqual({});
    expect(calls[0]?.init.body).toBe(form);
  });

  it('turns a non-2xx response into "status: body" and keeps the token unless 401', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    respondWith(400, '{"error":"Username is required"}');
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow('400: {"error":"Username is required"}');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('abc');
  });

  it('keeps a renewed token in place of the stored one, and stores none in a tab signed out meanwhile', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200, headers: { [RENEWED_TOKEN_HEADER]: 'renewed' } }));
    localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    await apiRequest('GET', '/api/entries');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('renewed');

    localStorage.removeItem(AUTH_TOKEN_KEY);
    await apiRequest('GET', '/api/entries');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('uses the status text when the body is empty and drops the token on 401', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    respondWith(401, '', 'Unauthorized');
    const failure = apiRequest('GET', '/api/user');
    await expect(failure).rejects.toThrow('401: Unauthorized');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});

const tokenAt = (transaction: number) => readAfterToken(`${String(transaction).padStart(20, '0')}-${'0'.repeat(20)}`);

/** Answers each call with the next of `answers`, recording what was sent. */
function answerInTurn(...answers: Array<{ status?: number; body?: string; readAfter?: string }>) {
  const sent: Array<string | undefined> = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push((init.headers as Record<string, string>)[READ_AFTER_HEADER]);
    const { status = 200, body = '{}', readAfter } = answers[sent.length - 1]!;
    return new Response(body, { status, headers: readAfter ? { [READ_AFTER_HEADER]: readAfter } : {} });
  });
  return sent;
}

describe('the read-after token', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is kept from any response, newest first, and sent with every request after it', async () => {
    const sent = answerInTurn(
      { readAfter: tokenAt(5) },
      {},
      { readAfter: tokenAt(3) },
      { status: 409, body: '{"error":"x"}', readAfter: tokenAt(8) },
      {},
    );
    await apiRequest('POST', '/api/entries', {});
    await apiRequest('GET', '/api/stats');
    await apiRequest('PUT', '/api/entries/1', {});
    await expect(apiRequest('PUT', '/api/entries/1', {})).rejects.toThrow('409');
    await apiRequest('GET', '/api/stats');
    expect(sent).toEqual([undefined, tokenAt(5), tokenAt(5), tokenAt(5), tokenAt(8)]);
    expect(sessionStorage.getItem(READ_AFTER_KEY)).toBe(tokenAt(8));
  });

  it('is forgotten on signing out and after a 503 saying the server did not reach it', async () => {
    sessionStorage.setItem(READ_AFTER_KEY, tokenAt(5));
    forgetReadAfter();
    expect(sessionStorage.getItem(READ_AFTER_KEY)).toBeNull();

    sessionStorage.setItem(READ_AFTER_KEY, tokenAt(5));
    const notReached = JSON.stringify({ error: READ_AFTER_MESSAGES.notReached });
    const sent = answerInTurn({ status: 503, body: '{"error":"Starting"}' }, { status: 503, body: notReached }, {});
    await expect(apiRequest('GET', '/api/stats')).rejects.toThrow('503');
    expect(sessionStorage.getItem(READ_AFTER_KEY)).toBe(tokenAt(5));
    await expect(apiRequest('GET', '/api/stats')).rejects.toThrow(READ_AFTER_MESSAGES.notReached);
    await apiRequest('GET', '/api/stats');
    expect(sent).toEqual([tokenAt(5), tokenAt(5), undefined]);
  });
});

/** Answers each call with the next of `answers` (a status and its Retry-After header), recording when it came. */
function answerWithRetryAfter(...answers: Array<{ status: number; retryAfter?: string }>) {
  const sentAt: number[] = [];
  vi.stubGlobal('fetch', async () => {
    sentAt.push(Date.now());
    const { status, retryAfter } = answers[sentAt.length - 1]!;
    const body = status === 200 ? '{"ok":true}' : '{"error":"A newer release took over"}';
    return new Response(body, { status, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter } });
  });
  return sentAt;
}

describe('a 503 with Retry-After (decision 052)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is sent once more after that many seconds, and its answer is the call's", async () => {
    const sentAt = answerWithRetryAfter({ status: 503, retryAfter: '1' }, { status: 200 });
    const answer = apiRequest('POST', '/api/entries', { hours: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sentAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(sentAt).toEqual([0, 1000]);
  });

  it('waits at most 5 seconds, and fails when the second answer is a 503 too', async () => {
    const sentAt = answerWithRetryAfter({ status: 503, retryAfter: '120' }, { status: 503, retryAfter: '1' }, { status: 200 });
    const answer = expect(apiRequest('GET', '/api/stats')).rejects.toThrow('503: {"error":"A newer release took over"}');
    await vi.advanceTimersByTimeAsync(10_000);
    await answer;
    expect(sentAt).toEqual([0, MOST_RETRY_AFTER_SECONDS * 1000]);
  });

  it('is not sent again without Retry-After, nor for another status with it', async () => {
    const sentAt = answerWithRetryAfter({ status: 503 }, { status: 429, retryAfter: '1' }, { status: 200 });
    await expect(apiRequest('GET', '/api/stats')).rejects.toThrow('503');
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow('429');
    expect(sentAt).toEqual([0, 0]);
  });
});

describe('errorMessageOf', () => {
  it('extracts the server error field', () => {
    expect(errorMessageOf(new ApiError(409, '{"error":"This account already exists"}', ''), 'x')).toBe(
      'This account already exists',
    );
  });

  it('falls back to the body text, then to the fallback', () => {
    expect(errorMessageOf(new ApiError(500, 'boom', ''), 'Login failed')).toBe('boom');
    expect(errorMessageOf(new ApiError(500, '', ''), 'Login failed')).toBe('Login failed');
    expect(errorMessageOf('nope', 'Login failed')).toBe('Login failed');
  });
});
