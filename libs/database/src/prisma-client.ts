import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from './generated/prisma/client.js';

/** The client handed to an interactive transaction (`prisma.$transaction(async (tx) => ...)`). */
export type Transaction = Prisma.TransactionClient;

/** Either the client or a transaction client: what a repository method accepts so it can join a caller's transaction. */
export type Db = PrismaClient | Transaction;

/** Connection-pool settings of the node-postgres driver under the client. */
export interface PoolOptions {
  /** Most connections the pool opens (node-postgres' default is 10). */
  max?: number;
}

/**
 * A Prisma client for `databaseUrl` that runs its queries through node-postgres (@prisma/adapter-pg):
 * no Rust engine is involved, queries are compiled in WebAssembly inside the process.
 */
export function createPrismaClient(databaseUrl: string, pool: PoolOptions = {}): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, ...pool }) });
}
