export * from './api';
export * from './errors';
export * from './money';
export * from './redirect';
export * from './routes';
export * from './contracts/accounts';
export * from './contracts/wallet';
export * from './contracts/recharge';
