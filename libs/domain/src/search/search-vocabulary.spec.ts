import { SearchVocabulary } from './search-vocabulary.js';

// The rules of a term's meanings, on a small vocabulary; term-meanings.int.spec.ts (apps/api) holds them to the SQL.

const vocabulary = new SearchVocabulary(
  [
    { word: 'tomatoes', productCount: 9 },
    { word: 'tomato', productCount: 4 },
    { word: 'tomatillo', productCount: 1 },
    { word: 'tomb', productCount: 1 },
    { word: 'tommy', productCount: 1 },
    { word: 'tom', productCount: 1 },
    { word: 'potatoes', productCount: 3 },
    { word: 'okra', productCount: 2 },
  ],
  [
    { term: 'tomato', canonical: 'tomato' },
    { term: 'tamatar', canonical: 'tomato' },
    { term: 'potato', canonical: 'potato' },
    { term: 'aloo', canonical: 'potato' },
    { term: 'bhindi', canonical: 'okra' },
    { term: 'okra', canonical: 'okra' },
    { term: 'lady finger', canonical: 'okra' },
  ],
);
const words = (term: string) => vocabulary.meaningsOf(term).map((meaning) => meaning.word);

test('a prefix means the five most used words it begins, the word itself first, and their groups', () => {
  expect(words('tom')).toEqual(['tamatar', 'tom', 'tomatillo', 'tomato', 'tomatoes', 'tomb']);
  // 'tommy' is the sixth: one product like 'tomatillo' and 'tomb', which come before it by code point.
  expect(words('tom')).not.toContain('tommy');
  expect(vocabulary.meaningsOf('tom').every((meaning) => meaning.best)).toBe(true);
});

test('a Hindi name brings its English group and the plurals the catalog uses, and back', () => {
  expect(words('aloo')).toEqual(['aloo', 'potato', 'potatoes']);
  expect(words('potatoes')).toEqual(['aloo', 'potato', 'potatoes']);
  expect(words('bhindi')).toEqual(['bhindi', 'lady finger', 'okra']);
});

test('a term of three letters or more that is no word is corrected by trigram similarity, as not best', () => {
  expect(vocabulary.meaningsOf('tamtar')).toEqual([
    { word: 'tamatar', best: false },
    { word: 'tomato', best: false },
    { word: 'tomatoes', best: false },
  ]);
  expect(words('xyzzy')).toEqual([]);
  // Shorter terms are only prefixes: 'ok' begins okra, 'qz' means nothing.
  expect(words('ok')).toEqual(['bhindi', 'lady finger', 'okra']);
  expect(words('qz')).toEqual([]);
});

test('a synonyms name is begun from three letters, or matched whole', () => {
  expect(words('lad')).toEqual(['bhindi', 'lady finger', 'okra']);
  expect(words('la')).toEqual([]);
});
