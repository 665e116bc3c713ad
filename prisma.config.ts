import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';

// schema.prisma reads env("DATABASE_URL"). Prisma 6 cannot read the schema when it is unset (and then
// tries to download a query engine, which fails offline), so the local default is filled in here,
// before the CLI reads the schema.
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/mandi';

/**
 * The adapter gets the URL split into fields, not as `connectionString`: for a shadow database
 * (`migrate diff --from-migrations`) @prisma/adapter-pg overrides `database`, and node-postgres lets
 * a connection string win over that override, which would replay the migrations on the real database.
 */
function poolConfig(url: string) {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname),
    port: parsed.port === '' ? 5432 : Number(parsed.port),
    user: parsed.username === '' ? undefined : decodeURIComponent(parsed.username),
    password: parsed.password === '' ? undefined : decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
  };
}

const PG_CHAR_OID = 18; // "char": one byte, e.g. pg_constraint.contype
const PG_NAME_OID = 19; // name: identifiers in pg_catalog
const PG_TEXT_OID = 25;
const COLUMN_TYPE_CHARACTER = 6; // ColumnTypeEnum.Character of @prisma/driver-adapter-utils

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;
type RawResult = { fields: { dataTypeID: number }[] };

/**
 * @prisma/adapter-pg 6.19 as the schema engine's connection, with two of its bugs worked around:
 * - it cannot decode PostgreSQL's `name` and `"char"` types, which the schema describer reads from
 *   pg_catalog, so every command that reads a database schema fails (prisma/orm#27403); `name` is
 *   passed on as text and `"char"` as a character, which is what the describer expects;
 * - it drops its shadow database before closing the pool that uses it, so the drop fails ("being
 *   accessed by other users") and the database is left behind; here the pool is closed first.
 */
class SchemaEnginePg extends PrismaPg {
  constructor(private readonly poolSettings: ReturnType<typeof poolConfig>) {
    super(poolSettings);
  }

  override async connect() {
    const adapter = await super.connect();
    const queryRaw = Object.getPrototypeOf(adapter).queryRaw as Adapter['queryRaw'];
    const performIO = Object.getPrototypeOf(adapter).performIO as (query: unknown) => Promise<RawResult>;
    adapter.queryRaw = async (query) => {
      const charColumns: number[] = [];
      // A per-call view of the adapter whose performIO relabels the catalog types, so concurrent
      // queries cannot see each other's columns.
      const view = Object.create(adapter, {
        performIO: {
          value: async (io: unknown) => {
            const result = await performIO.call(adapter, io);
            result.fields.forEach((field, index) => {
              if (field.dataTypeID === PG_CHAR_OID) charColumns.push(index);
              if (field.dataTypeID === PG_CHAR_OID || field.dataTypeID === PG_NAME_OID) field.dataTypeID = PG_TEXT_OID;
            });
            return result;
          },
        },
      }) as Adapter;
      const result = await queryRaw.call(view, query);
      for (const index of charColumns) (result.columnTypes as number[])[index] = COLUMN_TYPE_CHARACTER;
      return result;
    };
    return adapter;
  }

  override async connectToShadowDb() {
    const admin = await this.connect();
    const database = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
    await admin.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = await new SchemaEnginePg({ ...this.poolSettings, database }).connect();
    const closeShadow = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await closeShadow();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.dispose();
    };
    return shadow;
  }
}

const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // The JavaScript schema engine works through the driver adapter, so `prisma migrate diff` runs with
  // no Rust binary (none can be downloaded here). Migrations are applied by scripts/db/migrate.mjs.
  engine: 'js',
  experimental: { adapter: true },
  adapter: async () => new SchemaEnginePg(poolConfig(databaseUrl)),
});
