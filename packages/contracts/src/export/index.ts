export * from './export-format';
export * from './routes';
