import type { EntryStats, EntryView, FormFieldView } from '@tht/contracts';
import { fakeApi, type FakeRoutes } from './fakeApi';
import { currentUserResponse, departments } from './fixtures';

type EmployeeApiOptions = {
  entries?: EntryView[];
  stats?: EntryStats;
  formFields?: FormFieldView[];
  routes?: FakeRoutes;
};

/** The reads every mf-employee screen makes, answered for the fixture employee; `routes` adds or overrides. */
export function employeeApi({ entries = [], stats, formFields = [], routes = {} }: EmployeeApiOptions = {}) {
  return fakeApi({
    getCurrentUser: currentUserResponse,
    listAvailableYears: [2025, 2024],
    listEntries: entries,
    getStats: stats ?? { totalHours: 0, completedTraining: 0, thisMonth: 0 },
    listUserTargets: [],
    listYearlyTargets: [],
    listUsers: [],
    listDepartments: departments,
    listManagers: [{ id: 3, firstName: 'Grace', lastName: 'Hopper' }],
    listFormFields: formFields,
    listMyExpiringCertificates: [],
    listEvidence: [],
    ...routes,
  });
}
