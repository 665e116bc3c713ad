import { rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer, filesIn, multipart, picture, productFields, tempFileStore } from './catalog.testing.js';

// Reading, editing and deleting products, and the files behind their images.

describe('products: read, edit, delete', () => {
  let api: ApiHarness;
  let dir: string;
  let seller: TestUser;
  let jpeg: Buffer;

  beforeAll(async () => {
    dir = tempFileStore();
    api = await ApiHarness.start({ FILE_STORE_DIR: dir });
    seller = await api.newUser();
    jpeg = await picture('jpeg');
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Posts a product of `user` with `count` images and answers it as the API shows it. */
  const posted = async (user: TestUser, count = 2, overrides: Record<string, string> = {}) => {
    const files = Array.from({ length: count }, (_, i) => ({ name: `photo-${i}.jpg`, bytes: jpeg }));
    const response = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(user),
      payload: multipart(productFields(user, overrides), files),
    });
    expect(response.statusCode).toBe(201);
    return response.json().product;
  };
  const put = (
    user: TestUser,
    id: string,
    fields: Record<string, string>,
    files: { name: string; bytes: Buffer }[] = [],
  ) =>
    api.request({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(user),
      payload: multipart(
        fields,
        files.map((file) => ({ ...file, field: 'newImages' })),
      ),
    });
  const keyOf = (url: string) => url.replace(/^\/files\//, '');

  describe('GET /api/products/{id}', () => {
    it('answers the product with its seller card', async () => {
      const product = await posted(seller, 1);
      await api.db.prisma.profile.upsert({
        where: { userId: seller.id },
        create: { userId: seller.id, city: 'Niphad' },
        update: { city: 'Niphad' },
      });
      const response = await api.request({ method: 'GET', url: `/api/products/${product.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: product.id,
        images: product.images,
        seller: { city: 'Niphad', profileImage: null },
      });
    });

    it("answers the worker's variants once they are recorded, and keeps them through an edit", async () => {
      const product = await posted(seller, 2);
      const [first, second] = product.images as [string, string];
      const variant = (url: string, kind: string) => keyOf(url).replace(/\.jpg$/, `.${kind}.webp`);
      await api.db.prisma.productImage.updateMany({
        where: { fileKey: keyOf(first) },
        data: { cardKey: variant(first, 'card'), thumbKey: variant(first, 'thumb') },
      });
      const shown = (await api.request({ method: 'GET', url: `/api/products/${product.id}` })).json();
      expect(shown.thumbnails).toEqual([`/files/${variant(first, 'thumb')}`, second]);
      expect(shown.cardImage).toBe(`/files/${variant(first, 'card')}`);

      const edited = await put(
        seller,
        product.id,
        productFields(seller, { existingImages: JSON.stringify([second, first]) }),
      );
      expect(edited.json().product.thumbnails).toEqual([second, `/files/${variant(first, 'thumb')}`]);
      expect(edited.json().product.cardImage).toBe(second);
    });

    it.each(['999999', '99999999999', 'abc'])('answers 404 Product not found. for %p', async (id) => {
      const response = await api.request({ method: 'GET', url: `/api/products/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Product not found.' });
    });
  });

  it('GET /api/products/{brand}-products answers the official products, live ones first, newest first', async () => {
    const brand = await api.newUser();
    const db = api.db.prisma;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const expiredNew = await db.product.create({
      data: {
        sellerId: brand.id,
        name: 'Old Gud',
        description: 'd',
        pricePaise: 100,
        sellerPhone: '9876543210',
        officialBrand: true,
        validUntil: at(10),
        createdAt: at(1),
      },
    });
    const liveOld = await db.product.create({
      data: {
        sellerId: brand.id,
        name: 'Ghee',
        description: 'd',
        pricePaise: 100,
        sellerPhone: '9876543210',
        officialBrand: true,
        validUntil: at(-600),
        createdAt: at(30),
      },
    });
    const liveNew = await db.product.create({
      data: {
        sellerId: brand.id,
        name: 'Honey',
        description: 'd',
        pricePaise: 100,
        sellerPhone: '9876543210',
        officialBrand: true,
        validUntil: at(-600),
        createdAt: at(5),
      },
    });
    const response = await api.request({ method: 'GET', url: '/api/products/mandi-products' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: string }) => p.id)).toEqual(
      [liveNew.id, liveOld.id, expiredNew.id].map(String),
    );
  });

  it("GET /api/products/user/{uid} answers a seller's products newest first, 404 for an unknown user", async () => {
    const farmer = await api.newUser();
    const first = await posted(farmer, 1, { name: 'Bhindi' });
    const second = await posted(farmer, 1, { name: 'Palak' });
    const response = await api.request({ method: 'GET', url: `/api/products/user/${farmer.uid}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    const nobody = await api.request({ method: 'GET', url: '/api/products/user/no-such-uid' });
    expect(nobody.statusCode).toBe(404);
  });

  describe('PUT /api/products/{id}', () => {
    it('keeps existing minus removed in the given order, appends new images, and deletes removed files after commit', async () => {
      const product = await posted(seller, 3);
      const [a, b, c] = product.images as [string, string, string];
      const png = await picture('png');
      const response = await put(
        seller,
        product.id,
        productFields(seller, {
          name: 'Desi Tamatar (fresh)',
          price: '45',
          existingImages: JSON.stringify([c, a, b]),
          removedImages: JSON.stringify([b]),
        }),
        [{ name: 'new.png', bytes: png }],
      );
      expect(response.statusCode).toBe(200);
      const { message, product: saved } = response.json();
      expect(message).toBe('Product updated successfully.');
      expect(saved).toMatchObject({ name: 'Desi Tamatar (fresh)', price: 45 });
      expect(saved.images.slice(0, 2)).toEqual([c, a]);
      expect(saved.images[2]).toMatch(new RegExp(`^/files/products/${product.id}/[0-9a-f]{24}\\.png$`));
      expect(filesIn(dir).filter((key) => key.startsWith(`products/${product.id}/`))).toEqual(
        [keyOf(c), keyOf(a), keyOf(saved.images[2])].sort(),
      );
      const outbox = await api.db.prisma.outboxEvent.findMany({
        where: { aggregateId: product.id },
        orderBy: { id: 'asc' },
      });
      expect(outbox.map((event) => event.type)).toEqual(['product.created', 'product.updated']);
    });

    it('suggests a word new to the catalog at once, after posting and after renaming, though it was asked before', async () => {
      const suggest = async (q: string) =>
        (await api.request({ method: 'GET', url: `/api/products/suggestions?q=${q}` })).json();
      // The vocabulary of the search bar is read before the word exists: 'kiwano' means nothing yet.
      expect(await suggest('kiwano')).toEqual([]);
      const product = await posted(seller, 1, { name: 'Kiwano Melon' });
      expect(await suggest('kiwano')).toEqual(['Kiwano Melon']);
      expect(await suggest('kiwan')).toEqual(['Kiwano Melon']);

      const renamed = await put(
        seller,
        product.id,
        productFields(seller, { name: 'Rambutan Melon', existingImages: JSON.stringify(product.images) }),
      );
      expect(renamed.statusCode).toBe(200);
      expect(await suggest('rambutan')).toEqual(['Rambutan Melon']);
      expect(await suggest('kiwano')).toEqual([]);
    });

    it('applies the 4-image rule to existing minus removed plus new', async () => {
      const product = await posted(seller, 3);
      const existing = JSON.stringify(product.images);
      const two = [
        { name: 'x.jpg', bytes: jpeg },
        { name: 'y.jpg', bytes: jpeg },
      ];
      const tooMany = await put(seller, product.id, productFields(seller, { existingImages: existing }), two);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('Maximum 4 images allowed.');

      const removingOne = productFields(seller, {
        existingImages: existing,
        removedImages: JSON.stringify([product.images[0]]),
      });
      expect((await put(seller, product.id, removingOne, two)).statusCode).toBe(200);

      const none = await put(seller, product.id, productFields(seller, { existingImages: '[]' }));
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please add at least one image.');
    });

    it('refuses an image to keep that is not one of the product', async () => {
      const product = await posted(seller, 1);
      const other = await posted(seller, 1);
      const response = await put(
        seller,
        product.id,
        productFields(seller, { existingImages: JSON.stringify(other.images) }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('existingImages');
    });

    it('keeps official_brand as the seller decides it, also when an admin edits', async () => {
      const product = await posted(seller, 1);
      const admin = await api.newUser({ role: 'admin' });
      const response = await put(
        admin,
        product.id,
        productFields(seller, {
          official_brand: '1',
          name: 'Edited by admin',
          existingImages: JSON.stringify(product.images),
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().product).toMatchObject({ name: 'Edited by admin', official_brand: 0 });
    });

    it("refuses another user's edit with 403 and an unknown product with 404, keeping the files", async () => {
      const product = await posted(seller, 1);
      const intruder = await api.newUser();
      const before = filesIn(dir);
      const fields = productFields(intruder, { existingImages: JSON.stringify(product.images) });
      const response = await put(intruder, product.id, fields, [{ name: 'z.jpg', bytes: jpeg }]);
      expect(response.statusCode).toBe(403);
      expect(filesIn(dir)).toEqual(before);
      expect((await put(seller, '999999', productFields(seller), [{ name: 'z.jpg', bytes: jpeg }])).statusCode).toBe(
        404,
      );
      expect(filesIn(dir)).toEqual(before);
    });
  });

  describe('DELETE /api/products/user/{uid}/{productId}', () => {
    it('deletes the product, its cart lines and its files', async () => {
      const product = await posted(seller, 2);
      const buyer = await api.newUser();
      await api.db.prisma.cartItem.create({ data: { userId: buyer.id, productId: Number(product.id), quantity: 2 } });
      const response = await api.request({
        method: 'DELETE',
        url: `/api/products/user/${seller.uid}/${product.id}`,
        headers: bearer(seller),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Product deleted successfully.' });
      expect(await api.db.prisma.product.count({ where: { id: Number(product.id) } })).toBe(0);
      expect(await api.db.prisma.cartItem.count({ where: { productId: Number(product.id) } })).toBe(0);
      expect(filesIn(dir).filter((key) => key.startsWith(`products/${product.id}/`))).toEqual([]);
      const outbox = await api.db.prisma.outboxEvent.findMany({
        where: { aggregateId: product.id },
        orderBy: { id: 'asc' },
      });
      expect(outbox.map((event) => event.type)).toEqual(['product.created', 'product.deleted']);
      const image = await fetch(`${api.baseUrl}${product.images[0]}`);
      expect(image.status).toBe(404);
    });

    it("refuses another user's deletion with 403, lets an admin delete, and answers 404 for unknown products", async () => {
      const product = await posted(seller, 1);
      const intruder = await api.newUser();
      const theirs = await api.request({
        method: 'DELETE',
        url: `/api/products/user/${seller.uid}/${product.id}`,
        headers: bearer(intruder),
      });
      expect(theirs.statusCode).toBe(403);
      const ownPath = await api.request({
        method: 'DELETE',
        url: `/api/products/user/${intruder.uid}/${product.id}`,
        headers: bearer(intruder),
      });
      expect(ownPath.statusCode).toBe(403);
      expect(await api.db.prisma.product.count({ where: { id: Number(product.id) } })).toBe(1);

      const admin = await api.newUser({ role: 'admin' });
      const byAdmin = await api.request({
        method: 'DELETE',
        url: `/api/products/user/${seller.uid}/${product.id}`,
        headers: bearer(admin),
      });
      expect(byAdmin.statusCode).toBe(200);
      const again = await api.request({
        method: 'DELETE',
        url: `/api/products/user/${seller.uid}/${product.id}`,
        headers: bearer(seller),
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Product not found.');
    });
  });

  describe('GET /files/*', () => {
    it('serves stored files with their type and an immutable cache, and 404 JSON for anything else', async () => {
      const product = await posted(seller, 1);
      const head = await fetch(`${api.baseUrl}${product.images[0]}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(head.headers.get('content-type')).toBe('image/jpeg');

      for (const path of [
        '/files/products/1/nothing.jpg',
        '/files/..%2F..%2Fpackage.json',
        '/files/products%2F..%2F..%2Fpackage.json',
        '/files/',
      ]) {
        const response = await api.request({ method: 'GET', url: path });
        expect([path, response.statusCode]).toEqual([path, 404]);
        expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'File not found.' });
      }
      // fetch would normalise '..' away; a raw request sends it as an attacker would.
      const raw = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(api.baseUrl);
        const request = httpGet({ hostname, port, path: '/files/products/../../package.json' }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });
      expect(raw).toEqual({
        status: 404,
        body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'File not found.' }),
      });
    });
  });
});
