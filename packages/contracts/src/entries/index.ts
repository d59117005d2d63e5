export * from './messages';
export * from './dates';
export * from './schemas';
export * from './responses';
export * from './events';
export * from './bulk-grid';
export * from './entry-filters';
export * from './display';
