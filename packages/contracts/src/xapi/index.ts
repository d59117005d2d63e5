export * from './clients';
export * from './routes';
