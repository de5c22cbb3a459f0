export * from './constants.js';
export * from './user-types.js';
export * from './errors.js';
export * from './common.js';
export * from './health.js';
export * from './identity.js';
