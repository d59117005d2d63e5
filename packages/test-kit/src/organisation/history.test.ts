import { describe, expect, it } from 'vitest';
import { organisationHistory } from './history';
import { describeOrganisation } from './organisation';
import { ORGANISATION_SIZES } from './sizes';

const FROM = new Date('2026-01-05T08:00:00.000Z');

describe('organisationHistory', () => {
  const organisation = describeOrganisation(ORGANISATION_SIZES.small);
  const history = organisationHistory(organisation, { from: FROM });
  const appends = [...history.appends()];

  it('yields as many appends as it announces, a minute apart unless told the end', () => {
    expect(appends).toHaveLength(history.appendCount);
    expect(history.timeOf(960)).toEqual(new Date('2026-01-06T00:00:00.000Z'));
    const spread = organisationHistory(organisation, { from: FROM, to: new Date('2026-02-05T08:00:00.000Z') });
    expect(spread.timeOf(spread.appendCount)).toEqual(new Date('2026-02-05T08:00:00.000Z'));
  });

  it('appends each stream in order: the versions it expects are the ones the stream has', () => {
    const versions = new Map<string, number>();
    for (const append of appends) {
      const current = versions.get(append.stream);
      if (append.expected === 'no_stream') expect(current, append.stream).toBeUndefined();
      else if (append.expected !== 'any') expect(current, append.stream).toBe(append.expected);
      versions.set(append.stream, (current ?? -1) + append.events.length);
    }
  });

  it('has every kind of change the read models follow', () => {
    const types = new Set(appends.flatMap((append) => append.events.map((event) => event.type)));
    for (const type of [
      'DepartmentCreated',
      'DepartmentRenamed',
      'FormFieldOptionAdded',
      'UserCreated',
      'UserRegistered',
      'UserUpdated',
      'UserLoggedIn',
      'UserLoggedOut',
      'PasswordChanged',
      'EntryLogged',
      'EntryEdited',
      'EntryDeleted',
    ]) {
      expect(types, type).toContain(type);
    }
  });

  it('dates no entry before the start, and moves some edited ones to the year before', () => {
    const events = appends.flatMap((append) => append.events);
    const datesOf = (type: string) =>
      events.flatMap((event) => (event.type === type ? [(event.data as { date: string }).date] : []));
    expect(datesOf('EntryLogged').every((date) => date >= '2026-01-05')).toBe(true);
    expect(datesOf('EntryEdited').some((date) => date.startsWith('2025'))).toBe(true);
  });
});
