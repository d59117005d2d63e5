/** How big a sample organisation is; `describeOrganisation` and the entry and history generators read it. */
export interface OrganisationSize {
  /** Everyone: the SMT director, an admin, HR, the managers and their employees (at least 4). */
  people: number;
  /** How many of the catalogue's departments it uses, in order. */
  departments: number;
  /** Employees a manager has at most: there are as many managers as it takes. */
  teamSize: number;
  /** Training entries logged over `months`. */
  entries: number;
  months: number;
}

/** The named sizes; a user may change one field, e.g. `{ ...ORGANISATION_SIZES.benchmark, entries: 50_000 }`. */
export const ORGANISATION_SIZES = {
  /** The projections' rebuild and as-of tests: about 1,800 events. */
  small: { people: 30, departments: 4, teamSize: 6, entries: 1_500, months: 12 },
  /** The e2e's teams: a manager with three reports in two departments, HR, the SMT director and an admin. */
  e2e: { people: 7, departments: 2, teamSize: 3, entries: 28, months: 12 },
  /** `npm run demo`: five departments, 40 people, about 900 entries over a year and a half. */
  demo: { people: 40, departments: 5, teamSize: 7, entries: 900, months: 18 },
  /** The organisation-scale benchmark: 10,000 people in 12 departments, 2,000,000 entries over five years. */
  benchmark: { people: 10_000, departments: 12, teamSize: 20, entries: 2_000_000, months: 60 },
} as const satisfies Record<string, OrganisationSize>;
