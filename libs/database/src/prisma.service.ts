import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import {
  DIRECT_TYPES,
  PreparedNames,
  asPrismaError,
  directParameter,
  isStalePreparedStatement,
  runDirectQueries,
  type DirectResult,
} from './direct-query.js';
import { type Prisma, PrismaClient } from './generated/prisma/client.js';

/** Injection token of the database URL the PrismaService connects to. */
export const DATABASE_URL = Symbol('DATABASE_URL');

/**
 * How long an interactive transaction may wait for a pooled connection, and run. Prisma's defaults (2 s and 5 s) are
 * too short under a burst: when maxWait expires while BEGIN is on the wire, the driver-adapter engine hands the
 * connection back to the pool inside its open transaction (prisma/orm#29719), and a pool full of those stalls the
 * process. A wait this long only expires when something else is already badly wrong.
 */
export const TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 20_000 } as const;

/**
 * Connection settings: PostgreSQL itself ends a session left idle inside a transaction for a minute, so a connection
 * leaked that way (see TRANSACTION_OPTIONS) is closed instead of holding its locks, or being reused, for ever.
 */
export const CONNECTION_SETTINGS = { idle_in_transaction_session_timeout: 60_000 } as const;

/** How the process's connection pool is used right now: connections open, idle, and queries waiting for one. */
export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * The Prisma client as a Nest provider: connects when the module starts, disconnects on shutdown. Its node-postgres
 * pool is its own (not the adapter's private one), so the metrics can say how it is used ({@link poolUse}).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  private readonly pool: pg.Pool;
  private readonly preparedNames = new PreparedNames();

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    const pool = new pg.Pool({ connectionString: databaseUrl, ...CONNECTION_SETTINGS });
    // An idle connection that PostgreSQL closes (a restart) is an 'error' of the pool; unhandled it would end the
    // process. The pool drops it and opens a new one for the next query, which is the recovery we want.
    pool.on('error', () => undefined);
    super({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
    this.pool = pool;
    runDirectQueries(this, (statement) => this.directQuery(statement));
  }

  /** Runs a raw statement on the pool, past Prisma's client (outside a transaction: direct-query.ts). */
  private async directQuery(statement: Prisma.Sql): Promise<DirectResult> {
    const values = statement.values.map(directParameter);
    const run = () =>
      this.pool.query({
        name: this.preparedNames.nameOf(statement),
        text: statement.text,
        values,
        types: DIRECT_TYPES,
      });
    try {
      const result = await run().catch((error: unknown) => {
        // Refused before it ran, so running it again (prepared anew) cannot do anything twice.
        if (!isStalePreparedStatement(error)) throw error;
        this.preparedNames.renew();
        return run();
      });
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw asPrismaError(error);
    }
  }

  /** The pool's connections now, for the metrics. */
  poolUse(): PoolUse {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  async onModuleInit(): Promise<void> {
    // Fails the boot early (with the driver's message) when the database is unreachable: with the pg adapter
    // $connect() alone is lazy, so a query is what proves the connection.
    await this.$connect();
    await this.$queryRaw`SELECT 1`;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    if (!this.pool.ended) await this.pool.end();
  }
}
