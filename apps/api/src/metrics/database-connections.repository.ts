import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

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
      this.prisma.$queryRaw<{ state: string; connections: number }[]>`
        SELECT coalesce(state, 'unknown') AS state, count(*)::int AS connections
          FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1`,
      this.prisma.$queryRaw<{ max: number }[]>`SELECT current_setting('max_connections')::int AS max`,
    ]);
    return { states, max: setting!.max };
  }
}
