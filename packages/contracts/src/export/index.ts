export * from './export-format';
