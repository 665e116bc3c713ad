import { ApiHarness } from './harness.js';

// POST /api/contact (docs/frontends.md): public, validated like the form, stored, a notification mail
// to the operators queued through the outbox, and limited per client address.

describe('POST /api/contact', () => {
  let api: ApiHarness;
  let address = 0;

  beforeAll(async () => {
    // Behind a (pretend) load balancer, so each test writes from an address of its own and has its own limit.
    api = await ApiHarness.start({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await api.stop();
  });

  /** A client address no other test uses. */
  const newAddress = () => `198.51.100.${++address}`;
  const send = (payload: unknown, from: string) =>
    api.request({ method: 'POST', url: '/api/contact', headers: { 'x-forwarded-for': from }, payload });
  const good = { name: 'Asha Rao', email: 'asha@example.in', message: 'Do you deliver to Mysuru?' };

  it('stores the message, queues the notification through the outbox and answers with the spec text', async () => {
    const response = await send(
      { name: '  Asha Rao ', email: ' asha@example.in', message: 'Do you deliver to Mysuru?\n\nThanks' },
      newAddress(),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Message sent successfully!' });

    const [stored] = await api.db.prisma.contactMessage.findMany({ orderBy: { id: 'desc' }, take: 1 });
    expect(stored).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.in',
      message: 'Do you deliver to Mysuru?\n\nThanks',
    });
    const events = await api.db.prisma.outboxEvent.findMany({
      where: { type: 'contact.message_received', aggregateId: String(stored!.id) },
    });
    expect(events.map((event) => event.payload)).toEqual([{ contactMessageId: stored!.id }]);
  });

  it('needs all three fields and a valid e-mail: 400 with the field and its message, nothing stored', async () => {
    const from = newAddress();
    const before = await api.db.prisma.contactMessage.count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, name: '   ' }, 'name', 'Full Name is required'],
      [{ ...good, email: '' }, 'email', 'Email is required'],
      [{ ...good, email: 'asha@' }, 'email', 'Invalid email address format.'],
      [{ name: good.name, email: good.email }, 'message', 'Message is required'],
      [{ ...good, message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const response = await send(body, from);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message, fields: { [field]: message } });
    }
    expect(await api.db.prisma.contactMessage.count()).toBe(before);
    expect(await api.db.prisma.outboxEvent.count({ where: { type: 'contact.message_received' } })).toBe(before);
  });

  it('takes 5 messages per 10 minutes from one address, then answers 429 with Retry-After; others still get through', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++) expect((await send({ ...good, message: `Question ${i}` }, from)).statusCode).toBe(201);
    const refused = await send(good, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many messages from this address. Please try again in a few minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await send(good, newAddress())).statusCode).toBe(201);
  });
});
