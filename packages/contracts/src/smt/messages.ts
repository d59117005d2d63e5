/** Texts of the SMT View and its API: screens, loading texts, empty states and refusals, word for word. */
export const SMT_MESSAGES = {
  // Server answers.
  smtAccessRequired: 'SMT or admin access required',

  // The dashboard: title, controls and section titles.
  title: 'SMT Dashboard',
  exportLabel: 'Export',
  exportYear: (year: number) => `Export ${year}`,
  printView: 'Print view',
  activeEmployees: 'Active Employees',
  totalTrainingHours: 'Total Training Hours',
  averageHoursPerEmployee: 'Avg Hours per Employee',
  cardsLabel: 'Key figures',
  targetTitle: (year: number) => `Organisational Target ${year}`,
  targetProgressLabel: (year: number) => `Progress towards the organisational target of ${year}`,
  topicsTitle: 'Top Enterprise Topics',
  innovativeTitle: 'Be Innovative',
  latestHighlights: 'Latest highlights',
  topCoursesTitle: 'Top Courses by Rating',
  departmentsTitle: 'Hours by Department',
  departmentsTableCaption: (year: number) => `Training hours by department in ${year}`,
  showAsTable: 'Show as table',
  comparedWith: (year: number) => `vs ${year}`,
  noComparison: (year: number) => `No figures for ${year}`,

  // Loading texts.
  loading: 'Loading...',
  loadingProgress: 'Loading progress data...',
  loadingTopics: 'Loading topics...',
  loadingCourses: 'Loading courses...',

  // Empty states.
  noTarget: (year: number) => `No training target set for ${year}`,
  noInnovative: (year: number) => `No innovative entries found for ${year}`,
  noCourses: (year: number) => `No highly rated courses found for ${year}`,
  noTopics: 'No training topics found for the selected year.',
  noDepartments: (year: number) => `No training records found for ${year}`,
  failedToLoad: 'The overview could not be loaded.',
} as const;
