#!/usr/bin/env node
// Runs after `prisma generate` (npm run db:generate). Prisma 6.19's `prisma-client` generator emits
// `export const DbNull = runtime.objectEnumValues.instances.DbNull` (and JsonNull, AnyNull), whose
// inferred types are classes with native #private fields. With `declaration: true` TypeScript 6
// cannot write them into a .d.ts (TS4094, prisma/orm#29549), so libs/database would not build. An
// explicit `typeof ...` annotation gives the declaration emitter a name to write instead, on the
// constants and on the enum objects that hold them (JsonNullValueInput, JsonNullValueFilter, ...).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const GENERATED = fileURLToPath(new URL('../../libs/database/src/generated/prisma/internal/', import.meta.url));
const FILES = ['prismaNamespace.ts', 'prismaNamespaceBrowser.ts'];
const NULL_CONSTANT = /^export const (DbNull|JsonNull|AnyNull) = (runtime\.objectEnumValues\.instances\.\1)$/gm;
const NULL_ENUM_MEMBER = /^ {2}(DbNull|JsonNull|AnyNull): \1(,?)$/gm;

for (const file of FILES) {
  const path = GENERATED + file;
  const source = await readFile(path, 'utf8');
  const patched = source
    .replace(NULL_CONSTANT, 'export const $1: typeof $2 = $2')
    .replace(NULL_ENUM_MEMBER, '  $1: $1 as typeof $1$2');
  if (patched === source && !source.includes(': typeof runtime.objectEnumValues.instances.DbNull')) {
    throw new Error(
      `${path}: the DbNull/JsonNull/AnyNull exports were not found; check this patch against the Prisma version`,
    );
  }
  await writeFile(path, patched);
}
