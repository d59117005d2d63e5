export * from './messages';
export * from './stats';
export * from './user-list';
export * from './role-sync';
export * from './admin-bulk';
export * from './import';
export * from './routes';
export * from './import-routes';
