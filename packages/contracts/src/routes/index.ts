export * from './api-route';
export * from './api-routes';
export * from './read-families';
