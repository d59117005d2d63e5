export * from './port';
export { createEventStore, type CreateEventStoreOptions } from './create-event-store';
export { migrateEventStore } from './postgres-schema';
