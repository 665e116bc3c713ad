import { fileURLToPath } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { ApiHarness, productionEnv, type TestUser } from '../harness.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Hole 5 of issue 13: a product named ``Tomato $` test`` made `GET /` answer six <title> elements, because the server
 * render inserted its parts with String.prototype.replace, which reads `$`` `$&` `$'` in the inserted text as
 * patterns. Names that try every special pattern, and every way out of an HTML text, attribute, comment or <script>,
 * must each appear once, escaped, in the built storefront's server-rendered home page, and the embedded listing must
 * read back to the same names.
 */
const HOSTILE_NAMES = [
  'Tomato $` test',
  'Onion $& test',
  "Garlic $' test",
  'Okra $$ $1 $<name> test',
  'Chilli </script><script>alert(1)</script>',
  'Brinjal <!-- open comment',
  'Mango \u2028 line \u2029 para',
  'Rice & "Dal" <b>bold</b> \'quote\'',
];

const STOREFRONT = fileURLToPath(new URL('../../../../storefront/', import.meta.url));

describe('the server-rendered home page with hostile product names (production mode)', () => {
  let api: ApiHarness;
  let seller: TestUser;
  let html: string;

  beforeAll(async () => {
    api = await ApiHarness.start(
      productionEnv({
        STOREFRONT_DIST: `${STOREFRONT}dist`,
        STOREFRONT_SSR: `${STOREFRONT}dist-server/entry-server.js`,
      }),
    );
    // Production mode verifies no emulator token, so the seller and products go straight into the database.
    seller = await api.newUser();
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      await api.db.prisma.product.create({
        data: {
          sellerId: seller.id,
          name,
          description: `Fresh, batch ${index}`,
          pricePaise: 4000 + index,
          validUntil: new Date(Date.now() + 86_400_000),
          sellerPhone: '9876543210',
          createdAt: new Date(Date.now() - index * 1000),
        },
      });
    }
    const response = await api.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    html = response.body;
  });
  afterAll(() => api.stop());

  it('has exactly one <title>, one <head>, one root element and one listing data block', () => {
    const document = parse(html);
    expect(elements(document, 'title')).toHaveLength(1);
    expect(elements(document, 'head')).toHaveLength(1);
    expect(elements(document, 'body')).toHaveLength(1);
    expect(elements(document).filter((element) => attribute(element, 'id') === 'root')).toHaveLength(1);
    expect(
      elements(document, 'script').filter((element) => attribute(element, 'type') === 'application/json'),
    ).toHaveLength(1);
    // No product text opened an element or a comment of its own.
    expect(elements(document, 'b')).toHaveLength(0);
    expect(comments(document).filter((text) => text.includes('open comment'))).toEqual([]);
    expect(
      elements(document, 'script').filter(
        (element) => textOf(element).includes('alert(1)') && attribute(element, 'type') !== 'application/json',
      ),
    ).toEqual([]);
  });

  it('shows each name exactly once in the page text, escaped in the HTML source', () => {
    const root = elements(parse(html)).find((element) => attribute(element, 'id') === 'root')!;
    const texts = textNodes(root);
    for (const name of HOSTILE_NAMES) {
      expect([name, texts.filter((text) => text.includes(name)).length]).toEqual([name, 1]);
    }
    // In the source, markup in a name arrives as entities, never as a tag.
    expect(html).toContain('Chilli &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Brinjal &lt;!-- open comment');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('embeds the listing as JSON that escapes <, >, &, U+2028 and U+2029 and reads back to the same names', () => {
    const block = elements(parse(html), 'script').find((element) => attribute(element, 'type') === 'application/json')!;
    const raw = textOf(block);
    expect(raw).not.toMatch(/[<>&\u2028\u2029]/);
    const names = (JSON.parse(raw) as { name: string }[]).map((product) => product.name);
    expect(names.sort()).toEqual([...HOSTILE_NAMES].sort());
  });
});

/** Every element under `node`, in document order, optionally only those named `tag`. */
function elements(node: Node, tag?: string): Element[] {
  const found: Element[] = [];
  const visit = (current: Node): void => {
    if ('tagName' in current && (tag === undefined || current.tagName === tag)) found.push(current);
    const children =
      'content' in current && current.content
        ? current.content.childNodes
        : 'childNodes' in current
          ? current.childNodes
          : [];
    for (const child of children) visit(child);
  };
  visit(node);
  return found;
}

/** The text of every text node under `node`. */
function textNodes(node: Node): string[] {
  const found: string[] = [];
  const visit = (current: Node): void => {
    if (current.nodeName === '#text') found.push((current as DefaultTreeAdapterMap['textNode']).value);
    if ('childNodes' in current) for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return found;
}

/** The text of every comment in the document. */
function comments(node: Node): string[] {
  const found: string[] = [];
  const visit = (current: Node): void => {
    if (current.nodeName === '#comment') found.push((current as DefaultTreeAdapterMap['commentNode']).data);
    if ('childNodes' in current) for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return found;
}

const textOf = (element: Element): string => textNodes(element).join('');
const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((attr) => attr.name === name)?.value;
