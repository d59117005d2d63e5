export * from './roles';
export * from './messages';
export * from './rules';
export * from './schemas';
export * from './responses';
export * from './password-reset';
export * from './events';
export * from './policy';
