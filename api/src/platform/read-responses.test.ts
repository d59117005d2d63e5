import { describe, expect, it } from 'vitest';
import { createReadModelCaches } from './read-model-cache';
import { createResponseCache, ifNoneMatchHits, renderJson, responseKey } from './read-responses';

describe('renderJson', () => {
  it('gives the bytes of the JSON text and a strong ETag that is the same for the same bytes only', () => {
    const rendered = renderJson('{"totalHours":1.5}');
    expect(rendered.body.toString()).toBe('{"totalHours":1.5}');
    expect(rendered.etag).toMatch(/^"[\w-]{43}"$/);
    expect(renderJson('{"totalHours":1.5}').etag).toBe(rendered.etag);
    expect(renderJson('{"totalHours":2.5}').etag).not.toBe(rendered.etag);
  });

  it('counts bytes, not characters', () => {
    expect(renderJson('"Zoë"').body.length).toBe(6);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';
  it('matches the tag, its weak form, one of a list, or *', () => {
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
  });

  it('does not match a missing header, another tag or the tag without quotes', () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
    expect(ifNoneMatchHits('"abd"', etag)).toBe(false);
    expect(ifNoneMatchHits('abc', etag)).toBe(false);
  });
});

describe('responseKey', () => {
  it('names the route and every parameter in order, an absent one as null, so no two meanings share a key', () => {
    expect(responseKey('entries', 7, 2025)).toBe('["entries",7,2025]');
    expect(responseKey('entries', 7, undefined)).toBe('["entries",7,null]');
    expect(responseKey('entries', 7, undefined)).not.toBe(responseKey('entries', 7, 2025));
    expect(responseKey('admin users', 1, 'a b', undefined)).not.toBe(responseKey('admin users', 1, 'a', 'b'));
    expect(responseKey('users', true)).not.toBe(responseKey('users', 'true'));
  });
});

describe('the response cache', () => {
  it('keeps bodies within its byte budget, the least recently used going first', async () => {
    const caches = createReadModelCaches();
    caches.setTrusted(true);
    const responses = caches.add(createResponseCache({ maxWeight: 10 }));
    let renders = 0;
    const find = (key: string, text: string) =>
      responses.find(key, async () => {
        renders += 1;
        return renderJson(text);
      });
    await find('a', '"aaaa"'); // 6 bytes
    await find('b', '"bb"'); // 4 bytes: 10 in all
    await find('a', '"aaaa"'); // a is now the most recently used
    expect(renders).toBe(2);
    await find('c', '"c"'); // 3 bytes: b goes
    await find('a', '"aaaa"');
    expect(renders).toBe(3);
    await find('b', '"bb"');
    expect(renders).toBe(4);
    await find('big', '"more than ten bytes"'); // never kept
    await find('big', '"more than ten bytes"');
    expect(renders).toBe(6);
  });
});
