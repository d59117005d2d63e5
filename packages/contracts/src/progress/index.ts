export * from './schedule';
export * from './targets';
