/** Texts of the HR View and its API (SPEC sections 2, 8 and 9; verbatim where the SPEC gives them). */
export const HR_MESSAGES = {
  // Server answers.
  hrAccessRequired: 'HR or admin access required',
  exportAccessRequired: 'HR, SMT or admin access required',
  exportFormat: "Format must be 'csv' or 'xlsx'",
  exportInnovativeFlag: "innovative must be 'true' or 'false'",

  // The dashboard: title, buttons and section titles.
  title: 'HR Dashboard',
  exportAllData: 'Export All Data',
  exportAllDataExcel: 'Export All Data (Excel)',
  yearlyTargetTitle: (year: number) => `Organisation Target ${year}`,
  setTarget: 'Set Target',
  editTarget: 'Edit Target',
  manageFiscalYears: 'Manage Fiscal Years',
  statsTitle: 'Organisation Statistics',
  innovativeTitle: 'Be Innovative',
  exportInnovative: 'Export innovative entries',
  topCoursesTitle: 'Top Rated Courses',
  employeesTitle: 'Employees',
  setEmployeeTargets: 'Set employee targets',
  topicsTitle: 'Popular Topics',
  trendsTitle: 'Training Trends',

  // Loading texts (SPEC section 2).
  loading: 'Loading...',
  loadingEmployees: 'Loading employees...',
  loadingCourses: 'Loading courses...',
  loadingTopics: 'Loading topics...',

  // Empty states (SPEC section 8).
  noTarget: (year: number) => `No training target set for ${year}`,
  noInnovative: (year: number) => `No innovative entries found for ${year}`,
  noCourses: (year: number) => `No highly rated courses found for ${year}`,
  noEmployeesMatching: 'No employees found matching the selected criteria.',
  noTopics: 'No training topics found for the selected year.',
  noRecords: (year: number) => `No training records found for ${year}`,
  noUsers: 'No users found',
  noFiscalYears: 'No fiscal years configured yet.',
  showingEmployees: (shown: number, total: number) => `Showing ${shown} of ${total} employees`,

  // Toasts of the fiscal-year dialog (SPEC section 8).
  fiscalYearCreated: (year: number) => `Fiscal year ${year} created`,
} as const;
