import pg from 'pg';
import {
  adminProductStatus,
  checkMarkPaid,
  hasStockFor,
  isSoldOut,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '@mandi/domain';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';
import { newOrder, newUser } from './testing/factories.js';

// The rules written once in SQL (prisma/sql/functions/) and worded again in libs/domain must agree on every row: here
// over every combination of their inputs (docs/database.md, "Rules shared with SQL").

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

/** Every value of a PostgreSQL enum, in its order. */
async function enumValues(type: string): Promise<string[]> {
  const { rows } = await client.query<{ value: string }>(`SELECT unnest(enum_range(NULL::${type}))::text AS value`);
  return rows.map((row) => row.value);
}

test('the enums the rules read are the ones libs/domain knows', async () => {
  expect(await enumValues('order_status')).toEqual([...ORDER_STATUSES]);
  expect(await enumValues('order_payment_status')).toEqual([...PAYMENT_STATUSES].sort());
});

test('stock_covers agrees with hasStockFor', async () => {
  const stocks = [null, 0, 1, 2, 4, 5, 6, 14, 15, 16, 100_000];
  const quantities = [1, 2, 3, 5, 6, 15];
  const cases = stocks.flatMap((stock) => quantities.map((quantity) => ({ stock, quantity })));
  const { rows } = await client.query<{ covers: boolean }>(
    'SELECT stock_covers(c.stock, c.quantity) AS covers FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS c(stock, quantity, n) ORDER BY c.n',
    [cases.map((c) => c.stock), cases.map((c) => c.quantity)],
  );

  expect(cases.map((c, i) => ({ ...c, covers: rows[i]!.covers }))).toEqual(
    cases.map((c) => ({ ...c, covers: hasStockFor(c.stock, c.quantity) })),
  );
  // One pack covered is what 'in stock' means to the listing's filter: not sold out.
  expect(cases.filter((c, i) => c.quantity === 1 && rows[i]!.covers === isSoldOut(c.stock))).toEqual([]);
});

test('order_may_be_marked_paid agrees with checkMarkPaid', async () => {
  const cases = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus })),
  );
  const { rows } = await client.query<{ allowed: boolean }>(
    `SELECT order_may_be_marked_paid(c.payment_status, c.status) AS allowed
       FROM unnest($1::order_payment_status[], $2::order_status[]) WITH ORDINALITY AS c(payment_status, status, n)
      ORDER BY c.n`,
    [cases.map((c) => c.paymentStatus), cases.map((c) => c.status)],
  );

  expect(cases.map((c, i) => ({ ...c, allowed: rows[i]!.allowed }))).toEqual(
    cases.map((c) => ({ ...c, allowed: checkMarkPaid(c.status, c.paymentStatus) === null })),
  );
});

test("product_is_shown agrees with the console's status: shown exactly when listed", async () => {
  const cases = [null, new Date('2026-11-29T10:00:00Z')].flatMap((unlistedAt) =>
    [false, true].map((sellerSuspended) => ({ unlistedAt, sellerSuspended })),
  );
  const { rows } = await client.query<{ shown: boolean }>(
    `SELECT product_is_shown(c.unlisted_at, c.seller_suspended) AS shown
       FROM unnest($1::timestamptz[], $2::boolean[]) WITH ORDINALITY AS c(unlisted_at, seller_suspended, n) ORDER BY c.n`,
    [cases.map((c) => c.unlistedAt), cases.map((c) => c.sellerSuspended)],
  );

  expect(cases.map((c, i) => ({ ...c, shown: rows[i]!.shown }))).toEqual(
    cases.map((c) => ({ ...c, shown: adminProductStatus(c) === 'listed' })),
  );
});

describe('order_awaits_payment', () => {
  test('is the predicate of the open-order slots index', async () => {
    const { rows } = await client.query<{ predicate: string }>(
      "SELECT pg_get_expr(i.indpred, i.indrelid) AS predicate FROM pg_index i WHERE i.indexrelid = 'orders_open_online_slot_key'::regclass",
    );
    expect(rows[0]!.predicate).toBe('order_awaits_payment(payment_method, payment_status, status)');
  });

  test('holds exactly for the orders that hold a slot: two of them cannot share one, any other pair can', async () => {
    const methods = await enumValues('payment_method');
    const paymentStatuses = await enumValues('order_payment_status');
    const statuses = await enumValues('order_status');
    const cases = methods.flatMap((paymentMethod) =>
      paymentStatuses.flatMap((paymentStatus) => statuses.map((status) => ({ paymentMethod, paymentStatus, status }))),
    );
    const found = [];
    for (const c of cases) {
      const buyer = await newUser(db.prisma);
      const make = () =>
        newOrder(db.prisma, {
          userId: buyer.id,
          openSlot: 1,
          paymentMethod: c.paymentMethod as 'online' | 'cod',
          paymentStatus: c.paymentStatus as 'paid' | 'unpaid',
          status: c.status as (typeof ORDER_STATUSES)[number],
        });
      const first = await make();
      const sharedSlot = await make().then(
        () => true,
        () => false,
      );
      const { rows } = await client.query<{ awaits: boolean }>(
        'SELECT order_awaits_payment(payment_method, payment_status, status) AS awaits FROM orders WHERE id = $1',
        [first.id],
      );
      found.push({ ...c, awaits: rows[0]!.awaits, slotHeld: !sharedSlot });
    }

    expect(found.map(({ awaits, ...c }) => ({ ...c, slotHeld: awaits }))).toEqual(
      found.map(({ awaits: _, ...c }) => c),
    );
    // The rule as docs/payments.md words it: online, unpaid, not yet confirmed, shipped, delivered or cancelled.
    expect(found.filter((c) => c.awaits).map((c) => `${c.paymentMethod}/${c.paymentStatus}/${c.status}`)).toEqual([
      'online/unpaid/pending',
      'online/unpaid/cancel_requested',
    ]);
  });
});
