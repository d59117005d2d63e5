export * from './accounts';
export * from './entries';
export * from './progress';
export * from './form-fields';
export * from './topics';
export * from './targets';
export * from './manager';
export * from './platform';
