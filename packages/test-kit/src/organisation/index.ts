// One sample organisation, in sizes from the e2e's teams to the benchmark's 10,000 people: pure, no Node-only code.
export { COURSES, CUSTOM_FIELD, DEPARTMENTS, type Course, type Department } from './catalogue';
export { entryDetails, managerNameOf, monthsUpTo, trainingEntries, type Period, type TrainingEntry } from './entries';
export {
  historyEvents,
  organisationHistory,
  type HistoryAppend,
  type HistoryEvent,
  type HistoryIds,
  type OrganisationHistory,
} from './history';
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
export { ORGANISATION_SIZES, type OrganisationSize } from './sizes';
