export * from './messages';
export * from './schemas';
export * from './responses';
export * from './dashboard';
export * from './employee-pages';
export * from './routes';
