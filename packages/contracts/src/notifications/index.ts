export * from './kinds';
export * from './events';
export * from './messages';
export * from './rules';
export * from './schemas';
export * from './routes';
export * from './unsubscribe';
