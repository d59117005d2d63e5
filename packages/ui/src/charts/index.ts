// The charts (`@tht/ui/charts`) of the Manager, HR and SMT views, each with its figures as a table.
// Kept out of the main entry so that the shell and the remotes that draw no chart never load
// recharts; here, too, recharts is loaded only when a chart first shows (React.lazy), and the
// remotes that draw charts share one copy of it (see packages/webpack-config).
export { MonthlyHoursChart, MonthlyHoursTable } from './MonthlyHours';
export { DepartmentHoursChart, DepartmentHoursTable } from './DepartmentHours';
export { monthlyHoursRows, type MonthlyHoursRow } from './monthlyHoursRows';
