/**
 * The n8n runtime: the one module `npm start`, the end-to-end tests and the benchmark use to install a
 * matrix entry, prepare a user folder, start and stop n8n processes and log in as the owner.
 */
export * from './matrix';
export * from './install';
export * from './process';
export * from './userFolder';
export { log } from './log';
export * from './queue';
