import type { SmtOverview } from '@tht/contracts';

export const YEAR = 2025;

/** An overview as the API answers it for a past year (the whole year elapsed). */
export function anOverview(overrides: Partial<SmtOverview> = {}): SmtOverview {
  const year = overrides.year ?? YEAR;
  return {
    year,
    activeEmployees: 4,
    totalHours: 20,
    averageHoursPerEmployee: 5,
    totalAccounts: 8,
    previousYear: { year: year - 1, activeEmployees: 2, totalHours: 16, averageHoursPerEmployee: 8 },
    elapsedShare: 1,
    target: {
      targetHours: 25,
      description: 'Everyone learns',
      progressPercent: 80,
      completedPercent: 80,
      onTrack: true,
      hoursToGetBackOnTrack: 0,
      badge: 'On Track',
    },
    topics: [
      { topic: 'Leadership', count: 2 },
      { topic: 'Excel', count: 2 },
      { topic: 'Risk', count: 1 },
    ],
    innovation: {
      entries: 4,
      hours: 10.75,
      rate: 44,
      highlights: [
        {
          id: 6,
          userId: 12,
          employeeName: 'Bob Brown',
          trainingName: 'Agile Coaching',
          date: '2025-08-01',
          hours: 2,
          notesPreview: '',
        },
        {
          id: 4,
          userId: 12,
          employeeName: 'Bob Brown',
          trainingName: 'Cloud Security',
          date: '2025-03-10',
          hours: 1.25,
          notesPreview: 'Phishing drills...',
        },
        {
          id: 1,
          userId: 11,
          employeeName: 'Ada Adams',
          trainingName: 'Excel Skills',
          date: '2025-03-10',
          hours: 2.5,
          notesPreview: 'Data analytics with Excel',
        },
      ],
    },
    topRatedEntries: [
      {
        id: 9,
        userId: 13,
        employeeName: 'Sam Smith',
        department: 'Executive',
        trainingName: 'Strategy offsite',
        courseGivenBy: 'Board Academy',
        date: '2025-09-09',
        hours: 0.25,
        rating: 5,
      },
      {
        id: 2,
        userId: 11,
        employeeName: 'Ada Adams',
        department: 'Engineering',
        trainingName: 'Leadership Essentials',
        courseGivenBy: '',
        date: '2025-05-01',
        hours: 4,
        rating: 4,
      },
    ],
    hoursByDepartment: [
      { department: 'Engineering', hours: 13.5, employees: 2 },
      { department: 'Finance', hours: 6.25, employees: 1 },
      { department: 'Executive', hours: 0.25, employees: 1 },
    ],
    ...overrides,
  };
}

/** A year with nothing at all: no entries, no target. */
export function anEmptyOverview(year = YEAR): SmtOverview {
  return anOverview({
    year,
    activeEmployees: 0,
    totalHours: 0,
    averageHoursPerEmployee: 0,
    previousYear: { year: year - 1, activeEmployees: 0, totalHours: 0, averageHoursPerEmployee: 0 },
    target: null,
    topics: [],
    innovation: { entries: 0, hours: 0, rate: 0, highlights: [] },
    topRatedEntries: [],
    hoursByDepartment: [],
  });
}
