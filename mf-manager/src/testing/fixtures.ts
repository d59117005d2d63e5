import type { CurrentUserResponse, EntryView, ManagerEmployeeStats, ManagerStats, UserSummary } from '@tht/contracts';

export const YEAR = 2025;

export const managerUser: CurrentUserResponse['user'] = {
  id: 3,
  username: 'grace.hopper@example.com',
  email: 'grace.hopper@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'manager',
  managerId: null,
  managerName: null,
  department: 'Engineering',
  firstLoginRequired: false,
  lastLogin: null,
  createdAt: '2025-01-01T09:00:00.000Z',
  updatedAt: '2025-01-01T09:00:00.000Z',
};

export const currentUserResponse: CurrentUserResponse = {
  user: managerUser,
  requiresPasswordChange: false,
  hasDirectReports: true,
  passwordSignIn: true,
};

export function aReport(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 7,
    username: 'ada.adams@example.com',
    email: 'ada.adams@example.com',
    firstName: 'Ada',
    lastName: 'Adams',
    role: 'employee',
    managerId: managerUser.id,
    managerName: 'Grace Hopper',
    department: 'Engineering',
    ...overrides,
  };
}

export function employeeStats(overrides: Partial<ManagerEmployeeStats> = {}): ManagerEmployeeStats {
  return {
    id: 7,
    name: 'Ada Adams',
    totalHours: 6.5,
    completedTraining: 2,
    highRatedTraining: 2,
    targetHours: 40,
    scheduleStatus: 'behind-schedule',
    expiringCertificates: [],
    ...overrides,
  };
}

export function teamStats(overrides: Partial<ManagerStats> = {}): ManagerStats {
  return {
    year: YEAR,
    totalEmployees: 2,
    totalHours: 7.75,
    completedTraining: 3,
    thisMonth: 2.5,
    targetHours: 165,
    scheduleStatus: 'behind-schedule',
    hoursByMonth: [2.5, 0, 5.25, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    popularTopics: [
      { topic: 'Management', count: 2 },
      { topic: 'Leadership', count: 1 },
    ],
    employeeStats: [
      employeeStats(),
      employeeStats({ id: 8, name: 'Bob Brown', totalHours: 1.25, completedTraining: 1, highRatedTraining: 0, targetHours: 125 }),
    ],
    ...overrides,
  };
}

export function anEntry(overrides: Partial<EntryView> = {}): EntryView {
  return {
    id: 11,
    userId: 7,
    employeeName: 'Ada Adams',
    trainingName: 'Leadership Essentials',
    date: '2025-03-14',
    firstName: 'Ada',
    lastName: 'Adams',
    managerName: 'Grace Hopper',
    department: 'Engineering',
    hours: '2.5',
    notes: '',
    rating: 5,
    beInnovative: true,
    trainingType: 'internal',
    courseGivenBy: 'Academy',
    customFields: {},
    validUntil: null,
    createdAt: '2025-03-14T10:00:00.000Z',
    updatedAt: '2025-03-14T10:00:00.000Z',
    evidenceCount: 0,
    source: null,
    ...overrides,
  };
}
