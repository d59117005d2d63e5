/** Texts of the expiring certificates' lists, screens and refusals, word for word. */
export const CERTIFICATE_MESSAGES = {
  // Server answers.
  invalidDays: (max: number) => `days must be a whole number from 1 to ${max}`,
  invalidDepartmentId: 'departmentId must be a whole number of at least 1',
  certificatesFormat: "Format must be 'json' or 'csv'",

  // Screens.
  title: 'Certificates expiring',
  dashboardEmpty: (days: number) => `No certificates expire within ${days} days.`,
  hrEmpty: (days: number) => `No certificates expire within ${days} days for the selected people.`,
  loading: 'Loading certificates...',
  allDepartments: 'All departments',
  departmentFilter: 'Department',
  windowFilter: 'Expiring within',
  withinDays: (days: number) => `${days} days`,
  exportCsv: 'Export CSV',
  expiringMark: (count: number) => `${count} certificate${count === 1 ? '' : 's'} expiring`,
  validUntilLabel: 'Valid until',
  validUntilHint: 'For a certificate that expires: the last day it is valid',

  // Columns (screen and CSV).
  employeeColumn: 'Employee',
  departmentColumn: 'Department',
  trainingColumn: 'Training',
  validUntilColumn: 'Valid until',
  daysLeftColumn: 'Days left',
} as const;
