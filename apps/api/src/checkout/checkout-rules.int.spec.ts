import pg from 'pg';
import {
  createTestDatabase,
  newAddress,
  newOrder,
  newProduct,
  newUser,
  type PrismaService,
  type Product,
  type TestDatabase,
} from '@mandi/database';
import { ADDRESS_FIELDS, hasStockFor, ORDER_STATUSES, type AddressInput } from '@mandi/domain';
import { CheckoutRepository, type NewOrder } from './checkout.repository.js';

// The rules checkout's SQL shares with TypeScript (docs/database.md, "Rules shared with SQL"): the address fields
// the order copies (ADDRESS_FIELDS, listed again by checkout_place_order), the stock check (hasStockFor and
// stock_covers) and which online orders await payment (order_awaits_payment), over generated rows.

let db: TestDatabase;
let client: pg.Client;
let checkout: CheckoutRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  checkout = new CheckoutRepository(db.prisma as unknown as PrismaService);
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

/** An order of `quantity` packs of each of `products` as checkout writes it, priced from the rows as they are. */
function orderOf(userId: number, addressId: number, lines: { product: Product; quantity: number }[]): NewOrder {
  const subtotal = lines.reduce((sum, { product, quantity }) => sum + product.pricePaise * quantity, 0);
  return {
    userId,
    method: 'cod',
    subtotalPaise: subtotal,
    shippingPaise: 0,
    totalPaise: subtotal,
    totalWeightGrams: lines.reduce((sum, { product, quantity }) => sum + (product.weightGrams ?? 0) * quantity, 0),
    addressId,
    lines: lines.map(({ product, quantity }) => ({
      productId: product.id,
      sellerId: product.sellerId,
      productName: product.name,
      imageKey: null,
      unitPricePaise: product.pricePaise,
      quantity,
      weightGrams: product.weightGrams ?? 0,
      category: product.category,
      prePackaged: product.prePackaged,
      hsnCode: '0709',
      gstRatePercent: 0,
    })),
    providerOrderId: null,
    clearCart: true,
  };
}

test('an order has one address_<field> column for each of ADDRESS_FIELDS, and an address one column for each', async () => {
  const columns = async (table: string) =>
    (
      await client.query<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name',
        [table],
      )
    ).rows.map((row) => row.column_name);

  expect(
    (await columns('orders')).filter((column) => column.startsWith('address_') && column !== 'address_id'),
  ).toEqual(ADDRESS_FIELDS.map((field) => `address_${field}`).sort());
  expect(await columns('addresses')).toEqual(expect.arrayContaining([...ADDRESS_FIELDS]));
});

test('checkout_place_order copies every field of ADDRESS_FIELDS, of addresses that differ in each', async () => {
  const product = await newProduct(db.prisma);
  for (const variant of ['first', 'second', 'third']) {
    const buyer = await newUser(db.prisma);
    const fields: AddressInput = {
      name: `Asha ${variant}`,
      mobile: variant === 'first' ? '9876543210' : variant === 'second' ? '8123456789' : '7000000001',
      state: `State ${variant}`,
      district: `District ${variant}`,
      taluk: `Taluk ${variant}`,
      flat_house_building: `Flat ${variant}`,
      area_or_street_or_village: `Street ${variant}`,
      landmark: `Landmark ${variant}`,
      pincode: variant === 'first' ? '560001' : variant === 'second' ? '110001' : '400001',
    };
    const address = await newAddress(db.prisma, {
      userId: buyer.id,
      name: fields.name,
      mobile: fields.mobile,
      state: fields.state,
      district: fields.district,
      taluk: fields.taluk,
      flatHouseBuilding: fields.flat_house_building,
      areaOrStreetOrVillage: fields.area_or_street_or_village,
      landmark: fields.landmark,
      pincode: fields.pincode,
    });

    const outcome = await checkout.placeOrder(orderOf(buyer.id, address.id, [{ product, quantity: 1 }]));

    expect(outcome.kind).toBe('placed');
    const orderId = outcome.kind === 'placed' ? outcome.orderId : 0;
    const { rows } = await client.query<Record<string, string>>(
      `SELECT ${ADDRESS_FIELDS.map((field) => `address_${field} AS "${field}"`).join(', ')} FROM orders WHERE id = $1`,
      [orderId],
    );
    expect(rows[0]).toEqual(fields);
  }
});

test("checkout_place_order refuses exactly the lines hasStockFor refuses, and takes the others' packs", async () => {
  const buyer = await newUser(db.prisma);
  const address = await newAddress(db.prisma, { userId: buyer.id });
  const stocks = [null, 0, 1, 2, 5, 15];
  const quantities = [1, 2, 5, 15];
  for (const stock of stocks) {
    for (const quantity of quantities) {
      const product = await newProduct(db.prisma, { stock });

      const outcome = await checkout.placeOrder(orderOf(buyer.id, address.id, [{ product, quantity }]));

      const expected = hasStockFor(stock, quantity) ? 'placed' : 'short_stock';
      expect({ stock, quantity, outcome: outcome.kind }).toEqual({ stock, quantity, outcome: expected });
      const { rows } = await client.query<{ stock: number | null }>('SELECT stock FROM products WHERE id = $1', [
        product.id,
      ]);
      expect(rows[0]!.stock).toBe(stock === null || expected === 'short_stock' ? stock : stock - quantity);
    }
  }
});

test("checkout's count of open online orders counts the orders order_awaits_payment names, and no other", async () => {
  const buyer = await newUser(db.prisma);
  const address = await newAddress(db.prisma, { userId: buyer.id });
  const combinations = (['online', 'cod'] as const).flatMap((paymentMethod) =>
    (['paid', 'unpaid'] as const).flatMap((paymentStatus) =>
      ORDER_STATUSES.map((status) => ({
        paymentMethod,
        paymentStatus,
        status,
      })),
    ),
  );
  for (const combination of combinations)
    await newOrder(db.prisma, { userId: buyer.id, addressId: address.id, ...combination });
  const { rows } = await client.query<{ awaiting: number }>(
    'SELECT count(*)::int AS awaiting FROM orders WHERE user_id = $1 AND order_awaits_payment(payment_method, payment_status, status)',
    [buyer.id],
  );

  const read = await checkout.pricingRows([], address.id, buyer.id, 'online');

  expect(rows[0]!.awaiting).toBe(2);
  expect(read.openOnlineOrders).toBe(rows[0]!.awaiting);
});
