export * from './users';
export * from './accounts';
export * from './ledger';
export * from './plans';
export * from './withdrawals';
export * from './books';
