import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { RegistryClient, RegistryUnavailableError, validSigningKey, type RegistryRecord } from './registry.js';

const NOW = new Date('2026-12-18T09:00:00.000Z');
const record = (overrides: Partial<RegistryRecord> = {}): RegistryRecord => ({
  subscriber_id: 'buyer.example.in',
  ukId: 'k1',
  type: 'BAP',
  domain: 'ONDC:RET10',
  signing_public_key: 'key-1',
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: '2027-01-01T00:00:00.000Z',
  status: 'SUBSCRIBED',
  ...overrides,
});

describe('validSigningKey', () => {
  it("picks the key of the header's key id, SUBSCRIBED and valid now", () => {
    const records = [record({ ukId: 'k0', signing_public_key: 'old' }), record()];
    expect(validSigningKey(records, 'buyer.example.in', 'k1', NOW)).toBe('key-1');
  });

  it.each([
    ['another key id', record({ ukId: 'k2' })],
    ['another subscriber', record({ subscriber_id: 'other.example.in' })],
    ['a key not subscribed', record({ status: 'INITIATED' })],
    ['a key not valid yet', record({ valid_from: '2026-12-19T00:00:00.000Z' })],
    ['a key no longer valid', record({ valid_until: '2026-12-18T08:59:59.000Z' })],
    ['a validity that is no date', record({ valid_until: 'soon' })],
  ])('refuses %s', (_, candidate) => {
    expect(validSigningKey([candidate], 'buyer.example.in', 'k1', NOW)).toBeNull();
  });
});

describe('RegistryClient', () => {
  let server: Server;
  let url: string;
  let handle: (path: string, query: Record<string, unknown>, response: ServerResponse) => void;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        asked.push(`${request.url} ${text}`);
        handle(request.url ?? '', JSON.parse(text) as Record<string, unknown>, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  beforeEach(() => (asked.length = 0));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it("asks /lookup for a buyer app of RET10 in India and reads the key id's key", async () => {
    handle = (_, __, response) => json(response, 200, [record()]);
    const key = await new RegistryClient(url).signingKeyOf('buyer.example.in', 'k1', 'BAP', NOW);
    expect(key).toBe('key-1');
    expect(asked).toEqual([
      '/lookup {"subscriber_id":"buyer.example.in","type":"BAP","domain":"ONDC:RET10","country":"IND"}',
    ]);
  });

  it('asks /v2.0/lookup by key id where the registry offers no /lookup, reading unique_key_id', async () => {
    handle = (path, _, response) => {
      if (path === '/lookup') return response.writeHead(404).end();
      const { ukId: _ukId, ...rest } = record();
      json(response, 200, [{ ...rest, unique_key_id: 'k1' }]);
    };
    expect(await new RegistryClient(url).signingKeyOf('buyer.example.in', 'k1', 'BAP', NOW)).toBe('key-1');
    expect(asked[1]).toBe('/v2.0/lookup {"subscriber_id":"buyer.example.in","ukId":"k1"}');
  });

  it('answers null for a subscriber the registry does not know (an empty list, or a NACK object)', async () => {
    handle = (_, __, response) => json(response, 200, []);
    expect(await new RegistryClient(url).signingKeyOf('nobody.example.in', 'k1', 'BAP', NOW)).toBeNull();
    handle = (_, __, response) => json(response, 200, { message: { ack: { status: 'NACK' } } });
    expect(await new RegistryClient(url).signingKeyOf('nobody.example.in', 'k1', 'BAP', NOW)).toBeNull();
  });

  it.each([
    ['an error', (response: ServerResponse) => json(response, 500, {}), /answered 500/],
    ['no JSON', (response: ServerResponse) => response.writeHead(200).end('<html>'), /no JSON/],
    ['nothing in time', (response: ServerResponse) => setTimeout(() => json(response, 200, []), 300), /within 100 ms/],
  ])('throws RegistryUnavailableError for a registry that answers %s', async (_, answer, message) => {
    handle = (_path, _query, response) => answer(response);
    const lookup = new RegistryClient(url, { timeoutMs: 100 }).signingKeyOf('buyer.example.in', 'k1', 'BAP', NOW);
    await expect(lookup).rejects.toThrow(RegistryUnavailableError);
    await expect(lookup).rejects.toThrow(message);
  });

  it('throws RegistryUnavailableError for a registry nobody listens at', async () => {
    const lookup = new RegistryClient('http://127.0.0.1:1').signingKeyOf('buyer.example.in', 'k1', 'BAP', NOW);
    await expect(lookup).rejects.toThrow(/unreachable/);
  });
});
