/** Texts of the HR View and its API: screens, loading texts, empty states and refusals, word for word. */
export const HR_MESSAGES = {
  // Server answers.
  hrAccessRequired: 'HR or admin access required',
  exportAccessRequired: 'HR, SMT or admin access required',
  exportFormat: "Format must be 'csv' or 'xlsx'",
  exportInnovativeFlag: "innovative must be 'true' or 'false'",
  exportEvidenceFlag: "evidence must be 'true' or 'false'",
  exportEvidenceNotAsOf: 'The evidence files are exported as they are now: leave out asOf, or evidence',
  exportEvidenceAccessRequired: 'HR or admin access required to export the evidence files',

  // The dashboard: title, buttons and section titles.
  title: 'HR Dashboard',
  exportAllData: 'Export All Data',
  exportAllDataExcel: 'Export All Data (Excel)',
  yearlyTargetTitle: (year: number) => `Organisation Target ${year}`,
  setTarget: 'Set Target',
  editTarget: 'Edit Target',
  manageFiscalYears: 'Manage Fiscal Years',
  statsTitle: 'Organisation Statistics',
  innovativeTitle: 'Innovation Summary',
  exportInnovative: 'Export innovative entries',
  topCoursesTitle: 'Top Rated Courses',
  employeesTitle: 'Employees',
  /** In place of the employee table while the dashboard shows a past day. */
  employeesToday: "The employee table lists today's people and targets: go back to today to see it and set targets.",
  setEmployeeTargets: 'Set employee targets',
  topicsTitle: 'Popular Topics',
  trendsTitle: 'Training Trends',

  // Loading texts.
  loading: 'Loading...',
  loadingProgress: 'Loading progress data...',
  loadingEmployees: 'Loading employees...',
  loadingCourses: 'Loading courses...',
  loadingTopics: 'Loading topics...',

  // Empty states.
  noTarget: (year: number) => `No training target set for ${year}`,
  noInnovative: (year: number) => `No innovative entries found for ${year}`,
  noCourses: (year: number) => `No highly rated courses found for ${year}`,
  noEmployeesMatching: 'No employees found matching the selected criteria.',
  noTopics: 'No training topics found for the selected year.',
  noRecords: (year: number) => `No training records found for ${year}`,
  noUsers: 'No users found',
  noFiscalYears: 'No fiscal years configured yet.',
  showingEmployees: (shown: number, total: number) => `Showing ${shown} of ${total} employees`,
  employeePages: 'Employee table pages',

  // The yearly target card and the employee table.
  progressLabel: 'Progress towards the organisation target',
  hoursOfTarget: (hours: number, target: number) => `${hours} of ${target} hours`,
  hoursToGetBackOnTrack: (hours: number) => `${hours} hours needed to get back on track`,
  editUserTarget: (name: string) => `Edit target for ${name}`,
  userTargetTitle: (name: string, year: number) => `Target for ${name} in ${year}`,
  searchEmployees: 'Search employees',
  searchPlaceholder: 'Search by name or email',
  roleFilter: 'Role',
  showTable: 'Show as table',

  // The 'Set employee targets' dialog: everyone, or the people picked by searching.
  allEmployees: (count: number) => `All employees (${count})`,
  findEmployees: 'Find employees',
  chosenEmployees: (count: number) => `${count} chosen`,
  pickerPages: 'Pages of employees to choose from',
  showChart: 'Show as chart',

  // Fiscal-year dialog: a success toast of ours.
  fiscalYearCreated: (year: number) => `Fiscal year ${year} created`,
} as const;
