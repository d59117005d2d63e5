export * from './responses';
export * from './read-after';
export * from './routes';
