/** Verifiable books (docs/decisions/0028): canonical forms, hashes, the chain's check. */
export * from './canonical';
export * from './hash';
export * from './chain';
export * from './merkle';
export * from './seal';
export * from './statement';
