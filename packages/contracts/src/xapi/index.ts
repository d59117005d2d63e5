export * from './clients';
export * from './events';
export * from './routes';
