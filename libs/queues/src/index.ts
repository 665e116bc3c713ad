export * from './queues.module.js';
export * from './redis-connection.js';
