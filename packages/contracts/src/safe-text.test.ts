import { describe, expect, it } from 'vitest';
import { departmentNameSchema, loginSchema, registrationSchema } from './accounts/schemas';
import { entryInputSchema } from './entries/schemas';
import { formFieldCreateSchema } from './form-fields/schemas';
import { findUnsafeText, formatValuePath, isSafeText, SAFE_TEXT_MESSAGES, safeString } from './safe-text';
import { userTargetCreateSchema } from './targets/schemas';

const registrationFields = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  department: 'Engineering',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('isSafeText', () => {
  it.each([
    ['plain text', 'Leadership course'],
    ['accents, CJK and emoji (surrogate pairs)', 'Zoë 研修 🎓👩🏽‍💻'],
    ['the empty string', ''],
    ['other control characters', 'tab\there\nnew line\u0001'],
  ])('accepts %s', (_, text) => {
    expect(isSafeText(text)).toBe(true);
  });

  it.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['a high surrogate at the end', 'end\ud83c'],
    ['two high surrogates in a row', '\ud83c\ud83c\udf93'],
    ['a low surrogate before its high one', '\udf93\ud83c'],
  ])('refuses %s', (_, text) => {
    expect(isSafeText(text)).toBe(false);
  });
});

describe('safeString', () => {
  it('refuses unsafe text with one message, before any other check', () => {
    const result = safeString({ error: 'Name is required' }).trim().min(1, 'Name is required').safeParse('\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([SAFE_TEXT_MESSAGES.unsafeText()]);
  });

  it('keeps the checks and transforms chained after it', () => {
    const name = safeString({ error: 'Name is required' }).trim().min(1, 'Name is required');
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(name.safeParse(' ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
  });
});

describe('findUnsafeText', () => {
  it('finds nothing in safe values of any shape', () => {
    expect(findUnsafeText({ a: ['x', 1, null, true, { b: 'y' }] })).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
    expect(findUnsafeText(12)).toBeUndefined();
  });

  it('gives the path of an unsafe value in nested objects and lists', () => {
    expect(findUnsafeText({ entries: [{ notes: 'ok' }, { notes: 'bad\u0000' }] })).toEqual(['entries', 1, 'notes']);
    expect(findUnsafeText('\ud800')).toEqual([]);
  });

  it('checks keys too', () => {
    expect(findUnsafeText({ customFields: { 'name\u0000': 'x' } })).toEqual(['customFields', 'name\u0000']);
  });

  it('walks a very deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(200_000);
  });
});

describe('formatValuePath', () => {
  it('writes keys with dots and indexes in brackets', () => {
    expect(formatValuePath(['entries', 2, 'notes'])).toBe('entries[2].notes');
    expect(formatValuePath([0, 'a'])).toBe('[0].a');
  });

  it('never carries unsafe characters, long keys or deep paths back', () => {
    expect(formatValuePath(['customFields', 'na\u0000me\ud800'])).toBe('customFields.na\ufffdme\ufffd');
    expect(formatValuePath(['x'.repeat(1000)])).toBe(`${'x'.repeat(40)}…`);
    expect(formatValuePath(Array.from({ length: 100 }, () => 0))).toBe(`${'[0]'.repeat(8)}…`);
  });
});

describe('the request schemas of contracts', () => {
  const unsafe = SAFE_TEXT_MESSAGES.unsafeText();
  const firstMessage = (
    schema: { safeParse(value: unknown): { error?: { issues: Array<{ message: string }> } } },
    value: unknown,
  ) => schema.safeParse(value).error?.issues[0]?.message;
  const entry = { firstName: 'Ada', lastName: 'Lovelace', trainingName: 'Course', date: '2025-03-01', hours: 1 };

  it.each([
    ['a registration name', registrationSchema('example.com'), { ...registrationFields, firstName: 'A\u0000' }],
    ['a sign-in name', loginSchema, { username: 'a\ud800@example.com', password: 'secret' }],
    ['a department name', departmentNameSchema, { name: 'R&D\u0000' }],
    ['an entry text', entryInputSchema, { ...entry, notes: 'half \udc00' }],
    ['a custom field name', entryInputSchema, { ...entry, customFields: { 'x\u0000': 'y' } }],
    ['a custom field value', entryInputSchema, { ...entry, customFields: { topic: '\ud800' } }],
    ['a form field label', formFieldCreateSchema, { name: 'topic', label: 'Topic\u0000', type: 'text' }],
    ['a target reason', userTargetCreateSchema, { userId: 1, year: 2025, targetHours: 10, reason: '\u0000' }],
  ])('refuse unsafe text in %s with the one message', (_, schema, value) => {
    expect(firstMessage(schema, value)).toBe(unsafe);
  });
});
