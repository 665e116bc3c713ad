import {
  checkRepositoryRows,
  createTestDatabase,
  type Db,
  type PrismaService,
  type TestDatabase,
  type Transaction,
} from '@mandi/database';
import { CartRepository } from './cart/cart.repository.js';
import { CheckoutRepository } from './checkout/checkout.repository.js';
import { ProductsRepository } from './products/products.repository.js';
import { ProductSearchRepository } from './products/search/product-search.repository.js';

// Every raw query of the API's repositories declares its row (sqlRow of @mandi/database), and each is prepared against
// the migrated database here: a column renamed, dropped or of another type than the row says fails this test
// (docs/database.md, "Raw queries and their rows"). Each entry calls one method with sample arguments on a stand-in
// client that records what it sends.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

/** The stand-in as the service a repository is made with. */
const service = (client: Db) => client as unknown as PrismaService;
/** The stand-in as a transaction. */
const tx = (client: Db) => client as unknown as Transaction;

const search = { terms: ['tamatar'], text: 'tamatar' };

const CALLS: Record<string, (client: Db) => Promise<unknown>> = {
  'cart.productStock': (client) => new CartRepository(service(client)).productStock(1),
  'cart.add': (client) => new CartRepository(service(client)).add(1, 2),
  'cart.lines': (client) => new CartRepository(service(client)).lines(1),
  'checkout.pricingRows': (client) => new CheckoutRepository(service(client)).pricingRows([1, 2], 3, 4, 'online'),
  'checkout.placeOrder': (client) =>
    new CheckoutRepository(service(client)).placeOrder({
      userId: 1,
      method: 'online',
      subtotalPaise: 4000,
      shippingPaise: 0,
      totalPaise: 4000,
      totalWeightGrams: 1000,
      addressId: 2,
      lines: [
        {
          productId: 3,
          sellerId: 4,
          productName: 'Desi Tamatar',
          imageKey: null,
          unitPricePaise: 4000,
          quantity: 1,
          weightGrams: 1000,
          category: 'fresh_produce',
          prePackaged: false,
          hsnCode: '0702',
          gstRatePercent: 0,
        },
      ],
      providerOrderId: 'order_1',
      clearCart: false,
    }),
  'products.listPage': (client) =>
    new ProductsRepository(service(client)).listPage({ officialOnly: true, skip: 0, take: 24, sort: 'price_asc' }),
  'products.listPage (search)': (client) =>
    new ProductsRepository(service(client)).listPage({ officialOnly: false, search: 'tamatar', skip: 0, take: 24 }),
  'products.findCard': (client) => new ProductsRepository(service(client)).findCard(1),
  'products.listOfSeller': (client) => new ProductsRepository(service(client)).listOfSeller(1, { skip: 0, take: 24 }),
  'products.listOfficial': (client) => new ProductsRepository(service(client)).listOfficial(12),
  'products.reserveId': (client) => new ProductsRepository(service(client)).reserveId(),
  'products.lockOwner': (client) => new ProductsRepository(service(client)).lockOwner(tx(client), 1),
  'products.findOwner': (client) => new ProductsRepository(service(client)).findOwner(1),
  'search.suggestions': (client) => new ProductSearchRepository(service(client)).suggestions(search, 8),
  'search.termMeanings': (client) => new ProductSearchRepository(service(client)).termMeanings(['tamatar']),
  'search.suggestionCandidates': (client) =>
    new ProductSearchRepository(service(client)).suggestionCandidates([[{ word: 'tamatar', best: true }]]),
  'search.page': (client) =>
    new ProductSearchRepository(service(client)).page(search, { officialOnly: false, skip: 0, take: 24 }),
};

test("every raw query of the API's repositories reads the columns its row declares", async () => {
  const problems = await checkRepositoryRows(db.url, CALLS);

  expect(problems).toEqual(Object.fromEntries(Object.keys(CALLS).map((name) => [name, []])));
});
