import { describe, expect, it } from 'vitest';
import { adminUsersQuerySchema, totalPagesOf } from './user-list';

describe('the admin user list query', () => {
  it('defaults to page 1, no search and every role', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ page: 1, search: '', role: undefined });
    expect(adminUsersQuerySchema.parse({ page: '', role: '' })).toEqual({ page: 1, search: '', role: undefined });
  });

  it('reads page, search and role', () => {
    expect(adminUsersQuerySchema.parse({ page: '3', search: ' smith ', role: 'manager' })).toEqual({
      page: 3,
      search: 'smith',
      role: 'manager',
    });
  });

  it('refuses a bad page or role and unknown parameters', () => {
    expect(adminUsersQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe(
      'page must be a whole number of at least 1',
    );
    expect(adminUsersQuerySchema.safeParse({ role: 'boss' }).success).toBe(false);
    expect(adminUsersQuerySchema.safeParse({ pages: '1' }).success).toBe(false);
  });
});

it('has at least one page', () => {
  expect(totalPagesOf(0)).toBe(1);
  expect(totalPagesOf(50)).toBe(1);
  expect(totalPagesOf(51)).toBe(2);
});
