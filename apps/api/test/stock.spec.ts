import { newAddress, newProduct, type Product } from '@mandi/database';
import { orderTotals, paiseToRupees, type PaymentMethod } from '@mandi/domain';
import { startRazorpaySandbox } from '../../../tools/razorpay-sandbox/sandbox.mjs';
import { bearer, multipart, picture, productFields } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// Stock (issue 16, docs/stock.md): a product may count its packs; checkout takes them in the statement that writes the
// order, so racing buyers can never be sold more than there is, a refused order writes nothing, and a cancelled order
// gives its packs back exactly once.

type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

describe('stock', () => {
  let sandbox: Sandbox;
  let api: ApiHarness;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    sandbox = await startRazorpaySandbox({ port: 0 });
    api = await ApiHarness.start({ RAZORPAY_API_URL: sandbox.url });
    [seller, admin] = await Promise.all([api.newUser(), api.newUser({ role: 'admin' })]);
  });
  afterAll(async () => {
    await api.stop();
    await sandbox.close();
  });

  const stockOf = async (id: number) => (await api.db.prisma.product.findUniqueOrThrow({ where: { id } })).stock;
  const product = (stock: number | null, pricePaise = 10_000) =>
    newProduct(api.db.prisma, { sellerId: seller.id, name: 'Alphonso Mango', pricePaise, weightGrams: 1000, stock });

  /** A buyer with a saved address. */
  async function newBuyer() {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    return { user, address };
  }

  /** What the buyer's screen shows for `lines`: the billing by the domain's own rule, in rupees. */
  function billingOf(lines: { product: Product; quantity: number }[], method: PaymentMethod) {
    const totals = orderTotals(
      lines.map(({ product, quantity }) => ({
        unitPaise: product.pricePaise,
        quantity,
        weightGrams: product.weightGrams ?? 0,
      })),
      method,
    );
    return {
      subtotal: paiseToRupees(totals.subtotal),
      shippingCost: paiseToRupees(totals.shipping),
      grandTotal: paiseToRupees(totals.grandTotal),
    };
  }

  /** POST /api/payment/cod for `lines`, with the billing the buyer saw. */
  const placeCod = (buyer: Awaited<ReturnType<typeof newBuyer>>, lines: { product: Product; quantity: number }[]) =>
    api.request({
      method: 'POST',
      url: '/api/payment/cod',
      headers: bearer(buyer.user),
      payload: {
        userId: buyer.user.id,
        addressId: buyer.address.id,
        cartItems: lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
        billing: billingOf(lines, 'cod'),
      },
    });

  describe('the seller sets it', () => {
    const post = async (fields: Record<string, string>) =>
      api.request({
        method: 'POST',
        url: '/api/products',
        headers: bearer(seller),
        payload: multipart(productFields(seller, fields), [{ name: 'a.jpg', bytes: await picture() }]),
      });
    const put = (id: string, fields: Record<string, string>, images: string[]) =>
      api.request({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: bearer(seller),
        payload: multipart(productFields(seller, { existingImages: JSON.stringify(images), ...fields })),
      });

    it('posts a product with its packs, shows them in its JSON, keeps them on an edit that does not name them, and makes them unlimited when emptied', async () => {
      const posted = await post({ stock: '12' });
      expect(posted.statusCode).toBe(201);
      const { id, images } = posted.json().product;
      expect(posted.json().product.stock).toBe(12);
      expect((await api.request({ method: 'GET', url: `/api/products/${id}` })).json().stock).toBe(12);

      // A client that knows nothing of stock (the spec's form) edits the price: the packs stay.
      const priced = await put(id, { price: '55' }, images);
      expect(priced.statusCode).toBe(200);
      expect(priced.json().product).toMatchObject({ price: 55, stock: 12 });

      expect((await put(id, { stock: '0' }, images)).json().product.stock).toBe(0);
      expect((await put(id, { stock: '' }, images)).json().product.stock).toBeNull();
    });

    it('posts a product without stock as unlimited', async () => {
      const posted = await post({});
      expect(posted.statusCode).toBe(201);
      expect(posted.json().product.stock).toBeNull();
    });

    it.each(['-1', '2.5', 'ten', '100001', '1e3', '99999999999999999999'])(
      'refuses stock %p with 400 and the rule, storing nothing',
      async (stock) => {
        const before = await api.db.prisma.product.count();
        const refused = await post({ stock, name: `Refused ${stock}` });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe('Stock must be a whole number from 0 to 1,00,000, or empty for unlimited.');
        expect(await api.db.prisma.product.count()).toBe(before);
      },
    );
  });

  describe('checkout takes it', () => {
    it('sells exactly the last 10 packs to 50 buyers racing for them, and refuses the other 40 clearly', async () => {
      const mango = await product(10);
      const unlimited = await product(null, 5_000);
      const buyers = await Promise.all(Array.from({ length: 50 }, () => newBuyer()));

      // Each buyer asks for one pack of the scarce product beside an unlimited one, all at the same moment.
      const answers = await Promise.all(
        buyers.map((buyer) =>
          placeCod(buyer, [
            { product: unlimited, quantity: 2 },
            { product: mango, quantity: 1 },
          ]),
        ),
      );

      const sold = answers.filter((answer) => answer.statusCode === 201);
      const refused = answers.filter((answer) => answer.statusCode === 409);
      expect({ sold: sold.length, refused: refused.length }).toEqual({ sold: 10, refused: 40 });
      for (const answer of refused) {
        expect(answer.json()).toMatchObject({
          message: 'Some items do not have enough stock left. Please review your order.',
          details: { items: [{ productId: String(mango.id), productName: 'Alphonso Mango', requested: 1, left: 0 }] },
        });
      }
      expect(await stockOf(mango.id)).toBe(0);
      expect(await stockOf(unlimited.id)).toBeNull();
      // What was written: 10 orders, each with both its lines and one order.placed; nothing of the refused 40.
      const orders = await api.db.prisma.order.findMany({
        where: { items: { some: { productId: mango.id } } },
        include: { items: true },
      });
      expect(orders).toHaveLength(10);
      expect(orders.every((order) => order.items.length === 2)).toBe(true);
      expect(await api.db.prisma.order.count({ where: { userId: { in: buyers.map((buyer) => buyer.user.id) } } })).toBe(
        10,
      );
      expect(
        await api.db.prisma.outboxEvent.count({
          where: { type: 'order.placed', aggregateId: { in: orders.map((order) => String(order.id)) } },
        }),
      ).toBe(10);
    });

    it('never takes part of an order: buyers racing for two scarce products end with every pack accounted for', async () => {
      const [apples, pears] = [await product(3), await product(10)];
      const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
      const answers = await Promise.all(
        buyers.map((buyer, index) =>
          placeCod(
            buyer,
            index % 2 === 0
              ? [
                  { product: pears, quantity: 1 },
                  { product: apples, quantity: 1 },
                ]
              : [{ product: pears, quantity: 1 }],
          ),
        ),
      );
      expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
      const soldOf = async (productId: number) =>
        (await api.db.prisma.orderItem.aggregate({ where: { productId }, _sum: { quantity: true } }))._sum.quantity ??
        0;
      // Packs left plus packs in orders is what there was, for each product.
      expect((await stockOf(apples.id))! + (await soldOf(apples.id))).toBe(3);
      expect((await stockOf(pears.id))! + (await soldOf(pears.id))).toBe(10);
      // Twenty buyers want a pear each and a refused order takes nothing, so all 10 pears sell, to 10 orders.
      // How many of those also took apples depends on who came first (any of 0 to 3), never more than there were.
      expect(await soldOf(pears.id)).toBe(10);
      expect(await soldOf(apples.id)).toBeLessThanOrEqual(3);
      const orders = await api.db.prisma.order.findMany({
        where: { userId: { in: buyers.map((b) => b.user.id) } },
        include: { items: true },
      });
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(orders.length);
      expect(orders).toHaveLength(10);
      // Each order holds every line its buyer asked for: the apple buyers' orders have both lines, never the pear alone.
      const appleBuyers = new Set(buyers.filter((_, index) => index % 2 === 0).map((b) => b.user.id));
      for (const order of orders) {
        expect(order.items.map((item) => item.productId).sort()).toEqual(
          (appleBuyers.has(order.userId) ? [pears.id, apples.id] : [pears.id]).sort(),
        );
      }
    });

    it('refuses a line asking for more than is left with how many are left, before anything is written', async () => {
      const honey = await product(2);
      const buyer = await newBuyer();
      const refused = await placeCod(buyer, [{ product: honey, quantity: 3 }]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details.items).toEqual([
        { productId: String(honey.id), productName: 'Alphonso Mango', requested: 3, left: 2 },
      ]);
      expect(await stockOf(honey.id)).toBe(2);
      expect(await api.db.prisma.order.count({ where: { userId: buyer.user.id } })).toBe(0);

      expect((await placeCod(buyer, [{ product: honey, quantity: 2 }])).statusCode).toBe(201);
      expect(await stockOf(honey.id)).toBe(0);
    });

    it('holds the packs of unpaid online orders, and gives them back once when two admins cancel one at the same moment', async () => {
      const mango = await product(5);
      const openOrder = async () => {
        const buyer = await newBuyer();
        const created = await api.request({
          method: 'POST',
          url: '/api/payment/order',
          headers: bearer(buyer.user),
          payload: {
            userId: buyer.user.id,
            addressId: buyer.address.id,
            items: [{ productId: mango.id, quantity: 2 }],
            amount: billingOf([{ product: mango, quantity: 2 }], 'online').grandTotal,
          },
        });
        expect(created.statusCode).toBe(201);
        return api.db.prisma.order.findFirstOrThrow({ where: { userId: buyer.user.id } });
      };
      const [first, second] = [await openOrder(), await openOrder()];
      expect(await stockOf(mango.id)).toBe(1);

      // Two admins cancel the same unpaid order at once: one wins, the packs come back once.
      const cancel = () =>
        api.request({ method: 'PUT', url: `/api/admin/orders/cancel/${first.id}`, headers: bearer(admin) });
      const answers = await Promise.all([cancel(), cancel()]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await stockOf(mango.id)).toBe(3);
      expect((await api.db.prisma.order.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('pending');
    });
  });

  describe('the cart', () => {
    it('refuses to add a sold-out product, and adds it again once restocked', async () => {
      const gone = await product(0);
      const buyer = await newBuyer();
      const add = () =>
        api.request({
          method: 'POST',
          url: '/api/cart/add',
          headers: bearer(buyer.user),
          payload: { uid: buyer.user.uid, productId: String(gone.id) },
        });
      const refused = await add();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This product is sold out.');
      expect(await api.db.prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(0);

      await api.db.prisma.product.update({ where: { id: gone.id }, data: { stock: 4 } });
      expect((await add()).statusCode).toBeLessThan(300);
      const cart = await api.request({
        method: 'GET',
        url: `/api/cart/${buyer.user.uid}`,
        headers: bearer(buyer.user),
      });
      expect(cart.json()[0]).toMatchObject({ id: String(gone.id), stock: 4 });
    });
  });
});
