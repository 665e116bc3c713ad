import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { applyDefinitions, DEFINITIONS_DIR, readDefinitions } from './definitions.mjs';
import { migrate } from './migrate.mjs';

// prisma/sql/ holds the current definition of every stored function and trigger, one file each, and the runner
// applies a file again whenever its content changes (docs/database.md, "Stored functions and triggers").

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

/** The functions of the public schema that are ours: extensions' own (citext, pg_trgm) are left out. */
async function functionsInDatabase(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT DISTINCT f.proname AS name
      FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace
     WHERE n.nspname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = f.oid AND d.deptype = 'e')
     ORDER BY 1`);
  return rows.map((row) => row.name);
}

/** The triggers on tables of the public schema that someone wrote (foreign keys' internal ones left out). */
async function triggersInDatabase(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT t.tgname AS name
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND NOT t.tgisinternal
     ORDER BY 1`);
  return rows.map((row) => row.name);
}

test('every function and trigger of a migrated database has exactly one file, and every file is one of them', async () => {
  const definitions = await readDefinitions();
  const files = (kind: string) =>
    definitions
      .filter((definition) => definition.kind === kind)
      .map((definition) => definition.object)
      .sort();

  expect(files('functions')).toEqual(await functionsInDatabase());
  expect(files('triggers')).toEqual(await triggersInDatabase());
  // One function per name: an overload would be a second definition the files do not show.
  const { rows } = await client.query<{ overloaded: string[] }>(`
    SELECT coalesce(array_agg(proname::text), '{}') AS overloaded FROM (
      SELECT f.proname FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace
       WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d
                                                   WHERE d.classid = 'pg_proc'::regclass AND d.objid = f.oid AND d.deptype = 'e')
       GROUP BY f.proname HAVING count(*) > 1) o`);
  expect(rows[0]!.overloaded).toEqual([]);
});

test('each file creates the object it is named after, and says so as CREATE OR REPLACE', async () => {
  for (const definition of await readDefinitions()) {
    const kind = definition.kind === 'functions' ? 'FUNCTION' : 'TRIGGER';
    // A constraint trigger has no CREATE OR REPLACE: its file drops it if it exists and creates it, both applied in
    // the one transaction the runner applies every changed file in (docs/database.md).
    const constraint = new RegExp(
      `DROP TRIGGER IF EXISTS ${definition.object} ON \\w+;\\s*CREATE CONSTRAINT TRIGGER ${definition.object}\\b`,
    );
    const created = kind === 'TRIGGER' && constraint.test(definition.script) ? constraint : null;
    expect({ [definition.name]: definition.script }).toEqual({
      [definition.name]: expect.stringMatching(
        created ?? new RegExp(`CREATE OR REPLACE ${kind} ${definition.object}\\b`),
      ),
    });
  }
});

