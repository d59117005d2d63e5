export * from './responses';
export * from './read-after';
