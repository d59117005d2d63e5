import { describe, expect, it } from 'vitest';
import { tabsFor } from './mainTabs';

const labels = (role: Parameters<typeof tabsFor>[0]['role'], hasDirectReports = false) =>
  tabsFor({ role, hasDirectReports }).map((tab) => tab.label);

describe('tabsFor', () => {
  it('gives each role its tabs', () => {
    expect(labels('employee')).toEqual(['My Dashboard', 'Add Entry']);
    expect(labels('manager')).toEqual(['My Dashboard', 'Add Entry', 'Manager View']);
    expect(labels('hr')).toEqual(['My Dashboard', 'Add Entry', 'HR View']);
    expect(labels('smt')).toEqual(['My Dashboard', 'Add Entry', 'SMT View']);
    expect(labels('admin')).toEqual(['My Dashboard', 'Add Entry', 'HR View', 'SMT View', 'Admin']);
  });

  it('unlocks Manager View for anyone with direct reports', () => {
    expect(labels('employee', true)).toEqual(['My Dashboard', 'Add Entry', 'Manager View']);
    expect(labels('admin', true)).toContain('Manager View');
  });
});
