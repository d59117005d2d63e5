/** Texts of the Manager View and its API: screens, empty states and refusals, word for word. */
export const MANAGER_MESSAGES = {
  // Server answers.
  invalidManagerId: 'Manager id must be a whole number of at least 1',
  teamAccessDenied: "You do not have access to this manager's team",

  // The dashboard, its loading texts and empty states.
  title: 'Manager Dashboard',
  statsTitle: 'Team Statistics',
  progressTitle: 'Training Progress',
  detailsTitle: 'Team Details',
  topicsTitle: 'Popular Topics',
  hoursChartTitle: 'Team Hours per Month',
  loading: 'Loading...',
  loadingEmployees: 'Loading employee data...',
  loadingProgress: 'Loading progress data...',
  loadingTopics: 'Loading topics...',
  noTopics: 'No training topics found for the selected year.',
  noRecords: (year: number) => `No training records found for ${year}`,
  noReports: 'No one reports to you yet. People who choose you as their manager appear here.',
} as const;
