import { describe, expect, it } from 'vitest';
import { queryParametersSchema } from '../query-parameters';
import { peoplePageOf, peoplePageParameters, totalPagesOf } from './people-pages';

const peoplePageQuery = queryParametersSchema(peoplePageParameters);

describe('the query of a page of people', () => {
  it('defaults to page 1, no search, every role and the active accounts', () => {
    expect(peoplePageQuery.parse({})).toEqual({ page: 1, search: '', role: undefined, status: 'active' });
    expect(peoplePageQuery.parse({ page: '', role: '', status: '' })).toEqual({
      page: 1,
      search: '',
      role: undefined,
      status: 'active',
    });
  });

  it('reads page, search, role and status', () => {
    expect(peoplePageQuery.parse({ page: '3', search: ' smith ', role: 'manager', status: 'deactivated' })).toEqual({
      page: 3,
      search: 'smith',
      role: 'manager',
      status: 'deactivated',
    });
    expect(peoplePageQuery.parse({ status: 'all' }).status).toBe('all');
  });

  it('refuses a bad page or role and unknown parameters', () => {
    expect(peoplePageQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('page must be a whole number of at least 1');
    expect(peoplePageQuery.safeParse({ role: 'boss' }).success).toBe(false);
    expect(peoplePageQuery.safeParse({ status: 'gone' }).error?.issues[0]?.message).toBe(
      'status must be one of active, deactivated, all (active when absent)',
    );
    expect(peoplePageQuery.safeParse({ pages: '1' }).success).toBe(false);
  });
});

it('has at least one page', () => {
  expect(totalPagesOf(0)).toBe(1);
  expect(totalPagesOf(50)).toBe(1);
  expect(totalPagesOf(51)).toBe(2);
  expect(peoplePageOf(2, 120)).toEqual({ total: 120, page: 2, pageSize: 50, totalPages: 3 });
});
