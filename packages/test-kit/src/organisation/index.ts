// One sample organisation, in sizes from the e2e's teams to the benchmark's 10,000 people: pure, no Node-only code.
export { CUSTOM_FIELD } from './catalogue';
export { entryDetails, monthsUpTo, trainingEntries, type Period, type TrainingEntry } from './entries';
export { historyEvents, organisationHistory, type HistoryAppend, type OrganisationHistory } from './history';
export {
  describeOrganisation,
  emailOf,
  managerCount,
  personWithRole,
  yearlyTargets,
  type Organisation,
  type Person,
} from './organisation';
export { seededRandom, type SeededRandom } from './random';
export { seedHistory, type SeedHistoryOptions, type StoredForm } from './seed-history';
export { ORGANISATION_SIZES, type OrganisationSize } from './sizes';
