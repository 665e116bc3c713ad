export * from './generated/prisma/client.js';
export * from './prisma-client.js';
export * from './prisma.service.js';
export * from './database.module.js';
export * from './testing/test-database.js';
export * from './testing/factories.js';
export * from './testing/query-counter.js';
export * from './pool-gauge.js';
