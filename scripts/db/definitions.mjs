// The stored functions and triggers of prisma/sql/: each file is the current definition of one function or trigger
// (CREATE OR REPLACE), applied after the migrations whenever its content differs from what the database recorded in
// `_mandi_sql_definitions`. Migrations keep the history; these files say what runs now (docs/database.md, "Stored
// functions and triggers").
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of stored definitions of this repository. */
export const DEFINITIONS_DIR = fileURLToPath(new URL('../../prisma/sql/', import.meta.url));

/** The kinds of definition, each a subfolder, in the order they apply: a trigger calls a function. */
export const DEFINITION_KINDS = ['functions', 'triggers'];

const CREATE_DEFINITIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_mandi_sql_definitions" (
    "name"       TEXT PRIMARY KEY,
    "checksum"   CHAR(64) NOT NULL,
    "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

// A file names the functions its SQL calls, where PostgreSQL needs them to exist when it is created (an SQL-language
// body is checked at once, PL/pgSQL only when it runs): `-- Depends on: a, b`.
const DEPENDS_ON = /^--\s*Depends on:\s*(.+)$/im;

/**
 * The definitions on disk in the order they apply: functions before triggers, and each function after those it
 * depends on; otherwise by name, so the order never depends on the file system. `name` is `<kind>/<file name>`
 * without `.sql`, the checksum SHA-256 of the file in hex.
 * @param {string} [definitionsDir]
 * @returns {Promise<{ name: string, kind: string, object: string, script: string, checksum: string, dependsOn: string[] }[]>}
 */
export async function readDefinitions(definitionsDir = DEFINITIONS_DIR) {
  const definitions = [];
  for (const kind of DEFINITION_KINDS) {
    let files;
    try {
      files = await readdir(path.join(definitionsDir, kind));
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    const ofKind = [];
    for (const file of files.filter((candidate) => candidate.endsWith('.sql')).sort()) {
      const script = await readFile(path.join(definitionsDir, kind, file));
      const text = script.toString('utf8');
      const object = file.slice(0, -'.sql'.length);
      const dependsOn = (DEPENDS_ON.exec(text)?.[1] ?? '')
        .split(',')
        .map((dependency) => dependency.trim())
        .filter((dependency) => dependency !== '');
      ofKind.push({
        name: `${kind}/${object}`,
        kind,
        object,
        script: text,
        checksum: createHash('sha256').update(script).digest('hex'),
        dependsOn,
      });
    }
    definitions.push(...inDependencyOrder(ofKind));
  }
  return definitions;
}

/** `definitions` (sorted by name) reordered so that each comes after the ones of its kind it depends on. */
function inDependencyOrder(definitions) {
  const byObject = new Map(definitions.map((definition) => [definition.object, definition]));
  const ordered = [];
  const placed = new Set();
  const visiting = new Set();
  const place = (definition) => {
    if (placed.has(definition.object)) return;
    if (visiting.has(definition.object))
      throw new Error(`Stored definitions depend on each other in a circle at ${definition.name}`);
    visiting.add(definition.object);
    for (const dependency of definition.dependsOn) {
      const required = byObject.get(dependency);
      if (!required)
        throw new Error(`${definition.name} depends on ${dependency}, which has no file in ${definition.kind}/`);
      place(required);
    }
    visiting.delete(definition.object);
    placed.add(definition.object);
    ordered.push(definition);
  };
  definitions.forEach(place);
  return ordered;
}

/**
 * Applies every definition whose checksum differs from the one recorded (or that was never applied), in
 * {@link readDefinitions}' order, all in one transaction with their rows of `_mandi_sql_definitions`: the database
 * has all of the new definitions or none. `client` is connected and holds the migration lock. Returns the names
 * applied.
 * @param {import('pg').Client} client
 * @param {{ log?: (message: string) => void, definitionsDir?: string }} [options]
 * @returns {Promise<string[]>}
 */
export async function applyDefinitions(client, { log = () => {}, definitionsDir = DEFINITIONS_DIR } = {}) {
  const definitions = await readDefinitions(definitionsDir);
  await client.query(CREATE_DEFINITIONS_TABLE);
  const { rows } = await client.query('SELECT name, checksum FROM "_mandi_sql_definitions"');
  const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
  const onDisk = new Set(definitions.map((definition) => definition.name));
  for (const name of recorded.keys()) {
    // A function or trigger that is no longer wanted is dropped by a migration: a file's removal drops nothing.
    if (!onDisk.has(name)) log(`Warning: stored definition ${name} is recorded but has no file in ${definitionsDir}`);
  }

  const changed = definitions.filter((definition) => recorded.get(definition.name) !== definition.checksum);
  if (changed.length === 0) return [];
  await client.query('BEGIN');
  let current;
  try {
    for (current of changed) {
      log(`Applying ${current.name}`);
      // The simple query protocol runs the file as written, comments and all.
      await client.query(current.script);
      await client.query(
        `INSERT INTO "_mandi_sql_definitions" (name, checksum, applied_at) VALUES ($1, $2, clock_timestamp())
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = excluded.applied_at`,
        [current.name, current.checksum],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw new Error(`Stored definition ${current.name} failed, none was applied: ${error.message}`, { cause: error });
  }
  return changed.map((definition) => definition.name);
}
