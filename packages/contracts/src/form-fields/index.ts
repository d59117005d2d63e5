export * from './schemas';
export * from './custom-values';
export * from './events';
export * from './responses';
export * from './routes';
