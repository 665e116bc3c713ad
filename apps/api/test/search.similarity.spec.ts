import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { trigramSimilarity } from '@mandi/domain';

// The suggestions are ranked in the API (libs/domain rankSuggestions): its trigram similarity must be pg_trgm's, or
// the dropdown's order would differ from the by-name results' (ranked in SQL) for the same words.
describe("the API's trigram similarity", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const names = [
    'Organic Nashik Tamatar 1kg',
    'Desi Tamatar',
    'Hybrid Tomatoes',
    'Tomato Ketchup Homemade',
    'A2 Cow Ghee',
    'Farm-Fresh Bhindi (500g)',
    "Farmer's Pure Shahad",
    'Lady Finger / Okra',
    'Kesar Mango Grade 12',
    'Patta Gobhi',
    'देसी टमाटर',
    'Ratnagiri Alphonso AAM',
    'Aloo',
    'Ç',
    '   ',
    'x'.repeat(60),
    'Sona Masoori Chawal 25kg',
  ];
  const texts = [
    'tomato',
    'tamatar 1kg',
    'tom',
    'a',
    'bhindee',
    'lady finger',
    'desi ghee',
    'टमाटर',
    'kesar mango 12',
    'aam',
  ];

  it('is the similarity() of pg_trgm for every pair of names and typed texts', async () => {
    const pairs = names.flatMap((name) => texts.map((text) => ({ name, text })));
    const rows = await db.prisma.$queryRaw<{ name: string; text: string; similarity: number }[]>`
      SELECT p.name, p.text, similarity(p.name, p.text) AS similarity
        FROM unnest(${pairs.map((pair) => pair.name)}::text[], ${pairs.map((pair) => pair.text)}::text[]) AS p(name, text)`;
    expect(rows).toHaveLength(pairs.length);
    // PostgreSQL answers a float4.
    const ours = rows.map(({ name, text }) => ({ name, text, similarity: Math.fround(trigramSimilarity(name, text)) }));
    expect(ours).toEqual(
      rows.map(({ name, text, similarity }) => ({ name, text, similarity: Math.fround(similarity) })),
    );
  });
});
