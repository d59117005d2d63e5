import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD } from './catalogue';
import { entryDetails, monthsUpTo, trainingEntries } from './entries';
import { describeOrganisation } from './organisation';
import { ORGANISATION_SIZES } from './sizes';

const TODAY = new Date('2026-03-15T12:00:00.000Z');
const organisation = describeOrganisation(ORGANISATION_SIZES.demo);
const period = monthsUpTo(TODAY, ORGANISATION_SIZES.demo.months);

describe('trainingEntries', () => {
  it('logs the size’s entries in order over the period, the same for a seed', () => {
    const entries = [...trainingEntries(organisation, { period })];
    expect(entries).toHaveLength(900);
    expect(entries[0]!.date >= '2024-09-15').toBe(true);
    expect(entries.at(-1)!.date <= '2026-03-15').toBe(true);
    expect(entries.map((entry) => entry.date).slice(-50) > ['2026-01-01']).toBe(true);
    expect([...trainingEntries(organisation, { period })]).toEqual(entries);
    expect([...trainingEntries(organisation, { period, seed: 2 })]).not.toEqual(entries);
  });

  it('gives everyone entries, rated or not, some innovative with notes, every one with the custom field', () => {
    const entries = [...trainingEntries(organisation, { period })];
    expect(new Set(entries.map((entry) => entry.person.index)).size).toBe(40);
    expect(new Set(entries.map((entry) => entry.rating))).toEqual(new Set([0, 2, 3, 4, 5]));
    const innovative = entries.filter((entry) => entry.beInnovative);
    expect(innovative.length / entries.length).toBeGreaterThan(0.08);
    expect(innovative.every((entry) => entry.notes.length > 0)).toBe(true);
    expect(
      entries.every((entry) => ['in_person', 'live_online', 'selfpaced'].includes(entry.customFields[CUSTOM_FIELD.name]!)),
    ).toBe(true);
    expect(entries.every((entry) => entry.hours >= 0.5 && (entry.hours * 4) % 1 === 0)).toBe(true);
  });

  it('reads as the product stores it, with the manager’s name', () => {
    const [entry] = trainingEntries(organisation, { period, count: 1 });
    const details = entryDetails(organisation, entry!);
    const manager = organisation.people[entry!.person.managerIndex ?? 0]!;
    expect(details).toMatchObject({
      firstName: entry!.person.firstName,
      department: entry!.person.department,
      hours: String(entry!.hours),
      managerName: entry!.person.managerIndex === null ? '' : `${manager.firstName} ${manager.lastName}`,
    });
  });
});
