export * from './schemas';
export * from './responses';
export * from './events';
export * from './routes';
