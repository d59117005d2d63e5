export * from './messages';
export * from './person';
