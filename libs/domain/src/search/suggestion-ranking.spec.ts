import { rankSuggestions, trigramSimilarity, trigrams, type RankableName } from './suggestion-ranking.js';

describe('trigrams and trigramSimilarity', () => {
  it("make pg_trgm's trigrams: each word lower-cased, two spaces before and one after, each trigram once", () => {
    // show_trgm('Organic Tomatoes-1kg A2 Ghee') on PostgreSQL 15.
    const shown = [
      '  1',
      '  a',
      '  g',
      '  o',
      '  t',
      ' 1k',
      ' a2',
      ' gh',
      ' or',
      ' to',
      '1kg',
      'a2 ',
      'ani',
      'ato',
      'ee ',
      'es ',
      'gan',
      'ghe',
      'hee',
      'ic ',
      'kg ',
      'mat',
      'nic',
      'oes',
      'oma',
      'org',
      'rga',
      'toe',
      'tom',
    ];
    expect([...trigrams('Organic Tomatoes-1kg A2 Ghee')].sort()).toEqual(shown.sort());
    expect(trigrams('tom tom TOM')).toEqual(new Set(['  t', ' to', 'tom', 'om ']));
  });

  it('is shared trigrams over all of both, as similarity() answers', () => {
    // similarity('Organic Tomatoes 1kg', 'tomato 17') on PostgreSQL 15: 0.29166666 (7 of 24).
    expect(trigramSimilarity('Organic Tomatoes 1kg', 'tomato 17')).toBeCloseTo(7 / 24, 6);
    expect(trigramSimilarity('Tamatar', 'tamatar')).toBe(1);
    expect(trigramSimilarity('Aloo', 'potato')).toBe(0);
    expect(trigramSimilarity('', 'potato')).toBe(0);
    expect(trigramSimilarity('!!', '??')).toBe(0);
  });
});

describe('rankSuggestions', () => {
  const name = (overrides: Partial<RankableName> & { name: string }): RankableName => ({
    productCount: 1,
    live: true,
    best: true,
    ...overrides,
  });

  it('puts live names first, then best matches, then the closest, the most used, and code point order', () => {
    const candidates = [
      name({ name: 'Tomato Ketchup Homemade', live: false }),
      name({ name: 'Tamatar', best: false }),
      name({ name: 'Hybrid Tomatoes' }),
      name({ name: 'Tomatoes' }),
      name({ name: 'Tomatoes 2kg', productCount: 2 }),
      name({ name: 'Tomatoes 1kg', productCount: 2 }),
      name({ name: 'Tomatoes 5kg', productCount: 9 }),
    ];
    expect(rankSuggestions(candidates, 'tomatoes', 10)).toEqual([
      'Tomatoes',
      // Equally close to 'tomatoes': the name more products use first, then by code point.
      'Tomatoes 5kg',
      'Tomatoes 1kg',
      'Tomatoes 2kg',
      'Hybrid Tomatoes',
      'Tamatar',
      'Tomato Ketchup Homemade',
    ]);
    expect(rankSuggestions(candidates, 'tomatoes', 2)).toEqual(['Tomatoes', 'Tomatoes 5kg']);
    expect(rankSuggestions([], 'tomatoes', 10)).toEqual([]);
  });

  it('gives the first names of a full sort by the same order, however many are asked for', () => {
    // A fixed pseudo-random spread of 300 candidates, with names that repeat and ties on every key.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    const words = ['Tomato', 'Tomatoes', 'Tamatar', 'Desi', 'Organic', 'Cherry', 'Aloo', '1kg', '5kg', 'Hybrid'];
    const candidates = Array.from({ length: 300 }, () =>
      name({
        name: Array.from({ length: 1 + next(3) }, () => words[next(words.length)]).join(' '),
        productCount: 1 + next(4),
        live: next(5) > 0,
        best: next(3) > 0,
      }),
    );
    const fullSort = (text: string) =>
      [...candidates]
        .sort(
          (x, y) =>
            Number(y.live) - Number(x.live) ||
            Number(y.best) - Number(x.best) ||
            trigramSimilarity(y.name, text) - trigramSimilarity(x.name, text) ||
            y.productCount - x.productCount ||
            (x.name < y.name ? -1 : x.name > y.name ? 1 : 0),
        )
        .map((candidate) => candidate.name);
    for (const text of ['tomato 17', 'desi tamatar', 'aloo']) {
      for (const limit of [0, 1, 10, 299, 300, 500]) {
        expect(rankSuggestions(candidates, text, limit)).toEqual(fullSort(text).slice(0, limit));
      }
    }
  });
});
