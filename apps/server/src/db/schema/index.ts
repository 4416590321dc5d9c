export * from './accounts.ts';
export * from './catalog.ts';
export * from './comms.ts';
export * from './trade.ts';
export * from './stats.ts';
export * from './storage.ts';
export * from './jobs.ts';
export * from './requirements.ts';
