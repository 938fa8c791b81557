export * from './validation.js';
export * from './common.js';
export * from './auth.js';
export * from './kitas.js';
export * from './accounts.js';
export * from './parents.js';
export * from './children.js';
export * from './events.js';
