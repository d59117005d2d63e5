export * from './messages';
export * from './schemas';
export * from './responses';
export * from './overview';
export * from './active-employees';
export * from './routes';
