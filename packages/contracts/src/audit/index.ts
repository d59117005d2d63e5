export * from './messages';
export * from './history';
export * from './chain';
export * from './log';
export * from './as-of';
export * from './actors';
export * from './record-names';
export * from './security';
