export * from './api';
export * from './errors';
export * from './money';
export * from './redirect';
export * from './routes';
