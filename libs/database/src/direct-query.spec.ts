import { Prisma } from './generated/prisma/client.js';
import { PREPARED_STATEMENTS_MAX, PreparedNames, prepared } from './direct-query.js';

const statement = (n: number) => prepared(Prisma.sql`SELECT ${n}::int AS id FROM parcels WHERE id = ${n} + ${n}`);

test('a marked statement gets one name per text, the same values or not; an unmarked one runs unnamed', () => {
  const names = new PreparedNames();
  const first = names.nameOf(prepared(Prisma.sql`SELECT id FROM parcels WHERE id = ${1}`));
  expect(first).toEqual(expect.any(String));
  expect(names.nameOf(prepared(Prisma.sql`SELECT id FROM parcels WHERE id = ${2}`))).toBe(first);
  expect(names.nameOf(prepared(Prisma.sql`SELECT label FROM parcels WHERE id = ${1}`))).not.toBe(first);
  expect(names.nameOf(Prisma.sql`SELECT id FROM parcels WHERE id = ${1}`)).toBeUndefined();
});

test(`past ${PREPARED_STATEMENTS_MAX} texts, a new text runs unnamed and the named ones keep their names`, () => {
  const names = new PreparedNames();
  const texts = Array.from({ length: PREPARED_STATEMENTS_MAX }, (_, i) =>
    prepared(Prisma.sql`SELECT id FROM parcels WHERE id = ${i} ${Prisma.raw(`-- text ${i}`)}`),
  );
  const given = texts.map((text) => names.nameOf(text));
  expect(new Set(given).size).toBe(PREPARED_STATEMENTS_MAX);
  expect(names.nameOf(statement(1))).toBeUndefined();
  expect(names.nameOf(texts[0]!)).toBe(given[0]);
});

test('renew gives every text a name it never had', () => {
  const names = new PreparedNames();
  const before = names.nameOf(statement(1));
  names.renew();
  const after = names.nameOf(statement(1));
  expect(after).toEqual(expect.any(String));
  expect(after).not.toBe(before);
  expect(names.nameOf(statement(2))).toBe(after);
});
