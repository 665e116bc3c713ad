import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  createQueryCountingClient,
  createTestDatabase,
  newAddress,
  newProduct,
  newUser,
  type PrismaService,
  type Product,
  type QueryCountingClient,
  type TestDatabase,
} from '@mandi/database';
import { loadConfig } from '@mandi/config';
import { codOrderBodySchema } from '@mandi/contracts';
import { CHECKOUT_MESSAGES, orderTotals, paiseToRupees } from '@mandi/domain';
import { RazorpayGateway } from '../payments/razorpay.gateway.js';
import { ListingCache } from '../products/listing.cache.js';
import { CheckoutProductsCache } from './checkout-products.cache.js';
import { CheckoutRepository } from './checkout.repository.js';
import { CheckoutService } from './checkout.service.js';

// A cash-on-delivery order against the real database, counting its statements (docs/orders.md "Placing an order:
// round trips"): products checked out before are priced from their remembered rows and the order is one statement,
// which refuses rows that changed since, so a remembered row never decides what a buyer pays.

describe('CheckoutService: statements per cash-on-delivery order', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: CheckoutService;
  let redis: Redis;
  const redisPrefix = `test-checkout-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    const config = loadConfig({ NODE_ENV: 'test', REDIS_PREFIX: redisPrefix });
    redis = new Redis(config.REDIS_URL);
    service = new CheckoutService(
      new CheckoutRepository(counting.prisma as unknown as PrismaService),
      new CheckoutProductsCache(),
      new RazorpayGateway(config),
      new ListingCache(redis, config),
      config,
    );
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  /** A buyer with a saved address, and a body for `lines` with the billing the storefront shows for `prices`. */
  async function newBuyer() {
    const user = await newUser(db.prisma);
    const address = await newAddress(db.prisma, { userId: user.id });
    return { user, address };
  }
  function codBody(
    buyer: Awaited<ReturnType<typeof newBuyer>>,
    lines: { product: Product; quantity: number; pricePaise?: number }[],
  ) {
    const totals = orderTotals(
      lines.map(({ product, quantity, pricePaise }) => ({
        unitPaise: pricePaise ?? product.pricePaise,
        quantity,
        weightGrams: product.weightGrams ?? 0,
      })),
      'cod',
    );
    return codOrderBodySchema.parse({
      userId: buyer.user.id,
      addressId: buyer.address.id,
      cartItems: lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
      billing: {
        subtotal: paiseToRupees(totals.subtotal),
        shippingCost: paiseToRupees(totals.shipping),
        grandTotal: paiseToRupees(totals.grandTotal),
      },
    });
  }
  const threeProducts = () =>
    Promise.all([
      newProduct(db.prisma, { name: 'Bhindi' }),
      newProduct(db.prisma, { name: 'Lauki', stock: 50 }),
      newProduct(db.prisma, { name: 'Methi' }),
    ]);

  it('reads the products and places the order the first time (2 statements), and only places it after (1)', async () => {
    const products = await threeProducts();
    const lines = products.map((product, index) => ({ product, quantity: index + 1 }));

    counting.reset();
    await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    expect(counting.statements()).toEqual([
      expect.stringContaining('checkout_products'),
      expect.stringContaining('checkout_place_order'),
    ]);

    counting.reset();
    const { orderId } = await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    expect(counting.statements()).toEqual([expect.stringContaining('checkout_place_order')]);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: Number(orderId) }, include: { items: true } });
    expect(order.items.map((item) => [item.productName, item.quantity])).toEqual([
      ['Bhindi', 1],
      ['Lauki', 2],
      ['Methi', 3],
    ]);
  });

  it('prices again from the rows the order statement answers when a product changed since it was remembered', async () => {
    const products = await threeProducts();
    const lines = products.map((product) => ({ product, quantity: 1 }));
    await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    await db.prisma.product.update({ where: { id: products[0]!.id }, data: { name: 'Bhindi (Pusa)' } });

    // The remembered rows agree with the buyer's figures: the order statement refuses them as changed, the order is
    // priced again from the rows it answered, and placed with the new name.
    counting.reset();
    const { orderId } = await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    expect(counting.statements()).toEqual([
      expect.stringContaining('checkout_place_order'),
      expect.stringContaining('checkout_place_order'),
    ]);
    const [first] = await db.prisma.orderItem.findMany({ where: { orderId: Number(orderId) }, orderBy: { id: 'asc' } });
    expect(first).toMatchObject({ productName: 'Bhindi (Pusa)', unitPricePaise: products[0]!.pricePaise });

    // The rows answered then are remembered: the next order is one statement again.
    counting.reset();
    await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    expect(counting.count()).toBe(1);
  });

  it('reads the rows again when the buyer was shown another price than the remembered one', async () => {
    const products = await threeProducts();
    const lines = products.map((product) => ({ product, quantity: 1 }));
    await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    await db.prisma.product.update({ where: { id: products[2]!.id }, data: { pricePaise: 5_500 } });

    counting.reset();
    const { orderId } = await service.placeCashOnDelivery(
      codBody(
        await newBuyer(),
        lines.map((line, i) => (i === 2 ? { ...line, pricePaise: 5_500 } : line)),
      ),
    );
    expect(counting.statements()).toEqual([
      expect.stringContaining('checkout_products'),
      expect.stringContaining('checkout_place_order'),
    ]);
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: Number(orderId) } })).toMatchObject({
      subtotalPaise: 4_000 + 4_000 + 5_500,
    });
  });

  it('answers the real figures, writing nothing, for a buyer shown a price that changed, though the remembered row agreed', async () => {
    const products = await threeProducts();
    const lines = products.map((product) => ({ product, quantity: 1 }));
    await service.placeCashOnDelivery(codBody(await newBuyer(), lines));
    await db.prisma.product.update({ where: { id: products[1]!.id }, data: { pricePaise: 9_900 } });
    const buyer = await newBuyer();

    counting.reset();
    await expect(service.placeCashOnDelivery(codBody(buyer, lines))).rejects.toMatchObject({
      code: 'conflict',
      message: CHECKOUT_MESSAGES.totalsChanged,
      details: {
        items: expect.arrayContaining([expect.objectContaining({ productId: String(products[1]!.id), price: 99 })]),
      },
    });
    expect(counting.count()).toBe(1);
    expect(await db.prisma.order.count({ where: { userId: buyer.user.id } })).toBe(0);
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: products[1]!.id } })).toMatchObject({ stock: 49 });
  });

  it('reads the rows again before refusing what the remembered rows would refuse', async () => {
    const scarce = await newProduct(db.prisma, { name: 'Gucchi', stock: 1 });
    await service.placeCashOnDelivery(codBody(await newBuyer(), [{ product: scarce, quantity: 1 }]));
    // Remembered with 0 left; restocked since.
    await db.prisma.product.update({ where: { id: scarce.id }, data: { stock: 3 } });

    counting.reset();
    await service.placeCashOnDelivery(codBody(await newBuyer(), [{ product: scarce, quantity: 2 }]));
    expect(counting.statements()).toEqual([
      expect.stringContaining('checkout_products'),
      expect.stringContaining('checkout_place_order'),
    ]);
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: scarce.id } })).toMatchObject({ stock: 1 });
  });
});