test('the database holds each file as it is now, recorded with its checksum', async () => {
  const { rows } = await client.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM "_mandi_sql_definitions" ORDER BY name',
  );
  const definitions = await readDefinitions();
  expect(rows).toEqual(
    definitions
      .map(({ name, checksum }) => ({ name, checksum }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  );
  // Applying again changes nothing.
  expect(await applyDefinitions(client)).toEqual([]);
});

test('functions come before the triggers that call them, and after the functions they depend on', async () => {
  const order = (await readDefinitions()).map((definition) => definition.name);
  const before = (first: string, second: string) => order.indexOf(first) < order.indexOf(second);

  expect(before('functions/product_is_shown', 'functions/checkout_products')).toBe(true);
  expect(before('functions/checkout_products', 'functions/checkout_place_order')).toBe(true);
  expect(before('functions/search_words_of', 'functions/search_words_rebuild')).toBe(true);
  const firstTrigger = order.findIndex((name) => name.startsWith('triggers/'));
  expect(order.slice(firstTrigger).every((name) => name.startsWith('triggers/'))).toBe(true);
  expect(order.slice(0, firstTrigger).every((name) => name.startsWith('functions/'))).toBe(true);
});

describe('a changed file', () => {
  let definitionsDir: string;

  beforeEach(async () => {
    // A copy of prisma/sql/ to edit.
    definitionsDir = await mkdtemp(path.join(tmpdir(), 'mandi-definitions-'));
    for (const definition of await readDefinitions()) {
      await mkdir(path.join(definitionsDir, definition.kind), { recursive: true });
      await writeFile(path.join(definitionsDir, `${definition.name}.sql`), definition.script);
    }
  });

  afterEach(async () => {
    await rm(definitionsDir, { recursive: true, force: true });
  });

  test('is applied again, alone, and recorded with its new checksum', async () => {
    const file = path.join(definitionsDir, 'functions/stock_covers.sql');
    const original = await readFile(file, 'utf8');
    // The same rule, read differently: only the content changed.
    await writeFile(
      file,
      original.replace('RETURN stock IS NULL OR stock >= quantity', 'RETURN stock >= quantity IS NOT FALSE'),
    );
    const messages: string[] = [];

    expect(
      await applyDefinitions(client, { definitionsDir, log: (message: string) => messages.push(message) }),
    ).toEqual(['functions/stock_covers']);
    expect(messages).toEqual(['Applying functions/stock_covers']);
    const { rows } = await client.query<{ body: string }>("SELECT pg_get_functiondef('stock_covers'::regproc) AS body");
    expect(rows[0]!.body).toContain('RETURN ((stock >= quantity) IS NOT FALSE)');

    // Back to the repository's file, which is applied again in turn.
    expect(await applyDefinitions(client)).toEqual(['functions/stock_covers']);
    const again = await client.query<{ body: string }>("SELECT pg_get_functiondef('stock_covers'::regproc) AS body");
    expect(again.rows[0]!.body).toContain('RETURN ((stock IS NULL) OR (stock >= quantity))');
  });

  test('that fails leaves every definition and its record as it was', async () => {
    await writeFile(
      path.join(definitionsDir, 'functions/stock_covers.sql'),
      'CREATE OR REPLACE FUNCTION stock_covers(stock integer, quantity integer) RETURNS boolean LANGUAGE sql RETURN no_such_column;\n',
    );
    await writeFile(
      path.join(definitionsDir, 'functions/product_is_shown.sql'),
      (await readFile(path.join(DEFINITIONS_DIR, 'functions/product_is_shown.sql'), 'utf8')).replace(
        'RETURN unlisted_at IS NULL AND NOT seller_suspended',
        'RETURN unlisted_at IS NULL',
      ),
    );
    const before = await client.query('SELECT name, checksum, applied_at FROM "_mandi_sql_definitions" ORDER BY name');

    await expect(applyDefinitions(client, { definitionsDir })).rejects.toThrow(
      /^Stored definition functions\/stock_covers failed, none was applied: column "no_such_column" does not exist/,
    );
    // product_is_shown sorts before stock_covers and went in first, then was rolled back with it.
    const shown = await client.query<{ body: string }>(
      "SELECT pg_get_functiondef('product_is_shown'::regproc) AS body",
    );
    expect(shown.rows[0]!.body).toContain('NOT seller_suspended');
    expect(
      (await client.query('SELECT name, checksum, applied_at FROM "_mandi_sql_definitions" ORDER BY name')).rows,
    ).toEqual(before.rows);
  });

  test('that depends on a function with no file is refused before anything runs', async () => {
    await writeFile(
      path.join(definitionsDir, 'functions/stock_covers.sql'),
      `-- Depends on: no_such_function\n${await readFile(path.join(DEFINITIONS_DIR, 'functions/stock_covers.sql'), 'utf8')}`,
    );

    await expect(readDefinitions(definitionsDir)).rejects.toThrow(
      'functions/stock_covers depends on no_such_function, which has no file in functions/',
    );
  });
});

test('the runner applies the definitions after the migrations, and a second run applies nothing', async () => {
  const messages: string[] = [];
  await migrate(db.url, { log: (message: string) => messages.push(message) });

  expect(messages.filter((message) => message.startsWith('Applying'))).toEqual([]);
  expect(messages).toContain(`Database ${new URL(db.url).pathname.slice(1)} is up to date`);
});
