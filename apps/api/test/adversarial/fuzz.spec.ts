import { newAddress, newOrder, newProduct } from '@mandi/database';
import { ApiHarness, productionEnv, type TestUser } from '../harness.js';
import type { FuzzOperation, KnownValues } from './fuzz-cases.js';
import { describeFindings, operationsOf, runFuzzPass, type FuzzCaller, type FuzzReport } from './fuzz-run.js';
import { RowChangeWatch } from './row-changes.js';
import { startRazorpaySandbox } from '../../../../tools/razorpay-sandbox/sandbox.mjs';

// The fuzz pass of issue 13: every route of /api/openapi.json attacked with malformed, oversized, wrong-typed and
// boundary params, query strings, headers and bodies, as anonymous, another user, the owner (and an admin on admin
// routes) against the test-mode API, and as anonymous against the production-mode API. Never a 5xx, never a stack
// trace or SQL in a body, every error in the one shape, and no row changed by a refused request. Issue 28 added
// bodies that are not a JSON object of the route (null, arrays, scalars, no body, other content types, lone
// surrogates), which must be refused, and checks every 2xx answer against the schema the document gives it.
// Deterministic: the cases come from fixed seeds.

const CASES_PER_CALLER = 100;
const SEED = 20261126;

/** Tables a refused request may legitimately write, with the reason. None so far: every refusal writes nothing. */
const EXEMPT_TABLES: Readonly<Record<string, string>> = {};

function print(pass: string, report: FuzzReport): void {
  console.log(
    `fuzz (${pass}): ${report.routes} routes x ${CASES_PER_CALLER} cases per caller = ${report.requests} requests tried; 5xx: ${report.serverErrors}; ` +
      `2xx answers checked against their schema: ${report.answersChecked}; ` +
      `findings: ${report.findings.length}; slowest answer ${report.slowestMs.toFixed(0)} ms: ${report.slowest}`,
  );
}

async function documentOf(api: ApiHarness): Promise<FuzzOperation[]> {
  const response = await api.request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return operationsOf(response.json());
}

describe('fuzz pass over every route of the OpenAPI document', () => {
  describe('test-mode API: anonymous, another user, the owner, an admin', () => {
    let api: ApiHarness;
    let watch: RowChangeWatch;
    let owner: TestUser;
    let other: TestUser;
    let admin: TestUser;
    let victim: TestUser;
    let known: KnownValues;
    let ids: { product: number; address: number; order: number };
    let sandbox: Awaited<ReturnType<typeof startRazorpaySandbox>>;

    beforeAll(async () => {
      // A Razorpay that answers (the sandbox), as everywhere a user meets it: the console's reconciliation asks it on
      // every well-formed call, and an unreachable provider is a 502, which is the provider's fault, not the input's.
      sandbox = await startRazorpaySandbox({ port: 0 });
      api = await ApiHarness.start({
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        RAZORPAY_API_URL: sandbox.url,
        RAZORPAY_KEY_ID: sandbox.keyId,
        RAZORPAY_KEY_SECRET: sandbox.keySecret,
        RAZORPAY_WEBHOOK_SECRET: sandbox.webhookSecret,
      });
      [owner, other, admin, victim] = await Promise.all([
        api.newUser(),
        api.newUser(),
        api.newUser({ role: 'admin' }),
        api.newUser(),
      ]);
      const db = api.db.prisma;
      const product = await newProduct(db, { sellerId: owner.id, name: 'Desi Tamatar' });
      await db.cartItem.create({ data: { userId: owner.id, productId: product.id, quantity: 2 } });
      const address = await newAddress(db, { userId: owner.id, isDefault: true });
      const order = await newOrder(db, { userId: owner.id, lines: [{ product }] });
      ids = { product: product.id, address: address.id, order: order.id };
      known = {
        uid: owner.uid,
        userId: owner.id,
        user_id: owner.id,
        productId: product.id,
        orderId: order.id,
        addressId: address.id,
        email: owner.email,
        quantity: 2,
        pincode: '560001',
        name: 'Tamatar',
        invoiceId: '1',
        file: 'reference.js',
      };
      watch = await RowChangeWatch.install(api.db.url);
      // The watch sees a committed write (so an empty list below means no row changed, not a blind watch).
      await db.cartItem.update({
        where: { userId_productId: { userId: owner.id, productId: product.id } },
        data: { quantity: 3 },
      });
      expect(await watch.changesSinceLastLook()).toEqual([{ table: 'cart_items', op: 'UPDATE' }]);
    }, 60_000);
    afterAll(async () => {
      await watch?.close();
      await api?.stop();
      await sandbox?.close();
    });

    it('answers every attack without a 5xx, a leak, another error shape or a changed row', async () => {
      const operations = await documentOf(api);
      const bearer = (user: TestUser): FuzzCaller['authorization'] => `Bearer ${user.token}`;
      const report = await runFuzzPass({
        api,
        watch,
        operations,
        seed: SEED,
        casesPerCaller: CASES_PER_CALLER,
        forgeUids: [admin.uid, owner.uid],
        exemptTables: EXEMPT_TABLES,
        callersOf: ({ operation }) => {
          const anonymous = { name: 'anonymous' };
          const asOwner = { name: 'owner', authorization: bearer(owner) };
          switch (operation['x-mandi-access']) {
            case 'public':
              return [anonymous, asOwner];
            case 'admin':
              return [anonymous, asOwner, { name: 'admin', authorization: bearer(admin) }];
            default:
              return [anonymous, { name: 'another user', authorization: bearer(other) }, asOwner];
          }
        },
        knownFor: ({ path }) => {
          // The routes that end an account or suspend one aim at a bystander, so the owner and admin live on.
          if (path === '/api/user/delete-account/{uid}') return { ...known, uid: victim.uid };
          if (path === '/api/admin/toggle-user') return { ...known, userId: victim.id };
          const id = path.startsWith('/api/addresses')
            ? ids.address
            : path.startsWith('/api/products')
              ? ids.product
              : ids.order;
          return { ...known, id };
        },
      });
      print('test mode', report);
      expect(describeFindings(report.findings)).toBe('');
      expect(report.serverErrors).toBe(0);
      expect(report.requests).toBeGreaterThan(operations.length * CASES_PER_CALLER * 2);
      // Successful answers were there to check (the owner's reads, the admin's moves), not just refusals.
      expect(report.answersChecked).toBeGreaterThan(operations.length);
    }, 300_000);
  });

  describe('production-mode API: anonymous', () => {
    let api: ApiHarness;
    let watch: RowChangeWatch;

    beforeAll(async () => {
      api = await ApiHarness.start(productionEnv());
      watch = await RowChangeWatch.install(api.db.url);
    }, 60_000);
    afterAll(async () => {
      await watch?.close();
      await api?.stop();
    });

    it('answers every anonymous attack without a 5xx, a leak, another error shape or a changed row', async () => {
      const operations = await documentOf(api);
      const report = await runFuzzPass({
        api,
        watch,
        operations,
        seed: SEED + 1,
        casesPerCaller: CASES_PER_CALLER,
        forgeUids: ['admin-uid-from-a-product-card'],
        exemptTables: EXEMPT_TABLES,
        callersOf: () => [{ name: 'anonymous' }],
        knownFor: () => ({
          uid: 'some-seller-uid',
          userId: 1,
          user_id: 1,
          id: 1,
          orderId: 1,
          productId: 1,
          pincode: '560001',
          file: 'reference.js',
        }),
      });
      print('production mode', report);
      expect(describeFindings(report.findings)).toBe('');
      expect(report.serverErrors).toBe(0);
    }, 300_000);
  });
});
