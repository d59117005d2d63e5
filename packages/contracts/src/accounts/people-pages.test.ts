import { describe, expect, it } from 'vitest';
import { queryParametersSchema } from '../query-parameters';
import { peoplePageOf, peoplePageParameters, totalPagesOf } from './people-pages';

const peoplePageQuery = queryParametersSchema(peoplePageParameters);

describe('the query of a page of people', () => {
  it('defaults to page 1, no search and every role', () => {
    expect(peoplePageQuery.parse({})).toEqual({ page: 1, search: '', role: undefined });
    expect(peoplePageQuery.parse({ page: '', role: '' })).toEqual({ page: 1, search: '', role: undefined });
  });

  it('reads page, search and role', () => {
    expect(peoplePageQuery.parse({ page: '3', search: ' smith ', role: 'manager' })).toEqual({
      page: 3,
      search: 'smith',
      role: 'manager',
    });
  });

  it('refuses a bad page or role and unknown parameters', () => {
    expect(peoplePageQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('page must be a whole number of at least 1');
    expect(peoplePageQuery.safeParse({ role: 'boss' }).success).toBe(false);
    expect(peoplePageQuery.safeParse({ pages: '1' }).success).toBe(false);
  });
});

it('has at least one page', () => {
  expect(totalPagesOf(0)).toBe(1);
  expect(totalPagesOf(50)).toBe(1);
  expect(totalPagesOf(51)).toBe(2);
  expect(peoplePageOf(2, 120)).toEqual({ total: 120, page: 2, pageSize: 50, totalPages: 3 });
});
