import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { EmulatorAccounts, type EmulatorAccount } from '@mandi/identity';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer, filesIn, multipart, picture, productFields, tempFileStore } from './catalog.testing.js';

// POST /api/products: a seller posts a product with its images (docs/catalog.md).

describe('POST /api/products', () => {
  let api: ApiHarness;
  let dir: string;
  let seller: TestUser;
  let jpeg: Buffer;
  /** The designated official seller's Firebase account (OFFICIAL_SELLER_UID names its uid). */
  const officialAccounts = new EmulatorAccounts();
  let officialAccount: EmulatorAccount;

  beforeAll(async () => {
    dir = tempFileStore();
    officialAccount = await officialAccounts.signUp();
    api = await ApiHarness.start({ FILE_STORE_DIR: dir, OFFICIAL_SELLER_UID: officialAccount.uid });
    seller = await api.newUser();
    jpeg = await picture('jpeg');
  });
  afterAll(async () => {
    await api.stop();
    await officialAccounts.removeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (user: TestUser, form: FormData) =>
    api.request({ method: 'POST', url: '/api/products', headers: bearer(user), payload: form });
  const productRows = (sellerId: number) => api.db.prisma.product.count({ where: { sellerId } });

  it('saves the product with its images and answers 201 with the product as the API shows it', async () => {
    const png = await picture('png');
    const response = await post(
      seller,
      multipart(productFields(seller, { requestId: 'first-post' }), [
        { name: 'front.jpg', bytes: jpeg },
        { name: 'side.png', bytes: png, type: 'image/png' },
      ]),
    );
    expect(response.statusCode).toBe(201);
    const { message, product } = response.json();
    expect(message).toBe('Product posted successfully.');
    expect(product).toMatchObject({
      uid: seller.uid,
      name: 'Desi Tamatar',
      price: 40.5,
      validUntil: '2030-12-31 18:00:00',
      sellerPhone: '9876543210',
      sellerEmail: null,
      weight: 1000,
      length: 20,
      width: 15.5,
      height: null,
      official_brand: 0,
      category: 'fresh_produce',
      seller: { username: `u_${seller.uid.slice(0, 12)}` },
    });
    expect(product.images).toEqual([
      expect.stringMatching(new RegExp(`^/files/products/${product.id}/[0-9a-f]{24}\\.jpg$`)),
      expect.stringMatching(new RegExp(`^/files/products/${product.id}/[0-9a-f]{24}\\.png$`)),
    ]);
    // Until the worker has made the variants, thumbnails and the card image are the originals.
    expect(product.thumbnails).toEqual(product.images);
    expect(product.cardImage).toBe(product.images[0]);

    const row = await api.db.prisma.product.findUniqueOrThrow({
      where: { id: Number(product.id) },
      include: { images: true },
    });
    expect(row).toMatchObject({
      pricePaise: 4050,
      lengthMm: 200,
      widthMm: 155,
      heightMm: null,
      requestId: 'first-post',
    });
    expect(row.validUntil.toISOString()).toBe('2030-12-31T12:30:00.000Z');
    const outbox = await api.db.prisma.outboxEvent.findMany({ where: { aggregateId: product.id } });
    expect(outbox.map((event) => event.type)).toEqual(['product.created']);

    // The stored picture (re-encoded without its metadata) is served back from the file store, cacheable forever.
    const image = await fetch(`${api.baseUrl}${product.images[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const [served, sent] = await Promise.all([
      sharp(Buffer.from(await image.arrayBuffer())).metadata(),
      sharp(jpeg).metadata(),
    ]);
    expect({ format: served.format, width: served.width, height: served.height }).toEqual({
      format: 'jpeg',
      width: sent.width,
      height: sent.height,
    });
  });

  it.each([
    [{ name: ' ' }, 'Please enter a product name.', 'name'],
    [{ name: 'n'.repeat(51) }, 'Product name must be at most 50 characters.', 'name'],
    [
      { sellerPhone: '12345' },
      'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
      'sellerPhone',
    ],
    [{ price: '0' }, 'Price must be greater than 0.', 'price'],
    [{ price: 'abc' }, 'Price must be greater than 0.', 'price'],
    [{ description: '' }, 'Please enter a description.', 'description'],
    [{ description: 'd'.repeat(501) }, 'Description must be at most 500 characters.', 'description'],
    [{ validUntil: '' }, 'Please choose a valid-until date.', 'validUntil'],
    [{ validUntil: '31/12/2030' }, 'Valid-until must be a date and time (YYYY-MM-DD HH:MM:SS).', 'validUntil'],
    [{ weight: '0' }, 'Weight must be greater than 0.', 'weight'],
    [{ length: '-1' }, 'Length must be greater than 0.', 'length'],
    [{ width: 'wide' }, 'Width must be greater than 0.', 'width'],
    [{ height: '0' }, 'Height must be greater than 0.', 'height'],
    [{ sellerEmail: 'not-an-email' }, 'Invalid email address format.', 'sellerEmail'],
  ])('refuses %j with 400 and the popup text %p, storing nothing', async (change, message, field) => {
    const before = filesIn(dir);
    const response = await post(seller, multipart(productFields(seller, change), [{ name: 'a.jpg', bytes: jpeg }]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message,
      fields: { [field]: message },
    });
    expect(filesIn(dir)).toEqual(before);
  });

  it('asks for at least one image and allows at most 4', async () => {
    const none = await post(seller, multipart(productFields(seller)));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please add at least one image.');

    const five = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.jpg`, bytes: jpeg }));
    const tooMany = await post(seller, multipart(productFields(seller), five));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: 'Maximum 4 images allowed.',
      fields: { images: 'Maximum 4 images allowed.' },
    });

    const four = await post(seller, multipart(productFields(seller), five.slice(0, 4)));
    expect(four.statusCode).toBe(201);
    expect(four.json().product.images).toHaveLength(4);
  });

  it('refuses a file over 5 MB with 413 and its name, and stores none of the form', async () => {
    const before = filesIn(dir);
    const big = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length, 1)]);
    const response = await post(
      seller,
      multipart(productFields(seller), [
        { name: 'ok.jpg', bytes: jpeg },
        { name: 'huge-photo.jpg', bytes: big },
      ]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'huge-photo.jpg must be under 5MB',
    });
    expect(filesIn(dir)).toEqual(before);
  });

  it('checks images by their bytes: a text file named .jpg is refused with 415, after other files were fine', async () => {
    const before = filesIn(dir);
    const count = await productRows(seller.id);
    const response = await post(
      seller,
      multipart(productFields(seller), [
        { name: 'real.jpg', bytes: jpeg },
        { name: 'notes.jpg', bytes: Buffer.from('just some text, not a picture at all\n'.repeat(20)) },
      ]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(
      'notes.jpg is not a supported image. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.',
    );
    expect(filesIn(dir)).toEqual(before);
    expect(await productRows(seller.id)).toBe(count);
  });

  it('infers the category from the name unless one is given', async () => {
    const ghee = await post(
      seller,
      multipart(productFields(seller, { name: 'A2 Desi Ghee' }), [{ name: 'g.jpg', bytes: jpeg }]),
    );
    expect(ghee.json().product.category).toBe('ghee_butter');
    const chosen = await post(
      seller,
      multipart(productFields(seller, { name: 'A2 Desi Ghee', category: 'spices' }), [{ name: 'g.jpg', bytes: jpeg }]),
    );
    expect(chosen.json().product.category).toBe('spices');
  });

  it('decides official_brand on the server, whatever the client sends', async () => {
    const claimed = await post(
      seller,
      multipart(productFields(seller, { official_brand: '1' }), [{ name: 'a.jpg', bytes: jpeg }]),
    );
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().product.official_brand).toBe(0);

    const row = await api.db.prisma.user.create({
      data: {
        firebaseUid: officialAccount.uid,
        email: officialAccount.email,
        username: `official_${officialAccount.uid.slice(0, 8)}`,
        agreedToTerms: true,
        termsVersion: 'v1.0',
      },
    });
    const official: TestUser = {
      id: row.id,
      uid: officialAccount.uid,
      email: officialAccount.email,
      token: officialAccount.token,
    };
    const denied = await post(
      official,
      multipart(productFields(official, { official_brand: '0' }), [{ name: 'a.jpg', bytes: jpeg }]),
    );
    expect(denied.statusCode).toBe(201);
    expect(denied.json().product.official_brand).toBe(1);
  });

  it("refuses another user's uid in the form with 403, and a call without a token with 401", async () => {
    const other = await api.newUser();
    const response = await post(seller, multipart(productFields(other), [{ name: 'a.jpg', bytes: jpeg }]));
    expect(response.statusCode).toBe(403);
    expect(await productRows(other.id)).toBe(0);

    const anonymous = await api.request({
      method: 'POST',
      url: '/api/products',
      payload: multipart(productFields(seller), [{ name: 'a.jpg', bytes: jpeg }]),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('wants a multipart form', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller),
      payload: productFields(seller),
    });
    expect(response.statusCode).toBe(415);
  });

  it('answers a repeated requestId with the first product: no second row, no second set of files', async () => {
    const fields = productFields(seller, { requestId: 'double-tap-1', name: 'Nashik Pyaz' });
    const first = await post(seller, multipart(fields, [{ name: 'a.jpg', bytes: jpeg }]));
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = filesIn(dir);
    const again = await post(seller, multipart(fields, [{ name: 'a.jpg', bytes: jpeg }]));
    expect(again.statusCode).toBe(200);
    expect(again.json().product).toEqual(first.json().product);
    expect(filesIn(dir)).toEqual(filesAfterFirst);
    expect(await api.db.prisma.product.count({ where: { sellerId: seller.id, requestId: 'double-tap-1' } })).toBe(1);

    // The key is the seller's own: another seller may use the same one.
    const other = await api.newUser();
    const theirs = await post(
      other,
      multipart(productFields(other, { requestId: 'double-tap-1' }), [{ name: 'a.jpg', bytes: jpeg }]),
    );
    expect(theirs.statusCode).toBe(201);
  });

  it('makes one product of 5 concurrent submissions with one requestId', async () => {
    const racer = await api.newUser();
    const fields = productFields(racer, { requestId: 'race-1' });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(
          racer,
          multipart(fields, [
            { name: 'a.jpg', bytes: jpeg },
            { name: 'b.jpg', bytes: jpeg },
          ]),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((response) => response.json().product.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await productRows(racer.id)).toBe(1);
    // Only the winner's two images are stored; the others removed theirs.
    expect(filesIn(dir).filter((key) => key.startsWith(`products/${id}/`))).toHaveLength(2);
    const others = (await api.db.prisma.product.findMany({ select: { id: true } })).map((p) => `products/${p.id}/`);
    expect(filesIn(dir).filter((key) => !others.some((folder) => key.startsWith(folder)))).toEqual([]);
  });

  it('leaves no row and no file when the database refuses the insert', async () => {
    // The database refuses GIF image rows for this test only, after the files were written.
    await api.db.prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await api.db.prisma.$executeRawUnsafe(`
      CREATE TRIGGER refuse_gif_images BEFORE INSERT ON product_images
      FOR EACH ROW WHEN (NEW.content_type = 'image/gif') EXECUTE FUNCTION refuse_for_test()`);
    try {
      const before = filesIn(dir);
      const loser = await api.newUser();
      const gif = await picture('gif', 64);
      const response = await post(
        loser,
        multipart(productFields(loser), [
          { name: 'a.jpg', bytes: jpeg },
          { name: 'b.gif', bytes: gif, type: 'image/gif' },
        ]),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Something went wrong on our end. Please try again.');
      expect(await productRows(loser.id)).toBe(0);
      expect(filesIn(dir)).toEqual(before);
      expect(
        await api.db.prisma.outboxEvent.count({
          where: {
            type: 'product.created',
            aggregateId: {
              notIn: (await api.db.prisma.product.findMany({ select: { id: true } })).map((p) => String(p.id)),
            },
          },
        }),
      ).toBe(0);
    } finally {
      await api.db.prisma.$executeRawUnsafe('DROP TRIGGER refuse_gif_images ON product_images');
      await api.db.prisma.$executeRawUnsafe('DROP FUNCTION refuse_for_test()');
    }
  });
});
