import { describe, expect, it } from 'vitest';
import { describeOrganisation, managerCount, personWithRole } from './organisation';
import { ORGANISATION_SIZES } from './sizes';

describe('describeOrganisation', () => {
  it('puts the SMT director at the top, the admin, HR and the managers under her, every employee under a manager', () => {
    const { people, departments } = describeOrganisation(ORGANISATION_SIZES.demo);
    expect(people).toHaveLength(40);
    expect(departments).toHaveLength(5);
    expect(people.filter((person) => person.managerIndex === null).map((person) => person.role)).toEqual(['smt']);
    expect(people.filter((person) => person.role === 'manager')).toHaveLength(5);
    for (const person of people.filter((each) => each.role !== 'smt')) {
      const manager = people[person.managerIndex!]!;
      expect(manager.index).toBeLessThan(person.index);
      expect(manager.role, person.emailName).toBe(person.role === 'employee' ? 'manager' : 'smt');
    }
    expect(new Set(people.map((person) => person.department))).toEqual(new Set(departments));
  });

  it('names the demo accounts the docs and the demo test name', () => {
    const organisation = describeOrganisation(ORGANISATION_SIZES.demo);
    const names = (['smt', 'admin', 'hr', 'manager', 'employee'] as const).map(
      (role) => personWithRole(organisation, role).emailName,
    );
    expect(names).toEqual(['helen.carter', 'morgan.reed', 'priya.shah', 'daniel.brooks', 'olivia.bennett']);
  });

  it('gives the e2e one manager with three reports in two departments', () => {
    const organisation = describeOrganisation(ORGANISATION_SIZES.e2e);
    const { people } = organisation;
    const reports = people.filter((person) => person.role === 'employee');
    expect(people.map((person) => person.role).sort()).toEqual([
      'admin',
      'employee',
      'employee',
      'employee',
      'hr',
      'manager',
      'smt',
    ]);
    expect(new Set(reports.map((report) => report.managerIndex))).toEqual(new Set([personWithRole(organisation, 'manager').index]));
    expect(reports.map((report) => report.department)).toEqual([
      'Research and Development',
      'Research and Development',
      'Customer Operations and Support',
    ]);
  });

  it('makes 10,000 people with unique e-mail names and teams of at most the team size', () => {
    const size = ORGANISATION_SIZES.benchmark;
    const { people } = describeOrganisation(size);
    expect(people).toHaveLength(10_000);
    expect(new Set(people.map((person) => person.emailName)).size).toBe(10_000);
    const teams = new Map<number, number>();
    for (const person of people)
      if (person.role === 'employee') teams.set(person.managerIndex!, (teams.get(person.managerIndex!) ?? 0) + 1);
    expect(teams.size).toBe(managerCount(size));
    expect(Math.max(...teams.values())).toBeLessThanOrEqual(size.teamSize);
  });

  it('sets targets for the managers, HR and a few part-timers', () => {
    const { people } = describeOrganisation(ORGANISATION_SIZES.demo);
    const targets = people.filter((person) => person.targetHours !== undefined);
    expect(targets.filter((person) => person.role === 'manager')).toHaveLength(5);
    expect(targets.filter((person) => person.role === 'employee').map((person) => person.targetHours)).toEqual([15, 15, 15, 15]);
  });
});
