import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

/** A Prisma client that counts the SQL statements it sends, for tests that pin a hot path's query count. */
export interface QueryCountingClient {
  prisma: PrismaClient;
  /** Statements sent since the last reset. */
  count(): number;
  /** The statements themselves, for a failing test's message. */
  statements(): string[];
  reset(): void;
}

/**
 * Connects to `databaseUrl` with query events on, so a test can assert that a listing makes the same number of
 * queries for one row as for a full page (an N+1 fails the test, as Saleor's practice has it).
 */
export function createQueryCountingClient(databaseUrl: string): QueryCountingClient {
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl }),
    log: [{ emit: 'event', level: 'query' }],
  });
  let sent: string[] = [];
  prisma.$on('query', (event) => {
    sent.push(event.query);
  });
  return {
    prisma: prisma as unknown as PrismaClient,
    count: () => sent.length,
    statements: () => [...sent],
    reset: () => {
      sent = [];
    },
  };
}
