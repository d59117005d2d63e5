export * from './clients';
export * from './events';
export * from './routes';
export * from './training';
export * from './training-routes';
