import pg from 'pg';

/** One row written (inserted, updated or deleted) in a table, as the watch's triggers saw it. */
export interface RowChange {
  table: string;
  op: string;
}

/**
 * Counts every row change in a test database: a row-level trigger on each table appends (table, operation) to a
 * log table in the same transaction, so a change rolled back is not counted and a committed one always is. The
 * triggers live only in the test's own copy of the database.
 */
export class RowChangeWatch {
  private lastId = 0;

  private constructor(private readonly client: pg.Client) {}

  static async install(databaseUrl: string): Promise<RowChangeWatch> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`
      CREATE TABLE fuzz_row_changes (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL);
      CREATE FUNCTION fuzz_log_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fuzz_row_changes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
        RETURN NULL;
      END $$;
      DO $$
      DECLARE t record;
      BEGIN
        FOR t IN SELECT tablename FROM pg_tables
                 WHERE schemaname = 'public' AND tablename NOT IN ('fuzz_row_changes', '_prisma_migrations')
        LOOP
          EXECUTE format('CREATE TRIGGER fuzz_log_row_change AFTER INSERT OR UPDATE OR DELETE ON %I
                          FOR EACH ROW EXECUTE FUNCTION fuzz_log_row_change()', t.tablename);
        END LOOP;
      END $$;`);
    const { rows } = await client.query<{ watched: string }>(
      `SELECT count(DISTINCT event_object_table)::text AS watched FROM information_schema.triggers WHERE trigger_name = 'fuzz_log_row_change'`,
    );
    if (Number(rows[0]!.watched) < 10) throw new Error(`the row-change watch covers only ${rows[0]!.watched} tables`);
    const watch = new RowChangeWatch(client);
    await watch.changesSinceLastLook();
    return watch;
  }

  /** The rows changed since the previous call, oldest first. */
  async changesSinceLastLook(): Promise<RowChange[]> {
    const { rows } = await this.client.query<{ id: string; table_name: string; op: string }>(
      'SELECT id, table_name, op FROM fuzz_row_changes WHERE id > $1 ORDER BY id',
      [this.lastId],
    );
    if (rows.length > 0) this.lastId = Number(rows.at(-1)!.id);
    return rows.map((row) => ({ table: row.table_name, op: row.op }));
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
