import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';

/** Connections in one state. */
const CONNECTIONS_ROW = sqlRow('connections by state', { state: 'text', connections: 'int' });

/** The server's max_connections. */
const MAX_CONNECTIONS_ROW = sqlRow('max connections', { max: 'int' });

/** This database's connections as PostgreSQL counts them, for the metrics. */
@Injectable()
export class DatabaseConnectionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Connections to this database by state ('active', 'idle', 'idle in transaction', ...), of every process together,
   * and the server's max_connections.
   */
  async byState(): Promise<{ states: { state: string; connections: number }[]; max: number }> {
    const [states, [setting]] = await Promise.all([
      queryRows(
        this.prisma,
        CONNECTIONS_ROW,
        Prisma.sql`
          SELECT coalesce(state, 'unknown') AS state, count(*)::int AS connections
            FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1`,
      ),
      queryRows(this.prisma, MAX_CONNECTIONS_ROW, Prisma.sql`SELECT current_setting('max_connections')::int AS max`),
    ]);
    return { states, max: setting!.max };
  }
}
