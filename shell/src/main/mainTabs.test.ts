import { describe, expect, it } from 'vitest';
import { linkedTab, tabsFor } from './mainTabs';

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

describe('linkedTab', () => {
  it("opens the tab a link names at '/', but not the Admin tab, which has its own route", () => {
    expect(linkedTab('add-entry')).toBe('add-entry');
    expect(linkedTab('manager')).toBe('manager');
    expect(linkedTab('admin')).toBeNull();
    expect(linkedTab('settings')).toBeNull();
    expect(linkedTab(null)).toBeNull();
  });
});
