import type {
  HrEmployee,
  HrEmployeesPage,
  HrStats,
  HrTrends,
  TopCourse,
  TopicCount,
  UserTarget,
  YearlyTarget,
} from '@tht/contracts';
import type { HrRoutes } from './hrTestApi';

export const YEAR = 2025;

export function hrStats(overrides: Partial<HrStats> = {}): HrStats {
  return {
    year: YEAR,
    totalUsers: 7,
    totalHours: 20.75,
    completedTraining: 9,
    innovativeEntries: 6,
    innovativeHours: 12.75,
    innovationRate: 67,
    recentInnovative: [
      {
        id: 7,
        userId: 2,
        employeeName: 'Bob Brown',
        trainingName: 'Cloud Security',
        date: '2025-08-01',
        hours: 2,
        notesPreview: '',
      },
      {
        id: 5,
        userId: 2,
        employeeName: 'Bob Brown',
        trainingName: 'Excel Skills',
        date: '2025-03-10',
        hours: 1.25,
        notesPreview: 'Spreadsheets...',
      },
      {
        id: 1,
        userId: 1,
        employeeName: 'Ada Adams',
        trainingName: 'Excel Skills',
        date: '2025-03-10',
        hours: 2.5,
        notesPreview: 'Data analytics',
      },
      { id: 8, userId: 3, employeeName: 'Carl Clark', trainingName: 'Negotiation', date: '2025-02-02', hours: 5, notesPreview: '' },
      {
        id: 9,
        userId: 3,
        employeeName: 'Carl Clark',
        trainingName: 'Webinar on AI',
        date: '2025-01-10',
        hours: 1,
        notesPreview: '',
      },
    ],
    elapsedShare: 1,
    target: { targetHours: 1400, description: 'Grow', progressPercent: 1, onTrack: false, hoursToGetBackOnTrack: 1100 },
    ...overrides,
  };
}

export function employee(overrides: Partial<HrEmployee> & Pick<HrEmployee, 'id' | 'name'>): HrEmployee {
  return {
    email: `${overrides.name.split(' ')[0]!.toLowerCase()}@example.com`,
    role: 'employee',
    department: 'Engineering',
    totalHours: 0,
    completedTraining: 0,
    targetHours: 200,
    hasOwnTarget: false,
    recentCourses: [],
    ...overrides,
  };
}

export const employees: HrEmployee[] = [
  employee({
    id: 1,
    name: 'Ada Adams',
    totalHours: 7.5,
    completedTraining: 3,
    targetHours: 40,
    hasOwnTarget: true,
    recentCourses: [
      { trainingName: 'Excel Skills', date: '2025-07-04' },
      { trainingName: 'Leadership Essentials', date: '2025-05-01' },
    ],
  }),
  employee({ id: 2, name: 'Bob Brown', department: 'Finance', totalHours: 6.25, completedTraining: 3 }),
  employee({ id: 3, name: 'Carl Clark', role: 'manager', totalHours: 7, completedTraining: 3 }),
  employee({ id: 4, name: 'Hana Hughes', role: 'hr' }),
];

/** A page of the employee table holding `rows`. */
export function employeesPage(rows: HrEmployee[], overrides: Partial<HrEmployeesPage> = {}): HrEmployeesPage {
  return {
    employees: rows,
    total: rows.length,
    page: 1,
    pageSize: 50,
    totalPages: 1,
    allEmployees: employees.length,
    bulkTargetHours: 40,
    ...overrides,
  };
}

/**
 * GET /api/hr/employees over `employees`, keeping the query's search (name or e-mail) and role, so
 * a screen shows what it asked for. Sorting and paging are the server's (tested there); tests of
 * the screen check what it asks for.
 */
export function employeePages({ url }: { url: string }): HrEmployeesPage {
  const query = new URL(url, 'http://localhost').searchParams;
  const search = (query.get('search') ?? '').toLowerCase();
  const role = query.get('role') ?? '';
  return employeesPage(
    employees.filter(
      (person) =>
        (role === '' || person.role === role) &&
        (person.name.toLowerCase().includes(search) || person.email.toLowerCase().includes(search)),
    ),
  );
}

export const topCourses: TopCourse[] = [
  { trainingName: 'Negotiation', averageRating: 5, completions: 1 },
  { trainingName: 'Excel Skills', averageRating: 4.5, completions: 2 },
];

export const topics: TopicCount[] = [
  { topic: 'Excel', count: 3 },
  { topic: 'Leadership', count: 2 },
];

export const trends: HrTrends = {
  year: YEAR,
  hoursByMonth: [2, 5, 3.75, 0, 4, 3, 1, 2, 0, 0, 0, 0],
  targetPace: [119, 226, 345, 460, 579, 694, 813, 932, 1047, 1166, 1281, 1400],
  hoursByDepartment: [
    { department: 'Engineering', hours: 14.5, employees: 2 },
    { department: 'Finance', hours: 6.25, employees: 1 },
  ],
};

const RECORDED_AT = '2025-01-02T09:00:00.000Z';

/** A yearly target (also a fiscal year) as the API answers it. */
export function aYearlyTarget(year: number, targetHours: number, description: string | null = null): YearlyTarget {
  return { id: 3, year, targetHours, description, createdAt: RECORDED_AT, updatedAt: RECORDED_AT };
}

/** A person's target as the API answers it, set by HR (user 9). */
export function aUserTarget(userId: number, year: number, targetHours: number): UserTarget {
  return { id: 5, userId, year, targetHours, reason: 'HR adjustment', setBy: 9, createdAt: RECORDED_AT, updatedAt: RECORDED_AT };
}

export const fiscalYears: YearlyTarget[] = [
  {
    id: 2,
    year: 2025,
    targetHours: 1400,
    description: 'Grow',
    createdAt: '2025-01-02T09:00:00.000Z',
    updatedAt: '2025-01-02T09:00:00.000Z',
  },
];

/** Every read of the dashboard for YEAR. */
export function dashboardRoutes(overrides: HrRoutes = {}): HrRoutes {
  return {
    [`getHrStats?year=${YEAR}`]: hrStats(),
    listHrEmployees: employeePages,
    [`listTopCourses?year=${YEAR}`]: topCourses,
    [`listHrTopics?year=${YEAR}`]: topics,
    [`getHrTrends?year=${YEAR}`]: trends,
    listAvailableYears: [YEAR, 2024],
    listFiscalYears: fiscalYears,
    listExpiringCertificates: [],
    listDepartments: [],
    ...overrides,
  };
}
