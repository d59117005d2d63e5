export * from './messages';
export * from './schemas';
export * from './responses';
export * from './routes';
