import { createTestDatabase, newProduct, newUser, PrismaService, queryRows, type TestDatabase } from '@mandi/database';
import { SearchVocabulary, searchTerms, SYNONYM_GROUPS } from '@mandi/domain';
import { ProductSearchRepository } from './product-search.repository.js';
import { TERM_MEANING_ROW, termMeaningsSql } from './product-search.sql.js';
import { VOCABULARY_WORDS_MAX } from './term-meanings.js';

// The search bar works out what a term means in the API (SearchVocabulary over search_words and the synonyms list);
// the page of results works it out in SQL (termMeaningsSql). Both must give the same meanings for every term: its
// prefix words in the same order and number, its synonyms, its typo corrections by pg_trgm's similarity, the groups
// and plurals they bring. This holds them to each other over a catalog of real-looking names and many kinds of term.

const NAMES = [
  'Kotagiri Tamatar',
  'Desi Tamatar 1kg',
  'Kotagiri Tomatoes',
  'Hybrid Tomato',
  'Cherry Tomatoes 250g',
  'Kotagiri Mangoes',
  'Alphonso Aam',
  'Kotagiri Aloo',
  'Baby Potato',
  'Potatoes 5kg',
  'Kotagiri Bhindi',
  'Bhindi 1kg',
  'Fresh Okra',
  'Lady Finger',
  'Organic Toor Dal',
  'Moong Dal 500g',
  'Haldi Powder',
  'Turmeric Powder 100g',
  'Red Onion',
  'Pyaz Nashik',
  'टमाटर देसी',
  'Green Chilli',
  'Tomato Ketchup',
  'Tamarind',
  'Tomatillo',
  'Mango Pickle',
  'Mangosteen',
  'Brinjal',
  'Baingan Bharta Pack',
];

const TERMS = [
  ...['t', 'to', 'tom', 'toma', 'tomat', 'tomato', 'tomatoe', 'tomatoes', 'tamatar', 'tamtar', 'tomatos', 'tomtao'],
  ...['a', 'aa', 'aam', 'aloo', 'alu', 'aaloo', 'potato', 'potatoes', 'potatos', 'potat', 'pot', 'mang', 'mango'],
  ...['bhindi', 'bhndi', 'bindi', 'okra', 'lady finger', 'lady', 'finger', 'dal', 'daal', 'toor', 'moong', 'mung'],
  ...['haldi', 'turmeric', 'turmric', 'pyaz', 'pyaaz', 'onion', 'onoin', 'kanda', '1kg', '100g', '5kg', '17', '173'],
  ...['1733001234', 'टमाटर', 'टमा', 'देसी', 'xyz', 'qqq', 'zz', 'chilli', 'chili', 'mirch', 'brinjal', 'baingan'],
  ...['bharta', 'pack', 'ketchup', 'tamarind', 'imli', 'kotagiri', 'kotagri', 'desi', 'fresh', 'frsh', 'organic'],
];

let db: TestDatabase;
let prisma: PrismaService;
let vocabulary: SearchVocabulary;

beforeAll(async () => {
  db = await createTestDatabase();
  const seller = await newUser(db.prisma);
  for (const name of NAMES) await newProduct(db.prisma, { sellerId: seller.id, name });
  prisma = new PrismaService(db.url);
  await prisma.onModuleInit();
  const read = await new ProductSearchRepository(prisma).vocabulary(VOCABULARY_WORDS_MAX);
  vocabulary = new SearchVocabulary(read!.words, read!.synonyms);
});

afterAll(async () => {
  await prisma.onModuleDestroy();
  await db.drop();
});

/** A term's meanings as the SQL gives them, in the vocabulary's order (by code point). */
async function sqlMeanings(term: string) {
  const rows = await queryRows(prisma, TERM_MEANING_ROW, termMeaningsSql([term]));
  return rows
    .map(({ word, best }) => ({ word, best }))
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}

test('the catalog and the synonyms list are all in the vocabulary', () => {
  expect(vocabulary.size).toBeGreaterThan(SYNONYM_GROUPS.length);
});

test.each(TERMS.flatMap((text) => searchTerms(text)))('"%s" means the same in the API as in SQL', async (term) => {
  expect(vocabulary.meaningsOf(term)).toEqual(await sqlMeanings(term));
});

test('a typo is corrected, a prefix completed, a Hindi name brought by its English one', () => {
  const words = (term: string) => vocabulary.meaningsOf(term).map((meaning) => meaning.word);
  expect(words('tomatoe')).toEqual(expect.arrayContaining(['tomatoes']));
  expect(words('tamtar')).toEqual(expect.arrayContaining(['tamatar']));
  expect(words('potatoes')).toEqual(expect.arrayContaining(['aloo']));
  expect(vocabulary.meaningsOf('qqq')).toEqual([]);
});
