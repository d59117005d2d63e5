import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { QUERY_MESSAGES, queryParametersSchema } from './query-parameters';

const query = queryParametersSchema({ userId: z.coerce.number().optional(), year: z.coerce.number().optional() });
const messagesOf = (value: unknown) => query.safeParse(value).error?.issues.map((issue) => issue.message);

describe('queryParametersSchema', () => {
  it('parses the known parameters, each optional as declared', () => {
    expect(query.parse({ userId: '7', year: '2025' })).toEqual({ userId: 7, year: 2025 });
    expect(query.parse({})).toEqual({});
  });

  it('refuses names it does not know, naming the ones it does', () => {
    expect(messagesOf({ 'userId[]': '1' })).toEqual([QUERY_MESSAGES.unknownParameters(['userId[]'], ['userId', 'year'])]);
    expect(messagesOf({ userid: '1' })?.[0]).toBe(
      'Unknown query parameter: userid. This address takes userId, year, each given once as a single value.',
    );
  });

  it('names only its own parameters once picked from', () => {
    expect(query.pick({ year: true }).safeParse({ userId: '1' }).error?.issues[0]?.message).toBe(
      QUERY_MESSAGES.unknownParameters(['userId'], ['year']),
    );
  });

  it('refuses a parameter given several times or as an object, before reading its value', () => {
    expect(messagesOf({ userId: ['1', '1'] })?.[0]).toBe('Query parameter userId must be given once, as a single value');
    expect(messagesOf({ year: { gt: '1' } })?.[0]).toBe(QUERY_MESSAGES.singleValue('year'));
  });
});
