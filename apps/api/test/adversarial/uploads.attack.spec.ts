import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { WRITE_LIMIT_MESSAGES } from '@mandi/domain';
import { pngDeclaring } from '@mandi/storage';
import { bearer, filesIn, multipart, productFields, tempFileStore } from '../catalog.testing.js';
import { ApiHarness, type TestUser } from '../harness.js';

/**
 * Issue 13, "Also close": uploaded originals kept their EXIF and GPS (a farmer's home), sharp decoded whatever size a
 * file declared, multipart bodies had no total cap and Fastify's request timeout was 0. The stored picture is now
 * re-encoded upright without metadata, a picture past 40 megapixels is refused before decoding, a form past its total
 * cap is refused before it is read, and a client that trickles its request is cut off.
 */
describe('upload and connection attacks', () => {
  let api: ApiHarness;
  let dir: string;
  let seller: TestUser;

  beforeAll(async () => {
    dir = tempFileStore();
    api = await ApiHarness.start({ FILE_STORE_DIR: dir });
    seller = await api.newUser();
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A phone photo 640 x 480 as stored sideways (EXIF orientation 6), with its camera, owner and GPS position. */
  const phonePhoto = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'FarmPhone', Copyright: 'Ramesh Patil' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '18/1 31/1 12/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '73/1 51/1 24/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Ramesh Patil"/></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();

  /** What a stored picture still tells about where and by whom it was taken. */
  async function leftovers(bytes: Buffer) {
    const meta = await sharp(bytes).metadata();
    return {
      exif: meta.exif !== undefined,
      xmp: meta.xmp !== undefined,
      iptc: meta.iptc !== undefined,
      icc: meta.icc !== undefined,
      orientation: meta.orientation ?? null,
      size: [meta.width, meta.height],
      owner: bytes.includes('Ramesh'),
    };
  }

  it('stores a product photo upright without its EXIF, GPS or XMP', async () => {
    const photo = await phonePhoto();
    expect(await leftovers(photo)).toMatchObject({ exif: true, xmp: true, orientation: 6, owner: true });

    const posted = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller),
      payload: multipart(productFields(seller), [{ name: 'field.jpg', bytes: photo }]),
    });
    expect(posted.statusCode).toBe(201);
    const [key] = filesIn(dir).filter((file) => file.startsWith(`products/${posted.json().product.id}/`));
    expect(await leftovers(readFileSync(join(dir, key!)))).toEqual({
      exif: false,
      xmp: false,
      iptc: false,
      icc: false,
      orientation: null,
      size: [480, 640],
      owner: false,
    });
  });

  it('stores a profile picture without its EXIF, GPS or XMP', async () => {
    const uploaded = await api.request({
      method: 'POST',
      url: `/api/user-profile/upload-profile/${seller.uid}`,
      headers: bearer(seller),
      payload: multipart({}, [{ field: 'profileImage', name: 'me.jpg', bytes: await phonePhoto() }]),
    });
    expect(uploaded.statusCode).toBe(201);
    const profile = await api.db.prisma.profile.findUniqueOrThrow({ where: { userId: seller.id } });
    expect(await leftovers(readFileSync(join(dir, profile.profileImage!)))).toMatchObject({
      exif: false,
      xmp: false,
      owner: false,
      size: [480, 640],
    });
  });

  it('refuses a PNG declaring 30000 x 30000 pixels with 413 within a second, writing nothing', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2_000);
    const productsBefore = await api.db.prisma.product.count();
    const filesBefore = filesIn(dir);

    const started = Date.now();
    const posted = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller),
      payload: multipart(productFields(seller), [{ name: 'bomb.png', bytes: bomb, type: 'image/png' }]),
    });
    const uploaded = await api.request({
      method: 'POST',
      url: `/api/user-profile/upload-profile/${seller.uid}`,
      headers: bearer(seller),
      payload: multipart({}, [{ field: 'profileImage', name: 'bomb.png', bytes: bomb, type: 'image/png' }]),
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const answer of [posted, uploaded]) {
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({
        status: 413,
        message: WRITE_LIMIT_MESSAGES.imageTooManyPixels('bomb.png'),
      });
    }
    expect(await api.db.prisma.product.count()).toBe(productsBefore);
    expect(filesIn(dir)).toEqual(filesBefore);
  });

  /** Sends `head` (and `trickle`, one byte a second) on a raw socket; what came back and when the server closed it. */
  function rawRequest(
    harness: ApiHarness,
    head: string,
    trickle = '',
  ): Promise<{ answer: string; closedAfterMs: number }> {
    const { port } = new URL(harness.baseUrl);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      let sent = 0;
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
      const dripping = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
      }, 1_000);
      // A server that never closes fails the test instead of hanging it.
      const giveUp = setTimeout(() => socket.destroy(), 8_000);
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(dripping);
        clearTimeout(giveUp);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on('timeout', reject);
    });
  }

  // Headers only: the hook must answer before any of the body arrives.
  const formHead = (length: string) =>
    `POST /api/products HTTP/1.1\r\nHost: mandi.test\r\nAuthorization: Bearer ${seller.token}\r\n` +
    `Content-Type: multipart/form-data; boundary=----mandi\r\n${length}\r\n`;

  it('refuses a form larger than the total cap with 413 before reading it, and closes the connection', async () => {
    const { answer, closedAfterMs } = await rawRequest(api, formHead(`Content-Length: ${60 * 1024 * 1024}\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(JSON.stringify(WRITE_LIMIT_MESSAGES.formTooLarge(21)));
    expect(closedAfterMs).toBeLessThan(1_000);
  });

  it('refuses a form without a length (chunked) with 411 before reading it', async () => {
    const { answer, closedAfterMs } = await rawRequest(api, formHead('Transfer-Encoding: chunked\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 411 /);
    expect(answer).toContain(WRITE_LIMIT_MESSAGES.formLengthRequired);
    expect(closedAfterMs).toBeLessThan(1_000);
  });

  describe('a client that sends one byte a second', () => {
    let slowSafe: ApiHarness;
    beforeAll(async () => {
      slowSafe = await ApiHarness.start({ HTTP_REQUEST_TIMEOUT_MS: '2000' });
    });
    afterAll(() => slowSafe.stop());

    it('is cut off while sending its headers', async () => {
      const { answer, closedAfterMs } = await rawRequest(
        slowSafe,
        'GET /api/health HTTP/1.1\r\nHost: mandi.test\r\nX-Slow: ',
        'abcdefghij',
      );
      expect(answer).not.toContain('200 OK');
      expect(closedAfterMs).toBeGreaterThanOrEqual(2_000);
      expect(closedAfterMs).toBeLessThan(4_000);
    });

    it('is cut off while sending its body', async () => {
      const head =
        'POST /api/contact HTTP/1.1\r\nHost: mandi.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      const { answer, closedAfterMs } = await rawRequest(slowSafe, head, '{"name":"slow loris ...');
      expect(answer).not.toMatch(/HTTP\/1\.1 2\d\d /);
      expect(closedAfterMs).toBeLessThan(4_000);
    });

    it('still answers a client that sends its request at once', async () => {
      expect((await slowSafe.request({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    });
  });
});
